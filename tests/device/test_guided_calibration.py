"""The calibration guided on the OLED with the buttons only, through the App, on rendered photos
of the printed board read by the real calibration code: markers counted (a hidden corner
named), the palette's colours asked for on the lettered cells and measured, a test read with
the new profile, then the same profile `dicekeeper calibrate` writes from the same photo."""

from __future__ import annotations

import argparse
from dataclasses import fields
from pathlib import Path
from types import SimpleNamespace

import cv2
import pytest

from calibration.board_files import load_layout
from calibration.synthetic import Scene, render_scene
from device.app import App
from device.calibrate_cli import run as calibrate_command
from device.config import AppConfig
from device.display import open_display
from device.guided_calibration import ColourTarget, colour_targets, reference
from device.screens import Greeting, Notice, render
from engine.table import Cell, Colour, ItemKind
from vision.board.profile import CalibrationProfile

from .test_app import TextReader

LAYOUT = load_layout("unification", "simple")


class Table:
    """The camera over the table: whatever photo the test lays there, frame after frame."""

    def __init__(self) -> None:
        self.photo = None
        self.t = 0.0

    def read(self):
        self.t += 0.2
        return SimpleNamespace(image=self.photo, t=self.t)

    def close(self) -> None:
        pass


class Presses:
    def __init__(self) -> None:
        self.queued: list[str] = []

    def poll(self, now=None):
        out, self.queued = self.queued, []
        return out

    def close(self) -> None:
        pass


def photo(**scene) -> object:
    return render_scene(Scene(board=LAYOUT, **scene), seed=3)


EMPTY = photo()
NE_HIDDEN = photo(covered_markers=(1,))
# what the screen asks for: the white die on r0c0 and the red one on r1c1
PLACED = photo(grid=((3, None, None), (None, 5, None), (None, None, None)), red_cell=(1, 1))


@pytest.fixture
def app(tmp_path):
    readers_made = []
    config = AppConfig(record_file=tmp_path / "r.jsonl", profile=tmp_path / "profile.json")
    made = App(camera=Table(), display=open_display("dummy"), config=config,
               readers=lambda layout: TextReader(), sleep=lambda s: None, buttons=Presses(),
               recalibrated=lambda path: readers_made.append(path) or (lambda l: TextReader()))
    made.readers_made = readers_made
    return made


def _press(app: App, *names: str) -> None:
    for name in names:
        app.buttons.queued.append(name)
        app.step()


def _look(app: App, picture) -> Notice:
    """Lay ``picture`` under the camera; the screen once a frame of it was read."""
    app.camera.photo = picture
    app.step()
    screen = app.current_screen()
    assert isinstance(screen, Notice)
    assert app.display.last_image.tobytes() == render(screen).tobytes()
    return screen


def test_the_whole_calibration_on_the_buttons_writes_the_profile_calibrate_writes(app,
                                                                                 tmp_path):
    _press(app, "B")
    menu = app.current_screen()
    _press(app, *["A"] * menu.items.index("Calibrate"), "B")
    assert app.current_screen().title == "Calibrate which game"
    _press(app, "B", "B")                                     # Unification, Simple
    assert app.calibration is not None

    screen = _look(app, NE_HIDDEN)
    assert screen.title == "1/4 lay the board"
    assert screen.lines[:2] == ("markers found 3/4", "not seen: NE")
    _press(app, "B")
    assert app.calibration.step == "board"                    # B waits for all four
    screen = _look(app, EMPTY)
    assert screen.lines[0] == "markers found 4/4" and screen.hint.startswith("B next")
    _press(app, "B")

    screen = _look(app, EMPTY)
    assert screen.title == "2/4 show the colours"
    assert screen.lines == ("W white die -", "R red die -")
    assert screen.sketch.rows == ("W..", ".R.", "...")        # the lettered cells, lit
    assert screen.sketch.marked == {(0, 0), (1, 1)}
    _press(app, "B")
    assert app.calibration.step == "colours"                  # nothing measured: B waits
    screen = _look(app, PLACED)
    assert screen.lines == ("W white die ok", "R red die ok")
    _press(app, "B")

    screen = _look(app, PLACED)
    assert screen.title == "3/4 test read"
    assert screen.lines == ("seen: 2", "W 1 R 1")             # what the new profile reads
    assert screen.sketch.rows == ("3..", ".5.", "...") and screen.sketch.marked == {(1, 1)}
    _press(app, "B")

    saved = tmp_path / "profile.json"
    screen = app.current_screen()
    assert screen.title == "4/4 saved: ready" and saved.is_file()
    assert not list(tmp_path.glob("*.tmp"))                   # written whole, then renamed
    _press(app, "B")
    assert app.calibration is None and isinstance(app.current_screen(), Greeting)
    assert app.readers_made == [saved] and app.config.profile == saved

    guided = CalibrationProfile.load(saved)
    frame = tmp_path / "placed.png"
    cv2.imwrite(str(frame), PLACED)
    code, _ = calibrate_command(argparse.Namespace(
        game="unification", side="simple", frame=str(frame), source=None,
        profile=str(tmp_path / "cli.json")))
    assert code == 0
    command = CalibrationProfile.load(tmp_path / "cli.json")
    assert guided.board == command.board == "unification"
    assert guided.white_ref is not None and guided.red_ref is not None
    same = {**command.to_dict(), "created": guided.created}   # a lossless PNG: the same bits
    assert guided.to_dict() == same


def test_c_goes_back_a_step_and_cancels_from_the_first(app):
    app.start_calibration("unification", "simple")
    _look(app, EMPTY)
    _press(app, "B")
    assert app.calibration.step == "colours"
    _press(app, "C")
    assert app.calibration.step == "board"
    _press(app, "C")
    assert app.calibration is None and not Path(app.config.profile).exists()


def test_a_profile_that_cannot_be_saved_is_said_and_nothing_is_lost(app, tmp_path):
    (tmp_path / "blocked").write_text("a file where the folder should be")
    app.config = type(app.config)(record_file=app.config.record_file,
                                  profile=tmp_path / "blocked" / "profile.json")
    app.start_calibration("unification", "simple")
    for _ in range(2):
        _look(app, PLACED)
        _press(app, "B")
    _look(app, PLACED)
    _press(app, "B")
    screen = app.current_screen()
    assert screen.title == "3/4 test read" and screen.lines[0] == "cannot save:"
    assert "cannot write calibration profile" in screen.lines[1]
    assert app.calibration is not None and app.calibration.step == "test read"


def test_the_colours_asked_for_are_the_games_palette():
    assert colour_targets(LAYOUT) == (ColourTarget(Colour.WHITE, ItemKind.DIE, Cell(0, 0)),
                                      ColourTarget(Colour.RED, ItemKind.DIE, Cell(1, 1)))
    cubes = colour_targets(load_layout("cubecourier"))
    assert [(t.letter, t.label(), t.cell) for t in cubes] == [
        ("K", "black cube", Cell(0, 0)), ("R", "red cube", Cell(1, 1)),
        ("W", "white cube", Cell(2, 2))]
    white_only = colour_targets(load_layout("no-gaps"))
    assert [t.label() for t in white_only] == ["white die"]


def test_a_colour_the_profile_keeps_no_reference_for_is_read_without_one():
    profile = CalibrationProfile(board="cubecourier", created="")
    black_cube = ColourTarget(Colour.BLACK, ItemKind.CUBE, Cell(0, 0))
    has_cube_refs = "cube_refs" in {f.name for f in fields(CalibrationProfile)}
    assert reference(profile, black_cube) is (False if has_cube_refs else None)
    assert reference(profile, ColourTarget(Colour.BLUE, ItemKind.DIE, Cell(0, 0))) is None
    assert reference(profile, ColourTarget(Colour.RED, ItemKind.DIE, Cell(0, 0))) is False
    assert reference(None, ColourTarget(Colour.WHITE, ItemKind.DIE, Cell(0, 0))) is False


def test_a_board_that_cannot_be_read_is_said_instead_of_calibrated(app, tmp_path,
                                                                   monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    broken = tmp_path / "home" / ".config" / "dicekeeper" / "boards" / "unification-simple.json"
    broken.parent.mkdir(parents=True)
    broken.write_text("{")
    assert not app.start_calibration("unification", "simple")
    screen = app.current_screen()
    assert screen.title == "Cannot calibrate unification" and screen.hint == "C menu"
    assert f"mend or delete {broken}" in screen.lines
    _press(app, "C")
    assert app.calibration is None and isinstance(app.current_screen(), Greeting)
