"""Tell whether a hand or an arm is over the board, from the canonical top-down view.

The printed board is light (white paper, thin lines, pale fills) and dice are small squares.
A hand shows up as a large skin-coloured region, a sleeve or glove as a large region much
darker or more saturated than the paper; neither is die-shaped. Thresholds are relative to
the paper's own brightness and saturation, so a dimmer or warmer light does not look like a
hand. The view is analysed at 1 px/mm, which keeps the check cheap on a Pi.

May import ``engine.table``, ``vision.board.geometry``, ``vision.board.config``,
``vision.top.arrays``, ``vision.top.skin``, OpenCV and numpy.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from engine.table import ItemKind
from vision.board.config import HAND
from vision.board.geometry import BoardGeometry
from vision.top.arrays import above, below, opened
from vision.top.skin import balanced_skin, saturation_and_value, white_balance


@dataclass(frozen=True)
class HandReading:
    """The hand check of one view.

    Attributes:
        present: a hand (or another large object) is over the board.
        kind: "skin" or "object" when present, else "".
        fraction: area of the largest foreign region, as a fraction of the board.
    """

    present: bool
    kind: str = ""
    fraction: float = 0.0


def detect_hand(warped_bgr: np.ndarray, geometry: BoardGeometry, *,
                markers_hidden: int = 0, min_fraction: float = HAND.min_fraction) -> HandReading:
    """Look for a hand or arm over the board in the canonical view.

    Args:
        warped_bgr: the canonical top-down view (``vision.board.markers.warp_board``).
        geometry: the board, for its size, markers and die size.
        markers_hidden: how many corner markers were not seen in this frame; a hidden marker
            is itself a sign of a hand, so a smaller region is then enough.
        min_fraction: smallest foreign region (fraction of the board area) called a hand.

    Returns:
        A HandReading; ``present`` is False for an empty board or a board with dice.
    """
    small = cv2.resize(warped_bgr, (round(geometry.size_mm),) * 2, interpolation=cv2.INTER_AREA)
    skin, other = _masks(small, geometry)
    # Dark or saturated non-skin things must be broad (a sleeve, a glove, a notebook): the
    # dark side faces a tilted camera sees on dice are thin crescents and vanish here, and so
    # do whole black or red cubes on a cube board.
    broad = opened(other, _disc(_object_width(geometry)))
    foreign = cv2.morphologyEx(skin | broad, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    threshold = min_fraction * (HAND.hidden_marker_factor if markers_hidden else 1.0)
    best = HandReading(False)
    for area, component in _regions(foreign, geometry):
        fraction = round(area / float(foreign.size), 4)
        is_skin = np.count_nonzero(skin[component]) > 0.5 * area
        # A still object off the grid (a notebook on a corner) is not a hand: only skin, or
        # something reaching over the play area, stops the reading.
        if fraction >= threshold and (is_skin or _reaches_grid(component, geometry)):
            return HandReading(True, "skin" if is_skin else "object", fraction)
        if fraction > best.fraction:
            best = HandReading(False, fraction=fraction)
    return best


def _masks(small: np.ndarray, geometry: BoardGeometry) -> tuple[np.ndarray, np.ndarray]:
    """Skin-coloured pixels, and pixels much darker or more saturated than the paper."""
    small = white_balance(small)
    sat, val, paper_v, paper_s = saturation_and_value(small)
    skin = balanced_skin(small, sat, val, paper_v, paper_s)
    dark_or_saturated = cv2.bitwise_or(below(val, HAND.dark_ratio * paper_v),
                                       above(sat, max(HAND.saturated, paper_s + 60)))
    other = cv2.bitwise_and(dark_or_saturated, cv2.bitwise_not(skin))
    _mask_markers(other, geometry)
    return skin, other


def _object_width(geometry: BoardGeometry) -> int:
    """The narrowest dark or saturated thing that is not an item of the board's kind."""
    if geometry.layout.item_kind is ItemKind.CUBE:
        return HAND.cube_object_min_width_mm
    return HAND.object_min_width_mm


def _disc(diameter: int) -> np.ndarray:
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (diameter, diameter))


def _mask_markers(mask: np.ndarray, geometry: BoardGeometry) -> None:
    """Clear the printed corner markers (black squares, not a hand) from a 1 px/mm mask."""
    for marker_id in geometry.MARKER_IDS:
        corners = geometry.marker_corners_mm(marker_id)
        x0, y0 = (round(v) - 1 for v in corners[0])
        x1, y1 = (round(v) + 1 for v in corners[2])
        mask[max(y0, 0):y1, max(x0, 0):x1] = 0


def _regions(mask: np.ndarray, geometry: BoardGeometry) -> list[tuple[int, np.ndarray]]:
    """Connected foreign regions that are not die-shaped, largest first."""
    # 16-bit labels: the same labels and statistics as 32-bit ones, at half the cost. They
    # suffice: separate 8-connected regions are at most a quarter of the pixels, and a board
    # under 500 mm has fewer than 2**18 pixels at 1 px/mm
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8,
                                                               ltype=cv2.CV_16U)
    order = sorted(range(1, count), key=lambda i: -int(stats[i, cv2.CC_STAT_AREA]))
    regions = []
    for label in order:
        area = int(stats[label, cv2.CC_STAT_AREA])
        if area < 0.5 * geometry.die_mm ** 2:
            break
        x, y, w, h = (int(v) for v in stats[label, :4])
        if not _die_shaped(labels[y:y + h, x:x + w] == label, area, geometry):
            regions.append((area, labels == label))
    return regions


def _reaches_grid(component: np.ndarray, geometry: BoardGeometry) -> bool:
    """Whether a 1 px/mm region overlaps the grid (with a die's half-width around it)."""
    x0, y0 = geometry.grid_origin_mm
    pad = geometry.die_mm / 2
    x1, y1 = x0 + geometry.cols * geometry.cell_mm, y0 + geometry.rows * geometry.cell_mm
    window = component[max(round(y0 - pad), 0):round(y1 + pad), max(round(x0 - pad), 0):
                       round(x1 + pad)]
    return bool(window.any())


def _die_shaped(component: np.ndarray, area: int, geometry: BoardGeometry) -> bool:
    """A compact blob the size of one die, allowing for its shadow and a side face that a
    tilted camera sees (the red die is the only die that stands out from the paper).

    ``component`` may be cut to the region's bounding box: only its shape counts."""
    if area > 2.5 * geometry.die_mm ** 2:
        return False
    ys, xs = np.nonzero(component)
    points = np.column_stack([xs, ys]).astype(np.float32)
    (_, _), (w, h), _ = cv2.minAreaRect(points)
    if min(w, h) < 1:
        return False
    fill = area / (w * h)
    return fill > 0.6 and max(w, h) / min(w, h) < 1.4 and max(w, h) < 1.8 * geometry.die_mm
