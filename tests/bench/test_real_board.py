"""Tests of ``bench board --real-dice``: finding a die's top in a labelled photo, and the
command end to end on a tiny manifest of drawn dice (written in tmp_path)."""

from __future__ import annotations

import argparse
import json
import math
import re

import cv2
import numpy as np
import pytest

from bench.board_dice import G
from bench.real_board import (
    DieTop,
    Placed,
    RealDie,
    Tally,
    boxes_pips,
    command,
    cut,
    die_top,
    frames_wrong_line,
    real_dice,
    tally_scene,
)
from bench.realdata import LabelledDie
from calibration.dice_art import draw_die, paste_die
from device.cli import build_parser
from engine.table import Cell, Item, TableView
from tests.bench.test_accuracy_bench import write_manifest

EDGE = 60.0


def _photo(dice: list[tuple[int, float, tuple[float, float]]], colour: str = "red",
           table: tuple[int, int, int] = (60, 140, 70)) -> np.ndarray:
    """A table (green unless told) with drawn dice: (face, turn in degrees, centre)."""
    image = np.full((300, 400, 3), table, np.uint8)
    for face, angle, centre in dice:
        bgr, alpha = draw_die(face, colour, int(EDGE), angle, seed=face)
        paste_die(image, bgr, alpha, centre)
    return image


def _box(centre: tuple[float, float], angle: float) -> tuple[float, float, float, float]:
    """The label box of a die of edge ``EDGE`` turned ``angle``: its outline's bounds."""
    half = EDGE / 2.0 * (abs(math.cos(math.radians(angle))) + abs(math.sin(math.radians(angle))))
    return (centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half)


@pytest.mark.parametrize("angle", [0.0, 20.0, 35.0])
def test_the_top_square_is_found_from_a_box_around_the_die(angle: float) -> None:
    image = _photo([(5, angle, (200, 150))])
    top = die_top(image, LabelledDie(5, _box((200, 150), angle)), None)
    assert top is not None
    assert abs(top.cx - 200) < 2.0 and abs(top.cy - 150) < 2.0
    assert abs(top.edge - EDGE) < 0.08 * EDGE
    turn = abs(top.angle + angle) % 90.0  # draw_die turns the other way round to OpenCV's
    assert min(turn, 90.0 - turn) < 4.0


@pytest.mark.parametrize("angle", [0.0, 20.0])
def test_a_light_six_s_outline_on_a_light_table_is_the_die_s_not_its_pips(angle: float) -> None:
    # the dark pips' edges are far stronger than the die's against the table: averaged over
    # the side, their columns read as the outline (a square of about 0.83 of the top)
    image = _photo([(6, angle, (200, 150))], colour="white", table=(215, 215, 215))
    top = die_top(image, LabelledDie(6, _box((200, 150), angle)), None)
    assert _is_the_die_s_top(top, (200, 150), angle)


def test_a_die_whose_top_leaves_the_photo_is_not_cut() -> None:
    image = _photo([(3, 0.0, (10, 150))])
    assert die_top(image, LabelledDie(3, (-20.0, 120.0, 40.0, 180.0)), None) is None


def test_labels_boxing_pips_are_told_by_their_ones() -> None:
    def die(value: int, side: float) -> LabelledDie:
        return LabelledDie(value, (0.0, 0.0, side, side))

    whole = [die(1, 60), die(4, 62), die(6, 58)]
    pips = [die(1, 12), die(4, 44), die(6, 46), die(5, 45)]
    assert boxes_pips(whole) is None
    assert boxes_pips(pips) == pytest.approx(45.0)


def test_the_cut_maps_the_top_square_to_the_middle_of_the_upright_cut() -> None:
    image = _photo([(2, 30.0, (200, 150))])
    top = die_top(image, LabelledDie(2, _box((200, 150), 30.0)), None)
    assert top is not None
    part, to_cut = cut(image, top)
    assert part.shape[0] >= 1.6 * top.edge and part.shape[1] >= 1.6 * top.edge
    # the part's pixels are the photo's: the die's centre maps to the cut's centre
    turn = math.radians(top.angle)
    half = 1.6 * top.edge / 2.0 * (abs(math.cos(turn)) + abs(math.sin(turn)))
    x0, y0 = math.floor(top.cx - half) - 2, math.floor(top.cy - half) - 2
    corner = (math.floor(top.cx), math.floor(top.cy))
    assert (part[corner[1] - y0, corner[0] - x0] == image[corner[1], corner[0]]).all()
    centre = to_cut @ np.array([top.cx - x0, top.cy - y0, 1.0])
    assert np.allclose(centre[:2] / centre[2], 48.0, atol=1.0)


def _drawn_folder(tmp_path) -> None:
    """A manifest folder in tmp_path of one photo with six drawn white dice, 1 to 6."""
    faces = [1, 2, 3, 4, 5, 6]
    places = [(60 + 110 * (k % 3), 60 + 130 * (k // 3)) for k in range(len(faces))]
    image = _photo([(f, 15.0 * k, p) for k, (f, p) in enumerate(zip(faces, places))],
                   colour="white")
    folder = tmp_path / "drawn"
    (folder / "images").mkdir(parents=True)
    cv2.imwrite(str(folder / "images" / "a.png"), image)
    dice = [{"value": f, **dict(zip(("x0", "y0", "x1", "y1"), _box(p, 15.0 * k))),
             "colour_verified": "white"} for k, (f, p) in enumerate(zip(faces, places))]
    write_manifest(folder, ["file", "width", "height", "n_dice", "dice_json"],
                   [{"file": "images/a.png", "width": 400, "height": 300, "n_dice": 6,
                     "dice_json": json.dumps(dice)}])


def test_the_command_reads_drawn_dice_laid_on_boards(tmp_path, capsys) -> None:
    _drawn_folder(tmp_path)
    assert len(real_dice(tmp_path / "drawn", {"white"})[0]) == 6
    assert command(argparse.Namespace(real_dice=str(tmp_path), colours="white")) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("dice cut from the photos: 6 of 6 labelled white")
    assert re.fullmatch(r"frames read wrong: \d+ dice \(a wrong face in at least one frame.*\)",
                        lines[-2]), lines[-2]
    assert re.fullmatch(r"scenes 1 \| board not found 0 \| dice 6 \| read [\d.]+% \| "
                        r"abstained [\d.]+% \| wrong 0 \| false 0 \| "
                        r"find_board_dice [\d.]+ ms/scene", lines[-1]), lines[-1]


def test_a_located_top_in_the_box_is_the_die_s_top() -> None:
    image = _photo([(4, 20.0, (200, 150))])
    box = _box((200, 150), 20.0)
    located = [DieTop(203.0, 148.0, 0.9 * EDGE, 25.0), DieTop(60.0, 60.0, EDGE, 0.0)]
    assert die_top(image, LabelledDie(4, box), None, located) == located[0]


def _is_the_die_s_top(top: object, centre: tuple[float, float], angle: float) -> bool:
    """Whether ``top`` is the top square of a drawn die of edge ``EDGE`` at ``centre``."""
    if not isinstance(top, DieTop):
        return False
    turn = abs(top.angle + angle) % 90.0  # draw_die turns the other way round to OpenCV's
    return (math.hypot(top.cx - centre[0], top.cy - centre[1]) < 3.0
            and abs(top.edge - EDGE) < 0.12 * EDGE and min(turn, 90.0 - turn) < 5.0)


def test_the_photo_reader_locates_a_die_again_near_its_box() -> None:
    image = _photo([(4, 20.0, (200, 150))])
    top = die_top(image, LabelledDie(4, _box((200, 150), 20.0)), None, [])
    assert isinstance(top, DieTop) and top.located
    assert _is_the_die_s_top(top, (200, 150), 20.0)


def test_located_tops_are_not_used_when_two_lie_in_the_box_or_one_is_far_larger() -> None:
    image = _photo([(4, 20.0, (200, 150))])
    box = _box((200, 150), 20.0)
    two = [DieTop(195.0, 150.0, EDGE, 0.0), DieTop(205.0, 150.0, EDGE, 0.0)]
    larger = [DieTop(200.0, 150.0, 1.5 * EDGE, 20.0)]  # the die and the table around it
    for located in (two, larger):
        top = die_top(image, LabelledDie(4, box), None, located)
        assert top not in located and _is_the_die_s_top(top, (200, 150), 20.0)


def test_a_located_top_leaving_the_photo_is_not_taken() -> None:
    image = _photo([(3, 10.0, (40, 150))])
    box = _box((40, 150), 10.0)
    beyond = [DieTop(20.0, 150.0, EDGE, 10.0)]  # in the box, fitting it, but leaving the photo
    top = die_top(image, LabelledDie(3, box), None, beyond)
    assert top not in beyond and _is_the_die_s_top(top, (40, 150), 10.0)


def _views(frames: list[dict[tuple[int, int], int | None]]) -> list[TableView]:
    """One view per frame: a die (face, or None abstained) in each cell given, else empty."""
    return [TableView(grid=tuple(tuple(Item(face=f[(r, c)]) if (r, c) in f else None
                                       for c in range(G.cols)) for r in range(G.rows)))
            for f in frames]


def _laid(value: int, source: str, r: int, c: int) -> Placed:
    die = RealDie(value, source, np.zeros((4, 4, 3), np.uint8), np.eye(3))
    return Placed(die, Cell(r, c), 0.0, 0.0, 0.0)


def test_a_wrong_face_in_one_frame_is_counted_though_the_die_is_not_read_wrong() -> None:
    placed = [_laid(3, "glare.jpg", 0, 0), _laid(4, "gone.jpg", 0, 1),
              _laid(2, "steady.jpg", 1, 1), _laid(5, "flicker.jpg", 2, 2),
              _laid(6, "wrong.jpg", 2, 0)]
    frames = [{(0, 0): 3, (0, 1): 4, (1, 1): 2, (2, 2): 5, (2, 0): 5},
              {(0, 0): None, (1, 1): 2, (2, 2): 6, (2, 0): 5},
              {(0, 0): 5, (0, 1): 4, (1, 1): 2, (2, 2): 5, (2, 0): 5}]
    tallies: dict[int, Tally] = {}
    assert tally_scene(_views(frames), placed, tallies) == 0
    assert tallies[3].abstained == 1 and tallies[3].frames_wrong == ["glare.jpg"]
    assert tallies[4].read == tallies[4].abstained == 0 and tallies[4].frames_wrong == []
    assert tallies[2].read == 1 and tallies[2].frames_wrong == []
    assert tallies[5].read == tallies[5].abstained == 0
    assert tallies[5].frames_wrong == ["flicker.jpg"] and tallies[5].wrong == []
    assert tallies[6].wrong == tallies[6].frames_wrong == ["wrong.jpg"]
    assert frames_wrong_line(tallies) == ("frames read wrong: 3 dice (a wrong face in at least "
                                          "one frame: glare.jpg flicker.jpg wrong.jpg)")


def test_no_wrong_frame_is_said_so() -> None:
    assert frames_wrong_line({2: Tally(dice=1, read=1)}) == (
        "frames read wrong: 0 dice (a wrong face in at least one frame)")


def test_the_seed_given_on_the_command_line_shuffles_the_dice(tmp_path, monkeypatch) -> None:
    _drawn_folder(tmp_path)
    seeds: list[int] = []

    def run(dice, seed=0):
        seeds.append(seed)
        return {}, 0, 0, 0, 0.0, 0

    monkeypatch.setattr("bench.real_board.run", run)
    args = build_parser().parse_args(["bench", "board", "--real-dice", str(tmp_path),
                                      "--seed", "3"])
    assert command(args) == 0
    args = build_parser().parse_args(["bench", "board", "--real-dice", str(tmp_path)])
    assert command(args) == 0
    assert seeds == [3, 0]
