"""No Gaps rules: the worked examples NG-X1..X3 verbatim, every F code the notation can break
(NG-F7 and the camera's NG-F6/F8 cases are in test_no_gaps_referee), every end rule, NG-A3,
scoring, and the options."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.clock import Countdown, NoClock
from engine.errors import BoardDataError
from engine.games.no_gaps import GAME, Aside, Draw, Reroll
from engine.outcome import Outcome

from .no_gaps_support import (
    EMPTY,
    START,
    board,
    board_data,
    grid,
    illegal,
    play,
    position,
    state,
)

# NG-X2: only r5c0 and r5c5 are empty; fresh 4 and 1; the unused tiles include T4, S4 and two
# M1 (the used ones cover the 34 marked cells: 1 + 4 + 6 + 6 + 12 + 5).
X2 = position(grid("r5c0", "r5c5", full=True), used="D2,D2,I3,I3,I4,L3,L3,L4,M1,O4,P5",
              fresh="1,4", spent="2,5,6", removed="3", rerolls=2, last="P5")


# --- NG-X1 first roll ----------------------------------------------------------------------

def test_x1_the_6_goes_straight_to_the_spent_zone() -> None:
    after = play(START, "6:aside")
    assert (after.fresh, after.spent) == ((1, 3, 3, 4, 5), (6,))
    assert after.covered == 0 and after.used == () and after.last is None


def test_x1_the_4_may_draw_any_of_i4_o4_t4_s4_l4() -> None:
    tiles = {m.tile for m in state(START).legal_moves() if isinstance(m, Draw) and m.face == 4}
    assert tiles == {"I4", "O4", "T4", "S4", "L4"}


def test_x1_o4_on_r0c0_r0c1_r1c0_r1c1_spends_the_4_and_crosses_o4_out() -> None:
    after = play(START, "4:O4@r0c0,r0c1,r1c0,r1c1")
    assert after.position() == position(grid("r0c0", "r0c1", "r1c0", "r1c1"), used="O4",
                                         fresh="1,3,3,5,6", spent="4", last="O4")
    assert illegal(after.position(), "4:O4@r2c0,r2c1,r3c0,r3c1") == (
        "NG-F2", "the 4 is spent: use a fresh die")


def test_x1_the_two_3s_can_draw_two_of_i3_i3_l3_l3() -> None:
    tiles = {m.tile for m in state(START).legal_moves() if isinstance(m, Draw) and m.face == 3}
    assert tiles == {"I3", "L3"}
    twice = play(START, "3:I3@r0c0,r0c1,r0c2", "3:I3@r1c0,r1c1,r1c2")
    assert twice.used == ("I3", "I3") and twice.spent == (3, 3)
    mixed = play(START, "3:I3@r0c0,r0c1,r0c2", "3:L3@r1c0,r2c0,r2c1")
    assert mixed.used == ("I3", "L3")
    third = position(grid("r0c0", "r0c1", "r0c2", "r1c0", "r1c1", "r1c2"), used="I3,I3",
                     fresh="3", spent="3,3")
    assert illegal(third, "3:I3@r3c0,r3c1,r3c2")[0] == "NG-F1"


def test_x1_when_all_six_dice_are_spent_reroll_1_of_4() -> None:
    spent = play(START, "6:aside", "4:O4@r0c0,r0c1,r1c0,r1c1", "3:I3@r2c0,r2c1,r2c2",
                 "3:L3@r3c0,r4c0,r4c1", "1:M1@r5c5", "5:P5@r0c4,r0c5,r1c4,r1c5,r2c4")
    assert spent.fresh == () and spent.spent == (1, 3, 3, 4, 5, 6)
    rerolls = spent.legal_moves()
    assert all(isinstance(m, Reroll) for m in rerolls) and len(rerolls) == 462  # C(11, 5)
    after = spent.play(Reroll((2, 2, 3, 4, 5, 6)))
    assert (after.rerolls, after.fresh, after.spent) == (1, (2, 2, 3, 4, 5, 6), ())
    assert "rerolls=1" in after.position()


# --- NG-X2 dead die and the finish ---------------------------------------------------------

def test_x2_the_4_has_no_placement_and_is_removed_at_once() -> None:
    s = state(X2)
    assert (s.fresh, s.removed) == ((1,), (3, 4))  # NG-A3 at parse time
    assert {t.name for t in s.unused_tiles()} >= {"T4", "S4", "M1"}
    assert s.copies_left(s.board.tile("M1")) == 2  # type: ignore[arg-type]
    assert [str(m) for m in s.legal_moves()] == ["1:M1@r5c0", "1:M1@r5c5"]


def test_x2_the_1_draws_m1_then_all_spent_dice_are_rerolled_the_removed_4_excluded() -> None:
    after = play(X2, "1:M1@r5c0")
    assert (after.fresh, after.spent, after.removed, after.rerolls) == (
        (), (1, 2, 5, 6), (3, 4), 2)
    assert all(len(m.faces) == 4 for m in after.legal_moves())  # type: ignore[union-attr]
    assert illegal(after.position(), "reroll=1,2,3,4,5")[0] == "NG-F6"  # the removed 4 too


def test_x2_a_new_1_draws_the_last_m1_on_r5c5_success_bonus_0() -> None:
    rolled = play(X2, "1:M1@r5c0", "reroll=1,3,5,6")
    assert (rolled.fresh, rolled.removed, rolled.rerolls) == ((1, 6), (3, 3, 4, 5), 3)
    won = rolled.play(Draw(1, "M1", ((5, 5),)))
    assert won.outcome == Outcome("success", "NG-E1") and won.last == "M1"
    assert won.legal_moves() == () and won.score(108.0) == 1 + 0


# --- NG-X3 score ---------------------------------------------------------------------------

@pytest.mark.parametrize(("last", "points"), [("L4", 1 + 3), ("M1", 1 + 0)])
def test_x3_success_with_1_48_left(last: str, points: int) -> None:
    full = state(position(grid(full=True), used=f"{last},O4", spent="4", last=last))
    assert full.outcome == Outcome("success", "NG-E1")
    assert full.score(108.0) == points  # NG-P1: floor(108 / 60) + bonus


# --- NG-F codes through play ---------------------------------------------------------------

def test_f1_a_crossed_out_tile() -> None:
    text = position(grid("r0c0", "r0c1", "r1c0", "r1c1"), used="O4", fresh="4", spent="4")
    assert illegal(text, "4:O4@r2c0,r2c1,r3c0,r3c1") == ("NG-F1", "O4 is crossed out")


@pytest.mark.parametrize(("text", "move", "message"), [
    (START, "3:O4@r0c0,r0c1,r1c0,r1c1", "O4 is drawn by a 4, not a 3"),
    (START, "6:O4@r0c0,r0c1,r1c0,r1c1", "O4 is drawn by a 4, not a 6"),
    (START, "2:D2@r0c0,r0c1", "no fresh 2"),
    (position(fresh="1,3", spent="4"), "4:O4@r0c0,r0c1,r1c0,r1c1",
     "the 4 is spent: use a fresh die"),
    (position(grid("r0c0", full=True), used="M1,M1", fresh="1", removed="2"),
     "2:D2@r0c0,r0c1", "the 2 is removed: use a fresh die"),
    (position(fresh="1,3"), "6:aside", "no fresh 6"),
])
def test_f2_a_tile_of_another_face_or_a_die_not_fresh(text: str, move: str,
                                                      message: str) -> None:
    assert illegal(text, move) == ("NG-F2", message)


@pytest.mark.parametrize(("move", "message"), [
    ("4:O4@r5c5,r5c6,r6c5,r6c6", "r5c6 is off the grid"),
    ("4:O4@r0c0,r0c1,r1c0,r1c1", "r0c0 is already drawn"),
    ("4:O4@r2c0,r2c1,r2c2,r2c3", "those cells are not the shape of O4"),
    ("4:O4@r2c0,r2c1,r3c1,r3c2", "those cells are not the shape of O4"),
    ("4:O4@r2c0,r2c1,r3c0", "those cells are not the shape of O4"),
])
def test_f3_cells_off_the_grid_drawn_or_not_the_shape(move: str, message: str) -> None:
    text = position(grid("r0c0"), used="M1", fresh="4", spent="1")
    assert illegal(text, move) == ("NG-F3", message)


def test_every_rotation_and_reflection_of_a_shape_is_drawn() -> None:
    s = state(position(fresh="4"))
    l4 = {m.cells for m in s.legal_moves() if isinstance(m, Draw) and m.tile == "L4"}
    assert len(l4) == 8 * 4 * 5  # eight forms, each 2 x 3 or 3 x 2: 4 x 5 places
    assert ((0, 0), (0, 1), (0, 2), (1, 0)) in l4 and ((0, 0), (0, 1), (1, 1), (2, 1)) in l4
    s4 = {m.cells for m in s.legal_moves() if isinstance(m, Draw) and m.tile == "S4"}
    assert len(s4) == 4 * 20  # S and Z, each lying (5 x 4 places) and standing (4 x 5)


def test_f4_a_reroll_while_fresh_dice_remain() -> None:
    assert illegal(position(fresh="6", spent="1,2"), "reroll=3,4,5") == (
        "NG-F4", "fresh dice remain: use or set them aside first")
    # NG-A4's preconditions in order: the fresh zone first, then the boxes
    assert illegal(position(fresh="6", spent="1,2", rerolls=4), "reroll=3,4")[0] == "NG-F4"


def test_f5_a_fifth_reroll() -> None:
    text = position(grid("r0c0"), used="M1", spent="1,2", rerolls=4, last="M1")
    assert state(text).outcome == Outcome("failure", "NG-E2")
    assert illegal(text, "reroll=3,4") == ("NG-F5", "all 4 rerolls are used")


@pytest.mark.parametrize("faces", ["3", "3,4,5"])
def test_f6_a_reroll_with_fewer_or_more_dice_than_spent(faces: str) -> None:
    code, message = illegal(position(spent="1,2", removed="5"), f"reroll={faces}")
    assert code == "NG-F6" and message.startswith("reroll all 2 spent dice")


def test_f8_a_die_with_tiles_is_not_set_aside() -> None:
    assert illegal(START, "4:aside") == ("NG-F8", "a 4 draws a tile; only a 6 is set aside")


def test_a_finished_game_takes_no_move() -> None:
    won = position(grid(full=True), used="O4", spent="4", last="O4")
    assert illegal(won, "6:aside")[0] == "NG-E1"
    assert illegal(won, "reroll=1")[0] == "NG-E1"


def test_a_broken_rule_never_changes_the_state() -> None:
    s = state(START)
    before = s.position()
    with pytest.raises(ValueError):
        s.play(Draw(4, "O4", ((0, 0), (0, 1), (0, 2), (0, 3))))
    assert s.position() == before


# --- NG-A3 dead dice ------------------------------------------------------------------------

def test_a3_a_die_becomes_dead_after_a_move_and_is_removed_by_itself() -> None:
    # two empty cells apart: a 2 (D2) cannot fit; after the 1 fills r5c0 the 3 has nowhere
    text = position(grid("r5c0", "r5c2", "r5c3", "r5c4", full=True), used="D2,D2,D2",
                    fresh="1,3", spent="2")
    s = state(text)
    assert s.fresh == (1, 3)  # an I3 fits r5c2..r5c4
    after = s.play(Draw(3, "I3", ((5, 2), (5, 3), (5, 4))))
    assert (after.fresh, after.spent) == ((1,), (2, 3))
    again = state(position(grid("r5c0", "r5c2", "r5c4", full=True), fresh="1,3,6", spent="2"))
    assert (again.fresh, again.removed) == ((1, 6), (3,))  # a 6 is never dead: set aside


def test_a3_a_rerolled_die_with_no_usable_face_is_removed_at_once() -> None:
    text = position(grid("r0c0", "r0c1", full=True), used="I4,L4,O4,S4,T4", spent="1,4")
    after = play(text, "reroll=2,4")
    assert (after.fresh, after.removed) == ((2,), (4,))


# --- end rules ------------------------------------------------------------------------------

def test_e2_no_fresh_die_and_no_reroll_left() -> None:
    used_up = state(position(grid("r0c0"), used="M1", spent="1,2", rerolls=4, last="M1"))
    all_removed = state(position(grid("r0c0"), used="M1", removed="1,2", last="M1"))
    for s in (used_up, all_removed):
        assert s.outcome == Outcome("failure", "NG-E2") and s.legal_moves() == ()
        assert s.score(200.0) == 0  # AMB-FA3


def test_e3_no_unused_tile_fits_even_with_dice_and_rerolls_left() -> None:
    s = state(position(grid("r3c3", full=True), used="M1,M1,M1", fresh="1,6", spent="2"))
    assert s.outcome == Outcome("failure", "NG-E3") and s.legal_moves() == ()
    assert (s.fresh, s.removed) == ((6,), (1,))


def test_e3_is_the_reason_when_e2_holds_too() -> None:
    s = state(position(grid("r3c3", full=True), used="M1,M1,M1", spent="1", rerolls=4))
    assert s.outcome == Outcome("failure", "NG-E3")


def test_e1_success_is_checked_first() -> None:
    s = state(position(grid(full=True), used="O4", fresh="2", rerolls=4, last="O4"))
    assert s.outcome == Outcome("success", "NG-E1")
    assert s.removed == (2,)  # NG-A3 holds after the last move too: nothing fits any more


def test_e4_timeout_is_the_countdown() -> None:
    clock = GAME.clock(board("a"))
    assert isinstance(clock, Countdown) and clock.duration == 300.0
    assert clock.timeout == Outcome("failure", "FA-E1")


def test_legal_moves_are_empty_exactly_when_the_game_is_over() -> None:
    for text in (START, X2, position(spent="1,2"), position(grid(full=True), last="M1")):
        s = state(text)
        assert (s.outcome is None) == bool(s.legal_moves())


# --- scoring and options ---------------------------------------------------------------------

def test_p1_no_clock_gives_the_bonus_only_and_failure_scores_0() -> None:
    full = state(position(grid(full=True), used="Y5", last="Y5"))
    assert full.score(None) == 3
    assert full.score(250.0, Outcome("failure", "FA-E1")) == 0  # the session saw time run out


def test_option_scoring_off_is_unscored_play() -> None:
    off = board("a", scoring="off")
    assert isinstance(GAME.clock(off), NoClock)
    full = state(position(grid(full=True), used="Y5", last="Y5"))
    unscored = GAME.parse_position(full.position(), off)
    assert unscored.score(250.0) is None
    assert GAME.end_text(unscored, unscored.outcome, None, None, 9) == "success"  # type: ignore[arg-type]
    lost = GAME.parse_position(position(spent="1", rerolls=4), off)
    assert GAME.end_text(lost, lost.outcome, None, None, 9) == (  # type: ignore[arg-type]
        "failure (NG-E2 no dice left)")


def test_unknown_options_are_refused_by_name() -> None:
    with pytest.raises(BoardDataError, match="unknown option 'speed'"):
        GAME.load_board("a", board_data("a"), {"speed": "fast"})
    with pytest.raises(BoardDataError, match="scoring must be one of on, off"):
        GAME.load_board("a", board_data("a"), {"scoring": "maybe"})


def test_end_text_with_the_timer() -> None:
    won = state(position(grid(full=True), used="L4", last="L4"))
    assert GAME.end_text(won, Outcome("success", "NG-E1"), 4, 108.0, 12) == (
        "success with 1:48 left, score 4")
    assert GAME.end_text(None, Outcome("failure", "NG-E3"), 0, 50.0, 3) == (
        "failure (NG-E3 no tile fits), score 0")


# --- side B ---------------------------------------------------------------------------------

def test_side_b_faces_draw_the_harder_chart() -> None:
    s = state(START, side="b")
    tiles = Counter(m.tile for m in s.legal_moves() if isinstance(m, Draw))
    by_face = {m.face: set() for m in s.legal_moves()}  # type: ignore[union-attr]
    for m in s.legal_moves():
        if isinstance(m, Draw):
            by_face[m.face].add(m.tile)
    assert by_face[1] == {"M1", "D2"} and by_face[3] == {"I4", "O4", "T4", "S4", "L4"}
    assert by_face[5] == {"V5", "W5", "X5", "Z5", "F5", "N5"} and tiles["X5"] == 16
    assert Aside(6) in s.legal_moves()
    after = play(START, "1:D2@r0c0,r0c1", side="b")
    assert after.last == "D2" and after.last_bonus() == 1
    assert play(START, "1:M1@r0c0", side="b").last_bonus() == 0


def test_game_info() -> None:
    assert GAME.info.name == "no-gaps" and GAME.info.sides == ("a", "b")
    assert GAME.info.rule_prefix == "NG" and GAME.info.solo
    assert "no longer winnable" not in GAME.panel(state(START)).lines
    # one die and four rerolls draw five tiles at most: 24 cells of 36: the OLED says so
    assert "no longer winnable" in GAME.panel(state(position(EMPTY, fresh="1"))).lines
    assert GAME.report(state(START)) == {}  # judge prints the usual fields only
