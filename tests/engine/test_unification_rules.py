"""Unification rules: the worked examples UN-X1..X3 verbatim, UN-F1..F3, F5, E1, E2, options."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMoveError, NotationError
from engine.games.unification import GAME, Board, parse_move, parse_position
from engine.outcome import Outcome

from .conftest import board_data

EXAMPLE = "251/46R3/623 P=4 F=none"  # UN-X: r0 = 2 5 1, r1 = 4 6 R3, r2 = 6 2 3, P = 4


def play(board: Board, position: str, move: str) -> str:
    return parse_position(position, board).play(parse_move(move)).position()


def illegal_code(board: Board, position: str, move: str) -> str:
    with pytest.raises(IllegalMoveError) as info:
        parse_position(position, board).play(parse_move(move))
    return info.value.code


# --- UN-X1 simple side -------------------------------------------------------------------------

def test_x1_push_w0_row_becomes_425_inc1_gives_2_and_e0_forbidden(simple: Board) -> None:
    after = parse_position(EXAMPLE, simple).play(parse_move("W0"))
    assert after.position() == "425/46R3/623 P=2 F=E0"
    assert illegal_code(simple, after.position(), "E0") == "UN-F2"


def test_x1_push_w1_would_push_the_red_die_out(simple: Board) -> None:
    assert illegal_code(simple, EXAMPLE, "W1") == "UN-F1"


def test_x1_push_s2_dec1_on_a_1_cannot_fire(simple: Board) -> None:
    with pytest.raises(IllegalMoveError) as info:
        parse_position(EXAMPLE, simple).play(parse_move("S2"))
    assert info.value.code == "UN-F3"
    assert info.value.reason == "-1 can't apply to a 1"


def test_x1_push_n2_flip_gives_4_and_red_moves_to_r2c2(simple: Board) -> None:
    after = parse_position(EXAMPLE, simple).play(parse_move("N2"))
    assert after.position() == "254/461/62R3 P=4 F=S2"
    assert after.red == 8


def test_x1_push_e1_rerolls_the_4(simple: Board) -> None:
    state = parse_position(EXAMPLE, simple)
    assert [str(m) for m in state.legal_moves() if m.side == "E" and m.line == 1] == [
        f"E1={r}" for r in range(1, 7)]
    assert play(simple, EXAMPLE, "E1=5") == "251/6R34/623 P=5 F=W1"
    with pytest.raises(NotationError):
        state.play(parse_move("E1"))  # a reroll's result must be given


# --- UN-X2 complex side ------------------------------------------------------------------------

def test_x2_push_e0_rotates_the_grid_counter_clockwise(complex_: Board) -> None:
    assert play(complex_, EXAMPLE, "E0") == "4R33/162/546 P=2 F=W0"


def test_x2_push_e1_paradigm_turns_the_red_die_to_4(complex_: Board) -> None:
    assert play(complex_, EXAMPLE, "E1") == "251/6R44/623 P=4 F=W1"


def test_x2_push_w0_pm2_on_a_1_only_up(complex_: Board) -> None:
    state = parse_position(EXAMPLE, complex_)
    assert "W0" in [str(m) for m in state.legal_moves()]
    assert play(complex_, EXAMPLE, "W0") == "425/46R3/623 P=3 F=E0"


def test_x2_push_s1_pm1_on_a_5_gives_4_or_6(complex_: Board) -> None:
    state = parse_position(EXAMPLE, complex_)
    assert [str(m) for m in state.legal_moves() if m.side == "S" and m.line == 1] == [
        "S1=4", "S1=6"]
    # column 1 (5, 6, 2) slides north, P=4 enters at r2c1, the 5 leaves through N1
    assert play(complex_, EXAMPLE, "S1=6") == "261/42R3/643 P=6 F=N1"


# --- UN-X3 score -------------------------------------------------------------------------------

def test_x3_score_doubled_with_red_in_the_centre(simple: Board) -> None:
    centre = parse_position("111/1R11/111 P=3 F=E0", simple)
    corner = parse_position("R111/111/111 P=3 F=E0", simple)
    assert centre.outcome == Outcome("success", "UN-E1")
    assert centre.score(160.0) == 4
    assert corner.score(160.0) == 2
    assert corner.score(59.9) == 0


def test_score_is_zero_unless_success(simple: Board) -> None:
    assert parse_position(EXAMPLE, simple).score(299.0) == 0


# --- forbidden moves ---------------------------------------------------------------------------

def test_f2_slot_scope_forbids_only_the_same_line(simple: Board) -> None:
    after = "425/46R3/623 P=2 F=E0"
    assert illegal_code(simple, after, "E0") == "UN-F2"
    # row 2 (6, 2, 3) slides west, P=2 enters at r2c2, the 6 leaves through W2 (REROLL)
    assert play(simple, after, "E2=1") == "425/46R3/232 P=1 F=W2"


def test_f2_side_scope_forbids_the_whole_side() -> None:
    board = GAME.load_board("simple", {**board_data("simple"),
                                  "options": {"push_back_scope": "side"}})
    after = "425/46R3/623 P=2 F=E0"
    for move in ("E0", "E1=3", "E2=3"):
        assert illegal_code(board, after, move) == "UN-F2"
    assert not [m for m in parse_position(after, board).legal_moves() if m.side == "E"]
    assert play(board, after, "W2") == "425/46R3/262 P=4 F=E2"


def test_f3_inc1_on_a_6_and_paradigm_on_the_red_face(simple: Board, complex_: Board) -> None:
    assert illegal_code(simple, "256/461/6R23 P=4 F=none", "W0") == "UN-F3"
    # E1 pushes the 3 at r1c0 out through W1 = PARADIGM while the red die shows 3
    assert illegal_code(complex_, "251/36R3/623 P=4 F=none", "E1") == "UN-F3"


def test_f5_effect_result_outside_the_allowed_results(complex_: Board, simple: Board) -> None:
    # PM2 on a 3 (W2 pushes the r2c2 3 out through E2) gives 1 or 5, never 4
    assert illegal_code(complex_, EXAMPLE, "W2=4") == "UN-F5"
    assert illegal_code(simple, EXAMPLE, "W0=3") == "UN-F5"  # INC1 on 1 gives 2
    assert play(simple, EXAMPLE, "W0=2") == "425/46R3/623 P=2 F=E0"


def test_pm_direction_literal_forces_low_up_high_down() -> None:
    board = GAME.load_board("complex", {**board_data("complex"),
                                   "options": {"pm_direction": "literal"}})
    state = parse_position(EXAMPLE, board)
    assert [str(m) for m in state.legal_moves() if m.side in "SW"] == ["S0", "S1", "S2",
                                                                        "W0", "W2"]
    assert play(board, EXAMPLE, "S1") == "261/42R3/643 P=4 F=N1"
    assert illegal_code(board, EXAMPLE, "S1=6") == "UN-F5"


# --- end ---------------------------------------------------------------------------------------

def test_e1_success_when_a_push_makes_nine_equal(simple: Board) -> None:
    state = parse_position("333/3R33/343 P=3 F=none", simple)
    assert state.outcome is None  # uniform-looking set-up is not a win before a push
    after = state.play(parse_move("N1"))  # column 1 = 3,R3,4: P=3 enters north, 4 leaves S1
    assert after.position() == "333/333/3R33 P=3 F=S1"  # FLIP 4 -> 3; red slid to r2c1
    assert after.outcome == Outcome("success", "UN-E1")
    assert after.legal_moves() == []
    with pytest.raises(IllegalMoveError) as info:
        after.play(parse_move("N0"))
    assert info.value.code == "UN-E1"


def test_e2_stuck_when_no_push_is_legal() -> None:
    data = {**board_data("simple"), "exits": {f"{s}{i}": ["DEC1"] for s in "NESW"
                                              for i in range(3)}}
    board = GAME.load_board("simple", data)
    stuck = parse_position("111/1R11/111 P=1 F=none", board)
    assert stuck.legal_moves() == []
    assert stuck.outcome == Outcome("failure", "UN-E2")
    assert stuck.score(200.0) == 0


# --- perft-style regression: counts worked out by hand from UN-D2/D3/D4 --------------------------

@pytest.mark.parametrize(("side", "position", "count"), [
    ("simple", EXAMPLE, 25),   # W0 W2 + 3x6 rerolls + N0 N1 N2 + S0 S1 (W1 F1, S2 F3)
    ("complex", EXAMPLE, 14),  # PM choices: S0 x2, S1 x2, W2 x2; the rest single; W1 F1
    ("simple", "425/46R3/623 P=2 F=E0", 20),  # E0 forbidden; W0 now pushes a 5 out (legal)
    ("complex", "4R33/162/546 P=2 F=W0", 12),  # W0 forbidden, S1 pushes the red out
])
def test_perft_legal_move_counts(side: str, position: str, count: int) -> None:
    board = GAME.load_board(side, board_data(side))
    assert len(parse_position(position, board).legal_moves()) == count
