"""Horizontal & Vertical board data (HV-D1..D3): the packaged files hold the DEFAULT tables,
the condition grammar, clear errors naming the key of a malformed file, and the printed
layout's geometry."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from calibration.board_files import BoardFileError, load_board
from engine.errors import BoardDataError
from engine.games.horizontal_vertical import GAME, parse_position
from engine.games.horizontal_vertical.conditions import Condition, parse_condition
from engine.games.horizontal_vertical.spot import Spot
from engine.table import Colour, ItemKind

BOARDS = Path(__file__).resolve().parents[2] / "calibration" / "boards"


def data(side: str = "total") -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((BOARDS / f"horizontal-vertical-{side}.json").read_text())
    return loaded


@pytest.fixture(autouse=True)
def _no_user_boards(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def test_hv_d2_total_side_default_table() -> None:
    board = load_board("horizontal-vertical", "total")
    assert [str(c) for c in board.row_conditions] == ["le 14", "eq 17", "ge 21", "eq 17",
                                                      "le 14"]
    assert [str(c) for c in board.col_conditions] == ["even", "eq 18", "odd", "eq 18", "even"]
    assert board.row_labels == board.col_labels == (2, 3, 4, 5, 6)  # HV-D1 DEFAULT order
    assert board.options.scoring == "timer"


def test_hv_d3_number_side_every_line_same_ge_3() -> None:
    board = load_board("horizontal-vertical", "number")
    assert {str(c) for c in (*board.row_conditions, *board.col_conditions)} == {"same_ge 3"}


@pytest.mark.parametrize(("text", "values", "holds"), [
    ("le 14", [1, 4, 2, 3, 4], True), ("le 14", [1, 4, 2, 3, 5], False),
    ("eq 17", [6, 5, 1, 1, 4], True), ("eq 17", [6, 5, 1, 1, 5], False),
    ("ge 21", [6, 5, 4, 3, 2], False), ("ge 21", [6, 5, 4, 3, 3], True),
    ("even", [1, 1, 1, 1, 2], True), ("odd", [2, 1, 4, 3, 5], True),
    ("odd", [2, 1, 4, 3, 6], False),
    ("same_ge 3", [5, 2, 5, 6, 5], True), ("same_ge 3", [5, 2, 5, 6, 1], False),
])
def test_the_condition_grammar(text: str, values: list[int], holds: bool) -> None:
    assert parse_condition("rows.2", text).holds(values) is holds


@pytest.mark.parametrize(("text", "values", "empty", "reachable"), [
    ("le 14", [6, 6], 3, False), ("le 14", [6, 5], 3, True),
    ("eq 17", [1, 1], 3, True), ("eq 17", [6, 6, 6, 6], 1, False),
    ("ge 21", [1, 2], 3, True), ("ge 21", [1, 1], 3, False),
    ("even", [1, 2, 2, 2], 1, True), ("odd", [2, 2, 2, 2, 2], 0, False),
    ("same_ge 3", [1, 2, 3, 4], 1, False), ("same_ge 3", [1, 2, 3], 2, True),
])
def test_a_condition_can_still_be_reached(text: str, values: list[int], empty: int,
                                          reachable: bool) -> None:
    assert parse_condition("rows.2", text).reachable(values, empty) is reachable


def test_conditions_print_on_the_board() -> None:
    printed = [Condition(k, n).printed for k, n in
               [("le", 14), ("eq", 17), ("ge", 21), ("even", None), ("same_ge", 3)]]
    assert printed == ["≤14", "=17", "≥21", "even", "3 same"]


def _with(change: dict[str, Any], side: str = "total") -> dict[str, Any]:
    d = data(side)
    for key, value in change.items():
        if isinstance(value, dict) and isinstance(d.get(key), dict) and key != "grid":
            d[key] = {**d[key], **value}
        else:
            d[key] = value
    return d


@pytest.mark.parametrize(("change", "words"), [
    ({"rows": {"2": "lt 14"}}, '"rows" label 2: condition \'lt 14\' is not one of'),
    ({"columns": {"4": "same_ge 9"}}, '"columns" label 4: in \'same_ge 9\' N must be 1 to 5'),
    ({"rows": {"2": 14}}, '"rows" label 2: condition 14 is not one of'),
    ({"rows": {"7": "le 14"}}, "\"rows\": unknown label '7'"),
    ({"rows": "le 14"}, 'the board needs a "rows" object'),
    ({"row_labels": [2, 3, 4, 5, 5]}, '"row_labels" must list the labels 2, 3, 4, 5, 6'),
    ({"col_labels": [2, 3, 4, 5]}, '"col_labels" must list the labels'),
    ({"grid": {"rows": 6, "cols": 5}}, '"grid": Horizontal & Vertical needs a 5 x 5 grid'),
    ({"side": "number"}, "for side 'number'"),
    ({"game": "unification"}, "for game 'unification'"),
    ({"options": {"scoring": "points"}}, "option scoring must be one of timer, off"),
    ({"options": {"speed": "fast"}}, "unknown option 'speed'"),
    ({"colours": ["white"]}, "unknown key 'colours'"),
    ({"layout": {"cell_mm": 40}}, "leaves no room"),
    ({"layout": {"zones": {"tray": [0, 0, 10, 10]}}}, 'must include "roll"'),
])
def test_malformed_board_data_names_the_key(change: dict[str, Any], words: str) -> None:
    with pytest.raises(BoardDataError) as info:
        GAME.load_board("total", _with(change))
    assert words in str(info.value)


def test_a_missing_line_condition_is_named() -> None:
    d = data()
    del d["columns"]["5"]
    with pytest.raises(BoardDataError, match='"columns": the condition of label 5 is missing'):
        GAME.load_board("total", d)


def test_a_user_copy_wins_and_a_bad_one_names_the_file(tmp_path: Path) -> None:
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "horizontal-vertical-total.json").write_text(
        json.dumps(_with({"rows": {"2": "ge 25"}})))
    board = load_board("horizontal-vertical", "total", override_dir=folder)
    assert str(board.row_conditions[0]) == "ge 25"
    (folder / "horizontal-vertical-total.json").write_text(json.dumps(_with({"rows": []})))
    with pytest.raises(BoardFileError, match="horizontal-vertical-total.json: the board needs"):
        load_board("horizontal-vertical", "total", override_dir=folder)


def test_options_override_the_file_and_are_checked() -> None:
    board = GAME.load_board("total", data(), {"scoring": "off"})
    assert board.options.scoring == "off"
    with pytest.raises(BoardDataError, match="unknown option 'pace'"):
        GAME.load_board("total", data(), {"pace": "fast"})


def test_hv_d1_a_board_printed_with_other_label_orders() -> None:
    """Label order is data: a board whose rows run 6..2 north to south names the north-west
    cell 6-2, and the position's first row is still the northern one."""
    board = GAME.load_board("total", _with({"row_labels": [6, 5, 4, 3, 2]}))
    state = parse_position("4..../...../...../...../..... passes=0 roll=-", board)
    assert state.at(Spot(6, 2)) == "4" and state.at(Spot(2, 2)) == "."
    assert str(board.row_conditions[0]) == "le 14"  # rows are keyed by label in the file


# -- the printed layout -----------------------------------------------------------------------

def _inside(box: tuple[float, float, float, float], size: float) -> bool:
    return 0 <= box[0] < box[2] <= size and 0 <= box[1] < box[3] <= size


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_layout_numbers() -> None:
    layout = GAME.layout(load_board("horizontal-vertical", "total"))
    assert (layout.size_mm, layout.marker_mm, layout.cell_mm, layout.item_mm) == (
        280.0, 22.0, 22.0, 16.0)
    assert (layout.rows, layout.cols, layout.grid_origin_mm) == (5, 5, (85.0, 85.0))
    assert layout.palette == (Colour.WHITE,) and layout.item_kind is ItemKind.INK
    assert [z.name for z in layout.zones] == ["roll", "passes"]
    roll, passes = layout.zones
    assert (roll.x_mm, roll.y_mm, roll.w_mm, roll.h_mm) == (6.0, 28.0, 56.0, 224.0)
    assert (passes.x_mm, passes.y_mm, passes.w_mm, passes.h_mm) == (107.0, 44.0, 66.0, 24.0)
    assert layout.title == "Horizontal & Vertical · total side"


def test_layout_zones_are_beside_the_grid_and_clear_of_the_markers() -> None:
    layout = GAME.layout(load_board("horizontal-vertical", "total"))
    size, m = layout.size_mm, layout.marker_mm
    markers = [(0, 0, m, m), (size - m, 0, size, m), (0, size - m, m, size),
               (size - m, size - m, size, size)]
    gx, gy = layout.grid_origin_mm
    grid = (gx, gy, gx + 5 * layout.cell_mm, gy + 5 * layout.cell_mm)
    boxes = [(z.x_mm, z.y_mm, z.x_mm + z.w_mm, z.y_mm + z.h_mm) for z in layout.zones]
    boxes += [label.box_mm for label in layout.labels]
    for box in boxes:
        assert _inside(box, size), box
        assert not any(_overlap(box, marker) for marker in markers), box
        assert not _overlap(box, grid), box
    roll = boxes[0]
    assert roll[2] - roll[0] >= 3 * layout.item_mm and roll[3] - roll[1] >= 3 * layout.item_mm


def test_layout_prints_labels_conditions_result_and_pass_boxes() -> None:
    layout = GAME.layout(load_board("horizontal-vertical", "total"))
    texts = [label.text for label in layout.labels]
    assert texts[:10] == ["2", "3", "4", "5", "6"] * 2          # row labels, column labels
    conditions = texts[10:30:2]
    assert conditions == ["≤14", "=17", "≥21", "=17", "≤14", "even", "=18", "odd", "=18",
                          "even"]
    assert texts[11:30:2] == [""] * 10                           # a result box after each
    passes = layout.labels[30:]
    assert [p.text for p in passes] == [""] * 3
    zone = layout.zones[1]
    for p in passes:
        x0, y0, x1, y1 = p.box_mm
        assert zone.contains(x0, y0) and zone.contains(x1, y1) and x1 - x0 == 18.0


def test_layout_follows_the_board_files_labels_and_numbers() -> None:
    layout = GAME.layout(GAME.load_board("number", _with({
        "col_labels": [6, 5, 4, 3, 2], "layout": {"cell_mm": 20}}, "number")))
    assert layout.cell_mm == 20.0 and layout.grid_origin_mm == (90.0, 90.0)
    assert [label.text for label in layout.labels[5:10]] == ["6", "5", "4", "3", "2"]
    assert layout.labels[10].text == "3 same"
    assert layout.zones[0].w_mm == 61.0  # the roll zone grows with the room left
