"""device.buttons: the gpio path on gpiozero's MockFactory, the keyboard on a real pty, scripts."""

from __future__ import annotations

import os
import termios
import threading
import time

import pytest

from device.buttons import (
    KeyboardButtons,
    Press,
    ScriptedButtons,
    open_buttons,
    parse_pins,
    parse_script,
)
from device.errors import ButtonsError, UnknownBackendError

from .fakes import ShortedPin


@pytest.fixture
def gpio(mock_pins):
    buttons = open_buttons("gpio", hold_time=0.05, bounce_time=None)
    yield buttons
    buttons.close()


def _tap(button) -> None:
    button.pin.drive_low()   # pull-up: pressed pulls the pin low
    button.pin.drive_high()


def test_gpio_defaults_to_bcm_5_6_13_with_pull_up(gpio):
    pins = {name: b.pin.info.name for name, b in gpio.buttons.items()}
    assert pins == {"A": "GPIO5", "B": "GPIO6", "C": "GPIO13"}
    assert all(b.pull_up for b in gpio.buttons.values())


def test_gpio_presses_are_queued_until_polled_in_order(gpio):
    assert gpio.poll() == []
    _tap(gpio.buttons["A"])
    _tap(gpio.buttons["B"])
    _tap(gpio.buttons["A"])
    assert gpio.poll() == [Press.A, Press.B, Press.A]
    assert gpio.poll() == []


def test_gpio_short_c_is_back_on_release(gpio):
    c = gpio.buttons["C"]
    c.pin.drive_low()
    assert gpio.poll() == []  # not yet: it may become a long press
    c.pin.drive_high()
    assert gpio.poll() == [Press.C]


def test_gpio_held_c_is_menu_and_not_back(gpio):
    c = gpio.buttons["C"]
    held = threading.Event()
    wired = c.when_held
    c.when_held = lambda: (wired(), held.set())
    c.pin.drive_low()
    assert held.wait(2.0), "gpiozero's hold thread never fired"
    c.pin.drive_high()
    assert gpio.poll() == [Press.C_LONG]
    _tap(c)  # the next short press is a plain C again
    assert gpio.poll() == [Press.C]


def test_gpio_custom_pins_and_pin_in_use(mock_pins):
    first = open_buttons("gpio", pins="17,27,22")
    try:
        assert first.buttons["B"].pin.info.name == "GPIO27"
        with pytest.raises(ButtonsError, match="already in use"):
            open_buttons("gpio", pins=[17, 5, 6])
    finally:
        first.close()


def test_gpio_without_a_pin_library_names_lgpio(monkeypatch):
    from gpiozero import Device

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no_such_factory")
    with pytest.raises(ButtonsError, match="python3-lgpio"):
        open_buttons("gpio")


@pytest.mark.parametrize("bad", ["5,6", [5, 5, 6], {"A": 1, "B": 2}, "x,y,z"])
def test_bad_pin_lists_are_rejected(bad):
    with pytest.raises(ValueError, match="BCM numbers"):
        parse_pins(bad)


def test_keyboard_reads_keys_from_a_terminal_without_blocking():
    master, slave = os.openpty()
    try:
        with os.fdopen(os.dup(slave), "r") as stream:
            keys = KeyboardButtons(stream)
            assert keys.active
            assert not termios.tcgetattr(slave)[3] & termios.ICANON  # cbreak: no Enter needed
            assert keys.poll() == []  # nothing typed: returns at once
            os.write(master, b"abXm cs")
            assert keys.poll() == [Press.A, Press.B, Press.C_LONG, Press.C, Press.C_VERY_LONG]
            keys.close()
            assert termios.tcgetattr(slave)[3] & termios.ICANON  # terminal restored
    finally:
        os.close(master)
        os.close(slave)


def test_keyboard_on_a_pipe_gives_nothing(tmp_path):
    with open(tmp_path / "keys.txt", "w+") as stream:
        stream.write("abc")
        stream.seek(0)
        keys = KeyboardButtons(stream)
        assert not keys.active and keys.poll() == []


def test_scripted_presses_come_when_their_time_passes():
    buttons = open_buttons("scripted", script=[(2.0, "B"), (0.5, Press.A), (2.0, "C_LONG")])
    assert buttons.poll(0.4) == []
    assert buttons.poll(0.5) == [Press.A]
    assert buttons.poll(5.0) == [Press.B, Press.C_LONG]
    assert buttons.pending == 0 and buttons.poll(9.0) == []


def test_scripted_without_now_uses_the_clock_from_creation():
    ticks = iter([10.0, 10.2, 11.5])
    buttons = ScriptedButtons("1:A", clock=lambda: next(ticks))
    assert buttons.poll() == []
    assert buttons.poll() == [Press.A]


def test_parse_script_reports_bad_entries():
    assert parse_script("1.5:b, 3:c_long") == [(1.5, Press.B), (3.0, Press.C_LONG)]
    with pytest.raises(ValueError, match="seconds:A"):
        parse_script("1.5:Z")


def test_none_and_unknown_kinds():
    assert open_buttons("none").poll() == []
    with pytest.raises(UnknownBackendError, match="gpio, keyboard"):
        open_buttons("joystick")


def test_auto_off_the_pi_is_the_keyboard():
    buttons = open_buttons("auto")
    try:
        assert isinstance(buttons, KeyboardButtons)
    finally:
        buttons.close()


# ---------------------------------------------------------------- a button stuck down

def _wait_past(seconds: float) -> None:
    time.sleep(seconds + 0.05)


def test_a_button_shorted_at_start_is_reported_and_the_others_still_work(mock_pins, caplog):
    mock_pins.pin(5, pin_class=ShortedPin)   # A's wire touches GND: the pull-up cannot lift it
    buttons = open_buttons("gpio", bounce_time=None, hold_time=0.05, stuck_s=0.2)
    try:
        assert buttons.poll() == [] and buttons.faults() == []
        _wait_past(0.2)
        assert buttons.poll() == []
        assert buttons.faults() == ["button A stuck down"]
        assert "button A (BCM 5)" in caplog.text and "wiring" in caplog.text
        _tap(buttons.buttons["B"])
        assert buttons.poll() == [Press.B]
        buttons.buttons["A"].pin.drive_high()     # the short is cleared
        assert buttons.poll() == [] and buttons.faults() == []
    finally:
        buttons.close()


def test_c_stuck_down_never_becomes_the_menu(mock_pins):
    """Held C is the menu, which abandons the game: a C that sticks must not do that."""
    buttons = open_buttons("gpio", bounce_time=None, hold_time=0.05, stuck_s=0.3)
    try:
        c = buttons.buttons["C"]
        c.pin.drive_low()
        _wait_past(0.3)
        assert buttons.poll() == []          # past hold_time, and still no C_LONG
        assert buttons.faults() == ["button C stuck down"]
        c.pin.drive_high()                   # it comes free: that is no press either
        assert buttons.poll() == [] and buttons.faults() == []
        _tap(c)
        assert buttons.poll() == [Press.C]
    finally:
        buttons.close()


def test_c_held_then_let_go_is_the_menu(mock_pins):
    buttons = open_buttons("gpio", bounce_time=None, hold_time=0.05, stuck_s=5.0)
    try:
        c = buttons.buttons["C"]
        c.pin.drive_low()
        _wait_past(0.05)
        assert buttons.poll() == []          # not while it is still down
        c.pin.drive_high()
        assert buttons.poll() == [Press.C_LONG]
    finally:
        buttons.close()
