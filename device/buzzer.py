"""The buzzer: a short chirp on a warning, an alarm on failure, a fanfare on success.

``open_buzzer(kind)``: "gpio" (gpiozero Buzzer, BCM 12 by default; every sound is
``beep(..., background=True)`` so the app loop never waits for it), "silent" / "none" (records
what would have sounded) and "auto" (gpio on a Raspberry Pi, else silent). Both keep the list of
sounds played in ``played`` so tests and the demo can check them. The buzzer is optional: a
buzzer that cannot be opened (no GPIO library, pin busy) gives silence and a logged warning,
never a stopped game.

May import: the standard library, ``device.errors``/``device.host``; gpiozero only inside the
gpio branch.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol, runtime_checkable

from device.errors import BuzzerError, UnknownBackendError
from device.host import is_raspberry_pi

log = logging.getLogger(__name__)

BUZZER_PIN = 12
KINDS = ("auto", "gpio", "silent", "none")
# sound -> (on seconds, off seconds, repeats) for gpiozero's beep()
SOUNDS = {
    "chirp": (0.06, 0.06, 2),
    "alarm": (0.5, 0.25, 4),
    "fanfare": (0.08, 0.04, 6),
}


@runtime_checkable
class Buzzer(Protocol):
    """Non-blocking sounds."""

    played: list[str]

    def chirp(self) -> None: ...

    def alarm(self) -> None: ...

    def fanfare(self) -> None: ...

    def close(self) -> None: ...


class _Sounds:
    """The three sounds as calls of ``_play(name)``."""

    played: list[str]

    def chirp(self) -> None:
        """Two short beeps: a legality warning."""
        self._play("chirp")

    def alarm(self) -> None:
        """Four long beeps: time is up, the game failed."""
        self._play("alarm")

    def fanfare(self) -> None:
        """A quick run of beeps: success."""
        self._play("fanfare")

    def _play(self, name: str) -> None:
        raise NotImplementedError


class SilentBuzzer(_Sounds):
    """No sound; remembers the names of the sounds asked for.

    Attributes:
        fault: why there is no sound when a buzzer was wanted (None when silence was asked for).
    """

    def __init__(self, fault: str | None = None) -> None:
        self.played: list[str] = []
        self.fault = fault

    def _play(self, name: str) -> None:
        self.played.append(name)
        log.debug("buzzer (silent): %s", name)

    def close(self) -> None:
        """Nothing to release."""


class GpioBuzzer(_Sounds):
    """An active buzzer on a GPIO pin through gpiozero (beeps run on gpiozero's thread)."""

    def __init__(self, pin: int = BUZZER_PIN, *, active_high: bool = True,
                 pin_factory: Any = None) -> None:
        """Args: pin (BCM); active_high False for modules that sound when the pin is low.

        Raises BuzzerError when the pin cannot be opened (message names the fix).
        """
        self.played = []
        self.fault: str | None = None  # as SilentBuzzer's: a working buzzer has none
        try:
            from gpiozero import Buzzer as GpiozeroBuzzer

            self.device = GpiozeroBuzzer(pin, active_high=active_high, pin_factory=pin_factory)
        except Exception as exc:  # gpiozero raises several unrelated types
            raise BuzzerError(f"cannot open the buzzer on BCM {pin} ({exc}): on Raspberry Pi "
                              "OS install python3-lgpio (`sudo apt install python3-lgpio`) and "
                              "check no other program uses the pin, or set [buzzer] type = "
                              "\"none\" in the config file") from exc

    def _play(self, name: str) -> None:
        on_time, off_time, repeats = SOUNDS[name]
        self.played.append(name)
        self.device.beep(on_time=on_time, off_time=off_time, n=repeats, background=True)

    def close(self) -> None:
        """Stop any sound (the pin is left low, never sounding) and release the pin."""
        self.device.off()
        self.device.close()


def open_buzzer(kind: str = "auto", pin: int = BUZZER_PIN, **gpio_options: Any) -> Buzzer:
    """Open the buzzer backend: "gpio", "silent"/"none", or "auto" (gpio on a Pi).

    A gpio buzzer that cannot be opened gives a ``SilentBuzzer`` whose ``fault`` says why, with
    a logged warning: the buzzer is optional, the game is not.

    Raises:
        UnknownBackendError: unknown kind.
    """
    name = kind.strip().lower()
    if name == "auto":
        name = "gpio" if is_raspberry_pi() else "silent"
    if name == "gpio":
        try:
            return GpioBuzzer(pin, **gpio_options)
        except BuzzerError as exc:
            log.warning("%s; playing on without sound", exc)
            return SilentBuzzer(fault=str(exc))
    if name in ("silent", "none"):
        return SilentBuzzer()
    raise UnknownBackendError(f"unknown buzzer {kind!r}: use one of {', '.join(KINDS)}")
