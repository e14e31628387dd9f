"""Glare on a glossy red die (``vision.top.glare``): a highlight is no pip, and a face is
called past it only when the glare cannot be hiding the pips of another face.

The tops are drawn as the reader sees them (``VIEW`` px, the top in the middle ``CROP``): a
red body with round white pips and a highlight, a thin streak or an arc as light as the pips.
The real cases these stand for are nell 113012 (a two with a streak beside it, at the corner
a four's pip would take), chase's casino ones ringed by arcs, and nell 112933 (a streak
through a three's middle pip, which widens the streak there: a three, never a two; and the
streak passes a five's other corners, thin there, so no pip lies under it).
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

import vision.top.pip_shape
from bench.hard_dice import GLARE_LAB  # a highlight: the light's colour, a little of the body's
from vision.top import glare as dice_glare
from vision.top import pips as dice_pips
from vision.top.config import READER
from vision.top.glare import hidden_faces, split_glare, streak_region
from vision.top.pips import LAYOUTS, read_top
from vision.top.types import CROP, MARGIN, VIEW

TABLE_LAB = (200.0, 128.0, 128.0)
RED_LAB = (110.0, 175.0, 160.0)    # OpenCV's 8-bit Lab
PIP_LAB = (235.0, 128.0, 128.0)    # white paint
HALF = CROP / 2


def lattice_point(u: float, v: float) -> tuple[float, float]:
    """Crop pixels (``VIEW``) of a layout point in lattice units."""
    return VIEW / 2 + u * READER.nominal_step * HALF, VIEW / 2 + v * READER.nominal_step * HALF


def red_top(face: int, streaks=(), arcs=(), pip_radius: float = 0.09, width: float = 2.25
            ) -> np.ndarray:
    """A red die top with the white pips of ``face`` (BGR, ``VIEW`` px), and highlights:
    ``streaks`` as ((x0, y0), (x1, y1)) in lattice units, ``arcs`` as (centre in lattice
    units, radius in lattice steps, from and to angle in degrees), ``width`` px wide."""
    yy, xx = np.mgrid[0:VIEW, 0:VIEW] + 0.5
    lab = np.empty((VIEW, VIEW, 3), np.float32)
    lab[:] = TABLE_LAB
    top = (np.abs(xx - VIEW / 2) < HALF) & (np.abs(yy - VIEW / 2) < HALF)
    lab[top] = RED_LAB
    for u, v in LAYOUTS[face][0]:
        cx, cy = lattice_point(u, v)
        disc = np.clip(pip_radius * CROP + 0.5 - np.hypot(xx - cx, yy - cy), 0.0, 1.0)
        lab += disc[..., None] * (np.array(PIP_LAB, np.float32) - lab)
    shine = np.zeros((VIEW * 4, VIEW * 4), np.uint8)  # drawn 4x and shrunk: smooth edges
    for a, b in streaks:
        p0 = [round(4 * c) for c in lattice_point(*a)]
        p1 = [round(4 * c) for c in lattice_point(*b)]
        cv2.line(shine, p0, p1, 255, round(4 * width), cv2.LINE_AA)
    for (u, v), r, start, end in arcs:
        cx, cy = lattice_point(u, v)
        rad = round(4 * r * READER.nominal_step * HALF)
        cv2.ellipse(shine, (round(4 * cx), round(4 * cy)), (rad, rad), 0, start, end, 255,
                    round(4 * width), cv2.LINE_AA)
    glare = cv2.resize(shine, (VIEW, VIEW), interpolation=cv2.INTER_AREA) / 255.0
    glare = (glare * top)[..., None].astype(np.float32)
    lab += glare * (np.array(GLARE_LAB, np.float32) - lab)
    return cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)


def _without_glare_step(monkeypatch) -> None:
    """The reader with no highlight strong enough to be glare: the glare step finds none."""
    monkeypatch.setattr(dice_glare, "READER", replace(READER, glare_contrast=float("inf")))


# a two on its main diagonal, a streak along the lower left edge ending at the empty corner
TWO_STREAK = ((-1.25, -0.2), (-0.85, 1.25))


def test_a_two_with_a_streak_at_a_free_corner_is_read():
    reading = read_top(red_top(2, streaks=[TWO_STREAK]))
    assert reading.face == 2
    assert reading.confidence >= READER.resplit_below


def test_the_streak_alone_makes_the_two_unreadable_without_the_glare_step(monkeypatch):
    # the case the step is for: the streak's peak is taken for a pip beside the two's
    _without_glare_step(monkeypatch)
    reading = read_top(red_top(2, streaks=[TWO_STREAK]))
    assert reading.face is None or reading.confidence < READER.resplit_below


def test_a_one_with_an_arc_on_one_side_is_read():
    arc = ((0.0, 0.0), 1.0, 200, 320)
    reading = read_top(red_top(1, arcs=[arc]))
    assert reading.face == 1
    assert reading.confidence >= READER.resplit_below


# arcs on both sides of a one's pip, a three's outer pips' distance from it (nell 111847)
ONE_ARCS = red_top(1, arcs=[((0.0, 0.0), 1.2, 200, 320), ((0.0, 0.0), 1.2, 20, 140)])


def test_a_one_with_thin_arcs_on_both_sides_is_read(monkeypatch):
    reading = read_top(ONE_ARCS)
    assert reading.face == 1
    assert reading.confidence >= READER.resplit_below
    # the arcs are thinner than a pip: a three's outer pips under them would widen them;
    # judged on the glare as it is, a three may lie under it
    monkeypatch.setattr(dice_glare, "READER", replace(READER, glare_pip_core=0))
    assert read_top(ONE_ARCS).confidence < READER.resplit_below


# a streak across a three that takes its middle pip with it: the corners left read as a two
THREE_STREAK = red_top(3, streaks=[((-0.8, 0.15), (0.8, -0.15))], width=3.0)
# arcs through a three's outer pips: its middle pip left reads as a one
THREE_ARCS = red_top(3, arcs=[((0.0, 0.0), 1.41, 180, 270), ((0.0, 0.0), 1.41, 0, 90)])
# a streak through a three's middle pip along the other diagonal, past a five's other corners
THREE_CROSSED = ((-0.9, 0.9), (0.9, -0.9))


@pytest.mark.parametrize("top, would_read", [(THREE_STREAK, 2), (THREE_ARCS, 1)],
                         ids=["streak through the middle", "arcs through the corners"])
def test_a_three_whose_pips_glare_takes_is_not_read_as_the_rest(top, would_read,
                                                                monkeypatch):
    # the middle pip under the streak is not taken for a pip: the glare that holds it
    # (no glare is ever deep enough to hold a pip)
    monkeypatch.setattr(dice_glare, "READER", replace(READER, glare_widened=float("inf")))
    reading = read_top(top)
    assert reading.face is None or reading.confidence < READER.resplit_below
    # glare lies where the three's other pips would: without that check, a wrong face
    monkeypatch.setattr(dice_pips, "hidden_faces", lambda *a, **k: set())
    assert read_top(top).face == would_read


@pytest.mark.parametrize("width", [2.5, 3.0, 3.5])
def test_a_three_with_a_streak_through_its_middle_pip_is_read(width):
    # the pip widens the streak where it lies under it, and is as light as the other two
    top = red_top(3, streaks=[((-0.8, 0.15), (0.8, -0.15))], width=width)
    reading = read_top(top)
    assert reading.face == 3
    assert reading.confidence >= READER.resplit_below


@pytest.mark.parametrize("width", [2.0, 2.5])
def test_a_streak_past_a_fives_corners_hides_none_of_its_pips(width, monkeypatch):
    top = red_top(3, streaks=[THREE_CROSSED], width=width)
    assert read_top(top).face == 3
    # judged on the glare as it is, a five's other corners may lie under the streak
    # (no peak on it is drawn out along it: none clears its disc of the glare)
    monkeypatch.setattr(vision.top.pip_shape, "READER", replace(READER, streak=float("inf")))
    assert read_top(top).face is None


def _with_mark(top_bgr: np.ndarray, colour: tuple[float, float, float], radius: float
               ) -> np.ndarray:
    """The top with a mark of Lab ``colour`` in the middle (a pinkish print fainter than the
    white pips, or a white pip)."""
    lab = cv2.cvtColor(top_bgr, cv2.COLOR_BGR2LAB).astype(np.float32)
    yy, xx = np.mgrid[0:VIEW, 0:VIEW] + 0.5
    cx, cy = lattice_point(0, 0)
    disc = np.clip(radius * CROP + 0.5 - np.hypot(xx - cx, yy - cy), 0.0, 1.0)
    lab += disc[..., None] * (np.array(colour, np.float32) - lab)
    return cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)


@pytest.mark.parametrize("streak, width, lightness, radius", [
    (THREE_CROSSED, 2.0, 215.0, 0.1),
    (((0.0, 0.1), (-0.3, 1.2)), 2.5, 205.0, 0.08),  # a streak from the middle to an edge
    (((0.0, 0.1), (-0.3, 1.2)), 3.0, 215.0, 0.1),
])
def test_a_mark_fainter_than_the_pips_under_a_streak_is_no_pip(streak, width, lightness,
                                                               radius):
    two = red_top(2, streaks=[streak], width=width)
    assert read_top(_with_mark(two, (lightness, 150.0, 140.0), radius)).face != 3
    # glare only adds light to a pip: a pip under it is as light as the pips beside it, and
    # one painted there is read
    assert read_top(_with_mark(two, PIP_LAB, radius)).face == 3


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_clean_tops_read_the_same_with_and_without_the_glare_step(face, monkeypatch):
    top = red_top(face)
    with_step = read_top(top)
    _without_glare_step(monkeypatch)
    assert read_top(top) == with_step
    assert with_step.face == face


def _light_contrast(top_bgr: np.ndarray) -> np.ndarray:
    lab = cv2.cvtColor(top_bgr, cv2.COLOR_BGR2LAB)
    diff, dist = dice_pips.body_difference(lab, dice_pips.body_lab(lab))
    return dice_pips.contrast_maps(diff, dist)["light"]


class _At:
    def __init__(self, x: float, y: float):
        self.x, self.y = x - MARGIN, y - MARGIN  # die-top pixels, as a Blob has them


def test_a_pip_is_no_streak_and_a_highlight_is():
    contrast = _light_contrast(red_top(1, streaks=[TWO_STREAK]))
    assert streak_region(contrast, _At(*lattice_point(0, 0)), MARGIN, CROP) is None
    on_streak = _At(*lattice_point(-1.05, 0.5))
    region = streak_region(contrast, on_streak, MARGIN, CROP)
    assert region is not None
    assert region[round(on_streak.y + MARGIN), round(on_streak.x + MARGIN)]
    assert not region[tuple(round(c) for c in lattice_point(0, 0))[::-1]]


@pytest.mark.parametrize("axes, streak", [
    ((13, 2), True),    # long and thin: a streak
    ((12, 12), False),  # as long, but round: a spot of light, no streak
    ((5, 2), False),    # thin, but no longer than a pip
    ((22, 5), True),    # long and thin: 8 px wide on average
    ((22, 7), False),   # as long, 11 px wide on average: wider than a pip, a light surface
])
def test_a_highlight_is_long_and_thin(axes, streak):
    contrast = np.zeros((VIEW, VIEW), np.float32)
    cv2.ellipse(contrast, (VIEW // 2, VIEW // 2), axes, 30, 0, 360, 100.0, -1)
    region = streak_region(contrast, _At(VIEW / 2, VIEW / 2), MARGIN, CROP)
    assert (region is not None) is streak


def test_a_faint_streak_is_no_highlight(monkeypatch):
    contrast = _light_contrast(red_top(1, streaks=[TWO_STREAK]))
    on_streak = _At(*lattice_point(-1.05, 0.5))
    level = float(contrast[round(on_streak.y + MARGIN), round(on_streak.x + MARGIN)])
    monkeypatch.setattr(dice_glare, "READER", replace(READER, glare_contrast=level + 1.0))
    assert streak_region(contrast, on_streak, MARGIN, CROP) is None


def test_split_glare_keeps_pips_and_drops_peaks_on_the_streak():
    contrast = _light_contrast(red_top(2, streaks=[TWO_STREAK]))
    pips = [_At(*lattice_point(-1, -1)), _At(*lattice_point(-1.05, 0.5)),
            _At(*lattice_point(1, 1))]
    weaker = [_At(*lattice_point(-0.95, 1.0)), _At(*lattice_point(1, -1))]
    kept, off, glare = split_glare(contrast, pips, weaker, MARGIN, CROP)
    assert kept == [0, 2]
    assert off == [1]
    assert glare is not None


def _mask_at(points_uv, radius: int = 2) -> np.ndarray:
    mask = np.zeros((VIEW, VIEW), bool)
    for u, v in points_uv:
        x, y = (round(c) for c in lattice_point(u, v))
        mask[y - radius:y + radius + 1, x - radius:x + radius + 1] = True
    return mask


_INDICES = dice_pips.LAYOUT_INDICES


def _fit(face: int) -> dice_pips.LayoutFit:
    pts = np.array([lattice_point(u, v) for u, v in LAYOUTS[face][0]]) - MARGIN
    fit = dice_pips.fit_layout(pts)
    assert fit is not None and fit.face == face
    return fit


@pytest.mark.parametrize("glare_at, hidden", [
    ([(0, 0)], {3}),                      # a two's middle: a three
    ([(0, 0), (1, -1), (-1, 1)], {3, 4, 5}),  # and the free corners: a four, a five
    ([(1, -1)], set()),                   # one free corner: a four needs both
    ([(1, -1), (-1, 1)], {4}),            # both: a four (a six needs its middle row too)
    ([(1, -1), (-1, 1), (-1, 0), (1, 0)], {4, 6}),
    ([(2, 2)], set()),                    # off the die
])
def test_hidden_faces_around_a_two(glare_at, hidden):
    fit = _fit(2)
    assert hidden_faces(2, fit.lattice, fit.free, _INDICES, _mask_at(glare_at), MARGIN, CROP,
                        READER.scale_range) == hidden


@pytest.mark.parametrize("glare_at, radius, hides", [
    ([(0.9, 0.9)], 2, False),               # on one side only
    ([(0.9, 0.9), (-0.9, -0.9)], 2, True),  # on both: a three's outer pips may lie under it
    ([(0.1, 0.0), (-0.1, 0.0)], 0, False),  # within the pip's own disc
    ([(0.9, 0.9), (-0.9, -0.9)], 1, False),  # on both, but thinner than a pip: no pip there
])
def test_a_lone_pip_hides_a_three_only_with_glare_on_both_sides(glare_at, radius, hides):
    fit = _fit(1)
    found = hidden_faces(1, fit.lattice, fit.free, _INDICES, _mask_at(glare_at, radius),
                         MARGIN, CROP, READER.scale_range)
    assert found == ({3} if hides else set())
