"""Reading a grid cell's die at the square its top's outline draws (``vision.board.outline_read``).

Synthetic dice drawn on a plain canonical view (``test_body_read.view_with_die``): the outline's
square lies on the drawn top whatever its turn, and so does one the die's darker sides border;
faces drawn there are read; a plain top, an odd blob and an empty cell are given no face;
``reread_cells`` asks its last cell reader only about bodies nothing else has read; a squeezed
layout is not called (``body_read.judged``); and a top crossed by a dark stripe is not plain
(``dice.plain_share``, which a face read afresh needs).
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from engine.table import Cell
from tests.vision.board.test_body_read import (
    GOLD,
    MIDDLE,
    PAPER,
    RED,
    WHITE,
    G,
    view_with_die,
)
from vision.board import outline_read
from vision.board.body_read import cell_box, judged, reread_cells
from vision.board.config import DICE
from vision.board.dice import Spot, _plain_but_pips, plain_share
from vision.board.outline_read import outline_square, read_outlined
from vision.top.pips import read_top
from vision.top.square import rectify
from vision.top.types import CROP, VIEW, Candidate, DieDetection

BOX = cell_box(G, MIDDLE.r, MIDDLE.c)


def _turn_apart(a: float, b: float) -> float:
    """Degrees between two square turns (modulo a quarter turn)."""
    d = (a - b) % 90.0
    return min(d, 90.0 - d)


@pytest.mark.parametrize("angle", [5.0, 20.0, 35.0, 70.0])
def test_the_outline_square_lies_on_the_drawn_top(angle: float) -> None:
    view = view_with_die(4, RED, WHITE, angle=angle)
    squares = outline_square(view, BOX, G.die_px, angle)
    assert squares
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    # the drawn top's centre; its sides, darker, are drawn 3 px down and right of it
    for square in squares:
        assert math.hypot(square.cx - cx, square.cy - cy) < 0.06 * G.die_px
        assert G.die_px <= square.size <= 1.16 * G.die_px + 1e-6
    assert len({square.size for square in squares}) == len(squares)


def test_only_the_strongest_square_is_tried_when_no_other_is_as_strong(
        monkeypatch: pytest.MonkeyPatch) -> None:
    view = view_with_die(4, RED, WHITE, angle=20.0)
    every = outline_square(view, BOX, G.die_px, 20.0)
    assert every
    monkeypatch.setattr(outline_read, "DICE", replace(DICE, outline_near_best=1.0))
    strongest = outline_square(view, BOX, G.die_px, 20.0)
    assert strongest is not None and len(strongest) == 1
    assert strongest[0].size == every[0].size


@pytest.mark.parametrize(("face", "angle"), [(1, 25.0), (2, 10.0), (3, 40.0), (4, 65.0),
                                             (5, 20.0), (6, 55.0)])
def test_white_pips_on_red_are_read_at_the_outline(face: int, angle: float) -> None:
    die = read_outlined(view_with_die(face, RED, WHITE, angle=angle), BOX, G.die_px)
    assert die is not None
    assert die.face == face
    assert _turn_apart(die.angle, angle) < 8.0


def test_gold_pips_on_red_are_read_at_the_outline() -> None:
    die = read_outlined(view_with_die(5, RED, GOLD, angle=30.0), BOX, G.die_px)
    assert die is not None and die.face == 5


def test_a_plain_top_an_odd_blob_and_an_empty_cell_are_given_no_face() -> None:
    plain = view_with_die(None, RED, WHITE)
    assert read_outlined(plain, BOX, G.die_px) is None
    blob = plain.copy()
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    cv2.ellipse(blob, (round(cx), round(cy)), (14, 5), 30, 0, 360, WHITE, -1)
    assert read_outlined(blob, BOX, G.die_px) is None
    empty = np.full_like(plain, PAPER)
    assert read_outlined(empty, BOX, G.die_px) is None


def test_seven_spots_are_no_face() -> None:
    view = view_with_die(6, RED, WHITE, angle=20.0)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    cv2.circle(view, (round(cx), round(cy)), round(0.09 * G.die_px), WHITE, -1, cv2.LINE_AA)
    assert read_outlined(view, BOX, G.die_px) is None


def test_the_last_cell_reader_is_asked_only_about_bodies_nothing_read() -> None:
    asked: list[tuple[int, int, int, int]] = []

    def last(image: np.ndarray, box: tuple[int, int, int, int], size: float,
             palette: object) -> DieDetection | None:
        asked.append(box)
        return None

    read = view_with_die(3, RED, GOLD, cell=Cell(0, 0))  # the body reads gold pips itself
    plain = view_with_die(None, RED, GOLD, cell=Cell(2, 2))  # a body that reads no face
    x0, y0, x1, y1 = cell_box(G, 2, 2)
    read[y0:y1, x0:x1] = plain[y0:y1, x0:x1]
    found = reread_cells(read, [], G.die_px, G, then=last)
    assert [d.face for d in found] == [3]
    assert asked == [(x0, y0, x1, y1)]  # not the gold three's cell, not the empty cells


def test_a_squeezed_layout_is_not_called() -> None:
    # a six whose middle pips were missed shows its corners: a four's layout drawn out
    view = view_with_die(4, RED, WHITE, angle=0.0)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    top = Candidate(cx, cy, G.die_px, G.die_px, 0.0, 1.0, "test")
    crop = rectify(view, top, VIEW, VIEW / CROP)
    reading = read_top(crop)
    assert judged(crop, reading) == (4, "")
    assert judged(crop, replace(reading, squash=0.7)) == (None, "cocked")


def test_a_top_crossed_by_a_dark_stripe_is_not_plain() -> None:
    view = view_with_die(2, WHITE, (20, 20, 20), angle=0.0)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    top = Candidate(cx, cy, G.die_px, G.die_px, 0.0, 1.0, "test")
    step = 0.85 * 0.54 * G.die_px / 2
    pips = [Spot(cx - step, cy - step, 1.0, "read"), Spot(cx + step, cy + step, 1.0, "read")]
    assert plain_share(view, top, G.die_px, pips) >= DICE.plain_fraction
    half = round(0.35 * G.die_px)
    cv2.rectangle(view, (round(cx) - half, round(cy) - half), (round(cx) + half,
                  round(cy) - half + 5), (60, 60, 60), -1)
    assert plain_share(view, top, G.die_px, pips) < DICE.afresh_plain


def test_a_face_read_afresh_needs_a_close_fit_and_a_plain_top() -> None:
    view = view_with_die(3, WHITE, (20, 20, 20), angle=0.0)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    top = Candidate(cx, cy, G.die_px, G.die_px, 0.0, 1.0, "test")
    reading = read_top(rectify(view, top, VIEW, VIEW / CROP))
    assert reading.face == 3
    assert _plain_but_pips(view, top, G.die_px, reading, on_pixels=False)
    loose = replace(reading, fit_error=DICE.afresh_fit + 0.05)  # a side face's pip with two
    assert not _plain_but_pips(view, top, G.die_px, loose, on_pixels=False)
    assert _plain_but_pips(view, top, G.die_px, loose, on_pixels=True)
