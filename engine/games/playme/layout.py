"""The printed PlayMe board: an A3 sheet (a 280 mm square between the four 22 mm corner
markers) with six rows of six 28 mm slots centred on it, one row per seat, P1 north to P6
south; west of each row its card spot (where the Jabberwock tile lies on the Jabberwock's
card, PM-J1), east of it its set-aside spot (the Mad Hatter's die, Alice's held die, the Mad
Jabberwock's group block); the round tile's place centred south of the rows (the title and
the compass mark take the north margin). The grid's uniform cells leave no room under each row
for a card, so the card spots sit beside the rows. A board file's ``"layout"`` object may
change the numbers and the zones (every zone must stay). Pure standard library; imports only
``engine``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import BoardDataError
from engine.games.playme.board import Board
from engine.games.playme.zones import SEATS, TILE, ZONES, aside, card
from engine.layout import Layout, Zone, parse_layout
from engine.table import ItemKind

SIZE_MM = 280.0     # A3 paper fits a 280 mm square
MARKER_MM = 22.0
CELL_MM = 28.0      # a 16 mm die with room for fingers; six rows of six: 168 mm
DIE_MM = 16.0
SPOT_GAP_MM = 4.0   # between the grid and a spot, and between a spot and the board's edge
ROW_GAP_MM = 1.0    # between two rows' spots
FOOTER_Y_MM = SIZE_MM - 8.0  # the printed footer's line, 6 mm from the south edge


def _spots() -> tuple[Zone, ...]:
    """The card spots west of the rows and the set-aside spots east of them, one per row."""
    grid0 = (SIZE_MM - SEATS * CELL_MM) / 2
    width = grid0 - 2 * SPOT_GAP_MM
    zones = []
    for p in range(1, SEATS + 1):
        y = grid0 + (p - 1) * CELL_MM + ROW_GAP_MM
        h = CELL_MM - 2 * ROW_GAP_MM
        zones.append(Zone(aside(p), grid0 + SEATS * CELL_MM + SPOT_GAP_MM, y, width, h,
                          label=f"P{p} aside"))
        zones.append(Zone(card(p), SPOT_GAP_MM, y, width, h, label=f"P{p} card"))
    return tuple(zones)


def _tile() -> Zone:
    """Centred south of the grid, between the south markers, clear of the printed footer."""
    grid_end = (SIZE_MM + SEATS * CELL_MM) / 2
    width = 80.0
    return Zone(TILE, (SIZE_MM - width) / 2, grid_end + SPOT_GAP_MM, width, FOOTER_Y_MM
                - grid_end - 2 * SPOT_GAP_MM, label="round tile")


def _ordered(zones: tuple[Zone, ...]) -> tuple[Zone, ...]:
    by_name = {z.name: z for z in zones}
    return tuple(by_name[name] for name in ZONES)


DEFAULT = Layout(name="playme", rows=SEATS, cols=6, cell_mm=CELL_MM, size_mm=SIZE_MM,
                 marker_mm=MARKER_MM, item_mm=DIE_MM, item_kind=ItemKind.DIE,
                 zones=_ordered((_tile(), *_spots())), title="PlayMe: Alice in Wonderdice",
                 footer="Dicekeeper · rows P1 (north) to P6 · slot 1 at the west end · "
                        "cards west, set-aside spots east")


def board_layout(board: Board, data: object = None) -> Layout:
    """The layout of ``board``: the default geometry, or a board file's ``"layout"`` over it;
    the palette is the board's (the characters' dice colours, then the tile's sides).

    Raises:
        BoardDataError: a bad ``"layout"`` object, or zones without one of the board's zones.
    """
    layout = parse_layout(data, replace(DEFAULT, palette=board.palette))
    missing = [name for name in ZONES if name not in {z.name for z in layout.zones}]
    if missing:
        raise BoardDataError(f'layout "zones" must keep every zone of the board; missing '
                             f'{", ".join(missing)}')
    return replace(layout, zones=_ordered(layout.zones))
