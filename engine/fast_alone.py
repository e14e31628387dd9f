"""What the five Fast Alone solo games share: the 5-minute countdown (FA-P1, FA-E1), the base
score (FA-P3) and how a finished game is told in one line.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.clock import Countdown, clock_text
from engine.outcome import Outcome

DURATION = 300.0
TIMEOUT_WORDS = {"FA-E1": "time is up"}


def countdown(duration: float = DURATION) -> Countdown:
    """FA-P1: the scoring mode's countdown, not started; FA-E1 when it reaches 0:00."""
    return Countdown(duration)


def base_score(remaining_seconds: float | None) -> int:
    """FA-P3: whole minutes left, seconds dropped (3:59 -> 3); 0 without a clock."""
    if remaining_seconds is None:
        return 0
    return int(max(0.0, remaining_seconds) // 60)


def end_text(reasons: Mapping[str, str], outcome: Outcome, score: int | None,
             remaining: float | None) -> str:
    """``success with 2:41 left, score 2`` or ``failure (UN-E2 no legal push), score 0``."""
    if outcome.success:
        return f"success with {clock_text(remaining or 0.0)} left, score {score}"
    words = {**TIMEOUT_WORDS, **reasons}
    reason = outcome.reason
    why = f"{reason} {words[reason]}" if reason in words else reason
    return f"{outcome.result} ({why}), score {score}"
