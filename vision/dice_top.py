"""Shrink or grow a die candidate to its top face.

A region found by colour often includes the die's side faces (seen in perspective, or in shade)
or its shadow, and pips on a side face would then be counted. The candidate is warped with some
margin to an upright square; walking from the centre outwards, the top face ends at the first
row (or column) whose typical colour is no longer the colour of the face's centre.

May import numpy and OpenCV only.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.dice_candidates import Candidate

GROW = 1.3          # the candidate is examined within this multiple of its size
SIDE = 64           # px of the examined square
EDGE_DISTANCE = 16.0  # Lab distance from the top colour at which a row is off the top face


def rectify(image: np.ndarray, cand: Candidate, size: int, grow: float = 1.0) -> np.ndarray:
    """Warp a candidate's rotated rectangle (times ``grow``) to an upright square."""
    pts = cv2.boxPoints(((cand.cx, cand.cy), (cand.w * grow, cand.h * grow), cand.angle))
    dst = np.array([[0, size], [0, 0], [size, 0]], np.float32)
    m = cv2.getAffineTransform(pts[:3].astype(np.float32), dst)
    return cv2.warpAffine(image, m, (size, size), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)


def view_axes(cand: Candidate, size: int, grow: float = 1.0
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Where ``rectify``'s square lies in the image: the image point of its pixel (0, 0) and
    the image step of one of its pixels along its x axis (boxPoints p1->p2) and y axis
    (p1->p0)."""
    pts = cv2.boxPoints(((cand.cx, cand.cy), (cand.w * grow, cand.h * grow), cand.angle))
    return pts[1], (pts[2] - pts[1]) / size, (pts[0] - pts[1]) / size


def top_face(image: np.ndarray, cand: Candidate) -> Candidate:
    """The candidate's rectangle trimmed (or grown, up to ``GROW``) to the die's top face."""
    square = cv2.cvtColor(rectify(image, cand, SIDE, GROW), cv2.COLOR_BGR2LAB).astype(np.float32)
    c0, c1 = int(SIDE * 0.35), int(SIDE * 0.65)
    top = np.median(square[c0:c1, c0:c1].reshape(-1, 3), axis=0)
    dist = np.sqrt(((square - top) ** 2).sum(axis=2))
    core = slice(int(SIDE * 0.3), int(SIDE * 0.7))
    rows = np.percentile(dist[:, core], 30, axis=1)
    cols = np.percentile(dist[core, :], 30, axis=0)
    centre_spread = float(np.median(dist[c0:c1, c0:c1]))
    limit = max(EDGE_DISTANCE, 3.0 * centre_spread)
    lo_r, hi_r = _extent(rows, limit)
    lo_c, hi_c = _extent(cols, limit)
    inner = SIDE / GROW
    margin = (SIDE - inner) / 2.0
    bounds = [lo_c, hi_c, lo_r, hi_r]
    defaults = [margin, SIDE - margin, margin, SIDE - margin]
    # a side that runs to the edge of the examined square found no boundary: keep the original
    bounds = [d if b in (0, SIDE) else b for b, d in zip(bounds, defaults, strict=True)]
    return _back_to_image(cand, bounds)


def _extent(profile: np.ndarray, limit: float) -> tuple[int, int]:
    """First rows below and above the centre whose distance marks the end of the top face."""
    mid = len(profile) // 2
    off = profile > limit
    lo = next((i + 1 for i in range(mid, -1, -1) if off[i]), 0)
    hi = next((i for i in range(mid, len(profile)) if off[i]), len(profile))
    return lo, hi


def _back_to_image(cand: Candidate, bounds: list[float]) -> Candidate:
    """Map a box in the examined square's pixels back to a rotated rectangle in the image."""
    x0, x1, y0, y1 = bounds
    origin, ex, ey = view_axes(cand, SIDE, GROW)
    centre = origin + ex * (x0 + x1) / 2.0 + ey * (y0 + y1) / 2.0
    w = float(np.hypot(*ex)) * (x1 - x0)
    h = float(np.hypot(*ey)) * (y1 - y0)
    angle = float(np.degrees(np.arctan2(ex[1], ex[0])))
    return Candidate(float(centre[0]), float(centre[1]), w, h, angle, cand.fill,
                     cand.source + "+top")
