"""Tests of calibration.calibrate on rendered frames."""

from dataclasses import replace

import numpy as np
import pytest

from calibration.board_files import load_layout
from calibration.calibrate import calibrate_frame
from calibration.synthetic import Die, Pose, Scene, make_camera, render_scene
from vision.board.geometry import BoardGeometry

G = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read

SCENE = Scene(board=G.layout, grid=((2, 5, 1), (4, 6, 3), (6, 2, 3)), red_cell=(1, 2),
              loose=(Die(2, x_mm=20.0, y_mm=85.0),), pose=Pose(pitch_deg=6.0, roll_deg=-5.0),
              layout_seed=8)


@pytest.fixture(scope="module")
def result():
    return calibrate_frame(render_scene(SCENE, seed=2), G, "simple", created="2026-11-21T06:00Z")


def test_all_markers_give_a_complete_profile(result):
    assert result.ok and result.missing == ()
    assert result.lines[0] == "4 markers found (simple side)"
    profile = result.profile
    assert profile.frame_size == (640, 480) and profile.created == "2026-11-21T06:00Z"
    # the homography maps the board's projected corners to the canonical view
    camera = make_camera(SCENE.pose, SCENE.size)
    corners_mm = np.array([[0.0, 0.0], [170.0, 0.0], [170.0, 170.0], [0.0, 170.0]])
    frame_px = camera.project(corners_mm)
    h = np.array(profile.homography)
    mapped = (h @ np.c_[frame_px, np.ones(4)].T).T
    mapped = mapped[:, :2] / mapped[:, 2:]
    assert np.abs(mapped - corners_mm * G.px_per_mm).max() < 2.0


def test_die_colour_references(result):
    assert "red die reference measured" in result.lines
    assert result.red_dice == 1 and result.white_dice == 8
    b, g, r = result.profile.red_ref
    assert r > 1.8 * max(b, g)
    b, g, r = result.profile.white_ref
    assert min(b, g, r) > 150 and max(b, g, r) - min(b, g, r) < 40


def test_a_hidden_marker_is_named_with_the_fix():
    frame = render_scene(replace(SCENE, covered_markers=(1,)), seed=2)
    result = calibrate_frame(frame, G, "simple")
    assert not result.ok and result.missing == (1,)
    assert any(line.startswith("marker 1 (NE corner) not seen: uncover it")
               for line in result.lines)


def test_two_hidden_markers_mean_no_board_and_no_profile():
    frame = render_scene(replace(SCENE, covered_markers=(0, 3)), seed=2)
    result = calibrate_frame(frame, G, "simple")
    assert result.profile is None and result.missing == (0, 3)
    assert result.lines[0] == "board not found"


def test_no_dice_on_the_grid_asks_for_them():
    empty = replace(SCENE, grid=((None,) * 3,) * 3, red_cell=None, loose=())
    result = calibrate_frame(render_scene(empty, seed=2), G, "simple")
    assert result.ok and result.profile.red_ref is None and result.profile.white_ref is None
    assert "no red die seen on the grid: put the red die on the grid" in result.lines


@pytest.mark.parametrize("frame", [None, np.zeros((0, 0, 3), np.uint8), np.zeros((4, 4), float)])
def test_unreadable_frames_give_a_message_not_a_crash(frame):
    result = calibrate_frame(frame, G, "simple")
    assert result.profile is None and "check the camera" in result.lines[0]
