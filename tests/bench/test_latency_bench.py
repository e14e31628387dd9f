"""Tests of the latency benchmark's pieces that need no timing: its scenes and its scoring."""

from __future__ import annotations

from bench.latency import SIZES, grid_correct, p95, scenes
from engine.table import Item, TableView


def test_every_scene_has_ten_dice_in_view_at_each_size():
    for size in SIZES:
        for scene in scenes(size):
            assert scene.size == size
            assert len(scene.all_dice()) == 10


def test_grid_correct_counts_right_cells_only():
    grid = ((Item(2), None, Item(None)), (None,) * 3, (None, None, Item(4)))
    expected = {"grid": [[2, 5, 1], [None, None, None], [None, None, 3]]}
    assert grid_correct(TableView(grid=grid), expected) == (1, 4)


def test_p95():
    assert p95([float(v) for v in range(1, 101)]) == 95.05
