"""What a CubeCourier table view shows, in the game's terms, once it can be trusted.

A trusted view is settled, every item is a cube read with enough confidence in a colour of the
board's palette, the grid is 3 x 3 and nothing lies outside the grid and the off-board zone.
``read_view`` turns it into top colours per cell (with the stack flag) and the multiset of
off-board colours; the ring the camera sees is not used (the state tracks it, see
``referee``). Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.games.cubecourier.board import Board
from engine.games.cubecourier.connection import CELLS, SIZE, index
from engine.games.cubecourier.notation import OFF_BOARD
from engine.games.cubecourier.state import sort_colours
from engine.table import Cell, Item, ItemKind, TableView

CUBES = 8


@dataclass(frozen=True)
class Top:
    """A grid cell as seen: the visible top colour and whether it is a stack of two."""

    colour: str
    stacked: bool = False


@dataclass(frozen=True)
class Seen:
    """A trusted view: nine cells (None empty) in reading order, the off-board colours."""

    cells: tuple[Top | None, ...]
    off: tuple[str, ...]

    def at(self, cell: Cell) -> Top | None:
        return self.cells[index(cell)]

    def count(self) -> int:
        """Cubes seen, a stack counting two."""
        on_board = sum(0 if t is None else 2 if t.stacked else 1 for t in self.cells)
        return on_board + len(self.off)


def read_view(view: TableView, board: Board, min_confidence: float) -> Seen | str:
    """The view as ``Seen``, or why it cannot be trusted (a short OLED sentence)."""
    ok, why = view.is_trustworthy(min_confidence)
    if not ok:
        return why
    if view.rows != SIZE or any(len(row) != SIZE for row in view.grid):
        return "the 3 x 3 grid is not seen whole"
    if view.outside:
        return "off-board cubes go in their zone"
    cells: list[Top | None] = []
    for cell in CELLS:
        item = view.at(cell)
        if item is not None and _problem(item, board, f"on {cell}"):
            return _problem(item, board, f"on {cell}")
        cells.append(None if item is None else Top(_letter(item, board), item.stacked))
    off = view.zone(OFF_BOARD)
    for item in off:
        problem = _problem(item, board, "beside the board")
        if problem:
            return problem
    return Seen(tuple(cells), sort_colours([_letter(i, board) for i in off]))


def _problem(item: Item, board: Board, where: str) -> str:
    if item.kind is not ItemKind.CUBE:
        return f"a {item.kind.value} {where}: only cubes"
    if board.letter_of(item.colour) is None:
        return f"a cube's colour {where} is unclear"
    return ""


def _letter(item: Item, board: Board) -> str:
    letter = board.letter_of(item.colour)
    return letter if letter is not None else "?"


def off_difference(before: tuple[str, ...], after: tuple[str, ...]) -> tuple[tuple[str, ...],
                                                                           tuple[str, ...]]:
    """(colours gone from the off-board area, colours new in it), each in K, R, W order."""
    b, a = Counter(before), Counter(after)
    return sort_colours(list((b - a).elements())), sort_colours(list((a - b).elements()))
