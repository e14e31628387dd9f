"""Read the top face of one die: find its pips and check that they form a 1..6 layout.

Input is the die top rectified to a small square (``CROP`` px, the die's edges on the crop's
edges). Pips are round blobs that differ from the die's own body colour, darker (black pips) or
lighter (white pips on red, blue or dark dice). The count alone is not trusted: the pip centres
must fit one of the six layouts on a 3x3 lattice, with pips of similar size, and the count must
not change when the blob threshold moves. That consistency is what lets the reader abstain.

May import numpy and OpenCV only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

CROP = 48  # side of the rectified die top, in pixels

# Pip layouts in lattice units (x, y), each a list of variants (the 90-degree turn of 2, 3, 6).
LAYOUTS: dict[int, list[np.ndarray]] = {
    1: [np.array([[0, 0]], float)],
    2: [np.array([[-1, -1], [1, 1]], float), np.array([[1, -1], [-1, 1]], float)],
    3: [np.array([[-1, -1], [0, 0], [1, 1]], float), np.array([[1, -1], [0, 0], [-1, 1]], float)],
    4: [np.array([[-1, -1], [1, -1], [-1, 1], [1, 1]], float)],
    5: [np.array([[-1, -1], [1, -1], [-1, 1], [1, 1], [0, 0]], float)],
    6: [np.array([[-1, -1], [-1, 0], [-1, 1], [1, -1], [1, 0], [1, 1]], float),
        np.array([[-1, -1], [0, -1], [1, -1], [-1, 1], [0, 1], [1, 1]], float)],
}

# Threshold fractions of the peak contrast at which pips are segmented; the count must agree.
LEVELS = (0.35, 0.5, 0.65)
MIN_CONTRAST = 18.0      # Lab distance below which a blob is not a pip
BORDER = 0.07            # fraction of the crop ignored at each edge (rounded, shaded edges)


@dataclass(frozen=True)
class Blob:
    """One pip candidate in crop pixels."""

    x: float
    y: float
    area: float
    roundness: float  # 4*pi*area / perimeter^2 -like measure from the fitted ellipse axes


@dataclass(frozen=True)
class PipReading:
    """What the pips of one die top say.

    Attributes:
        face: 1..6, or None when the pips do not form a consistent layout.
        confidence: 0..1 belief in ``face``.
        reason: why it abstained, empty otherwise.
        polarity: "dark" (pips darker than the body) or "light".
        blobs: the pips found at the middle threshold.
        contrast: peak Lab distance of the pips from the body.
    """

    face: int | None
    confidence: float
    reason: str = ""
    polarity: str = ""
    blobs: tuple[Blob, ...] = field(default=(), compare=False)
    contrast: float = 0.0
    fit_error: float = 1.0


def _inner_mask() -> np.ndarray:
    m = np.zeros((CROP, CROP), np.uint8)
    b = round(BORDER * CROP)
    m[b:CROP - b, b:CROP - b] = 1
    return m


_INNER = _inner_mask()


def body_lab(crop_lab: np.ndarray) -> np.ndarray:
    """Median Lab colour of the die body (pips cover far less than half of a die top)."""
    inner = crop_lab[_INNER.astype(bool)]
    return np.median(inner, axis=0).astype(np.float32)


def contrast_maps(crop_lab: np.ndarray, body: np.ndarray) -> dict[str, np.ndarray]:
    """Per-pixel contrast from the body colour, split by polarity (pips darker or lighter)."""
    lab = crop_lab.astype(np.float32)
    diff = lab - body
    dist = np.sqrt((diff * diff).sum(axis=2))
    dl = diff[:, :, 0]
    dist = cv2.GaussianBlur(dist, (3, 3), 0)
    dark = np.where(dl < 0, dist, 0.0).astype(np.float32)
    light = np.where(dl >= 0, dist, 0.0).astype(np.float32)
    return {"dark": dark * _INNER, "light": light * _INNER}


def find_blobs(contrast: np.ndarray, threshold: float) -> list[Blob]:
    """Round pip-sized blobs above ``threshold`` in a contrast map."""
    mask = (contrast > threshold).astype(np.uint8)
    n, _labels, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
    blobs = []
    min_area = math.pi * (0.045 * CROP) ** 2
    max_area = math.pi * (0.17 * CROP) ** 2
    for i in range(1, n):
        area = float(stats[i, cv2.CC_STAT_AREA])
        if not min_area <= area <= max_area:
            continue
        w, h = stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]
        roundness = min(w, h) / max(w, h) * min(1.0, area / (0.7 * w * h))
        blobs.append(Blob(float(cents[i][0]), float(cents[i][1]), area, float(roundness)))
    if len(blobs) > 1:
        # specks far smaller than the typical pip are dust or texture, not pips
        typical = float(np.median([b.area for b in blobs]))
        blobs = [b for b in blobs if b.area >= 0.35 * typical]
    return blobs


def fit_layout(points: np.ndarray) -> tuple[int | None, float]:
    """Fit pip centres (crop pixels) to the layout of their count.

    Returns:
        (face, error): error is the worst pip's distance from its lattice point in units of the
        lattice step (0 = perfect); face None when the count is not 1..6.
    """
    n = len(points)
    if n not in LAYOUTS:
        return None, 1.0
    half = CROP / 2.0
    uv = (points - half) / half
    if n == 1:
        return 1, float(np.hypot(*uv[0])) / 0.5
    centre = uv.mean(axis=0)
    rel = uv - centre
    best = math.inf
    for layout in LAYOUTS[n]:
        best = min(best, _layout_error(rel, layout))
    off_centre = float(np.hypot(*centre)) / 0.5
    return n, max(best, off_centre)


def _layout_error(rel: np.ndarray, layout: np.ndarray) -> float:
    """Worst residual after a similarity fit (rotation + scale) of ``layout`` to ``rel``."""
    scale = math.sqrt((rel ** 2).sum() / (layout ** 2).sum())
    if not 0.25 <= scale <= 0.8:
        return math.inf
    target = layout * scale
    # nearest assignment must be a bijection
    d = np.linalg.norm(rel[:, None, :] - target[None, :, :], axis=2)
    assign = d.argmin(axis=1)
    if len(set(assign.tolist())) != len(assign):
        return math.inf
    src, dst = rel, target[assign]
    # Kabsch with uniform scale
    h = src.T @ dst
    u, _, vt = np.linalg.svd(h)
    if np.linalg.det(u @ vt) < 0:
        u[:, -1] = -u[:, -1]
    r = u @ vt
    rotated = src @ r
    angle = math.degrees(math.atan2(r[0, 1], r[0, 0]))
    if abs(angle) > 20:
        return math.inf
    resid = np.linalg.norm(rotated - dst, axis=1).max() / scale
    return float(resid)


def _read_polarity(contrast: np.ndarray) -> tuple[int | None, float, list[Blob], float, str]:
    """Count and fit pips of one polarity at several thresholds."""
    peak = float(np.percentile(contrast[_INNER.astype(bool)], 99.5))
    if peak < MIN_CONTRAST:
        return None, 1.0, [], peak, "no pips"
    results = []
    for level in LEVELS:
        blobs = find_blobs(contrast, max(MIN_CONTRAST * 0.6, level * peak))
        pts = np.array([[b.x, b.y] for b in blobs], float).reshape(-1, 2)
        face, err = fit_layout(pts)
        results.append((face, err, blobs))
    faces = {r[0] for r in results}
    face, err, blobs = results[1]
    if len(faces) != 1 or face is None:
        return None, min(r[1] for r in results), blobs, peak, "unclear pips"
    return face, max(r[1] for r in results), blobs, peak, ""


def read_top(crop_bgr: np.ndarray) -> PipReading:
    """Read the face of a rectified die top (``CROP`` x ``CROP`` BGR).

    Args:
        crop_bgr: the die top, its edges on the crop's edges.

    Returns:
        A PipReading: the face and a confidence, or face None with the reason.
    """
    crop_lab = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2LAB)
    body = body_lab(crop_lab)
    maps = contrast_maps(crop_lab, body)
    readings = []
    for polarity, contrast in maps.items():
        face, err, blobs, peak, reason = _read_polarity(contrast)
        conf = _confidence(face, err, blobs, peak) if face is not None else 0.0
        readings.append(PipReading(face, conf, reason, polarity, tuple(blobs), peak, err))
    readings.sort(key=lambda r: (r.confidence, r.contrast), reverse=True)
    best = readings[0]
    if best.face is None:
        return best
    other = readings[1]
    if other.face is not None and other.face != best.face and other.confidence > 0.3:
        return PipReading(None, 0.0, "pips of both shades", best.polarity, best.blobs,
                          best.contrast, best.fit_error)
    return best


def _confidence(face: int | None, err: float, blobs: list[Blob], peak: float) -> float:
    """Belief in a layout from fit error, pip size spread, roundness and contrast."""
    if face is None or not blobs:
        return 0.0
    fit = max(0.0, 1.0 - max(0.0, err - 0.25) / 0.4)
    areas = np.array([b.area for b in blobs])
    spread = float(areas.std() / areas.mean()) if len(areas) > 1 else 0.0
    size = max(0.0, 1.0 - max(0.0, spread - 0.3) / 0.4)
    roundness = min(b.roundness for b in blobs)
    rnd = max(0.0, min(1.0, (roundness - 0.3) / 0.3))
    con = max(0.0, min(1.0, (peak - MIN_CONTRAST) / 20.0))
    return float(fit * size * rnd * (0.5 + 0.5 * con))
