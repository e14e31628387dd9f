"""Countdown: time is an argument; start, stop, remaining, expiry and the m:ss text."""

from __future__ import annotations

from engine.clock import Countdown, clock_text


def test_not_started() -> None:
    t = Countdown()
    assert (t.running, t.started, t.remaining(1e9), t.expired(1e9)) == (False, False, 300.0, False)


def test_runs_and_stops_frozen() -> None:
    t = Countdown(300.0).start(10.0)
    assert t.running and t.remaining(70.5) == 239.5
    assert t.start(50.0) is t  # starting twice keeps the first start
    stopped = t.stop(100.0)
    assert not stopped.running and stopped.started
    assert stopped.remaining(100.0) == stopped.remaining(5000.0) == 210.0
    assert stopped.stop(200.0) is stopped


def test_expiry_and_clamping() -> None:
    t = Countdown(60.0).start(0.0)
    assert not t.expired(59.9) and t.expired(60.0)
    assert t.remaining(500.0) == 0.0
    assert t.stop(500.0).stopped_at == 60.0  # never stops later than 0:00
    assert t.remaining(-5.0) == 60.0  # a clock stepping back never adds time


def test_clock_text() -> None:
    assert [clock_text(s) for s in (300.0, 161.7, 59.99, 0.0, -3.0)] == [
        "5:00", "2:41", "0:59", "0:00", "0:00"]
