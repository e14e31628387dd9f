"""The board die finder (``vision.board.dice``) on the rendered fixtures.

Frames are warped to the canonical view with ``vision.board.markers`` (as ``BoardReader`` does),
then read by ``find_board_dice``; the expected faces come from the fixtures' labels (the session's
``expected.json`` views and the single frames' JSON sidecars).
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration.board_files import load_layout
from calibration.synthetic import Scene, render_scene
from engine.games.unification import view_to_text
from engine.table import Cell
from vision.board.dice import find_board_dice
from vision.board.geometry import BoardGeometry
from vision.board.markers import detect_markers, location_from_markers, warp_board
from vision.board.pipeline import BoardReader
from vision.top.config import READER
from vision.top.types import DieDetection

G = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SESSION = Path(__file__).resolve().parents[3] / "device" / "sessions" / "unification-simple"
FRAMES = FIXTURES / "frames"


def warped(image: np.ndarray) -> np.ndarray:
    markers = detect_markers(image, G.MARKER_IDS)
    location = location_from_markers(markers, (image.shape[1], image.shape[0]), G)
    return warp_board(image, location, G)


def read(image: np.ndarray) -> list[DieDetection]:
    return find_board_dice(warped(image), expected_size=G.die_px, geometry=G)


def by_cell(dets: list[DieDetection]) -> tuple[dict[tuple[int, int], DieDetection],
                                                list[DieDetection]]:
    cells: dict[tuple[int, int], DieDetection] = {}
    outside = []
    for d in dets:
        cell = G.cell_at_mm(*G.px_to_mm(d.x, d.y))
        if cell is None:
            outside.append(d)
        else:
            assert (cell.r, cell.c) not in cells, "two dice reported in one cell"
            cells[(cell.r, cell.c)] = d
    return cells, outside


def sidecar(name: str) -> dict:
    return json.loads((FRAMES / f"{name}.json").read_text())["expected"]


@pytest.mark.parametrize("name", ["clean-simple", "clean-complex", "large-1280"])
def test_labelled_frame_read_exactly(name: str) -> None:
    want = sidecar(name)
    cells, outside = by_cell(read(cv2.imread(str(FRAMES / f"{name}.jpg"))))
    for r, row in enumerate(want["grid"]):
        for c, face in enumerate(row):
            d = cells[(r, c)]
            assert (d.face, d.confidence >= READER.min_confidence) == (face, True), (name, r, c, d)
            assert (d.colour == "red") == ([r, c] == want["red_cell"]), (name, r, c, d.colour)
    assert len(outside) == 1
    push = outside[0]
    assert push.face == want["push_die"] and push.confidence >= READER.min_confidence
    x_mm, y_mm = G.px_to_mm(push.x, push.y)
    assert abs(x_mm - want["outside"][0]["x_mm"]) < 6 and abs(y_mm - want["outside"][0]["y_mm"]) < 6


@pytest.mark.parametrize("index", [12, 61, 67, 91])
def test_session_frames_through_the_reader(index: int) -> None:
    """The reader with this finder gives the exact expected view (faces, red die, push die)."""
    views = json.loads((SESSION / "expected.json").read_text())["views"]
    view = next(v for v in views if v["file"] == f"frames/{index:03d}.jpg")
    reader = BoardReader(G, dice_finder=lambda im, expected_size: find_board_dice(
        im, expected_size=expected_size, geometry=G))
    got = reader.read(cv2.imread(str(SESSION / view["file"])))
    assert view_to_text(got) == view["view"]


def test_cocked_die_abstains_and_the_others_are_read() -> None:
    want = sidecar("cocked-die")
    cells, _ = by_cell(read(cv2.imread(str(FRAMES / "cocked-die.jpg"))))
    (cr, cc), = want["cocked"]
    assert cells[(cr, cc)].face is None and cells[(cr, cc)].reason == "cocked"
    for r, row in enumerate(want["grid"]):
        for c, face in enumerate(row):
            if (r, c) != (cr, cc):
                assert cells[(r, c)].face == face


def test_moving_die_never_gets_a_wrong_face() -> None:
    want = sidecar("motion-blur")
    cells, _ = by_cell(read(cv2.imread(str(FRAMES / "motion-blur.jpg"))))
    (mr, mc), = want["moving"]
    d = cells.get((mr, mc))
    assert d is None or d.face is None or d.face == want["grid"][mr][mc]


def test_smeared_die_abstains() -> None:
    """A die smeared across ~1/3 of its size (a throw seen mid-flight) is not read."""
    view = warped(cv2.imread(str(FRAMES / "clean-simple.jpg")))
    x, y = (round(v * G.px_per_mm) for v in G.cell_centre_mm(Cell(0, 1)))
    kernel = np.zeros((17, 17), np.float32)
    kernel[8, :] = 1.0 / 17.0  # horizontal motion
    half = round(G.cell_mm * G.px_per_mm / 2)
    patch = view[y - half:y + half, x - half:x + half]
    view[y - half:y + half, x - half:x + half] = cv2.filter2D(patch, -1, kernel)
    cells, _ = by_cell(find_board_dice(view, expected_size=G.die_px, geometry=G))
    assert (0, 1) not in cells or cells[(0, 1)].face is None
    assert cells[(0, 0)].face == sidecar("clean-simple")["grid"][0][0]  # neighbours still read


def test_empty_board_gives_no_dice() -> None:
    scene = Scene(board=load_layout("unification", "complex"), grid=((None,) * 3,) * 3)
    assert read(render_scene(scene, seed=1)) == []


@pytest.mark.parametrize("bad", [None, np.zeros((0, 0, 3), np.uint8), np.zeros((8, 8, 3), np.uint8),
                                 np.zeros((510, 510), np.float32), "frame"])
def test_unusable_input_gives_no_dice(bad: object) -> None:
    assert find_board_dice(bad, expected_size=G.die_px, geometry=G) == []  # type: ignore[arg-type]


def test_blank_paper_gives_no_dice() -> None:
    paper = np.full((510, 510, 3), (205, 212, 218), np.uint8)
    assert find_board_dice(paper, expected_size=G.die_px, geometry=G) == []
