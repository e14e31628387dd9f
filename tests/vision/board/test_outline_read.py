"""Reading a grid cell's die at the square its top's outline draws (``vision.board.outline_read``).

Synthetic dice drawn on a plain canonical view (``test_body_read.view_with_die``): the outline's
square lies on the drawn top whatever its turn, and so does one the die's darker sides border;
faces drawn there are read; a plain top, an odd blob and an empty cell are given no face;
``reread_cells`` asks its last cell reader only about bodies nothing else has read; a squeezed
layout is not called (``body_read.judged``); and a top crossed by a dark stripe is not plain
(``dice.plain_share``, which a face read afresh needs). A white die too like the paper for the
body's bar is looked at past the outline's lower one; squares are tried at the body's centre;
a square off the top is read once re-centred on its pips (twice when the first reading is
unsure, even when it calls no face), and pips that turn the square off the die's edges end
that. The square the spots put an unread die at is read first, and a one is never called
on it; nor where the top's redrawing erased a pip the crop as seen shows. A two whose pips lie
closer than ``judged`` takes is read when they are white on red, not gold.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from engine.table import Cell
from tests.vision.board.test_body_read import (
    DARK,
    GOLD,
    LAYOUT,
    MIDDLE,
    PAPER,
    RED,
    WHITE,
    G,
    drawn_die,
    noisy,
    view_with_die,
)
from vision.board import outline_read
from vision.board.body_read import body_in_cell, cell_box, judged, reread_cells
from vision.board.config import DICE
from vision.board.dice import Spot, _plain_but_pips, plain_share
from vision.board.outline_read import body_squares, outline_square, read_outlined
from vision.top.config import READER
from vision.top.pips import read_top
from vision.top.square import rectify, turn_apart
from vision.top.types import CROP, VIEW, Blob, Candidate, DieDetection, PipReading

BOX = cell_box(G, MIDDLE.r, MIDDLE.c)


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
    assert turn_apart(die.angle, angle) < 8.0


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


def test_the_last_cell_reader_is_asked_about_cells_nothing_read_told_their_body() -> None:
    asked: dict[tuple[int, int, int, int], tuple[float, float] | None] = {}

    def last(image: np.ndarray, box: tuple[int, int, int, int], size: float,
             palette: object, body: tuple[float, float] | None,
             unread: DieDetection | None) -> DieDetection | None:
        asked[box] = body
        return None

    read = view_with_die(3, RED, GOLD, cell=Cell(0, 0))  # the body reads gold pips itself
    plain = view_with_die(None, RED, GOLD, cell=Cell(2, 2))  # a body that reads no face
    x0, y0, x1, y1 = cell_box(G, 2, 2)
    read[y0:y1, x0:x1] = plain[y0:y1, x0:x1]
    found = reread_cells(read, [], G.die_px, G, then=last)
    assert [d.face for d in found] == [3]
    assert cell_box(G, 0, 0) not in asked  # the gold three's cell
    assert len(asked) == G.rows * G.cols - 1  # every other cell: nothing read there
    body = asked[(x0, y0, x1, y1)]
    assert body is not None and x0 < body[0] < x1 and y0 < body[1] < y1
    assert all(b is None for box, b in asked.items() if box != (x0, y0, x1, y1))


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


GREY_WHITE = (210, 215, 217)  # a white die's top in a shade: within DICE.body_paper of the paper
INK = (40, 40, 40)


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_a_white_die_on_light_paper_is_read_past_the_lower_paper_bar(
        face: int, monkeypatch: pytest.MonkeyPatch) -> None:
    view = view_with_die(face, GREY_WHITE, INK, angle=25.0)
    assert body_in_cell(view, BOX, G.die_px) is None  # too like the paper at the body's bar
    assert body_in_cell(view, BOX, G.die_px, DICE.outline_paper) is not None
    die = read_outlined(view, BOX, G.die_px)
    assert die is not None and die.face == face
    monkeypatch.setattr(outline_read, "DICE", replace(DICE, outline_paper=DICE.body_paper))
    assert read_outlined(view, BOX, G.die_px) is None


def test_body_squares_lie_on_the_body_at_each_size_turned_as_the_edges() -> None:
    squares = body_squares((100.0, 120.0), G.die_px, 33.0)
    assert [q.size / G.die_px for q in squares] == pytest.approx(list(DICE.outline_body_scales))
    assert all((q.cx, q.cy, q.angle) == (100.0, 120.0, 33.0) for q in squares)


def _off_top(face: int, off: float, angle: float = 20.0) -> tuple[np.ndarray, Candidate]:
    """A drawn die and a die-sized square ``off`` die edges beside its top (along its turn)."""
    view = view_with_die(face, RED, WHITE, angle=angle)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    a = math.radians(angle)
    square = Candidate(cx + off * G.die_px * math.cos(a), cy + off * G.die_px * math.sin(a),
                       G.die_px, G.die_px, angle, 1.0, "test")
    return view, square


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_a_square_off_the_top_read_unsurely_is_read_once_re_centred_twice(
        face: int, monkeypatch: pytest.MonkeyPatch) -> None:
    view, square = _off_top(face, 0.15)
    first = read_top(rectify(view, square, VIEW, VIEW / CROP))
    assert first.face == face and first.confidence < READER.min_confidence
    read, _, _ = outline_read._read_square(view, square, outline_read._as_is, G.die_px)
    assert read is not None and read[3] == face
    monkeypatch.setattr(outline_read, "DICE", replace(DICE, outline_recentre=1))
    assert outline_read._read_square(view, square, outline_read._as_is, G.die_px)[0] is None


def test_a_square_whose_reading_calls_no_face_is_re_centred_on_its_pips() -> None:
    view, square = _off_top(1, 0.25)
    first = read_top(rectify(view, square, VIEW, VIEW / CROP))
    assert first.face is None and len(first.blobs) == 1
    read, _, _ = outline_read._read_square(view, square, outline_read._as_is, G.die_px)
    assert read is not None and read[3] == 1


def test_pips_that_turn_the_square_off_the_die_s_edges_end_the_re_centring() -> None:
    view, square = _off_top(4, 0.0, angle=10.0)
    reading = read_top(rectify(view, square, VIEW, VIEW / CROP))
    assert reading.face == 4
    near = outline_read._recentred(view, square, reading, outline_read._as_is, 10.0 + 12.0)
    assert near is not None and near[3].face == 4
    far = outline_read._recentred(view, square, reading, outline_read._as_is, 10.0 + 25.0)
    assert far is None


def _called_four(face: int, rows: list[tuple[int, int]]) -> outline_read.Called:
    """A four called on ``rows`` (lattice points) of a drawn upright white ``face``, the
    square centred on them as the outline reader re-centres it."""
    view = view_with_die(face, WHITE, DARK, angle=0.0)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    step = 0.85 * 0.54 * G.die_px / 2  # as view_with_die lays its pips
    mid = np.mean(np.array(rows, float), axis=0) * step
    square = Candidate(cx + mid[0], cy + mid[1], G.die_px, G.die_px, 0.0, 1.0, "outline")
    crop = rectify(view, square, VIEW, VIEW / CROP)
    scale = CROP / G.die_px
    blobs = tuple(Blob(CROP / 2 + scale * (u * step - mid[0]),
                       CROP / 2 + scale * (v * step - mid[1]), 10.0, 60.0) for u, v in rows)
    return square, crop, PipReading(4, 1.0, "", "dark", blobs), 4


def test_a_four_on_two_rows_of_a_six_is_not_called() -> None:
    # the third row missed (a square off the top): the outline reader abstains
    rows = [(-1, -1), (1, -1), (-1, 0), (1, 0)]
    view = view_with_die(6, WHITE, DARK, angle=0.0)
    assert outline_read._detection(view, _called_four(6, rows), G.die_px, ()) is None
    four = LAYOUT[4]
    view = view_with_die(4, WHITE, DARK, angle=0.0)
    die = outline_read._detection(view, _called_four(4, four), G.die_px, ())
    assert die is not None and die.face == 4


def test_a_one_on_a_top_s_corner_pip_is_not_called() -> None:
    # a pip in the top's corner (a larger face's, its other pips lost), the square
    # re-centred on it: not a one
    # (white on red, light paper beside it)
    view = view_with_die(None, RED, WHITE, angle=0.0)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    at = 0.4 * G.die_px
    cv2.circle(view, (round(cx + at), round(cy + at)), round(0.09 * G.die_px), WHITE, -1)
    lone = (Blob(CROP / 2, CROP / 2, 10.0, 60.0),)
    corner = Candidate(cx + at, cy + at, G.die_px, G.die_px, 0.0, 1.0, "outline")
    crop = rectify(view, corner, VIEW, VIEW / CROP)
    called = (corner, crop, PipReading(1, 1.0, "", "dark", lone), 1)
    assert outline_read._detection(view, called, G.die_px, ()) is None
    view = view_with_die(1, RED, WHITE, angle=0.0)
    middle = Candidate(cx, cy, G.die_px, G.die_px, 0.0, 1.0, "outline")
    crop = rectify(view, middle, VIEW, VIEW / CROP)
    called = (middle, crop, PipReading(1, 1.0, "", "dark", lone), 1)
    die = outline_read._detection(view, called, G.die_px, ())
    assert die is not None and die.face == 1


def _called_one_of_close_two(seed: int, partner: bool) -> tuple[np.ndarray, outline_read.Called]:
    """A one called on a square re-centred on one pip of a drawn close-set two (pips a seeded
    0.15-0.18 die edges off the top's centre along each axis, turned a seeded 0-40 degrees),
    the partner drawn or not."""
    rng = np.random.default_rng(seed)
    off, angle = float(rng.uniform(0.15, 0.18)), float(rng.uniform(0.0, 40.0))
    view = view_with_die(None, WHITE, DARK, angle=angle)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    a = math.radians(angle)
    pips = [(cx + s * off * G.die_px * (math.cos(a) - math.sin(a)),
             cy + s * off * G.die_px * (math.sin(a) + math.cos(a))) for s in (1, -1)]
    for x, y in pips[:2 if partner else 1]:
        cv2.circle(view, (round(x), round(y)), round(0.09 * G.die_px), DARK, -1, cv2.LINE_AA)
    square = Candidate(pips[0][0], pips[0][1], G.die_px, G.die_px, angle, 1.0, "outline")
    crop = rectify(view, square, VIEW, VIEW / CROP)
    lone = (Blob(CROP / 2, CROP / 2, 10.0, 60.0),)
    return view, (square, crop, PipReading(1, 1.0, "", "dark", lone), 1)


@pytest.mark.parametrize("seed", range(4))
def test_a_one_on_a_close_set_two_s_pip_is_not_called(seed: int) -> None:
    # the square re-centred on one pip, its partner cut off at the square's edge: not a one
    view, called = _called_one_of_close_two(seed, partner=True)
    assert outline_read._detection(view, called, G.die_px, ()) is None
    # the same pip without the partner beside it is a one (a little off the top's centre)
    view, called = _called_one_of_close_two(seed, partner=False)
    die = outline_read._detection(view, called, G.die_px, ())
    assert die is not None and die.face == 1


def _squares_off_the_die(monkeypatch: pytest.MonkeyPatch) -> None:
    """The outline's square put off the drawn die (a corner of it in the square) and no
    squares at the body: only the spots' squares lie on the die."""
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))

    def off(image: np.ndarray, box: tuple[int, int, int, int], size: float,
            angle: float) -> list[Candidate]:
        return [Candidate(cx + 0.45 * size, cy - 0.45 * size, size, size, angle, 1.0,
                          "outline")]

    monkeypatch.setattr(outline_read, "outline_square", off)
    monkeypatch.setattr(outline_read, "body_squares", lambda body, size, angle: [])


@pytest.mark.parametrize("face", [2, 3, 4, 5, 6])
def test_the_die_is_read_at_the_square_the_spots_put_it_at(
        face: int, monkeypatch: pytest.MonkeyPatch) -> None:
    _squares_off_the_die(monkeypatch)
    view = view_with_die(face, RED, GOLD, angle=20.0)
    body = body_in_cell(view, BOX, G.die_px)
    assert outline_read.read_outlined_at(view, BOX, G.die_px, (), body) is None
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    unread = DieDetection(cx, cy, G.die_px, 20.0, None, "red", 0.0, "unclear pips")
    found = outline_read.read_outlined_at(view, BOX, G.die_px, (), body, unread)
    assert found is not None and found.face == face


def test_the_spots_square_lies_at_the_unread_die() -> None:
    unread = DieDetection(100.0, 120.0, G.die_px, 33.0, None, "red", 0.0, "unclear pips")
    squares = outline_read.spots_squares(unread, G.die_px)
    assert [(q.cx, q.cy, q.size, q.angle) for q in squares] == [(100.0, 120.0, G.die_px, 33.0)]
    assert outline_read.spots_squares(None, G.die_px) == []
    assert outline_read.spots_squares(replace(unread, reason="cocked"), G.die_px) == []


def test_a_one_is_not_called_on_a_square_the_spots_put() -> None:
    """A square centred on a lone spot holds a pip in its middle whatever face it belongs to;
    the same reading on the outline's square is a one."""
    view = view_with_die(1, RED, WHITE, angle=20.0)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    faces = []
    for source in ("outline", outline_read.spots_squares(
            DieDetection(cx, cy, G.die_px, 20.0, None, "red", 0.0, ""), G.die_px)[0].source):
        top = Candidate(cx, cy, G.die_px, G.die_px, 20.0, 1.0, source)
        crop = rectify(view, top, VIEW, VIEW / CROP)
        reading = read_top(crop)
        assert reading.face == 1
        found = outline_read._detection(view, (top, crop, reading, 1), G.die_px, ())
        faces.append(None if found is None else found.face)
    assert faces == [1, None]


def _one_with_partner_erased(monkeypatch: pytest.MonkeyPatch, partner: bool
                             ) -> tuple[np.ndarray, outline_read.Called]:
    """A one called on a drawn white top redrawn by a ``body_contrast`` that paints white
    whatever lies beyond 0.2 of the square's edge from its middle (as the real one clears a
    pip touching the square's edge), a second pip drawn a lattice step off on the diagonal or
    not."""
    pips = [((0, 0), DARK)] + ([((-1, -1), DARK)] if partner else [])
    view = noisy(drawn_die(pips, WHITE, angle=20.0))
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    square = Candidate(cx, cy, G.die_px, G.die_px, 20.0, 1.0, "outline")
    crop = rectify(view, square, VIEW, VIEW / CROP)

    def middle_only(crop: np.ndarray) -> np.ndarray:
        out = crop.copy()
        ys, xs = np.ogrid[:VIEW, :VIEW]
        out[np.hypot(xs - VIEW / 2, ys - VIEW / 2) > 0.2 * CROP] = WHITE
        return out

    monkeypatch.setattr(outline_read, "body_contrast", middle_only)
    lone = (Blob(CROP / 2, CROP / 2, 10.0, 60.0),)
    return view, (square, crop, PipReading(1, 1.0, "", "dark", lone), 1)


@pytest.mark.parametrize("partner", [True, False])
def test_a_one_whose_partner_the_redrawing_erased_is_not_called(
        partner: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # the crop as seen shows two pips, the redrawn one: no one there; a lone pip: a one
    view, called = _one_with_partner_erased(monkeypatch, partner)
    assert len(read_top(called[1]).blobs) == (2 if partner else 1)
    kept = outline_read._unerased(view, called[0], G.die_px, called)
    assert (kept is None) == partner
    # a face other than a one is left to its own checks
    two = (*called[:3], 2)
    assert outline_read._unerased(view, called[0], G.die_px, two) is two


def _close_two(pip: tuple[int, int, int], angle: float, off: float) -> np.ndarray:
    """A view with a red two whose pips (``pip``'s colour) lie ``off`` lattice steps from
    its top's centre along each axis (closer than ``judged`` takes by default)."""
    return noisy(drawn_die([((-off, -off), pip), ((off, off), pip)], RED, angle=angle))


@pytest.mark.parametrize(("angle", "off"), [(10.0, 0.6), (30.0, 0.6), (10.0, 0.68), (30.0, 0.68)])
def test_a_close_set_two_is_read_at_the_outline(angle: float, off: float) -> None:
    view = _close_two(WHITE, angle, off)
    square = Candidate(*G.mm_to_px(*G.cell_centre_mm(MIDDLE)), G.die_px, G.die_px, angle, 1.0,
                       "outline")
    reading = read_top(rectify(view, square, VIEW, VIEW / CROP))
    assert reading.face == 2 and judged(rectify(view, square, VIEW, VIEW / CROP),
                                        reading) == (None, "pips out of scale")
    die = read_outlined(view, BOX, G.die_px)
    assert die is not None and die.face == 2


@pytest.mark.parametrize(("angle", "off"), [(10.0, 0.6), (30.0, 0.6), (10.0, 0.68), (30.0, 0.68)])
def test_a_close_set_two_of_gold_pips_on_red_is_not_read(
        angle: float, off: float, monkeypatch: pytest.MonkeyPatch) -> None:
    # gold pips differ from red in hue: a three's third pip may be too faint to tell
    view = _close_two(GOLD, angle, off)
    assert read_outlined(view, BOX, G.die_px) is None
    monkeypatch.setattr(outline_read, "_plain_pips", lambda called: True)
    die = read_outlined(view, BOX, G.die_px)
    assert die is not None and die.face == 2
