"""No Gaps set-up from a table view (NG-S1): an empty grid and the six dice rolled into the
fresh zone. The session starts the countdown when this first succeeds (FA-P1 for NG: the first
roll of the six dice seen settled).

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.no_gaps.board import COLS, DICE, FACES, Board
from engine.games.no_gaps.moves import cell_text
from engine.games.no_gaps.picture import read_view
from engine.games.no_gaps.shapes import cells_of
from engine.games.no_gaps.state import State
from engine.table import MIN_CONFIDENCE, TableView


def setup_from_view(view: TableView, board: Board,
                    min_confidence: float = MIN_CONFIDENCE) -> tuple[State | None, str]:
    """The starting position once the table shows NG-S1, else (None, what to do).

    Returns:
        ``(state, "")``, or e.g. ``(None, "roll the six dice into the fresh zone: 4 there")``.
        A dead die cannot occur on an empty grid with the packaged charts; with a user's chart
        it would be moved to the removed zone at once (NG-A3) and announced by the referee.
    """
    seen = read_view(view, min_confidence)
    if isinstance(seen, str):
        return None, seen
    if seen.ink:
        first = cell_text(cells_of(seen.ink & -seen.ink, COLS)[0])
        return None, f"wipe the grid: ink on {first}"
    if seen.spent or seen.removed:
        return None, "roll all six dice into the fresh zone"
    if len(seen.fresh) != DICE:
        return None, f"roll the six dice into the fresh zone: {len(seen.fresh)} there"
    if any(f not in FACES for f in seen.fresh):
        return None, "a die is not a d6"
    return State.settled(board, 0, (), seen.fresh, (), (), 0, None), ""
