"""What machine the device runs on: a Raspberry Pi? under systemd? is I2C enabled?

Used by the backend factories to pick ``auto`` backends and to refuse silent fallbacks on the
Pi under systemd. Standard library only; every answer can be overridden through the environment
so tests and laptops never depend on the machine they happen to run on.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

MODEL_FILE = Path("/proc/device-tree/model")
I2C_BUS = Path("/dev/i2c-1")


def is_raspberry_pi(env: Mapping[str, str] | None = None) -> bool:
    """True on a Raspberry Pi (``DICEKEEPER_PI=1``/``0`` overrides the device-tree check)."""
    env = os.environ if env is None else env
    forced = env.get("DICEKEEPER_PI")
    if forced is not None:
        return forced.strip().lower() in ("1", "yes", "true")
    try:
        return "raspberry pi" in MODEL_FILE.read_text(errors="replace").lower()
    except OSError:
        return False


def under_systemd(env: Mapping[str, str] | None = None) -> bool:
    """True when started by systemd (it sets ``INVOCATION_ID`` for every service)."""
    env = os.environ if env is None else env
    return bool(env.get("INVOCATION_ID"))


def must_not_emulate(env: Mapping[str, str] | None = None) -> bool:
    """True when falling back to an emulator would hide a fault: a Pi running under systemd."""
    return under_systemd(env) and is_raspberry_pi(env)


def i2c_bus_present(path: Path = I2C_BUS) -> bool:
    """True when the I2C bus device node exists (I2C enabled in the Pi's config)."""
    return path.exists()
