"""The printed Pairing Five board: a 190 mm square (A4) with the four 22 mm corner markers, the
five areas A..E as a grid of 5 rows (north to south) by 2 columns (1st cell west, 2nd east) of
26 mm cells for 16 mm dice, each area's letter and effect printed in a box west of its row, and
the ``unused`` zone east of the grid where the dice are rolled and wait.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine.games.pairing_five.board import AREAS, Board
from engine.layout import Label, Layout, Zone, parse_layout

SIZE_MM = 190.0
CELL_MM = 26.0
LABEL_WEST_MM = 8.0     # west edge of the effect boxes
GAP_MM = 3.0            # between the grid and the boxes or the zone
LABEL_INSET_MM = 2.0    # between neighbouring effect boxes, from each row's edge
EDGE_MM = 6.0           # between the unused zone and the board's east edge

PRINTED = {
    "DOWN": "lower", "UP": "raise", "FLIP": "flip", "REROLL1": "reroll 1",
    "SAME_REROLL": "reroll equals", "PM3": "±3", "PM2": "±2", "PM1": "±1",
    "ALMIGHTY": "any value", "AREA_CHANGE": "swap areas",
}
"""Text printed for each effect, after the area's letter ("A  lower")."""

FILLS: dict[str, tuple[int, int, int]] = {
    "DOWN": (228, 238, 250), "UP": (250, 236, 228), "FLIP": (236, 248, 236),
    "REROLL1": (246, 240, 224), "SAME_REROLL": (240, 236, 250), "PM3": (244, 232, 246),
    "PM2": (232, 244, 248), "PM1": (240, 240, 230), "ALMIGHTY": (252, 244, 226),
    "AREA_CHANGE": (252, 232, 236),
}
"""Pale RGB fills of the effect boxes, so a player tells the effects apart at a glance."""


def unused_zone(layout: Layout) -> Zone:
    """The ``unused`` zone: east of the grid, as tall as the grid, up to 6 mm from the
    board's east edge (clear of the corner markers, which lie beyond the grid's rows)."""
    gx, gy = layout.grid_origin_mm
    east = gx + layout.cols * layout.cell_mm + GAP_MM
    return Zone("unused", east, gy, layout.size_mm - EDGE_MM - east,
                layout.rows * layout.cell_mm, label="unused dice")


def default_layout() -> Layout:
    """The geometry every side shares (zones and numbers; labels come from the side)."""
    bare = Layout(name="pairing-five", rows=len(AREAS), cols=2, cell_mm=CELL_MM,
                  size_mm=SIZE_MM, marker_mm=22.0, item_mm=16.0,
                  footer="Dicekeeper · 1st cell west, 2nd cell east")
    return replace(bare, zones=(unused_zone(bare),))


def board_layout(board: Board, data: object = None) -> Layout:
    """The layout of ``board``: the default geometry (or a board file's ``"layout"``; its
    ``unused`` zone follows the grid unless the file gives ``zones``), its side in the title
    and an effect box per area."""
    base = parse_layout(data, default_layout())
    if not (isinstance(data, Mapping) and "zones" in data):
        base = replace(base, zones=(unused_zone(base),))
    labels = tuple(_effect_label(base, i, area, board.effect(area))
                   for i, area in enumerate(AREAS))
    title = f"Pairing Five · {board.side} side"
    return Layout(**{**base.__dict__, "labels": labels, "title": title})


def effect_box_mm(layout: Layout, row: int) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) in mm where the effect of the area on ``row`` is printed:
    west of the grid, level with the row."""
    gx, gy = layout.grid_origin_mm
    top = gy + row * layout.cell_mm
    return (LABEL_WEST_MM, top + LABEL_INSET_MM, gx - GAP_MM,
            top + layout.cell_mm - LABEL_INSET_MM)


def _effect_label(layout: Layout, row: int, area: str, code: str) -> Label:
    return Label(f"{area}  {PRINTED.get(code, code)}", effect_box_mm(layout, row),
                 FILLS.get(code, (245, 245, 245)))
