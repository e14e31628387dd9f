"""The faces of TILE items (engine.table): one number per dot tile, none for the two faces
that are not tiles; Bossa's pieces use that numbering, which the tile reader writes."""

from engine.games.bossa import TILES
from engine.games.bossa.pieces import FACE_DOWN, MARKER_UP
from engine.table import TILE_FACE_DOWN, TILE_TOKEN_UP, tile_face


def test_a_tile_face_holds_both_counts():
    assert tile_face(2, 1) == 21 and tile_face(0, 6) == 6 and tile_face(6, 0) == 60
    faces = {tile_face(t.white, t.black) for t in TILES}
    assert len(faces) == 27                       # one number per tile
    assert {divmod(f, 10) for f in faces} == {(t.white, t.black) for t in TILES}


def test_face_down_and_a_token_face_up_are_no_tile():
    faces = {t.code for t in TILES}
    assert TILE_FACE_DOWN not in faces and TILE_TOKEN_UP not in faces
    assert (FACE_DOWN, MARKER_UP) == (TILE_FACE_DOWN, TILE_TOKEN_UP)
    assert all(t.code == tile_face(t.white, t.black) for t in TILES)
