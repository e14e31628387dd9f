"""A square turned on the die it holds: the reader sees the die's pips turned across the
square's axes (so it does not believe them), and, between big pips, the body in a layout of its
own along the axes: a five's four gaps read as a four of the other shade, and the table in the
square's corners as a four by hue. Neither may be called while the turned layout is as clear:
the reader abstains ("pips turned", "pips of both shades") and the die is read on a square
along its edges, where the same die still reads surely: there the four of gaps is the layout
turned on the die's edges, and the five runs along them."""

import math

import cv2
import numpy as np
import pytest

from vision.top.config import READER
from vision.top.pips import LAYOUTS, read_top
from vision.top.types import CROP, VIEW, PipReading

NAVY, BLACK, RED = (90, 20, 10), (30, 30, 30), (40, 40, 200)
WHITE_PIPS = (235, 235, 235)
GREEN_TABLE, GREY_TABLE = (60, 120, 30), (200, 200, 200)


def drawn_top(face: int, body, table, *, pip_radius: float, share: float, turn: float,
              step: float = READER.nominal_step) -> np.ndarray:
    """A ``VIEW`` px crop of a die with white pips whose top is ``share`` of the ``CROP``
    square and turned ``turn`` degrees in it (4x supersampled, lightly blurred)."""
    ss = 4
    yy, xx = (np.mgrid[0:VIEW * ss, 0:VIEW * ss] + 0.5) / ss - VIEW / 2
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    u, v = xx * c + yy * s, -xx * s + yy * c
    image = np.empty(xx.shape + (3,), np.float32)
    image[:] = table
    half = CROP / 2 * share
    image[(np.abs(u) < half) & (np.abs(v) < half)] = body
    for pu, pv in LAYOUTS[face][0]:
        image[np.hypot(u - pu * step * half, v - pv * step * half)
              < pip_radius * CROP * share] = WHITE_PIPS
    image = cv2.resize(image, (VIEW, VIEW), interpolation=cv2.INTER_AREA)
    return np.clip(cv2.GaussianBlur(image, (3, 3), 0.8), 0, 255).astype(np.uint8)


def called(reading: PipReading) -> int | None:
    """The face a caller may call (none calls a reading less sure than ``READER.resplit_below``)."""
    return reading.face if reading.confidence >= READER.resplit_below else None


@pytest.mark.parametrize("body", [NAVY, BLACK, RED])
@pytest.mark.parametrize("turn", [35.0, 45.0])
@pytest.mark.parametrize("table", [GREEN_TABLE, GREY_TABLE])
def test_the_gaps_between_a_turned_fives_big_pips_are_not_a_four(body, table, turn):
    # without the check the dark split calls a four on 11 of these 12, most with confidence
    # 0.8-1.0
    reading = read_top(drawn_top(5, body, table, pip_radius=0.13, share=0.75, turn=turn))
    assert called(reading) is None


def test_a_turned_layout_of_the_other_shade_makes_a_reading_ambiguous():
    reading = read_top(drawn_top(5, NAVY, GREY_TABLE, pip_radius=0.13, share=0.75, turn=45.0))
    assert (reading.face, reading.reason) == (None, "pips of both shades")


@pytest.mark.parametrize("turn", [35.0, 45.0])
def test_the_table_in_a_turned_squares_corners_is_not_read_by_hue(turn):
    # the lightness split sees the five turned; the hue split saw the four green corners
    reading = read_top(drawn_top(5, NAVY, GREEN_TABLE, pip_radius=0.11, share=0.65, turn=turn))
    assert reading.face is None
    assert reading.reason == "pips turned"


@pytest.mark.parametrize("body", [NAVY, BLACK, RED])
@pytest.mark.parametrize("face", range(1, 7))
def test_the_same_dice_on_a_square_along_their_edges_read_surely(body, face):
    reading = read_top(drawn_top(face, body, GREEN_TABLE, pip_radius=0.12, share=1.0,
                                 turn=3.0))
    assert (reading.face, reading.confidence >= 0.6) == (face, True)


@pytest.mark.parametrize(("body", "table", "pip_radius", "share"), [
    (NAVY, GREEN_TABLE, 0.13, 1.0), (NAVY, GREEN_TABLE, 0.14, 1.0), (NAVY, GREY_TABLE, 0.13, 0.9),
    (BLACK, GREY_TABLE, 0.13, 0.9), (RED, GREEN_TABLE, 0.14, 1.0)])
def test_a_five_of_big_pips_along_the_squares_edges_reads_five(body, table, pip_radius, share):
    # its gaps form a clear four turned across the square (on these, clear enough to abstain
    # on were the four not turned on the die's edges too): the five's rows run along the
    # die's edges, so that four is no rival
    reading = read_top(drawn_top(5, body, table, pip_radius=pip_radius, share=share, turn=2.0))
    assert (reading.face, reading.confidence >= 0.6) == (5, True)
