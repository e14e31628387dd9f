"""The printed Unification board: a 3 x 3 grid of 26 mm cells on a 170 mm board, each exit
slot's effect printed in a box just outside the grid on the side where the die leaves, and the
centre cell tinted (the red die there doubles the score). Any spot outside the grid holds the
push die: the board has no zones.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.unification.board import Board, Slot
from engine.layout import Label, Layout, parse_layout

DEFAULT = Layout(name="unification", rows=3, cols=3, cell_mm=26.0, size_mm=170.0,
                 marker_mm=22.0, item_mm=16.0, shaded_cells=((1, 1),),
                 footer="Dicekeeper · push die waits outside the grid")

PRINTED = {
    "DEC1": "-1", "INC1": "+1", "FLIP": "flip", "REROLL": "reroll", "PM3": "±3", "PM2": "±2",
    "PM1": "±1", "ROTATE": "turn", "PARADIGM": "paradigm",
}
"""Text printed for each effect code (``ROTATE`` also gets a drawn counter-clockwise arrow)."""

FILLS: dict[str, tuple[int, int, int]] = {
    "DEC1": (228, 238, 250), "INC1": (250, 236, 228), "FLIP": (236, 248, 236),
    "REROLL": (246, 240, 224), "PM3": (244, 232, 246), "PM2": (232, 244, 248),
    "PM1": (240, 240, 230), "ROTATE": (250, 244, 226), "PARADIGM": (252, 232, 236),
}
"""Pale RGB fills of the effect boxes, so a player tells the sides apart at a glance."""

PAPER = (255, 255, 255)
EFFECT_BAND_MM = 14.0   # depth of the effect boxes outside the grid
EFFECT_GAP_MM = 2.0     # between the grid and the effect boxes
EFFECT_INSET_MM = 1.5   # between neighbouring boxes, from each cell's edge


def board_layout(board: Board, data: object = None) -> Layout:
    """The layout of ``board``: the default geometry (or a board file's ``"layout"``), its
    side in the title and an effect box per exit slot."""
    base = parse_layout(data, DEFAULT)
    labels = tuple(_effect_label(base, slot, codes) for slot, codes in board.exits)
    title = f"Unification · {board.side} side"
    return Layout(**{**base.__dict__, "labels": labels, "title": title})


def effect_box_mm(layout: Layout, slot: Slot) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) in mm where an exit slot's effect is printed."""
    gx, gy = layout.grid_origin_mm
    gw, gh = layout.cols * layout.cell_mm, layout.rows * layout.cell_mm
    a = slot.line * layout.cell_mm + EFFECT_INSET_MM
    b = (slot.line + 1) * layout.cell_mm - EFFECT_INSET_MM
    near, far = EFFECT_GAP_MM, EFFECT_GAP_MM + EFFECT_BAND_MM
    if slot.side == "N":
        return (gx + a, gy - far, gx + b, gy - near)
    if slot.side == "S":
        return (gx + a, gy + gh + near, gx + b, gy + gh + far)
    if slot.side == "W":
        return (gx - far, gy + a, gx - near, gy + b)
    return (gx + gw + near, gy + a, gx + gw + far, gy + b)


def _effect_label(layout: Layout, slot: Slot, codes: tuple[str, ...]) -> Label:
    fill = FILLS.get(codes[0], (245, 245, 245)) if codes else PAPER
    text = " ".join(PRINTED.get(c, c) for c in codes)
    return Label(text, effect_box_mm(layout, slot), fill, arrow="ROTATE" in codes)
