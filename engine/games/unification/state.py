"""Unification game state: the push (UN-A1), legality (UN-F1..F3, F5), end (UN-E1, E2), score,
and its position text (``251/46R3/623 P=4 F=none``).

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalMoveError, NotationError
from engine.fast_alone import base_score
from engine.games.unification.board import ALL_SLOTS, EFFECT_LABELS, Board, Slot
from engine.games.unification.effects import Branch, apply_effects
from engine.outcome import FAILURE, SUCCESS, Outcome

CENTRE = 4  # r1c1


def line_cells(entry: Slot) -> tuple[int, int, int]:
    """Cell indices (row-major) of the pushed line, from the entry edge to the far edge."""
    i = entry.line
    if entry.side == "W":
        return (i * 3, i * 3 + 1, i * 3 + 2)
    if entry.side == "E":
        return (i * 3 + 2, i * 3 + 1, i * 3)
    if entry.side == "N":
        return (i, 3 + i, 6 + i)
    return (6 + i, 3 + i, i)


def cell_name(index: int) -> str:
    """Row-major index -> ``"r1c2"``."""
    return f"r{index // 3}c{index % 3}"


@dataclass(frozen=True)
class Move:
    """A push: the entry side and line (``W0``), plus the observed result when needed (``W1=5``)."""

    side: str
    line: int
    result: int | None = None

    def __str__(self) -> str:
        base = f"{self.side}{self.line}"
        return base if self.result is None else f"{base}={self.result}"

    @property
    def entry(self) -> Slot:
        return Slot(self.side, self.line)


@dataclass(frozen=True)
class PushAnalysis:
    """Everything the rules say about one push from a state, legal or not.

    Attributes:
        entry: where the push die comes in; ``exit`` where the far die leaves.
        code/message: the broken rule (UN-F1, UN-F2, UN-F3) or None / "".
        slid: the grid right after the slide, before any effect (``out`` = face that left).
        branches: the possible ends after the effects (empty when illegal).
    """

    entry: Slot
    code: str | None
    message: str
    slid: Branch
    branches: tuple[Branch, ...]

    @property
    def exit(self) -> Slot:
        return self.entry.opposite

    def results(self) -> tuple[int, ...]:
        """The distinct possible faces of the new push die, ascending."""
        return tuple(sorted({b.out for b in self.branches}))


@dataclass(frozen=True)
class State:
    """A Unification position.

    Attributes:
        board: the board side (exit effects, options).
        cells: nine faces, row-major from r0c0 (north-west) to r2c2.
        red: index of the red die's cell.
        push: face of the push die P.
        forbidden: the exit slot of the previous push (UN-F2), None before the first push.
    """

    board: Board
    cells: tuple[int, ...]
    red: int
    push: int
    forbidden: Slot | None = None

    def position(self) -> str:
        """The position text, e.g. ``251/46R3/623 P=4 F=none``."""
        rows = []
        for r in range(3):
            row = ""
            for c in range(3):
                i = r * 3 + c
                row += ("R" if i == self.red else "") + str(self.cells[i])
            rows.append(row)
        forbidden = "none" if self.forbidden is None else str(self.forbidden)
        return f"{'/'.join(rows)} P={self.push} F={forbidden}"

    @property
    def to_move(self) -> int | None:
        """A solo game: nobody's turn."""
        return None

    def __str__(self) -> str:
        return self.position()

    def is_forbidden(self, entry: Slot) -> bool:
        """UN-F2: entering where the previous die left (scope per option push_back_scope)."""
        if self.forbidden is None:
            return False
        if self.board.options.push_back_scope == "side":
            return entry.side == self.forbidden.side
        return entry == self.forbidden

    def analyse(self, entry: Slot) -> PushAnalysis:
        """Slide the line entered at ``entry`` and apply the exit effects, checking UN-F1..F3."""
        near, mid, far = line_cells(entry)
        cells = list(self.cells)
        out = cells[far]
        cells[far], cells[mid], cells[near] = cells[mid], cells[near], self.push
        red = {near: mid, mid: far, far: -1}.get(self.red, self.red)
        slid = Branch(tuple(cells), red, out)
        if red == -1:
            return PushAnalysis(entry, "UN-F1", "red die can't leave", slid, ())
        if self.is_forbidden(entry):
            return PushAnalysis(entry, "UN-F2", "no pushing back", slid, ())
        branches, why = apply_effects(self.board.effects(entry.opposite), slid, self.board.options)
        if not branches:
            return PushAnalysis(entry, "UN-F3", why, slid, ())
        return PushAnalysis(entry, None, "", slid, tuple(branches))

    def analyses(self) -> list[PushAnalysis]:
        """``analyse`` for all twelve entries, in the order N0..N2, E0..E2, S0..S2, W0..W2."""
        return [self.analyse(slot) for slot in ALL_SLOTS]

    def is_uniform(self) -> bool:
        return len(set(self.cells)) == 1

    def legal_moves(self) -> list[Move]:
        """Every legal (push, result) pair; the result is given only when not determined."""
        if self.forbidden is not None and self.is_uniform():
            return []
        moves = []
        for a in self.analyses():
            if a.code is not None:
                continue
            results = a.results()
            if len(results) == 1:
                moves.append(Move(a.entry.side, a.entry.line))
            else:
                moves.extend(Move(a.entry.side, a.entry.line, r) for r in results)
        return moves

    def play(self, move: Move) -> State:
        """The state after ``move``.

        Raises:
            IllegalMoveError: with the rule code (UN-F1, UN-F2, UN-F3, UN-F5; UN-E1 when the game
                is already won).
            NotationError: the move needs the observed result (REROLL, PM2/PM1 with a choice).
        """
        if self.outcome is not None:
            raise self._illegal(self.outcome.reason, "the game is over", move)
        a = self.analyse(move.entry)
        if a.code is not None:
            raise self._illegal(a.code, a.message, move)
        branch = self._pick_branch(a, move)
        return State(self.board, branch.cells, branch.red, branch.out, a.exit)

    def _pick_branch(self, a: PushAnalysis, move: Move) -> Branch:
        results = a.results()
        if move.result is None:
            if len(results) > 1:
                faces = ", ".join(str(r) for r in results)
                raise NotationError(f"move {move} needs the observed result of the effect "
                                    f"({faces}): e.g. {move}={results[0]}")
            return a.branches[0]
        for b in a.branches:
            if b.out == move.result:
                return b
        labels = "/".join(EFFECT_LABELS[c] for c in self.board.effects(a.exit))
        allowed = " or ".join(str(r) for r in results)
        raise self._illegal("UN-F5", f"{labels} on a {a.slid.out} gives {allowed}", move)

    def _illegal(self, code: str, message: str, move: Move) -> IllegalMoveError:
        return IllegalMoveError(code, message, move=str(move), position=self.position())

    @property
    def outcome(self) -> Outcome | None:
        """UN-E1 success after a push with nine equal faces; UN-E2 failure when stuck."""
        if self.forbidden is not None and self.is_uniform():
            return Outcome(SUCCESS, "UN-E1")
        if not self.legal_moves():
            return Outcome(FAILURE, "UN-E2")
        return None

    def score(self, remaining_seconds: float | None, outcome: Outcome | None = None) -> int:
        """UN-P1: whole minutes left, doubled with the red die on r1c1; 0 unless success."""
        outcome = self.outcome if outcome is None else outcome
        if outcome is None or not outcome.success:
            return 0
        minutes = base_score(remaining_seconds)
        return minutes * 2 if self.red == CENTRE else minutes
