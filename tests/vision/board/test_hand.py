"""Hand detection on the warped view of drawn boards."""

from __future__ import annotations

import numpy as np
import pytest

from calibration.board_files import load_layout
from vision.board.geometry import BoardGeometry
from vision.board.hand import detect_hand
from vision.board.markers import locate_board, warp_board

G = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read

WHITE = (215, 218, 220)
RED = (45, 40, 190)


def grid_dice():
    """Nine grid dice (red in the centre) and a push die west of the grid."""
    x0, y0 = G.grid_origin_mm
    squares = [(x0 + 13 + 26 * c, y0 + 13 + 26 * r, RED if (r, c) == (1, 1) else WHITE)
               for r in range(3) for c in range(3)]
    return tuple(squares) + ((30.0, 85.0, WHITE),)


def warped(boardkit, light=1.0, tint=(1.0, 1.0, 1.0), **draw):
    frame = boardkit.photograph(boardkit.draw_board(**draw), seed=7)
    image = np.clip(frame.image * np.array(tint) * light, 0, 255).astype(np.uint8)
    location = locate_board(image, G)
    return warp_board(image, location, G), location


@pytest.mark.parametrize("light,tint", [(1.0, (1, 1, 1)), (0.5, (1, 1, 1)),
                                        (1.0, (0.75, 0.9, 1.0)), (0.8, (1.0, 0.95, 0.8))])
def test_board_with_dice_is_not_a_hand_in_any_light(boardkit, light, tint):
    view, _ = warped(boardkit, light, tint, squares=grid_dice())
    reading = detect_hand(view, G)
    assert not reading.present, reading


def test_empty_board_is_not_a_hand(boardkit):
    view, _ = warped(boardkit)
    assert detect_hand(view, G).present is False


@pytest.mark.parametrize("colour", [(120, 160, 215), (60, 85, 130), (150, 185, 230)])
def test_skin_coloured_arm_is_a_hand(boardkit, colour):
    view, _ = warped(boardkit, squares=grid_dice(), hand_mm=boardkit.ARM, hand_colour=colour)
    reading = detect_hand(view, G)
    assert reading.present and reading.kind == "skin"
    assert reading.fraction > 0.1


def test_dark_sleeve_is_a_hand_of_kind_object(boardkit):
    view, _ = warped(boardkit, squares=grid_dice(), hand_mm=boardkit.ARM,
                     hand_colour=(70, 45, 40))
    reading = detect_hand(view, G)
    assert reading.present and reading.kind == "object"


def test_fingertip_counts_only_when_a_marker_is_hidden(boardkit):
    tip = [(135.0, 105.0), (170.0, 105.0), (170.0, 123.0), (135.0, 123.0)]  # 630 mm2, east
    view, _ = warped(boardkit, hand_mm=tip)
    assert not detect_hand(view, G).present
    assert detect_hand(view, G, markers_hidden=1).present


def test_red_die_alone_is_not_a_hand(boardkit):
    view, _ = warped(boardkit, squares=((85.0, 85.0, RED), (30.0, 30.0 + 20, RED)))
    assert not detect_hand(view, G).present
    assert not detect_hand(view, G, markers_hidden=1).present


def test_die_shaped_region_is_not_a_hand_even_when_large_enough(boardkit):
    def rect(w, h):
        return [(85 - w / 2, 85 - h / 2), (85 + w / 2, 85 - h / 2), (85 + w / 2, 85 + h / 2),
                (85 - w / 2, 85 + h / 2)]
    # 576 mm2 each, above the hidden-marker threshold (~505 mm2): a big die with its shadow,
    # and a red strip of the same area that no die could make.
    square, _ = warped(boardkit, hand_mm=rect(24, 24), hand_colour=RED)
    strip, _ = warped(boardkit, hand_mm=rect(36, 16), hand_colour=RED)
    assert not detect_hand(square, G, markers_hidden=1).present
    assert detect_hand(strip, G, markers_hidden=1).present


def test_object_on_a_corner_is_not_a_hand_but_over_the_grid_it_is(boardkit):
    corner = [(135.0, 135.0), (170.0, 135.0), (170.0, 170.0), (135.0, 170.0)]
    view, _ = warped(boardkit, hand_mm=corner, hand_colour=(110, 50, 30))   # a notebook
    assert not detect_hand(view, G, markers_hidden=1).present
    over_grid = [(95.0, 95.0), (170.0, 95.0), (170.0, 170.0), (95.0, 170.0)]
    view, _ = warped(boardkit, hand_mm=over_grid, hand_colour=(110, 50, 30))
    assert detect_hand(view, G, markers_hidden=1).present


@pytest.mark.parametrize("tint", [(1.12, 1.0, 0.85), (0.85, 0.95, 1.1)])
def test_pale_skin_under_a_cold_or_warm_light_is_still_skin(boardkit, tint):
    view, _ = warped(boardkit, 0.7, tint, squares=grid_dice(), hand_mm=boardkit.ARM,
                     hand_colour=(150, 185, 230))
    reading = detect_hand(view, G)
    assert reading.present and reading.kind == "skin"
