"""Tests of calibration.synthetic: determinism, geometry (markers, dice) and scene effects."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from calibration.board_files import load_layout
from calibration.synthetic import (
    Die,
    Hand,
    Light,
    Pose,
    Scene,
    expected_readings,
    make_camera,
    render_scene,
)
from engine.table import Cell
from vision.board.geometry import BoardGeometry

G = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read

SCENE = Scene(board=G.layout, grid=((2, 5, 1), (4, 6, 3), (6, 2, 3)), red_cell=(1, 2),
              loose=(Die(4, x_mm=152.0, y_mm=64.0, angle=17.0),),
              pose=Pose(pitch_deg=8.0, yaw_deg=-4.0, roll_deg=6.0), layout_seed=3)


def _markers(image: np.ndarray) -> dict[int, np.ndarray]:
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                       cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    return {} if ids is None else {int(i): c.reshape(4, 2) for c, i in zip(corners, ids.ravel())}


@pytest.fixture(scope="module")
def photo() -> np.ndarray:
    return render_scene(SCENE, seed=5)


def test_same_seed_same_photo_and_the_seed_changes_only_noise(photo):
    assert photo.shape == (480, 640, 3) and photo.dtype == np.uint8
    assert np.array_equal(photo, render_scene(SCENE, seed=5))
    other = render_scene(SCENE, seed=6)
    diff = np.abs(other.astype(int) - photo.astype(int))
    assert diff.max() > 0 and diff.mean() < 6  # noise (and JPEG), not a different layout


def test_markers_are_found_where_the_camera_projects_them(photo):
    found = _markers(photo)
    assert sorted(found) == [0, 1, 2, 3]
    camera = make_camera(SCENE.pose, SCENE.size)
    for marker_id, quad in found.items():
        expected = camera.project(np.array(G.marker_corners_mm(marker_id)))
        assert np.abs(quad - expected).max() < 2.0


def test_red_die_appears_in_its_cell_seen_from_above(photo):
    camera = make_camera(SCENE.pose, SCENE.size)
    red = SCENE.grid_dice()[SCENE.red_cell]
    x, y = camera.project(np.array([[red.x_mm, red.y_mm]]), G.die_mm)[0]
    patch = photo[round(y) - 4:round(y) + 5, round(x) - 4:round(x) + 5].astype(int)
    redness = patch[..., 2] - np.maximum(patch[..., 0], patch[..., 1])
    assert np.median(redness) > 60
    white = SCENE.grid_dice()[(0, 0)]
    x, y = camera.project(np.array([[white.x_mm, white.y_mm]]), G.die_mm)[0]
    patch = photo[round(y) - 6:round(y) + 7, round(x) - 6:round(x) + 7].astype(int)
    assert np.median(patch[..., 2] - patch[..., 0]) < 30  # not red


def test_grid_dice_keep_their_layout_between_frames():
    a = SCENE.grid_dice()
    b = replace(SCENE, light=Light(brightness=0.5)).grid_dice()
    assert a == b and len(a) == 9
    for (r, c), die in a.items():
        cx, cy = G.cell_centre_mm(Cell(r, c))
        assert abs(die.x_mm - cx) <= 2.0 and abs(die.y_mm - cy) <= 2.0


def test_a_covered_marker_is_not_found():
    image = render_scene(replace(SCENE, covered_markers=(2,)), seed=1)
    assert sorted(_markers(image)) == [0, 1, 3]


def test_a_hand_covers_part_of_the_board_with_skin(photo):
    hand = Hand(x_mm=85.0, y_mm=150.0, from_angle=90.0)
    image = render_scene(replace(SCENE, hand=hand), seed=5)
    camera = make_camera(SCENE.pose, SCENE.size)
    x, y = camera.project(np.array([[85.0, 150.0]]), hand.height_mm)[0]
    b, g, r = image[round(y), round(x)].astype(int)
    assert r > g > b and r - b > 40  # skin tone, where the paper was near white
    assert abs(int(photo[round(y), round(x)].astype(int).sum()) - (b + g + r)) > 100


def test_dim_light_darkens_and_large_size_renders():
    dim = render_scene(replace(SCENE, light=Light(brightness=0.45)), seed=5)
    assert dim.mean() < 0.65 * render_scene(SCENE, seed=5).mean()
    big = render_scene(replace(SCENE, size=(1280, 960)), seed=5)
    assert big.shape == (960, 1280, 3)
    assert sorted(_markers(big)) == [0, 1, 2, 3]


def test_expected_readings_describe_the_scene():
    cocked = Die(3, x_mm=59.0, y_mm=58.0, tilt=30.0)
    scene = replace(SCENE, grid_overrides={(0, 0): cocked}, hand=Hand())
    readings = expected_readings(scene)
    assert readings["grid"] == [[3, 5, 1], [4, 6, 3], [6, 2, 3]]
    assert readings["red_cell"] == [1, 2] and readings["push_die"] == 4
    assert readings["cocked"] == [[0, 0]] and readings["hand"] is True


def test_unknown_table_is_refused():
    with pytest.raises(ValueError, match="unknown table"):
        render_scene(replace(SCENE, table="glass"), seed=0)
