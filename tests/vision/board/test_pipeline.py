"""BoardReader step by step on drawn frames, with a recording stand-in for the die reader.

The stand-in returns detections given by the test (in canonical pixels), so these tests check
what the reader does around the die reader: statuses, placement in cells, millimetres,
confidence rules. The real die reader is exercised in test_integration.py.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from calibration.board_files import load_layout
from engine.table import Cell, Colour, ViewStatus
from vision.board.geometry import BoardGeometry
from vision.board.pipeline import BoardReader, place_dice, straddle_factor
from vision.board.profile import CalibrationProfile

G = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read


@dataclass(frozen=True)
class Det:
    x: float
    y: float
    face: int | None
    colour: str = "white"
    confidence: float = 0.9
    size: float = 48.0
    angle: float = 0.0
    reason: str = ""


def at_mm(x_mm, y_mm, face, colour="white", confidence=0.9):
    return Det(x_mm * G.px_per_mm, y_mm * G.px_per_mm, face, colour, confidence)


class Recorder:
    """Stands in for find_dice: remembers the images it saw, returns the given detections."""

    def __init__(self, detections=()):
        self.detections = list(detections)
        self.calls = []

    def __call__(self, image, *, expected_size):
        self.calls.append((image.shape, expected_size))
        return self.detections


def centre(r, c):
    x0, y0 = G.grid_origin_mm
    return x0 + (c + 0.5) * G.cell_mm, y0 + (r + 0.5) * G.cell_mm


FACES = [[2, 5, 1], [4, 6, 3], [6, 2, 3]]
LAYOUT = [at_mm(*centre(r, c), FACES[r][c], "red" if (r, c) == (1, 2) else "white")
          for r in range(3) for c in range(3)] + [at_mm(25.0, 85.0, 4)]


def test_grid_and_push_die_are_placed_in_board_millimetres(boardkit):
    finder = Recorder(LAYOUT)
    frame = boardkit.photograph(boardkit.draw_board(), seed=11)
    view = BoardReader(G, dice_finder=finder).read(frame.image)
    assert view.status is ViewStatus.SETTLED
    assert finder.calls == [((G.canonical_px, G.canonical_px, 3), G.die_px)]
    assert [[d.face for d in row] for row in view.grid] == FACES
    assert view.grid[1][2].colour is Colour.RED and view.grid[0][0].colour is Colour.WHITE
    assert [(d.face, round(d.x_mm, 3), round(d.y_mm, 3)) for d in view.outside] == [(4, 25.0, 85.0)]
    assert view.grid[0][0].confidence == pytest.approx(0.9)
    assert view.extra["located"] == "markers"


def test_none_garbage_and_tiny_frames_are_unreadable():
    reader = BoardReader(G, dice_finder=Recorder())
    for bad in (None, b"\x89PNG garbage", np.zeros((0, 0, 3), np.uint8),
                np.zeros((8, 8, 3), np.uint8), np.zeros((64, 64, 3), np.float64),
                np.zeros((64, 64, 2), np.uint8)):
        view = reader.read(bad)
        assert view.status is ViewStatus.UNREADABLE
        assert view.note == "camera frame unreadable"
        assert view.dice() == []


def test_no_board_names_the_missing_markers(boardkit):
    reader = BoardReader(G, dice_finder=Recorder())
    view = reader.read(np.full((480, 640, 3), boardkit.TABLE, np.uint8))
    assert view.status is ViewStatus.NO_BOARD
    assert "markers 0 (north-west), 1 (north-east), 2 (south-east) and 3 (south-west) not found" \
        in view.note


def test_grey_and_bgra_frames_are_read(boardkit):
    image = boardkit.photograph(boardkit.draw_board(), seed=12).image
    reader = BoardReader(G, dice_finder=Recorder(LAYOUT))
    grey = reader.read(image.mean(axis=2).astype(np.uint8))
    bgra = reader.read(np.dstack([image, np.full(image.shape[:2], 255, np.uint8)]))
    assert grey.status is bgra.status is ViewStatus.SETTLED


def test_hand_over_board_is_reported_and_dice_not_read(boardkit):
    finder = Recorder(LAYOUT)
    frame = boardkit.photograph(boardkit.draw_board(hand_mm=boardkit.ARM), seed=13)
    view = BoardReader(G, dice_finder=finder).read(frame.image)
    assert (view.status, view.note) == (ViewStatus.HAND, "hand over board")
    assert finder.calls == []


def test_three_markers_lower_every_confidence_a_little(boardkit):
    frame = boardkit.photograph(boardkit.draw_board(hide=(3,)), seed=14)
    view = BoardReader(G, dice_finder=Recorder(LAYOUT)).read(frame.image)
    assert view.status is ViewStatus.SETTLED
    assert view.extra["markers_missing"] == [3]
    assert 0.7 < view.grid[0][0].confidence < 0.9


def test_last_homography_reused_while_visible_markers_confirm_it(boardkit):
    reader = BoardReader(G, dice_finder=Recorder(LAYOUT))
    first = reader.read(boardkit.photograph(boardkit.draw_board(), seed=15).image)
    hidden = boardkit.photograph(boardkit.draw_board(hide=(1, 2)), seed=16).image
    view = reader.read(hidden)
    assert first.extra["located"] == "markers"
    assert view.status is ViewStatus.SETTLED and view.extra["located"] == "reused"
    assert [[d.face for d in row] for row in view.grid] == FACES


@pytest.mark.parametrize("shift,reused", [(3.0, True), (10.0, False)])
def test_reuse_tolerates_one_dragged_marker_but_not_a_far_one(boardkit, shift, reused):
    reader = BoardReader(G, dice_finder=Recorder(LAYOUT))
    reader.read(boardkit.photograph(boardkit.draw_board(), seed=25).image)
    dragged = boardkit.draw_board(hide=(1, 3), shift_mm={2: (-shift, 0.0)})
    view = reader.read(boardkit.photograph(dragged, seed=26).image)
    assert (view.extra.get("located") == "reused") is reused
    assert view.status is (ViewStatus.SETTLED if reused else ViewStatus.NO_BOARD)


def test_moved_board_is_not_read_with_the_old_homography(boardkit):
    reader = BoardReader(G, dice_finder=Recorder(LAYOUT))
    reader.read(boardkit.photograph(boardkit.draw_board(), seed=17).image)
    shifted = tuple((x + 40.0, y + 10.0) for x, y in ((150.0, 60.0), (505.0, 85.0),
                                                      (540.0, 440.0), (115.0, 420.0)))
    moved = boardkit.photograph(boardkit.draw_board(hide=(1, 2)), quad=shifted, seed=18)
    view = reader.read(moved.image)
    assert view.status is ViewStatus.NO_BOARD
    assert "1 (north-east) and 2 (south-east)" in view.note


def test_all_markers_hidden_by_a_hand_is_hand_then_no_board(boardkit):
    reader = BoardReader(G, dice_finder=Recorder(LAYOUT))
    reader.read(boardkit.photograph(boardkit.draw_board(), seed=19).image)
    covered = boardkit.draw_board(hide=(0, 1, 2, 3), hand_mm=boardkit.ARM)
    assert reader.read(boardkit.photograph(covered, seed=20).image).status is ViewStatus.HAND
    empty = boardkit.draw_board(hide=(0, 1, 2, 3))
    assert reader.read(boardkit.photograph(empty, seed=21).image).status is ViewStatus.NO_BOARD


def test_profile_homography_is_the_fallback_before_markers_are_seen(boardkit):
    good = boardkit.photograph(boardkit.draw_board(), seed=22)
    located = BoardReader(G, dice_finder=Recorder())
    located.read(good.image)
    homography = located.last_location.homography.tolist()
    profile = CalibrationProfile("unification", "t", frame_size=(640, 480), homography=homography)
    half_hidden = boardkit.photograph(boardkit.draw_board(hide=(0, 3)), seed=23).image
    assert BoardReader(G, dice_finder=Recorder(LAYOUT)).read(half_hidden).status \
        is ViewStatus.NO_BOARD
    view = BoardReader(G, profile, dice_finder=Recorder(LAYOUT)).read(half_hidden)
    assert view.status is ViewStatus.SETTLED and view.extra["located"] == "reused"


def test_die_reader_failure_is_unreadable_not_a_crash(boardkit):
    def broken(image, *, expected_size):
        raise ValueError("bad crop")
    view = BoardReader(G, dice_finder=broken).read(
        boardkit.photograph(boardkit.draw_board(), seed=24).image)
    assert view.status is ViewStatus.UNREADABLE


def test_two_detections_in_one_cell_keep_the_best_at_lower_confidence():
    x, y = centre(0, 0)
    view = place_dice([at_mm(x - 5, y, 3, confidence=0.6), at_mm(x + 5, y, 5, confidence=0.9)], G)
    die = view.grid[0][0]
    assert die.face == 5 and die.confidence == pytest.approx(0.45)
    assert view.extra["crowded"] == ["r0c0"]


def test_straddling_die_is_less_confident():
    x, y = centre(1, 1)
    edge_x = x + G.cell_mm / 2 - 1.0             # 1 mm from the edge with r1c2
    view = place_dice([at_mm(edge_x, y, 6), at_mm(*centre(0, 0), 6)], G)
    assert view.grid[1][1].confidence < 0.6 < view.grid[0][0].confidence
    assert straddle_factor(x, y, G) == 1.0
    assert straddle_factor(x + G.cell_mm / 2, y, G) == 0.5
    assert straddle_factor(G.grid_origin_mm[0] - 1.0, y, G) < 0.7   # just outside the grid
    assert straddle_factor(20.0, 20.0, G) == 1.0                    # far outside


def test_abstention_and_unknown_colour_are_kept_as_such():
    view = place_dice([at_mm(*centre(2, 2), None, "unknown", 0.0),
                       at_mm(*centre(2, 1), 3, "green")], G)
    assert view.grid[2][2].face is None and view.grid[2][2].colour is Colour.UNKNOWN
    assert view.grid[2][1].colour is Colour.UNKNOWN
    assert view.is_trustworthy(0.6) == (False, "straighten or reroll r2c2")


def test_detections_on_markers_are_dropped_unless_a_die_is_read_on_a_hidden_one():
    on_marker = at_mm(160.0, 160.0, None, "unknown", 0.0)   # inside marker 2's square
    assert place_dice([on_marker], G, seen_markers=(0, 1, 2, 3)).outside == ()
    assert place_dice([on_marker], G, seen_markers=(0, 1, 3)).outside == ()  # abstention
    parked = at_mm(160.0, 160.0, 5)                  # a die read on the hidden marker 2
    assert len(place_dice([parked], G, seen_markers=(0, 1, 3)).outside) == 1
    assert place_dice([parked], G, seen_markers=(0, 1, 2, 3)).outside == ()


def test_light_change_against_the_calibrated_white_die_is_flagged(boardkit):
    profile = CalibrationProfile("unification", "t", white_ref=(225.0, 228.0, 230.0))
    image = boardkit.photograph(boardkit.draw_board(), seed=27).image
    reader = BoardReader(G, profile, dice_finder=Recorder(LAYOUT))
    normal = reader.read(image)
    dimmed = reader.read((image * 0.4).astype(np.uint8))
    assert normal.extra["light_changed"] is False and 0.9 < normal.extra["light"] < 1.1
    assert dimmed.extra["light_changed"] is True and dimmed.status is ViewStatus.SETTLED
    assert "light" not in BoardReader(G, dice_finder=Recorder()).read(image).extra


def test_occupancy_is_looked_at_only_when_a_cell_got_no_detection():
    """The edge map behind occupancy is made only for a cell the reader gave nothing."""
    asked = []

    def occupied():
        asked.append(True)
        return [Cell(0, 0), Cell(1, 1)]

    full = place_dice(LAYOUT, G, occupied=occupied)
    assert asked == [] and full.extra["unread"] == []
    view = place_dice(LAYOUT[1:], G, occupied=occupied)
    assert asked == [True] and view.extra["unread"] == ["r0c0"]
    assert view.grid[0][0].face is None and view.grid[1][1].face == 6


def test_occupied_cell_the_reader_missed_becomes_an_abstention(boardkit):
    x0, y0 = G.grid_origin_mm
    squares = ((x0 + 13, y0 + 13, (150, 150, 150)), (x0 + 39, y0 + 65, (150, 150, 150)))
    frame = boardkit.photograph(boardkit.draw_board(squares=squares), seed=34)
    found_one = Recorder([at_mm(x0 + 13, y0 + 13, 2)])   # the reader misses r2c1
    view = BoardReader(G, dice_finder=found_one).read(frame.image)
    assert view.grid[0][0].face == 2
    missed = view.grid[2][1]
    assert missed is not None and missed.face is None and missed.confidence == 0.0
    assert view.extra["unread"] == ["r2c1"]
    assert view.grid[1][1] is None                        # empty cells stay empty
    assert view.is_trustworthy(0.6) == (False, "straighten or reroll r2c1")
