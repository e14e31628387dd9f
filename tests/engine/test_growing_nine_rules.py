"""Growing Nine rules: the worked examples GN-X1..X3, every action, forbidden move, end rule,
score and option (rules fast-alone.md section 2, AMB-GN1..GN4, AMB-FA3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.errors import BoardDataError, IllegalMoveError, NotationError
from engine.games.growing_nine import GAME, Board, State, parse_move, parse_position
from engine.games.growing_nine.dice import Orientation
from engine.outcome import FAILURE, Outcome
from engine.table import Cell

BOARDS = Path(__file__).resolve().parents[2] / "calibration" / "boards"
X1 = "r0c0=R321 r0c3=W5 r3c0=W315 r3c3=W2 q=614253"


def board(side: str = "a", **options: str) -> Board:
    data = json.loads((BOARDS / f"growing-nine-{side}.json").read_text())
    return GAME.load_board(side, data, options or None)


def pos(text: str, **options: str) -> State:
    return parse_position(text, board(**options))


def play(state: State, *moves: str) -> State:
    for m in moves:
        state = state.play(parse_move(m, state))
    return state


def code_of(state: State, move: str) -> str:
    with pytest.raises(IllegalMoveError) as exc:
        state.play(parse_move(move, state))
    assert exc.value.move == move and exc.value.position == state.position()
    return exc.value.code


def known(state: State, cell: Cell) -> Orientation | None:
    """The orientation tracked for the die on ``cell``."""
    die = state.die(cell)
    assert die is not None, cell
    return die.known


def moves(state: State) -> list[str]:
    return [str(m) for m in state.legal_moves()]


# --- GN-X1 ----------------------------------------------------------------------------------

def test_x1_step1_only_the_matching_white_die_rolls() -> None:
    """GN-X1 1: M = {W2}; red is GN-F2, W1 GN-F1; W2 goes north or east; north gives (6,3,5)."""
    s = pos(X1)
    assert s.matching() == (Cell(3, 0),)
    assert code_of(s, "r0c0 E") == "GN-F2"
    assert code_of(s, "r0c3 S=1") == "GN-F1"
    assert moves(s) == ["r3c0 N", "r3c0 E"]
    after = play(s, "r3c0 N")
    assert known(after, Cell(2, 0)) == Orientation(6, 3, 5)
    assert after.position() == "r0c0=R321 r0c3=W5 r2c0=W635 r3c3=W2 q=614253"


def test_x1_step2_red_rolls_when_nothing_matches() -> None:
    """GN-X1 2: M is empty (5, 6, 2 vs 3): red rolls east to r0c1 with (6, 2, 3)."""
    s = play(pos(X1), "r3c0 N")
    assert s.matching() == ()
    assert code_of(s, "r2c0 N") == "GN-F1"  # AMB-GN2: W2 rolled once, it no longer matches
    assert moves(s) == ["r0c0 E", "r0c0 S"]
    after = play(s, "r0c0 E")
    assert after.position() == "r0c1=R623 r0c3=W5 r2c0=W635 r3c3=W2 q=614253"


def test_x1_step3_the_three_rolls_of_w2_and_the_one_that_fails() -> None:
    """GN-X1 3: from (6,3,5) north shows 4 (4,6,5), east 2 (2,3,6); south back onto r3c0 shows
    3 (3,1,5) and would make a die appear on r0c3, where W1 stands: GN-E3."""
    s = play(pos(X1), "r3c0 N", "r0c0 E")
    assert s.matching() == (Cell(2, 0),)
    assert moves(s) == ["r2c0 N", "r2c0 E", "r2c0 S"]
    assert known(play(s, "r2c0 N"), Cell(1, 0)) == (4, 6, 5)
    assert known(play(s, "r2c0 E"), Cell(2, 1)) == (2, 3, 6)
    failed = play(s, "r2c0 S")
    assert known(failed, Cell(3, 0)) == (3, 1, 5)
    assert failed.outcome == Outcome(FAILURE, "GN-E3")
    assert failed.queue == (6, 1, 4, 2, 5, 3) and failed.legal_moves() == []
    assert failed.score(200.0) == -6


def test_x1_step4_red_must_roll_and_each_way_has_its_top() -> None:
    """GN-X1 4: red on r0c1 (6,2,3): west shows 3, east 4 (then W2 matches), south 2 (then
    W3 matches)."""
    s = play(pos(X1), "r3c0 N", "r0c0 E", "r2c0 N")
    assert s.position() == "r0c1=R623 r0c3=W5 r1c0=W465 r3c3=W2 q=614253"
    assert moves(s) == ["r0c1 E", "r0c1 S", "r0c1 W"]
    assert play(s, "r0c1 W").red_top() == 3
    east = play(s, "r0c1 E")
    assert east.red_top() == 4 and east.matching() == (Cell(1, 0),)
    south = play(s, "r0c1 S")
    assert south.red_top() == 2 and south.matching() == (Cell(3, 3),)


# --- GN-X2, GN-X3: appearances and the score ----------------------------------------------

X2 = "r0c3=R4 r1c0=W412 r2c2=W1 q=653"


def test_x2_a_white_die_on_a_spawn_cell_makes_the_next_waiting_die_appear() -> None:
    """GN-X2 / GN-A3: W (4,1,2) rolls north onto r0c0 showing 6 (6,4,2); r0c0 is in pair A,
    so the first waiting die (6) appears on r3c3, top alone known; the queue shrinks by one."""
    after = play(pos(X2), "r1c0 N")
    assert after.position() == "r0c0=W642 r0c3=R4 r2c2=W1 r3c3=W6 q=53"
    assert after.outcome is None


def test_x2_the_pair_cell_occupied_ends_the_game_with_minus_the_waiting_dice() -> None:
    """GN-X2 / GN-E3 / GN-P2: r3c3 occupied with three dice waiting: failure, score -3."""
    after = play(pos("r0c3=R4 r1c0=W412 r3c3=W1 q=653"), "r1c0 N")
    assert after.outcome == Outcome(FAILURE, "GN-E3")
    assert after.position() == "r0c0=W642 r0c3=R4 r3c3=W1 q=653"
    assert after.score(200.0) == -3


def test_gn_e3_counts_the_red_die_as_occupying() -> None:
    """GN-A3: pair(s) occupied by any die, the red one included."""
    after = play(pos("r3c3=R4 r1c0=W412 q=6"), "r1c0 N")
    assert after.outcome == Outcome(FAILURE, "GN-E3")


def test_x3_success_scores_whole_minutes_left() -> None:
    """GN-X3 / GN-E1 / GN-P1: the last appearance wins; 3:12 left scores 3."""
    after = play(pos("r0c3=R4 r1c0=W412 q=6"), "r1c0 N")
    assert after.position() == "r0c0=W642 r0c3=R4 r3c3=W6 q=-"
    assert after.outcome is not None and after.outcome.success
    assert after.outcome.reason == "GN-E1" and after.legal_moves() == []
    assert after.score(192.0) == 3 and after.score(59.0) == 0 and after.score(None) == 0


def test_gn_e1_success_even_with_matching_dice_left() -> None:
    """GN-E1: the queue empty is success even if M is not empty."""
    s = pos("r0c0=R4 r1c1=W4 q=-")
    assert s.matching() == (Cell(1, 1),)
    assert s.outcome is not None and s.outcome.success


def test_an_appearing_die_matching_red_joins_m() -> None:
    """GN-A3: the new die's top equals red's: it must roll next."""
    after = play(pos("r0c3=R4 r1c0=W412 q=46"), "r1c0 N")
    assert after.matching() == (Cell(3, 3),)
    assert moves(after)[0] == "r3c3 N=1"


def test_only_a_white_die_arriving_by_a_roll_makes_a_die_appear() -> None:
    """GN-A2 / GN-A3 / AMB-GN1: red arriving on a spawn cell makes nothing appear; a white die
    leaving a spawn cell neither; an appeared die does not chain a second appearance."""
    red = play(pos("r0c1=R321 r2c2=W5 q=64"), "r0c1 W")
    assert red.queue == (6, 4) and red.position() == "r0c0=R124 r2c2=W5 q=64"
    leaving = play(pos("r0c0=W4 r2c2=R4 q=64"), "r0c0 E=2")
    assert leaving.queue == (6, 4)
    appeared = play(pos("r0c3=R4 r1c0=W412 q=64"), "r1c0 N")
    assert appeared.queue == (4,)


# --- forbidden moves -----------------------------------------------------------------------

def test_gn_f3_a_top_a_roll_cannot_show() -> None:
    """GN-F3: a known die's top must be the predicted one; a top-only die cannot show its old
    top (slid) or its old bottom (rolled two cells)."""
    s = pos(X1)
    assert code_of(s, "r3c0 N=4") == "GN-F3"
    top_only = pos("r0c0=R3 r0c3=W5 r3c0=W3 r3c3=W2 q=614253")
    assert code_of(top_only, "r3c0 N=3") == "GN-F3"
    assert code_of(top_only, "r3c0 N=4") == "GN-F3"
    assert known(play(top_only, "r3c0 N=6"), Cell(2, 0)) == (6, 3, 5)


def test_gn_f4_off_the_grid_occupied_or_blocked() -> None:
    """GN-F4: off the grid, onto an occupied cell, onto a blocked cell (board data)."""
    s = pos(X1)
    assert code_of(s, "r3c0 S") == "GN-F4"
    assert code_of(s, "r3c0 W") == "GN-F4"
    crowded = pos("r0c0=R3 r2c0=W1 r3c0=W315 q=614")
    assert code_of(crowded, "r3c0 N") == "GN-F4"
    blocked = parse_position("r0c0=R3 r3c0=W315 q=6142", _blocked_board())
    assert code_of(blocked, "r3c0 E") == "GN-F4"
    assert moves(blocked) == ["r3c0 N"]


def _blocked_board() -> Board:
    data = json.loads((BOARDS / "growing-nine-a.json").read_text())
    return GAME.load_board("a", {**data, "blocked": ["r3c1"]})


def test_gn_f5_a_placement_with_a_turned_die() -> None:
    """GN-F5 / GN-S2: placed dice keep their rolled tops."""
    s = pos("rolled R3 W122345556")
    assert code_of(s, "place r0c0=R3 r0c3=W1 r3c0=W2 r3c3=W2 q=345554") == "GN-F5"
    assert code_of(s, "place r0c0=R4 r0c3=W1 r3c0=W2 r3c3=W2 q=345556") == "GN-F5"


def test_the_rule_checks_come_before_the_missing_top() -> None:
    """A top-only die needs its new top (a NotationError), unless the move breaks a rule."""
    s = pos("r0c0=R3 r0c3=W5 r3c0=W3 r3c3=W2 q=614253")
    assert code_of(s, "r0c3 S") == "GN-F1"
    with pytest.raises(NotationError, match="needs the top"):
        s.play(parse_move("r3c0 N", s))
    with pytest.raises(NotationError, match="no die on r1c1"):
        s.play(parse_move("r1c1 N=2", s))


def test_no_move_after_the_end() -> None:
    s = play(pos(X1), "circles")
    assert code_of(s, "r3c0 N") == "GN-E5"


# --- end rules ------------------------------------------------------------------------------

def test_gn_e2_and_amb_gn3_fail_only_when_no_matching_die_can_roll() -> None:
    """AMB-GN3: one matching die boxed in, another free: play goes on, only the free one rolls;
    once it has rolled, the boxed one is the only one in M: GN-E2."""
    s = pos("r0c0=R321 r1c1=W3 r2c3=W5 r3c2=W6 r3c3=W3 q=614")
    assert s.outcome is None and s.matching() == (Cell(1, 1), Cell(3, 3))
    assert {str(m).split()[0] for m in s.legal_moves()} == {"r1c1"}
    stuck = play(s, "r1c1 E=1")
    assert stuck.outcome == Outcome(FAILURE, "GN-E2") and stuck.score(100.0) == -3


def test_gn_e4_red_cannot_roll() -> None:
    s = pos("r0c0=R3 r0c1=W5 r1c0=W6 q=1425")
    assert s.outcome == Outcome(FAILURE, "GN-E4") and s.legal_moves() == []
    assert s.score(250.0) == -4 and s.score(None) == -4


CYCLE = "r0c0=W2 r0c3=W5 r1c1=R124 r3c0=W6 r3c3=W2 q=56"


@pytest.mark.parametrize(("repetition", "rolls_to_end"), [("2", 2), ("3", 4), ("4", 6)])
def test_gn_e5_the_same_position_for_the_nth_time(repetition: str, rolls_to_end: int) -> None:
    """GN-E5 / AMB-GN4: red rolling east and back repeats the start; the position's n-th
    occurrence (option repetition, DEFAULT 3) is a failure."""
    s = pos(CYCLE, repetition=repetition)
    for k in range(rolls_to_end):
        assert s.outcome is None, k
        s = play(s, "r1c1 E" if k % 2 == 0 else "r1c2 W")
    assert s.outcome == Outcome(FAILURE, "GN-E5") and s.score(100.0) == -2


def test_gn_e5_default_threshold_and_off() -> None:
    s = pos(CYCLE)
    assert board().options.repetition == 3
    assert play(s, "r1c1 E", "r1c2 W", "r1c1 E", "r1c2 W").outcome == Outcome(FAILURE, "GN-E5")
    off = play(pos(CYCLE, repetition="off"), *["r1c1 E", "r1c2 W"] * 5)
    assert off.outcome is None


def test_gn_e5_a_parsed_position_starts_a_fresh_history() -> None:
    """The position text has no history: parsing it again forgets the occurrences so far."""
    s = play(pos(CYCLE), "r1c1 E", "r1c2 W", "r1c1 E")
    again = parse_position(s.position(), s.board)
    assert again == s  # equality ignores the history
    assert play(s, "r1c2 W").outcome is not None
    assert play(again, "r1c2 W").outcome is None


def test_gn_e5_declared_with_the_button() -> None:
    """GN-E5 [BTN]: 'circles' ends the game as a failure, the dice stay; never listed."""
    s = pos(X1)
    assert "circles" not in moves(s)
    after = play(s, "circles")
    assert after.outcome == Outcome(FAILURE, "GN-E5")
    assert after.position() == X1 and after.score(120.0) == -6


# --- score ----------------------------------------------------------------------------------

def test_gn_p2_timeout_and_amb_fa3() -> None:
    """GN-P2: any failure, the timeout included, scores minus the waiting dice; nothing while
    playing; during set-up every waiting place counts."""
    s = pos(X1)
    assert s.score(100.0) is None
    assert s.score(0.0, Outcome(FAILURE, "FA-E1")) == -6
    assert pos("rolled R3 W122345556").score(0.0, Outcome(FAILURE, "FA-E1")) == -6


# --- set-up phase ----------------------------------------------------------------------------

def test_set_up_phase_lists_every_placement_and_places() -> None:
    """GN-S2..S4: any arrangement on the spawn cells, any waiting order; red first on r0c0."""
    s = pos("rolled R3 W111111112")
    listed = moves(s)
    assert len(listed) == 4 * 9 and len(set(listed)) == 36
    assert listed[0] == "place r0c0=R3 r0c3=W1 r3c0=W1 r3c3=W1 q=111112"
    assert listed[-1] == "place r0c0=W2 r0c3=W1 r3c0=W1 r3c3=R3 q=111111"
    after = play(s, "place r0c0=W1 r0c3=R3 r3c0=W2 r3c3=W1 q=111111")
    assert after.position() == "r0c0=W1 r0c3=R3 r3c0=W2 r3c3=W1 q=111111"
    assert after.matching() == () and not after.setting_up


def test_set_up_phase_rejects_rolls_and_incomplete_placements() -> None:
    s = pos("rolled R3 W122345556")
    for text in ("r0c0 N=1", "circles", "place r0c0=R3 r0c3=W1 r3c0=W2 q=2345556",
                 "place r0c0=R3 r0c3=W1 r3c0=W2 r3c3=W2 q=34555",
                 "place r0c0=W3 r0c3=W1 r3c0=W2 r3c3=W2 q=345556",
                 "place r0c0=R3 r0c3=W1 r1c1=W2 r3c3=W2 q=345556"):
        with pytest.raises(NotationError):
            s.play(parse_move(text, s))


# --- options ---------------------------------------------------------------------------------

def test_handedness_option() -> None:
    """README 3.3: handedness is configured (DEFAULT right); a left-handed die has 7 - east."""
    assert board().options.handedness == "right"
    with pytest.raises(NotationError, match="left-handed"):
        pos(X1, handedness="left")
    left = pos("r0c0=R326 r0c3=W5 r3c0=W312 r3c3=W2 q=614253", handedness="left")
    assert known(play(left, "r3c0 N"), Cell(2, 0)) == (6, 3, 2)
    top_only = "r0c0=R1 r3c0=W1 q=6"
    assert known(play(pos(top_only), "r3c0 N=5"), Cell(2, 0)) == (5, 1, 4)
    assert known(play(pos(top_only, handedness="left"), "r3c0 N=5"), Cell(2, 0)) == (5, 1, 3)


@pytest.mark.parametrize(("options", "message"), [
    ({"handedness": "unknown"}, "handedness must be one of right, left"),
    ({"repetition": "1"}, "repetition must be a whole number 2-99"),
    ({"repetition": "three"}, "repetition"),
    ({"timer_start": "button"}, "timer_start must be one of rolled, placed"),
    ({"push_back_scope": "slot"}, "unknown option 'push_back_scope'"),
])
def test_unknown_options_and_values_are_named(options: dict[str, str], message: str) -> None:
    with pytest.raises(BoardDataError, match=message):
        board(**options)


def test_options_from_the_board_file_and_overrides() -> None:
    b = board(repetition="5", timer_start="placed", handedness="left")
    assert (b.options.repetition, b.options.timer_start, b.options.handedness) == (5, "placed",
                                                                                   "left")
    assert board(repetition="off").options.repetition is None
    assert board().options.timer_start == "rolled"
