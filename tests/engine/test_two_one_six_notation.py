"""2 1 6 notation: positions, moves and view texts round trip; malformed texts are refused
with a message; ``dicekeeper judge`` and ``moves`` print exactly the documented output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.cli import main
from engine.errors import NotationError
from engine.games import two_one_six as ts
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

from .two_one_six_support import BEFORE_LAST, EXAMPLE_GRID, LAST_CELL, board, empty

MID_GAME = "A4B1..../..A2..../......../........ to=B roll=3"


@pytest.fixture(autouse=True)
def _packaged_boards_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))


# --- positions -------------------------------------------------------------------------------

@pytest.mark.parametrize(("side", "text"), [
    ("4x4", MID_GAME),
    ("4x4", f"{empty(4)} to=A"),
    ("6x6", f"{EXAMPLE_GRID} to=A"),
    ("6x6", f"{BEFORE_LAST} to=B roll=6"),
    ("8x8", f"A8{empty(8)[2:]} to=B roll=8"),
    ("12x12", f"{empty(12)} to=D roll=1"),
])
def test_positions_round_trip(side: str, text: str) -> None:
    options = {"players": "4"} if side == "12x12" else {}
    state = ts.GAME.parse_position(text, board(side, **options))
    assert state.position() == text
    assert ts.GAME.parse_position(state.position(), state.board) == state


def test_a_position_reads_owner_value_to_and_roll() -> None:
    state = ts.GAME.parse_position(MID_GAME, board("4x4"))
    assert state.cells[:3] == (ts.Entry(0, 4), ts.Entry(1, 1), None)
    assert state.cells[5] == ts.Entry(0, 2)
    assert (state.to, state.roll, state.to_move) == (1, 3, 2)


def test_fields_after_the_grid_may_come_in_any_order_and_print_to_first() -> None:
    state = ts.GAME.parse_position(f"{empty(4)} roll=2 to=B", board("4x4"))
    assert state.position() == f"{empty(4)} to=B roll=2"


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty position"),
    (f"{empty(4)}", "lacks the player to move"),
    (f"{empty(4)}/........ to=A", "must have 4 rows"),
    ("......../......../......../...... to=A", "row 3 '......' must be 4 cells"),
    (f"C1{empty(4)[2:]} to=A", "'C' is not a player; players are A, B"),
    (f"A5{empty(4)[2:]} to=A", "'5' is not a value of the d4"),
    (f"A0{empty(4)[2:]} to=A", "not a value"),
    (f"a1{empty(4)[2:]} to=A", "not a player"),
    (f"{empty(4)} to=C", "'C' is not a player"),
    (f"{empty(4)} to=A roll=5", "roll: '5' is not a value of the d4"),
    (f"{empty(4)} to=A to=B", "unexpected 'to=B'"),
    (f"{empty(4)} to=A F=none", "unexpected 'F=none'"),
    (f"{empty(4)} A", "unexpected 'A'"),
])
def test_malformed_positions_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        ts.GAME.parse_position(text, board("4x4"))


# --- moves -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "move"), [
    ("A5@r2c3", ts.Place(0, 5, 2, 3)),
    ("B1@r0c0", ts.Place(1, 1, 0, 0)),
    ("A9@r5c5", ts.Place(0, 9, 5, 5)),   # parses; playing it is TS-F2
    (" roll=4 ", ts.Roll(4)),
    ("start=B", ts.Start(1)),
])
def test_moves_parse_and_print_back(text: str, move: ts.Move) -> None:
    state = ts.GAME.parse_position(f"{empty(6)} to=A", board())
    assert ts.GAME.parse_move(text, state) == move
    assert ts.GAME.parse_move(str(move), state) == move
    assert str(move) == text.strip()


@pytest.mark.parametrize("text", [
    "", "A5", "A5@r2", "A5r2c3", "a5@r2c3", "A5@R2C3", "A5@r02c3", "A123@r0c0", "E5@r0c0",
    "A5@r2c3 roll=5", "roll=", "roll=x", "start=", "start=E", "start=a", "W0",
])
def test_malformed_moves_say_what_forms_there_are(text: str) -> None:
    state = ts.GAME.parse_position(f"{empty(6)} to=A", board())
    with pytest.raises(NotationError, match="move"):
        ts.GAME.parse_move(text, state)


def test_a_twelve_by_twelve_cell_has_two_digits_and_a_six_by_six_cell_one() -> None:
    state12 = ts.GAME.parse_position(f"{empty(12)} to=A", board("12x12"))
    assert ts.GAME.parse_move("A2@r10c11", state12) == ts.Place(0, 2, 10, 11)
    state6 = ts.GAME.parse_position(f"{empty(6)} to=A", board())
    with pytest.raises(NotationError, match="off the 6x6 grid"):
        ts.GAME.parse_move("A2@r10c1", state6)


# --- views -----------------------------------------------------------------------------------

def test_the_expected_view_and_its_text() -> None:
    state = ts.GAME.parse_position(MID_GAME, board("4x4"))
    view = ts.GAME.expected_view(state)
    assert view.grid[0][0] == Item(4, Colour.WHITE) and view.grid[0][1] == Item(1, Colour.RED)
    assert view.zone("tray") == (Item(3, Colour.RED),)  # B's roll, a red die
    text = ts.GAME.view_to_text(view)
    assert text == "W4R1..../..W2..../......../........ T=R3"
    assert ts.GAME.view_from_text(text) == view


@pytest.mark.parametrize("text", [
    "W6R1..../........ T=-",
    "K3B4G5U?/........ T=W2,R1 O=W6",
    "w?r?..W2^ T=- S=hand",
    "W6 T=R? S=moving",
])
def test_views_round_trip(text: str) -> None:
    view = ts.GAME.view_from_text(text)
    assert ts.GAME.view_to_text(view) == text
    assert ts.GAME.view_from_text(ts.GAME.view_to_text(view)) == view


def test_a_view_text_keeps_ink_stacked_dice_and_the_status() -> None:
    view = ts.GAME.view_from_text("w?R5^ T=- O=K2 S=hand")
    assert view.grid[0][0] == Item(None, Colour.WHITE, kind=ItemKind.INK)
    assert view.grid[0][1] == Item(5, Colour.RED, stacked=True)
    assert view.outside == (Item(2, Colour.BLACK),) and view.status is ViewStatus.HAND


def test_a_vision_view_without_a_tray_zone_reads_as_an_empty_tray() -> None:
    view = TableView(grid=((Item(1, Colour.RED), None),))
    assert ts.GAME.view_to_text(view) == "R1.. T=-"


@pytest.mark.parametrize("text", [
    "", "W6R1/W6 T=-", "X1.. T=-", "W6. T=-", "W6 T=..", "W6 T=W6 T=R1", "W6 Q=1",
    "W6 S=asleep", "W6 T=W6,", "W123 T=-",
])
def test_malformed_views_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        ts.GAME.view_from_text(text)


# --- dicekeeper judge / moves ----------------------------------------------------------------

def run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["judge", "two-one-six", *argv]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    result: dict[str, object] = json.loads(out)
    return result


def test_judge_prints_exactly_the_fields_of_the_issue_mid_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "--side", "4x4", "--position", MID_GAME, "--move", "B3@r3c3")
    assert result == {"legal": True, "code": None, "message": "",
                      "position": "A4B1..../..A2..../......../......B3 to=A",
                      "outcome": None, "score": None, "scores": None, "lines": None}


def test_judge_an_illegal_move_keeps_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "--side", "4x4", "--position", MID_GAME, "--move", "B4@r3c3")
    assert result == {"legal": False, "code": "TS-F2", "message": "B rolled 3, not 4",
                      "position": MID_GAME, "outcome": None, "score": None, "scores": None,
                      "lines": None}


def test_judge_the_last_cell_gives_outcome_scores_and_lines(
        capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "--position", f"{BEFORE_LAST} to=A roll=6", "--move",
                 f"A6@{LAST_CELL}", "--option", "diagonals=on", "--option", "handicap=4")
    assert (result["outcome"], result["scores"]) == ("A", {"A": 134, "B": 113})
    lines = result["lines"]
    assert isinstance(lines, list) and len(lines) == 6 + 6 + 2 + 1
    assert lines[0] == {"name": "r0", "dominated_by": "A", "points": 31}
    assert lines[7] == {"name": "c1", "dominated_by": None, "points": 0}
    assert lines[-1] == {"name": "handicap", "dominated_by": "B", "points": 4}


@pytest.mark.parametrize("argv", [
    ["--position", "......", "--move", "A1@r0c0"],                           # bad position
    ["--position", f"{empty(6)} to=A", "--move", "A1@r9c0"],                # off the grid
    ["--position", f"{empty(6)} to=A", "--move", "nonsense"],
    ["--option", "players=3", "--position", f"{empty(6)} to=A", "--move", "A1@r0c0"],
    ["--option", "colour=on", "--position", f"{empty(6)} to=A", "--move", "A1@r0c0"],
    ["--side", "5x5", "--position", f"{empty(6)} to=A", "--move", "A1@r0c0"],
])
def test_judge_exits_2_on_malformed_input(capsys: pytest.CaptureFixture[str],
                                          argv: list[str]) -> None:
    assert main(["judge", "two-one-six", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("dicekeeper judge:")


def test_moves_lists_the_legal_moves_one_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "two-one-six", "--side", "4x4", "--position", MID_GAME]) == 0
    assert capsys.readouterr().out.split() == [
        "B3@r0c2", "B3@r0c3", "B3@r1c0", "B3@r1c2", "B3@r1c3", "B3@r2c0", "B3@r2c1",
        "B3@r2c2", "B3@r2c3", "B3@r3c0", "B3@r3c1", "B3@r3c2", "B3@r3c3"]
    assert main(["moves", "two-one-six", "--option", "players=3", "--side", "12x12",
                 "--position", f"{empty(12)} to=C"]) == 0
    listed = capsys.readouterr().out.split()
    assert len(listed) == 144 * 6 and listed[:2] == ["C1@r0c0", "C2@r0c0"]
