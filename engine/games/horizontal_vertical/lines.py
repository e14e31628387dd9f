"""Rows and columns of the Horizontal & Vertical grid and their status (HV 1.2, AMB-HV3):
complete (five numbers), dead (holds an ``X``), satisfied (complete and its condition holds),
still reachable (not dead and some numbers in its empty cells would satisfy it), and the result
box's bookkeeping number (HV-A4).

Cells are a 25-character string, row-major from the north-west: ``.`` empty, ``1``-``6``, ``X``.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.games.horizontal_vertical.board import Board
from engine.games.horizontal_vertical.conditions import Condition
from engine.games.horizontal_vertical.spot import SIZE

EMPTY = "."
CROSS = "X"


@dataclass(frozen=True)
class Line:
    """A row (``kind="row"``, ``place`` 0 = north) or a column (``"column"``, 0 = west)."""

    kind: str
    place: int

    @property
    def indices(self) -> tuple[int, ...]:
        """Row-major indices of the line's cells, west to east or north to south."""
        if self.kind == "row":
            return tuple(self.place * SIZE + c for c in range(SIZE))
        return tuple(r * SIZE + self.place for r in range(SIZE))

    def condition(self, board: Board) -> Condition:
        conditions = board.row_conditions if self.kind == "row" else board.col_conditions
        return conditions[self.place]

    def label(self, board: Board) -> int:
        """The line's printed label (2-6)."""
        labels = board.row_labels if self.kind == "row" else board.col_labels
        return labels[self.place]

    def content(self, cells: str) -> str:
        return "".join(cells[i] for i in self.indices)


ROWS = tuple(Line("row", r) for r in range(SIZE))
COLUMNS = tuple(Line("column", c) for c in range(SIZE))


def numbers(content: str) -> list[int]:
    """The numbers written in a line (``X`` and empty cells left out)."""
    return [int(ch) for ch in content if ch.isdigit()]


def is_complete(content: str) -> bool:
    """AMB-HV3: five numbers, no empty cell and no ``X``."""
    return len(numbers(content)) == SIZE


def is_dead(content: str) -> bool:
    """A line holding an ``X`` can never be satisfied."""
    return CROSS in content


def is_satisfied(condition: Condition, content: str) -> bool:
    """Complete, and its condition holds (HV 1.2)."""
    return is_complete(content) and condition.holds(numbers(content))


def can_be_satisfied(condition: Condition, content: str) -> bool:
    """Not dead, and some numbers 1-6 in its empty cells would satisfy it."""
    return not is_dead(content) and condition.reachable(numbers(content), content.count(EMPTY))


def satisfied(board: Board, cells: str, lines: tuple[Line, ...]) -> list[Line]:
    """The satisfied lines among ``lines``."""
    return [line for line in lines if is_satisfied(line.condition(board), line.content(cells))]


def is_won(board: Board, cells: str) -> bool:
    """HV-E1: at least one row and at least one column are satisfied."""
    return bool(satisfied(board, cells, ROWS)) and bool(satisfied(board, cells, COLUMNS))


def still_winnable(board: Board, cells: str) -> bool:
    """The advisory of HV 1.6, negated: False ("no longer winnable") when every row, or every
    column, is dead or can no longer reach its condition."""
    def open_(lines: tuple[Line, ...]) -> bool:
        return any(can_be_satisfied(line.condition(board), line.content(cells)) for line in lines)
    return open_(ROWS) and open_(COLUMNS)


def result(condition: Condition, content: str) -> int:
    """HV-A4 bookkeeping for the result box: the largest count of one value for a
    ``same_ge`` line (Number side), else the sum of the line's numbers (Total side)."""
    if condition.kind == "same_ge":
        return max(Counter(numbers(content)).values(), default=0)
    return sum(numbers(content))


__all__ = ["COLUMNS", "CROSS", "EMPTY", "ROWS", "Line", "can_be_satisfied", "is_complete",
           "is_dead", "is_satisfied", "is_won", "numbers", "result", "satisfied",
           "still_winnable"]
