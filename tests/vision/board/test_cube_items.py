"""Cubes through the board path's plain steps (no images): placing detections in cells and
zones (place_items), settling cube views (SettleDetector), the profile's cube fields, the
BoardWarper's margin and the hand check on a cube board."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from calibration.board_files import load_layout
from engine.table import Cell, Colour, Item, ItemKind, TableView, ViewStatus
from vision.board.cubes import CubeDetection
from vision.board.geometry import BoardGeometry
from vision.board.hand import detect_hand
from vision.board.pipeline import place_dice, place_items
from vision.board.profile import CalibrationProfile
from vision.board.settle import SettleDetector, unread, unread_note
from vision.errors import ProfileError

G = BoardGeometry(load_layout("cubecourier", "standard"))


def cube(x_mm: float, y_mm: float, colour: str = "red", **kw: object) -> CubeDetection:
    s = G.px_per_mm
    return CubeDetection(x_mm * s, y_mm * s, x_mm * s, y_mm * s, 56.0, 0.0, colour, 0.95,
                         **kw)  # type: ignore[arg-type]


def test_cubes_are_placed_in_cells_and_the_zone_with_their_stack_and_ring():
    x, y = G.cell_centre_mm(Cell(1, 2))
    view = place_items([cube(x, y, "white", stacked=True, ringed=True),
                        cube(156.0, 72.0, "black"), cube(176.0, 72.5, "red"),
                        cube(156.0, 42.0, "")], G)
    item = view.at(Cell(1, 2))
    assert item == Item(None, Colour.WHITE, 0.95, x, y, kind=ItemKind.CUBE, stacked=True,
                        ringed=True)
    zone = view.zone("off_board")
    assert [(i.colour, i.kind) for i in zone] == [(Colour.UNKNOWN, ItemKind.CUBE),
                                                 (Colour.BLACK, ItemKind.CUBE),
                                                 (Colour.RED, ItemKind.CUBE)]
    assert place_dice is place_items


def test_an_occupied_cell_without_a_cube_is_an_abstained_cube():
    view = place_items([], G, occupied=[Cell(0, 0)])
    item = view.at(Cell(0, 0))
    assert item is not None and item.kind is ItemKind.CUBE and item.colour is Colour.UNKNOWN
    assert item.confidence == 0.0 and unread(item)


def test_a_cube_sharing_its_cell_keeps_its_kind_at_a_lower_confidence():
    x, y = G.cell_centre_mm(Cell(0, 1))
    view = place_items([cube(x - 3, y, "red", stacked=True), cube(x + 3, y, "black")], G)
    item = view.at(Cell(0, 1))
    assert item is not None and item.kind is ItemKind.CUBE and item.stacked
    assert item.confidence == pytest.approx(0.95 * 0.5, abs=0.01)


def cube_view(grid: str, off: str = "KRW", ring: str = "", status=ViewStatus.SETTLED) -> TableView:
    """A cube reading from text: rows of K/R/W/U/./+ (a stacked white is '+'), ring cells."""
    names = {"K": Colour.BLACK, "R": Colour.RED, "W": Colour.WHITE, "U": Colour.UNKNOWN,
             "+": Colour.WHITE}
    rows = []
    for r, text in enumerate(grid.split("/")):
        rows.append(tuple(None if ch == "." else Item(
            None, names[ch], 0.0 if ch == "U" else 0.9, 65.0 + 30 * c, 65.0 + 30 * r,
            kind=ItemKind.CUBE, stacked=ch == "+", ringed=f"r{r}c{c}" == ring)
            for c, ch in enumerate(text)))
    zone = tuple(Item(None, names[ch], 0.9, 156.0, 40.0 + 30 * i, kind=ItemKind.CUBE)
                 for i, ch in enumerate(off))
    return TableView(grid=tuple(rows), zones=(("off_board", zone),), status=status)


def test_cube_views_settle_and_the_ring_is_not_compared():
    settle = SettleDetector(3)
    out = [settle.update(cube_view("R../.K./...", ring=ring)) for ring in ("r0c0", "", "r0c0")]
    assert [v.status for v in out] == [ViewStatus.MOVING] * 2 + [ViewStatus.SETTLED]
    assert out[0].note == "cubes moving"


def test_a_cube_of_unknown_colour_never_settles_and_is_named():
    settle = SettleDetector(3)
    out = [settle.update(cube_view("R../.U./...")) for _ in range(4)]
    assert all(v.status is ViewStatus.MOVING for v in out)
    assert out[-1].note == "can't read the cube on r1c1"
    assert unread_note(cube_view("R../.../...", off="KU")) == "can't read an item beside the board"


def test_a_stack_flag_or_the_off_board_cubes_must_agree_to_settle():
    settle = SettleDetector(2)
    assert settle.update(cube_view("W../.../...")).status is ViewStatus.MOVING
    assert settle.update(cube_view("+../.../...")).status is ViewStatus.MOVING
    assert settle.update(cube_view("+../.../...", off="KR")).status is ViewStatus.MOVING
    assert settle.update(cube_view("+../.../...", off="KR")).status is ViewStatus.SETTLED


def test_the_profile_keeps_cube_colours_and_old_profiles_still_load(tmp_path):
    old = {"board": "unification", "created": "2026-11-21", "frame_size": [640, 480],
           "homography": None, "white_ref": None, "red_ref": None, "version": 1}
    assert CalibrationProfile.from_dict(old).cube_refs is None
    assert set(CalibrationProfile.from_dict(old).to_dict()) == set(old)  # written as before
    profile = CalibrationProfile("cubecourier", "2026-11-27", cube_refs={
        "black": (30.0, 30.0, 32.0), "red": (40.0, 35.0, 190.0)}, paper_ref=(230.0, 232.0, 235.0))
    path = tmp_path / "p.json"
    profile.save(path)
    assert CalibrationProfile.load(path) == profile
    assert json.loads(path.read_text())["cube_refs"]["red"] == [40.0, 35.0, 190.0]
    with pytest.raises(ProfileError, match="cube_refs"):
        CalibrationProfile("cubecourier", "x", cube_refs={"blue": (1.0, 2.0, 3.0)})
    with pytest.raises(ProfileError, match="paper_ref"):
        CalibrationProfile("cubecourier", "x", paper_ref=(1.0, 2.0, 300.0))


def test_a_warper_margin_shows_beyond_the_board_square_and_keeps_it_inside():
    from vision.board.markers import BoardLocation
    from vision.board.warp import BoardWarper

    frame = np.zeros((600, 600, 3), np.uint8)
    cv2.rectangle(frame, (0, 0), (599, 599), (40, 80, 120), -1)
    frame[100:120, 100:120] = 255
    location = BoardLocation(np.eye(3), {}, (), 1.0, (600, 600))
    plain = BoardWarper(G).warp(frame, location)
    wide = BoardWarper(G, margin_px=30).warp(frame, location)
    n = G.canonical_px
    assert wide.shape[:2] == (n + 60, n + 60)
    assert np.array_equal(wide[30:30 + n, 30:30 + n], plain)


def test_whole_cubes_side_by_side_are_no_hand_on_a_cube_board():
    paper = np.full((G.canonical_px, G.canonical_px, 3), 235, np.uint8)
    s = G.px_per_mm
    for x0 in (147, 167):  # two black cubes (with their sides) touching in the zone
        cv2.rectangle(paper, (round(x0 * s), round(64 * s)), (round((x0 + 21) * s),
                      round(85 * s)), (25, 25, 25), -1)
    assert not detect_hand(paper, G).present
    dice_board = BoardGeometry(load_layout("unification", "simple"))
    sleeve = np.full((dice_board.canonical_px,) * 2 + (3,), 235, np.uint8)
    cv2.rectangle(sleeve, (150, 0), (330, 400), (30, 30, 30), -1)
    assert detect_hand(sleeve, dice_board).present
