"""One session for every game: set-up, the clock the game picks, turns, the referee step,
warnings and their clearing, the end and its score.

A ``Session`` is an immutable value; each call takes the time ``now`` and returns the next
session and the events to record (JSON-serialisable, so a record can be re-judged later by
feeding ``view_from_text(event.data["view"])`` back into a new session: see ``device.replay``).
The session never interprets a view itself: the game's ``setup`` and ``referee`` step do, and the
game's memo (a push still to finish, ...) is kept here untouched. Solo and multi-player games run
the same code: a game without a clock has ``NoClock``, a solo game has no player to move.
Pure standard library; imports only ``engine``; never reads a clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.clock import Clock, NoClock, clock_text
from engine.errors import IllegalMoveError
from engine.game import AnyGame
from engine.games import find_game
from engine.outcome import Outcome
from engine.panel import Panel
from engine.referee import Judgement, Verdict
from engine.table import MIN_CONFIDENCE, TableView


@dataclass(frozen=True)
class Event:
    """Something to write to the game record.

    Attributes:
        kind: "setup", "timer_start", "move", "warning", "warning_cleared", "end", "seen" (a
            view that changed the game's memo and nothing else: kept so a replay remembers it),
            or a kind a game notes for itself (Unification: "pending", "handled").
        t: the time given to the call that produced it.
        data: JSON-serialisable details (position, move, view text, code, score ...).
    """

    kind: str
    t: float
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Summary:
    """What any game's screen shows, whatever the game (the device adds the game's own).

    Attributes:
        game, side: registry name and board side; title: the game's human title.
        heading: what the screen's header calls the game (its title, and the side when the
            game has several: "Unification simple", "CubeCourier").
        moves: moves made; counter: the game's short label for them ("P").
        remaining: seconds on the clock (None for a game without a clock).
        clock_running: the clock is counting now.
        status: one short line ("set up the dice", "hand over board", "apply effect: +1").
        warning: (code, message) of the rule the table breaks now, or None.
        to_move: the player whose turn it is (None for solo games and finished ones).
        last_move: the last move in the game's notation, or None.
        outcome, score: set once the game has ended.
        line: the one-line summary (``Session.summary``).
        panel: what the game itself adds (``Game.panel``; empty during set-up).
    """

    game: str
    side: str
    title: str
    heading: str
    moves: int
    counter: str
    remaining: float | None
    clock_running: bool
    status: str
    warning: tuple[str, str] | None
    to_move: int | None
    last_move: str | None
    outcome: Outcome | None
    score: int | None
    line: str
    panel: Panel = field(default_factory=Panel)


@dataclass(frozen=True)
class Session:
    """One game in progress (see the module docstring).

    Attributes:
        rules: the game (``engine.games.find_game``). side: board side. board: the parsed board.
        state: the game state, None during set-up.
        clock: the game's clock value (a ``Countdown`` for Fast Alone, ``NoClock`` otherwise).
        moves: moves played. last_move: the last one, in the game's notation.
        warning: (code, message) of the rule the table breaks now, or None.
        status: one short OLED line ("set up the dice", "hand over board", "apply effect: +1").
        outcome, score: set when the game ends.
        min_confidence: item readings below this are not trusted.
        memo: the game's own memory between views (opaque here).
    """

    rules: AnyGame
    side: str
    board: Any
    state: Any = None
    clock: Clock = field(default_factory=NoClock)
    moves: int = 0
    last_move: str | None = None
    warning: tuple[str, str] | None = None
    status: str = ""
    outcome: Outcome | None = None
    score: int | None = None
    min_confidence: float = MIN_CONFIDENCE
    memo: object = None

    @property
    def game(self) -> str:
        """The game's registry name."""
        return self.rules.info.name

    @property
    def to_move(self) -> int | None:
        """The player whose turn it is, or None (solo game, set-up, game over)."""
        if self.state is None or self.outcome is not None:
            return None
        player: int | None = self.state.to_move
        return player

    def observe(self, view: TableView, now: float) -> tuple[Session, list[Event]]:
        """Take one table view seen at ``now``: set up, or referee it."""
        session, events = self.tick(now)
        if session.outcome is not None:
            return session, events
        if session.state is None:
            session, more = session._set_up(view, now)
        else:
            session, more = session._referee(view, now)
        return session, events + more

    def tick(self, now: float) -> tuple[Session, list[Event]]:
        """End the game as the clock rule says (FA-E1) once the clock has run out."""
        timeout = self.clock.timeout
        if self.outcome is not None or timeout is None or not self.clock.expired(now):
            return self, []
        return self._end(timeout, now)

    def enter(self, text: str, now: float) -> tuple[Session, list[Event]]:
        """A move entered with the buttons, in the game's notation: what the camera cannot
        see (a number written on the board, a declaration, who starts). The rules check it
        like any move: a legal one is played, a broken rule is warned (and the state kept).

        Raises:
            NotationError: ``text`` is not a move of the game (the device offers only moves
                it built from the legal ones, so this is a bug to report, not a warning).
        """
        if self.outcome is not None or self.state is None:
            return self, []
        move = self.rules.parse_move(text, self.state)
        try:
            after = self.state.play(move)
        except IllegalMoveError as exc:
            event = Event("warning", now, {"code": exc.code, "message": exc.reason,
                                           "move": str(move), "input": text})
            return replace(self, warning=(exc.code, exc.reason)), [event]
        session, events = self._clear_warning(None, now, status="")
        session = session._played(after, str(move))
        events.append(Event("move", now, {"move": str(move), "position": after.position(),
                                          "moves": session.moves}))
        session, timer = session._start_clock(now)
        events += timer
        if after.outcome is not None:
            session, end = session._end(after.outcome, now)
            events += end
        return session, [replace(e, data={**e.data, "input": text}) for e in events]

    def start_timer(self, now: float) -> tuple[Session, list[Event]]:
        """Start the clock by hand (the button path); no-op once started, over, or clockless."""
        if self.outcome is not None or self.clock.started:
            return self, []
        clock = self.clock.start(now)
        if not clock.started:
            return self, []
        return replace(self, clock=clock), [self._timer_event(clock, now)]

    def remaining(self, now: float) -> float | None:
        """Seconds left on the clock at ``now`` (frozen once stopped); None without a clock."""
        return self.clock.remaining(now)

    def summary(self, now: float) -> str:
        """One line: ``unification (simple): success with 2:41 left, score 2``."""
        info = self.rules.info
        name = self.game if len(info.sides) == 1 else f"{self.game} ({self.side})"
        if self.outcome is not None:
            text = self.rules.end_text(self.state, self.outcome, self.score,
                                       self.remaining(now), self.moves)
            return f"{name}: {text}"
        if self.state is None:
            return f"{name}: setting up"
        parts = [f"{self.moves} {info.move_nouns[0 if self.moves == 1 else 1]}"]
        remaining = self.remaining(now)
        if self.clock.counts_down and remaining is not None:
            parts.append(f"{clock_text(remaining)} left")
        if self.to_move is not None:
            parts.append(f"player {self.to_move} to move")
        return f"{name}: {', '.join(parts)}"

    def summary_view(self, now: float) -> Summary:
        """The game-neutral summary the device's screens read."""
        info = self.rules.info
        heading = info.title if len(info.sides) == 1 else f"{info.title} {self.side}"
        return Summary(game=self.game, side=self.side, title=info.title, heading=heading,
                       moves=self.moves,
                       counter=info.counter, remaining=self.remaining(now),
                       clock_running=self.clock.running, status=self.status,
                       warning=self.warning, to_move=self.to_move, last_move=self.last_move,
                       outcome=self.outcome, score=self.score, line=self.summary(now),
                       panel=Panel() if self.state is None else self.rules.panel(self.state))

    def _view_text(self, view: TableView) -> str:
        return self.rules.view_to_text(view)

    def _timer_event(self, clock: Clock, now: float) -> Event:
        return Event("timer_start", now, {"duration": clock.remaining(now)})

    def _set_up(self, view: TableView, now: float) -> tuple[Session, list[Event]]:
        state, why = self.rules.setup(view, self.board, self.min_confidence)
        if state is None:
            return replace(self, status=why or set_up_hint(self.rules)), []
        events = [Event("setup", now, {"position": state.position(),
                                       "view": self._view_text(view)})]
        session, timer = replace(self, state=state, status="")._start_clock(now)
        events += timer
        if state.outcome is not None:
            session, end = session._end(state.outcome, now)
            events += end
        return session, events

    def _start_clock(self, now: float) -> tuple[Session, list[Event]]:
        """FA-P1: the clock starts once the game says the table shows its start."""
        if self.clock.started or not self.rules.clock_starts(self.state):
            return self, []
        clock = self.clock.start(now)
        if not clock.started:  # a game without a clock
            return self, []
        return replace(self, clock=clock), [self._timer_event(clock, now)]

    def _played(self, state: Any, move: str) -> Session:
        """The session after ``move``: the state, the last move, and the count of moves."""
        counted = self.moves + 1 if self.rules.counts_move(move) else self.moves
        return replace(self, state=state, moves=counted, last_move=move)

    def _referee(self, view: TableView, now: float) -> tuple[Session, list[Event]]:
        step = self.rules.referee(self.state, view, self.memo, self.min_confidence)
        j = step.judgement
        session = replace(self, memo=step.memo)
        events = [Event(note.kind, now, dict(note.data)) for note in step.notes]
        if j.verdict is Verdict.MOVE:
            session, more = session._move(j, view, now)
        elif j.verdict in (Verdict.PENDING, Verdict.UNTRUSTED):
            session, more = replace(session, status=j.message), []
        elif j.verdict is Verdict.ILLEGAL:
            session, more = session._warn(j, view, now)
        else:  # UNCHANGED: the table is as it was
            session, more = session._clear_warning(view, now, status="")
        if step.memo != self.memo and not events + more:
            # the game's memory changed on a view nothing else records: record the view, so a
            # replay (and a resumed game) remembers what the live game did
            more = [Event("seen", now, {"view": self._view_text(view)})]
        return session, events + more

    def _move(self, j: Judgement[Any], view: TableView,
              now: float) -> tuple[Session, list[Event]]:
        session, events = self._clear_warning(view, now, status="")
        state = j.state
        session = session._played(state, j.move or "")
        events.append(Event("move", now, {"move": j.move, "position": state.position(),
                                          "view": self._view_text(view),
                                          "moves": session.moves}))
        session, timer = session._start_clock(now)
        events += timer
        if state.outcome is not None:
            session, end = session._end(state.outcome, now)
            events += end
        return session, events

    def _warn(self, j: Judgement[Any], view: TableView,
              now: float) -> tuple[Session, list[Event]]:
        code = j.code or "?"
        if self.warning is not None and self.warning[0] == code:
            return replace(self, status=put_back_hint(self.rules)), []
        event = Event("warning", now, {"code": code, "message": j.message, "move": j.move,
                                       "view": self._view_text(view)})
        return replace(self, warning=(code, j.message), status=put_back_hint(self.rules)), [event]

    def _clear_warning(self, view: TableView | None, now: float,
                       status: str) -> tuple[Session, list[Event]]:
        if self.warning is None:
            return replace(self, status=status), []
        data: dict[str, Any] = {"code": self.warning[0]}
        if view is not None:
            data["view"] = self._view_text(view)
        event = Event("warning_cleared", now, data)
        return replace(self, warning=None, status=status), [event]

    def _end(self, outcome: Outcome, now: float) -> tuple[Session, list[Event]]:
        clock = self.clock.stop(now)
        remaining = clock.remaining(now)
        if self.state is not None:
            score = self.state.score(remaining, outcome)
        else:
            score = 0 if self.rules.info.solo else None
        session = replace(self, clock=clock, outcome=outcome, score=score, warning=None,
                          status="")
        data: dict[str, Any] = {"outcome": outcome.result, "reason": outcome.reason,
                                "score": score, "remaining": remaining}
        if outcome.winner is not None:
            data["winner"] = outcome.winner
        data["summary"] = session.summary(now)
        return session, [Event("end", now, data)]


def set_up_hint(rules: AnyGame) -> str:
    """What the OLED says before the table shows the set-up ("set up the dice")."""
    return f"set up the {rules.info.items}"


def put_back_hint(rules: AnyGame) -> str:
    """What the OLED says while a warning stands ("put the dice back")."""
    return f"put the {rules.info.items} back"


def new_session(game: str, side: str, board: Any, duration: float | None = None) -> Session:
    """A session in its set-up phase for ``game`` on ``board``; ``duration`` overrides the
    length of a countdown clock (seconds).

    Raises:
        UnknownGameError: ``game`` is not registered.
        ValueError: ``duration`` is not a positive number.
    """
    rules = find_game(game)
    clock = rules.clock(board)
    if duration is not None:
        if not duration > 0:
            raise ValueError(f"the clock's duration must be a positive number of seconds, "
                             f"not {duration!r}")
        clock = clock.lasting(duration)
    return Session(rules=rules, side=side, board=board, clock=clock,
                   status=set_up_hint(rules))
