"""The printed Growing Nine board: the grid of 25 mm cells centred on a 190 mm square (A4), the
waiting column of six 22 mm places east of the grid (the zone ``waiting``, read north to south:
the north-most die appears first), each spawn cell tinted with its pair's colour and the pair's
symbol printed beside it outside the grid, blocked cells shaded. Nothing is printed in a cell's
middle: the board reader takes print there for a die it cannot read. A grid too wide for the
A4 square with its waiting column goes on a 280 mm square (A3); one too wide for that is
refused.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import BoardDataError
from engine.games.growing_nine.board import Board
from engine.games.growing_nine.notation import WAITING
from engine.layout import Label, Layout, Zone, parse_layout
from engine.table import Cell, Colour, ItemKind

CELL_MM = 25.0          # a 16 mm die with room to roll it
PLACE_MM = 22.0         # one waiting place (a 16 mm die and a margin)
MARKER_MM = 22.0
SIZES_MM = (190.0, 280.0)  # A4, A3
ZONE_GAP_MM = 6.0       # between the grid's east edge and the waiting column
MARKER_CLEAR_MM = 4.0   # between a marker and the waiting column
LABEL_INSET_MM = 1.5    # spawn cell tint inside the cell's lines
SYMBOL_MM = (10.0, 6.0)  # the box of a pair's symbol beside its spawn cell (w, h)
SYMBOL_GAP_MM = 1.5     # between the grid's outline and a symbol's box

PAIR_FILLS: tuple[tuple[int, int, int], ...] = (
    (226, 238, 252), (252, 234, 224), (232, 246, 232), (246, 236, 250), (250, 246, 222),
)
"""Pale RGB tints of the spawn pairs, in the board file's pair order (then repeating)."""

WAITING_FILL = (244, 244, 244)
PLACE_TOP_MM = 4.0      # a place's box starts this far below its top (the zone's label fits)


def board_layout(board: Board, data: object = None) -> Layout:
    """The layout of ``board``: the default geometry for its grid (or a board file's
    ``"layout"``), the waiting zone, the spawn labels and the blocked cells shaded.

    Raises:
        BoardDataError: the grid and its waiting column fit no printable square.
    """
    base = parse_layout(data, _default(board))
    zones = base.zones or (_waiting_zone(base, board.waiting),)
    if all(z.name != WAITING for z in zones):
        raise BoardDataError(f'layout "zones" must include the waiting area {WAITING!r}: '
                             f'[x_mm, y_mm, w_mm, h_mm]')
    labels = _spawn_labels(base, board) + _place_labels(zones, board.waiting)
    return replace(base, zones=zones, labels=labels,
                   title=f"Growing Nine · side {board.side.upper()}")


def _default(board: Board) -> Layout:
    for size in SIZES_MM:
        layout = Layout(name="growing-nine", rows=board.rows, cols=board.cols, cell_mm=CELL_MM,
                        size_mm=size, marker_mm=MARKER_MM, item_mm=16.0,
                        item_kind=ItemKind.DIE, palette=(Colour.WHITE, Colour.RED),
                        shaded_cells=tuple(sorted((c.r, c.c) for c in board.blocked)),
                        footer="Dicekeeper · waiting dice in the column, the top one first")
        if _fits(layout, board.waiting):
            return layout
    raise BoardDataError(f"a {board.rows} x {board.cols} grid of {CELL_MM:g} mm cells and a "
                         f"waiting column of {board.waiting} places fit no printable board "
                         f"(up to {SIZES_MM[-1]:g} mm)")


def _fits(layout: Layout, places: int) -> bool:
    """The grid clear of the markers, the waiting column between the markers and on the board."""
    x0, y0 = layout.grid_origin_mm
    zone = _waiting_zone(layout, places)
    clear = layout.marker_mm + MARKER_CLEAR_MM
    return (min(x0, y0) >= clear and zone.y_mm >= clear
            and zone.y_mm + zone.h_mm <= layout.size_mm - clear
            and zone.x_mm + zone.w_mm <= layout.size_mm)


def _waiting_zone(layout: Layout, places: int) -> Zone:
    """GN-D3: a column of ``places`` places east of the grid, centred north to south."""
    x0, _ = layout.grid_origin_mm
    height = places * PLACE_MM
    return Zone(WAITING, x0 + layout.cols * layout.cell_mm + ZONE_GAP_MM,
                (layout.size_mm - height) / 2, PLACE_MM, height,
                label="top first")


def _cell_box(layout: Layout, cell: Cell) -> tuple[float, float, float, float]:
    x0, y0 = layout.grid_origin_mm
    x, y = x0 + cell.c * layout.cell_mm, y0 + cell.r * layout.cell_mm
    i = LABEL_INSET_MM
    return (x + i, y + i, x + layout.cell_mm - i, y + layout.cell_mm - i)


def _spawn_labels(layout: Layout, board: Board) -> tuple[Label, ...]:
    """GN-D2: each spawn cell tinted with its pair's colour, the pair's symbol (its name)
    printed beside the cell outside the grid; a spawn cell off the grid's edge has its tint."""
    labels = []
    for i, (name, cells) in enumerate(board.pairs):
        fill = PAIR_FILLS[i % len(PAIR_FILLS)]
        for cell in cells:
            labels.append(Label("", _cell_box(layout, cell), fill))
            box = _symbol_box(layout, cell)
            if box is not None:
                labels.append(Label(name, box, fill))
    return tuple(labels)


def _symbol_box(layout: Layout, cell: Cell) -> tuple[float, float, float, float] | None:
    """Where a spawn cell's symbol goes: north of a cell on the grid's north edge, else south
    of one on its south edge, else west of one on its west edge (east lies the waiting
    column); None for a cell off those edges."""
    x0, y0 = layout.grid_origin_mm
    w, h = SYMBOL_MM
    cx = x0 + (cell.c + 0.5) * layout.cell_mm
    cy = y0 + (cell.r + 0.5) * layout.cell_mm
    if cell.r == 0:
        return (cx - w / 2, y0 - SYMBOL_GAP_MM - h, cx + w / 2, y0 - SYMBOL_GAP_MM)
    south = y0 + layout.rows * layout.cell_mm
    if cell.r == layout.rows - 1:
        return (cx - w / 2, south + SYMBOL_GAP_MM, cx + w / 2, south + SYMBOL_GAP_MM + h)
    if cell.c == 0:
        return (x0 - SYMBOL_GAP_MM - w, cy - h / 2, x0 - SYMBOL_GAP_MM, cy + h / 2)
    return None


def _place_labels(zones: tuple[Zone, ...], places: int) -> tuple[Label, ...]:
    """The waiting places, as boxes without numbers: a die stands on each, and the board
    reader takes a digit left in view there for a die showing a one (the zone's label, above
    the first box, says the north-most is first)."""
    zone = next((z for z in zones if z.name == WAITING), None)
    if zone is None or places == 0:
        return ()
    step = zone.h_mm / places
    return tuple(Label("", (zone.x_mm + 1.0, zone.y_mm + k * step + PLACE_TOP_MM,
                            zone.x_mm + zone.w_mm - 1.0, zone.y_mm + (k + 1) * step - 1.0),
                       WAITING_FILL) for k in range(places))
