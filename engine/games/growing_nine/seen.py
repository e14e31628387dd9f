"""What a Growing Nine table view shows, reduced to what the rules use, and the same for a state.

A ``Seen`` is the grid (colour and top per cell), the waiting zone in reading order (the next
die to appear first) and the dice elsewhere on the board. ``read_view`` refuses a view that
cannot be refereed (not settled, a die unread or unsure, an item that is not a white or red
die, a grid of another size) with the reason; ``expected_seen`` is what a table in a given
state shows. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.games.growing_nine.board import Board
from engine.games.growing_nine.notation import WAITING
from engine.games.growing_nine.state import State
from engine.table import Cell, Colour, Item, ItemKind, TableView

PALETTE = (Colour.WHITE, Colour.RED)

Spot = tuple[bool, int]
"""One die as the camera sees it: (red, top)."""


@dataclass(frozen=True)
class Seen:
    """A trusted view (see the module docstring).

    Attributes:
        grid: row-major, ``rows * cols`` entries, None for an empty cell.
        waiting: the waiting zone's dice, north to south.
        outside: the dice elsewhere on the board.
    """

    grid: tuple[Spot | None, ...]
    waiting: tuple[Spot, ...]
    outside: tuple[Spot, ...]

    def at(self, board: Board, cell: Cell) -> Spot | None:
        return self.grid[board.index(cell)]

    def tally(self) -> Counter[Spot]:
        """Every die seen, wherever it lies, counted by colour and top."""
        grid = [s for s in self.grid if s is not None]
        return Counter(grid + list(self.waiting) + list(self.outside))


def read_view(view: TableView, board: Board, min_confidence: float) -> Seen | str:
    """The view as a ``Seen``, or why it cannot be refereed (a short OLED sentence)."""
    ok, why = view.is_trustworthy(min_confidence)
    if not ok:
        return why
    if (view.rows, view.cols) != (board.rows, board.cols):
        return f"the view's grid is not {board.rows} x {board.cols}"
    for item in view.dice():
        if item.kind is not ItemKind.DIE:
            return f"a {item.kind.value} is on the board"
        if item.colour not in PALETTE:
            return ("a die's colour is unclear" if item.colour is Colour.UNKNOWN
                    else f"a {item.colour.value} die is not in this game")
    grid = tuple(_spot(d) if d is not None else None for row in view.grid for d in row)
    return Seen(grid, tuple(_spot(d) for d in view.zone(WAITING)),
                tuple(_spot(d) for d in view.outside))


def _spot(item: Item) -> Spot:
    return item.is_red, int(item.face or 0)


def expected_seen(state: State) -> Seen:
    """What the camera sees of ``state``: the grid and the waiting queue; during set-up, the
    ten rolled dice beside the grid (red first, then the white ones by top)."""
    if state.rolled is not None:
        dice = ((True, state.rolled[0]), *((False, t) for t in state.rolled[1:]))
        return Seen((None,) * len(state.cells), (), dice)
    grid = tuple(None if d is None else (d.red, d.top) for d in state.cells)
    return Seen(grid, tuple((False, t) for t in state.queue), ())


def view_of(seen: Seen, board: Board) -> TableView:
    """The settled view showing ``seen`` (confidences 1.0, positions 0.0)."""
    def item(spot: Spot) -> Item:
        return Item(spot[1], Colour.RED if spot[0] else Colour.WHITE)
    grid = tuple(tuple(None if (s := seen.grid[r * board.cols + c]) is None else item(s)
                       for c in range(board.cols)) for r in range(board.rows))
    return TableView(grid=grid, outside=tuple(item(s) for s in seen.outside),
                     zones=((WAITING, tuple(item(s) for s in seen.waiting)),))
