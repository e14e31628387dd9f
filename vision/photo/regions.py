"""Find where dice may be in a photo: square, die-sized regions that stand out from the table.

Several masks are made from the difference between the image and a smooth estimate of the table
(brighter, darker, redder, greener, yellower, bluer), so that a red die touching a green one, or
a white die beside a shadow, separates in at least one of them. Each region is fitted with a
rotated rectangle (``cv2.minAreaRect``) and kept when it is square enough and of the right size.
A second, more sensitive look (``faint_regions``) adds faint cream dice and small dice beside a
tray's wall at places nothing else found; the finder reports those only when their face reads.
Regions no square fits may be heaps of touching dice: ``vision.photo.heaps`` splits them into
die squares at places nothing else found, reported the same way.
Reading the pips is not done here (see ``vision.top.pips``).

May import numpy, OpenCV, ``vision.top.types``, ``vision.top.arrays``,
``vision.photo.sources`` and ``vision.photo.config``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import cv2
import numpy as np

from vision.photo.config import PHOTO
from vision.photo.sources import FAINT
from vision.top.arrays import above
from vision.top.types import Candidate


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


def each_difference_mask(lab: np.ndarray, table: np.ndarray) -> Iterator[tuple[str, np.ndarray]]:
    """Binary masks of pixels that differ from the table in one direction of Lab, with their
    names, each made when asked for: a caller that looks at one at a time holds one
    image-sized mask, not all of them."""
    for (up, down), image, ground in zip(_DIRECTIONS, cv2.split(lab), cv2.split(table),
                                         strict=True):
        # a saturated difference is 0 where it runs the other way, and levels are positive:
        # the same pixels as the signed difference above each level
        for name, diff in ((up, cv2.subtract(image, ground)), (down, cv2.subtract(ground, image))):
            for level in PHOTO.mask_levels + (PHOTO.cream_level,) * (name == "yellow"):
                yield f"{name}{int(level)}", above(diff, level)


_DIRECTIONS = (("bright", "dark"), ("red", "green"), ("yellow", "blue"))  # Lab's L, a, b


def regions(mask: np.ndarray, min_size: float, max_size: float, source: str) -> list[Candidate]:
    """Square, die-sized regions of one mask."""
    return regions_and_heaps(mask, min_size, max_size, source)[0]


def regions_and_heaps(mask: np.ndarray, min_size: float, max_size: float, source: str
                      ) -> tuple[list[Candidate], list[np.ndarray]]:
    """Square, die-sized regions of one mask, and the outlines of its regions that are
    neither one die nor two side by side by their shape (touching dice may have merged
    there: ``vision.photo.heaps``)."""
    contours = cleaned_outlines(mask, max(3, int(min_size / 8) | 1))
    out: list[Candidate] = []
    heaps: list[np.ndarray] = []
    min_area = (0.6 * min_size) ** 2
    max_area = (1.5 * max_size) ** 2
    # read once: a mask may hold thousands of contours
    min_fill, max_aspect, split_aspect = PHOTO.min_fill, PHOTO.max_aspect, PHOTO.split_aspect
    for c in contours:
        area = cv2.contourArea(c)
        if area < min_area:
            continue
        cand = _fit(c, area, source)
        if cand is None or cand.fill < min_fill or cand.aspect > split_aspect[1]:
            heaps.append(c)
        if area > max_area or cand is None or cand.fill < min_fill or _round(c, area):
            continue
        if cand.aspect <= max_aspect and min_size <= cand.size <= max_size:
            out.append(cand)
        elif split_aspect[0] <= cand.aspect <= split_aspect[1]:
            out.extend(s for s in split_pair(cand) if min_size <= s.size <= max_size)
    return out, heaps


def cleaned_outlines(mask: np.ndarray, k: int) -> Sequence[np.ndarray]:
    """The outer outlines of a mask's regions after an opening and then a closing by a
    ``k`` x ``k`` ellipse, in image pixels.

    Both are worked out only in the box around the mask's true pixels, ``k`` pixels wider on
    each side (cut at the image's border), with the same result: an opening leaves nothing
    outside the true pixels, and a closing reaches ``k // 2`` beyond what the opening left,
    its erosion as far again, so no pixel past that box changes or is looked at. The masks
    hold true pixels in a few places, so this is the morphology and outline search of a part
    of the image."""
    x, y, w, h = cv2.boundingRect(mask)
    if w == 0 or h == 0:
        return []
    rows, cols = mask.shape[:2]
    x0, y0 = max(0, x - k), max(0, y - k)
    box = mask[y0:min(rows, y + h + k), x0:min(cols, x + w + k)]
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    box = cv2.morphologyEx(box, cv2.MORPH_OPEN, kernel)
    box = cv2.morphologyEx(box, cv2.MORPH_CLOSE, kernel)
    contours, _ = cv2.findContours(box, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE,
                                   offset=(x0, y0))
    return contours


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
    return area / (np.pi * radius * radius + 1e-6) > PHOTO.max_roundness


def _fit(contour: np.ndarray, area: float, source: str) -> Candidate | None:
    hull = cv2.convexHull(contour)
    (cx, cy), (w, h), angle = cv2.minAreaRect(hull)
    if w < 2 or h < 2:
        return None
    return Candidate(cx, cy, w, h, angle, cv2.contourArea(hull) / (w * h), source)


def faint_regions(lab: np.ndarray, table: np.ndarray, min_size: float, max_size: float,
                  found: list[Candidate]) -> list[Candidate]:
    """A second, more sensitive look, at places nothing else found.

    - Cream dice by their yellowness averaged over a pip-sized box: a cream die on light grey
      is as bright as the table and yellower by only 7-10 (Lab b), so pixel noise breaks its
      region in the per-pixel masks.
    - Outlines of fainter edges (``PHOTO.faint_edges``) of small dice (as the local table's):
      a small white die on white paper with no shadow shows little more than the grey line of
      its rounded edge.
    - Small dice against a table estimated closer around them: the wide median of
      ``estimate_table`` (sized for the largest dice) mixes in what lies beyond a tray's wall,
      so a white die on a grey tray next to white paper is not brighter than that estimate.

    Its regions are marked ``FAINT``: the finder reports them only when their face reads.
    """
    places = _places(found)  # hundreds, asked of each region: their numbers gathered once
    out = []
    for name, mask, largest in _faint_looks(lab, table, min_size, max_size):
        for c in regions(mask, min_size, largest, name + FAINT):
            if _apart(c, places):
                out.append(c)
    return out


def _faint_looks(lab: np.ndarray, table: np.ndarray, min_size: float, max_size: float
                 ) -> Iterator[tuple[str, np.ndarray, float]]:
    """``faint_regions``' masks (name, mask, the largest die searched in it), each made when
    asked for (one image-sized mask held at a time)."""
    box = max(3, int(min_size / 3) | 1)
    yellow = cv2.blur(lab[:, :, 2].astype(np.float32) - table[:, :, 2], (box, box))
    yield "cream", (yellow > PHOTO.faint_cream).astype(np.uint8) * 255, max_size
    local_max = PHOTO.local_table * min_size
    if local_max < max_size:
        local = each_difference_mask(lab, estimate_table(lab, local_max))
        yield from ((name + "-local", mask, local_max) for name, mask in local)
        yield "outline", outline_mask(lab[:, :, 0], min_size, PHOTO.faint_edges), local_max


def apart(c: Candidate, others: Iterable[Candidate]) -> bool:
    """Whether a candidate lies at a place none of ``others`` does: farther from each than
    half the larger of the two (the second look's regions, a heap's parts)."""
    return _apart(c, _places(others))


def _places(cands: Iterable[Candidate]) -> np.ndarray:
    """The candidates' centres and sizes as a (3, n) array (x, y, size)."""
    return np.array([(c.cx, c.cy, c.size) for c in cands], float).reshape(-1, 3).T


def _apart(c: Candidate, places: np.ndarray) -> bool:
    """``apart`` from the places ``_places`` gathered."""
    xs, ys, sizes = places
    return bool(np.all(np.hypot(c.cx - xs, c.cy - ys) > 0.5 * np.maximum(c.size, sizes)))


def outline_mask(grey: np.ndarray, min_size: float,
                 thresholds: tuple[int, int] | None = None) -> np.ndarray:
    """Regions enclosed by strong edges (Canny ``thresholds``, by default ``PHOTO.edge_low`` and
    ``PHOTO.edge_high``): a die whose body has no colour contrast with the table (white on
    white paper, one shaded half) still has an outline."""
    low, high = thresholds or (PHOTO.edge_low, PHOTO.edge_high)
    edges = cv2.Canny(cv2.GaussianBlur(grey, (3, 3), 0), low, high)
    edges = cv2.dilate(edges, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
    contours, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(grey)
    cv2.drawContours(filled, contours, -1, (255,), thickness=cv2.FILLED)
    # shave off the dilation so the region hugs the outline
    return cv2.erode(filled, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
