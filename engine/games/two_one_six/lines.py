"""The cells and lines of a 2 1 6 grid (TS-D1, TS-D2): what a cell holds and which cells make
each line, named as the ``lines`` tally names them.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.two_one_six.board import LETTERS


@dataclass(frozen=True)
class Entry:
    """A filled cell: its owner (0-based player) and the value written or shown (``A5``)."""

    player: int
    value: int

    def __str__(self) -> str:
        return f"{LETTERS[self.player]}{self.value}"


Cells = tuple[Entry | None, ...]
"""A grid's cells row-major from r0c0 (north-west), None for an empty cell."""


def cell_name(index: int, size: int) -> str:
    """Row-major index -> ``"r1c2"`` (``"r10c11"`` on 12x12)."""
    return f"r{index // size}c{index % size}"


@dataclass(frozen=True)
class Line:
    """A line of the grid: its name in the tally and its cells (row-major indices)."""

    name: str
    cells: tuple[int, ...]


def grid_lines(size: int, diagonals: bool) -> tuple[Line, ...]:
    """TS-D2: rows ``r0``..``r{n-1}`` north to south, columns ``c0``..``c{n-1}`` west to east,
    then with TS-O1 the full diagonals ``main`` (r0c0 to the south-east corner) and ``anti``
    (the north-east corner to the south-west one); shorter diagonals are never lines."""
    rows = [Line(f"r{r}", tuple(r * size + c for c in range(size))) for r in range(size)]
    cols = [Line(f"c{c}", tuple(r * size + c for r in range(size))) for c in range(size)]
    if not diagonals:
        return (*rows, *cols)
    main = Line("main", tuple(i * size + i for i in range(size)))
    anti = Line("anti", tuple(i * size + size - 1 - i for i in range(size)))
    return (*rows, *cols, main, anti)
