"""The stream reader reads a die again only when its pixels changed, and then reads it right."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from calibration.board_files import load_layout
from calibration.synthetic import Scene, expected_readings, render_scene
from vision.board.dice import find_board_dice
from vision.board.dice_reader import BoardDiceReader
from vision.board.geometry import BoardGeometry
from vision.board.markers import locate_board, warp_board

G = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read

SCENE = Scene(board=G.layout, grid=((2, 5, 1), (4, 6, 3), (6, 2, 3)), red_cell=(1, 2),
              size=(640, 480))


def view(scene: Scene, seed: int) -> np.ndarray:
    frame = render_scene(scene, seed=seed)
    return warp_board(frame, locate_board(frame, G), G)


def faces(dice) -> dict[tuple[int, int], int | None]:
    out = {}
    for d in dice:
        cell = G.cell_at_mm(*G.px_to_mm(d.x, d.y))
        if cell is not None:
            out[(cell.r, cell.c)] = d.face
    return out


def truth(scene: Scene) -> dict[tuple[int, int], int]:
    return {(r, c): f for r, row in enumerate(expected_readings(scene)["grid"])
            for c, f in enumerate(row) if f is not None}


@pytest.fixture(scope="module")
def first_view():
    return view(SCENE, seed=1)


def test_a_still_table_keeps_every_reading(first_view):
    reader = BoardDiceReader(G)
    first = reader(first_view, expected_size=G.die_px)
    assert faces(first) == truth(SCENE)
    read_once = reader.reads
    again = reader(view(SCENE, seed=2), expected_size=G.die_px)  # new sensor noise only
    assert reader.reads == read_once and reader.reused == read_once
    assert again == first


def test_a_rerolled_die_alone_is_read_again(first_view):
    reader = BoardDiceReader(G)
    reader(first_view, expected_size=G.die_px)
    read_once = reader.reads
    rerolled = dataclasses.replace(SCENE, grid=((2, 5, 1), (4, 1, 3), (6, 2, 3)))
    now = view(rerolled, seed=1)
    dice = reader(now, expected_size=G.die_px)
    assert reader.reads == read_once + 1
    assert faces(dice) == truth(rerolled)
    assert dice == find_board_dice(now, expected_size=G.die_px, geometry=G)


def test_distinct_views_are_read_as_find_board_dice_reads_them(first_view):
    reader = BoardDiceReader(G)
    other = dataclasses.replace(SCENE, grid=((1, 1, 4), (3, 2, 5), (6, 6, 2)), layout_seed=5)
    for scene, seed in ((SCENE, 1), (other, 3), (SCENE, 4)):
        image = first_view if seed == 1 else view(scene, seed)
        assert reader(image, expected_size=G.die_px) == find_board_dice(
            image, expected_size=G.die_px, geometry=G)
    assert reader.reused == 0


def test_a_change_of_light_reads_everything_again(first_view):
    reader = BoardDiceReader(G)
    reader(first_view, expected_size=G.die_px)
    read_once = reader.reads
    dimmer = (first_view.astype(np.float32) * 0.85).astype(np.uint8)
    reader(dimmer, expected_size=G.die_px)
    assert reader.reused == 0 and reader.reads == 2 * read_once


def test_an_unreadable_view_forgets_the_readings(first_view):
    reader = BoardDiceReader(G)
    reader(first_view, expected_size=G.die_px)
    assert reader(None, expected_size=G.die_px) == []  # type: ignore[arg-type]
    reader(first_view, expected_size=G.die_px)
    assert reader.reused == 0
