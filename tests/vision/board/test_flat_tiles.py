"""The round tile read in PlayMe's tile zone (``vision.board.flat_tiles``) on rendered boards."""

from __future__ import annotations

import pytest

from calibration.board_files import load_layout
from calibration.synthetic import FlatTile, Light, Pose, Scene, render_scene
from engine.table import Colour, ItemKind, ViewStatus
from vision.board import BoardReader
from vision.board.geometry import BoardGeometry

LAYOUT = load_layout("playme", "standard")
POSE = Pose(height_mm=620.0, pitch_deg=4.0, yaw_deg=-2.0, roll_deg=3.0, target_mm=(140.0, 150.0))


DIM = Light(brightness=0.6, gradient=0.4)


def _tile_zone_items(colour: str | None, light: Light | None = None) -> tuple:
    zone = next(z for z in LAYOUT.zones if z.name == "tile")
    tiles = () if colour is None else (
        FlatTile(colour, zone.x_mm + zone.w_mm / 2 + 3, zone.y_mm + zone.h_mm / 2 - 2),)
    scene = Scene(board=LAYOUT, pose=POSE, flat_tiles=tiles, light=light or Light())
    image = render_scene(scene, seed=3)
    view = BoardReader(BoardGeometry(LAYOUT)).read(image)
    assert view.status is ViewStatus.SETTLED
    return view.zone("tile")


@pytest.mark.parametrize("colour, want", [("white", Colour.WHITE), ("green", Colour.GREEN)])
def test_a_tile_in_the_tile_zone_is_read_with_its_side(colour: str, want: Colour) -> None:
    items = _tile_zone_items(colour, DIM)
    assert [(i.kind, i.colour) for i in items] == [(ItemKind.TILE, want)]


def test_the_empty_tile_zone_holds_no_tile() -> None:
    assert _tile_zone_items(None) == ()
    assert _tile_zone_items(None, DIM) == ()

