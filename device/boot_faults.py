"""Files found broken at start, told on the OLED with their fix instead of a restart loop.

A calibration profile that cannot be read, or a board file (a user's copy in the boards
folder) that cannot be parsed, must not stop ``dicekeeper run``: under systemd an exit would
start the device again and again, and the OLED would never say why. The device starts, the
OLED says what is wrong and how to mend it, and the buttons offer the way out: for the profile
the guided calibration (B) or playing without it (C); for a board file, trying again once it
is mended (B) or the menu (C). Without buttons the device plays on without the profile, and
tries the board file again every ``RETRY_S`` seconds. The whole message goes to the journal.

May import: the standard library, ``calibration.board_files`` and ``device.screens``.
"""

from __future__ import annotations

import logging
from pathlib import Path

from device.screens import Notice

log = logging.getLogger(__name__)

RETRY_S = 30.0        # without buttons: seconds between two tries of a broken board file
NOTICE_S = 20.0       # without buttons: seconds the profile notice stays before play goes on


def profile_notice(path: Path | None, problem: str) -> Notice:
    """The OLED's notice of a calibration profile that cannot be used (``problem`` is the
    ``ProfileError`` message, logged whole)."""
    log.error("%s", problem)
    name = path.name if path is not None else "the calibration profile"
    what = "is corrupt" if "corrupt" in problem else "cannot be read"
    return Notice("Calibration problem", (f"{name} {what}: the board is read without it",
                                          "B: calibrate again now"), "B calibrate   C play on")


def user_copy(game: str, side: str) -> Path | None:
    """The user's own copy of the board file of ``game``/``side`` that would be used, if any."""
    from calibration.board_files import user_board_dirs

    for folder in user_board_dirs():
        path = folder / f"{game}-{side}.json"
        try:
            if path.is_file():
                return path
        except OSError:
            return None
    return None


def start_notice(game: str, side: str, problem: str, *, buttons: bool) -> Notice:
    """The OLED's notice of a game that cannot start (its board file broken), with the fix:
    mend or delete the user's copy (named), or choose another game."""
    log.error("cannot start %s (%s): %s", game, side, problem)
    copy = user_copy(game, side)
    if copy is not None:
        lines = (f"{copy.name} is broken", f"mend or delete {copy}")
    else:
        lines = (f"the {side} board cannot be read", problem)
    hint = "B try again   C menu" if buttons else f"trying again every {RETRY_S:.0f} s"
    return Notice(f"Cannot start {game}", lines, hint)
