"""The marker ring on the cube reader's view: a blue annulus (``CUBES.ring_bgr``) lying on the
four corners of the top of the cube moved last, never hiding its middle.

``find_rings`` groups the pixels of the ring's hue relative to the paper's colour; a group of
the ring's area is a ring, its centre the ringed top's and its outer rim's radius its height
(the ring is larger the nearer it is to the camera: ``vision.board.pose``). ``ring_fit``
places the ringed cube: a stack where that height is nearer two edges than one.

May import ``vision.board.config``, ``.geometry``, ``.pose``, ``.cube_view``, numpy and
OpenCV.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.board.config import CUBES
from vision.board.cube_view import BGR, CubeFit, CubeView, board_paper, pixel_box, turn
from vision.board.geometry import BoardGeometry
from vision.board.pose import CameraPose


def _ring_chroma(pixels: np.ndarray, paper: BGR) -> np.ndarray:
    """Each pixel's chroma along the ring's hue relative to the paper's colour, 0 where its
    hue is not the ring's (within ``ring_hue_tolerance``)."""
    n = pixels.reshape(-1, 3).astype(np.float32) / np.maximum(np.array(paper, np.float32), 1.0)
    o1, o2 = _opponent(n)
    r1, r2 = _opponent(np.array([CUBES.ring_bgr], np.float32))
    hue = math.atan2(float(r2[0]), float(r1[0]))
    along = o1 * math.cos(hue) + o2 * math.sin(hue)
    across = np.abs(o2 * math.cos(hue) - o1 * math.sin(hue))
    tolerance = math.tan(math.radians(CUBES.ring_hue_tolerance))
    return np.where(across <= along * tolerance, np.maximum(along, 0.0), 0.0)


def _ring_pixels(pixels: np.ndarray, paper: BGR) -> np.ndarray:
    """Pixels whose colour, relative to the paper's, is the ring's."""
    return _ring_chroma(pixels, paper) >= CUBES.ring_min_chroma


def _opponent(n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    b, g, r = n[:, 0], n[:, 1], n[:, 2]
    return (r - g) / math.sqrt(2.0), (r + g - 2.0 * b) / math.sqrt(6.0)


def find_rings(views: CubeView, geometry: BoardGeometry,
           pose: CameraPose) -> list[tuple[float, float, float]]:
    """(x, y, mean radius) in mm of each ring in view."""
    half = cv2.resize(views.image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    paper = board_paper(views.image, geometry, round(views.offset))
    mask = _ring_pixels(half, paper).reshape(half.shape[:2])
    count, _, stats, centroids = cv2.connectedComponentsWithStats(
        mask.astype(np.uint8), connectivity=8)
    s = views.s / 2
    scale = pose.scale(geometry.die_mm + CUBES.ring_thick_mm)
    inner, outer = (r * scale for r in CUBES.ring_radii_mm)
    area = math.pi * (outer ** 2 - inner ** 2) * s * s
    rings = []
    for i in range(1, count):
        if not CUBES.ring_area[0] * area <= stats[i, cv2.CC_STAT_AREA] <= CUBES.ring_area[1] * area:
            continue
        centre = (np.array(centroids[i]) * 2 - views.offset) / views.s
        found = _ring_radius(views, (float(centre[0]), float(centre[1])), outer, paper)
        if found is not None and outer * 0.9 <= found[2] <= outer * 1.2:
            rings.append(found)
    return rings


def _ring_radius(views: CubeView, centre_mm: tuple[float, float], outer_mm: float,
                 paper: BGR) -> tuple[float, float, float] | None:
    """(x, y, outer radius) in mm of a ring found near ``centre_mm``, at full scale: its
    centre is that of its pixels weighted by their chroma along the ring's hue (twice, the
    second time about the first's centre); its outer radius is a low percentile
    (``ring_rim_percentile``) over ``ring_sectors`` sectors of where the brightness rises
    steepest beyond the chroma's peak (its outer rim lies on the paper whatever the colour of
    the top inside it, the steepest rise stays on the rim however blurred, brightness is kept
    sharper than colour by cameras and JPEG; a shadow, or a dark side face showing beyond the
    ring, only ever pushes some sectors' rise outwards)."""
    x, y = centre_mm
    for _ in range(2):
        c = views.px(np.array([x, y]))
        box = pixel_box(views, np.array([c]), outer_mm * CUBES.ring_reach * views.s)
        if box is None:
            return None
        x0, y0, x1, y1 = box
        weight = _ring_chroma(views.image[y0:y1, x0:x1], paper).reshape(y1 - y0, x1 - x0)
        yy, xx = np.mgrid[y0:y1, x0:x1]
        total = float(weight.sum())
        if total <= 0:
            return None
        px, py = float((weight * xx).sum()) / total, float((weight * yy).sum()) / total
        x, y = (float(v) for v in views.mm(np.array([px, py])))
    dx, dy = (xx - px).ravel(), (yy - py).ravel()
    distance = np.hypot(dx, dy) / views.s
    step = CUBES.ring_profile_mm
    last = int(outer_mm * CUBES.ring_reach / step)
    bins = np.minimum((distance / step).astype(int), last)
    sector = ((np.arctan2(dy, dx) + math.pi) / (2 * math.pi) * CUBES.ring_sectors).astype(int)
    sector = np.minimum(sector, CUBES.ring_sectors - 1)
    chroma, level = weight.ravel(), views.level[y0:y1, x0:x1].ravel()
    radii = [r for k in range(CUBES.ring_sectors)
             if (r := _rim(bins[sector == k], chroma[sector == k], level[sector == k], last,
                           step)) is not None]
    if len(radii) < CUBES.ring_sectors // 2:
        return None
    return (x, y, float(np.percentile(radii, CUBES.ring_rim_percentile)))


def _rim(bins: np.ndarray, chroma: np.ndarray, level: np.ndarray, last: int,
         step: float) -> float | None:
    """The radius (mm) where, in one sector, the brightness rises steepest beyond the ring's
    chroma peak: the ring's outer rim on the paper."""
    counts = np.bincount(bins, minlength=last + 1)
    if np.count_nonzero(counts) < last * 0.8:
        return None
    counts = np.maximum(counts, 1)
    profile = np.bincount(bins, weights=chroma, minlength=last + 1) / counts
    rise = np.diff(np.bincount(bins, weights=level, minlength=last + 1) / counts)
    peak = int(profile.argmax())
    i = peak + int(rise[peak:].argmax())  # rise[i]: from bin i to i + 1, at radius i + 1
    if not 0 < i < len(rise) - 1 or rise[i] <= 0:
        return None
    a, b, c = rise[i - 1], rise[i], rise[i + 1]  # the steepest rise, to a parabola's vertex
    vertex = 0.5 * (a - c) / (a - 2 * b + c) if a - 2 * b + c < 0 else 0.0
    return float((i + 1 + vertex) * step)


def ring_fit(views: CubeView, geometry: BoardGeometry, pose: CameraPose,
              ring: tuple[float, float, float]) -> CubeFit:
    """A ringed cube: its top centred in the ring, its height from the ring's size."""
    x, y, radius = ring
    lifted = pose.height_mm * (1.0 - CUBES.ring_radii_mm[1] / radius)  # the ring's height
    edge = geometry.die_mm
    top = lifted - CUBES.ring_thick_mm
    stacked = abs(top - 2 * edge) < abs(top - edge)
    height = 2 * edge if stacked else edge
    fx, fy = pose.grounded(x, y, height)
    side = edge * pose.scale(height)
    angle = turn(views, float(views.px(np.array([x]))[0]), float(views.px(np.array([y]))[0]),
                  side * views.s * CUBES.ring_turn_share)
    return CubeFit(fx, fy, angle, height, 1.0, 1.0, stacked, True)
