"""The three buttons (A = up/next, B = select, C = back, long C = menu, C held 3 s = shut
down) and their stand-ins.

``open_buttons(kind)`` picks: "gpio" (gpiozero Buttons, pull-up, BCM 5/6/13 by default; the
callbacks run on gpiozero's thread and only put presses into a queue that ``poll()`` drains on the
app's thread; C held ``hold_time`` counts as the long press when it is let go, and held
``shutdown_s`` as the very long press (shut down), so a C stuck down never opens the menu and
abandons the game; ``held_for()`` says how long C has been down, for the screen to say what
letting go will do; a button down for ``stuck_s`` is reported by ``faults()`` and its release
is no press), "keyboard" (keys a/b/c/m/s from a terminal in cbreak
mode, non-blocking; nothing when stdin is not a terminal), "scripted" (presses at given times,
for tests and demos), "none" and "auto" (gpio on a Pi, else keyboard). Tests drive the SAME
gpio path with gpiozero's MockFactory.

May import: the standard library, ``device.errors``/``device.host``; gpiozero only inside the
gpio branch, termios/tty only inside the keyboard branch.
"""

from __future__ import annotations

import atexit
import logging
import os
import queue
import select
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from typing import Any, Protocol, TextIO, runtime_checkable

from device.errors import ButtonsError, UnknownBackendError
from device.host import is_raspberry_pi

log = logging.getLogger(__name__)

DEFAULT_PINS = {"A": 5, "B": 6, "C": 13}
BOUNCE_TIME = 0.05
HOLD_TIME = 1.0
SHUTDOWN_S = 3.0  # C held this long and let go: shut down (after a confirmation on the screen)
STUCK_S = 10.0  # a button down this long is stuck (or its wire shorted to ground)
KINDS = ("auto", "gpio", "keyboard", "scripted", "none")
GPIO_FIX = ("on Raspberry Pi OS install the GPIO library (`sudo apt install python3-lgpio`, venv "
            "with --system-site-packages); elsewhere use --buttons keyboard or none")


class Press(str, Enum):
    """One button event: A up/next, B select/confirm, C back, C_LONG (C held 1 s) menu,
    C_VERY_LONG (C held 3 s) shut down."""

    A = "A"
    B = "B"
    C = "C"
    C_LONG = "C_LONG"
    C_VERY_LONG = "C_VERY_LONG"


@runtime_checkable
class Buttons(Protocol):
    """Button presses since the last poll, oldest first; ``poll`` never blocks.

    Every backend accepts an optional ``now`` (only "scripted" uses it), so callers need not
    know which backend they hold.
    """

    def poll(self, now: float | None = None) -> list[Press]: ...

    def close(self) -> None: ...


def parse_pins(pins: Mapping[str, int] | Sequence[int] | str | None) -> dict[str, int]:
    """BCM pin numbers of A, B, C from a mapping, a sequence or text like "5,6,13".

    Raises:
        ValueError: not three distinct non-negative integers.
    """
    if pins is None:
        return dict(DEFAULT_PINS)
    if isinstance(pins, str):
        text = pins
        try:
            pins = [int(p) for p in text.replace(" ", "").split(",") if p]
        except ValueError:
            raise ValueError(f"button pins must be BCM numbers like 5,6,13, got {text!r}") from None
    if isinstance(pins, Mapping):
        values = [pins.get(k) for k in "ABC"]
    else:
        values = list(pins)
    numbers = [v for v in values if isinstance(v, int) and v >= 0]
    if len(values) != 3 or len(numbers) != 3 or len(set(numbers)) != 3:
        raise ValueError(f"button pins must be three distinct BCM numbers for A, B, C "
                         f"(e.g. 5,6,13), got {pins!r}")
    return dict(zip("ABC", numbers, strict=True))


class GpioButtons:
    """gpiozero Buttons on BCM pins; C let go after ``hold_time`` gives C_LONG instead of C,
    after ``shutdown_s`` C_VERY_LONG.

    A and B count when pressed. A button down for ``stuck_s`` or more is stuck: ``faults()``
    names it (logged once), and C let go after being stuck gives nothing.

    Attributes:
        buttons: the gpiozero Button objects by name "A", "B", "C" (tests drive their pins).
    """

    def __init__(self, pins: Mapping[str, int] | Sequence[int] | str | None = None, *,
                 bounce_time: float | None = BOUNCE_TIME, hold_time: float = HOLD_TIME,
                 shutdown_s: float = SHUTDOWN_S, stuck_s: float = STUCK_S,
                 pin_factory: Any = None) -> None:
        """Raises ButtonsError when gpiozero has no pin library or a pin is unusable."""
        self.pins = parse_pins(pins)
        self.hold_time, self.shutdown_s, self.stuck_s = hold_time, shutdown_s, stuck_s
        self._queue: queue.Queue[Press] = queue.Queue()
        self._c_held = threading.Event()
        self._c_down_at: float | None = None  # pin-factory ticks of C's press, on its thread
        self._stuck: set[str] = set()         # touched by poll() only, on the app's thread
        self.buttons: dict[str, Any] = {}
        try:
            self._create(bounce_time, hold_time, pin_factory)
        except Exception as exc:  # gpiozero raises several unrelated types: translate them all
            self.close()
            raise self._translate(exc) from exc
        self._wire()

    def _create(self, bounce_time: float | None, hold_time: float, pin_factory: Any) -> None:
        from gpiozero import Button

        for name, pin in self.pins.items():
            self.buttons[name] = Button(pin, pull_up=True, bounce_time=bounce_time,
                                        hold_time=hold_time, pin_factory=pin_factory)

    def _translate(self, exc: Exception) -> ButtonsError:
        from gpiozero.exc import BadPinFactory, GPIOPinInUse

        if isinstance(exc, BadPinFactory):
            return ButtonsError(f"no GPIO pin library ({exc}): {GPIO_FIX}")
        if isinstance(exc, GPIOPinInUse):
            return ButtonsError(f"a button pin is already in use ({exc}): stop the other "
                                f"program or choose other pins")
        return ButtonsError(f"cannot open the buttons on BCM pins {self.pins} ({exc}): check "
                            f"the pin numbers; {GPIO_FIX}")

    def _wire(self) -> None:
        self.buttons["A"].when_pressed = self._on_a
        self.buttons["B"].when_pressed = self._on_b
        self.buttons["C"].when_pressed = self._on_c_pressed
        self.buttons["C"].when_held = self._on_c_held
        self.buttons["C"].when_released = self._on_c_released

    # The callbacks run on gpiozero's threads: they only touch the queue and the event.
    def _on_a(self) -> None:
        self._queue.put(Press.A)

    def _on_b(self) -> None:
        self._queue.put(Press.B)

    def _on_c_pressed(self) -> None:
        self._c_held.clear()
        self._c_down_at = self._ticks("C")

    def _on_c_held(self) -> None:
        self._c_held.set()

    def _on_c_released(self) -> None:
        down_at, self._c_down_at = self._c_down_at, None
        held = self._c_held.is_set()
        self._c_held.clear()
        if down_at is None:  # down before the buttons were opened: no press seen
            return
        button = self.buttons["C"]
        down_for = button.pin_factory.ticks_diff(self._ticks("C"), down_at)
        if down_for >= self.stuck_s:
            return  # a stuck button coming free is no press
        if down_for >= self.shutdown_s:
            self._queue.put(Press.C_VERY_LONG)
        else:
            self._queue.put(Press.C_LONG if held else Press.C)

    def held_for(self) -> float | None:
        """Seconds C has been held down since it was pressed, or None while it is up (or was
        down before the buttons were opened: its release is no press)."""
        down_at = self._c_down_at  # set and cleared on gpiozero's thread: read once
        if down_at is None or "C" not in self.buttons:
            return None
        return float(self.buttons["C"].pin_factory.ticks_diff(self._ticks("C"), down_at))

    def _ticks(self, name: str) -> float:
        return float(self.buttons[name].pin_factory.ticks())

    def poll(self, now: float | None = None) -> list[Press]:
        """The presses queued since the last poll (``now`` is accepted and ignored)."""
        self._check_stuck()
        presses = []
        while True:
            try:
                presses.append(self._queue.get_nowait())
            except queue.Empty:
                return presses

    def _check_stuck(self) -> None:
        for name, button in self.buttons.items():
            down_for = button.active_time  # None while released
            stuck = down_for is not None and down_for >= self.stuck_s
            if stuck and name not in self._stuck:
                self._stuck.add(name)
                log.warning("button %s (BCM %d) has been down for %.0f s: stuck, or its wire "
                            "touches GND? Free it or check its wiring (docs/wiring.md); it is "
                            "ignored until it comes up", name, self.pins[name], down_for)
            elif not stuck and name in self._stuck:
                self._stuck.discard(name)
                log.info("button %s is up again: working", name)

    def faults(self) -> list[str]:
        """One short line per button stuck down now (for the screen), oldest check first."""
        return [f"button {name} stuck down" for name in sorted(self._stuck)]

    def close(self) -> None:
        """Release the pins."""
        for button in self.buttons.values():
            button.close()
        self.buttons.clear()


KEYS = {"a": Press.A, "b": Press.B, "c": Press.C, "m": Press.C_LONG, "s": Press.C_VERY_LONG}


def _terminal_fd(stream: TextIO) -> int | None:
    try:
        fd = stream.fileno()
    except (AttributeError, ValueError, OSError):
        return None
    return fd if os.isatty(fd) else None


class KeyboardButtons:
    """Keys a, b, c (buttons), m (long C = menu) and s (C held 3 s = shut down) from a
    terminal, read without blocking.

    The terminal is put in cbreak mode (keys arrive without Enter, still echo-free) and restored
    on close and at exit. When the stream is not a terminal (piped, systemd) it yields nothing.
    """

    def __init__(self, stream: TextIO | None = None) -> None:
        self._fd = _terminal_fd(stream if stream is not None else sys.stdin)
        self._saved: list[Any] | None = None
        if self._fd is None:
            log.info("stdin is not a terminal: keyboard buttons give no presses")
            return
        import termios
        import tty

        self._saved = termios.tcgetattr(self._fd)
        tty.setcbreak(self._fd)
        atexit.register(self.close)

    @property
    def active(self) -> bool:
        """True when reading a terminal."""
        return self._fd is not None

    def poll(self, now: float | None = None) -> list[Press]:
        """Presses typed since the last poll (other keys ignored; ``now`` is ignored)."""
        if self._fd is None:
            return []
        presses: list[Press] = []
        while select.select([self._fd], [], [], 0)[0]:
            data = os.read(self._fd, 64)
            if not data:
                break
            presses += [KEYS[ch] for ch in data.decode(errors="ignore").lower() if ch in KEYS]
        return presses

    def close(self) -> None:
        """Give the terminal its previous mode back; safe to call twice."""
        if self._fd is not None and self._saved is not None:
            import termios

            try:
                termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
            except termios.error as exc:
                log.debug("terminal not restored: %s", exc)
        self._fd = None
        self._saved = None


ScriptEntry = tuple[float, Press | str]


def parse_script(text: str) -> list[tuple[float, Press]]:
    """Parse "1.0:B, 2.5:A 4:C_LONG" into [(1.0, B), (2.5, A), (4.0, C_LONG)].

    Raises:
        ValueError: an entry is not ``seconds:A|B|C|C_LONG|C_VERY_LONG``.
    """
    entries = []
    for item in text.replace(",", " ").split():
        t, _, name = item.partition(":")
        try:
            entries.append((float(t), Press(name.upper())))
        except ValueError:
            raise ValueError(f"bad scripted press {item!r}: use seconds:A|B|C|C_LONG|"
                             f"C_VERY_LONG, e.g. 1.5:B") from None
    return entries


class ScriptedButtons:
    """Presses at scripted times: ``poll(now)`` returns those with ``t <= now``, in time order.

    Without ``now``, time is measured by ``clock`` from the moment the object was made.
    """

    def __init__(self, script: Iterable[ScriptEntry] | str,
                 clock: Callable[[], float] = time.monotonic) -> None:
        entries = parse_script(script) if isinstance(script, str) else [
            (float(t), Press(p)) for t, p in script]
        self._pending = sorted(entries, key=lambda entry: entry[0])
        self._clock = clock
        self._start = clock()

    @property
    def pending(self) -> int:
        """How many scripted presses have not been returned yet."""
        return len(self._pending)

    def poll(self, now: float | None = None) -> list[Press]:
        """The presses due at ``now`` (seconds on the script's time line)."""
        if now is None:
            now = self._clock() - self._start
        due = 0
        while due < len(self._pending) and self._pending[due][0] <= now:
            due += 1
        presses = [press for _, press in self._pending[:due]]
        del self._pending[:due]
        return presses

    def close(self) -> None:
        """Nothing to release."""


class NoButtons:
    """No buttons at all: the device runs on its own (``--game``/``--side`` given)."""

    def poll(self, now: float | None = None) -> list[Press]:
        """Always empty."""
        return []

    def close(self) -> None:
        """Nothing to release."""


def open_buttons(kind: str, pins: Mapping[str, int] | Sequence[int] | str | None = None,
                 script: Iterable[ScriptEntry] | str | None = None, **gpio_options: Any
                 ) -> Buttons:
    """Open the buttons backend by name.

    Args:
        kind: "gpio", "keyboard", "scripted", "none" or "auto" (gpio on a Raspberry Pi, where a
            missing GPIO library is an error, else keyboard).
        pins: BCM pins of A, B, C for gpio (default 5, 6, 13).
        script: for "scripted": [(seconds, Press or name), ...] or text "1.0:B 2:A".
        **gpio_options: bounce_time, hold_time, pin_factory for gpio.

    Raises:
        UnknownBackendError: unknown kind. ButtonsError: the gpio pins cannot be opened.
    """
    name = kind.strip().lower()
    if name == "auto":
        name = "gpio" if is_raspberry_pi() else "keyboard"
    if name == "gpio":
        return GpioButtons(pins, **gpio_options)
    if name == "keyboard":
        return KeyboardButtons()
    if name == "scripted":
        return ScriptedButtons(script or [])
    if name == "none":
        return NoButtons()
    raise UnknownBackendError(f"unknown buttons {kind!r}: use one of {', '.join(KINDS)}")
