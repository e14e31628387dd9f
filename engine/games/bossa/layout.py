"""The printed Bossa board: a 280 mm square (A3) with the two die cells at its centre, the
spots of each line beside its die, and the zones of the hands, markers, deck, tile set aside and
discard pile in the strips the players sit at.

Numbers (board millimetres, origin north-west): the grid is one column of two 20 mm cells
(x 130-150; the north line's die y 120-140, the south line's 140-160). Each line has six 19 mm
spots on each side of its die (x 16-130 west, 150-264 east); a spot is 76 mm deep, four tiles
of 16 mm laid away from the centre (north line y 64-140, south line y 140-216). Player 2's
strip (north, y 0-64): hand (x 26-174, y 18-58), markers (22 mm each, y 6-28 from x 180),
deck and tile set aside (y 34-60); player 1's strip (south, y 216-280): hand (x 106-254,
y 222-262), discard pile (x 26-100, y 222-246), markers (y 248-270 from x 26); every zone at
least 4 mm from the 22 mm corner markers, the title and the footer clear of the zones.
A board file's ``"layout"`` object may move the zones (all of them, by name).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import BoardDataError
from engine.games.bossa.board import Board
from engine.games.bossa.pieces import PALETTE
from engine.games.bossa.tiles import BLACK, COLOUR_NAMES, WHITE
from engine.games.bossa.zones import (
    BANDS,
    DECK,
    DISCARD,
    EAST,
    HANDS,
    MARKER_ZONES,
    NORTH,
    REMOVED,
    SOUTH,
    SPOTS,
    WEST,
    ZONE_NAMES,
    low_direction,
    spot_name,
)
from engine.layout import Layout, Zone, parse_layout
from engine.table import ItemKind

SIZE_MM = 280.0     # A3 paper fits a 280 mm square
MARKER_MM = 22.0
CELL_MM = 20.0      # a die cell: a 16 mm die with room around it
TILE_MM = 16.0      # a tile is a die face
SPOT_MM = 19.0      # spot pitch along a line
SPOT_DEPTH_MM = 76.0  # four tiles of a position, laid away from the centre
CENTRE_MM = SIZE_MM / 2
MARKER_ZONE_MM = 22.0
MARKER_STEP_MM = 26.0


def _spots() -> list[Zone]:
    zones = []
    west_edge, east_edge = CENTRE_MM - CELL_MM / 2, CENTRE_MM + CELL_MM / 2
    for band in BANDS:
        y = CENTRE_MM - SPOT_DEPTH_MM if band == NORTH else CENTRE_MM
        for k in range(1, SPOTS + 1):
            zones.append(Zone(spot_name(band, WEST, k), west_edge - k * SPOT_MM, y, SPOT_MM,
                              SPOT_DEPTH_MM, label=str(k)))
            zones.append(Zone(spot_name(band, EAST, k), east_edge + (k - 1) * SPOT_MM, y,
                              SPOT_MM, SPOT_DEPTH_MM, label=str(k)))
    return zones


def _markers() -> list[Zone]:
    zones = []
    for (player, marker), name in MARKER_ZONES.items():
        i = "RES".index(marker)
        x = 180.0 + i * MARKER_STEP_MM if player == 2 else 26.0 + i * MARKER_STEP_MM
        y = 6.0 if player == 2 else 248.0
        zones.append(Zone(name, x, y, MARKER_ZONE_MM, MARKER_ZONE_MM,
                          label=("Redraw", "Exchange", "Stack")[i]))
    return zones


ZONES = {z.name: z for z in (
    *_spots(),
    Zone(HANDS[0], 106.0, 222.0, 148.0, 40.0, label="player 1's hand"),
    Zone(HANDS[1], 26.0, 18.0, 148.0, 40.0, label="player 2's hand"),
    Zone(DISCARD, 26.0, 222.0, 74.0, 24.0, label="discard"),
    Zone(DECK, 180.0, 34.0, 26.0, 26.0, label="deck"),
    Zone(REMOVED, 212.0, 34.0, 26.0, 26.0, label="set aside"),
    *_markers(),
)}
DEFAULT = Layout(name="bossa", rows=2, cols=1, cell_mm=CELL_MM, size_mm=SIZE_MM,
                 marker_mm=MARKER_MM, item_mm=TILE_MM, item_kind=ItemKind.TILE,
                 palette=PALETTE, zones=tuple(ZONES[n] for n in ZONE_NAMES), title="Bossa")


def board_layout(board: Board, data: object = None) -> Layout:
    """The layout of ``board``: the default geometry, or a board file's ``"layout"`` over it,
    its zones in the order of ``zones.ZONE_NAMES``; the title names the level and the footer
    says which line lies where and on which side its low values are (BO-D1).

    Raises:
        BoardDataError: a bad ``"layout"`` object, or zones that are not exactly the game's.
    """
    layout = parse_layout(data, DEFAULT)
    names = [z.name for z in layout.zones]
    if sorted(names) != sorted(ZONE_NAMES):
        missing = [n for n in ZONE_NAMES if n not in names]
        extra = [n for n in names if n not in ZONE_NAMES]
        raise BoardDataError(f'layout "zones" must be exactly the game\'s zones: missing '
                             f'{", ".join(missing) or "none"}; unknown '
                             f'{", ".join(extra) or "none"}')
    by_name = {z.name: replace(z, label=z.label or ZONES[z.name].label) for z in layout.zones}
    return replace(layout, zones=tuple(by_name[n] for n in ZONE_NAMES),
                   title=f"Bossa ({board.side.capitalize()})", footer=line_footer(board))


def line_footer(board: Board) -> str:
    """Which line lies in each half of the board and where its low values are."""
    def low(band: str) -> str:
        return "west" if low_direction(board, band) == WEST else "east"
    if board.regular:
        return (f"north: player 2's home line, low values {low(NORTH)} · "
                f"south: player 1's home line, low values {low(SOUTH)}")
    north = COLOUR_NAMES[board.north_line]
    south = COLOUR_NAMES[BLACK if board.north_line == WHITE else WHITE]
    return (f"north: {north} line, low values {low(NORTH)} · "
            f"south: {south} line, low values {low(SOUTH)}")
