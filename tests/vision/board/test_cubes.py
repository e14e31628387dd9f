"""The cube reader on rendered CubeCourier boards (vision.board.cubes through BoardReader):
colours, the ring, a stack, cubes side by side in the off-board zone, empty cells, warm light
and shadows; and the camera's pose it relies on (vision.board.pose)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from calibration.board_files import load_layout
from calibration.cube_art import TableCube
from calibration.synthetic import (
    Light,
    Pose,
    Scene,
    Shadow,
    camera_centre_up,
    make_camera,
    render_scene,
)
from engine.table import Cell, Colour, ItemKind, ViewStatus
from vision.board.geometry import BoardGeometry
from vision.board.markers import locate_board
from vision.board.pipeline import BoardReader
from vision.board.pose import CameraPose, camera_pose

BOARD = load_layout("cubecourier", "standard")
G = BoardGeometry(BOARD)
POSE = Pose(fov_deg=45.0, pitch_deg=5.0, yaw_deg=-4.0, roll_deg=3.0, target_mm=(95.0, 95.0))


def on(cell: Cell, top: str, ns: str, ew: str, *, z: float = 0.0, ringed: bool = False,
       angle: float = 6.0, seed: int = 1) -> TableCube:
    x, y = BOARD.cell_centre_mm(cell)
    return TableCube(top, ns, ew, x + 1.0, y - 1.0, z, angle, ringed=ringed, seed=seed)


CUBES = (
    on(Cell(0, 0), "red", "white", "black"),
    on(Cell(0, 2), "white", "black", "red", angle=-12.0),
    on(Cell(1, 1), "black", "red", "white", ringed=True),
    on(Cell(2, 0), "black", "white", "red"),
    on(Cell(2, 0), "white", "red", "black", z=18.0, ringed=False, angle=3.0),
    TableCube("red", "black", "white", 155.5, 73.0, 0.0, 2.0, seed=3),
    TableCube("white", "red", "black", 175.5, 73.5, 0.0, -3.0, seed=4),
    TableCube("black", "white", "red", 155.5, 103.0, 0.0, 4.0, seed=5),
)
SCENE = Scene(board=BOARD, cubes=CUBES, pose=POSE, light=Light(kelvin=4200.0), table_seed=2)


def _read(scene: Scene, seed: int = 1):
    return BoardReader(G).read(render_scene(scene, seed=seed))


@pytest.fixture(scope="module")
def view():
    return _read(SCENE)


def _colour(view, cell: Cell) -> str | None:
    item = view.at(cell)
    return None if item is None else item.colour.value


def test_every_top_colour_is_read_in_its_cell(view):
    assert view.status is ViewStatus.SETTLED
    assert _colour(view, Cell(0, 0)) == "red"
    assert _colour(view, Cell(0, 2)) == "white"
    assert _colour(view, Cell(1, 1)) == "black"
    assert _colour(view, Cell(2, 0)) == "white"      # the stack shows its upper cube
    for cell in (Cell(0, 1), Cell(1, 0), Cell(1, 2), Cell(2, 1), Cell(2, 2)):
        assert view.at(cell) is None, cell
    for row in view.grid:
        for item in row:
            assert item is None or (item.kind is ItemKind.CUBE and item.face is None
                                    and item.confidence >= 0.6)


def test_the_ring_is_found_on_its_cube_only(view):
    ringed = [(r, c) for r, row in enumerate(view.grid) for c, item in enumerate(row)
              if item is not None and item.ringed]
    assert ringed == [(1, 1)]


def test_off_board_cubes_side_by_side_are_read_in_their_zone(view):
    zone = view.zone("off_board")
    assert sorted(i.colour.value for i in zone) == ["black", "red", "white"]
    assert view.outside == ()


def test_a_ringed_stack_is_flagged_by_the_ring_s_size():
    cubes = tuple(replace(c, ringed=(c.z_mm > 0)) for c in CUBES)
    seen = _read(replace(SCENE, cubes=cubes), seed=2)
    stack = seen.at(Cell(2, 0))
    assert stack is not None and stack.stacked and stack.ringed and stack.colour is Colour.WHITE
    assert not any(i.stacked for row in seen.grid for i in row if i is not None and i is not stack)


def test_warm_light_and_a_shadow_change_no_colour():
    shaded = replace(SCENE, light=Light(brightness=0.75, kelvin=2700.0),
                     shadows=(Shadow(70.0, 70.0, 30.0, 22.0, 20.0, 0.35, 10.0),))
    seen = _read(shaded, seed=3)
    assert _colour(seen, Cell(0, 0)) == "red" and _colour(seen, Cell(0, 2)) == "white"
    assert _colour(seen, Cell(1, 1)) == "black"


def test_an_empty_board_has_no_cubes():
    seen = _read(replace(SCENE, cubes=()), seed=4)
    assert seen.status is ViewStatus.SETTLED and seen.dice() == []


def test_the_pose_matches_the_renderer_s_camera():
    frame = render_scene(SCENE, seed=1)
    location = locate_board(frame, G)
    pose = camera_pose(location.homography, location.frame_size, G.px_per_mm)
    true = camera_centre_up(make_camera(POSE, SCENE.size))
    assert math.hypot(pose.nadir_mm[0] - true[0], pose.nadir_mm[1] - true[1]) < 3.0
    assert pose.height_mm == pytest.approx(true[2], rel=0.05)


def test_a_camera_straight_down_has_its_nadir_below_the_frame_s_middle():
    pose_down = Pose(fov_deg=45.0, height_mm=430.0, target_mm=(90.0, 100.0))
    frame = render_scene(replace(SCENE, cubes=(), pose=pose_down), seed=1)
    location = locate_board(frame, G)
    pose = camera_pose(location.homography, location.frame_size, G.px_per_mm)
    assert pose.nadir_mm == pytest.approx((90.0, 100.0), abs=2.0)
    assert pose.height_mm == 400.0  # no tilt shows the focal length: the nominal height


def test_lifted_points_move_away_from_the_nadir_and_back():
    pose = CameraPose((100.0, 100.0), 400.0)
    x, y = pose.lifted(140.0, 100.0, 36.0)
    assert x == pytest.approx(100.0 + 40.0 * 400.0 / 364.0) and y == 100.0
    assert pose.grounded(x, y, 36.0) == pytest.approx((140.0, 100.0))
    assert pose.scale(36.0) > pose.scale(18.0) > 1.0


def test_the_dice_path_is_unchanged_on_a_dice_board():
    dice = BoardReader(BoardGeometry(load_layout("unification", "simple")))
    cubes = BoardReader(G)
    assert dice._cubes is None and dice._warper.margin_px == 0  # the reader's choice itself
    assert cubes._cubes is not None and cubes._warper.margin_px == 36


def test_a_still_table_keeps_its_reading_and_a_moved_cube_is_read_again():
    reader = BoardReader(G)
    first = reader.read(render_scene(SCENE, seed=5))
    again = reader.read(render_scene(SCENE, seed=6))  # the same table, other sensor noise
    assert reader._cubes.reads == 1 and again.grid == first.grid
    moved = replace(SCENE, cubes=(replace(CUBES[0], x_mm=CUBES[0].x_mm + 30.0),) + CUBES[1:])
    view = reader.read(render_scene(moved, seed=7))
    assert reader._cubes.reads == 2
    assert view.at(Cell(0, 0)) is None and view.at(Cell(0, 1)).colour is Colour.RED
