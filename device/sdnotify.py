"""systemd's notify protocol without a dependency: READY, WATCHDOG, STATUS and STOPPING.

``notify("READY=1")`` sends one datagram to ``$NOTIFY_SOCKET`` (a path, or an abstract socket
when it starts with "@") and returns False when not run by systemd. :class:`Watchdog` sends
``WATCHDOG=1`` at half of ``$WATCHDOG_USEC`` when ticked from the healthy main loop, so a hung loop
gets the service restarted.

May import: the standard library only.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)


def _address(raw: str) -> str:
    return "\0" + raw[1:] if raw.startswith("@") else raw


def notify(state: str, env: Mapping[str, str] | None = None) -> bool:
    """Send a state such as "READY=1", "WATCHDOG=1", "STATUS=...", "STOPPING=1" to systemd.

    Returns:
        True when sent; False when there is no NOTIFY_SOCKET (not under systemd) or the send
        failed (logged; never raised, the game goes on).
    """
    env = os.environ if env is None else env
    raw = env.get("NOTIFY_SOCKET")
    if not raw:
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(_address(raw))
            sock.sendall(state.encode("utf-8"))
    except OSError as exc:
        log.warning("sd_notify %r to %s failed: %s", state, raw, exc)
        return False
    return True


def ready(status: str = "", env: Mapping[str, str] | None = None) -> bool:
    """Tell systemd start-up is done (Type=notify), with an optional status line."""
    return notify("READY=1" + (f"\nSTATUS={status}" if status else ""), env)


def stopping(env: Mapping[str, str] | None = None) -> bool:
    """Tell systemd the service is shutting down on purpose."""
    return notify("STOPPING=1", env)


def status(text: str, env: Mapping[str, str] | None = None) -> bool:
    """Set the one-line status shown by ``systemctl status``."""
    return notify(f"STATUS={text}", env)


class Watchdog:
    """Pets systemd's watchdog at half its timeout when ``tick()`` is called from the main loop.

    Disabled (every tick a no-op) when ``WATCHDOG_USEC`` is unset or invalid, or when
    ``WATCHDOG_PID`` names another process.
    """

    def __init__(self, env: Mapping[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._env = os.environ if env is None else env
        self._clock = clock
        self.interval = self._interval(self._env)
        self._last: float | None = None

    @staticmethod
    def _interval(env: Mapping[str, str]) -> float | None:
        pid = env.get("WATCHDOG_PID")
        if pid and pid.strip() != str(os.getpid()):
            return None
        try:
            usec = int(env.get("WATCHDOG_USEC", ""))
        except ValueError:
            return None
        return usec / 2 / 1_000_000 if usec > 0 else None

    @property
    def enabled(self) -> bool:
        """True when systemd expects watchdog pings from this process."""
        return self.interval is not None

    def tick(self, now: float | None = None) -> bool:
        """Send WATCHDOG=1 if half the timeout has passed since the last one; True if sent."""
        if self.interval is None:
            return False
        now = self._clock() if now is None else now
        if self._last is not None and now - self._last < self.interval:
            return False
        self._last = now
        return notify("WATCHDOG=1", self._env)
