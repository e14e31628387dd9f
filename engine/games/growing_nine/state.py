"""Growing Nine game state: the set-up (GN-S1..S4), rolls and appearances (GN-A1..A3), their
legality (GN-F1..F5), the end (GN-E1..E5) and the score (GN-P1, GN-P2).

A state is in one of two phases. **Set-up**: the ten dice are rolled (their tops are known, red's
and the nine white ones) and not yet placed; its one kind of move is ``Place``. **Play**: dice on
the grid (each with its top, and its full orientation once a roll has shown it, README 3.4) and
the waiting queue; its moves are ``Roll`` (legal ones listed) and the ``Circles`` declaration.

What the position text cannot say is kept out of equality: the history of positions (GN-E5
counts the occurrences of each position since the state was parsed or set up) and an end that
happened as an event (GN-E3, GN-E5). A state parsed from its own text is therefore equal to it,
with a fresh history. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from engine.errors import IllegalMoveError, NotationError
from engine.fast_alone import base_score
from engine.games.growing_nine.board import Board
from engine.games.growing_nine.dice import (
    DIRECTIONS,
    Orientation,
    side_faces,
    track,
    with_top,
)
from engine.games.growing_nine.moves import Circles, Move, Place, Roll, die_text, queue_text
from engine.outcome import FAILURE, SUCCESS, Outcome
from engine.table import Cell

Key = tuple[tuple[tuple[int, bool, int], ...], int]
"""GN-E5's position: each occupied cell (index, red, top) and the number of waiting dice."""


@dataclass(frozen=True)
class Die:
    """A die on the grid.

    Attributes:
        red: the red die (else white).
        top: the face on top (what the camera reads).
        known: the full orientation ``(T, N, E)`` once tracking has pinned it (README 3.4),
            None while only the top is known (four candidates).
    """

    red: bool
    top: int
    known: Orientation | None = None

    def text(self) -> str:
        """``R3``, ``W315``: colour, then the top alone or the known orientation."""
        return die_text(self.red, str(self.known) if self.known else str(self.top))

    def candidates(self, handedness: str) -> tuple[Orientation, ...]:
        """The orientations this die may have (one when known, else the four with its top)."""
        return (self.known,) if self.known else with_top(self.top, handedness)


@dataclass(frozen=True)
class State:
    """A Growing Nine position (see the module docstring).

    Attributes:
        board: the board side (grid, spawn pairs, waiting places, options).
        cells: row-major grid content, ``rows * cols`` entries, None for an empty cell (all
            None in the set-up phase).
        queue: the tops of the waiting dice, the next to appear first (empty in set-up).
        rolled: set-up phase only: red's top then the nine white tops ascending; None in play.
        history: the positions met since this state's history began (not compared).
        ended: an end that happened as an event, GN-E3 or GN-E5 (not compared).
    """

    board: Board
    cells: tuple[Die | None, ...]
    queue: tuple[int, ...]
    rolled: tuple[int, ...] | None = None
    history: tuple[Key, ...] = field(default=(), compare=False, repr=False)
    ended: Outcome | None = field(default=None, compare=False)

    @classmethod
    def new(cls, board: Board, cells: tuple[Die | None, ...], queue: tuple[int, ...]) -> State:
        """A play-phase state whose history starts with itself."""
        state = cls(board, cells, queue)
        return replace(state, history=(state.key(),))

    @classmethod
    def rolled_dice(cls, board: Board, red: int, whites: tuple[int, ...]) -> State:
        """The set-up phase (GN-S1): the ten dice rolled, red showing ``red``."""
        empty: tuple[Die | None, ...] = (None,) * (board.rows * board.cols)
        return cls(board, empty, (), (red, *sorted(whites)))

    # --- reading the position ---------------------------------------------------------------

    @property
    def setting_up(self) -> bool:
        return self.rolled is not None

    def die(self, cell: Cell) -> Die | None:
        """The die on ``cell``, None when empty or off the grid."""
        return self.cells[self.board.index(cell)] if self.board.on_grid(cell) else None

    def dice(self) -> Iterator[tuple[Cell, Die]]:
        """Every die on the grid with its cell, row-major."""
        for cell in self.board.cells():
            die = self.die(cell)
            if die is not None:
                yield cell, die

    def red_cell(self) -> Cell:
        return next(cell for cell, die in self.dice() if die.red)

    def red_top(self) -> int:
        return next(die.top for _, die in self.dice() if die.red)

    def matching(self) -> tuple[Cell, ...]:
        """``M``: the white dice whose top equals the red die's top, row-major."""
        red = self.red_top()
        return tuple(cell for cell, die in self.dice() if not die.red and die.top == red)

    def movers(self) -> tuple[Cell, ...]:
        """The dice that must roll now: ``M`` (GN-A1), or the red die when ``M`` is empty."""
        return self.matching() or (self.red_cell(),)

    def free(self, cell: Cell) -> bool:
        """True for an open grid cell without a die."""
        return self.board.open(cell) and self.die(cell) is None

    def can_roll(self, cell: Cell) -> bool:
        """True when the die on ``cell`` has an empty adjacent cell."""
        return any(self.free(self.board.step(cell, d)) for d in DIRECTIONS)

    def key(self) -> Key:
        """This position as GN-E5 compares positions: cells, colours, tops, queue length."""
        occupied = tuple((self.board.index(c), d.red, d.top) for c, d in self.dice())
        return occupied, len(self.queue)

    def position(self) -> str:
        """``r0c0=R3 r0c3=W5 r3c0=W315 r3c3=W2 q=614253``; set-up: ``rolled R3 W122345556``."""
        if self.rolled is not None:
            return f"rolled R{self.rolled[0]} W{''.join(str(t) for t in self.rolled[1:])}"
        dice = [f"{cell}={die.text()}" for cell, die in self.dice()]
        return " ".join([*dice, queue_text(self.queue)])

    def __str__(self) -> str:
        return self.position()

    @property
    def to_move(self) -> int | None:
        """A solo game: nobody's turn."""
        return None

    # --- moves --------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move in a stable order (docs/notation/growing-nine.md).

        Play: the dice that must roll in row-major order, directions N, E, S, W; a die whose
        orientation is known rolls without a top (``r3c0 N``: the top is predicted), one whose
        orientation is unknown once per possible top, ascending (``r3c3 N=1``). Set-up: every
        placement, red's spawn cell first (row-major), then the white tops on the other spawn
        cells (row-major) and the queue, in ascending order. ``circles`` is never listed.
        """
        if self.outcome is not None:
            return []
        if self.rolled is not None:
            return list(self._placements(self.rolled))
        moves: list[Move] = []
        for cell in self.movers():
            die = self.die(cell)
            for d in DIRECTIONS:
                if die is None or not self.free(self.board.step(cell, d)):
                    continue
                if die.known:
                    moves.append(Roll(cell, d))
                else:
                    moves += [Roll(cell, d, top) for top in side_faces(die.top)]
        return moves

    def _placements(self, rolled: tuple[int, ...]) -> Iterator[Place]:
        spawns = self.board.spawns
        n = len(spawns)
        for k in range(n):  # the red die on the k-th spawn cell
            reds = tuple(i == k for i in range(n))
            for seq in _distinct_orders(rolled[1:]):
                tops = seq[:k] + (rolled[0],) + seq[k:n - 1]
                yield Place(tuple(zip(spawns, reds, tops, strict=True)), seq[n - 1:])

    def play(self, move: Move) -> State:
        """The state after ``move``.

        Raises:
            IllegalMoveError: with the rule code: GN-F1 a white die that does not match red,
                GN-F2 red while a white die matches, GN-F3 a top a one-cell roll cannot show,
                GN-F4 off the grid, onto a blocked or an occupied cell, GN-F5 a placement whose
                tops differ from the roll; the end rule's id when the game is over.
            NotationError: no die on the move's cell; a roll of a die whose orientation is
                unknown without the top seen; a move of the other phase.
        """
        if self.outcome is not None:
            raise self._illegal(self.outcome.reason, "the game is over", move)
        if isinstance(move, Circles):
            if self.rolled is not None:
                raise NotationError("circles: finish the set-up first (place the dice)")
            return replace(self, ended=Outcome(FAILURE, "GN-E5"))
        if isinstance(move, Place):
            return self._play_place(move)
        return self._play_roll(move)

    def _illegal(self, code: str, message: str, move: Move) -> IllegalMoveError:
        return IllegalMoveError(code, message, move=str(move), position=self.position())

    def _play_roll(self, move: Roll) -> State:
        if self.rolled is not None:
            raise NotationError(f"{move}: the dice are not placed yet: the set-up move is "
                                f"'place ...'")
        die = self.die(move.cell)
        if die is None:
            raise NotationError(f"{move}: there is no die on {move.cell} in {self.position()}")
        self._check_who(move)
        dst = self.board.step(move.cell, move.direction)
        self._check_where(move, dst)
        return self._after_roll(move.cell, dst, self._rolled_die(move, die))

    def who_problem(self, cell: Cell) -> tuple[str, str] | None:
        """Whether the die on ``cell`` may roll now: GN-F2 red waits while ``M`` is not empty;
        GN-F1 only the white dice matching red roll. ``(code, message)`` or None."""
        die = self.die(cell)
        if die is None:
            return None
        if die.red and self.matching():
            return "GN-F2", f"{self.matching()[0]} matches red: red waits"
        if not die.red and die.top != self.red_top():
            return "GN-F1", f"{cell} shows {die.top}, red {self.red_top()}"
        return None

    def _check_who(self, move: Roll) -> None:
        problem = self.who_problem(move.cell)
        if problem is not None:
            raise self._illegal(*problem, move)

    def _check_where(self, move: Roll, dst: Cell) -> None:
        """GN-F4: the destination is an empty, open grid cell."""
        if not self.board.on_grid(dst):
            raise self._illegal("GN-F4", f"{move.cell} {move.direction} is off the grid", move)
        if dst in self.board.blocked:
            raise self._illegal("GN-F4", f"{dst} is blocked", move)
        if self.die(dst) is not None:
            raise self._illegal("GN-F4", f"{dst} is occupied", move)

    def _rolled_die(self, move: Roll, die: Die) -> Die:
        """The die after the roll, tracked (README 3.4); GN-F3 when the top cannot follow."""
        if die.known:
            after = die.known.rolled(move.direction)
            if move.top is not None and move.top != after.t:
                raise self._illegal("GN-F3", f"this roll shows {after.t}, not {move.top}", move)
            return Die(die.red, after.t, after)
        if move.top is None:
            tops = "/".join(str(t) for t in side_faces(die.top))
            raise NotationError(f"move {move} needs the top seen after the roll while only the "
                                f"top of {move.cell} is known: {move}={{{tops}}}")
        found = track(die.candidates(self.board.options.handedness), move.direction, move.top)
        if not found:
            raise self._illegal("GN-F3", _not_a_roll(die.top, move.top), move)
        return Die(die.red, move.top, found[0])

    def _after_roll(self, src: Cell, dst: Cell, die: Die) -> State:
        """Move the die, then GN-A3's appearance (or GN-E3), then count the position (GN-E5)."""
        cells = list(self.cells)
        cells[self.board.index(src)] = None
        cells[self.board.index(dst)] = die
        queue, ended = self.queue, None
        pair = self.board.pair_of(dst)
        if not die.red and pair is not None and queue:
            if cells[self.board.index(pair)] is not None:
                ended = Outcome(FAILURE, "GN-E3")
            else:
                cells[self.board.index(pair)] = Die(False, queue[0])
                queue = queue[1:]
        after = State(self.board, tuple(cells), queue, ended=ended)
        after = replace(after, history=self.history + (after.key(),))
        if after.outcome is None and after.repeated():
            after = replace(after, ended=Outcome(FAILURE, "GN-E5"))
        return after

    def repeated(self) -> bool:
        """GN-E5: this position has now occurred as often as the option ``repetition`` says."""
        limit = self.board.options.repetition
        return limit is not None and self.history.count(self.key()) >= limit

    def _play_place(self, move: Place) -> State:
        """GN-S2..S4: the placed dice must show the tops rolled (GN-F5: no die turned)."""
        if self.rolled is None:
            raise NotationError(f"{move}: the set-up is already done")
        check_placement(self.board, move)
        red = next(top for _, is_red, top in move.spawns if is_red)
        whites = [top for _, is_red, top in move.spawns if not is_red] + list(move.queue)
        if (red, *sorted(whites)) != self.rolled:
            raise self._illegal("GN-F5", _turned_text(self.rolled, (red, *sorted(whites))),
                                move)
        return placed(self.board, move)

    # --- end and score ------------------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        """GN-E3/E5 as they happened; GN-E1 success once no die waits; GN-E2 failure when
        matching dice exist and none can roll; GN-E4 failure when red must roll and cannot."""
        if self.rolled is not None:
            return None
        if self.ended is not None:
            return self.ended
        if not self.queue:
            return Outcome(SUCCESS, "GN-E1")
        matching = self.matching()
        if matching and not any(self.can_roll(c) for c in matching):
            return Outcome(FAILURE, "GN-E2")
        if not matching and not self.can_roll(self.red_cell()):
            return Outcome(FAILURE, "GN-E4")
        return None

    def score(self, remaining_seconds: float | None,
              outcome: Outcome | None = None) -> int | None:
        """GN-P1 success: whole minutes left; GN-P2 failure (timeout included): minus the
        waiting dice (during set-up: minus every waiting place); None while playing."""
        outcome = self.outcome if outcome is None else outcome
        if outcome is None:
            return None
        if outcome.success:
            return base_score(remaining_seconds)
        return -(self.board.waiting if self.rolled is not None else len(self.queue))


def placed(board: Board, move: Place) -> State:
    """The play-phase state a set-up gives: each die's top alone is known (GN-S2, GN-S3)."""
    cells: list[Die | None] = [None] * (board.rows * board.cols)
    for cell, is_red, top in move.spawns:
        cells[board.index(cell)] = Die(is_red, top)
    return State.new(board, tuple(cells), move.queue)


def check_placement(board: Board, move: Place) -> None:
    """GN-S2, GN-S3, GN-S4: one die on every spawn cell, red among them, a full waiting area.

    Raises:
        NotationError: saying which part of the placement is missing or misplaced.
    """
    cells = tuple(cell for cell, _, _ in move.spawns)
    if cells != board.spawns:
        spawns = ", ".join(str(c) for c in board.spawns)
        raise NotationError(f"{move}: a placement puts one die on each spawn cell ({spawns})")
    if sum(red for _, red, _ in move.spawns) != 1:
        raise NotationError(f"{move}: the red die goes on one of the spawn cells")
    if len(move.queue) != board.waiting:
        raise NotationError(f"{move}: the waiting area holds {board.waiting} dice, "
                            f"got {len(move.queue)}")


def _not_a_roll(old: int, new: int) -> str:
    """GN-F3's message for a die first seen with top ``old`` now showing ``new``."""
    if new == old:
        return "slid, not rolled: the top must change"
    return f"{new} was the bottom: roll one cell"


def _turned_text(rolled: tuple[int, ...], placed: tuple[int, ...]) -> str:
    """GN-F5's message: which rolled top is missing from the placement."""
    if rolled[0] != placed[0]:
        return f"red die turned: it showed {rolled[0]}"
    missing = Counter(rolled[1:]) - Counter(placed[1:])
    lost = min(missing) if missing else rolled[1]
    return f"a die turned: a white {lost} is missing"


def _distinct_orders(values: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every distinct ordering of ``values`` (a multiset), in ascending lexicographic order
    (the classic next-permutation step, so repeated values give no repeated orders)."""
    order = sorted(values)
    while True:
        yield tuple(order)
        i = len(order) - 2
        while i >= 0 and order[i] >= order[i + 1]:
            i -= 1
        if i < 0:
            return
        j = len(order) - 1
        while order[j] <= order[i]:
            j -= 1
        order[i], order[j] = order[j], order[i]
        order[i + 1:] = reversed(order[i + 1:])
