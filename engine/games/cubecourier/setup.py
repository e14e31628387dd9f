"""CubeCourier set-up from a table view (CC-S1, CC-S2).

CC-S1: the eight cubes are rolled and set beside the board; the camera reads them in the
off-board zone (their tops are their assigned colours) and nothing on the grid. CC-S2: the
player who did not roll moves first; the camera cannot tell who that is, so player 1 (south
edge, at the device's front) is to move unless the players enter ``first 2`` with the buttons
before the first move. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.game import Chance
from engine.games.cubecourier.board import Board
from engine.games.cubecourier.connection import CELLS
from engine.games.cubecourier.cube import COLOURS
from engine.games.cubecourier.reading import CUBES, read_view
from engine.games.cubecourier.state import State, sort_colours
from engine.table import TableView

FIRST_PLAYER = 1
"""CC-S2 DEFAULT: who moves first until the buttons say otherwise."""


def start(board: Board, off: tuple[str, ...], first: int = FIRST_PLAYER) -> State:
    """The position after CC-S1: an empty board, ``off`` the assigned colours, no ring."""
    return State(board, (None,) * len(CELLS), sort_colours(off), None, first)


def setup_from_view(view: TableView, board: Board,
                    min_confidence: float) -> tuple[State | None, str]:
    """The starting position once the view shows 8 cubes beside the board and none on it,
    else (None, what to do)."""
    seen = read_view(view, board, min_confidence)
    if isinstance(seen, str):
        return None, seen
    if any(t is not None for t in seen.cells):
        return None, "clear the board: cubes start beside it"
    if len(seen.off) != CUBES:
        return None, f"roll 8 cubes beside the board: {len(seen.off)} seen"
    return start(board, seen.off), ""


def random_start(board: Board, chance: Chance) -> State:
    """CC-S1 with random rolls, and a random first player (CC-S2)."""
    off = tuple(chance.choice(COLOURS) for _ in range(CUBES))
    return start(board, off, chance.randint(1, 2))
