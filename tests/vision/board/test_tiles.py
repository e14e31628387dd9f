"""The tile board's reader (vision.board.tiles, .piece_regions) on rendered Bossa photos: the
board reader picks it from the layout, tiles are read anywhere (touching ones parted), backs
and tokens named, the start dice named by their pips, a piece of a foreign colour unread."""

from dataclasses import replace

import numpy as np
import pytest

from calibration.board_files import load_layout
from calibration.synthetic import Die, Light, Pose, Scene, Tile, Token, render_scene
from engine.games.bossa import view_to_text
from engine.table import TILE_FACE_DOWN, TILE_TOKEN_UP, ItemKind, tile_face
from vision.board import BoardGeometry, BoardReader, find_board_tiles, place_dice
from vision.board.dice_reader import BoardDiceReader
from vision.board.markers import locate_board, warp_board
from vision.board.tiles import BoardTileReader, TileDetection

LAYOUT = load_layout("bossa", "regular")
G = BoardGeometry(LAYOUT)
POSE = Pose(fov_deg=56.0, target_mm=(140.0, 140.0), pitch_deg=3.0, yaw_deg=-2.0, roll_deg=2.0)
DICE = (Die(5, "slate", 140.8, 129.5, 12.0, style_seed=7, pip_colour="black"),
        Die(3, "slate", 139.4, 150.4, -9.0, style_seed=8, pip_colour="white"))


def _spot(name: str) -> tuple[float, float]:
    z = next(z for z in LAYOUT.zones if z.name == name)
    return z.x_mm + z.w_mm / 2, z.y_mm + z.h_mm / 2


def table_scene(**changes) -> tuple[Scene, list[TileDetection]]:
    """A table in play, and what a perfect reader reports of it: tiles in two spots (three
    edge to edge in south_e1's column), both hands, the discard pile, backs on the deck and
    the set-aside place, the six tokens (two used), the start dice."""
    x, _ = _spot("south_e1")
    column = [Tile(1, 0, x, 150.0, 2.0), Tile(3, 2, x + 0.4, 166.5, -3.0),
              Tile(0, 6, x - 0.3, 183.0, 1.0)]  # 0.5 mm apart: their tops touch
    xw, _ = _spot("north_w1")
    tiles = column + [Tile(2, 1, xw, 130.0, 4.0, style_seed=3),
                      Tile(4, 2, 120.0, 242.0, -20.0), Tile(1, 3, 142.0, 241.0, 25.0),
                      Tile(0, 2, 165.0, 243.0, 8.0), Tile(6, 0, 40.0, 38.0, 11.0),
                      Tile(2, 2, 62.0, 37.0, -14.0), Tile(1, 1, 40.0, 234.0, 30.0),
                      Tile(3, 0, 193.0, 47.0, 0.0, face_up=False),
                      Tile(0, 4, 225.0, 47.0, 5.0, face_up=False)]
    tokens = [Token(z.name[0].upper(), z.name not in ("redraw_2", "stack_1"),
                    z.x_mm + z.w_mm / 2, z.y_mm + z.h_mm / 2, 10.0)
              for z in LAYOUT.zones if z.name.startswith(("redraw", "exchange", "stack"))]
    scene = Scene(board=LAYOUT, loose=DICE, tiles=tuple(tiles), tokens=tuple(tokens),
                  pose=POSE, light=Light(brightness=0.9), table_seed=5, **changes)
    truth = [_seen(t.x_mm, t.y_mm, tile_face(t.white, t.black) if t.face_up else
                   TILE_FACE_DOWN) for t in tiles]
    truth += [_seen(t.x_mm, t.y_mm, TILE_TOKEN_UP if t.up else TILE_FACE_DOWN) for t in tokens]
    truth += [_seen(d.x_mm, d.y_mm, d.face, "die", d.pip_colour or "") for d in DICE]
    return scene, truth


def _seen(x_mm: float, y_mm: float, face: int, kind: str = "tile",
          colour: str = "white") -> TileDetection:
    x, y = G.mm_to_px(x_mm, y_mm)
    return TileDetection(x, y, G.die_px, 0.0, face, colour, 1.0, kind=kind)


@pytest.fixture(scope="module")
def table():
    return table_scene()


def test_a_board_of_tiles_gets_the_tile_reader_from_its_layout():
    assert isinstance(BoardReader(G)._find_dice, BoardTileReader)
    renamed = BoardGeometry(replace(LAYOUT, name="my-tile-game", title="Mine"))
    assert isinstance(BoardReader(renamed)._find_dice, BoardTileReader)
    dice = BoardGeometry(load_layout("unification", "simple"))
    assert isinstance(BoardReader(dice)._find_dice, BoardDiceReader)
    assert dice.layout.item_kind is ItemKind.DIE and G.layout.item_kind is ItemKind.TILE


def test_the_reader_reads_the_table_as_a_perfect_reader_would(table):
    scene, truth = table
    frame = render_scene(scene, seed=11)
    view = BoardReader(G).read(frame)
    assert view_to_text(view) == view_to_text(place_dice(truth, G))
    assert all(item.confidence >= 0.6 for item in view.dice())


def test_touching_tiles_are_parted_and_the_dice_named_by_their_pips(table):
    scene, _ = table
    warped = warp_board(render_scene(scene, seed=12), locate_board(render_scene(scene, seed=12),
                                                                   G), G)
    found = find_board_tiles(warped, expected_size=G.die_px, geometry=G)
    column = [d for d in found if 135 * 3 < d.y < 190 * 3 and abs(d.x - 159.5 * 3) < 20]
    assert sorted(d.face for d in column) == [6, 10, 32]
    dice = sorted((d.face, d.colour) for d in found if d.kind == "die")
    assert dice == [(3, "white"), (5, "black")]


def test_a_piece_of_another_colour_is_found_and_left_unread():
    scene, _ = table_scene()
    red = Die(4, "red", *_spot("south_w3"), 15.0, style_seed=2)
    frame = render_scene(replace(scene, loose=(*scene.loose, red)), seed=13)
    view = BoardReader(G).read(frame)
    items = view.zone("south_w3")
    assert len(items) == 1 and items[0].face is None and items[0].colour.value == "unknown"


def test_place_dice_keeps_the_kind_and_the_stacked_flag():
    view = place_dice([TileDetection(*G.mm_to_px(120.5, 150.0), 48.0, 0.0, 21, "white", 1.0,
                                     kind="tile", stacked=True),
                       TileDetection(*G.mm_to_px(140.0, 150.0), 48.0, 0.0, 3, "white", 1.0,
                                     kind="die")], G)
    (tile,) = view.zone("south_w1")
    assert tile.kind is ItemKind.TILE and tile.stacked and tile.face == 21
    assert view.grid[1][0] is not None and view.grid[1][0].kind is ItemKind.DIE


def test_an_empty_or_odd_image_gives_nothing():
    assert find_board_tiles(np.zeros((10, 10), np.uint8), expected_size=48.0, geometry=G) == []
    blank = np.full((G.canonical_px, G.canonical_px, 3), 235, np.uint8)
    assert find_board_tiles(blank, expected_size=G.die_px, geometry=G) == []
