"""Confirming a board die's face on its top's pixels (``vision.board.confirm``).

Tops are drawn straight into the ``VIEW`` crop the board reader makes: a white body at the
known die size with dark pips at chosen lattice points, so each check can be failed alone.
A three's middle and corner read as a two are drawn in a view three die edges wide, with the
three's other corner and without it, beside a true two with and without a printed line where
a three's third pip would lie, and a close-set two (its pips nearer the centre, as real dice
set them) with a dark dot on the table beyond a corner, the die off the view's centre by a
seeded shift. A second pip on the top stands out beside a one's as a partner; the top's edge
does not. A two closer set than ``judged`` takes is refused for a dot beyond its corner
even centred on its die, and a four's two neighbouring pips are not a pair alone.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision.board import dice as board_dice
from vision.board import outline_read
from vision.board.config import DICE
from vision.board.confirm import (
    confirm_one,
    confirm_top,
    pair_alone,
    partner_among,
    partner_near,
    pip_alone,
    pip_response,
    rows_of_six,
    third_of_three,
    two_centred,
)
from vision.board.dice import Spot, confirmed, read_group
from vision.top.config import READER
from vision.top.pips import BODY_SPAN, body_difference, body_lab
from vision.top.square import rectify
from vision.top.types import CROP, VIEW, Blob, Candidate, PipReading

EDGE = CROP / DICE.top_scales[0]        # the die edge in crop pixels, as the board reader crops it
STEP = READER.nominal_step * EDGE / 2     # pip step in crop pixels
PIP_R = 0.085 * EDGE
FACES = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
         4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
         5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
         6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def top(points, *, faint=(), faint_level=150, table=(60, 90, 120), at=(0, 0),
        pip_r=PIP_R) -> np.ndarray:
    """A white die top of the known size on a table, pips at lattice ``points`` (dark) and
    ``faint`` (grey at ``faint_level``); the crop is centred on lattice point ``at``."""
    crop = np.zeros((VIEW, VIEW, 3), np.uint8)
    crop[:] = table
    half = EDGE / 2
    cx, cy = VIEW / 2 - at[0] * STEP, VIEW / 2 - at[1] * STEP
    cv2.rectangle(crop, (round(cx - half), round(cy - half)), (round(cx + half), round(cy + half)),
                  (235, 238, 240), -1)
    for (u, v), level in [(p, 30) for p in points] + [(p, faint_level) for p in faint]:
        cv2.circle(crop, (round(cx + u * STEP), round(cy + v * STEP)), round(pip_r),
                   (level, level, level), -1, cv2.LINE_AA)
    return cv2.GaussianBlur(crop, (3, 3), 0)


def spots(points) -> np.ndarray:
    return np.array([[VIEW / 2 + u * STEP, VIEW / 2 + v * STEP] for u, v in points], float)


@pytest.mark.parametrize("face", range(2, 7))
def test_a_clean_top_is_confirmed_as_its_spots_face(face: int) -> None:
    reading = confirm_top(top(FACES[face]), spots(FACES[face]), EDGE)
    assert reading is not None and reading.face == face and reading.confidence >= 0.7
    assert len(reading.blobs) == face


def test_a_faint_pip_where_the_spots_saw_none_sends_the_top_to_the_reader() -> None:
    # the spot finder kept the diagonal of a four: a two at the right step
    two = FACES[2]
    assert confirm_top(top(two, faint=[(1, -1), (-1, 1)]), spots(two), EDGE) is None
    assert confirm_top(top(two), spots(two), EDGE) is not None


def test_a_spot_without_a_pip_under_it_is_not_confirmed() -> None:
    assert confirm_top(top(FACES[2]), spots(FACES[3]), EDGE) is None


def test_uneven_pips_are_not_confirmed() -> None:
    four = FACES[4]
    assert confirm_top(top(four[:3], faint=four[3:], faint_level=170), spots(four), EDGE) is None


def test_a_mark_on_the_body_is_not_confirmed() -> None:
    crop = top(FACES[4])
    cv2.line(crop, (VIEW // 2 - 6, VIEW // 2), (VIEW // 2 + 6, VIEW // 2), (90, 90, 90), 2)
    assert confirm_top(crop, spots(FACES[4]), EDGE) is None


@pytest.mark.parametrize("table", [(200, 205, 210), (60, 90, 120)])
def test_the_board_reader_reads_afresh_what_it_cannot_confirm(table) -> None:
    """Two neighbouring pips of a four found: they do not lie a known die's step apart, so
    the top is read afresh, and so is the corner pip alone (tried when the pair reads
    nothing), whose neighbours lie beyond the square a confirmation checks: on light paper
    it was confirmed as a one. Neither is read as a two or a one."""
    view = np.full((200, 200, 3), table, np.uint8)
    size = 48.0
    die = np.full((round(size), round(size), 3), 235, np.uint8)
    for u, v in FACES[4]:
        cv2.circle(die, (round(size / 2 + u * 13), round(size / 2 + v * 13)), 4, (30, 30, 30), -1)
    view[76:76 + die.shape[0], 76:76 + die.shape[1]] = die
    view = cv2.GaussianBlur(view, (3, 3), 0)
    c = 76 + size / 2
    two_spots = [Spot(c - 13, c - 13, 50.0, "grey"), Spot(c + 13, c - 13, 50.0, "grey")]
    for found in (read_group(view, two_spots, size, True),
                  read_group(view, two_spots[1:], size, True)):
        assert found is not None and found.face in (4, None), found


@pytest.mark.parametrize(("factor", "confirmable"), [(1.0, True), (0.71, False), (1.3, False)])
def test_only_spots_at_the_known_die_step_are_confirmed(factor: float, confirmable: bool) -> None:
    view = np.full((200, 200, 3), (60, 90, 120), np.uint8)
    size, c = 48.0, 100.0
    cv2.rectangle(view, (76, 76), (124, 124), (235, 238, 240), -1)
    d = READER.nominal_step * size / 2 * factor
    for sign in (-1, 1):
        cv2.circle(view, (round(c + sign * d), round(c + sign * d)), 4, (30, 30, 30), -1)
    cand = Candidate(c, c, size * DICE.top_scales[0], size * DICE.top_scales[0], 0.0, 1.0, "board")
    crop = rectify(view, cand, VIEW, VIEW / CROP)
    pips = [Spot(c - d, c - d, 50.0, "grey"), Spot(c + d, c + d, 50.0, "grey")]
    assert (confirmed(crop, cand, pips, 0.0, size) is not None) == confirmable


@pytest.mark.parametrize("table", [(200, 205, 210), (60, 90, 120)])
@pytest.mark.parametrize("pip_r", [PIP_R, 1.6 * PIP_R])
def test_a_lone_pip_on_a_plain_top_is_confirmed_as_a_one(table, pip_r) -> None:
    """On light paper and on a dark table (whose edge with the die is no pip), with a pip of
    the usual size or a one's larger pip."""
    reading = confirm_one(top(FACES[1], table=table, pip_r=pip_r), EDGE)
    assert reading is not None and reading.face == 1 and reading.confidence >= 0.7


@pytest.mark.parametrize("table", [(200, 205, 210), (60, 90, 120)])
@pytest.mark.parametrize(("face", "pip"), [(2, (1, 1)), (3, (-1, -1)), (4, (1, -1)),
                                           (5, (1, 1)), (6, (-1, 0)), (6, (1, 1))])
def test_a_pip_of_a_larger_face_is_not_confirmed_as_a_one(table, face, pip) -> None:
    """The crop centred on one pip of a face, as for a lone spot whose neighbours the spot
    finder missed: the others lie up to two lattice steps away, beyond the top square."""
    assert confirm_one(top(FACES[face], table=table, at=pip), EDGE) is None


def test_a_corner_pip_whose_partner_is_faint_is_not_confirmed_as_a_one() -> None:
    # the partner of a two's corner pip at about 0.4 of its contrast (in shade) still shows
    for table in ((200, 205, 210), (60, 90, 120)):
        crop = top([(1, 1)], faint=[(-1, -1)], faint_level=150, table=table, at=(1, 1))
        assert confirm_one(crop, EDGE) is None


def test_the_board_reader_reads_a_clean_one_without_the_full_reader(monkeypatch) -> None:
    def no_read_top(crop):
        raise AssertionError("read_top called for a clean one")

    monkeypatch.setattr(board_dice, "read_top", no_read_top)
    view = np.full((200, 200, 3), (200, 205, 210), np.uint8)
    cv2.rectangle(view, (76, 76), (124, 124), (235, 238, 240), -1)
    cv2.circle(view, (100, 100), 5, (30, 30, 30), -1)
    view = cv2.GaussianBlur(view, (3, 3), 0)
    found = read_group(view, [Spot(100.0, 100.0, 50.0, "grey")], 48.0, True)
    assert found is not None and found.face == 1 and found.confidence >= 0.7, found


def test_pips_stand_out_on_the_pip_response_and_edges_do_not() -> None:
    """A pip's response is its contrast, less what lies around it; along the die's edge on a
    dark table (a far larger contrast) and at its corner it is at most a small part of it."""
    crop = top(FACES[1])
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    _, dist = body_difference(lab, body_lab(lab))
    response = pip_response(dist, EDGE)
    c, half = VIEW // 2, round(EDGE / 2)
    pip = response[c - 2:c + 3, c - 2:c + 3].max()
    assert pip > 0.5 * dist[c, c]
    rim = np.zeros(response.shape, bool)
    rim[c - half - 3:c + half + 4, c - half - 3:c + half + 4] = True
    rim[c - half + 3:c + half - 3, c - half + 3:c + half - 3] = False
    assert response[rim].max() < 0.2 * pip


@pytest.mark.parametrize("face,at", [(4, (0, 0)), (6, (0, 0)), (2, (1, 1)), (5, (-1, 1)),
                                     (3, (1, -1)), (6, (-2, 0))])
def test_confirm_top_reads_only_the_top_the_pips_and_the_body(face, at) -> None:
    """``confirm_top`` looks at the top's square checked for body (``confirm_top_checked``
    die edges about the centre), the pips' windows (``confirm_pip_reach``) and the body's
    sample (``BODY_SPAN``), with a pixel more each way for the smoothing of the distances:
    every other pixel of the crop may be anything. A top off the crop's centre is no body."""
    rng = np.random.default_rng(face)
    crop = np.clip(top(FACES[face], at=at) + rng.normal(0, 3, (VIEW, VIEW, 3)), 0, 255)
    crop = crop.astype(np.uint8)
    pips = spots([(u - at[0], v - at[1]) for u, v in FACES[face]])
    reading = confirm_top(crop, pips, EDGE)
    assert (reading is not None) == (at == (0, 0))
    if reading is not None:
        assert reading.face == face
        found = np.array([[b.x, b.y] for b in reading.blobs]) + (VIEW - CROP) / 2
        assert np.abs(found - pips).max() <= DICE.confirm_pip_reach
    half, reach = DICE.confirm_top_checked * EDGE, DICE.confirm_pip_reach
    first = min(math.ceil(VIEW / 2 - half), BODY_SPAN[0], round(pips.min()) - reach) - 1
    end = max(math.floor(VIEW / 2 + half) + 1, BODY_SPAN[1], round(pips.max()) + reach + 1) + 1
    first, end = max(0, first), min(VIEW, end)
    assert (end - first) ** 2 < VIEW ** 2 / 2 or at != (0, 0)  # a third of the crop, usually
    scrambled = rng.integers(0, 256, crop.shape, dtype=np.uint8)
    scrambled[first:end, first:end] = crop[first:end, first:end]
    again = confirm_top(scrambled, pips, EDGE)
    assert again == reading and (reading is None or again.blobs == reading.blobs)


def test_body_lab_of_a_part_is_the_whole_crops() -> None:
    lab = cv2.cvtColor(top(FACES[5]), cv2.COLOR_BGR2LAB)
    first, end = BODY_SPAN[0] - 3, BODY_SPAN[1] + 2
    assert np.array_equal(body_lab(lab[first:end, first:end], first), body_lab(lab))


def test_body_lab_refuses_a_part_without_the_body() -> None:
    lab = cv2.cvtColor(top(FACES[1]), cv2.COLOR_BGR2LAB)
    with pytest.raises(ValueError):
        body_lab(lab[20:60, 20:60], 20)
    with pytest.raises(ValueError):
        body_lab(lab[:40, :50], 0)


WIDE = 3 * CROP          # a view three die edges wide around the die, at CROP pixels per edge
WIDE_STEP = READER.nominal_step * CROP / 2


def wide_view(points: list[tuple[float, float]], *, shift: tuple[float, float] = (0.0, 0.0),
              line_at: float | None = None, dot_at: tuple[float, float] | None = None
              ) -> np.ndarray:
    """A white die (one edge, ``CROP`` pixels) on a light grey table, dark pips at lattice
    ``points``, its centre ``shift`` pixels off the view's; a printed grey line across the
    view ``line_at`` pixels right of the centre, if given; a dark pip-sized dot on the table
    ``dot_at`` pixels off the die's centre, if given."""
    view = np.full((WIDE, WIDE, 3), 200, np.uint8)
    c = WIDE / 2 + np.array(shift)
    cv2.rectangle(view, tuple(np.round(c - CROP / 2).astype(int)),
                  tuple(np.round(c + CROP / 2).astype(int)), (245, 245, 245), -1)
    for px, py in points:
        cv2.circle(view, (round(c[0] + px * WIDE_STEP), round(c[1] + py * WIDE_STEP)),
                   round(0.085 * CROP), (30, 30, 30), -1, cv2.LINE_AA)
    if line_at is not None:
        x = round(WIDE / 2 + line_at)
        cv2.line(view, (x, 0), (x, WIDE - 1), (90, 90, 90), 2)
    if dot_at is not None:
        cv2.circle(view, (round(c[0] + dot_at[0]), round(c[1] + dot_at[1])),
                   round(0.085 * CROP), (30, 30, 30), -1, cv2.LINE_AA)
    return cv2.GaussianBlur(view, (0, 0), 0.8)


def _white() -> np.ndarray:
    lab = cv2.cvtColor(np.full((1, 1, 3), 245, np.uint8), cv2.COLOR_BGR2LAB)
    return lab[0, 0].astype(np.float32)


def test_a_three_s_middle_and_corner_read_as_a_two_are_told_by_its_other_corner() -> None:
    view = wide_view(FACES[3])
    c = WIDE / 2
    middle_and_corner = np.array([[c, c], [c + WIDE_STEP, c + WIDE_STEP]])
    assert third_of_three(view, _white(), middle_and_corner, CROP)
    # with the other corner gone (painted over as body) the same two pips are a two's
    gone = wide_view([(0, 0), (1, 1)])
    assert not third_of_three(gone, _white(), middle_and_corner, CROP)


@pytest.mark.parametrize("line_at", [None, 3 * WIDE_STEP])
def test_a_true_two_is_not_taken_for_part_of_a_three(line_at: float | None) -> None:
    # the line one step on from its corner lies on the table, beyond the die: a printed
    # grid line there is long, not pip-sized
    view = wide_view(FACES[2], line_at=line_at)
    c = WIDE / 2
    corners = np.array([[c - WIDE_STEP, c - WIDE_STEP], [c + WIDE_STEP, c + WIDE_STEP]])
    assert not third_of_three(view, _white(), corners, CROP)


CLOSE = 0.75  # a close-set two's pips: at this share of the lattice step from the centre


def _die_shift(seed: int) -> tuple[float, float]:
    """A seeded offset of the die from the view's centre (the pips found where drawn)."""
    x, y = np.random.default_rng(seed).uniform(-6.0, 6.0, 2)
    return float(x), float(y)


def _pips_at(shift: tuple[float, float], points: list[tuple[float, float]]) -> np.ndarray:
    c = WIDE / 2 + np.array(shift)
    return np.array([c + np.array(p) * WIDE_STEP for p in points])


@pytest.mark.parametrize("seed", range(4))
def test_a_close_set_two_is_centred_on_its_die(seed: int) -> None:
    shift = _die_shift(seed)
    corners = [(-CLOSE, -CLOSE), (CLOSE, CLOSE)]
    assert two_centred(wide_view(corners, shift=shift), _pips_at(shift, corners), CROP)


@pytest.mark.parametrize("seed", range(4))
def test_a_three_s_middle_and_corner_are_off_its_die_s_centre(seed: int) -> None:
    shift = _die_shift(seed)
    middle_and_corner = [(0.0, 0.0), (1.0, 1.0)]
    for drawn in (FACES[3], middle_and_corner):  # its other corner there, or cut away
        view = wide_view([(float(u), float(v)) for u, v in drawn], shift=shift)
        assert not two_centred(view, _pips_at(shift, middle_and_corner), CROP)


def _maybe_a_three(view: np.ndarray, pips: np.ndarray) -> bool:
    """``outline_read._maybe_a_three`` on a two read at the view's centre square (one die
    edge, ``CROP`` pixels: the view is its own wide view)."""
    square = Candidate(WIDE / 2, WIDE / 2, CROP, CROP, 0.0, 1.0, "outline")
    blobs = tuple(Blob(float(x) - CROP, float(y) - CROP, 1.0, 100.0) for x, y in pips)
    reading = PipReading(2, 1.0, blobs=blobs)
    return outline_read._maybe_a_three(view, square, _white(), reading, CROP)


@pytest.mark.parametrize("seed", range(4))
def test_a_close_set_two_with_a_dot_beyond_its_corner_is_a_two(seed: int) -> None:
    # the dot one step on from a corner pip is what third_of_three takes for a three's
    # third pip; the two's pips are centred on its die, which a three's are not
    shift = _die_shift(seed)
    corners = [(-CLOSE, -CLOSE), (CLOSE, CLOSE)]
    beyond = 3 * CLOSE * WIDE_STEP
    view = wide_view(corners, shift=shift, dot_at=(beyond, beyond))
    pips = _pips_at(shift, corners)
    assert third_of_three(view, _white(), pips, CROP)
    assert not _maybe_a_three(view, pips)


@pytest.mark.parametrize("seed", range(4))
def test_a_three_s_middle_and_corner_stay_maybe_a_three(seed: int) -> None:
    shift = _die_shift(seed)
    middle_and_corner = [(0.0, 0.0), (1.0, 1.0)]
    view = wide_view([(float(u), float(v)) for u, v in FACES[3]], shift=shift)
    assert _maybe_a_three(view, _pips_at(shift, middle_and_corner))


def test_two_rows_of_a_six_read_as_a_four_are_told_by_its_third_row() -> None:
    view = wide_view(FACES[6])
    c = WIDE / 2
    two_rows = np.array([[c + u * WIDE_STEP, c + v * WIDE_STEP]
                         for u, v in [(-1, -1), (1, -1), (-1, 0), (1, 0)]])
    assert rows_of_six(view, _white(), two_rows, CROP)
    # with the third row gone (a four's lattice, rows one step apart) nothing lies beyond
    gone = wide_view([(-1, -1), (1, -1), (-1, 0), (1, 0)])
    assert not rows_of_six(gone, _white(), two_rows, CROP)


@pytest.mark.parametrize("line_at", [None, 3 * WIDE_STEP])
def test_a_true_four_is_not_taken_for_two_rows_of_a_six(line_at: float | None) -> None:
    # one side on from its pips lies the table, beyond the die: a printed line there is long
    view = wide_view(FACES[4], line_at=line_at)
    c = WIDE / 2
    corners = np.array([[c + u * WIDE_STEP, c + v * WIDE_STEP] for u, v in FACES[4]])
    assert not rows_of_six(view, _white(), corners, CROP)


def test_the_pip_left_of_a_group_is_not_read_afresh_as_a_one(monkeypatch) -> None:
    """A two whose group reads no face: with one spot dropped, the other is left alone. A
    reader that sees that lone pip and misses its partner (a real die's partner pip beside
    its top's edge) reads a one, which the pixels do not bear out (``confirm_one``: the
    partner stands out around it); the group abstains rather than call it."""
    rng = np.random.default_rng(46)
    view = np.full((200, 200, 3), (228, 232, 235), np.float32)  # a light table: faint edges
    cv2.rectangle(view, (76, 76), (124, 124), (235, 238, 240), -1)
    for x, y in ((89, 89), (111, 111)):
        cv2.circle(view, (x, y), 4, (30, 30, 30), -1)
    view += rng.normal(0.0, 2.0, view.shape).astype(np.float32)
    view = cv2.GaussianBlur(np.clip(view, 0, 255).astype(np.uint8), (3, 3), 0)
    lone = PipReading(1, 0.9, "", "dark", (Blob(CROP / 2, CROP / 2, 10.0, 60.0),), fit_error=0.0,
                      body=np.array([240.0, 128.0, 128.0], np.float32))
    monkeypatch.setattr(board_dice, "read_top", lambda crop: lone)
    monkeypatch.setattr(board_dice, "confirm_top", lambda crop, pips, edge: None)
    group = [Spot(89.0, 89.0, 50.0, "grey"), Spot(111.0, 111.0, 50.0, "grey")]
    found = read_group(view, group, 48.0, True)
    assert found is not None and found.face is None, found


@pytest.mark.parametrize("table", [(60, 90, 120), (40, 120, 40)])
def test_a_one_s_pip_stands_alone_and_a_corner_pip_does_not(table) -> None:
    # on a table as far from the body colour as the pip (a light table is not: no finding)
    centre = np.array([VIEW / 2, VIEW / 2])
    assert pip_alone(top(FACES[1], table=table), _white_top(), centre, EDGE)
    # a pip in a top's corner (a larger face's, its other pips lost): the edges reach its ring
    corner = (1.6, 1.6)
    assert not pip_alone(top([corner], table=table, at=corner), _white_top(), centre, EDGE)


def _white_top() -> np.ndarray:
    lab = cv2.cvtColor(np.full((1, 1, 3), (235, 238, 240), np.uint8), cv2.COLOR_BGR2LAB)
    return lab[0, 0].astype(np.float32)


@pytest.mark.parametrize("seed", range(4))
def test_a_close_set_two_s_pip_has_a_partner_and_a_one_s_pip_none(seed: int) -> None:
    shift = _die_shift(seed)
    close = float(np.random.default_rng(seed).uniform(0.55, 0.62))  # 0.42-0.47 edges apart
    corners = [(-close, -close), (close, close)]
    pip = _pips_at(shift, corners)[0]
    assert partner_near(wide_view(corners, shift=shift), _white(), pip, CROP)
    # a one: nothing beside its pip; a dot on the table beyond its top's corner is no partner
    centre = _pips_at(shift, [(0, 0)])[0]
    beyond = (0.56 * CROP, 0.56 * CROP)
    assert not partner_near(wide_view(FACES[1], shift=shift), _white(), centre, CROP)
    assert not partner_near(wide_view(FACES[1], shift=shift, dot_at=beyond), _white(), centre,
                            CROP)


def test_a_pip_beside_a_one_s_along_the_square_s_side_is_not_a_two_s_partner() -> None:
    # a two's pips lie on its top's diagonal; a patch half a side off along an axis is not one
    along = (0.4 * CROP, 0.0)
    view = wide_view(FACES[1], dot_at=along)
    assert not partner_near(view, _white(), _pips_at((0.0, 0.0), [(0, 0)])[0], CROP)
    diagonal = (0.3 * CROP, 0.3 * CROP)
    view = wide_view(FACES[1], dot_at=diagonal)
    assert partner_near(view, _white(), _pips_at((0.0, 0.0), [(0, 0)])[0], CROP)


@pytest.mark.parametrize("seed", range(4))
def test_a_pip_standing_out_beside_a_one_s_is_a_partner_and_the_top_s_edge_is_not(
        seed: int) -> None:
    shift = _die_shift(seed)
    pip = _pips_at(shift, [(0, 0)])
    # a second pip anywhere on the top stands out as the first does
    other = (float(np.random.default_rng(seed).uniform(-1.2, -0.8)), 0.5)
    view = wide_view([(0, 0), other], shift=shift)
    assert partner_among(view, _white(), pip, _pips_at(shift, [other]), CROP)
    # the top's edge beside it (the table in its ring) does not, nor the body
    edge = pip + np.array([[-CROP / 2, 0.0]])
    view = wide_view(FACES[1], shift=shift)
    assert not partner_among(view, _white(), pip, edge, CROP)
    assert not partner_among(view, _white(), pip, pip + np.array([[0.0, 0.3 * CROP]]), CROP)


@pytest.mark.parametrize("seed", range(4))
def test_a_two_closer_set_than_judged_takes_is_refused_for_any_third_pip(seed: int) -> None:
    # its pips under DICE.body_step's lower bound (read only as a close-set two): a dot one
    # step on from a corner refuses it though the pips lie centred on the die
    shift = _die_shift(seed)
    closer = 0.5  # of the lattice step from the centre
    corners = [(-closer, -closer), (closer, closer)]
    beyond = 3 * closer * WIDE_STEP
    pips = _pips_at(shift, corners)
    assert not _maybe_a_three(wide_view(corners, shift=shift), pips)
    view = wide_view(corners, shift=shift, dot_at=(beyond, beyond))
    assert third_of_three(view, _white(), pips, CROP)
    assert _maybe_a_three(view, pips)


@pytest.mark.parametrize("seed", range(4))
def test_a_close_set_two_s_pips_are_alone_and_a_four_s_side_is_not(seed: int) -> None:
    shift = _die_shift(seed)
    closer = [(-0.5, -0.5), (0.5, 0.5)]
    assert pair_alone(wide_view(closer, shift=shift), _white(), _pips_at(shift, closer), CROP)
    # two neighbouring pips of a four (a square off its top reads them as a two)
    side = [(1.0, -1.0), (1.0, 1.0)]
    pips = _pips_at(shift, side)
    assert not pair_alone(wide_view(FACES[4], shift=shift), _white(), pips, CROP)
    assert pair_alone(wide_view(side, shift=shift), _white(), pips, CROP)
