"""A translucent die's top with the pips seen through its body painted out
(``vision.board.through``), and the outline reader's use of it.

Synthetic tops drawn at the reader's crop size (a red translucent body, white pips, and the
pips of the face below seen through the body: fainter and tinted red), seeded noise: the two
with the five's middle pip seen under it is read as a two once that pip is painted out; a
fainter pip as neutral as the others (a pip in shade) is a pip of the top; a lone bright spot
among tinted pips leaves the top as it is; on a drawn board the two is called (and, without
the painting, not called a three). A two whose pips differ in tint (one white, one a bright
pink spot: the body's own light) is called by no reader; a white two still is.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.board.test_body_read import PAPER, drawn_die, face_in, noisy
from vision.board import body_read, outline_read
from vision.board.through import through_pips, unlike_tints, without_through_pips
from vision.top.pips import body_lab, read_top
from vision.top.types import CROP, MARGIN, VIEW

RED = (35, 30, 120)         # a dark translucent red body (BGR)
WHITE = (225, 225, 225)     # the top's own pips
SEEN = (150, 140, 205)      # a pip of the face below, seen through the red body
SHADED = (160, 160, 160)    # a white pip in shade: fainter, still neutral
PINK = (200, 190, 250)      # a bright spot of a red body's own light, about a pip's contrast
STEP = 0.85 * 0.54 * CROP / 2  # crop px from the centre to a corner pip along each axis
TWO = [(-1, -1), (1, 1)]
CORNERS = [(1, -1), (-1, 1)]  # the five's other corners, under the two's empty ones


def _top(pips: list[tuple[tuple[int, int], tuple[int, int, int]]]) -> np.ndarray:
    """A ``VIEW`` crop: paper around a red top of ``CROP`` px, the pips drawn at lattice
    places with their colours, lightly blurred, seeded noise."""
    crop = np.full((VIEW, VIEW, 3), PAPER, np.float32)
    crop[MARGIN:MARGIN + CROP, MARGIN:MARGIN + CROP] = RED
    return with_pips(crop, pips)


def with_pips(crop: np.ndarray, pips: list[tuple[tuple[int, int], tuple[int, int, int]]]
              ) -> np.ndarray:
    """A drawn ``VIEW`` crop (float) with pips at lattice places (corner pips at ``STEP``
    from the centre), lightly blurred, seeded noise, as 8-bit BGR."""
    centre = VIEW / 2.0
    for (u, v), colour in pips:
        x, y = centre + u * STEP, centre + v * STEP
        cv2.circle(crop, (round(x * 8), round(y * 8)), round(0.11 * CROP * 8), colour, -1,
                   cv2.LINE_AA, shift=3)
    crop = cv2.GaussianBlur(crop, (0, 0), 0.8)
    crop += np.random.default_rng(3).normal(0, 2.0, crop.shape).astype(np.float32)
    return np.clip(crop + 0.5, 0, 255).astype(np.uint8)


def _pips(places: list[tuple[int, int]], colour: tuple[int, int, int]
          ) -> list[tuple[tuple[int, int], tuple[int, int, int]]]:
    return [(p, colour) for p in places]


def test_a_two_with_the_five_below_seen_through_is_read_as_a_two() -> None:
    crop = _top(_pips(TWO, WHITE) + _pips([(0, 0)], SEEN))
    assert read_top(crop).face != 2
    reading = read_top(without_through_pips(crop))
    assert reading.face == 2
    assert reading.confidence >= 0.6


def test_the_pips_seen_through_are_the_faint_tinted_ones() -> None:
    crop = _top(_pips(TWO, WHITE) + _pips([(0, 0)] + CORNERS, SEEN))
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    seen = through_pips(lab, body_lab(lab))
    half = CROP / 2.0
    places = sorted((round((b.x - half) / STEP), round((b.y - half) / STEP)) for b in seen)
    assert places == sorted([(0, 0)] + CORNERS)


def test_a_fainter_neutral_pip_is_a_pip_of_the_top() -> None:
    """A three's middle pip in shade: fainter than the others, but not tinted by the body."""
    crop = _top(_pips(TWO, WHITE) + _pips([(0, 0)], SHADED))
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    assert through_pips(lab, body_lab(lab)) == []
    assert np.array_equal(without_through_pips(crop), crop)


def test_one_bright_spot_among_tinted_pips_leaves_the_top_as_it_is() -> None:
    """Glare on one pip of a top whose pips are all tinted: the rest are its pips too."""
    crop = _top(_pips([(-1, -1)], WHITE) + _pips([(1, 1), (1, -1), (-1, 1)], SEEN))
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    assert through_pips(lab, body_lab(lab)) == []


def _board_with_seen_through_two(angle: float) -> np.ndarray:
    """A canonical view of plain paper with a red two in the middle cell, the five's middle
    pip seen through its body."""
    pips = _pips(TWO, WHITE) + _pips([(0, 0)], SEEN)
    return noisy(drawn_die(pips, RED, angle=angle, radius=0.11))


def test_the_board_reader_calls_the_two() -> None:
    assert face_in(_board_with_seen_through_two(20.0)) == 2


def test_without_the_painting_the_two_is_not_called_a_three(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The pip seen through is counted by no reader: the redrawn top (``body_contrast``)
    shows it as dark as a pip, and its face is refused (``reads_through``)."""
    monkeypatch.setattr(outline_read, "without_through_pips", lambda crop: crop)
    assert face_in(_board_with_seen_through_two(20.0)) is None


def test_pips_unlike_in_tint_are_told() -> None:
    crop = _top(_pips([(-1, -1)], WHITE) + _pips([(1, 1)], PINK))
    reading = read_top(crop)
    assert reading.face == 2  # the reader alone calls the two
    assert unlike_tints(crop, reading)
    white = _top(_pips(TWO, WHITE))
    assert not unlike_tints(white, read_top(white))


@pytest.mark.parametrize("angle", [20.0, 30.0])
def test_a_white_pip_and_a_pink_spot_are_no_two(angle: float) -> None:
    view = noisy(drawn_die([((-1, -1), WHITE), ((1, 1), PINK)], RED, angle=angle, radius=0.11))
    assert face_in(view) is None
    assert face_in(noisy(drawn_die(_pips(TWO, WHITE), RED, angle=angle, radius=0.11))) == 2


def test_without_the_tint_rule_the_pink_spot_makes_a_two(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for module in (body_read, outline_read):
        monkeypatch.setattr(module, "unlike_tints", lambda crop, reading: False)
    view = noisy(drawn_die([((-1, -1), WHITE), ((1, 1), PINK)], RED, angle=20.0, radius=0.11))
    assert face_in(view) == 2
