"""Unification set-up from a table view (UN-S1, UN-S2): nine dice, one red, one push die.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.unification.board import Board
from engine.games.unification.state import State
from engine.table import Colour, TableView

MIN_CONFIDENCE = 0.6


def setup_from_view(view: TableView, board: Board,
                    min_confidence: float = MIN_CONFIDENCE) -> tuple[State | None, str]:
    """The initial state (F=none) once the table is set up, else (None, what to do).

    Args:
        view: a table view; only a trustworthy one can set up the game.
        board: the board side in play.
        min_confidence: below this a die reading is not trusted.

    Returns:
        ``(state, "")`` or ``(None, "set up the dice: 7 of 9 in the grid")`` etc.
    """
    ok, why = view.is_trustworthy(min_confidence)
    if not ok:
        return None, why
    grid = [d for row in view.grid for d in row]
    placed = [d for d in grid if d is not None]
    if len(grid) != 9 or len(placed) != 9:
        return None, f"set up the dice: {len(placed)} of 9 in the grid"
    if any(d.colour is Colour.UNKNOWN for d in view.dice()):
        return None, "a die's colour is unclear"
    reds = [i for i, d in enumerate(placed) if d.is_red]
    if len(reds) != 1 or any(d.is_red for d in view.outside):
        return None, "exactly one red die in the grid"
    if len(view.outside) != 1:
        return None, ("put the push die beside the board" if not view.outside
                      else "only the push die beside the board")
    cells = tuple(int(d.face or 0) for d in placed)
    push = int(view.outside[0].face or 0)
    return State(board, cells, reds[0], push, None), ""
