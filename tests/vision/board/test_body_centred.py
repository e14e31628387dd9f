"""Whether a read top's body colour lies around its square's centre
(``vision.board.body_read.body_centred``), on a translucent top lit through on one side.

Synthetic tops drawn at the reader's crop size, seeded noise: a dark translucent blue body
whose lightness rises across the top towards one side (light passing through it), its hue
kept, with a four's pips. White pips: the body colour read lies on the dark side at the full
distance, yet the top is centred with its lightness counting less, and its four is called.
Pips tinted like the body's own light, dark pips on a grey top so lit, and a body taken as
light keep the full distance: not centred.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tests.vision.board.test_through import with_pips
from vision.board import body_read
from vision.board.body_read import body_centred, body_offset, judged
from vision.board.config import DICE
from vision.top.pips import read_top
from vision.top.types import CROP, MARGIN, VIEW

PAPER = (222, 232, 238)         # BGR
DARK_BLUE = (70, 30, 15)        # the translucent body's dark middle
LIT_BLUE = (140, 75, 40)        # the same hue, lit through at one side
WHITE = (225, 225, 225)
TINTED = (150, 140, 215)        # a light spot tinted like a red body's own light
GREY, LIGHT_GREY, BLACK = (150, 150, 150), (215, 215, 215), (30, 30, 30)
FOUR = [(-1, -1), (1, -1), (-1, 1), (1, 1)]


def _lit_top(dark: tuple[int, int, int], lit: tuple[int, int, int],
             pip: tuple[int, int, int], lit_share: float) -> np.ndarray:
    """A ``VIEW`` crop: paper around a top of ``CROP`` px whose colour runs from ``dark``
    to ``lit`` across its last ``lit_share`` of the edge, a four's pips of ``pip``, lightly
    blurred, seeded noise."""
    crop = np.full((VIEW, VIEW, 3), PAPER, np.float32)
    across = np.arange(CROP) / (CROP - 1)
    t = np.clip((across - (1.0 - lit_share)) / lit_share, 0.0, 1.0)[None, :, None]
    body = (1.0 - t) * np.array(dark, np.float32) + t * np.array(lit, np.float32)
    crop[MARGIN:MARGIN + CROP, MARGIN:MARGIN + CROP] = body
    return with_pips(crop, [(place, pip) for place in FOUR])


@pytest.mark.parametrize("lit_share", [0.45, 0.55])
def test_white_pips_on_a_top_lit_through_at_one_side_are_called(lit_share: float) -> None:
    crop = _lit_top(DARK_BLUE, LIT_BLUE, WHITE, lit_share)
    reading = read_top(crop)
    assert reading.face == 4 and reading.body is not None
    assert body_offset(crop, reading.body) > DICE.body_offset  # the full distance: off
    assert body_centred(crop, reading)
    assert judged(crop, reading) == (4, "")


def test_without_the_lightness_discounted_the_four_is_not_called(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(body_read, "DICE", replace(DICE, body_light_weight=1.0))
    crop = _lit_top(DARK_BLUE, LIT_BLUE, WHITE, 0.55)
    assert judged(crop, read_top(crop)) == (None, "unclear pips")


def test_tinted_light_spots_keep_the_full_distance() -> None:
    crop = _lit_top(DARK_BLUE, LIT_BLUE, TINTED, 0.55)
    reading = read_top(crop)
    assert reading.body is not None
    assert body_offset(crop, reading.body, DICE.body_light_weight) <= DICE.body_offset
    assert not body_centred(crop, reading)


def test_dark_pips_keep_the_full_distance() -> None:
    """A grey top lit at one side, black pips: lightness alone tells a white body from light
    paper, so it is never discounted for dark pips."""
    crop = _lit_top(GREY, LIGHT_GREY, BLACK, 0.45)
    reading = read_top(crop)
    assert reading.polarity == "dark" and reading.body is not None
    assert body_offset(crop, reading.body, DICE.body_light_weight) <= DICE.body_offset
    assert not body_centred(crop, reading)


def test_a_light_body_keeps_the_full_distance(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same top, its dark body taken as light: a light body at half
    its lightness's weight would take light paper and neutral surroundings for itself."""
    crop = _lit_top(DARK_BLUE, LIT_BLUE, WHITE, 0.55)
    reading = read_top(crop)
    assert reading.body is not None and body_centred(crop, reading)
    monkeypatch.setattr(body_read, "DICE", replace(DICE, dark_body=reading.body[0] - 1.0))
    assert not body_centred(crop, reading)
