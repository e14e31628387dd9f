"""Where Bossa's things lie on the printed board: the named zones the camera reads and which
line position each spot zone stands for (BO-D1).

The two dice lie in the grid's two cells (row 0 the north line's die, row 1 the south line's).
Each line runs east-west through its die; its tiles of one position lie in a spot zone beside
the die, stacked away from the centre: ``north_w3`` is the north line's third spot west of its
die. In Regular player 1's home line is the south line and player 2's the north one (BO-S6,
each in front of its owner); in Novice the board data's ``north_line`` says which line lies
north. The low values lie on the side ``low_side`` names, seen by the line's owner (Novice: by
player 1, who sits south): so with the DEFAULT ``left`` the south line's low side is west and
the north line's is east in Regular. Positions farther than ``SPOTS`` from the die have no
printed spot: their tiles are seen outside every zone (``TableView.outside``).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.bossa.board import Board
from engine.games.bossa.lines import Line
from engine.games.bossa.moves import MARKERS
from engine.games.bossa.tiles import BLACK, WHITE

NORTH = "north"
SOUTH = "south"
BANDS = (NORTH, SOUTH)
WEST = "w"
EAST = "e"
SPOTS = 6
"""Printed spots on each side of a die: enough for a Regular line (six positions end it)."""
HANDS = ("hand_1", "hand_2")
DISCARD = "discard"
DECK = "deck"
REMOVED = "removed"
MARKER_ZONES = {(player, m): f"{name}_{player}" for player in (1, 2)
                for m, name in zip(MARKERS, ("redraw", "exchange", "stack"), strict=True)}
"""The zone of each action marker: ``redraw_1`` holds player 1's Redraw marker."""


def spot_name(band: str, direction: str, k: int) -> str:
    """``north_w3``: the ``k``-th spot of the ``band`` line on its ``direction`` side."""
    return f"{band}_{direction}{k}"


SPOT_ZONES = tuple(spot_name(band, d, k) for band in BANDS
                   for d, ks in ((WEST, range(SPOTS, 0, -1)), (EAST, range(1, SPOTS + 1)))
                   for k in ks)
"""Every spot zone: the north line's west to east, then the south line's."""
ZONE_NAMES = (*SPOT_ZONES, *HANDS, DISCARD, DECK, REMOVED, *MARKER_ZONES.values())
"""Every zone of the layout, in the order of ``TableView.zones``."""


def parse_spot(name: str) -> tuple[str, str, int] | None:
    """``north_w3`` -> ``("north", "w", 3)``; None for a zone that is not a spot."""
    if name not in SPOT_ZONES:
        return None
    band, _, rest = name.partition("_")
    return band, rest[0], int(rest[1:])


def band_of(board: Board, home1: str | None, colour: str) -> str:
    """The band a line lies in: Regular, player 1's home line south (``home1``); Novice, the
    board data's ``north_line`` north."""
    if board.regular:
        return SOUTH if colour == home1 else NORTH
    return NORTH if colour == board.north_line else SOUTH


def colour_of(board: Board, home1: str | None, band: str) -> str:
    """The line (W or B) lying in ``band``."""
    return WHITE if band_of(board, home1, WHITE) == band else BLACK


def low_direction(board: Board, band: str) -> str:
    """The compass side (w or e) of the low values in ``band`` (BO-D1): the owner's left is
    west for the south seat and east for the north seat; Novice lines are seen from the
    south seat (player 1)."""
    left = EAST if board.regular and band == NORTH else WEST
    if board.low_side == "left":
        return left
    return EAST if left == WEST else WEST


def spot_of(board: Board, band: str, line: Line, value: int) -> str | None:
    """The spot zone of position ``value`` of ``line`` lying in ``band``; None beyond the
    printed spots."""
    k = line.distance(value)
    if not 1 <= k <= SPOTS:
        return None
    low = low_direction(board, band)
    direction = low if value < line.die else (EAST if low == WEST else WEST)
    return spot_name(band, direction, k)


def value_of(board: Board, spot: tuple[str, str, int], die: int) -> int:
    """The value of the position a spot stands for, next to a die showing ``die`` (it may be
    below 1 on the low side: no such position)."""
    band, direction, k = spot
    return die - k if direction == low_direction(board, band) else die + k
