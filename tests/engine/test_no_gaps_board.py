"""No Gaps board data and printed layout: the packaged charts are NG-D2..D4 (and tile the
grid), AMB-NG1's default bonus, a malformed board file names the key and the problem, and the
layout fits a 190 mm board with its zones clear of the markers and the grid."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from calibration.board_files import BoardFileError, load_board
from engine.errors import BoardDataError
from engine.games.no_gaps import GAME, Board, State, advisory
from engine.games.no_gaps.board import FULL
from engine.games.no_gaps.shapes import orientations
from engine.layout import Layout
from engine.table import Colour, ItemKind

from .no_gaps_support import board, board_data

NG_D4 = {
    "M1": [(0, 0)], "D2": [(0, 0), (0, 1)], "I3": [(0, 0), (0, 1), (0, 2)],
    "L3": [(0, 0), (1, 0), (1, 1)], "I4": [(0, 0), (0, 1), (0, 2), (0, 3)],
    "O4": [(0, 0), (0, 1), (1, 0), (1, 1)], "T4": [(0, 0), (0, 1), (0, 2), (1, 1)],
    "S4": [(0, 1), (0, 2), (1, 0), (1, 1)], "L4": [(0, 0), (1, 0), (2, 0), (2, 1)],
    "P5": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)], "L5": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
    "U5": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)], "Y5": [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)],
    "V5": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)], "W5": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    "X5": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)], "Z5": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
    "F5": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)], "N5": [(0, 0), (1, 0), (1, 1), (2, 1), (3, 1)],
}


def chart(b: Board) -> list[tuple[int, str, int, int]]:
    return [(t.face, t.name, t.copies, t.bonus) for t in b.tiles]


def test_side_a_is_ng_d2() -> None:
    assert chart(board("a")) == [
        (1, "M1", 3, 0), (2, "D2", 3, 1), (3, "I3", 2, 2), (3, "L3", 2, 2),
        (4, "I4", 1, 3), (4, "O4", 1, 3), (4, "T4", 1, 3), (4, "S4", 1, 3), (4, "L4", 1, 3),
        (5, "P5", 1, 3), (5, "L5", 1, 3), (5, "U5", 1, 3), (5, "Y5", 1, 3)]
    assert board("a").rerolls == 4 and board("a").sets_aside(6)


def test_side_b_is_ng_d3() -> None:
    assert chart(board("b")) == [
        (1, "M1", 1, 0), (1, "D2", 2, 1), (2, "I3", 1, 2), (2, "L3", 2, 2),
        (3, "I4", 1, 3), (3, "O4", 1, 3), (3, "T4", 1, 3), (3, "S4", 1, 3), (3, "L4", 1, 3),
        (4, "P5", 1, 3), (4, "L5", 1, 3), (4, "U5", 1, 3), (4, "Y5", 1, 3),
        (5, "V5", 1, 3), (5, "W5", 1, 3), (5, "X5", 1, 3), (5, "Z5", 1, 3), (5, "F5", 1, 3),
        (5, "N5", 1, 3)]


def test_shapes_are_ng_d4_and_pentominoes_are_all_different() -> None:
    for side in ("a", "b"):
        for t in board(side).tiles:
            assert t.shape == tuple(NG_D4[t.name]), t.name
    pentominoes = [orientations(NG_D4[n]) for n in NG_D4 if n.endswith("5")]
    assert len({min(forms) for forms in pentominoes}) == 10
    assert (len(orientations(NG_D4["X5"])), len(orientations(NG_D4["F5"]))) == (1, 8)


def test_amb_ng1_bonus_defaults_to_cells_minus_1_capped_at_3() -> None:
    data = board_data("a")
    for entries in data["chart"].values():  # type: ignore[union-attr]
        for entry in entries:
            del entry["bonus"]
    assert chart(GAME.load_board("a", data)) == chart(board("a"))


@pytest.mark.parametrize("side", ["a", "b"])
def test_both_charts_admit_a_complete_tiling(side: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advisory, "SEARCH_BUDGET", 10**6)
    empty = State(board(side))
    counts = {t.name: t.copies for t in empty.board.tiles}
    assert advisory._tile(empty, FULL, counts, [0])


def _changed(path: str, value: object) -> dict[str, Any]:
    """The side A data with the value at ``path`` (keys split by '/') set, or removed if
    ``value`` is ``...``."""
    data = copy.deepcopy(board_data("a"))
    *parents, last = path.split("/")
    target: Any = data
    for key in parents:
        target = target[int(key) if isinstance(target, list) else key]
    if value is ...:
        del target[last]
    else:
        target[int(last) if isinstance(target, list) else last] = value
    return data


@pytest.mark.parametrize(("path", "value", "words"), [
    ("colour", "red", "unknown key 'colour'"),
    ("game", "unification", "for game 'unification', not 'no-gaps'"),
    ("side", "b", "for side 'b', not 'a'"),
    ("grid", {"rows": 5, "cols": 6}, '"grid": No Gaps needs a 6 x 6 grid'),
    ("rerolls", -1, '"rerolls": the number of reroll boxes must be a whole number 0-9'),
    ("rerolls", "4", '"rerolls"'),
    ("shapes", ..., '"shapes" must be an object'),
    ("shapes/O4", [[0, 0], [0, 1], [1, 0], [0, 1]], "\"shapes\" 'O4': a cell is listed twice"),
    ("shapes/O4", [[0, 0], [0, 1], [2, 0], [2, 1]], "\"shapes\" 'O4': the cells must form one"),
    ("shapes/O4", [[0, 0], [0, "1"]], "\"shapes\" 'O4': a cell must be [row, column]"),
    ("shapes/O4", [[0, c] for c in range(7)], "\"shapes\" 'O4': the shape does not fit"),
    ("shapes/O4", [], "\"shapes\" 'O4' must be a list of [row, column] cells"),
    ("shapes/o4", [[0, 0]], "\"shapes\" 'o4': a tile name is a capital letter"),
    ("chart", ..., '"chart" must be an object'),
    ("chart/7", [], '"chart": unknown face \'7\''),
    ("chart/6", ..., '"chart": face "6" is missing'),
    ("chart/4", {"tile": "O4"}, '"chart" face "4" must be a list of tiles'),
    ("chart/4/1", "O4", '"chart" face "4" entry 1 must be an object'),
    ("chart/4/1/colour", "red", "\"chart\" face \"4\" entry 1: unknown key 'colour'"),
    ("chart/4/1/tile", "Q4", '"chart" face "4" entry 1: "tile" must name a shape'),
    ("chart/4/1/copies", 0, '"chart" face "4" entry 1: "copies" must be a whole number 1-9'),
    ("chart/4/1/copies", True, '"copies" must be a whole number 1-9, got True'),
    ("chart/4/1/bonus", 4, '"chart" face "4" entry 1: "bonus" must be a whole number 0-3'),
    ("chart/5/0/tile", "O4", "\"chart\": tile 'O4' is listed twice"),
    ("options/scoring", "loud", "option scoring must be one of on, off, got 'loud'"),
    ("options/speed", "fast", "unknown option 'speed'"),
    ("layout", {"cell": 20}, "unknown layout key 'cell'"),
])
def test_malformed_board_data_names_the_key_and_the_problem(path: str, value: object,
                                                            words: str) -> None:
    with pytest.raises(BoardDataError) as info:
        GAME.load_board("a", _changed(path, value))
    assert words in str(info.value)


def test_a_bad_user_file_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "no-gaps-a.json").write_text(json.dumps(_changed("chart/1/0/copies", 10)))
    with pytest.raises(BoardFileError, match=r"board file no-gaps-a.json: .*copies"):
        load_board("no-gaps", "a", override_dir=tmp_path)
    custom = _changed("chart/1/0/copies", 4)
    (tmp_path / "no-gaps-a.json").write_text(json.dumps(custom))
    assert load_board("no-gaps", "a", override_dir=tmp_path).tile("M1").copies == 4
    assert load_board("no-gaps", "b").tile("V5") is not None


# --- the printed board ----------------------------------------------------------------------

Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _forbidden(layout: Layout) -> list[Box]:
    """The four markers and the grid."""
    s, m = layout.size_mm, layout.marker_mm
    gx, gy = layout.grid_origin_mm
    grid = (gx, gy, gx + layout.cols * layout.cell_mm, gy + layout.rows * layout.cell_mm)
    return [(0, 0, m, m), (s - m, 0, s, m), (0, s - m, m, s), (s - m, s - m, s, s), grid]


@pytest.mark.parametrize("side", ["a", "b"])
def test_layout_fits_an_a4_board_with_zones_clear_of_markers_and_grid(side: str) -> None:
    layout = GAME.layout(board(side))
    assert (layout.size_mm, layout.marker_mm, layout.rows, layout.cols) == (190, 22, 6, 6)
    assert layout.cell_mm == 18 and layout.grid_origin_mm == (41.0, 41.0)
    assert (layout.item_kind, layout.palette, layout.item_mm) == (ItemKind.INK,
                                                                  (Colour.WHITE,), 16)
    assert [z.name for z in layout.zones] == ["fresh", "spent", "removed"]
    boxes = [(z.x_mm, z.y_mm, z.x_mm + z.w_mm, z.y_mm + z.h_mm) for z in layout.zones]
    boxes += [label.box_mm for label in layout.labels]
    for i, box in enumerate(boxes):
        assert 0 <= box[0] < box[2] <= layout.size_mm and 0 <= box[1] < box[3] <= layout.size_mm
        assert not any(_overlap(box, f) for f in _forbidden(layout)), box
        assert not any(_overlap(box, other) for other in boxes[i + 1:]), box
    for z in layout.zones:  # six 16 mm dice, two by three
        assert sorted((z.w_mm, z.h_mm)) >= [2 * 16 + 4, 3 * 16 + 4]


def test_layout_prints_a_box_per_tile_copy_and_four_reroll_boxes() -> None:
    for side, copies in (("a", 19), ("b", 21)):
        texts = [label.text for label in GAME.layout(board(side)).labels]
        assert len([t for t in texts if "+" in t]) == copies
        assert texts[-5:] == ["rerolls", "1", "2", "3", "4"] and "6: set aside" in texts
    texts = [label.text for label in GAME.layout(board("b")).labels]
    assert texts[:4] == ["1", "M1 +0", "D2 +1", "D2 +1"]
    assert GAME.layout(board("a")).title == "No Gaps · side A"


def test_a_board_file_may_change_the_layout() -> None:
    bigger = GAME.load_board("a", {**board_data("a"), "layout": {"size_mm": 280,
                                                                 "cell_mm": 20}})
    layout = GAME.layout(bigger)
    assert layout.grid_origin_mm == (80.0, 80.0)
    assert layout.zones[0].x_mm == 80 + 120 + 2  # east of the grid
    own = GAME.load_board("a", {**board_data("a"),
                                "layout": {"zones": {"fresh": [150, 30, 30, 60]}}})
    assert [z.name for z in GAME.layout(own).zones] == ["fresh"]
