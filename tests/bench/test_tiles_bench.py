"""Tests of the tiles benchmark's pieces: its scenes and how it scores them."""

from __future__ import annotations

import argparse
import re

from bench.tiles import KindTally, Piece, _strays, command, tile_scene
from calibration.board_files import load_layout
from device.cli import build_parser
from engine.table import TILE_FACE_DOWN
from vision.board.geometry import BoardGeometry
from vision.board.tiles import TileDetection

G = BoardGeometry(load_layout("bossa", "regular"))


def test_scenes_are_seeded_and_vary() -> None:
    assert tile_scene(7) == tile_scene(7)
    scenes = [tile_scene(n) for n in range(24)]
    assert len({s.pose for s, _ in scenes}) == 24
    kinds = {p.kind for _, pieces in scenes for p in pieces}
    assert kinds == {"tile", "back", "token", "die"}
    assert any(s.hand is not None for s, _ in scenes)
    assert {s.board.title for s, _ in scenes} == {"Bossa (Regular)", "Bossa (Novice)"}
    for scene, pieces in scenes:  # every face-up tile drawn is a piece to read
        assert sum(t.face_up for t in scene.tiles) == sum(p.kind == "tile" for p in pieces)


def _at(piece: Piece, face: int | None, dx_mm: float = 0.0, sure: float = 0.9,
        colour: str = "white") -> TileDetection:
    x, y = G.mm_to_px(piece.x_mm + dx_mm, piece.y_mm)
    return TileDetection(x, y, G.die_px, 0.0, face, colour, 0.0 if face is None else sure)


def test_the_tally_counts_found_read_abstained_and_wrong_pieces() -> None:
    piece = Piece("tile", 60.0, 60.0, 21)
    tally = KindTally()
    tally.add(0, piece, [_at(piece, 21)], G)
    tally.add(1, piece, [_at(piece, None)], G)
    tally.add(2, piece, [_at(piece, 12, dx_mm=1.0)], G)
    tally.add(3, piece, [_at(piece, 12, dx_mm=12.0)], G)          # far off: not found
    tally.add(4, piece, [_at(piece, 21, sure=0.4)], G)            # unsure: abstained
    tally.add(5, piece, [_at(piece, 12, dx_mm=4.0), _at(piece, 21)], G)  # the nearest counts
    assert (tally.pieces, tally.found, tally.read, tally.abstained, tally.wrong) == \
        (6, 5, 2, 2, [2])
    die = Piece("die", 140.0, 130.0, 5, "black")
    dice = KindTally()
    dice.add(0, die, [_at(die, 5, colour="white")], G)  # the right face, the wrong pips' colour
    assert dice.wrong == [0]


def test_a_face_called_where_no_piece_lies_is_a_stray() -> None:
    pieces = [Piece("back", 100.0, 100.0, TILE_FACE_DOWN)]
    assert _strays(pieces, [_at(pieces[0], 0)], G) == 0
    far = _at(Piece("tile", 10.0, 200.0, 1), 1)
    assert _strays(pieces, [far, _at(Piece("tile", 10.0, 200.0, 1), None)], G) == 1


def test_the_command_is_wired_and_ends_in_one_summary_line(capsys) -> None:
    args = build_parser().parse_args(["bench", "tiles", "--scenes", "1"])
    assert command(argparse.Namespace(scenes=args.scenes)) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.split(":")[0] for line in lines[:4]] == ["tile", "back", "token", "die"]
    assert re.fullmatch(r"scenes 1 \| tiles \d+ \| found [\d.]+% \| read [\d.]+% \| wrong 0 \| "
                        r"abstained [\d.]+% \| false 0 \| hand frames \d+ \| hidden \d+ \| "
                        r"board not found 0 \| find_board_tiles [\d.]+ ms/scene", lines[-1]), \
        lines[-1]
