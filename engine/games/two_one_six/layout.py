"""The printed 2 1 6 board: the n x n grid centred on a square board with four 22 mm corner
markers, and the tray east of the grid, between the east markers, where the die is rolled.

Sizes (16 mm dice): 4x4 of 26 mm cells, 6x6 of 22 mm, 8x8 of 18 mm on an A4 sheet (190 mm
board); 12x12 of 19 mm on A3 (280 mm). A board file's ``"layout"`` object may change the numbers
or give its own zones (one must be ``tray``).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import BoardDataError
from engine.games.two_one_six.board import LETTERS, SHEET_MM, Board
from engine.layout import Layout, Zone, parse_layout
from engine.table import ItemKind

TRAY = "tray"
"""The zone where the die is rolled and read before it is placed (``TableView.zones``)."""

CELL_MM = {4: 26.0, 6: 22.0, 8: 18.0, 12: 19.0}
"""Cell side per grid size: the biggest that leaves room for the tray on the sheet."""

MARKER_MM = 22.0
ITEM_MM = 16.0
TRAY_GAP_MM = 2.0
"""Between the grid's east edge and the tray, and between the tray and a corner marker."""


def board_layout(board: Board, data: object = None) -> Layout:
    """The layout of ``board`` (see the module docstring); ``data`` is a board file's
    ``"layout"`` object.

    Raises:
        BoardDataError: a bad ``"layout"`` object, a board bigger than the sheet, zones
            without a tray, or no room for the tray.
    """
    n = board.size
    colours = ", ".join(f"{LETTERS[p]} {c.value}" for p, c in enumerate(board.palette))
    default = Layout(name=f"two-one-six-{board.side}", rows=n, cols=n, cell_mm=CELL_MM[n],
                     size_mm=SHEET_MM[board.sheet], marker_mm=MARKER_MM, item_mm=ITEM_MM,
                     item_kind=ItemKind.DIE, palette=board.palette,
                     title=f"2 1 6 · {n}x{n} · d{board.faces}",
                     footer=f"Dicekeeper · roll in the tray, then place the die · {colours}")
    layout = parse_layout(data, default)
    if layout.size_mm > SHEET_MM[board.sheet]:
        raise BoardDataError(f"layout size_mm {layout.size_mm:g} does not fit the "
                             f"{board.sheet} sheet ({SHEET_MM[board.sheet]:g} mm at most)")
    if not layout.zones:
        return replace(layout, zones=(tray_zone(layout),))
    if TRAY not in [z.name for z in layout.zones]:
        raise BoardDataError(f'layout "zones" must include {TRAY!r}, where the die is rolled')
    return layout


def tray_zone(layout: Layout) -> Zone:
    """The tray: from just east of the grid to the board's east edge, between the markers.

    Raises:
        BoardDataError: the strip is narrower than a die.
    """
    gx, _ = layout.grid_origin_mm
    x = gx + layout.cols * layout.cell_mm + TRAY_GAP_MM
    y = layout.marker_mm + TRAY_GAP_MM
    width, height = layout.size_mm - x, layout.size_mm - 2 * y
    if width < layout.item_mm + 2 or height < layout.item_mm + 2:
        raise BoardDataError(f"layout: no room for the tray beside a {layout.cols}x"
                             f"{layout.rows} grid of {layout.cell_mm:g} mm cells on a "
                             f"{layout.size_mm:g} mm board")
    return Zone(TRAY, x, y, width, height, label="roll here")
