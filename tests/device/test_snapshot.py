"""`dicekeeper snapshot` on the labelled fixture photos: the view text it prints, and where it
draws the board outline and the readings, checked against places the test finds on its own
(OpenCV's ArUco detector and the layout's millimetres)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration.board_files import load_layout
from device.cli import main
from device.snapshot import ABSTAINED, OUTLINE, READ, reading_label
from engine.table import Cell, Colour, Item, ItemKind

FRAMES = Path(__file__).resolve().parents[1] / "fixtures" / "frames"
LAYOUT = load_layout("unification", "simple")


def _expected_text(name: str) -> str:
    """Unification's view text from a fixture's JSON sidecar (faces, the red die, the push)."""
    expected = json.loads((FRAMES / f"{name}.json").read_text())["expected"]
    rows = []
    for r, row in enumerate(expected["grid"]):
        rows.append("".join(f"{'R' if [r, c] == expected['red_cell'] else ''}{face}"
                            for c, face in enumerate(row)))
    return f"{'/'.join(rows)} P={expected['push_die']}"


def _board_homography(image: np.ndarray) -> np.ndarray:
    """Board millimetres -> frame pixels, from the markers' outer corners (found here)."""
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = detector.detectMarkers(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    found = {int(i): c.reshape(4, 2) for i, c in zip(ids.ravel(), corners, strict=True)}
    outer = np.float32([found[0][0], found[1][1], found[2][2], found[3][3]])
    s = LAYOUT.size_mm
    return cv2.getPerspectiveTransform(np.float32([[0, 0], [s, 0], [s, s], [0, s]]), outer)


def _at(homography: np.ndarray, x_mm: float, y_mm: float) -> tuple[int, int]:
    x, y = cv2.perspectiveTransform(np.float64([[[x_mm, y_mm]]]), homography)[0, 0]
    return round(x), round(y)


def _has(image: np.ndarray, colour: tuple[int, int, int], at: tuple[int, int], r: int) -> bool:
    x, y = at
    patch = image[max(0, y - r):y + r + 1, max(0, x - r):x + r + 1].astype(int)
    return bool((np.abs(patch - np.array(colour)).sum(axis=2) <= 30).any())


def _snapshot(capsys, tmp_path, name: str) -> tuple[int, list[str], np.ndarray, np.ndarray]:
    out = tmp_path / f"{name}.png"
    code = main(["snapshot", "--frame", str(FRAMES / f"{name}.jpg"), "--game", "unification",
                 "--side", "simple", "--out", str(out)])
    lines = capsys.readouterr().out.splitlines()
    return code, lines, cv2.imread(str(FRAMES / f"{name}.jpg")), cv2.imread(str(out))


def test_snapshot_prints_the_view_and_draws_outline_and_readings_in_place(tmp_path, capsys):
    code, lines, raw, drawn = _snapshot(capsys, tmp_path, "clean-simple")
    assert code == 0
    assert lines == [_expected_text("clean-simple"), f"saved {tmp_path / 'clean-simple.png'}"]
    board = _board_homography(raw)
    s = LAYOUT.size_mm
    for corner in [(0, 0), (s, 0), (s, s), (0, s), (s / 2, 0), (0, s / 2)]:  # on the outline
        assert _has(drawn, OUTLINE, _at(board, *corner), 4), corner
        assert not _has(raw, OUTLINE, _at(board, *corner), 4)
    for r in range(LAYOUT.rows):
        for c in range(LAYOUT.cols):  # a green reading on every die of the grid
            assert _has(drawn, READ, _at(board, *LAYOUT.cell_centre_mm(Cell(r, c))), 10), (r, c)
    assert not _has(drawn, READ, _at(board, s / 2, s - 10), 10)  # nothing far from the dice


def test_an_abstained_die_is_drawn_red_at_its_cell(tmp_path, capsys):
    code, lines, raw, drawn = _snapshot(capsys, tmp_path, "cocked-die")
    assert code == 0 and lines[0].startswith("?")
    assert lines[1] == "not refereed: straighten or reroll r0c0"
    board = _board_homography(raw)
    assert _has(drawn, ABSTAINED, _at(board, *LAYOUT.cell_centre_mm(Cell(0, 0))), 12)
    assert not _has(drawn, ABSTAINED, _at(board, *LAYOUT.cell_centre_mm(Cell(2, 2))), 12)


def test_no_board_in_view_says_which_markers_and_exits_1(tmp_path, capsys):
    frame = tmp_path / "table.png"
    cv2.imwrite(str(frame), np.full((480, 640, 3), 120, np.uint8))
    out = tmp_path / "s.png"
    assert main(["snapshot", "--frame", str(frame), "--game", "unification",
                 "--out", str(out)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("S=no_board")
    assert "markers 0 (north-west), 1 (north-east)" in lines[1]
    drawn = cv2.imread(str(out))
    assert not (np.abs(drawn.astype(int) - np.array(OUTLINE)).sum(axis=2) <= 30).any()


def test_snapshot_reads_the_configured_camera_source(tmp_path, capsys):
    folder = tmp_path / "frames"
    folder.mkdir()
    shutil.copy(FRAMES / "clean-simple.jpg", folder / "000.jpg")
    config = tmp_path / "d.toml"
    config.write_text(f'[camera]\nsource = "{folder}"\n')
    assert main(["snapshot", "--config", str(config), "--game", "unification",
                 "--out", str(tmp_path / "s.jpg")]) == 0
    assert capsys.readouterr().out.splitlines()[0] == _expected_text("clean-simple")
    assert (tmp_path / "s.jpg").is_file()


@pytest.mark.parametrize("argv, words", [
    (["--game", "chess"], "unknown game 'chess'"),
    (["--game", "unification", "--side", "hard"], "the sides of unification are simple"),
    (["--game", "unification", "--frame", "no/such.png"], "no such image file"),
    (["--game", "unification", "--out", "s.gif"], "give a .png or .jpg"),
    (["--game", "unification", "--profile", "no/such.json"], "--profile no/such.json"),
    (["--game", "unification", "--source", "no/such/folder"], "no such file or folder"),
])
def test_bad_arguments_are_one_line_and_exit_2(capsys, argv, words):
    assert main(["snapshot", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and words in captured.err


def test_reading_labels():
    assert reading_label(Item(5, Colour.WHITE)) == "5W"
    assert reading_label(Item(3, Colour.RED)) == "3R"
    assert reading_label(Item(None, Colour.WHITE)) == "?"
    assert reading_label(Item(None, Colour.BLUE, kind=ItemKind.CUBE)) == "B"
