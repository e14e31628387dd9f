"""The printed Horizontal & Vertical board: a 5 x 5 grid of 22 mm cells (room to write a
number) centred on a 280 mm board (A3), the row labels west of the grid and the column labels
north of it (2-6, from the board file), each line's condition at its end (rows: east, columns:
south) followed by its result box, three pass boxes north of the column labels (zone
``passes``) and the roll zone west of the row labels (zone ``roll``), clear of the markers.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import BoardDataError
from engine.games.horizontal_vertical.board import Board
from engine.games.horizontal_vertical.conditions import Condition
from engine.games.horizontal_vertical.marks import PASS_ZONE, ROLL_ZONE
from engine.games.horizontal_vertical.state import PASSES
from engine.layout import Label, Layout, Zone, parse_layout
from engine.table import Colour, ItemKind

DEFAULT = Layout(name="horizontal-vertical", rows=5, cols=5, cell_mm=22.0, size_mm=280.0,
                 marker_mm=22.0, item_mm=16.0, item_kind=ItemKind.INK,
                 palette=(Colour.WHITE,), ink_zones=(PASS_ZONE,),
                 footer="Dicekeeper · roll the three dice in the roll zone · tick a box per pass")

LABEL_MM = 11.0        # depth of a row or column label box
CONDITION_MM = (28.0, 12.0)  # a row condition's width, a column condition's height
RESULT_MM = (22.0, 18.0)     # a row result box's width, a column result box's height
GAP_MM = 3.0           # between the grid, its labels and boxes
PASS_BOX_MM = 18.0     # side of a pass box
ROLL_MARGIN_MM = 6.0   # between the roll zone and the board's edge or the markers

WHITE = (255, 255, 255)
LABEL_FILL = (236, 236, 236)
CONDITION_FILL = (250, 244, 226)


def board_layout(board: Board, data: object = None) -> Layout:
    """The layout of ``board``: the default geometry (or a board file's ``"layout"``), its
    side in the title, the zones, and every printed label.

    Raises:
        BoardDataError: the geometry leaves no room for the boxes or the roll zone, or a
            board file's zones lack ``roll``.
    """
    base = parse_layout(data, DEFAULT)
    zones = base.zones if base.zones else default_zones(base)
    names = [z.name for z in zones]
    if ROLL_ZONE not in names:
        raise BoardDataError(f'layout "zones" must include "{ROLL_ZONE}" (where the dice are '
                             f"rolled), got {', '.join(names)}")
    _check_room(base)
    layout = replace(base, zones=zones, title=f"Horizontal & Vertical · {board.side} side")
    labels = (*_line_labels(layout, board), *_condition_labels(layout, board),
              *_pass_boxes(layout))
    return replace(layout, labels=labels)


def default_zones(layout: Layout) -> tuple[Zone, ...]:
    """The roll zone west of the row labels and the pass boxes north of the column labels."""
    gx, gy = layout.grid_origin_mm
    width = layout.cols * layout.cell_mm
    pass_w = PASSES * PASS_BOX_MM + (PASSES + 1) * GAP_MM
    pass_h = PASS_BOX_MM + 2 * GAP_MM
    pass_y = gy - LABEL_MM - 2 * GAP_MM - pass_h
    passes = Zone(PASS_ZONE, gx + (width - pass_w) / 2, pass_y, pass_w, pass_h, "pass boxes")
    roll_x1 = gx - LABEL_MM - 2 * GAP_MM - ROLL_MARGIN_MM
    roll_y0 = layout.marker_mm + ROLL_MARGIN_MM
    roll = Zone(ROLL_ZONE, ROLL_MARGIN_MM, roll_y0, roll_x1 - ROLL_MARGIN_MM,
                layout.size_mm - 2 * roll_y0, "roll the dice here")
    return (roll, passes)


def _check_room(layout: Layout) -> None:
    gx, gy = layout.grid_origin_mm
    east = gx + layout.cols * layout.cell_mm + 3 * GAP_MM + CONDITION_MM[0] + RESULT_MM[0]
    south = gy + layout.rows * layout.cell_mm + 3 * GAP_MM + CONDITION_MM[1] + RESULT_MM[1]
    roll_w = gx - LABEL_MM - 2 * GAP_MM - 2 * ROLL_MARGIN_MM
    if max(east, south) > layout.size_mm or roll_w < 2 * layout.item_mm:
        raise BoardDataError(f"layout: a {layout.size_mm:g} mm board with {layout.cell_mm:g} mm "
                             f"cells leaves no room for the conditions, result boxes and roll "
                             f"zone: use a larger size_mm or smaller cell_mm")


def cell_box_mm(layout: Layout, r: int, c: int) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) in mm of grid cell (r, c)."""
    gx, gy = layout.grid_origin_mm
    s = layout.cell_mm
    return (gx + c * s, gy + r * s, gx + (c + 1) * s, gy + (r + 1) * s)


def _line_labels(layout: Layout, board: Board) -> list[Label]:
    gx, gy = layout.grid_origin_mm
    labels = []
    for i in range(layout.rows):
        _, y0, _, y1 = cell_box_mm(layout, i, 0)
        box = (gx - GAP_MM - LABEL_MM, y0 + GAP_MM, gx - GAP_MM, y1 - GAP_MM)
        labels.append(Label(str(board.row_labels[i]), box, LABEL_FILL))
    for i in range(layout.cols):
        x0, _, x1, _ = cell_box_mm(layout, 0, i)
        box = (x0 + GAP_MM, gy - GAP_MM - LABEL_MM, x1 - GAP_MM, gy - GAP_MM)
        labels.append(Label(str(board.col_labels[i]), box, LABEL_FILL))
    return labels


def _condition_labels(layout: Layout, board: Board) -> list[Label]:
    """Each line's condition at its end, then its result box (HV-D1, HV-D2)."""
    labels = []
    east = layout.grid_origin_mm[0] + layout.cols * layout.cell_mm + GAP_MM
    for i, condition in enumerate(board.row_conditions):
        _, y0, _, y1 = cell_box_mm(layout, i, 0)
        labels += _end_boxes(condition, (east, y0 + GAP_MM), (y1 - GAP_MM), across=False)
    south = layout.grid_origin_mm[1] + layout.rows * layout.cell_mm + GAP_MM
    for i, condition in enumerate(board.col_conditions):
        x0, _, x1, _ = cell_box_mm(layout, 0, i)
        labels += _end_boxes(condition, (x0 + GAP_MM, south), (x1 - GAP_MM), across=True)
    return labels


def _end_boxes(condition: Condition, start: tuple[float, float], end: float,
               across: bool) -> list[Label]:
    """A condition box and a result box: side by side eastwards for a row, one under the
    other southwards for a column (``across``)."""
    a, b = start
    if across:
        cond = (a, b, end, b + CONDITION_MM[1])
        result = (a, cond[3] + GAP_MM, end, cond[3] + GAP_MM + RESULT_MM[1])
    else:
        cond = (a, b, a + CONDITION_MM[0], end)
        result = (cond[2] + GAP_MM, b, cond[2] + GAP_MM + RESULT_MM[0], end)
    return [Label(condition.printed, cond, CONDITION_FILL), Label("", result, WHITE)]


def _pass_boxes(layout: Layout) -> list[Label]:
    """Three empty boxes spread along the pass-box zone (none without that zone)."""
    zone = next((z for z in layout.zones if z.name == PASS_ZONE), None)
    if zone is None:
        return []
    step = (zone.w_mm - 2 * GAP_MM - PASS_BOX_MM) / max(1, PASSES - 1)
    x0, y0 = zone.x_mm + GAP_MM, zone.y_mm + (zone.h_mm - PASS_BOX_MM) / 2
    return [Label("", (x0 + i * step, y0, x0 + i * step + PASS_BOX_MM, y0 + PASS_BOX_MM), WHITE)
            for i in range(PASSES)]


__all__ = ["DEFAULT", "board_layout", "cell_box_mm", "default_zones"]
