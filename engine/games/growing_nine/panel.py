"""What Growing Nine adds to the device's screen (``engine.panel.Panel``).

Under the clock: how many dice still wait and the red die's top (the value white dice must
match), then which dice must roll now; nothing while the dice are placed (the referee's
status, "set up: 2/4 spawn cells, 3/6 waiting", then has the room). Once the game is over, a
page with the grid as it ended and the waiting dice. The buttons may enter the player's GN-E5
declaration, "going round in circles", which no camera can see. Pure standard library;
imports only ``engine``.
"""

from __future__ import annotations

from engine.games.growing_nine.moves import CIRCLES
from engine.games.growing_nine.state import State
from engine.panel import Offer, Panel
from engine.table import Cell


def panel(state: State) -> Panel:
    """The panel for ``state`` (see the module docstring)."""
    if state.setting_up:
        return Panel()
    facts = (f"queue {len(state.queue)}, red {state.red_top()}",)
    if state.outcome is not None:
        return Panel(lines=facts, pages=(grid_page(state),))
    return Panel(lines=facts + (rolls_line(state),),
                 offers=(Offer("going round in circles", CIRCLES),))


def rolls_line(state: State) -> str:
    """Which dice must roll now: ``roll r3c0`` (the white dice matching red), or ``red rolls``."""
    matching = state.matching()
    if not matching:
        return "red rolls"
    return "roll " + " ".join(str(cell) for cell in matching)


def grid_page(state: State) -> tuple[str, ...]:
    """The grid, a row a line (``R3 .  .  W5``: colour and top, ``.`` empty), then the queue."""
    rows = []
    for r in range(state.board.rows):
        cells = [state.die(Cell(r, c)) for c in range(state.board.cols)]
        rows.append(" ".join("." if d is None else ("R" if d.red else "W") + str(d.top)
                             for d in cells))
    waiting = "".join(str(t) for t in state.queue) or "-"
    return (*rows, f"waiting {waiting}")
