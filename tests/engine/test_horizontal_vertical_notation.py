"""Horizontal & Vertical notation: positions, moves and view texts round trip, malformed texts
are refused with a message, and ``dicekeeper moves`` / ``dicekeeper judge`` print exactly
what docs/notation/horizontal-vertical.md shows."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from device.cli import main
from engine.errors import NotationError
from engine.games.horizontal_vertical import (
    GAME,
    Pass,
    RollSeen,
    Write,
    parse_move,
    parse_position,
    view_from_text,
    view_to_text,
)
from engine.games.horizontal_vertical.spot import Spot
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

from .test_horizontal_vertical_rules import hv_board

EXAMPLE = "...../.4.../...../...../..... passes=1 roll=1,3,4"


@pytest.fixture(autouse=True)
def _packaged_boards_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))


# -- positions --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    EXAMPLE,
    "...../...../...../...../..... passes=0 roll=-",
    "14234/651X5/65432/..3../..5.. passes=3 roll=6,6,6",
])
def test_positions_round_trip(text: str) -> None:
    assert parse_position(text, hv_board()).position() == text


def test_roll_faces_any_order_printed_ascending_and_fields_in_any_order() -> None:
    state = parse_position("...../.4.../...../...../..... roll=4,1,3 passes=1", hv_board())
    assert state.position() == EXAMPLE and state.roll == (1, 3, 4)


def test_the_example_position_means_what_the_issue_says() -> None:
    state = parse_position(EXAMPLE, hv_board())
    assert state.at(Spot(3, 3)) == "4" and state.passes == 1
    assert state.cells.count(".") == 24


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty position"),
    ("...../...../...../..... passes=0 roll=-", "5 rows of 5 cells"),
    ("...../...../...../...../.... passes=0 roll=-", "5 rows of 5 cells"),
    ("...../...../...../...../....x passes=0 roll=-", "'.', a number 1-6 or 'X'"),
    ("...../...../...../...../....7 passes=0 roll=-", "'.', a number 1-6 or 'X'"),
    ("...../...../...../...../..... roll=-", "lacks passes="),
    ("...../...../...../...../..... passes=0", "lacks roll="),
    ("...../...../...../...../..... passes=4 roll=-", "0 to 3"),
    ("...../...../...../...../..... passes=0 roll=1,3", "three faces 1-6"),
    ("...../...../...../...../..... passes=0 roll=0,3,4", "three faces 1-6"),
    ("...../...../...../...../..... passes=0 roll=- roll=-", "unexpected 'roll=-'"),
    ("...../...../...../...../..... passes=0 roll=- P=4", "unexpected 'P=4'"),
])
def test_malformed_positions(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_position(text, hv_board())


# -- moves ------------------------------------------------------------------------------------

def test_moves_parse_to_values() -> None:
    assert parse_move("5@2-6 X@4-4") == Write(5, Spot(2, 6), (Spot(4, 4),))
    assert parse_move("P X@3-3") == Pass((Spot(3, 3),))
    assert parse_move("roll=4,1,3") == RollSeen((1, 3, 4))


@pytest.mark.parametrize(("text", "canonical"), [
    ("5@2-6 X@4-4", "5@2-6 X@4-4"),
    ("1@5-5 X@3-3 X@2-2", "1@5-5 X@2-2 X@3-3"),   # X marks in row-major order
    ("X@3-3 1@5-5  X@2-2", "1@5-5 X@2-2 X@3-3"),  # any order and spacing on input
    ("p x@3-3", "P X@3-3"),
    ("P", "P"),
    ("5@2-6 2@5-6 X@4-4", "5@2-6 2@5-6 X@4-4"),  # parsed, refused by play (HV-F4)
    ("ROLL=6,1,6", "roll=1,6,6"),
])
def test_move_texts_print_canonically(text: str, canonical: str) -> None:
    move = parse_move(text)
    assert str(move) == canonical and parse_move(canonical) == move


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty move"),
    ("X@2-2", "writes no number"),
    ("5@1-6", "label 2-6"),
    ("5@2-7", "label 2-6"),
    ("7@2-2", "expected a number like '5@2-6'"),
    ("5@2-6X@4-4", "label 2-6"),
    ("5@2-6 Y@4-4", "expected a number like '5@2-6'"),
    ("P 5@2-2", "expected a number like '5@2-6'"),
    ("P X@2", "label 2-6"),
    ("roll=1,2", "three faces 1-6"),
    ("roll=1,2,3 X@2-2", "a roll is one field"),
])
def test_malformed_moves(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_move(text)


# -- view texts -------------------------------------------------------------------------------

def test_view_text_of_an_expected_view() -> None:
    state = parse_position("3..../.X.../...../...../..... passes=1 roll=1,3,4", hv_board())
    view = GAME.expected_view(state)
    assert view_to_text(view) == "#..../.#.../...../...../..... roll=1,3,4 passes=#"
    assert view_from_text(view_to_text(view)) == view


def test_view_text_keeps_places_colours_confidences_and_status() -> None:
    ink = Item(None, kind=ItemKind.INK, x_mm=96.0, y_mm=96.0, confidence=0.75)
    dice = (Item(4, x_mm=31.5, y_mm=80.0), Item(None, Colour.UNKNOWN, 0.5, 40.0, 122.25),
            Item(6, Colour.RED, x_mm=-0.5, y_mm=1e-05))
    grid = tuple(tuple(ink if (r, c) == (0, 0) else None for c in range(5)) for r in range(5))
    view = TableView(grid=grid, zones=(("roll", dice), ("passes", ())), status=ViewStatus.HAND,
                     outside=(Item(2, x_mm=200.0, y_mm=20.0),))
    text = view_to_text(view)
    assert text == ("#@96.0:96.0~0.75..../...../...../...../..... "
                    "roll=4@31.5:80.0,U?@40.0:122.25~0.5,R6@-0.5:1e-05 passes=- "
                    "out=2@200.0:20.0 S=hand")
    assert view_from_text(text) == view


def test_a_view_without_the_pass_box_zone_has_no_passes_field() -> None:
    view = view_from_text("...../...../...../...../..... roll=1,2,3")
    assert view.zones == (("roll", (Item(1), Item(2), Item(3))),)
    assert view_to_text(view) == "...../...../...../...../..... roll=1,2,3"


def test_a_zone_of_a_board_files_own_layout_is_kept() -> None:
    view = view_from_text("...../...../...../...../..... tray=4 roll=1,2,3")
    assert [name for name, _ in view.zones] == ["tray", "roll"]
    assert view_to_text(view) == "...../...../...../...../..... tray=4 roll=1,2,3"


@pytest.mark.parametrize("text", [
    "", "...../..,../...../...../.....", "...../...../...../...../..... roll=7",
    "...../...../...../...../..... roll=1@2", "...../...../...../...../..... P=1,2,3",
    "...../...../...../...../..... roll=1 roll=2", "...../...../...../...../..... S=asleep",
    "...../...../...../...../..... roll=1@1e999:2",
])
def test_malformed_view_texts(text: str) -> None:
    with pytest.raises(NotationError):
        view_from_text(text)


# -- the commands -----------------------------------------------------------------------------

def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    out: str = capsys.readouterr().out
    return out


def judge(capsys: pytest.CaptureFixture[str], position: str, move: str,
          *more: str) -> dict[str, object]:
    out = run(capsys, "judge", "horizontal-vertical", "--position", position, "--move", move,
              *more)
    assert out.count("\n") == 1  # exactly one JSON object
    result: dict[str, object] = json.loads(out)
    return result


def test_judge_a_legal_write(capsys: pytest.CaptureFixture[str]) -> None:
    assert judge(capsys, EXAMPLE, "3@4-4 X@2-2") == {
        "legal": True, "code": None, "message": "", "outcome": None, "score": None,
        "position": "X..../.4.../..3../...../..... passes=1 roll=-"}


def test_judge_an_illegal_write_keeps_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert judge(capsys, EXAMPLE, "3@4-4") == {
        "legal": False, "code": "HV-F5", "message": "1 wildcard used: write 1 X", "outcome": None,
        "score": None, "position": EXAMPLE}


def test_judge_a_winning_write_with_the_clock(capsys: pytest.CaptureFixture[str]) -> None:
    result = judge(capsys, "14234/651X5/65432/..3../..... passes=1 roll=4,5,6", "5@6-4",
                   "--remaining", "157")
    assert result == {"legal": True, "code": None, "message": "", "outcome": "success",
                      "score": 4, "position": "14234/651X5/65432/..3../..5.. passes=1 roll=-"}


def test_judge_number_side_and_the_unscored_option(capsys: pytest.CaptureFixture[str]) -> None:
    position = "52565/1..../2..../5..../..... passes=0 roll=2,5,6"
    assert judge(capsys, position, "5@6-2", "--side", "number", "--remaining", "100")[
        "outcome"] == "success"  # row 2 has three 5s, column 2 gets three 5s
    result = judge(capsys, position, "5@6-2", "--side", "number", "--option", "scoring=off")
    assert (result["outcome"], result["score"]) == ("success", None)


def test_moves_lists_writes_then_passes(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "moves", "horizontal-vertical", "--position",
              "XXXXX/XXXXX/XXXXX/XXXX./XXX.. passes=2 roll=2,5,6")
    assert out.splitlines() == ["2@5-6", "2@6-5", "P X@5-6", "P X@6-5", "P X@6-6"]


def test_without_a_roll_there_is_no_move_to_list(capsys: pytest.CaptureFixture[str]) -> None:
    """HV-A1 before HV-A2/A3: with no roll in view the player must roll; the roll is chance,
    not a move to choose, so `moves` lists nothing."""
    out = run(capsys, "moves", "horizontal-vertical", "--position",
              "...../...../...../...../..... passes=0 roll=-")
    assert out.strip() == ""


@pytest.mark.parametrize("argv", [
    ["judge", "horizontal-vertical", "--position", "...../..... passes=0 roll=-", "--move", "P"],
    ["judge", "horizontal-vertical", "--position", EXAMPLE, "--move", "3@4-7"],
    ["judge", "horizontal-vertical", "--position", EXAMPLE, "--move", "3@4-4",
     "--option", "scoring=fast"],
    ["judge", "horizontal-vertical", "--position", EXAMPLE, "--move", "3@4-4",
     "--option", "colour=red"],
    ["moves", "horizontal-vertical", "--side", "diagonal", "--position", EXAMPLE],
])
def test_bad_input_exits_2_with_a_message(capsys: pytest.CaptureFixture[str],
                                          argv: list[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(f"dicekeeper {argv[0]}: ")


DOC = Path(__file__).resolve().parents[2] / "docs" / "notation" / "horizontal-vertical.md"


def test_the_documented_judge_examples_are_what_the_command_prints(
        capsys: pytest.CaptureFixture[str]) -> None:
    lines = DOC.read_text(encoding="utf-8").splitlines()
    examples = [(line, lines[i + 1]) for i, line in enumerate(lines)
                if line.startswith("$ dicekeeper judge ")]
    assert len(examples) >= 6
    for command, printed in examples:
        argv = shlex.split(command)[2:]
        assert run(capsys, *argv) == printed + "\n", command


def test_the_documented_view_texts_parse_back() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = text[text.index("## View text"):].split("```")[1]
    views = [line for line in block.splitlines() if line.strip()]
    assert len(views) == 2
    for line in views:
        assert view_to_text(view_from_text(line)) == line
