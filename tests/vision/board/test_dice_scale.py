"""The board reader knows the die's size: part of a face's pips is not read as a smaller face.

White pips on a translucent red die are faint beside its darker rim, so the spot finder may
keep only some of a four's pips (its ring test fails near the rim). Two neighbouring pips of a
four then form a two's diagonal, at 1/sqrt(2) of the step a die of the known size has; the
reader used to call that two surely. The scenes below are from rendered board scenes where it
did (before ``board_dice.in_scale``).
"""

from __future__ import annotations

import math

import pytest

from calibration.board_files import load_layout
from calibration.synthetic import Light, Pose, Scene, render_scene
from engine.table import Cell
from vision.board.dice import find_board_dice, in_scale
from vision.board.geometry import BoardGeometry
from vision.board.markers import locate_board, warp_board
from vision.top.config import READER
from vision.top.types import CROP, Blob

G = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read

STEP = READER.nominal_step * CROP / 2  # crop pixels, a die filling the crop


def blobs(*points: tuple[float, float]) -> tuple[Blob, ...]:
    return tuple(Blob(CROP / 2 + x, CROP / 2 + y, 1.0, 1.0) for x, y in points)


def test_a_two_at_the_known_step_is_in_scale() -> None:
    assert in_scale(blobs((-STEP, -STEP), (STEP, STEP)), STEP)


def test_two_neighbouring_pips_of_a_four_read_as_a_two_are_not() -> None:
    # the four's top pips: 2 steps apart, as a two's diagonal that is a step of 1/sqrt(2)
    assert not in_scale(blobs((-STEP, -STEP), (STEP, -STEP)), STEP)


def test_one_column_of_a_six_read_as_a_three_is_not() -> None:
    assert not in_scale(blobs((-STEP, -STEP), (-STEP, 0.0), (-STEP, STEP)), STEP)


def test_a_lone_pip_has_no_step_to_check() -> None:
    assert in_scale(blobs((0.0, 0.0)), STEP)


def test_a_turned_five_at_the_known_step_is_in_scale() -> None:
    c, s = math.cos(0.4), math.sin(0.4)
    five = [(x * STEP, y * STEP) for x, y in ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1))]
    assert in_scale(blobs(*[(c * x - s * y, s * x + c * y) for x, y in five]), STEP)


TRANSLUCENT_FOURS = [
    (Scene(board=G.layout, grid=((4, 3, 2), (4, 2, 3), (6, 3, 3)), red_cell=(0, 0),
           red="translucent-red",
           pose=Pose(height_mm=392.0, pitch_deg=4.2, yaw_deg=0.5, roll_deg=-3.0),
           light=Light(brightness=0.67, gradient=0.13, gradient_angle=140.0, vignette=0.32,
                       tint=(0.985, 1.0, 1.077)),
           table="cloth", table_seed=6, noise=4.7, blur=0.77, jpeg_quality=68, layout_seed=6),
     3, Cell(0, 0)),
    (Scene(board=G.layout, grid=((5, 4, None), (4, 3, 1), (None, None, 6)), red_cell=(0, 1),
           red="translucent-red",
           pose=Pose(height_mm=474.0, pitch_deg=3.4, yaw_deg=-5.2, roll_deg=-10.6),
           light=Light(brightness=0.64, gradient=0.18, gradient_angle=315.0, vignette=0.31,
                       tint=(0.884, 1.0, 1.08)),
           table="wood", table_seed=239, noise=2.0, blur=0.83, jpeg_quality=70,
           layout_seed=239),
     2, Cell(0, 1)),
]


@pytest.mark.parametrize(("scene", "seed", "cell"), TRANSLUCENT_FOURS)
def test_a_translucent_red_four_is_never_called_a_two(scene: Scene, seed: int,
                                                      cell: Cell) -> None:
    image = render_scene(scene, seed=seed)
    view = warp_board(image, locate_board(image, G), G)
    dice = find_board_dice(view, expected_size=G.die_px, geometry=G)
    x, y = (v * G.px_per_mm for v in G.cell_centre_mm(cell))
    (die,) = [d for d in dice if math.hypot(d.x - x, d.y - y) < G.die_px / 2]
    assert die.face in (4, None), die
    # the other dice are read, and read right
    for (r, c), drawn in scene.grid_dice().items():
        if Cell(r, c) == cell:
            continue
        x, y = (v * G.px_per_mm for v in G.cell_centre_mm(Cell(r, c)))
        (other,) = [d for d in dice if math.hypot(d.x - x, d.y - y) < G.die_px / 2]
        assert other.face == drawn.face, (r, c, other)
