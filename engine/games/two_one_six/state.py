"""2 1 6 game state: the moves (a placement TS-A1, and the button forms ``roll=5`` and
``start=B``), their legality (TS-F1..TS-F3), the end (TS-E1) and the position text
(``A6..../... to=B roll=5``).

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.errors import IllegalMoveError, NotationError
from engine.games.two_one_six.board import LETTERS, Board
from engine.games.two_one_six.lines import Cells, Entry, cell_name
from engine.games.two_one_six.scoring import Tally, scores, tally
from engine.outcome import DRAW, Outcome

END_RULE = "TS-E1"


@dataclass(frozen=True)
class Place:
    """TS-A1: ``player`` (0-based) puts ``value`` into the empty cell ``(r, c)``: ``A5@r2c3``."""

    player: int
    value: int
    r: int
    c: int

    def __str__(self) -> str:
        return f"{LETTERS[self.player]}{self.value}@r{self.r}c{self.c}"


@dataclass(frozen=True)
class Roll:
    """The player to move rolled ``value``: ``roll=5``. Seen by the camera in the tray, or
    entered with the buttons when it can't read the die (d4, d8); never in ``legal_moves()``."""

    value: int

    def __str__(self) -> str:
        return f"roll={self.value}"


@dataclass(frozen=True)
class Start:
    """TS-S2: who plays first, decided before the first placement: ``start=B``. Turns then go
    round in letter order (B, C, ..., A). Entered with the buttons; never in ``legal_moves()``."""

    player: int

    def __str__(self) -> str:
        return f"start={LETTERS[self.player]}"


Move = Place | Roll | Start


@dataclass(frozen=True)
class State:
    """A 2 1 6 position.

    Attributes:
        board: the board side and its options.
        cells: row-major from r0c0, None for an empty cell.
        to: the player (0-based) whose turn it is; after the last placement, the next in turn.
        roll: the value that player rolled, None until the roll is known.
        last: the cell (row-major index) of the last placement played from this state's
            history, for the screen; not part of the position (its text, equality) and None
            for a position parsed from text.
    """

    board: Board
    cells: Cells
    to: int = 0
    roll: int | None = None
    last: int | None = field(default=None, compare=False)

    def position(self) -> str:
        """The position text, e.g. ``A6B1..../...(6 rows) to=A roll=5``."""
        size = self.board.size
        rows = ["".join(str(e) if e is not None else ".." for e in self.cells[r * size:][:size])
                for r in range(size)]
        roll = "" if self.roll is None else f" roll={self.roll}"
        return f"{'/'.join(rows)} to={LETTERS[self.to]}{roll}"

    def __str__(self) -> str:
        return self.position()

    @property
    def full(self) -> bool:
        return all(e is not None for e in self.cells)

    @property
    def to_move(self) -> int | None:
        """The player (1-based) to move; None once the grid is full."""
        return None if self.full else self.to + 1

    def legal_moves(self) -> list[Place]:
        """Every legal placement: the empty cells in reading order (r0c0, r0c1, ..., row by row)
        and in each cell the roll, or every value of the die ascending while the roll is not
        known. Empty once the grid is full."""
        values = range(1, self.board.faces + 1) if self.roll is None else (self.roll,)
        size = self.board.size
        return [Place(self.to, v, i // size, i % size)
                for i, e in enumerate(self.cells) if e is None for v in values]

    def play(self, move: Move) -> State:
        """The state after ``move``.

        Raises:
            IllegalMoveError: a placement on a filled cell (TS-F1), a value other than the roll
                or outside the die, a second roll (TS-F2), out of turn or a late start (TS-F3),
                a roll on a full grid (TS-E1).
            NotationError: a cell off the grid or a player not in the game.
        """
        if isinstance(move, Place):
            return self._place(move)
        if isinstance(move, Roll):
            return self._roll(move)
        return self._start(move)

    def _place(self, move: Place) -> State:
        """Checks in rule order: the cell (TS-F1), the value (TS-F2), the turn (TS-F3)."""
        index = self._index(move)
        self._check_player(move.player, move)
        if self.cells[index] is not None:
            raise self._illegal("TS-F1", f"{cell_name(index, self.board.size)} is taken", move)
        self._check_value(move.value, move)
        if self.roll is not None and move.value != self.roll:
            raise self._illegal("TS-F2", f"{LETTERS[self.to]} rolled {self.roll}, "
                                f"not {move.value}", move)
        if move.player != self.to:
            raise self._illegal("TS-F3", f"{LETTERS[self.to]} to play, not "
                                f"{LETTERS[move.player]}", move)
        cells = list(self.cells)
        cells[index] = Entry(move.player, move.value)
        return State(self.board, tuple(cells), (self.to + 1) % self.board.players, None, index)

    def _roll(self, move: Roll) -> State:
        if self.full:
            raise self._illegal(END_RULE, "the grid is full: the game is over", move)
        self._check_value(move.value, move)
        if self.roll is not None:
            raise self._illegal("TS-F2", f"{LETTERS[self.to]} already rolled {self.roll}: "
                                "no second roll", move)
        return replace(self, roll=move.value)

    def _start(self, move: Start) -> State:
        self._check_player(move.player, move)
        if any(e is not None for e in self.cells) or self.roll is not None:
            raise self._illegal("TS-F3", "the order is set before the first roll", move)
        return replace(self, to=move.player)

    def _index(self, move: Place) -> int:
        size = self.board.size
        if not (0 <= move.r < size and 0 <= move.c < size):
            raise NotationError(f"move {move}: r{move.r}c{move.c} is off the {size}x{size} grid")
        return move.r * size + move.c

    def _check_player(self, player: int, move: Move) -> None:
        if not 0 <= player < self.board.players:
            raise NotationError(f"move {move}: this is a {self.board.players}-player game "
                                f"({', '.join(self.board.letters)})")

    def _check_value(self, value: int, move: Move) -> None:
        faces = self.board.faces
        if not 1 <= value <= faces:
            raise self._illegal("TS-F2", f"a d{faces} shows 1-{faces}, not {value}", move)

    def _illegal(self, code: str, message: str, move: Move) -> IllegalMoveError:
        return IllegalMoveError(code, message, move=str(move), position=self.position())

    def tally(self) -> tuple[Tally, ...] | None:
        """The end tally (``scoring.tally``) once the grid is full, else None."""
        return tally(self.cells, self.board) if self.full else None

    def scores(self) -> tuple[int, ...] | None:
        """Each player's score (TS-P4) once the grid is full, else None."""
        tallies = self.tally()
        return None if tallies is None else scores(tallies, self.board.players)

    @property
    def outcome(self) -> Outcome | None:
        """TS-E1: the game ends when the last cell is filled; the winner's letter, or ``draw``
        when the best score is shared (TS-P4, AMB-TS5)."""
        final = self.scores()
        if final is None:
            return None
        best = max(final)
        leaders = [p for p, s in enumerate(final) if s == best]
        if len(leaders) > 1:
            return Outcome(DRAW, END_RULE)
        return Outcome(LETTERS[leaders[0]], END_RULE, winner=leaders[0] + 1)

    def score(self, remaining_seconds: float | None,
              outcome: Outcome | None = None) -> int | None:
        """None: 2 1 6 scores each player (``scores``), not the table as one."""
        return None
