"""A die top redrawn as its difference from its body colour (``outline_read.body_contrast``).

Synthetic dice drawn on a plain canonical view (``test_body_read.view_with_die``): pips that
differ from a red body in hue and chroma alone (as light as the body) come out dark on a
white top and are read there; dark touching the square's edge (a side strip) is made white
while the pips stay; dark reaching deep from the edge (a pip may be part of it) is no
redrawing at all.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.board.test_body_read import MIDDLE, RED, G, view_with_die
from vision.board.config import DICE
from vision.board.outline_read import body_contrast
from vision.top.pips import read_top
from vision.top.square import rectify
from vision.top.types import CROP, MARGIN, VIEW, Candidate

HUE_ONLY = (120, 40, 150)  # BGR: as light as RED (Lab L within a few units), purpler


def _top_crop(view: np.ndarray, angle: float) -> np.ndarray:
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    square = Candidate(cx, cy, G.die_px, G.die_px, angle, 1.0, "test")
    return rectify(view, square, VIEW, VIEW / CROP)


def test_the_pip_colour_differs_from_the_body_in_hue_not_lightness() -> None:
    lab = cv2.cvtColor(np.uint8([[RED, HUE_ONLY]]), cv2.COLOR_BGR2LAB).astype(float)[0]
    assert abs(lab[0, 0] - lab[1, 0]) < 12
    assert np.linalg.norm(lab[0, 1:] - lab[1, 1:]) > 40


@pytest.mark.parametrize(("face", "angle"), [(2, 10.0), (3, 25.0), (5, 40.0), (6, 15.0)])
def test_pips_differing_in_hue_alone_are_dark_on_a_white_top(face: int, angle: float) -> None:
    crop = _top_crop(view_with_die(face, RED, HUE_ONLY, angle=angle), angle)
    drawn = body_contrast(crop)
    assert drawn is not None
    grey = drawn[..., 0]
    assert (drawn[..., 0] == drawn[..., 2]).all()
    top = grey[MARGIN:MARGIN + CROP, MARGIN:MARGIN + CROP]
    assert np.median(top) > 200  # the body is white
    assert (top < 100).mean() > 0.02  # the pips are dark
    assert read_top(drawn).face == face


def test_a_side_strip_at_the_edge_is_cleared_and_the_pips_stay() -> None:
    crop = _top_crop(view_with_die(4, RED, HUE_ONLY, angle=20.0), 20.0)
    strip = round(0.08 * CROP)
    crop[MARGIN:MARGIN + CROP, MARGIN:MARGIN + strip] = (20, 20, 20)
    drawn = body_contrast(crop)
    assert drawn is not None
    assert (drawn[MARGIN:MARGIN + CROP, MARGIN:MARGIN + strip] == 255).all()
    assert read_top(drawn).face == 4


def test_dark_reaching_deep_from_the_edge_is_no_redrawing() -> None:
    crop = _top_crop(view_with_die(4, RED, HUE_ONLY, angle=20.0), 20.0)
    deep = round((DICE.contrast_edge + 0.1) * CROP)
    crop[MARGIN:MARGIN + CROP, MARGIN:MARGIN + deep] = (20, 20, 20)
    assert body_contrast(crop) is None
