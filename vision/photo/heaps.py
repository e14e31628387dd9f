"""Find the dice of a heap: touching dice that merged into one region of a colour mask.

``vision.photo.regions`` keeps a mask's region when one die's square fits it, and cuts a
region of two dice side by side along their own axis in two (``split_pair``). Dice that touch
any other way (a corner against a side, three in a row turned each its own way, a black die
between two red ones in the dark mask) leave a region no square fits, and none of them was
looked at. In such a heap each die still shows as a square: its centre lies farthest from the
heap's outline around it, half its edge away (a local maximum of the distance transform), and
the outline near it runs along the die's own edges, so the distance changes along the die's
two axes there.

The dice of one photo lie on one table at about one distance, so a heap's dice are as large as the
single dice found beside them (``PHOTO.heap_span`` around the median of ``PHOTO.heap_witnesses`` or
more): too few of those, and no heap is split. A region that runs out of the frame, or holds more
than ``PHOTO.heap_most`` dice, is clutter (a cable, a tray's wall, a keyboard), not a heap.

A heap's parts are placed only where no other candidate lies, and are marked ``HEAP``: the
finder reports one only when its face reads (``vision.photo.finder``).

May import numpy, OpenCV, ``vision.top`` types, ``vision.photo.regions`` (``apart``),
``vision.photo.sources``, ``vision.photo.config`` and the direction vote of ``vision.top.pips``.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.photo.config import PHOTO
from vision.photo.regions import apart
from vision.photo.sources import HEAP, is_faint, is_heap_part
from vision.top.pips import gradient_votes, standing_out
from vision.top.types import Candidate


def heap_parts(heaps: list[tuple[np.ndarray, str]], found: list[Candidate],
               frame: tuple[int, int]) -> list[Candidate]:
    """Die squares inside the heaps of a photo's masks, at places no other candidate lies.

    Args:
        heaps: (outline, mask name) of each region that is neither one die nor a pair
            (``vision.photo.regions.regions_and_heaps``).
        found: the candidates found so far; their single dice give the size.
        frame: (rows, columns) of the image the outlines lie in.

    Returns:
        Candidates with source ``<mask>+part~heap``.
    """
    size = typical_size(found)
    if size is None:
        return []
    parts: list[Candidate] = []
    for outline, source in heaps:
        for part in _parts(outline, source, size, frame):
            if apart(part, (*found, *parts)):
                parts.append(part)
    return parts


def typical_size(found: list[Candidate]) -> float | None:
    """The median edge of the candidates that are regions of one die (not the halves of a
    pair, a group of pips or the second look's), each mask's region counted, None when they
    lie at fewer than ``PHOTO.heap_witnesses`` places: several masks find one die, and it is one
    witness."""
    single = [c for c in found if not is_faint(c) and not is_heap_part(c)
              and "+split" not in c.source and not c.source.startswith("pips")]
    places: list[Candidate] = []
    for c in single:
        if all(np.hypot(c.cx - p.cx, c.cy - p.cy) > 0.5 * min(c.size, p.size) for p in places):
            places.append(c)
    if len(places) < PHOTO.heap_witnesses:
        return None
    sizes = sorted(c.size for c in single)
    return sizes[len(sizes) // 2]


def _parts(outline: np.ndarray, source: str, size: float, frame: tuple[int, int]
           ) -> list[Candidate]:
    """The die squares of one heap whose dice are about ``size`` px."""
    lo, hi = PHOTO.heap_span[0] * size, PHOTO.heap_span[1] * size
    area = cv2.contourArea(outline)
    if not 2.0 * lo * lo <= area <= PHOTO.heap_most * size * size:
        return []
    x, y, w, h = cv2.boundingRect(outline)
    if x <= 0 or y <= 0 or x + w >= frame[1] or y + h >= frame[0]:
        return []  # it runs out of the frame: not a heap of whole dice alone
    region = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(region, [outline - np.array([x - 1, y - 1])], -1, (255,), cv2.FILLED)
    distance = cv2.distanceTransform(region, cv2.DIST_L2, 5)
    reach = max(3, int(0.5 * lo) * 2 + 1)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (reach, reach))
    peaks = ((distance >= cv2.dilate(distance, disc)) & (distance >= 0.5 * lo)
             & (distance <= 0.5 * hi))
    count, _, _, centres = cv2.connectedComponentsWithStats(peaks.astype(np.uint8))
    if count <= 1:
        return []
    strength, direction = gradient_votes(distance)
    rows, cols = np.mgrid[0:region.shape[0], 0:region.shape[1]]
    out = []
    for px, py in centres[1:].tolist():
        half = float(distance[round(py), round(px)])
        axes_reach = PHOTO.heap_near_axes * half
        near = ((cols - px) ** 2 + (rows - py) ** 2 <= axes_reach ** 2) & (distance > 0)
        axes, _ = standing_out(strength[near], direction[near], turns=4)
        edge = 2.0 * half
        square = np.zeros_like(region)
        cv2.fillConvexPoly(square, cv2.boxPoints(((px, py), (edge, edge), axes))
                           .astype(np.int32), (255,))
        # its fill: the share of its square that lies in the heap
        inside = np.count_nonzero(region[square > 0]) / max(1, int(np.count_nonzero(square)))
        out.append(Candidate(px + x - 1, py + y - 1, edge, edge, axes, inside,
                             source + "+part" + HEAP))
    return out


__all__ = ["HEAP", "heap_parts", "is_heap_part", "typical_size"]
