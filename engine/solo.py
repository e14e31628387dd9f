"""The solo-game controller the device runs: set-up, 5-minute timer, referee, warnings, score.

A ``SoloSession`` is an immutable value; each call takes the time ``now`` and returns the next
session and the events to record (JSON-serialisable, so a record can be re-judged later by
feeding ``view_from_text(event.data["view"])`` back into a new session). Pure standard library;
imports only ``engine``; never reads a clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from engine.games import find_game
from engine.outcome import FAILURE, Outcome
from engine.referee import Judgement, Verdict
from engine.table import TableView
from engine.timer import Countdown, clock_text

SET_UP = "set up the dice"
PUT_BACK = "put the dice back"
TIMEOUT = Outcome(FAILURE, "FA-E1")
REASONS = {"FA-E1": "time is up", "UN-E2": "no legal push", "UN-E3": "time is up"}


class GameState(Protocol):
    """What the session needs from a game state (every game's State provides it)."""

    def position(self) -> str: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def score(self, remaining_seconds: float) -> int: ...

    def referee(self, view: TableView, min_confidence: float = 0.6) -> Judgement: ...


@dataclass(frozen=True)
class Event:
    """Something to write to the game record.

    Attributes:
        kind: "setup", "timer_start", "move", "warning", "warning_cleared" or "end".
        t: the time given to the call that produced it.
        data: JSON-serialisable details (position, move, view text, code, score ...).
    """

    kind: str
    t: float
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SoloSession:
    """One solo game in progress (see the module docstring).

    Attributes:
        game, side: registry name and board side. board: the parsed board.
        state: the game state, None during set-up.
        timer: the countdown. pushes: moves played.
        warning: (code, message) of the rule the table breaks now, or None.
        status: one short OLED line ("set up the dice", "hand over board", "apply effect: +1").
        outcome, score: set when the game ends.
        min_confidence: die readings below this are not trusted.
    """

    game: str
    side: str
    board: Any
    state: Any = None
    timer: Countdown = field(default_factory=Countdown)
    pushes: int = 0
    warning: tuple[str, str] | None = None
    status: str = SET_UP
    outcome: Outcome | None = None
    score: int | None = None
    min_confidence: float = 0.6

    def observe(self, view: TableView, now: float) -> tuple[SoloSession, list[Event]]:
        """Take one table view seen at ``now``: set up, or referee it."""
        session, events = self.tick(now)
        if session.outcome is not None:
            return session, events
        if session.state is None:
            session, more = session._set_up(view, now)
        else:
            session, more = session._referee(view, now)
        return session, events + more

    def tick(self, now: float) -> tuple[SoloSession, list[Event]]:
        """End the game as a failure (FA-E1) once the countdown reaches 0:00."""
        if self.outcome is not None or not self.timer.expired(now):
            return self, []
        return self._end(TIMEOUT, now)

    def start_timer(self, now: float) -> tuple[SoloSession, list[Event]]:
        """Start the countdown by hand (the button path); no-op once started or over."""
        if self.outcome is not None or self.timer.started:
            return self, []
        timer = self.timer.start(now)
        return replace(self, timer=timer), [Event("timer_start", now,
                                                  {"duration": timer.duration})]

    def remaining(self, now: float) -> float:
        """Seconds left on the countdown at ``now`` (frozen once stopped)."""
        return self.timer.remaining(now)

    def summary(self, now: float) -> str:
        """One line: ``unification (simple): success with 2:41 left, score 2``."""
        name = f"{self.game} ({self.side})"
        if self.outcome is not None and self.outcome.success:
            return f"{name}: success with {clock_text(self.remaining(now))} left, " \
                   f"score {self.score}"
        if self.outcome is not None:
            reason = self.outcome.reason
            why = f"{reason} {REASONS[reason]}" if reason in REASONS else reason
            return f"{name}: {self.outcome.result} ({why}), score {self.score}"
        if self.state is None:
            return f"{name}: setting up"
        return f"{name}: {self.pushes} pushes, {clock_text(self.remaining(now))} left"

    def _view_text(self, view: TableView) -> str:
        text: str = find_game(self.game).view_to_text(view)
        return text

    def _set_up(self, view: TableView, now: float) -> tuple[SoloSession, list[Event]]:
        state, why = find_game(self.game).setup_from_view(view, self.board)
        if state is None:
            return replace(self, status=why or SET_UP), []
        events = [Event("setup", now, {"position": state.position(),
                                       "view": self._view_text(view)})]
        session = replace(self, state=state, status="")
        if not self.timer.started:  # FA-P1 for UN: grid and push die complete and settled
            session = replace(session, timer=self.timer.start(now))
            events.append(Event("timer_start", now, {"duration": self.timer.duration}))
        if state.outcome is not None:
            session, end = session._end(state.outcome, now)
            events += end
        return session, events

    def _referee(self, view: TableView, now: float) -> tuple[SoloSession, list[Event]]:
        j = self.state.referee(view, self.min_confidence)
        if j.verdict is Verdict.MOVE:
            return self._move(j, view, now)
        if j.verdict is Verdict.ILLEGAL:
            return self._warn(j, view, now)
        if j.verdict is Verdict.UNCHANGED:
            return self._clear_warning(view, now, status="")
        return replace(self, status=j.message), []

    def _move(self, j: Judgement, view: TableView, now: float) -> tuple[SoloSession, list[Event]]:
        session, events = self._clear_warning(view, now, status="")
        state: GameState = j.state  # type: ignore[assignment]
        session = replace(session, state=state, pushes=self.pushes + 1)
        events.append(Event("move", now, {"move": j.move, "position": state.position(),
                                          "view": self._view_text(view),
                                          "pushes": session.pushes}))
        if state.outcome is not None:
            session, end = session._end(state.outcome, now)
            events += end
        return session, events

    def _warn(self, j: Judgement, view: TableView, now: float) -> tuple[SoloSession, list[Event]]:
        code = j.code or "?"
        if self.warning is not None and self.warning[0] == code:
            return replace(self, status=PUT_BACK), []
        event = Event("warning", now, {"code": code, "message": j.message, "move": j.move,
                                       "view": self._view_text(view)})
        return replace(self, warning=(code, j.message), status=PUT_BACK), [event]

    def _clear_warning(self, view: TableView, now: float,
                       status: str) -> tuple[SoloSession, list[Event]]:
        if self.warning is None:
            return replace(self, status=status), []
        event = Event("warning_cleared", now, {"code": self.warning[0],
                                               "view": self._view_text(view)})
        return replace(self, warning=None, status=status), [event]

    def _end(self, outcome: Outcome, now: float) -> tuple[SoloSession, list[Event]]:
        timer = self.timer.stop(now)
        remaining = timer.remaining(now)
        score = self.state.score(remaining) if outcome.success and self.state else 0
        session = replace(self, timer=timer, outcome=outcome, score=score, warning=None,
                          status="")
        return session, [Event("end", now, {"outcome": outcome.result, "reason": outcome.reason,
                                            "score": score, "remaining": remaining,
                                            "summary": session.summary(now)})]


def new_session(game: str, side: str, board: Any, duration: float = 300.0) -> SoloSession:
    """A session in its set-up phase for ``game`` on ``board`` with a ``duration`` countdown.

    Raises:
        UnknownGameError: ``game`` is not registered.
    """
    find_game(game)
    return SoloSession(game=game, side=side, board=board, timer=Countdown(duration))
