"""Tests of calibration.tile_art: each tile shows its white and black pips where the die layout
puts them, backs are plain, tokens are round; and the renderer lays them (calibration.synthetic)."""

import cv2
import numpy as np
import pytest

from calibration.board_files import load_layout
from calibration.dice_art import PIP_LAYOUTS, PIP_OFFSET
from calibration.synthetic import Scene, Tile, Token, make_camera, render_scene
from calibration.tile_art import (
    TILE_BACK,
    TILE_BODY,
    TOKEN_FACE,
    canvas_side,
    draw_back,
    draw_tile,
    draw_token,
    white_places,
)

TILES = [(w, b) for w in range(7) for b in range(7) if 1 <= w + b <= 6]


def _pips(bgr: np.ndarray, alpha: np.ndarray, white: bool) -> list[tuple[float, float]]:
    grey = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
    inside = cv2.erode((alpha > 200).astype(np.uint8), np.ones((3, 3), np.uint8))
    mask = ((grey > 215) if white else (grey < 90)) & (inside > 0)
    n, _, stats, centroids = cv2.connectedComponentsWithStats(mask.astype(np.uint8))
    return [tuple(centroids[i]) for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= 6]


def test_there_are_27_tiles_and_the_white_pips_come_first():
    assert len(TILES) == 27
    whites, blacks = white_places(2, 1)
    assert whites == PIP_LAYOUTS[3][:2] and blacks == PIP_LAYOUTS[3][2:]
    assert white_places(3, 3) == (PIP_LAYOUTS[6][:3], PIP_LAYOUTS[6][3:])  # left column white
    with pytest.raises(ValueError, match="1 to 6"):
        white_places(4, 3)
    with pytest.raises(ValueError):
        white_places(0, 0)


@pytest.mark.parametrize("white,black", TILES)
def test_a_tile_shows_its_pips_of_each_colour_at_their_places(white, black):
    size = 64
    bgr, alpha = draw_tile(white, black, size, 0.0, seed=white * 7 + black)
    whites, blacks = _pips(bgr, alpha, True), _pips(bgr, alpha, False)
    assert (len(whites), len(blacks)) == (white, black)
    centre = canvas_side(size) / 2
    want_w, want_b = white_places(white, black)
    for found, want in ((whites, want_w), (blacks, want_b)):
        for x, y in found:  # each pip near one of its colour's places
            assert min(np.hypot(x - centre - u * PIP_OFFSET * size,
                                y - centre - v * PIP_OFFSET * size) for u, v in want) < 2.5


@pytest.mark.parametrize("angle", [17.0, 45.0, 200.0])
def test_a_turned_tile_keeps_its_pips(angle):
    bgr, alpha = draw_tile(2, 3, 60, angle, seed=4)
    assert (len(_pips(bgr, alpha, True)), len(_pips(bgr, alpha, False))) == (2, 3)


def test_body_back_and_token_have_their_colours():
    bgr, alpha = draw_tile(1, 0, 64)
    body = np.median(bgr[(alpha > 250)], axis=0)
    assert np.abs(body - np.array(TILE_BODY)).max() < 20
    back, a = draw_back(64, 30.0)
    assert np.abs(np.median(back[a > 250], axis=0) - np.array(TILE_BACK)).max() < 20
    grey = cv2.cvtColor(back, cv2.COLOR_BGR2GRAY)[cv2.erode(a, np.ones((9, 9), np.uint8)) > 250]
    assert grey.std() < 6  # plain: no pips
    token, t = draw_token("R", True, 64)
    assert np.abs(np.median(token[t > 250], axis=0) - np.array(TOKEN_FACE)).max() < 20
    n = canvas_side(64)
    assert t[n // 2 - 30, n // 2 - 30] == 0  # a disc: its square's corner is transparent
    used, u = draw_token("R", False, 64)
    assert np.abs(np.median(used[u > 250], axis=0) - np.array(TILE_BACK)).max() < 20


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError, match="size_px"):
        draw_tile(1, 1, 4)


def test_the_renderer_lays_tiles_at_their_places_and_levels():
    layout = load_layout("bossa", "regular")
    base = Scene(board=layout, noise=0.0, blur=0.0, jpeg_quality=0,
                 pose=_pose(), table_seed=1)
    tile = Tile(3, 3, 200.0, 100.0, 0.0)
    with_tile = render_scene(Scene(**{**base.__dict__, "tiles": (tile,)}), seed=1)
    without = render_scene(base, seed=1)
    camera = make_camera(base.pose, base.size)
    x, y = camera.project(np.array([[200.0, 100.0]]), 4.0)[0]
    bgr = with_tile.astype(int)
    slate = (bgr[..., 0] - bgr[..., 2] > 40) & (bgr.sum(axis=2) > 400)  # the tile's lit top
    ys, xs = np.nonzero(slate)
    assert abs(xs.mean() - x) < 3 and abs(ys.mean() - y) < 3  # drawn at its top's place
    upper = Tile(3, 3, 200.0, 100.0, 0.0, level=1)
    stacked = render_scene(Scene(**{**base.__dict__, "tiles": (tile, upper)}), seed=1)
    assert np.abs(stacked.astype(int) - with_tile.astype(int)).max() > 30  # a level higher
    token = render_scene(Scene(**{**base.__dict__, "tokens": (Token("S", True, 60, 60),)}),
                         seed=1)
    assert np.abs(token.astype(int) - without.astype(int)).max() > 100


def _pose():
    from calibration.synthetic import Pose
    return Pose(fov_deg=56.0, target_mm=(140.0, 140.0))
