"""calibrate_frame on a CubeCourier board: the cube colours it samples and the paper."""

from dataclasses import replace

import pytest

from calibration.board_files import load_layout
from calibration.calibrate import calibrate_frame
from calibration.cube_art import TableCube
from calibration.synthetic import Light, Pose, Scene, render_scene
from vision.board.cube_reader import profile_references
from vision.board.geometry import BoardGeometry
from vision.top.cube_colour import DEFAULT_REFERENCES

G = BoardGeometry(load_layout("cubecourier", "standard"))
CUBES = tuple(TableCube(top, ns, ew, x, y, 0.0, 3.0 * i, seed=i) for i, (top, ns, ew, x, y) in
              enumerate((("black", "red", "white", 155.5, 43.0),
                         ("black", "white", "red", 175.5, 43.0),
                         ("red", "black", "white", 155.5, 73.0),
                         ("white", "red", "black", 175.5, 73.0),
                         ("white", "black", "red", 155.5, 103.0))))
SCENE = Scene(board=G.layout, cubes=CUBES, light=Light(kelvin=3000.0, brightness=0.7),
              pose=Pose(fov_deg=45.0, pitch_deg=4.0, roll_deg=2.0, target_mm=(95.0, 95.0)))


@pytest.fixture(scope="module")
def result():
    return calibrate_frame(render_scene(SCENE, seed=3), G, "standard", created="2026-11-27")


def test_each_cube_colour_is_measured_under_the_calibration_light(result):
    assert result.ok and result.cubes == {"black": 2, "red": 1, "white": 2}
    assert "red cube reference measured (1 cubes)" in result.lines
    refs, paper = result.profile.cube_refs, result.profile.paper_ref
    b, g, r = refs["red"]
    assert r > 2 * max(b, g)
    assert max(refs["black"]) < 0.3 * min(paper)
    assert result.profile.white_ref == refs["white"]
    # under a 3000 K light the paper is warm: red over blue
    assert paper[2] > paper[0] * 1.2


def test_the_references_are_relative_to_their_paper(result):
    refs = profile_references(result.profile)
    assert refs != DEFAULT_REFERENCES
    assert max(refs.white) == pytest.approx(1.0, abs=0.15)
    assert min(refs.white) > 0.8  # the warm cast cancels against the paper


def test_a_colour_not_seen_is_named_with_the_fix():
    frame = render_scene(replace(SCENE, cubes=CUBES[:2]), seed=3)
    result = calibrate_frame(frame, G, "standard")
    assert result.ok and "no red cube seen: turn a cube red side up on the board" in result.lines
    assert set(result.profile.cube_refs) == {"black"}
