"""Marker ink written on a board: which grid cells and which ink boxes hold a stroke.

Games played with a marker (Horizontal & Vertical's numbers and ``X`` marks, No Gaps' drawn
tiles) print empty cells; the camera reads where ink is, not what it says. A pixel is ink when
it is darker than the paper around it by ``INK.stroke_contrast`` of the paper's level, the
paper being the view's grey closing (a dilation then an erosion ``INK.stroke_mm`` across),
which fills in every stroke narrower than that: so the printed empty cell's own level is the
reference, under any light, and broad dark things (a shadow, a hand, a sleeve) are no
strokes and not ink. A cell's ink is the share of ink pixels in its inner square
(``INK.inset_mm`` in from the grid lines); from ``INK.min_coverage`` on the cell holds ink,
read surely (confidence 1) from ``INK.sure_coverage`` on and less surely below it, so the
referee waits on a speck rather than guess.

Which parts of a board are read: the grid when its layout's ``item_kind`` is ``INK``, and each
zone named in ``layout.ink_zones`` (Horizontal & Vertical's pass boxes): there one ink item per
printed box of the zone (the layout's labels lying inside it) that holds ink, at the box's
centre; a zone without boxes is one box. Ink in a grid cell carries no position (its cell is
its place), as the games' expected views give it.

A die lying on a cell shows dark pips, round blobs of a pip's size that a handwritten stroke
never leaves: a cell whose ink holds ``INK.die_pips`` of them is a die's face, not ink
(``InkReading.dice``), and the pipeline keeps a die there, read or not.

May import ``engine``, ``vision.board.geometry``, ``vision.board.config``, OpenCV and numpy.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from engine.layout import Layout
from engine.table import Cell, Colour, Item, ItemKind
from vision.board.config import DICE, INK
from vision.board.geometry import BoardGeometry

Box = tuple[float, float, float, float]
"""A rectangle in board millimetres: x0, y0, x1, y1."""


@dataclass(frozen=True)
class InkReading:
    """The ink of one view.

    Attributes:
        cells: each grid cell holding ink, with its ink item (none when the grid is not read).
        dice: cells whose dark marks are a die's pips, not ink.
        zones: per ink zone (in the layout's order), one ink item per box holding ink.
        coverage: every read cell's and box's share of ink pixels (diagnostics).
    """

    cells: dict[Cell, Item]
    dice: frozenset[Cell] = frozenset()
    zones: tuple[tuple[str, tuple[Item, ...]], ...] = ()
    coverage: dict[str, float] | None = None


def reads_ink(layout: Layout) -> bool:
    """Whether a board's layout asks for its ink to be read (in the grid or in a zone)."""
    return layout.item_kind is ItemKind.INK or bool(layout.ink_zones)


def find_ink(warped_bgr: np.ndarray, geometry: BoardGeometry) -> InkReading:
    """The ink in the grid cells (when the layout's items are ink) and the ink boxes.

    Args:
        warped_bgr: the canonical top-down view (``vision.board.warp``).
        geometry: the board.

    Returns:
        The cells and boxes holding ink, each an ``Item(kind=INK)`` whose confidence says how
        surely (see the module docstring).
    """
    mask = ink_mask(warped_bgr, geometry)
    coverage: dict[str, float] = {}
    cells: dict[Cell, Item] = {}
    dice: set[Cell] = set()
    if geometry.layout.item_kind is ItemKind.INK:
        for cell, box in cell_boxes(geometry.layout):
            share = covered(mask, box, geometry.px_per_mm)
            coverage[str(cell)] = round(share, 4)
            item = _ink_item(share, (0.0, 0.0))
            if item is not None and pip_blobs(mask, box, geometry) >= INK.die_pips:
                dice.add(cell)
            elif item is not None:
                cells[cell] = item
    zones = []
    for name, boxes in zone_boxes(geometry.layout):
        items = []
        for i, box in enumerate(boxes):
            share = covered(mask, box, geometry.px_per_mm)
            coverage[f"{name}[{i}]"] = round(share, 4)
            item = _ink_item(share, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
            if item is not None:
                items.append(item)
        zones.append((name, tuple(items)))
    return InkReading(cells, frozenset(dice), tuple(zones), coverage)


def ink_mask(warped_bgr: np.ndarray, geometry: BoardGeometry) -> np.ndarray:
    """The view's ink pixels (uint8 0/255): darker than the paper's closing around them by
    ``INK.stroke_contrast`` of its level."""
    grey = cv2.cvtColor(warped_bgr, cv2.COLOR_BGR2GRAY)
    side = max(3, round(INK.stroke_mm * geometry.px_per_mm) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    paper = cv2.morphologyEx(grey, cv2.MORPH_CLOSE, kernel)
    depth = cv2.subtract(paper, grey).astype(np.float32)
    return np.where(depth > INK.stroke_contrast * paper.astype(np.float32), 255, 0).astype(np.uint8)


def covered(mask: np.ndarray, box: Box, px_per_mm: float) -> float:
    """The share of ink pixels of ``mask`` inside ``box`` (board millimetres)."""
    x0, y0, x1, y1 = (round(v * px_per_mm) for v in box)
    patch = mask[max(0, y0):max(0, y1), max(0, x0):max(0, x1)]
    return float(np.count_nonzero(patch)) / patch.size if patch.size else 0.0


def pip_blobs(mask: np.ndarray, box: Box, geometry: BoardGeometry) -> int:
    """How many blobs of ``mask`` centred inside ``box`` are round and of a pip's size (a
    die's pips; handwriting leaves strokes). Blobs are taken whole from ``INK.inset_mm``
    around the box, so a stroke cut by the box's edge is not taken for a round blob."""
    grow = INK.inset_mm
    x0, y0, x1, y1 = (max(0, round(v * geometry.px_per_mm)) for v in
                      (box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow))
    patch = np.ascontiguousarray(mask[y0:y1, x0:x1])
    if patch.size == 0:
        return 0
    count, _, stats, centres = cv2.connectedComponentsWithStats(patch, connectivity=8)
    pip = math.pi * (DICE.pip_radius * geometry.die_px) ** 2
    low, high = INK.pip_area[0] * pip, INK.pip_area[1] * pip
    inner = (grow * geometry.px_per_mm, patch.shape[1] - grow * geometry.px_per_mm,
             grow * geometry.px_per_mm, patch.shape[0] - grow * geometry.px_per_mm)
    found = 0
    for (_, _, width, height, area), (cx, cy) in zip(stats[1:count], centres[1:count]):
        aspect = max(width, height) / max(1, min(width, height))
        if (low <= area <= high and area >= INK.pip_fill * width * height
                and aspect <= INK.pip_aspect
                and inner[0] <= cx <= inner[1] and inner[2] <= cy <= inner[3]):
            found += 1
    return found


def _ink_item(share: float, centre: tuple[float, float]) -> Item | None:
    """The ink item of a cell or box with ``share`` of ink pixels, or None for no ink."""
    if share < INK.min_coverage:
        return None
    span = INK.sure_coverage - INK.min_coverage
    confidence = 1.0 if share >= INK.sure_coverage else 0.5 + 0.5 * (
        share - INK.min_coverage) / span
    return Item(None, Colour.WHITE, round(confidence, 4), centre[0], centre[1],
                kind=ItemKind.INK)


def cell_boxes(layout: Layout) -> Iterator[tuple[Cell, Box]]:
    """Each grid cell with its inner square (``INK.inset_mm`` in from its lines), row by row."""
    x0, y0 = layout.grid_origin_mm
    s, inset = layout.cell_mm, INK.inset_mm
    for r in range(layout.rows):
        for c in range(layout.cols):
            left, top = x0 + c * s, y0 + r * s
            yield Cell(r, c), (left + inset, top + inset, left + s - inset, top + s - inset)


def zone_boxes(layout: Layout) -> list[tuple[str, list[Box]]]:
    """Each ink zone (``layout.ink_zones``, in the layout's zone order) with the inner squares
    of its printed boxes (labels lying inside it, in reading order), or the
    zone itself when it prints none."""
    out = []
    for zone in layout.zones:
        if zone.name not in layout.ink_zones:
            continue
        inside = [label.box_mm for label in layout.labels
                  if zone.contains(label.box_mm[0], label.box_mm[1])
                  and zone.contains(label.box_mm[2], label.box_mm[3])]
        boxes = sorted(inside, key=lambda b: (b[1], b[0])) or [
            (zone.x_mm, zone.y_mm, zone.x_mm + zone.w_mm, zone.y_mm + zone.h_mm)]
        pad = INK.box_inset_mm
        out.append((zone.name, [(b[0] + pad, b[1] + pad, b[2] - pad, b[3] - pad)
                                for b in boxes]))
    return out


__all__ = ["InkReading", "cell_boxes", "covered", "find_ink", "ink_mask", "pip_blobs",
           "reads_ink", "zone_boxes"]
