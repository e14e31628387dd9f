"""Readings of one place that disagree: a far larger square read on pips of the other shade is
left out (``vision.photo.finder.without_outer_readings``), and the rest must still agree.

On the real photos a red die with white pips, found by the dark mask with the table's shading
around it, read as a three in its own square and as four dark pips (the shading at its corners)
in squares 1.7 and 2 times as large: the place abstained on a die any player reads at once.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from calibration.dice_art import draw_die, paste_die
from vision.photo import finder as dice
from vision.photo.config import PHOTO
from vision.photo.finder import view, without_outer_readings
from vision.top.pips import read_top
from vision.top.types import Blob, Candidate, PipReading

EDGE = 30
CENTRE = (100.0, 100.0)
SIZES = (0.8 * 12, 1.15 * 150)


def square(size: float, source: str = "red28") -> Candidate:
    return Candidate(CENTRE[0], CENTRE[1], size, size, 0.0, 0.9, source)


def reading(face: int, polarity: str, confidence: float = 0.9) -> PipReading:
    pips = tuple(Blob(10.0 + 5 * i, 12.0, 30.0, 60.0) for i in range(face))
    return PipReading(face, confidence, polarity=polarity, blobs=pips)


def test_a_far_larger_square_read_on_pips_of_the_other_shade_is_left_out():
    three, four = (square(23.4), reading(3, "light")), (square(41.0), reading(4, "dark"))
    assert without_outer_readings([three, four]) == [three]
    assert without_outer_readings([four, three]) == [three]  # whatever the order read


@pytest.mark.parametrize(("size", "polarity"), [
    (1.4 * 23.4, "dark"),   # not far larger: it may be the die's own top, grown a little
    (2.0 * 23.4, "light"),  # pips of one shade: the smaller square may hold part of a die
])
def test_other_disagreements_are_all_kept(size, polarity):
    called = [(square(23.4), reading(3, "light")), (square(size), reading(4, polarity))]
    assert without_outer_readings(called) == called


def test_readings_of_one_face_are_all_kept_and_the_smallest_always():
    same = [(square(20.0), reading(5, "light")), (square(45.0), reading(5, "dark"))]
    assert without_outer_readings(same) == same
    chain = [(square(s), reading(f, p)) for s, f, p in
             ((20.0, 2, "light"), (31.0, 3, "dark"), (47.0, 4, "light"))]
    assert without_outer_readings(chain) == chain[:1]  # each larger one is left out


def red_three() -> np.ndarray:
    img = np.full((200, 200, 3), (190, 192, 196), np.float32)
    die, alpha = draw_die(3, "red", EDGE, 0.0, seed=1)
    paste_die(img, die, alpha, CENTRE)
    rng = np.random.default_rng(0)
    return np.clip(img + rng.normal(0.0, 2.0, img.shape), 0, 255).astype(np.uint8)


@pytest.mark.parametrize(("outer", "face", "reason"), [
    (PHOTO.outer_square, 3, ""),                  # the far larger dark four is left out
    (float("inf"), None, "unclear pips"),        # kept, it disagrees: the place abstains
])
def test_the_place_reads_its_die_without_the_outer_reading(outer, face, reason, monkeypatch):
    """The drawn red three is read for real in its own square; the larger square's reading
    of four dark pips stands in for the table shading the photos showed."""
    img = red_three()
    own = square(EDGE)
    three = read_top(view(img, own))
    assert three.face == 3 and three.polarity == "light"
    outer_four = (square(1.8 * EDGE, "dark14"), reading(4, "dark", 0.8))
    monkeypatch.setattr(dice, "read_hypotheses",
                        lambda image, done, hyps: [(own, three), outer_four])
    monkeypatch.setattr(dice, "PHOTO", replace(PHOTO, outer_square=outer))
    die = dice.read_place(img, [own], SIZES)
    assert die is not None and (die.face, die.reason) == (face, reason)
    if face is not None:
        assert die.size == EDGE and die.colour == "red"
