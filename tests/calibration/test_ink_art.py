"""Marker ink in the renderer: hand-drawn marks, deterministic by seed, drawn only where they
are written, and scenes without ink unchanged."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from calibration.board_files import load_layout
from calibration.ink_art import DIGITS, Ink, cell_mark, draw_ink, strokes
from calibration.synthetic import Pose, Scene, make_camera, render_scene
from engine.table import Cell

LAYOUT = load_layout("no-gaps", "a")


def test_a_mark_is_the_same_for_the_same_seed_and_differs_for_another() -> None:
    mark = Ink("digit", 50.0, 50.0, 12.0, "4", seed=3)
    again = strokes(mark)
    assert all(np.array_equal(a, b) for a, b in zip(strokes(mark), again, strict=True))
    other = strokes(replace(mark, seed=4))
    assert not all(np.array_equal(a, b) for a, b in zip(other, again, strict=True))


@pytest.mark.parametrize("text", sorted(DIGITS))
def test_a_written_digit_stays_in_its_box(text: str) -> None:
    mark = Ink("digit", 100.0, 60.0, 12.0, text, seed=1)
    points = np.vstack(strokes(mark))
    assert np.all(np.abs(points[:, 1] - 60.0) <= 12.0 * 0.5 + 1.5)  # its height, give or take
    assert np.all(np.abs(points[:, 0] - 100.0) <= 12.0 * 0.3 + 1.5)  # 0.6 as wide as high


def test_hatching_fills_most_of_its_square_with_parallel_strokes() -> None:
    mark = cell_mark("hatch", (50.0, 50.0), 18.0, seed=2)
    lines = strokes(mark)
    assert 4 <= len(lines) <= 6
    points = np.vstack(lines)
    assert np.ptp(points[:, 0]) > 0.6 * mark.size_mm and np.ptp(points[:, 1]) > 0.6 * mark.size_mm


def test_unknown_marks_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="smudge"):
        strokes(Ink("smudge", 0.0, 0.0))
    with pytest.raises(ValueError, match="1-6"):
        strokes(Ink("digit", 0.0, 0.0, text="7"))


def test_draw_ink_darkens_the_strokes_and_nothing_far_from_them() -> None:
    plane = np.full((200, 200, 3), 0.9, np.float32)
    draw_ink(plane, (Ink("x", 20.0, 20.0, 10.0, seed=5),), 5.0, (0.0, 0.0))
    assert plane[75:125, 75:125].min() < 0.3          # the cross's middle, at (20, 20) mm
    assert np.all(plane[150:, :] == np.float32(0.9))  # 30 mm and more away: untouched
    untouched = np.full((10, 10, 3), 0.5, np.float32)
    draw_ink(untouched, (), 5.0, (0.0, 0.0))
    assert np.all(untouched == np.float32(0.5))


def test_a_scene_with_ink_differs_from_the_same_scene_only_around_the_ink() -> None:
    pose = Pose(target_mm=(95.0, 95.0))
    scene = Scene(board=LAYOUT, pose=pose, jpeg_quality=0)
    cell = Cell(2, 3)
    inked = replace(scene, ink=(cell_mark("hatch", LAYOUT.cell_centre_mm(cell), LAYOUT.cell_mm,
                                          seed=9),))
    plain, written = render_scene(scene, seed=1), render_scene(inked, seed=1)
    changed = np.argwhere(np.any(plain != written, axis=2))
    assert len(changed) > 50
    x, y = make_camera(pose, scene.size).project(np.array([LAYOUT.cell_centre_mm(cell)]))[0]
    px_per_cell = 2.5 * LAYOUT.cell_mm  # about 2.3 px/mm at this pose: a cell and a margin
    assert np.all(np.abs(changed[:, 1] - x) < px_per_cell)
    assert np.all(np.abs(changed[:, 0] - y) < px_per_cell)
