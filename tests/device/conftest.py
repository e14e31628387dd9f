"""Shared fixtures of the device tests: a machine-independent environment and gpiozero's mock pins.

Every device test runs as on a laptop outside systemd (no INVOCATION_ID, NOTIFY_SOCKET or
WATCHDOG_USEC, DICEKEEPER_PI=0) unless it sets those itself, so results never depend on where the
suite runs. ``mock_pins`` gives gpiozero a fresh MockFactory and closes every device afterwards.
"""

from __future__ import annotations

import pytest

MACHINE_ENV = ("INVOCATION_ID", "NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID",
               "DICEKEEPER_PROFILE", "DICEKEEPER_OLED", "GPIOZERO_PIN_FACTORY", "DICEKEEPER_CONFIG")


@pytest.fixture(autouse=True)
def laptop_environment(monkeypatch):
    """Clear the variables that make the backends behave as on a Pi under systemd."""
    for name in MACHINE_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DICEKEEPER_PI", "0")


@pytest.fixture
def mock_pins():
    """gpiozero on MockFactory (pins driven with ``drive_low()``/``drive_high()``), reset after."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    previous = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    yield factory
    factory.reset()
    Device.pin_factory = previous
