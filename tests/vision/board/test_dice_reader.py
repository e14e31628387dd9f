"""The stream reader reads a die again only when its pixels changed, and then reads it right;
a grid cell the spots left unread (read by its body and outline) keeps a reading of no face
while its pixels stay still, and is read again when they change or when it called a face."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from calibration.board_files import load_layout
from calibration.synthetic import Scene, expected_readings, render_scene
from engine.table import Cell
from tests.vision.board.test_body_read import GOLD, RED, view_with_die
from vision.board import body_read
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


def _noisier(view: np.ndarray, seed: int) -> np.ndarray:
    """The same view with new sensor noise (well within the still level)."""
    noise = np.random.default_rng(seed).normal(0.0, 1.5, view.shape)
    return np.clip(view + noise + 0.5, 0, 255).astype(np.uint8)


@pytest.fixture
def body_reads(monkeypatch: pytest.MonkeyPatch) -> list[tuple[float, float]]:
    """Where ``read_body`` is asked to read, from now on."""
    asked: list[tuple[float, float]] = []
    real = body_read.read_body

    def counted(image, x, y, *args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append((x, y))
        return real(image, x, y, *args, **kwargs)

    monkeypatch.setattr(body_read, "read_body", counted)
    return asked


def test_a_still_cell_that_read_no_face_is_not_read_again(body_reads) -> None:
    plain = view_with_die(None, RED, GOLD, cell=Cell(0, 0))  # a die's body, no pips
    reader = BoardDiceReader(G)
    assert reader(plain, expected_size=G.die_px) == []
    assert reader.cells_read == G.rows * G.cols and reader.cells_reused == 0
    assert body_reads  # the plain top was read by its body
    body_reads.clear()
    still = _noisier(plain, seed=3)
    assert reader(still, expected_size=G.die_px) == []
    assert reader.cells_read == G.rows * G.cols and reader.cells_reused == G.rows * G.cols
    assert body_reads == []
    assert find_board_dice(still, expected_size=G.die_px, geometry=G) == []


def test_a_face_read_by_the_body_is_read_again_on_a_still_frame(body_reads) -> None:
    gold = view_with_die(3, RED, GOLD, cell=Cell(0, 0))  # the spots miss gold pips on red
    reader = BoardDiceReader(G)
    assert faces(reader(gold, expected_size=G.die_px)) == {(0, 0): 3}
    body_reads.clear()
    still = _noisier(gold, seed=3)
    again = reader(still, expected_size=G.die_px)
    assert body_reads  # read afresh: not kept
    assert reader.cells_reused == G.rows * G.cols - 1  # the empty cells kept theirs
    assert again == find_board_dice(still, expected_size=G.die_px, geometry=G)
    assert faces(again) == {(0, 0): 3}


def test_a_changed_cell_is_read_again_as_without_the_keeping(body_reads) -> None:
    reader = BoardDiceReader(G)
    reader(view_with_die(None, RED, GOLD, cell=Cell(0, 0)), expected_size=G.die_px)
    body_reads.clear()
    now = _noisier(view_with_die(5, RED, GOLD, cell=Cell(0, 0)), seed=4)
    dice = reader(now, expected_size=G.die_px)
    assert body_reads
    assert faces(dice) == {(0, 0): 5}
    assert dice == find_board_dice(now, expected_size=G.die_px, geometry=G)
    # a cell's reading looks a die edge around it: the five cells two away keep theirs
    assert reader.cells_reused == 5 and reader.cells_read == G.rows * G.cols + 4
