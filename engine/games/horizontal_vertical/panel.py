"""What Horizontal & Vertical adds to the device's screen (``engine.panel.Panel``).

Under the clock: the roll in view and the passes used (``roll 1,3,4  pass 1/3``), preceded by
"no longer winnable" once every row, or every column, is dead or out of reach (HV 1.6). The
sketch: the 5 x 5 grid as written (a number, ``X``, ``.``), rows north to south.

What the buttons enter (``Walk``), always a move the rules list as legal now: with a roll in
view, a write (the value die's face, lighting the cells that value may be written in; the
cell; then one ``X`` cell per wildcard used, ascending) or a pass (then its ``X`` cell); with
no roll in view, the roll itself, die by die in ascending order, for when the camera cannot
read the dice. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from functools import lru_cache

from engine.games.horizontal_vertical.advisory import winnable
from engine.games.horizontal_vertical.dice import roll_text
from engine.games.horizontal_vertical.moves import Pass, RollSeen, Write
from engine.games.horizontal_vertical.spot import ALL_SPOTS, SIZE, Spot
from engine.games.horizontal_vertical.state import PASSES, State
from engine.panel import Panel, Sketch, Step, Walk

WRITE_LABEL = "write or pass"
ROLL_LABEL = "enter the roll"


def panel(state: State) -> Panel:
    """The panel of ``state`` (see the module docstring)."""
    roll = f"roll {roll_text(state.roll)}" if state.roll else "roll the dice"
    lines: tuple[str, ...] = (f"{roll}  pass {state.passes}/{PASSES}",)
    if state.outcome is None and not winnable(state):
        lines = ("no longer winnable", *lines)
    return Panel(lines=lines, sketch=sketch(state),
                 walk=None if state.outcome is not None else walk(state))


def sketch(state: State) -> Sketch:
    """The grid as written: a number, ``X`` or ``.`` per cell, rows north to south."""
    return Sketch(tuple(state.cells[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)))


@lru_cache(maxsize=8)
def walk(state: State) -> Walk | None:
    """The moves the buttons may enter in ``state`` as a walk (see the module docstring);
    None when there is none."""
    if state.roll is None:
        rolls = [m for m in state.chance_rolls() if isinstance(m, RollSeen)]
        return Walk(ROLL_LABEL, tuple((_roll_steps(m), str(m)) for m in rolls)) if rolls else None
    marks = [m for m in state.legal_moves() if isinstance(m, Write | Pass)]
    if not marks:
        return None
    steps = _Steps(state, marks)
    return Walk(WRITE_LABEL, tuple((steps.of(m), str(m))
                                   for m in sorted(marks, key=steps.order)))


class _Steps:
    """The steps of a state's writes and passes, each made once and shared by the paths."""

    def __init__(self, state: State, marks: list[Write | Pass]) -> None:
        self.index = {s: state.board.index(s) for s in ALL_SPOTS}
        self.x = {s: Step(f"X at {s}", frozenset({divmod(i, SIZE)}))
                  for s, i in self.index.items()}
        targets: dict[int, set[tuple[int, int]]] = {}
        for m in marks:
            if isinstance(m, Write):
                targets.setdefault(m.value, set()).add(divmod(self.index[m.target], SIZE))
        self.value = {v: Step(f"write {v}", frozenset(cells)) for v, cells in targets.items()}
        self.pass_ = Step("pass", frozenset(divmod(self.index[s], SIZE)
                                            for s in state.empty_spots()))
        self.target: dict[tuple[int, Spot], Step] = {}

    def order(self, move: Write | Pass) -> tuple[int, int, int, tuple[int, ...]]:
        """Writes by value, then cell, then ``X`` cells; passes last, by their ``X`` cell."""
        xs = tuple(self.index[x] for x in move.xs)
        if isinstance(move, Write):
            return (0, move.value, self.index[move.target], xs)
        return (1, 0, 0, xs)

    def of(self, move: Write | Pass) -> tuple[Step, ...]:
        """The steps of ``move``: the value (or the pass), the cell, each ``X``."""
        xs = tuple(self.x[x] for x in move.xs)
        if isinstance(move, Pass):
            return (self.pass_, *xs)
        key = (move.value, move.target)
        if key not in self.target:
            cell = divmod(self.index[move.target], SIZE)
            self.target[key] = Step(f"{move.value} at {move.target}", frozenset({cell}))
        return (self.value[move.value], self.target[key], *xs)


def _roll_steps(move: RollSeen) -> tuple[Step, ...]:
    faces = [str(f) for f in move.faces]
    return tuple(Step("roll " + ",".join(faces[:k + 1])) for k in range(len(faces)))


__all__ = ["ROLL_LABEL", "WRITE_LABEL", "panel", "sketch", "walk"]
