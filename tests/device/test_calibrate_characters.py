"""`dicekeeper calibrate --game playme --characters`: each character's dice colour read from
one die in the first cell of its row and written into the user's copy of the board file (PM-D1)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from calibration.board_files import load_board, load_layout
from calibration.synthetic import Die, Pose, Scene, render_scene
from device.calibrate_cli import command
from device.cli import build_parser
from engine.table import Cell, Colour

LAYOUT = load_layout("playme", "standard")
POSE = Pose(height_mm=600.0, pitch_deg=-2.0, yaw_deg=-2.0, roll_deg=2.0, target_mm=(140.0, 140.0))


def _photo(folder: Path, colours: tuple[str, ...]) -> Path:
    """The board with one die of each colour in slot 1 of the rows, north to south."""
    dice = {}
    for r, colour in enumerate(colours):
        x, y = LAYOUT.cell_centre_mm(Cell(r, 0))
        dice[(r, 0)] = Die(r + 1, colour, x + 1.0, y - 1.0, angle=12.0 * r, style_seed=r)
    grid = tuple(((r + 1,) if r < len(colours) else (None,)) + (None,) * 5 for r in range(6))
    path = folder / f"{'-'.join(colours)}.jpg"
    cv2.imwrite(str(path), render_scene(Scene(board=LAYOUT, pose=POSE, grid=grid,
                                              grid_overrides=dice), seed=4))
    return path


def _run(photo: Path, tmp_path: Path, monkeypatch) -> int:
    monkeypatch.setenv("DICEKEEPER_BOARDS", str(tmp_path / "boards"))
    args = build_parser().parse_args(["calibrate", "--game", "playme", "--characters",
                                      "--frame", str(photo),
                                      "--profile", str(tmp_path / "profile.json")])
    return command(args)


def test_a_new_mapping_is_read_and_written_into_the_users_copy(tmp_path, monkeypatch,
                                                              capsys) -> None:
    # the shipped order is Alice, Queen, Cat, Hatter, Caterpillar, Walrus: these dice swap
    # the Queen's and the Walrus's colours, and Alice's and the Caterpillar's
    photo = _photo(tmp_path, ("yellow", "white", "black", "green", "blue", "red"))
    assert _run(photo, tmp_path, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "Caterpillar: blue" in out and "character colours written to" in out
    written = tmp_path / "boards" / "playme-standard.json"
    board = load_board("playme", "standard", override_dir=written.parent)
    assert [(c.key, c.camera) for c in board.characters] == [
        ("alice", Colour.YELLOW), ("queen", Colour.WHITE), ("cat", Colour.BLACK),
        ("hatter", Colour.GREEN), ("caterpillar", Colour.BLUE), ("walrus", Colour.RED)]
    rgb = dict(board.characters[0].__dict__)["rgb"]
    assert rgb[0] > 150 and rgb[2] < 100  # a yellow body measured: much red, little blue
    assert json.loads(written.read_text())["title"] == "PlayMe: Alice in Wonderdice"


def test_a_missing_or_repeated_die_writes_nothing(tmp_path, monkeypatch, capsys) -> None:
    photo = _photo(tmp_path, ("blue", "red", "black", "green", "yellow"))
    assert _run(photo, tmp_path, monkeypatch) == 1
    said = capsys.readouterr()
    assert "row 6 slot 1 (Walrus): no die" in said.out
    assert "character colours: nothing written" in said.err
    assert not (tmp_path / "boards" / "playme-standard.json").exists()
    photo = _photo(tmp_path, ("blue", "red", "black", "green", "yellow", "blue"))
    assert _run(photo, tmp_path, monkeypatch) == 1
    assert "Walrus and Alice both read blue" in capsys.readouterr().out


@pytest.mark.parametrize("game", ["unification"])
def test_a_board_without_characters_has_none_to_set(game, tmp_path, monkeypatch,
                                                   capsys) -> None:
    layout = load_layout(game, "simple")
    photo = tmp_path / "u.jpg"
    cv2.imwrite(str(photo), render_scene(Scene(board=layout, grid=((1, 2, 3),) * 3), seed=2))
    monkeypatch.setenv("DICEKEEPER_BOARDS", str(tmp_path / "boards"))
    args = build_parser().parse_args(["calibrate", "--game", game, "--characters", "--frame",
                                      str(photo), "--profile", str(tmp_path / "p.json")])
    assert command(args) == 1
    assert "has no characters" in capsys.readouterr().err
