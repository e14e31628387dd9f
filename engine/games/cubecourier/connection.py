"""The 3 x 3 grid and the connection test (rules section 6, CC-E1, AMB-CC1).

A connection is a group of cells showing the same top colour, joined orthogonally, that
touches two opposite edges (row 0 and row 2, or column 0 and column 2). The chain the referee
announces is one path through such a group, chosen by a fixed rule (``winning_chain``).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engine.games.cubecourier.cube import COLOURS, DIRECTIONS
from engine.table import Cell

SIZE = 3
CELLS = tuple(Cell(r, c) for r in range(SIZE) for c in range(SIZE))
"""Every cell in reading order: north to south, then west to east."""


def index(cell: Cell) -> int:
    """Row-major index of a cell (r0c0 is 0, r2c2 is 8)."""
    return cell.r * SIZE + cell.c


def on_grid(r: int, c: int) -> bool:
    return 0 <= r < SIZE and 0 <= c < SIZE


def step(cell: Cell, direction: str) -> Cell | None:
    """The cell next to ``cell`` in ``direction`` (N/E/S/W), None off the grid."""
    dr, dc = DIRECTIONS[direction]
    r, c = cell.r + dr, cell.c + dc
    return Cell(r, c) if on_grid(r, c) else None


def direction_between(a: Cell, b: Cell) -> str | None:
    """The direction from ``a`` to an orthogonally adjacent ``b``, None when not adjacent."""
    return next((d for d in DIRECTIONS if step(a, d) == b), None)


def neighbours(cell: Cell) -> Iterator[Cell]:
    """The orthogonal neighbours, in the order N, E, S, W (diagonals never count, AMB-CC1)."""
    for d in DIRECTIONS:
        n = step(cell, d)
        if n is not None:
            yield n


@dataclass(frozen=True)
class Chain:
    """One winning connection as the referee announces it.

    Attributes:
        colour: the chain's top colour (K, R, W).
        cells: a path from one edge to the opposite edge (north to south, or west to east).
    """

    colour: str
    cells: tuple[Cell, ...]

    def __str__(self) -> str:
        return "-".join(str(c) for c in self.cells)


def winning_chain(tops: Sequence[str | None]) -> Chain | None:
    """The connection to announce, or None when there is none (CC-E1).

    ``tops`` are the nine visible top colours in reading order (None for an empty cell).
    The rule: colours are tried in the order K, R, W, and for each colour north-south before
    west-east; the chain is a shortest path of that colour from the first edge (row 0, or
    column 0) to the opposite one, and among shortest paths the first in reading order,
    compared cell by cell. In a reachable position one move completes connections of one
    colour only, so the order of colours only matters for made-up positions.
    """
    for colour in COLOURS:
        for axis in ("r", "c"):
            path = _shortest_path(tops, colour, axis)
            if path is not None:
                return Chain(colour, path)
    return None


def _coordinate(cell: Cell, axis: str) -> int:
    return cell.r if axis == "r" else cell.c


def _shortest_path(tops: Sequence[str | None], colour: str,
                   axis: str) -> tuple[Cell, ...] | None:
    """The first shortest path of ``colour`` from coordinate 0 to SIZE-1 along ``axis``."""
    best: tuple[Cell, ...] | None = None
    starts = [c for c in CELLS if _coordinate(c, axis) == 0 and tops[index(c)] == colour]
    for start in starts:
        for path in _paths(tops, colour, axis, (start,)):
            if best is None or (len(path), _key(path)) < (len(best), _key(best)):
                best = path
    return best


def _key(path: tuple[Cell, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((c.r, c.c) for c in path)


def _paths(tops: Sequence[str | None], colour: str, axis: str,
           path: tuple[Cell, ...]) -> Iterator[tuple[Cell, ...]]:
    """Every simple path of ``colour`` cells extending ``path`` that ends at the far edge."""
    last = path[-1]
    if _coordinate(last, axis) == SIZE - 1:
        yield path
        return
    for n in neighbours(last):
        if n not in path and tops[index(n)] == colour:
            yield from _paths(tops, colour, axis, (*path, n))
