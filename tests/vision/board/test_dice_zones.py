"""Dice side by side in a zone's places, and boards whose spawn cells are tinted: the board
reader on rendered Growing Nine and Pairing Five boards.

A die's pips lie within a die edge of each other; dice in neighbouring places (Growing Nine's
waiting column: 22 mm apart for 16 mm dice; Pairing Five's unused zone) have pips closer than
that across the gap, so one linked group may hold several dice (``split_dice``).
"""

from __future__ import annotations

import numpy as np
import pytest

from calibration.board_files import load_layout
from calibration.scripts.growing_nine import place_die
from calibration.synthetic import Die, Light, Pose, Scene, render_scene
from vision.board.dice import Spot, _span, split_dice
from vision.board.geometry import BoardGeometry
from vision.board.pipeline import BoardReader

SIZE = 48.0  # a 16 mm die at the canonical 3 px/mm


def _die_spots(cx: float, cy: float, face: int, turn: float = 0.0) -> list[Spot]:
    """The spots of a face at a die's centre, pips 0.27 die edges off the centre."""
    offsets = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
               4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
               5: [(-1, -1), (1, -1), (-1, 1), (1, 1), (0, 0)],
               6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]}[face]
    c, s = np.cos(np.radians(turn)), np.sin(np.radians(turn))
    step = 0.27 * SIZE
    return [Spot(cx + step * (u * c - v * s), cy + step * (u * s + v * c), 100.0, "grey")
            for u, v in offsets]


def test_one_die_is_one_part() -> None:
    spots = _die_spots(300, 300, 6, turn=45)
    assert split_dice(spots, SIZE) == [spots]


@pytest.mark.parametrize("faces", [(6, 6), (5, 2), (6, 4, 5)])
def test_dice_in_neighbouring_places_split_one_part_each(faces: tuple[int, ...]) -> None:
    """Places 22 mm apart (66 px): the groups link across the gaps; each part is one die."""
    dice = [_die_spots(300, 300 + 66 * k, face, turn=30 * k) for k, face in enumerate(faces)]
    group = [s for die in dice for s in die]
    assert _span(group) > SIZE
    parts = split_dice(group, SIZE)
    assert sorted(map(len, parts)) == sorted(map(len, dice))
    assert sorted(sorted((s.x, s.y) for s in p) for p in parts) == \
        sorted(sorted((s.x, s.y) for s in d) for d in dice)


def _read(layout_game: str, side: str, scene: Scene, seed: int):
    layout = load_layout(layout_game, side)
    return BoardReader(BoardGeometry(layout)).read(render_scene(scene, seed=seed))


WAITING_TOPS = (6, 6, 5, 4, 6, 2)


@pytest.mark.parametrize("side", ["a", "b"])
def test_growing_nine_waiting_column_of_six_read_in_order(side: str) -> None:
    """Six dice in the six waiting places (the high faces side by side) and the four dice of
    the spawn cells: every die read, the column north to south; the empty cells, tinted or
    not, hold nothing."""
    layout = load_layout("growing-nine", side)
    rng = np.random.default_rng(3)
    waiting = tuple(place_die(rng, k, top, style=k) for k, top in enumerate(WAITING_TOPS))
    grid = ((3, None, None, 5), (None,) * 4, (None, 4, None, None), (2, None, None, 1))
    scene = Scene(board=layout, grid=grid, red_cell=(0, 0), loose=waiting,
                  pose=Pose(pitch_deg=4.0, roll_deg=-3.0, target_mm=(95.0, 95.0)),
                  light=Light(brightness=0.9), layout_seed=5, grid_jitter_mm=1.5)
    view = _read("growing-nine", side, scene, seed=7)
    assert [d.face for d in view.zone("waiting")] == list(WAITING_TOPS)
    faces = [[None if d is None else d.face for d in row] for row in view.grid]
    assert faces == [list(row) for row in grid]
    assert view.grid[0][0].is_red and not view.outside


@pytest.mark.parametrize("side", ["basic", "expert"])
def test_pairing_five_unused_zone_of_ten_read(side: str) -> None:
    """The ten dice rolled into the unused zone, two columns of five: all read, the red one
    among them."""
    layout = load_layout("pairing-five", side)
    zone = layout.zones[0]
    rng = np.random.default_rng(11)
    faces = (4, 6, 6, 5, 3, 3, 2, 1, 1, 5)
    dice = []
    for k, face in enumerate(faces):
        row, col = divmod(k, 2)
        dice.append(Die(face, "red" if k == 0 else "white",
                        x_mm=zone.x_mm + 16 + 28 * col + float(rng.uniform(-2, 2)),
                        y_mm=zone.y_mm + 13 + 26 * row + float(rng.uniform(-2, 2)),
                        angle=float(rng.uniform(0, 90)), style_seed=k))
    scene = Scene(board=layout, grid=((None, None),) * 5, loose=tuple(dice),
                  pose=Pose(pitch_deg=-3.0, roll_deg=4.0, target_mm=(95.0, 95.0)), layout_seed=2)
    view = _read("pairing-five", side, scene, seed=3)
    unused = view.zone("unused")
    assert sorted(d.face for d in unused) == sorted(faces)
    assert [d.face for d in unused if d.is_red] == [4]
    assert all(d is None for row in view.grid for d in row) and not view.outside


def test_growing_nine_empty_spawn_cells_hold_nothing() -> None:
    """The spawn cells are tinted and their pairs' symbols printed beside them: with the dice
    still to be placed (the ten rolled beside the grid), no cell of the grid holds anything."""
    layout = load_layout("growing-nine", "a")
    spots = ((83, 32), (108, 32), (83, 158), (108, 158), (32, 60), (32, 85), (32, 110),
             (32, 135), (40, 32), (40, 158))
    rolled = tuple(Die(face, "red" if k == 0 else "white", x_mm=x, y_mm=y, angle=20.0 * k,
                       style_seed=k)
                   for k, (face, (x, y)) in enumerate(zip((3, 5, 2, 6, 1, 4, 4, 6, 2, 5), spots)))
    scene = Scene(board=layout, loose=rolled, layout_seed=4,
                  pose=Pose(pitch_deg=3.0, roll_deg=2.0, target_mm=(95.0, 95.0)))
    view = _read("growing-nine", "a", scene, seed=5)
    assert all(d is None for row in view.grid for d in row)
    assert sorted(d.face for d in view.outside) == [1, 2, 2, 3, 4, 4, 5, 5, 6, 6]
