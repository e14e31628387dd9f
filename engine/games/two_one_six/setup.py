"""2 1 6 set-up from a table view (TS-S1, TS-S2).

The game starts on an empty grid (TS-S1) with A to play, or with the player whose die lies in
the tray (the starting player has rolled: TS-S2 seen by the camera). A grid already holding dice
(the device restarted mid-game) is taken as it is when each die's owner and value are read and
the players' counts fit turns taken in order: the player to move is then the one whose die is
in the tray, else the first in letter order with the fewest dice.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.two_one_six.board import LETTERS, Board
from engine.games.two_one_six.lines import Entry, cell_name
from engine.games.two_one_six.seen import read_view
from engine.games.two_one_six.state import State
from engine.table import MIN_CONFIDENCE, Item, TableView


def setup_from_view(view: TableView, board: Board,
                    min_confidence: float = MIN_CONFIDENCE) -> tuple[State | None, str]:
    """The starting position once the table shows it, else (None, what to do)."""
    seen = read_view(view, board, min_confidence)
    if isinstance(seen, str):
        return None, seen
    cells: list[Entry | None] = []
    for i, item in enumerate(seen.grid):
        entry = _entry(item, board)
        if isinstance(entry, str):
            return None, f"{cell_name(i, board.size)}: {entry}"
        cells.append(entry)
    if len(seen.tray) > 1:
        return None, "one die in the tray"
    return _start(tuple(cells), seen.tray[0] if seen.tray else None, board)


def _entry(item: Item | None, board: Board) -> Entry | None | str:
    """The cell's entry, or what is wrong with its die."""
    if item is None:
        return None
    if item.face is None:
        return "enter the game's dice on an empty grid"
    if not 1 <= item.face <= board.faces:
        return f"a d{board.faces} shows 1-{board.faces}"
    owner = board.owner_of(item.colour)
    if owner is None:  # read_view lets no such die through
        return f"a {item.colour.value} die is not in this game"
    return Entry(owner, item.face)


def _start(cells: tuple[Entry | None, ...], tray: Item | None,
           board: Board) -> tuple[State | None, str]:
    counts = [sum(1 for e in cells if e is not None and e.player == p)
              for p in range(board.players)]
    fewest = min(counts)
    if max(counts) - fewest > 1:
        spread = ", ".join(f"{LETTERS[p]} {n}" for p, n in enumerate(counts))
        return None, f"the dice don't fit turns in order: {spread}"
    if tray is None:
        return State(board, cells, counts.index(fewest)), ""
    player = board.owner_of(tray.colour)
    if player is None:  # read_view lets no such die through
        return None, f"a {tray.colour.value} die is not in this game"
    if counts[player] != fewest:
        return None, f"{LETTERS[player]} has played this round: clear the tray"
    if tray.face is not None and not 1 <= tray.face <= board.faces:
        return None, f"a d{board.faces} shows 1-{board.faces}: roll the right die"
    return State(board, cells, player, tray.face), ""
