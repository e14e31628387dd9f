"""Pairing Five notation: positions, moves and views as text (round trips, malformed and
impossible inputs), the pinned order of ``moves``, and ``dicekeeper judge`` / ``moves``
through ``device.cli.main``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.cli import main
from engine.errors import NotationError
from engine.games.pairing_five import (
    GAME,
    AreaChange,
    Board,
    Change,
    Die,
    Place,
    SameReroll,
    parse_move,
    parse_position,
    view_from_text,
    view_to_text,
)
from engine.table import Colour, Item, TableView, ViewStatus

from .test_pairing_five_rules import AFTER_X1, START_X1, load


@pytest.fixture(autouse=True)
def _packaged_boards_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))


@pytest.fixture
def basic() -> Board:
    return load("basic")


# --- positions --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    START_X1, AFTER_X1,
    "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=A",
    "A=1+1 B=R4+4 C=6+6 D=3+3 E=5+5 U=- pending=-",
])
def test_positions_round_trip(basic: Board, text: str) -> None:
    assert parse_position(text, basic).position() == text


def test_unused_dice_in_any_order_print_red_first_then_ascending(basic: Board) -> None:
    state = parse_position("E=.+. D=.+. C=.+. B=.+. A=.+. U=6,1,5,R4,3,1,2,6,3,5", basic)
    assert state.position() == START_X1  # fields in any order, pending= left out means '-'
    assert state.unused[0] == Die(4, red=True)


@pytest.mark.parametrize(("text", "words"), [
    ("", "lacks A=, B=, C=, D=, E=, U="),
    ("A=R4+. B=.+. C=.+. D=.+. E=.+.", "lacks U="),
    ("A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=A pending=-", "unexpected"),
    ("A=R4 B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6", "joined by"),
    ("A=R7+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6", "each a face 1-6"),
    ("A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,", "separated by commas"),
    ("A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=F", "an area A-E or '-'"),
    ("A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 F=none", "unexpected 'F=none'"),
    ("a=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6", "unexpected 'a=R4"),
])
def test_malformed_positions(basic: Board, text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_position(text, basic)


@pytest.mark.parametrize(("text", "words"), [
    ("A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6", "ten dice, this one 9"),
    ("A=R4+. B=.+. C=.+. D=.+. E=.+. U=R1,1,2,3,3,5,5,6,6", "exactly one die"),
    ("A=4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6", "exactly one die"),
    ("A=.+R4 B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6", "only after its 1st"),
    ("A=4+R4 B=.+. C=.+. D=.+. E=.+. U=1,2,3,3,5,5,6,6", "never goes into a 2nd cell"),
    ("A=4+. B=.+. C=.+. D=.+. E=.+. U=R1,1,2,3,3,5,5,6,6", "can't be unused"),
    ("A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=B", "B is empty"),
    ("A=1+1 B=R4+4 C=6+6 D=3+3 E=5+5 U=- pending=E", "fires no effect"),
    ("A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5,6 pending=E", "can't fire on these dice"),
])
def test_positions_no_table_can_be_in(basic: Board, text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_position(text, basic)


# --- moves ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "move"), [
    ("B1=1", Place("B", 1, Die(1))),
    ("A1=R4", Place("A", 1, Die(4, red=True))),
    ("DOWN 6>3", Change("DOWN", Die(6), 3)),
    ("UP 1>4", Change("UP", Die(1), 4)),
    ("FLIP 2>5", Change("FLIP", Die(2), 5)),
    ("REROLL1 5>6", Change("REROLL1", Die(5), 6)),
    ("SAME_REROLL 3:1,3", SameReroll(3, (1, 3))),
    ("PM3 6>3", Change("PM3", Die(6), 3)),
    ("PM2 2>4", Change("PM2", Die(2), 4)),
    ("PM1 1>2", Change("PM1", Die(1), 2)),
    ("ALMIGHTY 3>6", Change("ALMIGHTY", Die(3), 6)),
    ("AREA_CHANGE A<>B", AreaChange("A", "B")),
    ("DOWN R6>3", Change("DOWN", Die(6, red=True), 3)),  # always PF-F6: red is placed first
])
def test_moves_round_trip(text: str, move: object) -> None:
    assert parse_move(text) == move and str(move) == text


@pytest.mark.parametrize(("text", "canonical"), [
    ("b1=1", "B1=1"), ("  down 6>3 ", "DOWN 6>3"), ("DOWN   6>3", "DOWN 6>3"),
    ("SAME_REROLL 3:3,1", "SAME_REROLL 3:1,3"), ("AREA_CHANGE B<>A", "AREA_CHANGE A<>B"),
    ("a1=r4", "A1=R4"),
])
def test_moves_are_read_in_their_canonical_form(text: str, canonical: str) -> None:
    assert str(parse_move(text)) == canonical


@pytest.mark.parametrize("text", [
    "", "B3=1", "F1=1", "B1=7", "B1=", "B1 = 1", "DOWN 6>", "DOWN 6-3", "DOWN6>3", "LOWER 6>3",
    "SAME_REROLL 3:", "SAME_REROLL 3", "SAME_REROLL R3:1,3", "AREA_CHANGE A<>", "AREA_CHANGE AB",
    "B1=1 DOWN 6>3", "REROLL 5>6",
])
def test_malformed_moves(text: str) -> None:
    with pytest.raises(NotationError, match="placement or an effect result"):
        parse_move(text)


# --- the order of moves -----------------------------------------------------------------------

def moves(board: Board, position: str) -> list[str]:
    return [str(m) for m in parse_position(position, board).legal_moves()]


def test_placements_by_area_then_cell_then_die(basic: Board) -> None:
    assert moves(basic, START_X1) == ["A1=R4", "B1=R4", "C1=R4", "D1=R4", "E1=R4"]
    after_down = "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,3,5,5,6 pending=-"
    assert moves(basic, after_down)[:7] == [
        "B1=1", "B1=2", "B1=3", "B1=5", "B1=6", "C1=1", "C1=2"]
    assert moves(basic, AFTER_X1) == ["A2=4", "B2=1", "C2=6", "D2=3"]


def test_one_die_effects_by_face_then_result(basic: Board) -> None:
    pending_a = "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=A"
    assert moves(basic, pending_a) == [
        "DOWN 2>1", "DOWN 3>1", "DOWN 3>2", "DOWN 5>1", "DOWN 5>2", "DOWN 5>3", "DOWN 5>4",
        "DOWN 6>1", "DOWN 6>2", "DOWN 6>3", "DOWN 6>4", "DOWN 6>5"]
    pending_d = "A=R4+. B=1+. C=6+. D=3+. E=.+. U=3,3,4,5,5,5 pending=D"
    assert moves(basic, pending_d) == [f"REROLL1 {v}>{r}" for v in (3, 4, 5)
                                       for r in range(1, 7)]


def test_same_reroll_lists_every_multiset_of_results(basic: Board) -> None:
    pending_e = "A=R4+. B=1+. C=6+. D=3+. E=5+. U=3,3,4,5,6 pending=E"
    listed = moves(basic, pending_e)
    assert listed[:3] == ["SAME_REROLL 3:1,1", "SAME_REROLL 3:1,2", "SAME_REROLL 3:1,3"]
    assert len(listed) == 21 and listed[-1] == "SAME_REROLL 3:6,6"
    two_values = "A=R4+. B=1+. C=6+. D=.+. E=2+. U=3,3,3,4,5,5 pending=E"
    listed = moves(basic, two_values)
    assert len(listed) == 56 + 21  # three 3s: 56 multisets; two 5s: 21
    assert listed[55:57] == ["SAME_REROLL 3:6,6,6", "SAME_REROLL 5:1,1"]


def test_area_change_lists_pairs_of_filled_areas() -> None:
    expert = load("expert")
    position = "A=R4+4 B=1+. C=.+. D=.+. E=5+. U=1,2,3,3,6,6 pending=E"
    assert moves(expert, position) == [
        "AREA_CHANGE A<>B", "AREA_CHANGE A<>E", "AREA_CHANGE B<>E"]


# --- views ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "A=.+. B=.+. C=.+. D=.+. E=.+. U=R4,1,1,2,3,3,5,5,6,6",
    "A=R4+. B=1+. C=.+. D=.+. E=.+. U=2,3,3,3,4,5,5,6",
    "A=R?+. B=1+. C=.+. D=.+. E=.+. U=2,3,3,U3,4,B5,K5,G6 X=2,R1 S=hand",
    "A=.+. B=.+. C=.+. D=.+. E=.+. U=- S=moving",
    "A=R4+. B=^1+. C=.+. D=.+. E=.+. U=2,^U3,3,3,5,5,6",
    "A=.+. B=.+. C=.+. D=.+. E=.+.",
])
def test_view_texts_round_trip(text: str) -> None:
    view = view_from_text(text)
    assert view_to_text(view) == text and view_from_text(view_to_text(view)) == view


def test_a_view_text_reads_as_items() -> None:
    view = view_from_text("A=R4+. B=1+? C=.+. D=.+. E=.+. U=3,U5 X=6 S=hand")
    assert view.grid[0] == (Item(4, Colour.RED), None)
    assert view.grid[1] == (Item(1), Item(None))
    assert view.zone("unused") == (Item(3), Item(5, Colour.UNKNOWN))
    assert view.outside == (Item(6),) and view.status is ViewStatus.HAND
    assert view_from_text("A=^R4+. B=.+. C=.+. D=.+. E=.+.").grid[0][0] == Item(
        4, Colour.RED, stacked=True)


def test_expected_views_round_trip_and_show_only_the_table(basic: Board) -> None:
    pending = parse_position("A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=A",
                             basic)
    view = GAME.expected_view(pending)
    assert view_to_text(view) == "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6"
    assert view_from_text(view_to_text(view)) == view
    assert [name for name, _ in view.zones] == ["unused"]  # a pending effect is not seen


def test_a_grid_of_another_shape_is_written_as_far_as_it_fits() -> None:
    view = TableView.unsettled(ViewStatus.HAND, "hand over board")  # a 3 x 3 empty grid
    assert view_to_text(view) == "A=.+. B=.+. C=.+. D=.+. E=.+. S=hand"


@pytest.mark.parametrize("text", [
    "", "A=.+. B=.+. C=.+. D=.+.", "A=.+. B=.+. C=.+. D=.+. E=. U=-",
    "A=.+. B=.+. C=.+. D=.+. E=.+. U=1,,2", "A=.+. B=.+. C=.+. D=.+. E=.+. S=asleep",
    "A=.+. B=.+. C=.+. D=.+. E=.+. pending=A", "A=.+. B=.+. C=.+. D=.+. E=.+. Q=1",
])
def test_malformed_view_texts(text: str) -> None:
    with pytest.raises(NotationError):
        view_from_text(text)


# --- dicekeeper judge / moves -----------------------------------------------------------------

def run_judge(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["judge", "pairing-five", *argv]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    result: dict[str, object] = json.loads(out)
    return result


def test_judge_a_placement_makes_its_effect_pending(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_judge(capsys, "--position", START_X1, "--move", "A1=R4") == {
        "legal": True, "code": None, "message": "",
        "position": "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=A",
        "outcome": None, "score": None}


def test_judge_an_illegal_move_keeps_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_judge(capsys, "--position", AFTER_X1, "--move", "E2=5") == {
        "legal": False, "code": "PF-F5", "message": "E's effect can't fire (reroll equal dice)",
        "position": AFTER_X1, "outcome": None, "score": None}


def test_judge_the_last_die_with_the_time_left_pf_x3(capsys: pytest.CaptureFixture[str]) -> None:
    last = "A=1+1 B=R4+4 C=6+. D=3+3 E=5+5 U=6 pending=-"
    result = run_judge(capsys, "--side", "expert", "--position", last, "--move", "C2=6",
                       "--remaining", "299")
    assert (result["legal"], result["outcome"], result["score"]) == (True, "success", 4)
    assert run_judge(capsys, "--side", "expert", "--position", last, "--move", "C2=6")[
        "score"] is None  # no --remaining: no score


def test_judge_a_stuck_end_scores_0(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_judge(capsys, "--side", "expert", "--position",
                       "A=1+1 B=R4+4 C=6+6 D=3+. E=5+5 U=6 pending=C", "--move", "PM1 6>5",
                       "--remaining", "120")
    assert (result["outcome"], result["score"]) == ("failure", 0)


def test_an_option_changes_the_judgement(capsys: pytest.CaptureFixture[str]) -> None:
    position = "A=R5+. B=1+. C=.+. D=.+. E=.+. U=2,3,3,4,4,5,6,6 pending=B"
    choice = run_judge(capsys, "--side", "expert", "--position", position, "--move", "PM2 3>1")
    literal = run_judge(capsys, "--side", "expert", "--option", "pm_direction=literal",
                        "--position", position, "--move", "PM2 3>1")
    assert (choice["legal"], literal["legal"], literal["code"]) == (True, False, "PF-F7")


def test_moves_prints_one_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "pairing-five", "--position", AFTER_X1]) == 0
    assert capsys.readouterr().out.split("\n") == ["A2=4", "B2=1", "C2=6", "D2=3", ""]


@pytest.mark.parametrize("argv", [
    ["judge", "pairing-five", "--position", "A=R4+.", "--move", "A1=R4"],
    ["judge", "pairing-five", "--position", START_X1, "--move", "A1 R4"],
    ["judge", "pairing-five", "--option", "pm_direction=up", "--position", START_X1,
     "--move", "A1=R4"],
    ["judge", "pairing-five", "--option", "colour=blue", "--position", START_X1,
     "--move", "A1=R4"],
    ["moves", "pairing-five", "--side", "hard", "--position", START_X1],
])
def test_bad_input_exits_2_with_a_message(capsys: pytest.CaptureFixture[str],
                                          argv: list[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"dicekeeper {argv[0]}: ") and len(err) > 30
