"""Shrink or grow a die candidate to its top face.

A region found by colour often includes the die's side faces (seen in perspective, or in shade)
or its shadow, and pips on a side face would then be counted. The candidate is warped with some
margin to an upright square; walking from the centre outwards, the top face ends at the first
row (or column) whose typical colour is no longer the colour of the face's centre.
``die_axes`` gives the direction of a die's edges from the image itself.

May import numpy, OpenCV, ``vision.top.types``, ``.config``, ``.arrays`` and ``.pips``.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.top.arrays import median_along, percentile_along
from vision.top.config import READER
from vision.top.pips import gradient_votes, standing_out
from vision.top.types import Candidate


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


def die_axes(image: np.ndarray, cx: float, cy: float, size: float) -> float | None:
    """Direction (degrees, mod 90) of the edges of a die of edge ``size`` px around ``(cx, cy)``,
    or None when the edges there run along no clear pair of perpendicular directions.

    A die's outline and the lines between its faces run along its two axes, so the direction that
    stands out among the gradients modulo a quarter turn (``standing_out``) is theirs. The share
    that agrees with it says how clearly, and the share that agrees modulo a half turn how much of
    that is one direction alone (a tray's edge, a shadow's): the direction is given when the first
    is at least ``READER.edge_clarity`` and the second at most ``READER.one_way`` of it (a straight
    edge alone gives both 1, a die's square outline 1 and 0, an outline twice as long as it is wide
    1 and 1/3).

    The gradients vote with their squared strength, on the square ``READER.edge_window`` times the
    die around it, axis-aligned in the image (no warp), after the die's pips, which would vote every
    way and outweigh its edges, are erased (``READER.pip_eraser``). Each Lab channel votes: a red
    die on a grey tray is hardly darker than the tray, and its outline shows in hue, while a tray's
    wall, grey on grey, shows in lightness alone. """
    k = max(3, int(READER.pip_eraser * size) | 1)
    r = int(READER.edge_window * size / 2.0) + 2
    # the pips are erased on a square wider by the disc: next to its border, closing and
    # opening would join whatever lies within a disc of the border to it
    ix, iy = int(cx), int(cy)
    x0, y0 = max(0, ix - r - k), max(0, iy - r - k)
    patch = image[y0:iy + r + k + 1, x0:ix + r + k + 1]
    left, top = ix - r - x0, iy - r - y0
    rows, cols = slice(max(0, top), top + 2 * r + 1), slice(max(0, left), left + 2 * r + 1)
    if min(patch[rows, cols].shape[:2]) < 3:  # the window, a part of the patch, too small
        return None
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    votes = [gradient_votes(_erased(channel, disc)[rows, cols])
             for channel in cv2.split(cv2.cvtColor(patch, cv2.COLOR_BGR2LAB))]
    strength = np.concatenate([s.ravel() for s, _ in votes])
    angle = np.concatenate([a.ravel() for _, a in votes])
    energy = strength * strength  # the outline against the table outweighs faint texture
    axes, clarity = standing_out(energy, angle, turns=4)
    _, one_way = standing_out(energy, angle, turns=2)
    if clarity < READER.edge_clarity or one_way > READER.one_way * clarity:
        return None
    return axes


def turn_apart(a: float, b: float) -> float:
    """Degrees between two turns of a square (0..45): a square looks the same every quarter
    turn."""
    apart = abs(a - b) % 90.0
    return min(apart, 90.0 - apart)


def _erased(channel: np.ndarray, disc: np.ndarray) -> np.ndarray:
    """One channel with its dark and its light spots narrower than ``disc`` closed and opened
    away (a die's pips of either shade), as float32."""
    closed = cv2.morphologyEx(channel, cv2.MORPH_CLOSE, disc)
    return cv2.morphologyEx(closed, cv2.MORPH_OPEN, disc).astype(np.float32)


def top_face(image: np.ndarray, cand: Candidate) -> Candidate:
    """The candidate's rectangle trimmed (or grown, up to ``READER.top_grow``) to the die's top
    face."""
    side, grow = READER.top_side, READER.top_grow
    square = cv2.cvtColor(rectify(image, cand, side, grow),
                          cv2.COLOR_BGR2LAB).astype(np.float32)
    c0, c1 = int(side * 0.35), int(side * 0.65)
    top = median_along(square[c0:c1, c0:c1].reshape(-1, 3), axis=0)
    dist = np.sqrt(((square - top) ** 2).sum(axis=2))
    core = slice(int(side * 0.3), int(side * 0.7))
    rows = percentile_along(dist[:, core], 30, axis=1)
    cols = percentile_along(dist[core, :], 30, axis=0)
    centre_spread = float(median_along(dist[c0:c1, c0:c1]))
    limit = max(READER.top_edge_distance, 3.0 * centre_spread)
    lo_r, hi_r = _extent(rows, limit)
    lo_c, hi_c = _extent(cols, limit)
    inner = side / grow
    margin = (side - inner) / 2.0
    bounds: list[float] = [lo_c, hi_c, lo_r, hi_r]
    defaults = [margin, side - margin, margin, side - margin]
    # a side that runs to the edge of the examined square found no boundary: keep the original
    bounds = [d if b in (0, side) else b for b, d in zip(bounds, defaults, strict=True)]
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
    origin, ex, ey = view_axes(cand, READER.top_side, READER.top_grow)
    centre = origin + ex * (x0 + x1) / 2.0 + ey * (y0 + y1) / 2.0
    w = float(np.hypot(*ex)) * (x1 - x0)
    h = float(np.hypot(*ey)) * (y1 - y0)
    angle = float(np.degrees(np.arctan2(ex[1], ex[0])))
    return Candidate(float(centre[0]), float(centre[1]), w, h, angle, cand.fill,
                     cand.source + "+top")
