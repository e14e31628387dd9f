"""2 1 6 board files (TS-D1, TS-D2 and the layout): the packaged sides, malformed files
refused naming the key, and the printed board's numbers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from calibration.board_files import BoardFileError, load_board
from engine.errors import BoardDataError
from engine.games import two_one_six as ts
from engine.table import Colour, ItemKind

from .two_one_six_support import board, board_data

SIDES = ("6x6", "4x4", "8x8", "12x12")


@pytest.fixture(autouse=True)
def _no_user_boards(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


@pytest.mark.parametrize(("side", "size", "faces", "reads", "sheet"), [
    ("6x6", 6, 6, True, "A4"), ("4x4", 4, 4, False, "A4"), ("8x8", 8, 8, False, "A4"),
    ("12x12", 12, 6, True, "A3"),
])
def test_packaged_sides(side: str, size: int, faces: int, reads: bool, sheet: str) -> None:
    b = load_board("two-one-six", side)
    assert (b.size, b.faces, b.reads_values, b.sheet) == (size, faces, reads, sheet)
    assert b.colours == (Colour.WHITE, Colour.RED, Colour.BLACK, Colour.BLUE)
    assert b.options == ts.Options()


def test_the_default_side_is_6x6_and_options_come_through_the_loader() -> None:
    assert ts.INFO.sides[0] == "6x6"
    b = load_board("two-one-six", "12x12", options={"players": "4", "area": "on"})
    assert (b.players, b.options.area, b.letters) == (4, True, "ABCD")
    with pytest.raises(BoardFileError, match="players=3 needs the 12x12 side"):
        load_board("two-one-six", None, options={"players": "3"})


def _load(change: dict[str, Any], side: str = "6x6") -> ts.Board:
    return ts.GAME.load_board(side, {**board_data(side), **change})


@pytest.mark.parametrize(("change", "words"), [
    ({"game": "unification"}, "for game 'unification'"),
    ({"side": "4x4"}, "for side '4x4'"),
    ({"grid": {"rows": 6, "cols": 5}}, '"grid" must be a square of 4x4, 6x6, 8x8, 12x12'),
    ({"grid": {"rows": 10, "cols": 10}}, '"grid" must be a square'),
    ({"grid": {"rows": 6.0, "cols": 6.0}}, '"grid" must be a square'),
    ({"grid": {"rows": 8, "cols": 8}}, "\"grid\" 8x8 does not match side '6x6'"),
    ({"die": 8}, '"die": a 6x6 grid is played with a d6'),
    ({"colours": {"A": "purple"}}, '"colours": A must be one of white, red, black'),
    ({"colours": {"E": "green"}}, "\"colours\": unknown player 'E'"),
    ({"colours": {"AB": "green"}}, "\"colours\": unknown player 'AB'"),
    ({"colours": {"B": "white"}}, '"colours": A and B are both white'),
    ({"colours": ["white"]}, '"colours" must be an object'),
    ({"camera_reads_values": "yes"}, '"camera_reads_values" must be true or false'),
    ({"sheet": "A5"}, '"sheet" must be one of A4, A3'),
    ({"sheet": ["A4"]}, '"sheet" must be one of A4, A3'),
    ({"options": "diagonals"}, '"options" must be an object'),
    ({"options": {"diagonal": "on"}}, "unknown option 'diagonal'"),
    ({"layout": {"size_mm": 280}}, "does not fit the A4 sheet"),
    ({"layout": {"cell_mm": 30}}, "do not fit"),
    ({"layout": {"zones": {"cup": [0, 0, 20, 20]}}}, "must include 'tray'"),
    ({"speed": 3}, "unknown key 'speed'"),
])
def test_a_malformed_board_file_is_refused_naming_the_key(change: dict[str, Any],
                                                          words: str) -> None:
    with pytest.raises(BoardDataError, match=words):
        _load(change)


def test_a_user_copy_of_a_side_wins_over_the_packaged_file(tmp_path: Path) -> None:
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "two-one-six-6x6.json").write_text(
        '{"game": "two-one-six", "side": "6x6", "grid": {"rows": 6, "cols": 6}, '
        '"colours": {"A": "green"}, "options": {"diagonals": "on"}}')
    b = load_board("two-one-six", "6x6", override_dir=folder)
    assert (b.colours[0], b.options.diagonals, b.faces) == (Colour.GREEN, True, 6)


# --- the printed board -------------------------------------------------------------------------

@pytest.mark.parametrize(("side", "cell", "board_mm", "tray"), [
    ("4x4", 26.0, 190.0, (149.0, 24.0, 41.0, 142.0)),
    ("6x6", 22.0, 190.0, (163.0, 24.0, 27.0, 142.0)),
    ("8x8", 18.0, 190.0, (169.0, 24.0, 21.0, 142.0)),
    ("12x12", 19.0, 280.0, (256.0, 24.0, 24.0, 232.0)),
])
def test_layout_numbers(side: str, cell: float, board_mm: float,
                        tray: tuple[float, float, float, float]) -> None:
    layout = ts.GAME.layout(board(side))
    assert (layout.cell_mm, layout.size_mm, layout.marker_mm, layout.item_mm) == (
        cell, board_mm, 22.0, 16.0)
    assert layout.rows == layout.cols == int(side.split("x")[0])
    assert layout.item_kind is ItemKind.DIE and layout.palette == (Colour.WHITE, Colour.RED)
    (zone,) = layout.zones
    assert (zone.name, (zone.x_mm, zone.y_mm, zone.w_mm, zone.h_mm)) == ("tray", tray)


@pytest.mark.parametrize("side", SIDES)
def test_the_tray_lies_beside_the_grid_clear_of_the_markers_and_holds_a_die(side: str) -> None:
    layout = ts.GAME.layout(board(side))
    (tray,) = layout.zones
    gx, gy = layout.grid_origin_mm
    grid_east = gx + layout.cols * layout.cell_mm
    assert gx == gy and gx >= layout.marker_mm  # centred, clear of the markers
    assert tray.x_mm > grid_east and tray.x_mm + tray.w_mm <= layout.size_mm
    m = layout.marker_mm
    assert tray.y_mm > m and tray.y_mm + tray.h_mm < layout.size_mm - m
    assert tray.w_mm >= layout.item_mm + 2 and layout.cell_mm > layout.item_mm
    assert layout.zone_at(tray.x_mm + 5, tray.y_mm + 5) is tray
    assert layout.zone_at(gx + 1, gy + 1) is None


def test_the_palette_follows_the_players_and_the_title_names_the_die() -> None:
    layout = ts.GAME.layout(board("12x12", players="3"))
    assert layout.palette == (Colour.WHITE, Colour.RED, Colour.BLACK)
    assert layout.title == "2 1 6 · 12x12 · d6" and layout.name == "two-one-six-12x12"
    assert "A white, B red, C black" in layout.footer


def test_a_layout_override_moves_the_tray_with_the_cells() -> None:
    b = _load({"layout": {"cell_mm": 20}})
    (tray,) = ts.GAME.layout(b).zones
    assert tray.x_mm == (190 - 120) / 2 + 120 + 2
    own = _load({"layout": {"zones": {"tray": [10, 30, 20, 40]}}})
    assert ts.GAME.layout(own).zones[0].w_mm == 20
