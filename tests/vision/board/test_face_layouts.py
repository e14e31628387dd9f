"""Scoring the six faces' pip layouts on a top's difference from its body colour
(``vision.board.face_layouts``), and the outline reader's use of it as the second reading an
unsure face needs (``outline_read._agreed``).

Synthetic dice drawn on a plain canonical view (``test_body_read.view_with_die``), read at
their own top square: every face is called, white on red and gold on red, at any turn; a top
whose pattern crosses empty places calls no face, nor one with a spot beside an empty place
(an empty place is looked at wider than a pip's); a plain top calls none. The
outline reader calls a face two unsure readings call when the layouts agree, and not when
they do not.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from tests.vision.board.test_body_read import GOLD, MIDDLE, RED, WHITE, G, view_with_die
from vision.board import face_layouts, outline_read
from vision.board.body_read import cell_box
from vision.board.config import DICE
from vision.board.face_layouts import layout_face, layout_scores
from vision.top.square import rectify
from vision.top.types import CROP, VIEW, Candidate, PipReading

BOX = cell_box(G, MIDDLE.r, MIDDLE.c)


def _top_crop(view: np.ndarray, angle: float) -> np.ndarray:
    """The ``VIEW`` crop of the middle cell's drawn die at its own top square."""
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    square = Candidate(cx, cy, G.die_px, G.die_px, angle, 1.0, "test")
    return rectify(view, square, VIEW, VIEW / CROP)


@pytest.mark.parametrize("pip", [WHITE, GOLD])
@pytest.mark.parametrize(("face", "angle"), [(1, 10.0), (2, 25.0), (3, 40.0), (4, 55.0),
                                             (5, 70.0), (6, 85.0)])
def test_every_face_is_called_on_its_own_top(face: int, angle: float,
                                             pip: tuple[int, int, int]) -> None:
    crop = _top_crop(view_with_die(face, RED, pip, angle=angle), angle)
    assert layout_face(crop, CROP) == face


def test_a_plain_top_calls_no_face() -> None:
    crop = _top_crop(view_with_die(None, RED, WHITE, angle=30.0), 30.0)
    assert layout_face(crop, CROP) is None


def test_a_pattern_over_empty_places_calls_no_face() -> None:
    """A two whose top a light streak crosses through its middle (a swirl: over empty places
    of a two) is no face: the streak stands out there about as much as the pips."""
    view = view_with_die(2, RED, WHITE, angle=0.0)
    assert layout_face(_top_crop(view, 0.0), CROP) == 2
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    s = G.die_px
    streak = np.array([[cx - 0.3 * s, cy + 0.05 * s], [cx - 0.1 * s, cy - 0.06 * s],
                       [cx + 0.1 * s, cy + 0.06 * s], [cx + 0.3 * s, cy - 0.05 * s]])
    cv2.polylines(view, [np.round(streak * 8).astype(np.int32)], False, WHITE,
                  round(0.08 * s), cv2.LINE_AA, shift=3)
    assert layout_face(_top_crop(view, 0.0), CROP) is None


@pytest.mark.parametrize("turn", [0.0, 45.0, 90.0])
def test_a_spot_beside_an_empty_place_calls_no_face(turn: float,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A four with a small light spot (a chip, a glint) 0.08 die edges off its middle is no
    face; looked at no wider than a pip's place, the middle would take the spot in as the
    pip of a five."""
    view = view_with_die(4, RED, WHITE, angle=0.0)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    a, off = math.radians(turn), 0.08 * G.die_px
    spot = (round((cx + off * math.cos(a)) * 8), round((cy + off * math.sin(a)) * 8))
    cv2.circle(view, spot, round(0.05 * G.die_px * 8), WHITE, -1, cv2.LINE_AA, shift=3)
    crop = _top_crop(view, 0.0)
    assert layout_face(crop, CROP) is None
    monkeypatch.setattr(face_layouts, "DICE",
                        replace(DICE, layout_empty_reach=DICE.layout_reach))
    assert layout_face(crop, CROP) == 5


def test_scores_are_one_for_pips_on_a_plain_body() -> None:
    crop = _top_crop(view_with_die(5, RED, WHITE, angle=20.0), 20.0)
    scores = layout_scores(crop, CROP)
    assert scores[5][0] > 0.8
    assert max(s for f, s in ((f, v[0]) for f, v in scores.items()) if f != 5) < 0.5


def _unsure(monkeypatch: pytest.MonkeyPatch) -> None:
    """read_top in the outline reader reads as before but never surely."""
    real = outline_read.read_top

    def unsure(crop: np.ndarray) -> PipReading:
        return replace(real(crop), confidence=min(real(crop).confidence, 0.3))
    monkeypatch.setattr(outline_read, "read_top", unsure)


@pytest.mark.parametrize("face", [1, 3, 4, 5, 6])
def test_an_unsure_face_the_layouts_agree_with_is_called(
        face: int, monkeypatch: pytest.MonkeyPatch) -> None:
    view = view_with_die(face, RED, GOLD, angle=35.0)
    _unsure(monkeypatch)
    die = outline_read.read_outlined(view, BOX, G.die_px)
    assert die is not None and die.face == face
    assert die.confidence <= 0.3


@pytest.mark.parametrize("other", [None, 2])
def test_an_unsure_face_the_layouts_do_not_show_is_not_called(
        other: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    view = view_with_die(5, RED, GOLD, angle=35.0)
    _unsure(monkeypatch)
    monkeypatch.setattr(outline_read, "layout_face", lambda crop, edge: other)
    assert outline_read.read_outlined(view, BOX, G.die_px) is None


def test_a_sure_face_is_called_without_the_layouts(monkeypatch: pytest.MonkeyPatch) -> None:
    view = view_with_die(5, RED, WHITE, angle=35.0)
    monkeypatch.setattr(outline_read, "layout_face", lambda crop, edge: None)
    die = outline_read.read_outlined(view, BOX, G.die_px)
    assert die is not None and die.face == 5
