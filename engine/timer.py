"""The Fast Alone countdown (FA-P1, FA-P2, FA-E1) as a value: time is always an argument.

Pure standard library; imports nothing from the project and never reads a clock.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Countdown:
    """A countdown that starts and stops at given times (seconds on any monotonic clock).

    Attributes:
        duration: length in seconds (FA: 300).
        started_at: when it started, None before.
        stopped_at: when it stopped (success or time up), None while running.
    """

    duration: float = 300.0
    started_at: float | None = None
    stopped_at: float | None = None

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


def clock_text(seconds: float) -> str:
    """``m:ss`` of whole seconds, e.g. 161.7 -> ``"2:41"``."""
    whole = int(max(0.0, seconds))
    return f"{whole // 60}:{whole % 60:02d}"
