"""A die top redrawn as its distance off its body's hue (``outline_read.hue_contrast``), and
the outline reader's use of it (``outline_read._hue_agreed``).

Synthetic dice on a plain canonical view, drawn as ``test_body_read.view_with_die`` draws
them but with pips of another hue than their red body at about its lightness (gold pips a
camera blurs toward the body) and a top lit unevenly across (a lit side, a shaded side): the
pips are then lighter than the shaded side and darker than the lit one, so neither the crop
as seen nor its distance from the median body colour (``body_contrast``) shows them, while
the redrawn top shows them dark on white and the outline reader calls the face. A white die
has no hue to redraw by, white pips on red are no pips of another hue; a face read on the
redrawn top is not called when the crop as seen calls another, nor is a one.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from tests.vision.board.test_body_read import (
    LAYOUT,
    MIDDLE,
    RED,
    WHITE,
    G,
    drawn_die,
    noisy,
    view_with_die,
)
from vision.board import outline_read
from vision.board.body_read import cell_box
from vision.board.outline_read import hue_contrast, read_outlined
from vision.top.pips import read_top
from vision.top.square import rectify
from vision.top.types import CROP, MARGIN, VIEW, Candidate, PipReading

BOX = cell_box(G, MIDDLE.r, MIDDLE.c)
GOLD_LAB = (95, 160, 168)  # Lab (OpenCV's 8-bit): about RED's lightness, yellower


def _bgr(lab: tuple[int, int, int]) -> tuple[int, int, int]:
    b, g, r = cv2.cvtColor(np.uint8([[lab]]), cv2.COLOR_LAB2BGR)[0, 0]
    return int(b), int(g), int(r)


FAINT_GOLD = _bgr(GOLD_LAB)


def shaded_gold_die(face: int, angle: float, light: tuple[float, float] = (0.7, 1.3)
                    ) -> np.ndarray:
    """A red die with ``FAINT_GOLD`` pips in the middle cell, turned by ``angle``, lit from
    ``light[0]`` to ``light[1]`` of its colour across its top (and the paper with it)."""
    n = G.canonical_px
    view = drawn_die([(place, FAINT_GOLD) for place in LAYOUT[face]], RED, angle=angle,
                     radius=0.08, blur=1.5)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    yy, xx = np.mgrid[0:n, 0:n]
    lit = math.radians(angle + 30.0)
    t = np.clip(((xx - cx) * math.cos(lit) + (yy - cy) * math.sin(lit)) / G.die_px + 0.5, 0, 1)
    view *= (light[0] + (light[1] - light[0]) * t)[..., None]
    return noisy(view)


def _top_crop(view: np.ndarray, angle: float) -> np.ndarray:
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    square = Candidate(cx, cy, G.die_px, G.die_px, angle, 1.0, "test")
    return rectify(view, square, VIEW, VIEW / CROP)


def _without_hue(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outline_read, "hue_contrast", lambda crop: None)


def test_the_pips_differ_from_the_body_in_hue_more_than_in_lightness() -> None:
    red = cv2.cvtColor(np.uint8([[RED]]), cv2.COLOR_BGR2LAB).astype(float)[0, 0]
    gold = np.array(GOLD_LAB, float)
    assert abs(red[0] - gold[0]) < 5
    assert math.degrees(abs(math.atan2(gold[2] - 128, gold[1] - 128)
                            - math.atan2(red[2] - 128, red[1] - 128))) > 20


@pytest.mark.parametrize("face", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("angle", [10.0, 40.0, 70.0])
def test_faint_gold_pips_on_a_shaded_top_are_read_as_their_face(face: int, angle: float) -> None:
    found = read_outlined(shaded_gold_die(face, angle), BOX, G.die_px)
    assert found is not None and found.face == face


@pytest.mark.parametrize(("face", "angle"), [(3, 40.0), (4, 40.0), (5, 10.0), (5, 55.0),
                                             (6, 25.0), (6, 85.0)])
def test_without_the_redrawn_top_they_are_not(face: int, angle: float,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    view = shaded_gold_die(face, angle)
    found = read_outlined(view, BOX, G.die_px)
    assert found is not None and found.face == face
    _without_hue(monkeypatch)
    assert read_outlined(view, BOX, G.die_px) is None


@pytest.mark.parametrize("face", [2, 5])
def test_the_redrawn_top_shows_the_pips_dark_on_white(face: int) -> None:
    drawn = hue_contrast(_top_crop(shaded_gold_die(face, 30.0), 30.0))
    assert drawn is not None
    top = drawn[MARGIN:MARGIN + CROP, MARGIN:MARGIN + CROP, 0]
    assert np.median(top) > 200  # the body, lit or shaded, is white
    assert read_top(drawn).face == face


def test_a_white_die_has_no_hue_to_redraw_by() -> None:
    crop = _top_crop(view_with_die(4, WHITE, (30, 30, 30), angle=30.0), 30.0)
    assert hue_contrast(crop) is None


def test_a_face_the_crop_as_seen_calls_otherwise_is_not_called(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A three whose middle pip the redrawn top loses reads there as a two; the crop as seen
    calls three: no face is called."""
    crop = _top_crop(shaded_gold_die(2, 30.0), 30.0)
    square = Candidate(0.0, 0.0, G.die_px, G.die_px, 30.0, 1.0, "test")
    called = (square, crop, PipReading(2, 1.0), 2)
    assert outline_read._hue_agreed(called, G.die_px)
    monkeypatch.setattr(outline_read, "read_top", lambda crop: PipReading(3, 0.3))
    assert not outline_read._hue_agreed(called, G.die_px)


def test_white_pips_on_red_are_no_pips_of_another_hue() -> None:
    """White pips have no hue: off the body's hue line by little; such a top is not redrawn
    (the other renderings read it)."""
    crop = _top_crop(view_with_die(5, RED, WHITE, angle=30.0), 30.0)
    assert hue_contrast(crop) is None


def test_a_one_is_not_called_on_the_redrawn_top(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pip of another hue alone there may be one of a two whose other pip the body's swirl
    hides: a one is not called even where the layouts show one and the crop as seen no
    other face."""
    crop = _top_crop(shaded_gold_die(5, 30.0), 30.0)
    square = Candidate(0.0, 0.0, G.die_px, G.die_px, 30.0, 1.0, "test")
    monkeypatch.setattr(outline_read, "read_top", lambda crop: PipReading(None, 0.0))
    for face in (5, 1):
        monkeypatch.setattr(outline_read, "layout_face", lambda drawn, edge, face=face: face)
        agreed = outline_read._hue_agreed((square, crop, PipReading(face, 1.0), face),
                                          G.die_px)
        assert agreed == (face == 5)
