"""Rendered Unification photos -> BoardReader (+ SettleDetector) -> the table.

Uses the pipeline's real die reader (``vision.board.dice.find_board_dice``), the renderer
(``calibration.synthetic.render_scene``) and the labelled frames in tests/fixtures/frames
(JPEG + JSON sidecar of the expected reading). A handful of 640x480 frames.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration.board_files import load_layout
from calibration.synthetic import Die, Hand, Pose, Scene, render_scene
from engine.table import Colour, ViewStatus
from vision.board.geometry import BoardGeometry
from vision.board.pipeline import BoardReader
from vision.board.settle import SettleDetector

G = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "frames"
LABELLED = sorted(p.stem for p in FIXTURES.glob("*.json"))
FACES = [[2, 5, 1], [4, 6, 3], [6, 2, 3]]
# A die's top is 16 mm above the board plane the homography maps, so a tilted camera sees it
# a few millimetres off its footprint: positions are checked to within half a die.
PARALLAX_MM = 8.0
PUSH = Die(4, "white", 25.0, 85.0, 10.0)
TILTED = Pose(pitch_deg=8.0, yaw_deg=5.0, roll_deg=-6.0, height_mm=450.0)
SCENE = Scene(board=G.layout, grid=tuple(map(tuple, FACES)), red_cell=(1, 2), loose=(PUSH,),
              pose=TILTED,
              layout_seed=3)


@pytest.fixture(scope="module")
def frames():
    """Rendered once: three noisy shots of the still table, a hand, a covered marker."""
    still = [render_scene(SCENE, seed=s) for s in (1, 2, 3)]
    hand = render_scene(Scene(**{**SCENE.__dict__, "hand": Hand(x_mm=90.0, y_mm=110.0)}),
                        seed=4)
    covered = render_scene(Scene(**{**SCENE.__dict__, "covered_markers": (2,)}), seed=5)
    return {"still": still, "hand": hand, "covered": covered}


def faces(view):
    return [[None if d is None else d.face for d in row] for row in view.grid]


def red_cells(view):
    return [(r, c) for r, row in enumerate(view.grid) for c, d in enumerate(row)
            if d is not None and d.colour is Colour.RED]


def test_hand_over_the_board_is_hand_and_never_settles(frames):
    reader, settle = BoardReader(G), SettleDetector(1)
    view = reader.read(frames["hand"])
    assert (view.status, view.note) == (ViewStatus.HAND, "hand over board")
    assert settle.update(view).status is ViewStatus.HAND


def test_covered_marker_still_reads_with_three_markers(frames):
    view = BoardReader(G).read(frames["covered"])
    assert view.status is ViewStatus.SETTLED, view.note
    assert view.extra["markers_missing"] == [2]
    assert 0.5 < view.extra["location_confidence"] < 1.0
    assert faces(view) == FACES and red_cells(view) == [(1, 2)]


def test_garbage_and_none_are_unreadable():
    reader = BoardReader(G)
    rng = np.random.default_rng(0)
    for bad in (None, rng.bytes(1000), np.zeros((0, 0, 3), np.uint8)):
        view = reader.read(bad)
        assert (view.status, view.note) == (ViewStatus.UNREADABLE, "camera frame unreadable")
    noise = rng.integers(0, 256, (480, 640, 3), dtype=np.uint8)
    assert reader.read(noise).status is ViewStatus.NO_BOARD


def load_labelled(name):
    meta = json.loads((FIXTURES / f"{name}.json").read_text())
    return cv2.imread(str(FIXTURES / f"{name}.jpg")), meta["expected"]


def test_labelled_frames_are_present():
    assert len(LABELLED) >= 8


@pytest.mark.parametrize("name", LABELLED)
def test_labelled_frame_status_and_no_confident_misplacement(name):
    """Every die read with confidence sits in its true cell with its true face and colour."""
    image, expected = load_labelled(name)
    view = BoardReader(G).read(image)
    if expected["hand"]:
        assert (view.status, view.note) == (ViewStatus.HAND, "hand over board")
        return
    assert view.status is ViewStatus.SETTLED, view.note
    assert set(expected["hidden_markers"]) <= set(view.extra["markers_missing"])
    assert len(view.extra["markers_missing"]) <= 1
    for r, row in enumerate(view.grid):
        for c, die in enumerate(row):
            if die is None or die.face is None or die.confidence < 0.6:
                continue
            assert die.face == expected["grid"][r][c], (r, c)
            assert die.is_red == ([r, c] == expected["red_cell"]), (r, c)
    for die in view.outside:
        if die.face is not None and die.confidence >= 0.6:
            near = [o for o in expected["outside"] if abs(o["x_mm"] - die.x_mm) < PARALLAX_MM
                    and abs(o["y_mm"] - die.y_mm) < PARALLAX_MM]
            assert [o["face"] for o in near] == [die.face], (die.x_mm, die.y_mm)


EXACT = ["clean-simple", "clean-complex", "cream-translucent", "dim-light", "hidden-marker",
         "large-1280"]


@pytest.mark.parametrize("name", EXACT)
def test_labelled_frame_reads_the_exact_table_and_settles(name):
    """Grid faces, red die and push die exactly, settled into a trustworthy view."""
    image, expected = load_labelled(name)
    reader, settle = BoardReader(G), SettleDetector(3)
    views = [settle.update(reader.read(image)) for _ in range(3)]
    assert [v.status for v in views] == [ViewStatus.MOVING] * 2 + [ViewStatus.SETTLED]
    view = views[-1]
    assert faces(view) == expected["grid"]
    assert [list(cell) for cell in red_cells(view)] == [expected["red_cell"]]
    assert [d.face for d in view.outside] == [o["face"] for o in expected["outside"]]
    for die, want in zip(view.outside, expected["outside"]):
        assert abs(die.x_mm - want["x_mm"]) < PARALLAX_MM
        assert abs(die.y_mm - want["y_mm"]) < PARALLAX_MM
    assert view.is_trustworthy(0.6) == (True, "")


@pytest.mark.parametrize("name", ["cocked-die", "motion-blur"])
def test_cocked_or_moving_die_makes_the_view_untrustworthy(name):
    image, expected = load_labelled(name)
    settle = SettleDetector(3)
    views = [settle.update(BoardReader(G).read(image)) for _ in range(3)]
    assert views[-1].status is ViewStatus.MOVING
    (r, c), = expected["cocked"] + expected["moving"]
    assert views[-1].note == f"straighten or reroll r{r}c{c}"   # the die the player must fix


def test_rendered_tilted_table_settles_over_noisy_frames(frames):
    reader, settle = BoardReader(G), SettleDetector(3)
    out = [settle.update(reader.read(f)) for f in frames["still"]]
    assert [v.status for v in out] == [ViewStatus.MOVING] * 2 + [ViewStatus.SETTLED]
    view = out[-1]
    assert faces(view) == FACES and red_cells(view) == [(1, 2)]
    assert [d.face for d in view.outside] == [PUSH.face]
    assert abs(view.outside[0].x_mm - PUSH.x_mm) < PARALLAX_MM
    assert view.is_trustworthy(0.6) == (True, "")
