"""Pairing Five board data (PF-D1..D3 in editable files, clear errors for bad ones) and the
printed layout (A4 square, markers, five areas as a 5 x 2 grid, effect labels, unused zone)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from calibration.board_files import BoardFileError, load_board
from engine.errors import BoardDataError
from engine.games.pairing_five import GAME, Options
from engine.layout import Layout
from engine.table import Colour, ItemKind

from .test_pairing_five_rules import board_data, load

Box = tuple[float, float, float, float]


@pytest.fixture(autouse=True)
def _no_user_boards(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def test_packaged_defaults_match_pf_d2_and_pf_d3() -> None:
    basic, expert = load_board("pairing-five", "basic"), load_board("pairing-five", "expert")
    assert basic.effects == ("DOWN", "UP", "FLIP", "REROLL1", "SAME_REROLL")
    assert expert.effects == ("PM3", "PM2", "PM1", "ALMIGHTY", "AREA_CHANGE")
    assert basic.options == expert.options == Options("choice", "any")
    assert load_board("pairing-five").side == "basic"  # the default side


def test_a_users_copy_changes_the_areas(tmp_path: Path) -> None:
    data = {**board_data("basic"), "areas": {"A": "FLIP", "B": "UP", "C": "DOWN",
                                             "D": "REROLL1", "E": "SAME_REROLL"}}
    (tmp_path / "pairing-five-basic.json").write_text(json.dumps(data))
    board = load_board("pairing-five", "basic", override_dir=tmp_path)
    assert board.effect("A") == "FLIP" and board.effect("C") == "DOWN"
    assert GAME.layout(board).labels[0].text == "A  flip"


@pytest.mark.parametrize(("change", "words"), [
    ({"areas": {"A": "DOWN"}}, "area B is missing"),
    ({"areas": {"A": "DOWN", "B": "UP", "C": "FLIP", "D": "REROLL1", "E": "SAME_REROLL",
                "F": "UP"}}, "unknown area 'F'"),
    ({"areas": {"A": "DOWN", "B": "UP", "C": "FLIP", "D": "REROLL", "E": "SAME_REROLL"}},
     "area D: unknown effect 'REROLL'"),
    ({"areas": ["DOWN", "UP"]}, 'needs an "areas" object'),
    ({"game": "unification"}, "for game 'unification'"),
    ({"side": "expert"}, "for side 'expert'"),
    ({"options": {"pm_direction": "up"}}, "pm_direction must be one of choice, literal"),
    ({"options": {"timer": "off"}}, "unknown option 'timer'"),
    ({"options": "literal"}, '"options" must be an object'),
    ({"effects": {}}, "unknown key 'effects'"),
    ({"layout": {"cell_mm": 40}}, "do not fit"),
])
def test_invalid_board_data_names_the_key(change: dict[str, object], words: str) -> None:
    with pytest.raises(BoardDataError, match=words):
        GAME.load_board("basic", {**board_data("basic"), **change})


def test_a_bad_file_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "pairing-five-expert.json").write_text(json.dumps(
        {**board_data("expert"), "areas": {}}))
    with pytest.raises(BoardFileError, match="pairing-five-expert.json: area A is missing"):
        load_board("pairing-five", "expert", override_dir=tmp_path)


# --- layout -----------------------------------------------------------------------------------

def markers(layout: Layout) -> list[Box]:
    s, m = layout.size_mm, layout.marker_mm
    return [(0, 0, m, m), (s - m, 0, s, m), (0, s - m, m, s), (s - m, s - m, s, s)]


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_the_layout_numbers() -> None:
    layout = GAME.layout(load("basic"))
    assert (layout.name, layout.rows, layout.cols) == ("pairing-five", 5, 2)
    assert (layout.size_mm, layout.marker_mm, layout.cell_mm, layout.item_mm) == (
        190.0, 22.0, 26.0, 16.0)
    assert layout.grid_origin_mm == (69.0, 30.0)  # centred: 52 x 130 mm on 190 mm
    assert layout.item_kind is ItemKind.DIE and layout.palette == (Colour.WHITE, Colour.RED)
    (zone,) = layout.zones
    assert (zone.name, zone.x_mm, zone.y_mm, zone.w_mm, zone.h_mm) == (
        "unused", 124.0, 30.0, 60.0, 130.0)
    assert layout.title == "Pairing Five · basic side"


@pytest.mark.parametrize("side", ["basic", "expert"])
def test_labels_and_zone_lie_beside_the_grid_clear_of_the_markers(side: str) -> None:
    layout = GAME.layout(load(side))
    gx, gy = layout.grid_origin_mm
    grid = (gx, gy, gx + layout.cols * layout.cell_mm, gy + layout.rows * layout.cell_mm)
    (zone,) = layout.zones
    zone_box = (zone.x_mm, zone.y_mm, zone.x_mm + zone.w_mm, zone.y_mm + zone.h_mm)
    boxes = [label.box_mm for label in layout.labels] + [zone_box]
    for box in boxes:
        assert not overlap(box, grid) and not any(overlap(box, m) for m in markers(layout))
        assert 0 <= box[0] < box[2] <= layout.size_mm and 0 <= box[1] < box[3] <= layout.size_mm
    for row, label in enumerate(layout.labels):  # each beside its own row, west of the grid
        assert label.box_mm[2] < gx
        assert gy + row * layout.cell_mm <= label.box_mm[1] < label.box_mm[3] <= gy + (
            row + 1) * layout.cell_mm
    pitch = layout.item_mm + 8.0  # ten dice lie in the zone 8 mm apart
    assert (zone.w_mm // pitch) * (zone.h_mm // pitch) >= 10


def test_printed_effects_per_side() -> None:
    assert [label.text for label in GAME.layout(load("basic")).labels] == [
        "A  lower", "B  raise", "C  flip", "D  reroll 1", "E  reroll equals"]
    assert [label.text for label in GAME.layout(load("expert")).labels] == [
        "A  ±3", "B  ±2", "C  ±1", "D  any value", "E  swap areas"]


def test_a_board_file_may_change_the_numbers_and_the_zone_follows() -> None:
    board = GAME.load_board("basic", {**board_data("basic"), "layout": {"cell_mm": 24}})
    layout = GAME.layout(board)
    (zone,) = layout.zones
    assert layout.grid_origin_mm == (71.0, 35.0)
    assert (zone.x_mm, zone.y_mm, zone.h_mm) == (122.0, 35.0, 120.0)
    custom = GAME.load_board("basic", {**board_data("basic"),
                                       "layout": {"zones": {"unused": [130, 40, 50, 110]}}})
    assert GAME.layout(custom).zones[0].x_mm == 130.0
