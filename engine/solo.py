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
from engine.table import TableView, ViewStatus
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

    def referee(self, view: TableView, min_confidence: float = 0.6, *,
                rerolled: bool = False) -> Judgement: ...


@dataclass(frozen=True)
class Event:
    """Something to write to the game record.

    Attributes:
        kind: "setup", "timer_start", "move", "warning", "warning_cleared", "pending" (a push
            done, its effect still to apply), "handled" (a hand over the board while a push
            waits for its effect: a reroll may then keep its face) or "end".
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
        pending: the move the referee last called PENDING (done, effect still to apply), or None.
        handled: a hand was seen over the board since ``pending`` was first called, so the
            pushed-out die may have been rerolled onto the face it already showed.
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
    pending: str | None = None
    handled: bool = False

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
        j = self._judge(view)
        if j.verdict is Verdict.MOVE:
            return replace(self, pending=None, handled=False)._move(j, view, now)
        if j.verdict is Verdict.PENDING:
            return self._wait_for_effect(j, view, now)
        if j.verdict is Verdict.UNTRUSTED:
            return self._wait(j, view, now)
        session = replace(self, pending=None, handled=False)
        if j.verdict is Verdict.ILLEGAL:
            return session._warn(j, view, now)
        return session._clear_warning(view, now, status="")  # UNCHANGED: the table is as it was

    def _wait_for_effect(self, j: Judgement, view: TableView,
                         now: float) -> tuple[SoloSession, list[Event]]:
        """A push done, its effect still to apply: recorded once, so replay sees it too."""
        if j.move == self.pending:
            return replace(self, status=j.message), []
        event = Event("pending", now, {"move": j.move, "message": j.message,
                                       "view": self._view_text(view)})
        return replace(self, status=j.message, pending=j.move, handled=False), [event]

    def _judge(self, view: TableView) -> Judgement:
        """The referee's judgement; the same unfinished push re-settled after a hand was over
        the board is asked again as a reroll that may have kept its face."""
        j: Judgement = self.state.referee(view, self.min_confidence)
        if j.verdict is Verdict.PENDING and self.handled and j.move == self.pending:
            again: Judgement = self.state.referee(view, self.min_confidence, rerolled=True)
            return again if again.verdict is Verdict.MOVE else j
        return j

    def _wait(self, j: Judgement, view: TableView,
              now: float) -> tuple[SoloSession, list[Event]]:
        """An untrusted view: show why; note the first hand over a push still to finish."""
        if view.status is not ViewStatus.HAND or self.pending is None or self.handled:
            return replace(self, status=j.message), []
        event = Event("handled", now, {"move": self.pending, "view": self._view_text(view)})
        return replace(self, status=j.message, handled=True), [event]

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
