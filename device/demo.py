"""``dicekeeper demo``: the device app on a recorded session, to an emulated OLED.

The recorded Unification session shipped in ``tests/fixtures/sessions/unification-simple``
(or ``--session``) goes through the real pipeline: session frames -> ``BoardReader`` ->
``SettleDetector`` -> ``SoloSession`` -> screens -> the OLED emulator (``oled.gif`` and PNG
frames in ``--out``), with the game record written to ``--out/demo.jsonl``. Each judgement is
logged; the last line printed is the session summary, the same line that
``dicekeeper replay <out>/demo.jsonl`` prints.

May import: everything (device is the composition root).
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import Any

from device.app import App, FrameClock, make_reader
from device.config import AppConfig
from device.errors import DeviceError
from engine.errors import EngineError

log = logging.getLogger(__name__)

SESSION = Path("tests") / "fixtures" / "sessions" / "unification-simple"
RECORD_NAME = "demo.jsonl"


def default_session() -> Path:
    """The shipped session, found relative to this checkout (not the working directory)."""
    return Path(__file__).resolve().parents[1] / SESSION


class TeeDisplay:
    """Shows every screen on several displays (the emulator and the terminal text view)."""

    def __init__(self, *displays: Any) -> None:
        self.displays = displays
        self.size = displays[0].size

    def show(self, image: Any) -> None:
        for display in self.displays:
            display.show(image)

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
        reader: the board reader; default ``vision.pipeline.BoardReader()``.

    Raises:
        SessionFileError: session.json missing or malformed.
        ValueError: session.json names no game or side.
    """
    from device.camera import SessionCamera
    from device.display import open_display

    camera = SessionCamera(session_dir)
    if not camera.game or not camera.side:
        camera.close()
        raise ValueError(f"{session_dir / 'session.json'} names no game and side")
    clock = FrameClock()
    display: Any = open_display("emulator", out_dir, clock=clock)
    if text:
        display = TeeDisplay(display, open_display("text", text_stream=sys.stdout))
    config = AppConfig(game=camera.game, side=camera.side, record_file=out_dir / RECORD_NAME,
                       settle_frames=settle_frames)
    return App(camera=camera, display=display, reader=reader or make_reader(None),
               config=config, clock=clock)


def command(args: argparse.Namespace) -> int:
    """``dicekeeper demo [--session DIR] [--out DIR] [--text]``."""
    session_dir = Path(args.session) if args.session else default_session()
    if not (session_dir / "session.json").is_file():
        print(f"dicekeeper demo: no recorded session in {session_dir} (session.json missing); "
              f"generate the fixtures with `make fixtures` or pass --session DIR")
        return 1
    out_dir = Path(args.out)
    record = out_dir / RECORD_NAME
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        for old in [record, *out_dir.glob("oled-*.png")]:  # each run rewrites its outputs
            old.unlink(missing_ok=True)
        app = build_app(session_dir, out_dir, text=getattr(args, "text", False))
    except (DeviceError, EngineError, OSError, ValueError) as exc:
        print(f"dicekeeper demo: {exc}")
        return 1
    if app.session is None:
        app.close()
        print(f"dicekeeper demo: cannot start the game: {app.current_screen()}")
        return 1
    app.run()
    if app.session.outcome is None:
        log.warning("the recorded session ended before the game did (last status: %r): the "
                    "board reader did not follow every push", app.session.status)
    log.info("OLED frames and oled.gif in %s; game record %s", out_dir, record)
    print(app.session.summary(app.now))
    return 0
