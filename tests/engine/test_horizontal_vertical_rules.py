"""Horizontal & Vertical rules (fast-alone.md section 1): the worked examples HV-X1..X5 as
written, every F code, every end rule, HV-P1 scoring, the options, and the decisions the rules
leave open (AMB-HV1..HV5, a write or pass without a roll, a finished position)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine.clock import NoClock
from engine.errors import IllegalMoveError
from engine.games.horizontal_vertical import (
    GAME,
    Board,
    Pass,
    RollSeen,
    State,
    Write,
    line_results,
    parse_move,
    parse_position,
    winnable,
)
from engine.games.horizontal_vertical.spot import Spot
from engine.outcome import FAILURE, SUCCESS, Outcome
from engine.session import new_session

BOARDS = Path(__file__).resolve().parents[2] / "calibration" / "boards"
EMPTY = "...../...../...../...../....."


def hv_board(side: str = "total", **options: str) -> Board:
    data = json.loads((BOARDS / f"horizontal-vertical-{side}.json").read_text())
    return GAME.load_board(side, data, options or None)


@pytest.fixture
def total() -> Board:
    return hv_board("total")


@pytest.fixture
def number() -> Board:
    return hv_board("number")


def at(board: Board, grid: str = EMPTY, passes: int = 0, roll: str = "-") -> State:
    return parse_position(f"{grid} passes={passes} roll={roll}", board)


def writes(state: State) -> set[str]:
    """The legal writes as ``value@cell`` with the number of X marks (``3@4-4+1X``)."""
    return {f"{m.value}@{m.target}+{len(m.xs)}X" for m in state.legal_moves()
            if isinstance(m, Write)}


def play(state: State, text: str) -> State:
    return state.play(parse_move(text))


def code_of(state: State, text: str) -> str:
    with pytest.raises(IllegalMoveError) as info:
        play(state, text)
    assert info.value.position == state.position()  # a broken rule names the position
    return info.value.code


# -- HV-X1..X5, as written in the rules -------------------------------------------------------

def test_hv_x1_addressable_cells(total: Board) -> None:
    """HV-X1: (2,5,6) six cells; (3,3,3) only 3 at 3-3; (4,4,2) 4 at 4-2 or 2-4, or 2 at 4-4."""
    assert writes(at(total, roll="2,5,6")) == {
        "2@5-6+0X", "2@6-5+0X", "5@2-6+0X", "5@6-2+0X", "6@2-5+0X", "6@5-2+0X"}
    assert writes(at(total, roll="3,3,3")) == {"3@3-3+0X"}
    assert writes(at(total, roll="4,4,2")) == {"4@4-2+0X", "4@2-4+0X", "2@4-4+0X"}


def _row_or_column(label: int) -> set[Spot]:
    return {Spot(label, c) for c in range(2, 7)} | {Spot(r, label) for r in range(2, 7)}


def test_hv_x2_wildcards(total: Board) -> None:
    """HV-X2: (1,3,4): "1" at 3-4 or 4-3 with no X; 3 in any empty cell of row 4 or column 4
    plus one X; 4 in any empty cell of row 3 or column 3 plus one X. (1,1,5): 5 in any empty
    cell plus two X; "1" in any empty cell of row 5 or column 5 plus one X."""
    state = at(total, "...../...../..6../...../.....", roll="1,3,4")  # 4-4 is written
    expected = {"1@3-4+0X", "1@4-3+0X"}
    expected |= {f"3@{s}+1X" for s in _row_or_column(4) if s != Spot(4, 4)}
    expected |= {f"4@{s}+1X" for s in _row_or_column(3)}
    assert writes(state) == expected
    state = at(total, roll="1,1,5")
    expected = {f"5@{Spot(r, c)}+2X" for r in range(2, 7) for c in range(2, 7)}
    expected |= {f"1@{s}+1X" for s in _row_or_column(5)}
    assert writes(state) == expected


def test_hv_x2_the_x_marks_go_in_any_other_empty_cell(total: Board) -> None:
    """AMB-HV5: the X of a wildcard goes in any empty cell of the player's choice."""
    state = at(total, "...../...../..6../...../.....", roll="1,3,4")
    xs = {m.xs for m in state.legal_moves() if isinstance(m, Write) and str(m).startswith("3@2-4")}
    assert xs == {(s,) for s in state.empty_spots() if s != Spot(2, 4)}
    assert len(xs) == 23


X3_BEFORE = "14234/651X5/65432/..3../....."


def test_hv_x3_total_side_default_conditions(total: Board) -> None:
    """HV-X3: row 2 (le 14) 1,4,2,3,4 satisfied; row 3 (eq 17) 6,5,1,X,5 dead; row 4 (ge 21)
    6,5,4,3,2 sum 20 not satisfied; column 4 (odd) 2,1,4,3,5 sum 15 satisfied: success."""
    state = at(total, X3_BEFORE, roll="4,5,6")
    assert state.outcome is None
    after = play(state, "5@6-4")
    assert after.position() == "14234/651X5/65432/..3../..5.. passes=0 roll=-"
    assert after.outcome == Outcome(SUCCESS, "HV-E1")
    rows = {r.label: r for r in line_results(after) if r.kind == "row"}
    columns = {r.label: r for r in line_results(after) if r.kind == "column"}
    assert (rows[2].condition, rows[2].value, rows[2].status) == ("≤14", 14, "satisfied")
    assert rows[3].status == "dead"
    assert (rows[4].condition, rows[4].value, rows[4].status) == ("≥21", 20, "complete")
    assert (columns[4].condition, columns[4].value, columns[4].status) == ("odd", 15, "satisfied")


def test_hv_x4_number_side(number: Board) -> None:
    """HV-X4: a line 5,2,5,6,5 is satisfied (three 5s); 5,2,5,X,5 is dead; 5,5,5,empty,2 is
    not complete yet."""
    state = at(number, "52565/525X5/555.2/...../.....")
    rows = [r for r in line_results(state) if r.kind == "row"]
    assert [(r.value, r.status) for r in rows[:3]] == [(3, "satisfied"), (3, "dead"),
                                                       (3, "open")]


def test_hv_x5_score(total: Board) -> None:
    """HV-X5: success with 2:37 left and one pass used: 2 + 2 = 4. Success with 0:41 left and
    three passes used: 0."""
    won = Outcome(SUCCESS, "HV-E1")
    assert at(total, passes=1).score(2 * 60 + 37, won) == 4
    assert at(total, passes=3).score(41, won) == 0


# -- every F rule through play ----------------------------------------------------------------

def test_hv_f1_writing_in_a_cell_already_written(total: Board) -> None:
    state = at(total, "X..../...../...../...../.....", roll="1,3,4")
    assert code_of(state, "3@4-4 X@2-2") == "HV-F1"  # the X on an X
    state = at(total, "....5/...../...../...../.....", roll="2,5,6")
    assert code_of(state, "5@2-6") == "HV-F1"       # a number on a number
    assert code_of(state, "P X@2-6") == "HV-F1"     # a pass's X on a number


def test_hv_f1_one_mark_per_cell(total: Board) -> None:
    state = at(total, roll="1,1,5")
    assert code_of(state, "5@2-2 X@3-3 X@3-3") == "HV-F1"
    assert code_of(state, "5@2-2 X@2-2 X@3-3") == "HV-F1"


def test_hv_f2_a_cell_the_selectors_do_not_address(total: Board) -> None:
    assert code_of(at(total, roll="2,5,6"), "5@3-3") == "HV-F2"
    assert code_of(at(total, roll="2,5,6"), "4@3-3") == "HV-F2"


def test_hv_f3_a_number_other_than_the_value_die(total: Board) -> None:
    """5-6 is addressed by the 5 and the 6: the value die is the 2."""
    state = at(total, roll="2,5,6")
    assert code_of(state, "5@5-6") == "HV-F3"
    assert code_of(state, "4@5-6") == "HV-F3"
    with pytest.raises(IllegalMoveError, match="value die's face at 5-6: 2"):
        play(state, "6@5-6")


def test_hv_f4_one_die_in_two_roles_or_two_numbers(total: Board) -> None:
    state = at(total, roll="2,5,6")
    assert code_of(state, "2@2-2") == "HV-F4"  # the 2 picks the row and the column
    assert code_of(state, "2@2-5") == "HV-F3"  # 2-5 is addressed (by 2 and 5): write the 6
    assert code_of(state, "5@2-6 2@5-6") == "HV-F4"


def test_hv_f5_x_marks_one_per_wildcard(total: Board) -> None:
    state = at(total, roll="1,3,4")
    assert code_of(state, "3@4-4") == "HV-F5"              # the wildcard's X is missing
    assert code_of(state, "1@3-4 X@2-2") == "HV-F5"        # no wildcard used: no X
    assert code_of(state, "3@4-4 X@2-2 X@2-3") == "HV-F5"  # two X for one wildcard
    assert code_of(at(total, roll="1,1,5"), "5@2-2 X@3-3") == "HV-F5"


def test_hv_f6_a_fourth_pass(total: Board) -> None:
    assert code_of(at(total, "XXX../...../...../...../.....", 3, "2,5,6"), "P X@6-6") == "HV-F6"


def test_hv_f7_a_pass_without_its_x(total: Board) -> None:
    state = at(total, roll="2,5,6")
    assert code_of(state, "P") == "HV-F7"
    assert code_of(state, "P X@2-2 X@3-3") == "HV-F7"


def test_hv_f8_rolling_again_and_acting_without_a_roll(total: Board) -> None:
    """A roll in view must be used before the next roll; a write or a pass needs a roll in
    view (the turn starts with HV-A1)."""
    assert code_of(at(total, roll="2,5,6"), "roll=1,1,1") == "HV-F8"
    assert code_of(at(total), "2@5-6") == "HV-F8"
    assert code_of(at(total), "P X@2-2") == "HV-F8"


# -- actions, AMB decisions -------------------------------------------------------------------

def test_hv_a1_a_roll_seen_starts_the_turn(total: Board) -> None:
    state = play(at(total, passes=1), "roll=4,1,3")
    assert state.position() == f"{EMPTY} passes=1 roll=1,3,4"


def test_hv_a2_write_then_no_roll_in_view(total: Board) -> None:
    state = play(at(total, roll="1,3,4"), "3@4-4 X@2-2")
    assert state.position() == "X..../...../..3../...../..... passes=0 roll=-"


def test_hv_a3_pass_ticks_a_box_whether_or_not_a_write_is_possible(total: Board) -> None:
    state = play(at(total, roll="2,5,6"), "P X@3-3")
    assert state.position() == "...../.X.../...../...../..... passes=1 roll=-"


def test_amb_hv1_a_value_die_showing_1_is_the_number_1(total: Board) -> None:
    state = play(at(total, roll="1,3,4"), "1@3-4")
    assert state.at(Spot(3, 4)) == "1" and "X" not in state.cells


def test_amb_hv4_the_x_count_is_fixed_by_the_value_written(total: Board) -> None:
    """Faces that repeat are interchangeable, so the value written fixes the selectors and so
    the number of X marks: with (1,1,5) a 5 costs two X, a 1 one X."""
    state = at(total, roll="1,1,5")
    assert play(state, "5@3-3 X@2-2 X@6-6").cells.count("X") == 2
    assert play(state, "1@3-5 X@2-2").cells.count("X") == 1
    assert code_of(state, "1@3-5 X@2-2 X@6-6") == "HV-F5"


def test_amb_hv5_x_marks_are_skipped_when_no_empty_cell_is_left(total: Board) -> None:
    two_left = "XXXXX/XXXXX/XXXXX/XXXXX/XXX.."
    state = at(total, two_left, roll="1,1,5")
    assert writes(state) == {"5@6-5+1X", "5@6-6+1X", "1@6-5+1X"}  # a 1 needs row/column 5
    one_left = "XXXXX/XXXXX/XXXXX/XXXXX/XXXX."
    assert writes(at(total, one_left, roll="1,1,5")) == {"5@6-6+0X"}
    assert code_of(at(total, one_left, roll="1,1,5"), "5@6-6 X@2-2") == "HV-F5"
    with pytest.raises(IllegalMoveError, match="no empty cell left for an X: no X"):
        play(at(total, one_left, roll="1,1,5"), "5@6-6 X@2-2")
    with pytest.raises(IllegalMoveError, match="only 1 empty cell left: write 1 X"):
        play(state, "5@6-5")
    with pytest.raises(IllegalMoveError, match="2 wildcards used: write 2 X"):
        play(at(total, roll="1,1,5"), "5@6-5 X@2-2")
    with pytest.raises(IllegalMoveError, match="no wildcard used: no X"):
        play(at(total, roll="1,3,4"), "1@3-4 X@2-2")


def test_legal_moves_order_writes_by_cell_value_x_then_passes(total: Board) -> None:
    state = at(total, "XXXXX/XXXXX/XXXXX/XXX../XXX..", roll="1,5,6")
    assert [str(m) for m in state.legal_moves()] == [
        "6@5-5 X@5-6", "6@5-5 X@6-5", "6@5-5 X@6-6",
        "1@5-6", "5@5-6 X@5-5", "5@5-6 X@6-5", "5@5-6 X@6-6",
        "6@5-6 X@5-5", "6@5-6 X@6-5", "6@5-6 X@6-6",
        "1@6-5", "5@6-5 X@5-5", "5@6-5 X@5-6", "5@6-5 X@6-6",
        "6@6-5 X@5-5", "6@6-5 X@5-6", "6@6-5 X@6-6",
        "5@6-6 X@5-5", "5@6-6 X@5-6", "5@6-6 X@6-5",
        "P X@5-5", "P X@5-6", "P X@6-5", "P X@6-6"]


def test_without_a_roll_the_56_rolls_are_chance_not_moves(total: Board) -> None:
    assert at(total).legal_moves() == []
    moves = GAME.chance_moves(at(total))
    assert len(moves) == 56 and all(isinstance(m, RollSeen) for m in moves)
    assert [str(m) for m in moves[:3]] == ["roll=1,1,1", "roll=1,1,2", "roll=1,1,3"]
    assert str(moves[-1]) == "roll=6,6,6"


def test_every_legal_move_plays_and_every_move_text_round_trips(total: Board) -> None:
    state = at(total, "1.X../...../..6../.X.../.....", 2, "1,1,4")
    for move in state.legal_moves():
        assert parse_move(str(move)) == move
        after = state.play(move)
        assert after.roll is None and after.cells.count(".") < state.cells.count(".")


# -- the end ----------------------------------------------------------------------------------

E1_OR_E2 = ".1111/1XXXX/1XXXX/1XXXX/1XXXX"


def test_hv_e1_is_checked_before_hv_e2(total: Board) -> None:
    """The last empty cell completes row 2 (le 14) and column 2 (even) with a 2: a full grid,
    yet a success."""
    after = play(at(total, E1_OR_E2, roll="2,2,2"), "2@2-2")
    assert "." not in after.cells and after.outcome == Outcome(SUCCESS, "HV-E1")


def test_hv_e2_grid_full_without_success(total: Board) -> None:
    after = play(at(total, E1_OR_E2, roll="2,2,3"), "3@2-2")  # column 2 sums to 7: odd
    assert after.outcome == Outcome(FAILURE, "HV-E2")
    assert after.score(200.0) == 0 and after.legal_moves() == []


STUCK = ".XXXX/XXXXX/XXXXX/XXXXX/XXXXX"


def test_hv_e3_stuck_roll_addresses_no_empty_cell_and_no_pass_left(total: Board) -> None:
    after = play(at(total, STUCK, passes=3), "roll=3,4,5")
    assert after.outcome == Outcome(FAILURE, "HV-E3") and after.legal_moves() == []


def test_with_a_pass_left_a_roll_that_fits_no_cell_must_be_passed(total: Board) -> None:
    state = play(at(total, STUCK, passes=2), "roll=3,4,5")
    assert state.outcome is None
    assert [str(m) for m in state.legal_moves()] == ["P X@2-2"]


def test_a_finished_position_refuses_every_move(total: Board) -> None:
    won = play(at(total, X3_BEFORE, roll="4,5,6"), "5@6-4")
    assert won.legal_moves() == []
    assert code_of(won, "roll=1,2,3") == "HV-E1"
    assert code_of(at(total, "14234/651X5/65432/..3../..5..", roll="4,5,6"), "P X@5-2") == "HV-E1"
    with pytest.raises(IllegalMoveError, match="the game is over"):
        play(at(total, STUCK, 3, "3,4,5"), "P X@2-2")


def test_hv_e4_timeout_is_fa_e1_failure_scoring_0(total: Board) -> None:
    session = new_session("horizontal-vertical", "total", total)
    session, _ = session.observe(GAME.expected_view(at(total, roll="1,3,4")), 10.0)
    session, events = session.tick(309.0)
    assert events == [] and session.outcome is None
    session, events = session.tick(310.0)
    assert session.outcome == Outcome(FAILURE, "FA-E1") and session.score == 0
    assert events[0].data["summary"] == ("horizontal-vertical (total): failure (FA-E1 time is "
                                         "up), score 0")


# -- scoring and options ----------------------------------------------------------------------

def test_hv_p1_minutes_left_plus_unused_passes_and_0_on_failure(total: Board) -> None:
    won = play(at(total, X3_BEFORE, passes=1, roll="4,5,6"), "5@6-4")
    assert won.score(179.9) == 2 + 2
    assert won.score(None) == 0 + 2
    assert won.score(179.9, Outcome(FAILURE, "FA-E1")) == 0


def test_the_session_scores_a_success_with_the_clock(total: Board) -> None:
    session = new_session("horizontal-vertical", "total", total)
    start = at(total, X3_BEFORE, roll="4,5,6")
    session = replace(session, state=start, clock=session.clock.start(0.0))
    session, events = session.enter("5@6-4", 100.0)
    assert session.outcome == Outcome(SUCCESS, "HV-E1") and session.score == 3 + 3
    assert events[-1].data["summary"] == ("horizontal-vertical (total): success with 3:20 left, "
                                          "score 6")


def test_option_scoring_off_is_fa_o1_unscored_play() -> None:
    board = hv_board("total", scoring="off")
    assert isinstance(GAME.clock(board), NoClock)
    won = play(at(board, X3_BEFORE, roll="4,5,6"), "5@6-4")
    assert won.score(200.0) is None
    assert GAME.end_text(won, Outcome(SUCCESS, "HV-E1"), None, None, 9) == "success"
    failed = Outcome(FAILURE, "HV-E2")
    assert GAME.end_text(won, failed, None, None, 9) == "failure (HV-E2 grid full)"


def test_the_default_option_is_the_scoring_mode(total: Board) -> None:
    assert total.options.scoring == "timer"
    assert GAME.clock(total).counts_down and GAME.clock(total).remaining(0.0) == 300.0


def test_winnable_advisory(total: Board, number: Board) -> None:
    """HV 1.6: "no longer winnable" when every row, or every column, is dead or can no longer
    reach its condition; an advisory, not an end."""
    assert winnable(at(total))
    dead_rows = at(total, "X..../X..../X..../X..../X....", roll="2,5,6")
    assert not winnable(dead_rows) and dead_rows.outcome is None
    # rows 2 and 6 (le 14) can't: 6+6+6 already; rows 3, 5 (eq 17) and 4 (ge 21) are dead
    out_of_reach = at(total, "666../....X/....X/....X/666..")
    assert not winnable(out_of_reach)
    assert winnable(at(total, "666../....X/....X/...../666.."))   # row 5 (eq 17) is open
    assert not winnable(at(number, "XXXXX/...../...../...../....."))  # every column is dead
    assert not winnable(at(number, "1234./2345./3456./4561./5612."))  # no row can get 3 same
    assert GAME.panel(dead_rows).lines[0] == "no longer winnable"
    assert "no longer winnable" not in GAME.panel(at(total)).lines


def test_a_failed_game_is_not_winnable_and_a_won_one_is(total: Board) -> None:
    assert not winnable(play(at(total, E1_OR_E2, roll="2,2,3"), "3@2-2"))
    assert winnable(play(at(total, E1_OR_E2, roll="2,2,2"), "2@2-2"))


def test_moves_are_frozen_values(total: Board) -> None:
    move = Write(5, Spot(2, 6), (Spot(4, 4), Spot(3, 3)))
    assert move.xs == (Spot(3, 3), Spot(4, 4))
    assert move == Write(5, Spot(2, 6), (Spot(3, 3), Spot(4, 4)))
    with pytest.raises(AttributeError):
        move.value = 4  # type: ignore[misc]
    assert str(Pass((Spot(3, 3),))) == "P X@3-3"


def test_an_unscored_session_has_no_clock_and_no_points() -> None:
    board = hv_board("total", scoring="off")
    session = new_session("horizontal-vertical", "total", board)
    session, events = session.observe(GAME.expected_view(at(board, roll="4,5,6")), 0.0)
    assert [e.kind for e in events] == ["setup"] and session.remaining(100.0) is None
    session = replace(session, state=at(board, X3_BEFORE, roll="4,5,6"))
    session, events = session.enter("5@6-4", 1000.0)
    assert (session.outcome, session.score) == (Outcome(SUCCESS, "HV-E1"), None)
    assert events[-1].data["summary"] == "horizontal-vertical (total): success"
