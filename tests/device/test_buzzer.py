"""device.buzzer: gpiozero Buzzer on MockFactory (non-blocking beeps), the silent recorder."""

from __future__ import annotations

import time

import pytest

from device.buzzer import SOUNDS, GpioBuzzer, SilentBuzzer, open_buzzer
from device.errors import BuzzerError, UnknownBackendError


def _wait_for_states(pin, count: int, timeout: float = 3.0) -> list[bool]:
    deadline = time.monotonic() + timeout
    while len(pin.states) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    return [s.state for s in pin.states]


def test_gpio_chirp_beeps_twice_on_bcm_12(mock_pins):
    buzzer = open_buzzer("gpio")
    try:
        pin = buzzer.device.pin
        assert pin.info.name == "GPIO12"
        buzzer.chirp()
        n = SOUNDS["chirp"][2]
        # initial off, then on/off per beep
        assert _wait_for_states(pin, 1 + 2 * n) == [False] + [True, False] * n
        assert buzzer.played == ["chirp"]
    finally:
        buzzer.close()


def test_gpio_sounds_do_not_block_the_loop(mock_pins):
    buzzer = open_buzzer("gpio")
    try:
        pin = buzzer.device.pin
        buzzer.alarm()  # 4 x (0.5 + 0.25) s of sound
        states_on_return = len(pin.states)
        assert states_on_return < 1 + 2 * SOUNDS["alarm"][2]  # still sounding when we are back
        assert _wait_for_states(pin, 2)[:2] == [False, True]
    finally:
        buzzer.close()  # stops the beeping thread
    assert pin.state in (False, 0)


def test_gpio_fanfare_and_a_busy_pin(mock_pins):
    buzzer = open_buzzer("gpio", pin=16)
    try:
        buzzer.fanfare()
        n = SOUNDS["fanfare"][2]
        assert _wait_for_states(buzzer.device.pin, 1 + 2 * n).count(True) == n
        with pytest.raises(BuzzerError, match="BCM 16"):
            GpioBuzzer(16)
    finally:
        buzzer.close()


def test_a_buzzer_that_cannot_open_falls_back_to_silence_with_a_warning(mock_pins, caplog):
    """The buzzer is optional: a busy pin must not stop `dicekeeper run`."""
    first = open_buzzer("gpio", pin=16)
    try:
        second = open_buzzer("gpio", pin=16)
        assert isinstance(second, SilentBuzzer) and "BCM 16" in second.fault
        assert "playing on without sound" in caplog.text
        second.chirp()
        assert second.played == ["chirp"]
    finally:
        first.close()


def test_no_gpio_library_is_silence_too(monkeypatch, caplog):
    from gpiozero import Device

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no_such_factory")
    buzzer = open_buzzer("gpio")
    assert isinstance(buzzer, SilentBuzzer) and "python3-lgpio" in buzzer.fault


def test_silent_buzzer_records_what_would_sound():
    buzzer = open_buzzer("silent")
    buzzer.chirp()
    buzzer.fanfare()
    buzzer.alarm()
    assert buzzer.played == ["chirp", "fanfare", "alarm"]


def test_auto_off_the_pi_is_silent_and_unknown_kinds_fail():
    assert isinstance(open_buzzer("auto"), SilentBuzzer)
    with pytest.raises(UnknownBackendError, match="gpio, silent"):
        open_buzzer("horn")
