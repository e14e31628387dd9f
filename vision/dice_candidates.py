"""Find where dice may be in a photo: square, die-sized regions that stand out from the table.

Several masks are made from the difference between the image and a smooth estimate of the table
(brighter, darker, redder, greener, yellower, bluer), so that a red die touching a green one, or
a white die beside a shadow, separates in at least one of them. Each region is fitted with a
rotated rectangle (``cv2.minAreaRect``) and kept when it is square enough and of the right size.
A second, more sensitive look (``faint_regions``) adds faint cream dice and small dice beside a
tray's wall at places nothing else found; the finder reports those only when their face reads.
Regions no square fits may be heaps of touching dice: ``vision.dice_heaps`` splits them into
die squares at places nothing else found, reported the same way.
Reading the pips is not done here (see ``vision.dice_pips``).

May import numpy and OpenCV only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import cv2
import numpy as np

MAX_ASPECT = 1.4        # longer / shorter side of a region that may still be one die
MIN_FILL = 0.8          # region area / rectangle area (a disc fills 0.79)
MAX_ROUNDNESS = 0.84    # region area / enclosing circle area above which it is a disc
SEARCH_PX = 20          # the smallest die is searched for at about this many pixels
OCTAVE = 2.0            # dice this many times the smallest are searched again at half size
EDGE_LOW, EDGE_HIGH = 40, 100  # Canny thresholds for die outlines
SPLIT_ASPECT = (1.7, 2.3)  # a region this elongated may be two touching dice
MASK_LEVELS = (14.0, 28.0)  # Lab differences from the table that make a mask
CREAM_LEVEL = 8.0  # cream dice differ from a light grey table in little but yellowness
LOCAL_TABLE = 3.0  # the local table estimate is sized for dice this many times the smallest
FAINT_CREAM = 6.0  # mean Lab yellowness over the table of a faint cream die (seen: 7-10)
FAINT = "~faint"   # marks a region found only by the second, more sensitive look


@dataclass(frozen=True)
class Candidate:
    """A rotated rectangle that may be a die top (OpenCV ``RotatedRect`` fields)."""

    cx: float
    cy: float
    w: float
    h: float
    angle: float
    fill: float
    source: str

    @property
    def size(self) -> float:
        return (self.w + self.h) / 2.0

    @property
    def aspect(self) -> float:
        return max(self.w, self.h) / max(1e-6, min(self.w, self.h))


def estimate_table(lab: np.ndarray, max_size: float) -> np.ndarray:
    """A smooth estimate of the table colour under each pixel (dice removed by a median).

    The median window is several die sizes wide, so a die never covers half of it.
    """
    h, w = lab.shape[:2]
    factor = min(1.0, 6.0 / max(max_size, 1.0))
    small = cv2.resize(lab, (max(8, int(w * factor)), max(8, int(h * factor))),
                       interpolation=cv2.INTER_AREA)
    k = 15
    blurred = cv2.medianBlur(small, k)
    return cv2.resize(blurred, (w, h), interpolation=cv2.INTER_LINEAR)


def difference_masks(lab: np.ndarray, table: np.ndarray) -> dict[str, np.ndarray]:
    """Binary masks of pixels that differ from the table in one direction of Lab."""
    diff = lab.astype(np.int16) - table.astype(np.int16)
    channels = {"bright": diff[:, :, 0], "dark": -diff[:, :, 0], "red": diff[:, :, 1],
                "green": -diff[:, :, 1], "yellow": diff[:, :, 2], "blue": -diff[:, :, 2]}
    masks = {}
    for name, ch in channels.items():
        for level in MASK_LEVELS + (CREAM_LEVEL,) * (name == "yellow"):
            masks[f"{name}{int(level)}"] = (ch > level).astype(np.uint8) * 255
    return masks


def regions(mask: np.ndarray, min_size: float, max_size: float, source: str) -> list[Candidate]:
    """Square, die-sized regions of one mask."""
    return regions_and_heaps(mask, min_size, max_size, source)[0]


def regions_and_heaps(mask: np.ndarray, min_size: float, max_size: float, source: str
                      ) -> tuple[list[Candidate], list[np.ndarray]]:
    """Square, die-sized regions of one mask, and the outlines of its regions that are
    neither one die nor two side by side by their shape (touching dice may have merged
    there: ``vision.dice_heaps``)."""
    k = max(3, int(min_size / 8) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out: list[Candidate] = []
    heaps: list[np.ndarray] = []
    min_area = (0.6 * min_size) ** 2
    max_area = (1.5 * max_size) ** 2
    for c in contours:
        area = cv2.contourArea(c)
        if area < min_area:
            continue
        cand = _fit(c, area, source)
        if cand is None or cand.fill < MIN_FILL or cand.aspect > SPLIT_ASPECT[1]:
            heaps.append(c)
        if area > max_area or cand is None or cand.fill < MIN_FILL or _round(c, area):
            continue
        if cand.aspect <= MAX_ASPECT and min_size <= cand.size <= max_size:
            out.append(cand)
        elif SPLIT_ASPECT[0] <= cand.aspect <= SPLIT_ASPECT[1]:
            out.extend(s for s in split_pair(cand) if min_size <= s.size <= max_size)
    return out, heaps


def split_pair(c: Candidate) -> list[Candidate]:
    """Two touching dice side by side: one square at each end of the long rectangle."""
    side = min(c.w, c.h)
    shift = (max(c.w, c.h) - side) / 2.0
    a = np.radians(c.angle if c.w >= c.h else c.angle + 90.0)
    dx, dy = shift * np.cos(a), shift * np.sin(a)
    return [Candidate(c.cx + sx * dx, c.cy + sx * dy, side, side, c.angle, c.fill,
                      c.source + "+split") for sx in (-1.0, 1.0)]


def _round(contour: np.ndarray, area: float) -> bool:
    """A disc (a hole, a coin, a counter) fills its enclosing circle; a square fills 64 %."""
    _, radius = cv2.minEnclosingCircle(contour)
    return area / (np.pi * radius * radius + 1e-6) > MAX_ROUNDNESS


def _fit(contour: np.ndarray, area: float, source: str) -> Candidate | None:
    hull = cv2.convexHull(contour)
    (cx, cy), (w, h), angle = cv2.minAreaRect(hull)
    if w < 2 or h < 2:
        return None
    return Candidate(cx, cy, w, h, angle, cv2.contourArea(hull) / (w * h), source)


def find_candidates(image_bgr: np.ndarray, min_size: float, max_size: float) -> list[Candidate]:
    """All die-like regions of a photo, possibly several per die (from different masks).

    Args:
        image_bgr: the photo.
        min_size, max_size: die edge range in pixels.

    Returns:
        Candidates, unsorted; the caller reads them and keeps the best per place.
    """
    scale = min(1.0, SEARCH_PX / max(min_size, 1.0))  # search big dice on a smaller image
    if scale < 1.0:
        image_bgr = cv2.resize(image_bgr, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        min_size, max_size = min_size * scale, max_size * scale
    lab = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB)
    table = estimate_table(lab, max_size)
    out: list[Candidate] = []
    heaps: list[tuple[np.ndarray, str]] = []
    masks = difference_masks(lab, table)
    masks["edges"] = outline_mask(lab[:, :, 0], min_size)
    for name, mask in masks.items():
        found, outlines = regions_and_heaps(mask, min_size, max_size, name)
        out.extend(found)
        heaps.extend((c, name) for c in outlines)
    # these build on Candidate, defined here
    from vision.dice_heaps import heap_parts
    from vision.dice_pipgroups import pip_groups
    out.extend(pip_groups(lab[:, :, 0], min_size, max_size))
    out.extend(faint_regions(lab, table, min_size, max_size, out))
    out.extend(heap_parts(heaps, out, lab.shape[:2]))
    if scale < 1.0:
        out = [Candidate(c.cx / scale, c.cy / scale, c.w / scale, c.h / scale, c.angle, c.fill,
                         c.source) for c in out]
    return out


def larger_candidates(image_bgr: np.ndarray, min_size: float, max_size: float
                      ) -> list[Candidate]:
    """The candidates of dice ``OCTAVE`` times ``min_size`` and larger, found on an image of
    half the size; none when the range is too narrow for it (under twice that).

    The masks' clean-up, the outline detector and the pip spots work at pixel scale, best for
    dice near ``SEARCH_PX``: a die several times larger has softer edges per pixel and pips
    as big as a small die. On the half-size image a large die looks as a small one does on
    the whole, so a finder asked for a wide range of sizes looks there too (a pyramid).
    """
    if max_size < 2 * OCTAVE * min_size:
        return []
    half = cv2.resize(image_bgr, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    sx, sy = image_bgr.shape[1] / half.shape[1], image_bgr.shape[0] / half.shape[0]
    # half-size pixel centres: x -> sx * (x + 0.5) - 0.5 on the whole image
    return [Candidate(sx * (c.cx + 0.5) - 0.5, sy * (c.cy + 0.5) - 0.5, c.w * sx, c.h * sy,
                      c.angle, c.fill, c.source)
            for c in find_candidates(half, OCTAVE * min_size / 2.0, max_size / 2.0)]


def faint_regions(lab: np.ndarray, table: np.ndarray, min_size: float, max_size: float,
                  found: list[Candidate]) -> list[Candidate]:
    """A second, more sensitive look, at places nothing else found.

    - Cream dice by their yellowness averaged over a pip-sized box: a cream die on light grey
      is as bright as the table and yellower by only 7-10 (Lab b), so pixel noise breaks its
      region in the per-pixel masks.
    - Small dice against a table estimated closer around them: the wide median of
      ``estimate_table`` (sized for the largest dice) mixes in what lies beyond a tray's wall,
      so a white die on a grey tray next to white paper is not brighter than that estimate.

    Its regions are marked ``FAINT``: the finder reports them only when their face reads.
    """
    box = max(3, int(min_size / 3) | 1)
    yellow = cv2.blur(lab[:, :, 2].astype(np.float32) - table[:, :, 2], (box, box))
    looks = [("cream", (yellow > FAINT_CREAM).astype(np.uint8) * 255, max_size)]
    local_max = LOCAL_TABLE * min_size
    if local_max < max_size:
        local = difference_masks(lab, estimate_table(lab, local_max))
        looks += [(name + "-local", mask, local_max) for name, mask in local.items()]
    out = []
    for name, mask, largest in looks:
        for c in regions(mask, min_size, largest, name + FAINT):
            if apart(c, found):
                out.append(c)
    return out


def apart(c: Candidate, others: Iterable[Candidate]) -> bool:
    """Whether a candidate lies at a place none of ``others`` does: farther from each than
    half the larger of the two (the second look's regions, a heap's parts)."""
    return all(np.hypot(c.cx - o.cx, c.cy - o.cy) > 0.5 * max(c.size, o.size) for o in others)


def is_faint(c: Candidate) -> bool:
    """Whether a region was found only by the second look (``faint_regions``)."""
    return FAINT in c.source


def outline_mask(grey: np.ndarray, min_size: float) -> np.ndarray:
    """Regions enclosed by strong edges: a die whose body has no colour contrast with the
    table (white on white paper, one shaded half) still has an outline."""
    edges = cv2.Canny(cv2.GaussianBlur(grey, (3, 3), 0), EDGE_LOW, EDGE_HIGH)
    edges = cv2.dilate(edges, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
    contours, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(grey)
    cv2.drawContours(filled, contours, -1, 255, thickness=cv2.FILLED)
    # shave off the dilation so the region hugs the outline
    return cv2.erode(filled, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
