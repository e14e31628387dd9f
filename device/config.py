"""Settings of the device app, gathered in one place (thresholds live here, not in the loop).

``AppConfig`` is a frozen dataclass; ``config_from_args`` builds it from the ``dicekeeper run``
arguments, the configuration file (``device.settings``; the arguments win) and the environment
(``$DICEKEEPER_RECORDS``, ``$WATCHDOG_USEC`` set by systemd).

May import: the standard library, ``device.records`` and ``device.settings``.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from device.records import default_records_dir
from device.settings import Settings


@dataclass(frozen=True)
class AppConfig:
    """What the app loop needs besides its backends.

    Attributes:
        game, side: skip the menu and play this game (both or neither).
        records_dir: folder for game records (file names from ``records.record_path``).
        record_file: write the record exactly here instead (the demo's ``demo.jsonl``).
        profile: calibration profile file for the board reader, or None to locate afresh.
        duration: the countdown in seconds (FA-P1: 5 minutes).
        settle_frames: agreeing frames before a view counts as settled.
        watchdog_s: seconds between systemd ``WATCHDOG=1`` pings.
        camera_retry_s: pause before trying a lost camera again.
        idle_s: pause per loop in the menu (no camera read there).
        resume: an interrupted game found in ``records_dir``: ``"ask"`` on the OLED (resumed at
            once without buttons), ``"yes"``, or ``"no"`` (left as it is).
    """

    game: str | None = None
    side: str | None = None
    records_dir: Path = Path("records")
    record_file: Path | None = None
    profile: Path | None = None
    duration: float = 300.0
    settle_frames: int = 3
    watchdog_s: float = 5.0
    camera_retry_s: float = 1.0
    idle_s: float = 0.05
    resume: str = "ask"

    def __post_init__(self) -> None:
        if (self.game is None) != (self.side is None):
            raise ValueError("give both --game and --side (or neither, to use the menu)")
        if self.resume not in ("ask", "yes", "no"):
            raise ValueError(f"resume must be ask, yes or no, not {self.resume!r}")
        if self.duration <= 0 or self.settle_frames < 1:
            raise ValueError("duration must be positive and settle_frames at least 1")


def watchdog_interval(environ: Mapping[str, str], default: float = 5.0) -> float:
    """Half of systemd's ``WATCHDOG_USEC`` in seconds, or ``default`` when not set."""
    try:
        usec = int(environ.get("WATCHDOG_USEC", ""))
    except ValueError:
        return default
    return usec / 2e6 if usec > 0 else default


def config_from_args(args: argparse.Namespace, environ: Mapping[str, str] | None = None,
                     settings: Settings | None = None) -> AppConfig:
    """Build the config of ``dicekeeper run`` from its arguments, the configuration file's
    ``settings`` (``[game]``, ``[records]``; an argument wins over the file) and the
    environment."""
    env = os.environ if environ is None else environ
    settings = settings or Settings()
    game, side = getattr(args, "game", None), getattr(args, "side", None)
    if not game and not side and settings.game.name:
        game, side = settings.game.name, settings.game.side or None
    records = getattr(args, "records", None) or settings.records.folder
    profile = getattr(args, "profile", None)
    return AppConfig(
        game=game,
        side=side if side or not game else default_side(game),
        records_dir=Path(records).expanduser() if records else default_records_dir(env),
        profile=Path(profile).expanduser() if profile else _saved_profile(env),
        watchdog_s=watchdog_interval(env),
        resume=getattr(args, "resume", None) or "ask",
    )


def default_side(game: str) -> str:
    """The first board side of ``game``; the game's own name when it is unknown (the start
    then fails with the list of known games)."""
    from engine.errors import UnknownGameError
    from engine.games import find_game

    try:
        return find_game(game).info.sides[0]
    except UnknownGameError:
        return game


def _saved_profile(environ: Mapping[str, str]) -> Path | None:
    """The profile ``dicekeeper calibrate`` saved by default, if there is one."""
    from device.calibrate_cli import default_profile_path

    path = default_profile_path(environ)
    return path if path.is_file() else None
