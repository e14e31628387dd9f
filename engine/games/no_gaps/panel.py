"""What No Gaps adds to the device's screen (``engine.panel.Panel``).

Under the clock: the rerolls used and the last tile (``rerolls 1/4  last O4``), preceded by
"no longer winnable" once it is proven that the grid can no longer be filled (section 3.6,
``advisory``). The sketch: the 6 x 6 grid, ``#`` a covered cell.

What the buttons enter (``Walk``), always a move the rules list as legal now: with fresh dice,
a tile: the die (its face), the tile (of that face, with a copy left), the tile's shape (one of
its rotations and reflections that fits somewhere, lit where it first fits) and its place
(lit), or a 6 set aside; with no fresh die, the reroll's faces die by die (ascending), for when
the camera cannot read them. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from functools import lru_cache

from engine.games.no_gaps import advisory
from engine.games.no_gaps.board import COLS, ROWS
from engine.games.no_gaps.moves import Aside, Draw, Reroll, cell_text
from engine.games.no_gaps.shapes import CellRC
from engine.games.no_gaps.state import State
from engine.panel import Panel, Sketch, Step, Walk

TILE_LABEL = "enter a tile"
REROLL_LABEL = "enter the reroll"
Shape = tuple[CellRC, ...]


def panel(state: State) -> Panel:
    """The panel of ``state`` (see the module docstring)."""
    line = f"rerolls {state.rerolls}/{state.board.rerolls}"
    if state.last is not None:
        line += f"  last {state.last}"
    lines: tuple[str, ...] = (line,)
    if state.outcome is None and advisory.no_longer_winnable(state):
        lines = ("no longer winnable", *lines)
    return Panel(lines=lines, sketch=sketch(state),
                 walk=None if state.outcome is not None else walk(state))


def sketch(state: State) -> Sketch:
    """The grid: ``#`` a covered cell, ``.`` an empty one, rows north to south."""
    return Sketch(tuple("".join("#" if state.is_covered(r, c) else "." for c in range(COLS))
                        for r in range(ROWS)))


@lru_cache(maxsize=8)
def walk(state: State) -> Walk | None:
    """The moves the buttons may enter in ``state`` as a walk (see the module docstring);
    None when there is none."""
    moves = state.legal_moves()
    if not moves:
        return None
    if all(isinstance(m, Reroll) for m in moves):
        return Walk(REROLL_LABEL, tuple((_reroll_steps(m), str(m)) for m in moves
                                        if isinstance(m, Reroll)))
    shapes = _shapes([m for m in moves if isinstance(m, Draw)])
    return Walk(TILE_LABEL, tuple((_steps(m, shapes), str(m)) for m in moves
                                  if isinstance(m, Draw | Aside)))


def normal(cells: tuple[CellRC, ...]) -> Shape:
    """A placement's shape: its cells moved to the grid's north-west corner, row-major."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def _shapes(draws: list[Draw]) -> dict[tuple[int, str, Shape], Step]:
    """Each tile's shapes in the order its placements list them: ``shape k/n``, lit on the
    first placement of that shape."""
    first: dict[tuple[int, str], dict[Shape, tuple[CellRC, ...]]] = {}
    for d in draws:
        first.setdefault((d.face, d.tile), {}).setdefault(normal(d.cells), d.cells)
    steps = {}
    for (face, tile), shapes in first.items():
        for k, (shape, cells) in enumerate(shapes.items()):
            steps[(face, tile, shape)] = Step(f"shape {k + 1}/{len(shapes)}", frozenset(cells))
    return steps


def _steps(move: Draw | Aside, shapes: dict[tuple[int, str, Shape], Step]) -> tuple[Step, ...]:
    die = Step(f"die {move.face}")
    if isinstance(move, Aside):
        return (die, Step("set aside"))
    shape = shapes[(move.face, move.tile, normal(move.cells))]
    return (die, Step(move.tile), shape,
            Step(f"at {cell_text(move.cells[0])}", frozenset(move.cells)))


def _reroll_steps(move: Reroll) -> tuple[Step, ...]:
    faces = [str(f) for f in move.faces]
    return tuple(Step("reroll " + ",".join(faces[:k + 1])) for k in range(len(faces)))


__all__ = ["REROLL_LABEL", "TILE_LABEL", "normal", "panel", "sketch", "walk"]
