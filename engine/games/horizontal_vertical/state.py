"""Horizontal & Vertical game state: the roll (HV-A1), writes (HV-A2), passes (HV-A3), their
legality (HV-F1..F8), the end (HV-E1..E3; HV-E4 is the clock's FA-E1) and the score (HV-P1).

A turn is two moves: the roll the camera sees (``roll=1,3,4``), then a write or a pass entered
with the buttons (or inferred from the ink), after which no roll is in view (``roll=-``).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from engine.errors import IllegalMoveError
from engine.fast_alone import base_score
from engine.games.horizontal_vertical import lines
from engine.games.horizontal_vertical.board import Board
from engine.games.horizontal_vertical.dice import (
    ROLLS,
    Assignment,
    Roll,
    assignments,
    reaches_by_reuse,
    roll_text,
)
from engine.games.horizontal_vertical.lines import CROSS, EMPTY
from engine.games.horizontal_vertical.moves import Move, Pass, RollSeen, Write
from engine.games.horizontal_vertical.spot import ALL_SPOTS, SIZE, Spot
from engine.outcome import FAILURE, SUCCESS, Outcome

PASSES = 3  # HV-D1: three pass boxes


@dataclass(frozen=True)
class State:
    """A Horizontal & Vertical position.

    Attributes:
        board: the board side (labels, line conditions, options).
        cells: 25 characters, row-major from the north-west: ``.``, ``1``-``6`` or ``X``.
        passes: pass boxes ticked (``passes_used``, 0-3).
        roll: the three faces in view, ascending, or None when no roll is in view.
    """

    board: Board
    cells: str = EMPTY * SIZE * SIZE
    passes: int = 0
    roll: Roll | None = None

    def position(self) -> str:
        """``...../.4.../...../...../..... passes=1 roll=1,3,4`` (docs/notation)."""
        rows = "/".join(self.cells[r * SIZE:(r + 1) * SIZE] for r in range(SIZE))
        roll = "-" if self.roll is None else roll_text(self.roll)
        return f"{rows} passes={self.passes} roll={roll}"

    def __str__(self) -> str:
        return self.position()

    @property
    def to_move(self) -> int | None:
        """A solo game: nobody's turn."""
        return None

    def at(self, spot: Spot) -> str:
        """The content of the cell named ``spot``: ``.``, a digit or ``X``."""
        return self.cells[self.board.index(spot)]

    def empty_spots(self) -> list[Spot]:
        """The empty cells, in label order (row-major on the default board)."""
        return [s for s in ALL_SPOTS if self.at(s) == EMPTY]

    def addressed_empty(self) -> bool:
        """Whether the roll in view addresses at least one empty cell (HV-E3)."""
        if self.roll is None:
            return False
        empty = set(self.empty_spots())
        return any(a.addresses & empty for a in assignments(self.roll))

    # -- the end ------------------------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        """HV-E1 (checked first), HV-E2, HV-E3; None while the game goes on."""
        if lines.is_won(self.board, self.cells):
            return Outcome(SUCCESS, "HV-E1")
        if EMPTY not in self.cells:
            return Outcome(FAILURE, "HV-E2")
        if self.roll is not None and self.passes >= PASSES and not self.addressed_empty():
            return Outcome(FAILURE, "HV-E3")
        return None

    def score(self, remaining_seconds: float | None,
              outcome: Outcome | None = None) -> int | None:
        """HV-P1: whole minutes left plus unused pass boxes on success; 0 on failure
        (AMB-FA3); None when played unscored (FA-O1, option ``scoring=off``)."""
        if self.board.options.scoring == "off":
            return None
        outcome = self.outcome if outcome is None else outcome
        if outcome is None or not outcome.success:
            return 0
        return base_score(remaining_seconds) + (PASSES - self.passes)

    # -- moves --------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move, in the documented order: the writes ordered by target cell (row
        label, then column label), value, then ``X`` cells (row-major combinations), then the
        passes by their ``X`` cell. Without a roll in view there is none: the player must
        roll first (HV-A1, HV-F8); the rolls are chance (``chance_rolls``)."""
        if self.outcome is not None or self.roll is None:
            return []
        return [*self._legal_writes(self.roll), *self._legal_passes()]

    def chance_rolls(self) -> list[Move]:
        """The 56 rolls (ascending faces) the three dice may show next, while none is in view
        and the game goes on."""
        if self.outcome is not None or self.roll is not None:
            return []
        return [RollSeen(roll) for roll in ROLLS]

    def _legal_writes(self, roll: Roll) -> list[Move]:
        empty = self.empty_spots()
        moves: list[Move] = []
        for target in empty:
            others = [s for s in empty if s != target]
            for a in assignments(roll):
                if target in a.addresses:
                    count = min(a.wildcards, len(others))
                    moves.extend(Write(a.value, target, xs) for xs in combinations(others, count))
        return moves

    def _legal_passes(self) -> list[Move]:
        if self.passes >= PASSES:
            return []
        return [Pass((s,)) for s in self.empty_spots()]

    def play(self, move: Move) -> State:
        """The state after ``move``.

        Raises:
            IllegalMoveError: with the rule code (HV-F1..F8), or the end rule's id when the
                game is already over.
        """
        problem = self.check(move)
        if problem is not None:
            code, message = problem
            raise IllegalMoveError(code, message, move=str(move), position=self.position())
        if isinstance(move, RollSeen):
            return State(self.board, self.cells, self.passes, move.faces)
        cells = list(self.cells)
        for x in move.xs:
            cells[self.board.index(x)] = CROSS
        if isinstance(move, Write):
            cells[self.board.index(move.target)] = str(move.value)
        passes = self.passes + (1 if isinstance(move, Pass) else 0)
        return State(self.board, "".join(cells), passes, None)

    def check(self, move: Move) -> tuple[str, str] | None:
        """The rule ``move`` breaks as (code, message), or None when it is legal."""
        if self.outcome is not None:
            return self.outcome.reason, "the game is over"
        if isinstance(move, RollSeen):
            if self.roll is not None:
                return "HV-F8", f"rolled again before writing or passing {roll_text(self.roll)}"
            return None
        if self.roll is None:
            return "HV-F8", "roll the three dice first"
        if isinstance(move, Pass):
            return self._check_pass(move)
        return self._check_write(move, self.roll)

    def _check_pass(self, move: Pass) -> tuple[str, str] | None:
        if self.passes >= PASSES:
            return "HV-F6", "no pass box left: a fourth pass"
        if len(move.xs) != 1:
            return "HV-F7", ("a pass writes an X" if not move.xs else "a pass writes one X")
        return self._check_free(move.xs[0])

    def _check_free(self, spot: Spot) -> tuple[str, str] | None:
        if self.at(spot) != EMPTY:
            return "HV-F1", f"{spot} already holds {self.at(spot)}"
        return None

    def _check_write(self, move: Write, roll: Roll) -> tuple[str, str] | None:
        if move.extra:
            return "HV-F4", "one number per turn"
        problem = self._check_free(move.target) or self._check_roles(move, roll)
        if problem is not None:
            return problem
        (used,) = [a for a in assignments(roll) if a.value == move.value]
        needed = min(used.wildcards, len(self.empty_spots()) - 1)
        if len(move.xs) != needed:
            return "HV-F5", _x_count_message(needed, used)
        if move.target in move.xs or len(set(move.xs)) != len(move.xs):
            return "HV-F1", "one mark per cell"
        return next(filter(None, (self._check_free(x) for x in move.xs)), None)

    def _check_roles(self, move: Write, roll: Roll) -> tuple[str, str] | None:
        """HV-F2, HV-F3, HV-F4: the target must be addressed by the two dice other than the
        value die, and the number written must be that die's face."""
        addressing = [a for a in assignments(roll) if move.target in a.addresses]
        if not addressing:
            if reaches_by_reuse(roll, move.value, move.target):
                return "HV-F4", f"{move.value}@{move.target} uses one die twice"
            return "HV-F2", f"roll {roll_text(roll)} does not address {move.target}"
        if move.value not in [a.value for a in addressing]:
            allowed = " or ".join(str(a.value) for a in addressing)
            return "HV-F3", f"write the value die's face at {move.target}: {allowed}"
        return None


def _x_count_message(needed: int, used: Assignment) -> str:
    """HV-F5's message: how many X marks this write needs, and why."""
    if needed < used.wildcards:
        if needed == 0:
            return "no empty cell left for an X: no X"
        return f"only {needed} empty cell{'s' if needed != 1 else ''} left: write {needed} X"
    if needed == 0:
        return "no wildcard used: no X"
    return f"{needed} wildcard{'s' if needed != 1 else ''} used: write {needed} X"


__all__ = ["PASSES", "State"]
