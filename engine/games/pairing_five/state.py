"""Pairing Five game state: placements (PF-A1), effects (PF-A2), legality (PF-F1..F10), end
(PF-E1, PF-E2), score (PF-P1) and the position text
(``A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5,6 pending=-``).

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from engine.errors import IllegalMoveError
from engine.fast_alone import base_score
from engine.games.pairing_five.board import AREA_CHANGE, AREAS, EFFECT_LABELS, Board
from engine.games.pairing_five.effects import (
    Areas,
    can_fire,
    effect_moves,
    swap,
    value_results,
)
from engine.games.pairing_five.moves import (
    AreaChange,
    Change,
    Die,
    EffectMove,
    Move,
    Place,
    SameReroll,
    canonical,
)
from engine.outcome import FAILURE, SUCCESS, Outcome

CELLS = (1, 2)
Problem = tuple[str, str]  # (rule id, OLED sentence)


def cell_name(area: str, cell: int) -> str:
    """``("B", 2)`` -> ``"B 2nd"`` for messages."""
    return f"{area} {'1st' if cell == 1 else '2nd'}"


def _area_text(cells: tuple[Die | None, Die | None]) -> str:
    return "+".join("." if d is None else str(d) for d in cells)


@dataclass(frozen=True)
class State:
    """A Pairing Five position.

    Attributes:
        board: the board side (effects per area, options).
        areas: areas A to E, each (1st cell, 2nd cell), a ``Die`` or None.
        unused: the dice not placed yet, in ``canonical`` order (red first, then ascending).
        pending: the area whose effect must be resolved before the next placement, or None.
    """

    board: Board
    areas: Areas
    unused: tuple[Die, ...]
    pending: str | None = None

    def position(self) -> str:
        """The position text, e.g. ``A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5,6 pending=-``."""
        areas = " ".join(f"{a}={_area_text(c)}" for a, c in zip(AREAS, self.areas))
        unused = ",".join(str(d) for d in self.unused) or "-"
        return f"{areas} U={unused} pending={self.pending or '-'}"

    def __str__(self) -> str:
        return self.position()

    @property
    def to_move(self) -> int | None:
        """A solo game: nobody's turn."""
        return None

    def cells(self, area: str) -> tuple[Die | None, Die | None]:
        """The (1st, 2nd) cells of ``area``."""
        return self.areas[AREAS.index(area)]

    @property
    def effect(self) -> str | None:
        """The code of the pending effect, or None."""
        return None if self.pending is None else self.board.effect(self.pending)

    @property
    def placed(self) -> list[Die]:
        return [d for cells in self.areas for d in cells if d is not None]

    # ------------------------------------------------------------------ moves

    def legal_moves(self) -> list[Move]:
        """Every legal move: the pending effect's results (``effects.effect_moves`` order),
        else every legal placement by area A..E, cell 1 then 2, die (red first, then faces
        ascending; equal dice give one move)."""
        if not self.unused:
            return []
        if self.pending is not None:
            return list(self.effect_results())
        return list(self._placements())

    def effect_results(self) -> list[EffectMove]:
        """Every allowed result of the pending effect (none when nothing is pending)."""
        if self.pending is None:
            return []
        return effect_moves(self.board.effect(self.pending), self.areas, self.unused,
                            self.pending, self.board.options)

    def _placements(self) -> Iterator[Place]:
        for area in AREAS:
            for cell in CELLS:
                for die in dict.fromkeys(self.unused):
                    move = Place(area, cell, die)
                    if self._placement_problem(move) is None:
                        yield move

    def play(self, move: Move) -> State:
        """The state after ``move``.

        Raises:
            IllegalMoveError: with the rule code (PF-F1..F10), or PF-E1/PF-E2 when the game is
                already over.
        """
        outcome = self.outcome
        if outcome is not None:
            raise self._illegal((outcome.reason, "the game is over"), move)
        if isinstance(move, Place):
            problem = self._placement_problem(move)
        else:
            problem = self._effect_problem(move)
        if problem is not None:
            raise self._illegal(problem, move)
        return self._apply(move)

    def _illegal(self, problem: Problem, move: Move) -> IllegalMoveError:
        return IllegalMoveError(problem[0], problem[1], move=str(move),
                                position=self.position())

    # ------------------------------------------------------------ placements

    def _placement_problem(self, move: Place) -> Problem | None:
        """PF-A1's preconditions in the rules' order; the first one broken."""
        if self.pending is not None:
            return "PF-F8", f"resolve the effect of {self.pending} first"
        first = any(d.red for d in self.unused)
        if first and not move.die.red:
            return "PF-F1", "the first die must be the red one"
        if move.die.red and move.cell == 2:
            return "PF-F1", "the red die goes into a 1st cell"
        if move.die not in self.unused:
            return "PF-F8", f"no unused die shows {move.die}"
        return self._cell_problem(move) or self._effect_fires_problem(move)

    def _cell_problem(self, move: Place) -> Problem | None:
        first, second = self.cells(move.area)
        if (first, second)[move.cell - 1] is not None:
            return "PF-F8", f"{cell_name(move.area, move.cell)} is occupied"
        if move.cell == 2:
            empty = [a for a, cells in zip(AREAS, self.areas) if cells[0] is None]
            if empty:
                return "PF-F2", f"fill every 1st cell first ({empty[0]} is empty)"
            if first is not None and move.die.face != first.face:
                return "PF-F4", f"{move.area} 2nd must show {first.face}"
            return None
        for area, cells in zip(AREAS, self.areas):
            if area != move.area and any(d is not None and d.face == move.die.face
                                         for d in cells):
                return "PF-F3", f"{move.die.face} is already in area {area}"
        return None

    def _effect_fires_problem(self, move: Place) -> Problem | None:
        after = self._place(move)
        code = self.board.effect(move.area)
        if after.unused and not can_fire(code, after.areas, after.unused, move.area,
                                         self.board.options):
            return "PF-F5", f"{move.area}'s effect can't fire ({EFFECT_LABELS[code]})"
        return None

    def _place(self, move: Place) -> State:
        areas = list(self.areas)
        cells = list(areas[AREAS.index(move.area)])
        cells[move.cell - 1] = move.die
        areas[AREAS.index(move.area)] = (cells[0], cells[1])
        unused = list(self.unused)
        unused.remove(move.die)
        return State(self.board, tuple(areas), tuple(unused),
                     move.area if unused else None)

    # --------------------------------------------------------------- effects

    def _effect_problem(self, move: EffectMove) -> Problem | None:
        """The rule an effect result breaks: none pending (PF-F6, PF-F8 for a swap), another
        area's effect (PF-F7, PF-F8 for a swap), then the effect's own rules."""
        code = self.effect
        if isinstance(move, AreaChange):
            if code != AREA_CHANGE:
                return "PF-F8", "placed dice move only by an area change"
            return self._swap_problem(move)
        if code is None:
            return "PF-F6", "no effect is pending: place a die first"
        named = move.effect if isinstance(move, Change) else "SAME_REROLL"
        if named != code:
            return "PF-F7", f"{self.pending}'s effect is {code}, not {named}"
        if isinstance(move, Change):
            return self._change_problem(move)
        return self._same_reroll_problem(move)

    def _change_problem(self, move: Change) -> Problem | None:
        if move.die.red:
            return "PF-F6", "the red die is placed: effects act on unused dice"
        if move.die not in self.unused:
            return "PF-F6", f"no unused die shows {move.die}"
        allowed = value_results(move.effect, move.die.face, self.board.options)
        if move.result not in allowed:
            faces = ",".join(str(f) for f in allowed)
            return "PF-F7", f"{move.effect} on a {move.die.face} gives {faces}"
        return None

    def _same_reroll_problem(self, move: SameReroll) -> Problem | None:
        count = sum(1 for d in self.unused if d.face == move.value)
        if count < 2:
            return "PF-F9", f"{count} unused dice show {move.value}: need 2 or more"
        if len(move.results) < count:
            return "PF-F9", f"reroll all {count} dice showing {move.value}"
        if len(move.results) > count:
            return "PF-F6", f"only the {count} dice showing {move.value} are rerolled"
        return None

    def _swap_problem(self, move: AreaChange) -> Problem | None:
        if move.first == move.second:
            return "PF-F10", "swap two different areas"
        for area in (move.first, move.second):
            if self.cells(area) == (None, None):
                return "PF-F10", f"area {area} is empty"
        if self.board.options.area_change_scope == "others" and self.pending in (
                move.first, move.second):
            return "PF-F10", f"swap two areas other than {self.pending}"
        return None

    def _apply(self, move: Move) -> State:
        if isinstance(move, Place):
            return self._place(move)
        if isinstance(move, AreaChange):
            return State(self.board, swap(self.areas, move.first, move.second), self.unused)
        if isinstance(move, Change):
            unused = list(self.unused)
            unused.remove(move.die)
            return State(self.board, self.areas, canonical([*unused, Die(move.result)]))
        kept = [d for d in self.unused if d.face != move.value]
        return State(self.board, self.areas,
                     canonical([*kept, *(Die(r) for r in move.results)]))

    # ------------------------------------------------------------ end, score

    @cached_property
    def outcome(self) -> Outcome | None:
        """PF-E1 success once every die is placed; PF-E2 failure when no effect is pending and
        no unused die can be placed anywhere (worked out once per position)."""
        if not self.unused:
            return Outcome(SUCCESS, "PF-E1")
        if self.pending is None and next(self._placements(), None) is None:
            return Outcome(FAILURE, "PF-E2")
        return None

    def score(self, remaining_seconds: float | None, outcome: Outcome | None = None) -> int:
        """PF-P1: whole minutes left on success (FA-P3, no bonus); 0 otherwise (FA-P5)."""
        outcome = self.outcome if outcome is None else outcome
        if outcome is None or not outcome.success:
            return 0
        return base_score(remaining_seconds)
