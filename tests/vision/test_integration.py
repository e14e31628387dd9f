"""Rendered Unification photos -> BoardReader (+ SettleDetector) -> the exact table.

Uses the real die reader (``vision.dice.find_dice``) and H4's renderer
(``calibration.synthetic.render_scene``). A handful of 640x480 frames, rendered once per module.
"""

from __future__ import annotations

import numpy as np
import pytest

from calibration.synthetic import Die, Hand, Pose, Scene, render_scene
from engine.table import Colour, ViewStatus
from vision.geometry import UNIFICATION_BOARD as G
from vision.pipeline import BoardReader
from vision.settle import SettleDetector

FACES = [[2, 5, 1], [4, 6, 3], [6, 2, 3]]
PUSH = Die(4, "white", 25.0, 85.0, 10.0)
TILTED = Pose(pitch_deg=8.0, yaw_deg=5.0, roll_deg=-6.0, height_mm=450.0)
SCENE = Scene(grid=tuple(map(tuple, FACES)), red_cell=(1, 2), loose=(PUSH,), pose=TILTED,
              layout_seed=3)


@pytest.fixture(scope="module")
def frames():
    """Rendered once: a hand, a covered marker."""
    hand = render_scene(Scene(**{**SCENE.__dict__, "hand": Hand(x_mm=90.0, y_mm=110.0)}),
                        seed=4)
    covered = render_scene(Scene(**{**SCENE.__dict__, "covered_markers": (2,)}), seed=5)
    return {"hand": hand, "covered": covered}


def faces(view):
    return [[None if d is None else d.face for d in row] for row in view.grid]


def red_cells(view):
    return [(r, c) for r, row in enumerate(view.grid) for c, d in enumerate(row)
            if d is not None and d.colour is Colour.RED]


def assert_unification_table(view):
    assert faces(view) == FACES
    assert red_cells(view) == [(1, 2)]
    assert [d.face for d in view.outside] == [4]
    push = view.outside[0]
    assert abs(push.x_mm - PUSH.x_mm) < 5 and abs(push.y_mm - PUSH.y_mm) < 5


def test_hand_over_the_board_is_hand_and_never_settles(frames):
    reader, settle = BoardReader(G), SettleDetector(1)
    view = reader.read(frames["hand"])
    assert (view.status, view.note) == (ViewStatus.HAND, "hand over board")
    assert settle.update(view).status is ViewStatus.HAND


def test_covered_marker_still_locates_with_three_markers(frames):
    view = BoardReader(G).read(frames["covered"])
    assert view.status is ViewStatus.SETTLED, view.note
    assert view.extra["markers_missing"] == [2]
    assert 0.5 < view.extra["location_confidence"] < 1.0


def test_garbage_and_none_are_unreadable():
    reader = BoardReader(G)
    rng = np.random.default_rng(0)
    for bad in (None, rng.bytes(1000), np.zeros((0, 0, 3), np.uint8)):
        view = reader.read(bad)
        assert (view.status, view.note) == (ViewStatus.UNREADABLE, "camera frame unreadable")
    noise = rng.integers(0, 256, (480, 640, 3), dtype=np.uint8)
    assert reader.read(noise).status is ViewStatus.NO_BOARD
