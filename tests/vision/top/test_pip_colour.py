"""Pips that differ from the body in hue at least 2/3 as much as in lightness: gold pips on red.

A die lit from one side has a top whose lightness runs across it. Gold pips are a little
lighter than the body around them, but those on the shaded side are darker than the top's
median and those on the lit side lighter: split by lightness, a five falls apart into a two
and a three and is not read. The reader looks again at a top it cannot call, its contrast
split along the pips' own colour, and there all five lie on one side. Pips that differ from
the body in lightness alone (black on white) would split the same way, and are not looked at
again. A glare across the top, far lighter than the pips, outshines them in both splits; on
a body with a hue the reader then reads the top's hue alone (``read_hue``), where the glare
is faint.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.photo.finder import find_dice
from vision.top import pips as dice_pips
from vision.top.config import READER
from vision.top.pips import LAYOUTS, read_top
from vision.top.types import CROP, VIEW

TABLE_LAB = (200.0, 128.0, 128.0)
RED_LAB = (110.0, 175.0, 160.0)   # OpenCV's 8-bit Lab
GOLD_SHIFT = (8.0, -25.0, 30.0)   # a gold pip's Lab difference from the red body around it


def lit_die(face: int, *, gradient: float, pip_shift=GOLD_SHIFT, body=RED_LAB) -> np.ndarray:
    """A die top as the reader sees it (``VIEW`` px, BGR), its lightness running ``gradient``
    Lab levels either way across the top (lit from the left), with pips ``pip_shift`` off the
    body around them."""
    yy, xx = np.mgrid[0:VIEW, 0:VIEW] + 0.5
    lab = np.empty((VIEW, VIEW, 3), np.float32)
    lab[:] = TABLE_LAB
    top = (np.abs(xx - VIEW / 2) < CROP / 2) & (np.abs(yy - VIEW / 2) < CROP / 2)
    lab[top] = body
    lab[..., 0] += top * gradient * (VIEW / 2 - xx) / (CROP / 2)
    _add_pips(lab, face, pip_shift)
    return cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)


def _add_pips(lab: np.ndarray, face: int, pip_shift, first_pip: float = 1.0) -> None:
    """Add a face's pips to a Lab crop in place, ``pip_shift`` off the body around them (the
    first pip ``first_pip`` times as far)."""
    yy, xx = np.mgrid[0:VIEW, 0:VIEW] + 0.5
    for i, (u, v) in enumerate(LAYOUTS[face][0]):
        cx = VIEW / 2 + u * READER.nominal_step * CROP / 2
        cy = VIEW / 2 + v * READER.nominal_step * CROP / 2
        disc = np.clip(0.09 * CROP + 0.5 - np.hypot(xx - cx, yy - cy), 0.0, 1.0)
        share = first_pip if i == 0 else 1.0
        lab += disc[..., None] * np.array(pip_shift, np.float32) * share


@pytest.mark.parametrize("face", [2, 3, 4, 5, 6])
def test_gold_pips_on_a_die_lit_from_one_side_are_read(face):
    reading = read_top(lit_die(face, gradient=24.0))
    assert reading.face == face
    assert reading.confidence >= READER.resplit_below


@pytest.mark.parametrize("face", [2, 3, 4, 5, 6])
def test_split_by_lightness_alone_they_are_not(face, monkeypatch):
    monkeypatch.setattr(dice_pips, "READER", replace(READER, resplit_below=0.0))  # never look again
    assert read_top(lit_die(face, gradient=24.0)).face is None
    # evenly lit, lightness alone reads them: the light runs across the top is what splits
    assert read_top(lit_die(face, gradient=0.0)).face == face


@pytest.mark.parametrize("face", [5, 6])
def test_a_die_found_on_the_table_is_read_too(face):
    # a gentler light than above: a ramp of 24 levels across a plain top is itself taken
    # for a smear by ``is_blurred``
    table = cv2.cvtColor(np.array([[TABLE_LAB]], np.uint8), cv2.COLOR_LAB2BGR)[0, 0]
    image = np.full((200, 200, 3), table, np.uint8)
    image[60:60 + VIEW, 70:70 + VIEW] = lit_die(face, gradient=18.0)
    dice = find_dice(image, min_size=30, max_size=80)
    assert [(d.face, d.colour) for d in dice] == [(face, "red")]
    assert abs(dice[0].x - (70 + VIEW / 2)) < 3 and abs(dice[0].y - (60 + VIEW / 2)) < 3


def test_black_pips_split_by_their_colour_as_by_lightness():
    crop = lit_die(6, gradient=10.0, pip_shift=(-90.0, 0.0, 0.0), body=(225.0, 128.0, 134.0))
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    difference = dice_pips.body_difference(lab, dice_pips.body_lab(lab))
    by_light = dice_pips.contrast_maps(*difference)
    by_colour = dice_pips.contrast_maps(*difference, dice_pips.pip_axis(*difference))
    pips = by_light["dark"] > 30.0
    assert pips.sum() > 6 * 20  # six pips, in the dark map
    assert np.array_equal(by_colour["dark"] > 30.0, pips)


def _spied_splits(monkeypatch) -> list[bool]:
    """Whether each ``contrast_maps`` call of the reader splits along the pips' colour."""
    calls: list[bool] = []
    split = dice_pips.contrast_maps
    monkeypatch.setattr(dice_pips, "contrast_maps",
                        lambda diff, dist, axis=None: calls.append(axis is not None)
                        or split(diff, dist, axis))
    return calls


def black_pipped(face: int) -> np.ndarray:
    return lit_die(face, gradient=0.0, pip_shift=(-90.0, 0.0, 0.0), body=(225.0, 128.0, 134.0))


def test_a_sure_reading_is_not_read_again(monkeypatch):
    calls = _spied_splits(monkeypatch)
    assert read_top(black_pipped(4)).face == 4
    assert calls == [False]
    calls.clear()
    assert read_top(lit_die(4, gradient=24.0)).face == 4
    assert calls == [False, True]


def test_pips_that_differ_in_lightness_alone_are_not_read_again(monkeypatch):
    calls = _spied_splits(monkeypatch)
    # every reading is unsure
    monkeypatch.setattr(dice_pips, "READER", replace(READER, resplit_below=1.01))
    read_top(black_pipped(4))
    assert calls == [False]
    calls.clear()
    read_top(lit_die(4, gradient=0.0))  # gold pips, evenly lit: their colour is not a shade
    assert calls == [False, True]


def glared_die(face: int, glare_l: float = 40.0) -> np.ndarray:
    """``lit_die`` (evenly lit) with a soft glare along the top's anti-diagonal, ``glare_l``
    Lab levels lighter at its middle and as much paler (towards white) as the light's own."""
    lab = cv2.cvtColor(lit_die(face, gradient=0.0), cv2.COLOR_BGR2LAB).astype(np.float32)
    yy, xx = np.mgrid[0:VIEW, 0:VIEW] + 0.5 - VIEW / 2
    along, across = (xx - yy) / np.sqrt(2), (xx + yy) / np.sqrt(2)
    glare = np.exp(-0.5 * ((along / (0.35 * CROP)) ** 2 + (across / (0.08 * CROP)) ** 2))
    lab += glare[..., None] * np.array([glare_l, -0.5 * glare_l, -0.35 * glare_l], np.float32)
    return cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)


def test_gold_pips_under_a_glare_are_read_by_their_hue(monkeypatch):
    reading = read_top(glared_die(6))
    assert (reading.face, reading.polarity) == (6, "hue")
    assert reading.confidence >= READER.resplit_below
    # no look by hue
    monkeypatch.setattr(dice_pips, "READER", replace(READER, hue_body=float("inf")))
    assert read_top(glared_die(6)).confidence < READER.resplit_below


def test_a_top_without_a_hue_of_its_own_is_not_read_by_hue(monkeypatch):
    looked: list[bool] = []
    by_hue = dice_pips.read_hue
    monkeypatch.setattr(dice_pips, "read_hue", lambda diff: looked.append(True) or by_hue(diff))
    # every reading is unsure
    monkeypatch.setattr(dice_pips, "READER", replace(READER, resplit_below=1.01))
    read_top(black_pipped(4))  # a white body
    assert looked == []
    read_top(lit_die(4, gradient=0.0))  # a red body
    assert looked == [True]


@pytest.mark.parametrize("face", [1, 3, 6])
def test_the_hue_look_takes_no_pips_that_differ_more_in_lightness(face, monkeypatch):
    # white pips on red differ in hue too, but far more in lightness: the lightness split is
    # theirs (without this check the translucent casino dice gave four more wrong faces)
    crop = lit_die(face, gradient=0.0, pip_shift=(110.0, -45.0, -30.0))
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    diff, _ = dice_pips.body_difference(lab, dice_pips.body_lab(lab))
    assert dice_pips.read_hue(diff).face is None
    # no pip differs too much in lightness to be read by hue: the check, not the map, declines
    monkeypatch.setattr(dice_pips, "READER", replace(READER, hue_share=float("inf")))
    assert dice_pips.read_hue(diff).face == face


LIGHT_GOLD = (32.0, -23.0, 13.0)  # gold pips lighter than the body: 1.2 times as much as in hue
GLINT = (52.0, -6.0, -10.0)       # a highlight on a glossy red die (nell): lighter, barely paler


def glinted_die(face: int, at: tuple[int, int]) -> np.ndarray:
    """``lit_die`` (evenly lit) with ``LIGHT_GOLD`` pips and a short ``GLINT`` at the
    lattice point ``at``, where the face has no pip: split by lightness, as light as a pip."""
    lab = cv2.cvtColor(lit_die(face, gradient=0.0, pip_shift=LIGHT_GOLD),
                       cv2.COLOR_BGR2LAB).astype(np.float32)
    yy, xx = np.mgrid[0:VIEW, 0:VIEW] + 0.5
    cx, cy = (VIEW / 2 + c * READER.nominal_step * CROP / 2 for c in at)
    glint = np.exp(-0.5 * (((xx - cx) / (0.12 * CROP)) ** 2 + ((yy - cy) / (0.05 * CROP)) ** 2))
    lab += glint[..., None] * np.array(GLINT, np.float32)
    return cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)


@pytest.mark.parametrize("face, at", [(1, (1, 1)), (2, (1, -1)), (4, (0, -1)), (6, (0, 0))])
def test_gold_pips_lighter_than_the_body_are_read_by_hue_past_a_glint(face, at, monkeypatch):
    # nell 111642: a red two with gold pips and a glint, read as three light pips that fit
    # no layout; the gold differs 0.9 and 1.3 times as much in lightness as in hue
    reading = read_top(glinted_die(face, at))
    assert (reading.face, reading.polarity) == (face, "hue")
    assert reading.confidence >= READER.resplit_below
    # pips must differ more in hue
    monkeypatch.setattr(dice_pips, "READER", replace(READER, hue_share=1.0))
    assert read_top(glinted_die(face, at)).face is None


def rippled_die(face: int, *, first_pip: float) -> np.ndarray:
    """``lit_die`` (evenly lit) on a body whose hue ripples across the top (+-12 levels of
    Lab a, as glare and shade shift a red body's hue), its first pip ``first_pip`` times as
    far from the body as the others."""
    yy, xx = np.mgrid[0:VIEW, 0:VIEW] + 0.5
    lab = cv2.cvtColor(lit_die(face, gradient=0.0, pip_shift=(0.0, 0.0, 0.0)),
                       cv2.COLOR_BGR2LAB).astype(np.float32)
    top = (np.abs(xx - VIEW / 2) < CROP / 2) & (np.abs(yy - VIEW / 2) < CROP / 2)
    lab[..., 1] += top * 12.0 * np.sin(4 * np.pi * xx / CROP) * np.sin(4 * np.pi * yy / CROP)
    _add_pips(lab, face, GOLD_SHIFT, first_pip)
    return cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)


def _hue_map(crop: np.ndarray) -> np.ndarray:
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    diff, _ = dice_pips.body_difference(lab, dice_pips.body_lab(lab))
    return dice_pips.hue_contrast(diff)


@pytest.mark.parametrize("face", [3, 5])
def test_the_hue_look_judges_evenness_by_the_pips_contrast(face):
    # by hue the ground under the pips is not dark: a pip at 0.6 of the others' hue
    # difference answers far weaker than that in the pip-shaped response
    crop = rippled_die(face, first_pip=0.6)
    reading = read_top(crop)
    assert (reading.face, reading.polarity) == (face, "hue")
    assert reading.confidence >= READER.resplit_below
    by_response = dice_pips.read_maps({"hue": _hue_map(crop)}, even_by_response=True)
    assert by_response.confidence < READER.resplit_below


@pytest.mark.parametrize("face", [2, 3, 5])
def test_a_faint_pip_still_spoils_the_hue_look(face):
    # a mark at 0.4 of the pips' contrast is not one of them, by hue as by lightness
    assert read_top(rippled_die(face, first_pip=0.4)).face is None


def test_hue_contrast_is_the_rounded_length_of_the_difference() -> None:
    """np.hypot's numbers to the bit (cv2.magnitude's approximate square root gave one die
    two readings, depending on where its arrays lay in memory)."""
    rng = np.random.default_rng(5)
    diff = (rng.integers(-40, 41, (dice_pips.VIEW, dice_pips.VIEW, 3)) + 0.5).astype(np.float32)
    da, db = diff[:, :, 1], diff[:, :, 2]
    wide = dice_pips.hue_contrast(np.ones_like(diff)) > 0  # where the map is taken at all
    assert wide.any() and not wide.all()
    expected = cv2.GaussianBlur(np.hypot(da, db), (3, 3), 0) * wide
    assert np.array_equal(dice_pips.hue_contrast(diff), expected)
