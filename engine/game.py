"""The contract every game implements (OpenSpiel's skeleton, python-chess's text forms).

A game is an object (one per game package, registered in ``engine.games.GAMES``) that satisfies
the ``Game`` protocol; its positions are immutable ``GameState`` values. The session
(``engine.session``), the ``moves``/``judge`` commands, the conformance test, the device and the
replay use nothing else of a game. mypy checks every registered game against the protocol.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Self, TypeVar

from engine.clock import Clock
from engine.layout import Layout
from engine.outcome import Outcome
from engine.panel import Panel
from engine.referee import RefereeStep
from engine.table import TableView

T = TypeVar("T")
BoardT = TypeVar("BoardT")
StateT = TypeVar("StateT", bound="GameState[Any]")
MoveT = TypeVar("MoveT")
MoveT_co = TypeVar("MoveT_co", covariant=True)


@dataclass(frozen=True)
class GameInfo:
    """What a game is and what the camera must observe for it.

    Attributes:
        name: registry name used by the CLI, records and board files ("unification").
        title: human title ("Unification").
        players: (fewest, most) players (``(1, 1)`` for the Fast Alone games).
        sides: board side names, the first is the default.
        rule_prefix: rule id prefix in the rules files ("UN").
        observes: one sentence saying what the camera reads.
        move_nouns: singular and plural of a move in summaries ("push", "pushes").
        counter: the OLED's short label before the number of moves made ("P").
        reasons: end rule id -> a few words for summaries ("UN-E2": "no legal push").
        items: what the players handle, in the plural ("dice", "cubes"): "set up the dice".
    """

    name: str
    title: str
    players: tuple[int, int]
    sides: tuple[str, ...]
    rule_prefix: str
    observes: str
    move_nouns: tuple[str, str] = ("move", "moves")
    counter: str = "M"
    reasons: Mapping[str, str] = field(default_factory=dict)
    items: str = "dice"

    @property
    def solo(self) -> bool:
        return self.players[1] == 1


class Chance(Protocol):
    """Where random choices come from when a test asks for a random start (``random.Random``
    fits); the engine itself never rolls."""

    def randint(self, a: int, b: int) -> int: ...

    def choice(self, seq: Sequence[T]) -> T: ...


class GameState(Protocol[MoveT]):
    """An immutable position of a game."""

    def position(self) -> str:
        """The position in the game's notation (parse_position gives it back)."""
        ...

    def legal_moves(self) -> Sequence[MoveT]:
        """Every legal move, each carrying any observed result it needs (``E1=5``)."""
        ...

    def play(self, move: MoveT) -> Self:
        """The position after ``move``; ``IllegalMoveError`` with the rule code otherwise."""
        ...

    @property
    def outcome(self) -> Outcome | None:
        """None while playing; how the game ended otherwise."""
        ...

    @property
    def to_move(self) -> int | None:
        """The player (1-based) whose turn it is; None for a solo game or a finished one."""
        ...

    def score(self, remaining_seconds: float | None,
              outcome: Outcome | None = None) -> int | None:
        """The score of a finished game (``outcome``, default the state's own, e.g. a timeout
        the session saw) with ``remaining_seconds`` on the clock; None for games without
        points."""
        ...


class Game(Protocol[BoardT, StateT, MoveT_co]):
    """One game: its description, board data, notation, rules entry points and referee step."""

    @property
    def info(self) -> GameInfo: ...

    def load_board(self, side: str, data: Mapping[str, object],
                   options: Mapping[str, str] | None = None) -> BoardT:
        """Parse a board-definition dict (a board file); ``options`` override its options.

        Raises ``BoardDataError`` naming what is wrong."""
        ...

    def layout(self, board: BoardT) -> Layout:
        """The printed board's geometry, zones, palette and labels."""
        ...

    def clock(self, board: BoardT) -> Clock:
        """The clock rule of the game, not started (``NoClock``, a ``Countdown``...)."""
        ...

    def parse_position(self, text: str, board: BoardT) -> StateT:
        """A position from its text; ``NotationError`` saying what is wrong."""
        ...

    def parse_move(self, text: str, state: StateT) -> MoveT_co:
        """A move from its text, for ``state``; ``NotationError`` saying what is wrong."""
        ...

    def setup(self, view: TableView, board: BoardT,
              min_confidence: float) -> tuple[StateT | None, str]:
        """The starting position once the table shows the set-up, else (None, what to do)."""
        ...

    def referee(self, state: StateT, view: TableView, memo: object,
                min_confidence: float) -> RefereeStep[StateT]:
        """What a settled view means for ``state``: a move, a broken rule (code), nothing new,
        a move under way, or a view not to be trusted. ``memo`` is what the previous step
        returned (None at first); the session keeps it and never looks inside."""
        ...

    def view_to_text(self, view: TableView) -> str:
        """The view as text for records (``view_from_text`` gives it back)."""
        ...

    def view_from_text(self, text: str) -> TableView:
        """A view from record text (confidences 1.0); ``NotationError`` when malformed."""
        ...

    def expected_view(self, state: StateT) -> TableView:
        """The settled view a table in position ``state`` gives the camera."""
        ...

    def random_start(self, board: BoardT, chance: Chance) -> StateT:
        """A random legal starting position (for the conformance tests)."""
        ...

    def report(self, state: StateT) -> dict[str, object]:
        """Game-specific fields of ``judge``'s JSON for a position (``winner``, ``chain``,
        ``scores``...); empty when the usual fields say everything."""
        ...

    def end_text(self, state: StateT | None, outcome: Outcome, score: int | None,
                 remaining: float | None, moves: int) -> str:
        """How a finished game is told in one line, after ``"<game> (<side>): "``."""
        ...

    def chance_moves(self, state: StateT) -> Sequence[MoveT_co]:
        """What the table may bring next by chance while no player has a move (the dice
        rolled for a new turn): moves of the notation that ``legal_moves`` does not list,
        because nobody chooses them; empty when a player has a move or the game is over."""
        ...

    def counts_move(self, move: str) -> bool:
        """Whether a move (in the notation) is one of the moves made that the OLED counts: a
        declaration or a roll seen is not."""
        ...

    def clock_starts(self, state: StateT) -> bool:
        """Whether the game's clock starts now that the table shows ``state`` (FA-P1: when
        the set-up is complete, for most games; False while a button must start it)."""
        ...

    def panel(self, state: StateT) -> Panel:
        """What the game adds to the device's screen for ``state`` (``engine.panel``)."""
        ...


class GameBase:
    """What most games answer to the contract's optional questions: inherit it and override
    what differs."""

    def report(self, state: Any) -> dict[str, object]:
        return {}

    def chance_moves(self, state: Any) -> Sequence[Any]:
        return ()

    def counts_move(self, move: str) -> bool:
        return True

    def clock_starts(self, state: Any) -> bool:
        return True

    def panel(self, state: Any) -> Panel:
        return Panel()


AnyGame = Game[Any, Any, Any]
