"""``dicekeeper demo [GAME]``: the device app on a recorded session, to an emulated OLED.

The recorded sessions ship as package data in ``device/sessions/<game>-<side>/`` (made by
``make fixtures``), so the demo works from a plain ``pip install``. The session of ``GAME``
(default: the first registered game that has one), or ``--session DIR``, goes through the real
pipeline: session frames -> ``BoardReader`` -> ``SettleDetector`` -> ``Session`` -> screens ->
the OLED emulator (``oled.gif`` and PNG frames in ``--out``), with the game record written to
``--out/demo.jsonl``; the button presses the session holds (``device.session_buttons``) come
through the app's own button path at their times. Each judgement is logged; the last line
printed is the session summary, the same line that ``dicekeeper replay <out>/demo.jsonl``
prints.

May import: everything (device is the composition root).
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import Any

from device.app import App, FrameClock, board_readers
from device.config import AppConfig
from device.errors import DeviceError
from device.session_buttons import session_buttons
from engine.errors import EngineError

log = logging.getLogger(__name__)

SESSIONS = Path(__file__).resolve().parent / "sessions"
RECORD_NAME = "demo.jsonl"


def shipped_sessions(game: str) -> list[Path]:
    """The recorded sessions shipped for ``game``, in the order of its board sides."""
    from engine.games import find_game

    sides = find_game(game).info.sides
    return [SESSIONS / f"{game}-{side}" for side in sides
            if (SESSIONS / f"{game}-{side}" / "session.json").is_file()]


def default_session(game: str | None = None) -> Path:
    """The session ``dicekeeper demo [GAME]`` plays: ``GAME``'s first shipped session, or the
    first registered game's that has one.

    Raises:
        UnknownGameError: ``game`` is not registered.
        FileNotFoundError: no session is shipped for it (the message names what is).
    """
    from engine.games import GAMES

    names = [game] if game else list(GAMES)
    for name in names:
        found = shipped_sessions(name)
        if found:
            return found[0]
    shipped = sorted(p.name for p in SESSIONS.glob("*/session.json"))
    raise FileNotFoundError(f"no recorded session for {game or 'any game'} in {SESSIONS}; "
                            f"shipped: {', '.join(shipped) or 'none'} (make fixtures)")


class TeeDisplay:
    """Shows every screen on several displays (the emulator and the terminal text view)."""

    def __init__(self, *displays: Any) -> None:
        self.displays = displays
        self.size = displays[0].size

    def show(self, image: Any) -> None:
        for display in self.displays:
            display.show(image)

    def contrast(self, level: int | None) -> None:
        for display in self.displays:
            display.contrast(level)

    def close(self) -> None:
        for display in self.displays:
            display.close()


def build_app(session_dir: Path, out_dir: Path, *, text: bool = False,
              settle_frames: int = 3, reader: Any = None) -> App:
    """The App wired for a recorded session (no menu: game and side come from session.json).

    Args:
        session_dir: the recorded session folder (session.json + frames).
        out_dir: where the emulator writes PNGs and ``oled.gif``, and the record goes.
        text: also draw every screen in the terminal.
        settle_frames: agreeing frames the settle detector needs.
        reader: the board reader to use whatever the game; default the device's
            (``device.app.board_readers``: the game's board, no calibration profile).

    Raises:
        SessionFileError: session.json missing or malformed (its presses too).
        ValueError: session.json names no game or side.
    """
    from device.camera import SessionCamera
    from device.display import open_display

    camera = SessionCamera(session_dir)
    if not camera.game or not camera.side:
        camera.close()
        raise ValueError(f"{session_dir / 'session.json'} names no game and side")
    try:
        buttons = session_buttons(camera.info)
    except DeviceError:
        camera.close()
        raise
    clock = FrameClock()
    display: Any = open_display("emulator", out_dir, clock=clock)
    if text:
        display = TeeDisplay(display, open_display("text", text_stream=sys.stdout))
    config = AppConfig(game=camera.game, side=camera.side, record_file=out_dir / RECORD_NAME,
                       settle_frames=settle_frames)
    readers = board_readers(None) if reader is None else (lambda layout: reader)
    return App(camera=camera, display=display, readers=readers,
               config=config, clock=clock, buttons=buttons)


def command(args: argparse.Namespace) -> int:
    """``dicekeeper demo [GAME] [--session DIR] [--out DIR] [--text]``."""
    try:
        game = getattr(args, "game", None)
        session_dir = Path(args.session) if args.session else default_session(game)
    except (EngineError, FileNotFoundError) as exc:
        print(f"dicekeeper demo: {exc}", file=sys.stderr)
        return 2
    if not (session_dir / "session.json").is_file():
        print(f"dicekeeper demo: no recorded session in {session_dir} (session.json missing); "
              f"generate the fixtures with `make fixtures` or pass --session DIR",
              file=sys.stderr)
        return 2
    out_dir = Path(args.out)
    record = out_dir / RECORD_NAME
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        for old in [record, *out_dir.glob("oled-*.png")]:  # each run rewrites its outputs
            old.unlink(missing_ok=True)
        app = build_app(session_dir, out_dir, text=getattr(args, "text", False))
    except (DeviceError, EngineError, OSError, ValueError) as exc:
        print(f"dicekeeper demo: {exc}", file=sys.stderr)
        return 1
    if app.session is None:
        app.close()
        print(f"dicekeeper demo: cannot start the game: {app.current_screen()}", file=sys.stderr)
        return 1
    app.run()
    if app.session.outcome is None:
        log.warning("the recorded session ended before the game did (last status: %r): the "
                    "board reader did not follow every push", app.session.status)
    log.info("OLED frames and oled.gif in %s; game record %s", out_dir, record)
    print(app.session.summary(app.now))
    return 0
