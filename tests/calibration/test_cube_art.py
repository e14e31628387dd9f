"""Tests of the cube drawing (calibration.cube_art) through the renderer: colours on the faces the
camera sees, symbols, a stack, the ring, colour temperature and shadows; and dice scenes that
render exactly as before cubes existed."""

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration import make_fixtures
from calibration.board_files import load_layout
from calibration.cube_art import RING, TableCube, check_colours, shadow_polygon
from calibration.synthetic import (
    Light,
    Pose,
    Scene,
    Shadow,
    kelvin_gains,
    make_camera,
    project_3d,
    render_scene,
)
from engine.table import Cell

BOARD = load_layout("cubecourier", "standard")
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "frames"


def _centre(cell: Cell) -> tuple[float, float]:
    return BOARD.cell_centre_mm(cell)


def _cube(cell: Cell, top: str, ns: str, ew: str, **kw: object) -> TableCube:
    x, y = _centre(cell)
    return TableCube(top, ns, ew, x, y, **kw)  # type: ignore[arg-type]


SCENE = Scene(board=BOARD, pose=Pose(target_mm=(95.0, 95.0)), noise=0.0, blur=0.0,
              jpeg_quality=0, cubes=(
                  _cube(Cell(0, 0), "red", "white", "black"),
                  _cube(Cell(1, 1), "white", "black", "red", ringed=True),
                  _cube(Cell(2, 2), "black", "red", "white"),
                  _cube(Cell(2, 0), "red", "black", "white"),
                  _cube(Cell(2, 0), "white", "red", "black", z_mm=18.0)))


@pytest.fixture(scope="module")
def photo() -> np.ndarray:
    return render_scene(SCENE, seed=1)


def _top_patch(image: np.ndarray, cube: TableCube, half_mm: float = 3.5) -> np.ndarray:
    """The image pixels of a small square beside the middle of a cube's top (off its symbol)."""
    camera = make_camera(SCENE.pose, SCENE.size)
    z = cube.z_mm + cube.edge_mm
    x0, y0 = project_3d(camera, np.array([[cube.x_mm + 5.5 - half_mm, cube.y_mm - half_mm, z]]))[0]
    x1, y1 = project_3d(camera, np.array([[cube.x_mm + 5.5 + half_mm, cube.y_mm + half_mm, z]]))[0]
    return image[round(y0):round(y1), round(x0):round(x1)].reshape(-1, 3).astype(float)


def test_each_top_shows_its_colour_beside_its_symbol(photo):
    red, white, black, _, stacked = (np.median(_top_patch(photo, c), axis=0) for c in SCENE.cubes)
    assert red[2] > 150 and red[1] < 80 and red[0] < 80
    assert white.min() > 180
    assert black.max() < 70
    assert stacked.min() > 180  # the upper cube of the stack, white, hides the red one


def test_symbols_are_printed_in_the_middle_of_each_top(photo):
    camera = make_camera(SCENE.pose, SCENE.size)
    for cube, dark_symbol in zip(SCENE.cubes[:3], (True, True, False)):
        x, y = project_3d(camera, np.array([[cube.x_mm, cube.y_mm, cube.edge_mm]]))[0]
        middle = photo[round(y) - 2:round(y) + 3, round(x) - 2:round(x) + 3].reshape(-1, 3).mean(0)
        body = np.median(_top_patch(photo, cube), axis=0)
        if dark_symbol:
            assert middle.sum() < 0.6 * body.sum()
        else:
            assert middle.sum() > 3 * body.sum()


def test_a_stack_shows_a_larger_top_than_a_single_cube():
    camera = make_camera(SCENE.pose, SCENE.size)
    single, upper = SCENE.cubes[3], SCENE.cubes[4]

    def top_side(cube: TableCube) -> float:
        z = cube.z_mm + cube.edge_mm
        h = cube.edge_mm / 2
        a, b = project_3d(camera, np.array([[cube.x_mm - h, cube.y_mm, z],
                                            [cube.x_mm + h, cube.y_mm, z]]))
        return float(np.linalg.norm(b - a))

    assert top_side(upper) > 1.04 * top_side(single)


def test_the_ring_lies_around_the_ringed_top_in_its_colour(photo):
    camera = make_camera(SCENE.pose, SCENE.size)
    cube = SCENE.cubes[1]
    z = cube.edge_mm + RING.thick_mm
    r = (RING.outer_mm + RING.inner_mm) / 4
    blue = 0
    for a in np.linspace(0, 2 * np.pi, 16, endpoint=False):
        x, y = project_3d(camera, np.array([[cube.x_mm + r * np.cos(a),
                                             cube.y_mm + r * np.sin(a), z]]))[0]
        b, g, rr = photo[round(y), round(x)].astype(int)
        blue += b > rr + 80 and b > g + 30
    assert blue >= 14
    other = SCENE.cubes[0]
    x, y = project_3d(camera, np.array([[other.x_mm + r, other.y_mm, other.edge_mm + 2]]))[0]
    b, g, rr = photo[round(y), round(x)].astype(int)
    assert not (b > rr + 80 and b > g + 30)


def test_warm_light_is_redder_and_daylight_bluer_than_the_camera_balance():
    warm, neutral, cool = kelvin_gains(2700), kelvin_gains(4500), kelvin_gains(6500)
    assert warm[2] / warm[0] > 1.8 and cool[2] / cool[0] < 0.8
    assert neutral == pytest.approx((1.0, 1.0, 1.0))
    photo = render_scene(replace(SCENE, light=Light(kelvin=2700)), seed=1)
    paper = photo[60:80, 300:340].reshape(-1, 3).mean(0)
    assert paper[2] > paper[0] + 40


def test_a_shadow_darkens_the_paper_and_the_cubes_under_it(photo):
    shaded = replace(SCENE, shadows=(Shadow(65.0, 125.0, 22.0, 22.0, depth=0.5, soft_mm=4.0),))
    dark = render_scene(shaded, seed=1)
    cube = SCENE.cubes[3]
    assert np.median(_top_patch(dark, cube)[:, 2]) < 0.75 * np.median(_top_patch(photo, cube)[:, 2])
    far = SCENE.cubes[2]
    assert np.median(_top_patch(dark, far)[:, 2]) == pytest.approx(
        np.median(_top_patch(photo, far)[:, 2]), abs=2)


def test_a_cube_casts_its_shadow_away_from_the_light():
    cube = TableCube("red", "black", "white", 100.0, 100.0)
    poly = np.array(shadow_polygon(cube, light_deg=0.0))  # light from the east
    assert poly[:, 0].min() < 100.0 - 9.0 - 5.0 and poly[:, 0].max() < 100.0 + 10.0


def test_unknown_cube_colours_are_refused():
    with pytest.raises(ValueError, match="unknown cube colour 'blue'"):
        check_colours("red", "blue")
    with pytest.raises(ValueError, match="unknown cube colour"):
        render_scene(replace(SCENE, cubes=(replace(SCENE.cubes[0], ns="green"),)), seed=1)


def test_dice_scenes_render_exactly_as_their_committed_fixture():
    """Cubes, shadows and colour temperature leave a dice scene's pixels untouched: the
    committed fixture frame is re-made byte for byte."""
    name = "clean-simple"
    scene = make_fixtures.frame_scenes()[name]
    image = render_scene(replace(scene, jpeg_quality=0), seed=make_fixtures._seed(name))
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, make_fixtures.JPEG_QUALITY])
    assert ok and data.tobytes() == (FIXTURES / f"{name}.jpg").read_bytes()
