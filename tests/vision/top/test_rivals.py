"""Rival peaks beyond a die top's pips: a round peak on ground of the top face's colour may be a
pip cut off by a too small square and lowers the belief in the face read; a long dark edge
(a side face, a shadow) does not, and the ground's colour weighs in gradually, so that sensor
noise near the limit does not flip a reading. A face is not called when a rival face's pips
would lie too close to its own for the peak finder to keep them. Beside a one's pip on a plain
top, the table around the top is not a rival unless it outshines the pip. Beside a two, a peak
on its square that continues its diagonal evenly is the far pip of a three on any ground."""

import cv2
import numpy as np
import pytest

from bench.latency import scenes, warped_board
from calibration.board_files import load_layout
from calibration.dice_art import draw_die, paste_die
from calibration.synthetic import render_scene
from vision.board.dice import find_board_dice
from vision.board.geometry import BoardGeometry
from vision.photo.config import PHOTO
from vision.photo.finder import find_dice, to_image, view
from vision.top.config import READER
from vision.top.pips import (
    RIVAL_REACH,
    ambiguity,
    centres,
    completes_three,
    fit_layout,
    plain_around,
    read_top,
    top_surface_belief,
)
from vision.top.square import rectify
from vision.top.types import CROP, MARGIN, VIEW, Blob, Candidate

UNIFICATION_BOARD = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read

PIPS = [Blob(14.0, 14.0, 100.0, 80.0), Blob(34.0, 34.0, 100.0, 80.0)]  # a two, crop pixels
RIVAL = Blob(-5.0, 24.0, 60.0, 50.0)  # beyond the top's left edge, 0.6 of the weakest pip


def _fit(pips: list[Blob], face: int):
    """The reader's layout fit of these pips, which must be the face given."""
    fit = fit_layout(np.array([[b.x, b.y] for b in pips]))
    assert fit is not None and fit.face == face
    return fit


def _surface(ground: float, mark: str = "dot") -> np.ndarray:
    """A distance-from-body map: ``ground`` everywhere, with the rival drawn as a round
    dot or as a long edge through it."""
    surface = np.full((VIEW, VIEW), ground, np.float32)
    x, y = round(RIVAL.x + MARGIN), round(RIVAL.y + MARGIN)
    if mark == "dot":
        cv2.circle(surface, (x, y), 3, 60.0, -1)
    else:
        cv2.line(surface, (x, 0), (x, VIEW - 1), 60.0, 2)
    return cv2.GaussianBlur(surface, (5, 5), 0)


def test_a_round_peak_on_the_top_face_colour_is_a_rival():
    assert ambiguity(_fit(PIPS, 2), PIPS, [RIVAL], _surface(0.0)) == pytest.approx(0.6)


def test_a_long_edge_beside_the_top_is_not_a_rival():
    assert ambiguity(_fit(PIPS, 2), PIPS, [RIVAL], _surface(0.0, "edge")) == 0.0


def test_the_ground_colour_weighs_in_gradually():
    near, far = READER.surface_tolerance
    beliefs = [top_surface_belief(_surface(g), RIVAL)
               for g in (near - 2, near, (near + far) / 2, far, far + 2)]
    assert beliefs[0] == beliefs[1] == 1.0
    assert beliefs[2] == pytest.approx(0.5, abs=0.05)
    assert beliefs[3] == beliefs[4] == 0.0
    mid = ambiguity(_fit(PIPS, 2), PIPS, [RIVAL], _surface((near + far) / 2))
    assert mid == pytest.approx(0.3, abs=0.03)


# A two read on a square framed on a three's centre and corner pips (its region took in a side
# face or a shadow, and the square was set on the pips it found): the three's far corner pip
# lies on the square, near its corner, on ground that may not be the top's colour.
HALF_THREE = [Blob(18.0, 18.0, 100.0, 80.0), Blob(32.0, 32.0, 100.0, 80.0)]
TABLE = READER.surface_tolerance[1] + 10.0  # ground surely not the top face's


def _rival_to(two: list[Blob], peak: Blob) -> float:
    return ambiguity(_fit(two, 2), two, [peak], np.full((VIEW, VIEW), TABLE, np.float32))


def test_a_peak_that_makes_a_two_a_three_on_its_square_is_a_rival_on_any_ground():
    assert completes_three(HALF_THREE, Blob(46.0, 46.0, 90.0, 70.0))
    assert _rival_to(HALF_THREE, Blob(46.0, 46.0, 90.0, 70.0)) == pytest.approx(0.9)
    assert _rival_to(HALF_THREE, Blob(4.0, 4.0, 70.0, 70.0)) == pytest.approx(0.7)  # other end


def test_other_peaks_beside_a_two_on_table_ground_are_not_rivals():
    # off the diagonal, or at another spacing along it
    assert not completes_three(HALF_THREE, Blob(46.0, 30.0, 90.0, 70.0))
    assert _rival_to(HALF_THREE, Blob(46.0, 30.0, 90.0, 70.0)) == 0.0
    assert not completes_three(HALF_THREE, Blob(38.0, 38.0, 90.0, 70.0))
    assert _rival_to(HALF_THREE, Blob(38.0, 38.0, 90.0, 70.0)) == 0.0
    # too faint to be a pip of the die (below READER.strong_rival of the weakest pip)
    assert _rival_to(HALF_THREE, Blob(46.0, 46.0, 0.9 * READER.strong_rival * 100.0, 70.0)) == 0.0
    # a whole two's diagonal continued ends beyond the square, on the table past its corner
    assert completes_three(PIPS, Blob(54.0, 54.0, 90.0, 70.0))
    assert _rival_to(PIPS, Blob(54.0, 54.0, 90.0, 70.0)) == 0.0


@pytest.mark.parametrize("colour, table", [("white", (60, 90, 40)), ("red", (60, 90, 40)),
                                           ("white", (200, 200, 200))])
def test_a_three_framed_on_its_centre_and_a_corner_pip_is_not_read_as_a_two(colour, table):
    die, alpha = draw_die(3, colour, size_px=60, seed=1)
    image = np.full((200, 200, 3), table, np.uint8)
    paste_die(image, die, alpha, (100, 100))
    square = Candidate(100.0, 100.0, 60.0, 60.0, 0.0, 1.0, "test")
    whole = read_top(view(image, square))
    assert whole.face == 3
    # the pips in image pixels, the centre one first
    pips = sorted(to_image(square, centres(whole.blobs)).tolist(),
                  key=lambda p: np.hypot(p[0] - 100, p[1] - 100))
    (x0, y0), (x1, y1) = pips[0], pips[1]
    # a square on the centre pip and one corner pip, large enough to hold the far corner pip
    framed = Candidate((x0 + x1) / 2, (y0 + y1) / 2, 51.0, 51.0, 0.0, 1.0, "test")
    reading = read_top(view(image, framed))
    assert not (reading.face == 2 and reading.confidence >= PHOTO.abstain_below)


def test_a_rival_whose_ring_leaves_the_crop_is_not_on_the_top():
    corner = Blob(-MARGIN + 0.5, -MARGIN + 0.5, 60.0, 50.0)
    assert top_surface_belief(np.zeros((VIEW, VIEW), np.float32), corner) == 0.0


@pytest.mark.parametrize("k", [1, 2])
def test_a_loose_white_die_on_white_paper_reads_the_same_on_every_frame(k):
    """The bench's loose die beside the grid (a two, then a four) shows a shaded side; its
    edge beside the top once counted as a cut-off pip, and sensor noise flipped the die
    between read and unsure."""
    scene = scenes((1280, 960))[k]
    truth = scene.loose[0].face
    faces = []
    for seed in range(3):
        view = warped_board(render_scene(scene, seed=300 + seed))
        found = find_board_dice(view, expected_size=UNIFICATION_BOARD.die_px,
                                geometry=UNIFICATION_BOARD)
        loose = [d for d in found
                 if UNIFICATION_BOARD.cell_at_mm(*UNIFICATION_BOARD.px_to_mm(d.x, d.y)) is None]
        faces += [d.face for d in loose]
    assert faces == [truth] * 3


def test_rival_reach_comes_from_the_layouts():
    """A 4 is told from a 6 by a middle pip one lattice step away; a 1, 2 or 3 from the
    faces holding it by a pip a diagonal step away; nothing holds a 5 or a 6."""
    assert RIVAL_REACH[4] == pytest.approx(1.0)
    assert [RIVAL_REACH[f] for f in (1, 2, 3)] == pytest.approx([2 ** 0.5] * 3)
    assert RIVAL_REACH[5] == RIVAL_REACH[6] == float("inf")


def _small_four(step_px: float) -> np.ndarray:
    """A white die top filling 5/6 of the square read, its four pips ``step_px`` apart."""
    crop = np.full((VIEW, VIEW, 3), 150, np.uint8)
    c, half = VIEW / 2, 20
    cv2.rectangle(crop, (round(c - half), round(c - half)), (round(c + half), round(c + half)),
                  (235, 235, 235), -1)
    for dx in (-1, 1):
        for dy in (-1, 1):
            cv2.circle(crop, (round(c + dx * step_px), round(c + dy * step_px)), 2,
                       (20, 20, 20), -1, cv2.LINE_AA)
    return crop


@pytest.mark.parametrize("step, believed", [(READER.min_pip_gap + 1.0, True),
                                             (READER.min_pip_gap - 0.2, False),
                                             (READER.min_pip_gap - 0.5, False)])
def test_a_four_too_fine_for_its_rivals_to_show_is_not_believed(step, believed):
    """Four clean, even pips and no rival peak: believed when a 6's middle pips would lie
    beyond the peak finder's gap, not when they would lie within it (it would have dropped
    them, so their absence says nothing)."""
    reading = read_top(_small_four(step))
    assert (reading.face == 4 and reading.confidence > 0.9) is believed


def _small_six(step_px: float) -> np.ndarray:
    """A white die top filling 5/6 of the square read, its six pips ``step_px`` apart, the
    corner pips darker than the middle ones (the peak finder takes them first)."""
    crop = np.full((VIEW, VIEW, 3), 150, np.uint8)
    c, half = VIEW / 2, 20
    cv2.rectangle(crop, (round(c - half), round(c - half)), (round(c + half), round(c + half)),
                  (235, 235, 235), -1)
    for dx in (-1, 1):
        for dy in (-1, 0, 1):
            level = 90 if dy == 0 else 20
            cv2.circle(crop, (round(c + dx * step_px), round(c + dy * step_px)), 2,
                       (level,) * 3, -1, cv2.LINE_AA)
    return crop


def test_a_six_whose_middle_pips_hug_its_corners_is_not_read_as_a_four():
    """Middle pips within the peak finder's gap of the corners are dropped, not kept as
    rivals: without the reach rule the reader called this six a clean 4 (confidence 1)."""
    assert 7.0 < READER.min_pip_gap
    reading = read_top(_small_six(7.0))
    assert reading.face != 4 or reading.confidence < 0.5


LONE = [Blob(CROP / 2, CROP / 2, 50.0, 80.0)]  # a one's pip at the centre of the top


def _one_on(table: float, mark: bool = False) -> np.ndarray:
    """A distance-from-body map: 0 on the top (its ``CROP`` square), ``table`` beyond it; with
    ``mark``, a second dark mark on the top (a printed digit beside a dot)."""
    surface = np.full((VIEW, VIEW), table, np.float32)
    surface[MARGIN:MARGIN + CROP, MARGIN:MARGIN + CROP] = 0.0
    if mark:
        cv2.rectangle(surface, (MARGIN + 6, MARGIN + 28), (MARGIN + 16, MARGIN + 44), 60.0, -1)
    return surface


@pytest.mark.parametrize("table, strength, mark, rival", [
    (0.0, 45.0, False, 0.9),   # beyond the top, on the top's colour: a cut-off pip of a five
    (40.0, 45.0, False, 0.0),  # on table beside a plain top, weaker than the pip: the table
    (40.0, 75.0, False, 1.5),  # stronger than the pip: a rival on any ground
    (40.0, 45.0, True, 0.9),   # the top is not plain (a printed label): the strict rule holds
])
def test_a_peak_beyond_a_lone_pip(table, strength, mark, rival):
    beyond = Blob(-6.0, 24.0, strength, 60.0)
    surface = _one_on(table, mark)
    assert ambiguity(_fit(LONE, 1), LONE, [beyond], surface) == pytest.approx(rival)


def test_plain_around_leaves_out_the_pip_and_sees_a_mark():
    assert plain_around(_one_on(40.0), LONE[0])
    assert not plain_around(_one_on(40.0, mark=True), LONE[0])


@pytest.mark.parametrize("size", [28, 40])
@pytest.mark.parametrize("angle", [0.0, 25.0])
def test_a_red_one_with_a_gold_pip_on_white_paper_is_read(size, angle):
    """White paper around a red die is lighter than its body all round, as a gold pip is:
    the band's peaks beside the top once made every such one unreadable (not even found)."""
    image = np.full((160, 200, 3), (238, 240, 242), np.uint8)
    bgr, alpha = draw_die(1, "red", size, angle, pip_colour="gold", seed=3)
    paste_die(image, bgr, alpha, (100, 80))
    found = find_dice(cv2.GaussianBlur(image, (0, 0), 0.7), min_size=12, max_size=150)
    assert [d.face for d in found] == [1]


def test_a_five_seen_through_a_too_small_square_is_not_a_one():
    """Its corner pips lie beyond the square, on the top's colour: rivals of the centre pip
    (without them this square reads a sure 1)."""
    bgr, alpha = draw_die(5, "red", 80, 0.0, pip_colour="white", seed=1)
    image = np.full((200, 200, 3), (238, 240, 242), np.uint8)
    paste_die(image, bgr, alpha, (100, 100))
    crop = rectify(image, Candidate(100.0, 100.0, 50.0, 50.0, 0.0, 1.0, "test"), VIEW,
                   VIEW / CROP)
    reading = read_top(crop)
    assert reading.face != 1 or reading.confidence < 0.5
