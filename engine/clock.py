"""The clock rules a game can pick, as values: time is always an argument.

``NoClock`` for games without time (the two-player games today); ``Countdown`` for the Fast Alone
scoring mode (FA-P1, FA-P2, FA-E1): it starts when the game's set-up is complete (or by a button)
and its expiry ends the game as a failure. Per-player clocks would be one more value with the
same methods. Pure standard library; imports only ``engine``; never reads a clock.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from engine.outcome import FAILURE, Outcome

TIMEOUT = Outcome(FAILURE, "FA-E1")


class Clock(Protocol):
    """What the session needs from a clock value (each call returns a new value)."""

    @property
    def running(self) -> bool: ...

    @property
    def started(self) -> bool: ...

    @property
    def counts_down(self) -> bool: ...

    @property
    def timeout(self) -> Outcome | None: ...

    def start(self, now: float) -> Clock: ...

    def stop(self, now: float) -> Clock: ...

    def remaining(self, now: float) -> float | None: ...

    def expired(self, now: float) -> bool: ...

    def lasting(self, duration: float) -> Clock:
        """The same clock with another length (a clock without time ignores it)."""
        ...


@dataclass(frozen=True)
class NoClock:
    """A game played without time: never starts, never expires, nothing remains."""

    running: bool = False
    started: bool = False
    counts_down: bool = False
    timeout: Outcome | None = None

    def start(self, now: float) -> NoClock:
        return self

    def stop(self, now: float) -> NoClock:
        return self

    def remaining(self, now: float) -> float | None:
        return None

    def expired(self, now: float) -> bool:
        return False

    def lasting(self, duration: float) -> NoClock:
        return self


@dataclass(frozen=True)
class Countdown:
    """A countdown that starts and stops at given times (seconds on any monotonic clock).

    Attributes:
        duration: length in seconds (FA: 300).
        started_at: when it started, None before.
        stopped_at: when it stopped (success or time up), None while running.
        timeout: how the game ends when it reaches 0:00 (FA-E1).
    """

    duration: float = 300.0
    started_at: float | None = None
    stopped_at: float | None = None
    timeout: Outcome | None = TIMEOUT

    @property
    def counts_down(self) -> bool:
        return True

    @property
    def running(self) -> bool:
        return self.started_at is not None and self.stopped_at is None

    @property
    def started(self) -> bool:
        return self.started_at is not None

    def start(self, now: float) -> Countdown:
        """Start at ``now``; a countdown that already started is returned unchanged."""
        if self.started_at is not None:
            return self
        return replace(self, started_at=now)

    def stop(self, now: float) -> Countdown:
        """Stop at ``now`` (never later than the moment it reached 0:00); no-op unless running."""
        if not self.running or self.started_at is None:
            return self
        return replace(self, stopped_at=min(now, self.started_at + self.duration))

    def remaining(self, now: float) -> float:
        """Seconds left at ``now``, between 0 and ``duration``; frozen once stopped."""
        if self.started_at is None:
            return self.duration
        end = self.stopped_at if self.stopped_at is not None else now
        elapsed = max(0.0, end - self.started_at)
        return max(0.0, self.duration - elapsed)

    def expired(self, now: float) -> bool:
        """True once a started countdown has reached 0:00."""
        return self.started_at is not None and self.remaining(now) <= 0.0

    def lasting(self, duration: float) -> Countdown:
        """The same countdown, ``duration`` seconds long."""
        return replace(self, duration=float(duration))


def clock_text(seconds: float) -> str:
    """``m:ss`` of whole seconds, e.g. 161.7 -> ``"2:41"``."""
    whole = int(max(0.0, seconds))
    return f"{whole // 60}:{whole % 60:02d}"
