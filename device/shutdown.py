"""A clean shutdown from the buttons: C held 3 s, a question on the OLED, then the command.

While C is held the OLED says what letting go will do ("let go: menu", then "let go: shut
down"), so nobody shuts the device down by leaning on a button: the very long press only asks
"Shut down?", B confirms, C (or nothing for ``CONFIRM_TIMEOUT_S``) goes back. On B the app
closes the game record (a game in progress stays resumable at the next start) and runs the
power-off command: ``[device] shutdown_command`` of the configuration file, by default
``systemctl poweroff`` on a Raspberry Pi and nothing elsewhere (the app just stops). The
command goes through an injectable runner, so tests never power anything off.

May import: the standard library, ``device.host`` and ``device.screens``.
"""

from __future__ import annotations

import logging
import shlex
import subprocess
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from device.host import is_raspberry_pi
from device.screens import Notice

log = logging.getLogger(__name__)

PI_COMMAND = ("systemctl", "poweroff")
CONFIRM_TIMEOUT_S = 15.0   # an unanswered "Shut down?" goes away after this long
COMMAND_TIMEOUT_S = 30.0
POLKIT_FIX = ("the service user may not power off: run systemd/install.sh again (it installs "
              "the polkit rule), or set [device] shutdown_command")

CONFIRM = Notice("Shut down?", ("a game in progress is kept: the next start offers it",),
                 "B shut down   C back")
SHUTTING_DOWN = Notice("Shutting down", ("unplug once the Pi's green light stays off",))

Runner = Callable[[Sequence[str]], int]


def hold_notice(held_s: float | None, long_s: float, shutdown_s: float,
                stuck_s: float) -> Notice | None:
    """What the OLED says while C is held: nothing before the long press; from ``long_s`` on,
    that letting go opens the menu and holding on shuts down (a bar fills up to
    ``shutdown_s``); from ``shutdown_s`` on, that letting go shuts down; nothing once C counts
    as stuck (its release is no press, the stuck band says so)."""
    if held_s is None or held_s < long_s or held_s >= stuck_s:
        return None
    if held_s < shutdown_s:
        return Notice("Holding C", ("let go now: the menu",), "hold on: shut down",
                      progress=(held_s - long_s) / (shutdown_s - long_s))
    return Notice("Holding C", ("let go now: shut down (you will be asked first)",),
                  "let go", progress=1.0)


def shutdown_command(configured: str, env: Mapping[str, str] | None = None
                     ) -> tuple[str, ...]:
    """The power-off command for ``[device] shutdown_command``: "auto" is ``systemctl
    poweroff`` on a Raspberry Pi and no command elsewhere; "none" is no command (the app just
    stops); anything else is split as a shell would (no shell runs it).

    Raises:
        ValueError: the text is not a command line (an unclosed quote).
    """
    text = configured.strip()
    if text == "auto":
        return PI_COMMAND if is_raspberry_pi(env) else ()
    if text in ("", "none"):
        return ()
    return tuple(shlex.split(text))


def run_subprocess(argv: Sequence[str]) -> int:
    """Run ``argv`` and wait for it (at most ``COMMAND_TIMEOUT_S``); its exit status.

    Raises:
        OSError: the program cannot be started. subprocess.TimeoutExpired: it did not end.
    """
    return subprocess.run(list(argv), check=False, timeout=COMMAND_TIMEOUT_S).returncode


@dataclass(frozen=True)
class PowerOff:
    """The power-off the app runs once the player confirmed.

    Attributes:
        command: the command (empty: none, the app only stops).
        runner: runs it and returns its exit status (``run_subprocess``; a stand-in in tests).
    """

    command: tuple[str, ...] = ()
    runner: Runner = run_subprocess

    def __call__(self) -> str:
        """Run the command; "" when it was accepted (or there is none), else what went wrong
        and the fix, for the OLED (also logged)."""
        if not self.command:
            log.info("shutdown confirmed: no power-off command here, the app stops")
            return ""
        log.warning("shutdown confirmed on the buttons: running %s", shlex.join(self.command))
        try:
            status = self.runner(self.command)
        except (OSError, subprocess.SubprocessError) as exc:
            problem = f"cannot run {shlex.join(self.command)} ({exc})"
        else:
            if status == 0:
                return ""
            problem = f"{shlex.join(self.command)} failed (exit {status})"
        log.error("%s: %s", problem, POLKIT_FIX)
        return f"{problem}: {POLKIT_FIX}"


def failed_notice(problem: str) -> Notice:
    """The screen when the power-off command failed: what and the fix; C goes back."""
    return Notice("Cannot shut down", (problem,), "C back")
