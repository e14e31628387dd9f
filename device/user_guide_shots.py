"""The OLED pictures of docs/user-guide.md, taken from the emulated OLED as the device runs.

``python -m device.user_guide_shots docs/img/`` drives the App through the journeys of the
guide (first start and the guided calibration on rendered photos of the printed board, the
recorded Unification session, a resumed game, faults, shutting down) with luma's dummy device
as the panel, and saves what the panel was last sent at each moment as a 1-bit PNG scaled 2x,
with ``screens.json``: each picture's screen model (what the player is told, independent of
font rendering) and the Pillow version that drew it. ``tests/device/test_user_guide.py``
compares them with what the current code draws, so the guide never shows a stale screen.

May import: everything (device is the composition root).
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import PIL
from PIL import Image

from device.app import App
from device.boot_faults import profile_notice
from device.buttons import Press
from device.config import AppConfig
from device.display import open_display
from device.screens import Screen
from device.views_source import PassThroughReader
from engine.games import find_game
from engine.session import Session
from engine.table import TableView, ViewStatus

SESSION = Path(__file__).resolve().parent / "sessions" / "unification-simple"
SCALE = 2
INDEX = "screens.json"


@dataclass(frozen=True)
class Shot:
    """One picture: the screen model shown and the image the panel was sent."""

    name: str
    screen: Screen
    image: Image.Image


class Frames:
    """A frame source the journeys feed: (t, image) pairs, then None."""

    def __init__(self, items: list[tuple[float, Any]] | None = None) -> None:
        self.items = list(items or [])

    def read(self) -> Any:
        if not self.items:
            return None
        t, image = self.items.pop(0)
        return _Frame(image, t)

    def close(self) -> None:
        pass


@dataclass(frozen=True)
class _Frame:
    image: Any
    t: float


class _Buttons:
    """Presses the journey queues; ``held`` seconds of C for the hold picture."""

    hold_time, shutdown_s, stuck_s = 1.0, 3.0, 10.0

    def __init__(self) -> None:
        self.queued: list[Press] = []
        self.held: float | None = None

    def poll(self, now: float | None = None) -> list[Press]:
        out, self.queued = self.queued, []
        return out

    def held_for(self) -> float | None:
        return self.held

    def close(self) -> None:
        pass


def _app(work: Path, frames: Frames | None = None, *, game: bool = True,
         buttons: bool = True, **kw: Any) -> App:
    config = AppConfig(game="unification" if game else None,
                       side="simple" if game else None, records_dir=work / "records",
                       profile=work / "profile.json", settle_frames=3, resume="no")
    config = kw.pop("config", config)
    return App(camera=frames or Frames(), display=open_display("dummy"), config=config,
               readers=lambda layout: PassThroughReader(), sleep=lambda s: None,
               buttons=_Buttons() if buttons else None, monotonic=lambda: 0.0, **kw)


def _shot(name: str, app: App) -> Shot:
    display: Any = app.display
    return Shot(name, app.screen, display.last_image.copy())


def _press(app: App, *names: str) -> None:
    assert isinstance(app.buttons, _Buttons)
    for name in names:
        app.buttons.queued.append(Press(name))
        app.step()


def _session_views() -> list[tuple[float, TableView]]:
    data = json.loads((SESSION / "expected.json").read_text(encoding="utf-8"))
    parse = find_game("unification").view_from_text
    return [(float(v["t"]), parse(v["view"])) for v in data["views"]]


def first_start(work: Path) -> Iterator[Shot]:
    """The greeting, the menu, and the guided calibration on rendered board photos."""
    from calibration.board_files import load_layout

    # the photo renderer, imported by name: it is test tooling, outside mypy's strict files
    synthetic = importlib.import_module("calibration.synthetic")
    layout = load_layout("unification", "simple")
    placed = ((3, None, None), (None, 5, None), (None, None, None))
    photos = {"hidden": synthetic.render_scene(synthetic.Scene(board=layout,
                                                               covered_markers=(1,)), seed=3),
              "placed": synthetic.render_scene(synthetic.Scene(board=layout, grid=placed,
                                                               red_cell=(1, 1)), seed=3)}
    frames = Frames()
    app = _app(work, frames, game=False)
    app.step()
    yield _shot("greeting", app)
    _press(app, "B")
    yield _shot("menu", app)
    app.start_calibration("unification", "simple")

    def look(photo: str) -> None:
        frames.items.append((0.0, photos[photo]))
        app.step()

    look("hidden")
    yield _shot("calibrate-board", app)
    look("placed")     # all four markers found
    _press(app, "B")
    look("placed")
    yield _shot("calibrate-colours", app)
    _press(app, "B")
    look("placed")
    yield _shot("calibrate-test", app)
    _press(app, "B")
    yield _shot("calibrate-saved", app)


def solo_game(work: Path) -> Iterator[Shot]:
    """The recorded Unification session: waiting for the set-up, the clock, the warning, the
    result."""
    views = _session_views()
    config = AppConfig(game="unification", side="simple", records_dir=work / "records",
                       settle_frames=2)   # the recorded hand comes every third frame
    app = _app(work, Frames(views), config=config)
    wanted: dict[str, Callable[[Session], bool]] = {
        "game-setup": lambda s: s.state is None and app.view is not None
        and app.view.status is ViewStatus.SETTLED and app.now > 3,
        "game-clock": lambda s: s.state is not None,
        "game-warning": lambda s: s.warning is not None,
        "game-result": lambda s: s.outcome is not None}
    while wanted and app.step() and app.session is not None:
        name = next(iter(wanted))
        if wanted[name](app.session):
            del wanted[name]
            yield _shot(name, app)


def interrupted(work: Path) -> Iterator[Shot]:
    """A game cut off half way (a power cut), offered at the next start."""
    views = _session_views()
    config = AppConfig(game="unification", side="simple", records_dir=work / "cut",
                       settle_frames=3)
    cut = _app(work, Frames(views[:40]), buttons=False, config=config)
    while cut.step():
        pass
    cut.recorder = None   # the plug is pulled: nothing closes the record
    config = AppConfig(game="unification", side="simple", records_dir=work / "cut",
                       settle_frames=3, resume="ask")
    again = _app(work, Frames(), config=config)
    again.step()
    yield _shot("resume", again)


def faults(work: Path) -> Iterator[Shot]:
    """What the OLED says when the camera view stays unreadable, and of a broken profile."""
    views = _session_views()[:20]
    garbage = [(30.0 + 0.5 * k, TableView.unsettled(ViewStatus.UNREADABLE,
                                                    "camera frame unreadable"))
               for k in range(12)]
    app = _app(work, Frames(views + garbage))
    while app.step():
        pass
    yield _shot("fault-camera", app)
    problem = (f"calibration profile {work / 'profile.json'} is corrupt (Expecting value): "
               "run `dicekeeper calibrate` to make a new one")
    notice = profile_notice(Path("profile.json"), problem)
    app = _app(work, Frames(), notice=notice)
    app.step()
    yield _shot("notice-profile", app)


def shutting_down(work: Path) -> Iterator[Shot]:
    """C held: what letting go will do; then the question."""
    app = _app(work, Frames(_session_views()[:30]))
    for _ in range(25):
        app.step()
    assert isinstance(app.buttons, _Buttons)
    app.buttons.held = 2.0
    app.step()
    yield _shot("hold-c", app)
    app.buttons.held = None
    _press(app, "C_VERY_LONG")
    yield _shot("shutdown", app)


JOURNEYS: tuple[Callable[[Path], Iterator[Shot]], ...] = (
    first_start, solo_game, interrupted, faults, shutting_down)


def shots() -> list[Shot]:
    """Every picture of the guide, in the guide's order (the app runs in a scratch folder)."""
    logging.disable(logging.CRITICAL)  # the journeys' faults are meant: keep the log quiet
    try:
        with tempfile.TemporaryDirectory() as scratch:
            return [shot for journey in JOURNEYS
                    for shot in journey(Path(scratch) / journey.__name__)]
    finally:
        logging.disable(logging.NOTSET)


def picture(image: Image.Image) -> Image.Image:
    """The 1-bit PNG of a panel image: scaled ``SCALE`` times, nearest neighbour."""
    one_bit = image.convert("1")
    return one_bit.resize((one_bit.width * SCALE, one_bit.height * SCALE),
                          Image.Resampling.NEAREST)


def write(folder: Path) -> list[Path]:
    """Write every picture and ``screens.json`` into ``folder``; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    taken = shots()
    paths = []
    for shot in taken:
        path = folder / f"{shot.name}.png"
        picture(shot.image).save(path, optimize=True)
        paths.append(path)
    index = {"pillow": PIL.__version__,
             "screens": {shot.name: repr(shot.screen) for shot in taken}}
    (folder / INDEX).write_text(json.dumps(index, indent=1, ensure_ascii=False) + "\n",
                                encoding="utf-8")
    return paths


def main(argv: list[str] | None = None) -> int:
    """``python -m device.user_guide_shots FOLDER``."""
    parser = argparse.ArgumentParser(prog="python -m device.user_guide_shots",
                                     description="the OLED pictures of docs/user-guide.md")
    parser.add_argument("folder", nargs="?", default="docs/img")
    args = parser.parse_args(argv)
    for path in write(Path(args.folder)):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
