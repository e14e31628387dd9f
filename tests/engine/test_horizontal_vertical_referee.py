"""Horizontal & Vertical referee step on hand-written views: the set-up on the first roll, a
new roll seen, writes and passes inferred from ink or waited for, every camera-visible broken
rule (HV-F2, F4..F9), unchanged tables and views not to be trusted; and a session driven by
views and button entries."""

from __future__ import annotations

import pytest

from engine.games.horizontal_vertical import GAME, Board, State, parse_position, view_from_text
from engine.games.horizontal_vertical.referee import Memo, referee, step
from engine.games.horizontal_vertical.setup import setup_from_view
from engine.referee import Judgement, Verdict
from engine.session import new_session
from engine.table import MIN_CONFIDENCE

from .test_horizontal_vertical_rules import hv_board

EMPTY = "...../...../...../...../....."
HERE = "2@20:100,5@40:130,6@30:170"      # a roll of 2,5,6 lying in the roll zone
MOVED = "1@25:60,3@45:200,4@20:230"      # the next roll: 1,3,4, every die elsewhere


@pytest.fixture
def board() -> Board:
    return hv_board("total")


def at(board: Board, grid: str = EMPTY, passes: int = 0, roll: str = "-") -> State:
    return parse_position(f"{grid} passes={passes} roll={roll}", board)


def seen(grid: str = EMPTY, dice: str = "-", ticks: int = 0, more: str = "") -> str:
    """A view text: ink wherever ``grid`` (position notation, rows left out are empty) has a
    mark."""
    rows = grid.split("/")
    rows += ["....."] * (5 - len(rows))
    ink = "".join("#" if ch not in "./" else ch for ch in "/".join(rows))
    text = f"{ink} roll={dice} passes={','.join('#' * ticks) or '-'}"
    return f"{text} {more}".strip()


def judge(state: State, view: str, memo: object = None) -> Judgement[State]:
    return referee(state, view_from_text(view), memo)


def remembered(state: State, *views: str) -> Memo:
    """The memo after the referee saw ``views`` of ``state`` (the state kept throughout)."""
    memo: object = None
    for text in views:
        memo = step(state, view_from_text(text), memo, MIN_CONFIDENCE).memo
    assert isinstance(memo, Memo)
    return memo


def assert_illegal(j: Judgement[State], code: str, words: str = "") -> None:
    assert (j.verdict, j.code) == (Verdict.ILLEGAL, code), j
    assert words in j.message


# -- set-up (HV-S1, FA-P1) --------------------------------------------------------------------

def test_setup_on_the_first_roll_seen_settled(board: Board) -> None:
    state, why = setup_from_view(view_from_text(seen(dice=HERE)), board)
    assert why == "" and state == at(board, roll="2,5,6")


@pytest.mark.parametrize(("view", "words"), [
    (seen(), "roll the three dice in the roll zone"),
    (seen(dice="2@20:100,5@40:130"), "roll the three dice in the roll zone"),
    (seen("..5../...../...../...../.....", HERE), "wipe the board: ink at 2-4"),
    (seen(dice=HERE, ticks=1), "wipe the pass boxes"),
    (seen(dice=HERE, more="S=moving"), "moving"),
    (seen(dice="2,5,R6"), "colour is outside the palette"),
])
def test_no_setup_until_a_blank_board_and_three_dice(board: Board, view: str,
                                                     words: str) -> None:
    state, why = setup_from_view(view_from_text(view), board)
    assert state is None and words in why


def test_the_session_starts_the_countdown_at_the_first_roll(board: Board) -> None:
    session = new_session("horizontal-vertical", "total", board)
    session, events = session.observe(view_from_text(seen()), 1.0)
    assert events == [] and not session.clock.started
    assert session.status == "roll the three dice in the roll zone"
    session, events = session.observe(view_from_text(seen(dice=HERE)), 2.0)
    assert [e.kind for e in events] == ["setup", "timer_start"]
    assert session.state.position() == f"{EMPTY} passes=0 roll=2,5,6"
    assert session.remaining(62.0) == 240.0


# -- unchanged, and the roll (HV-A1) ----------------------------------------------------------

def test_the_table_as_the_state_says_is_unchanged(board: Board) -> None:
    for state in (at(board, roll="2,5,6"), at(board, "3X.../...../...../...../.....", 1),
                  at(board, "3X.../...../...../...../.....", 1, "1,1,6")):
        assert judge(state, GAME.view_to_text(GAME.expected_view(state))).verdict is (
            Verdict.UNCHANGED)


def test_dice_picked_up_before_writing_change_nothing(board: Board) -> None:
    state = at(board, roll="2,5,6")
    assert judge(state, seen()).verdict is Verdict.UNCHANGED
    assert judge(state, seen(dice="2@20:100")).verdict is Verdict.UNCHANGED


def test_a_new_roll_is_seen_as_a_move(board: Board) -> None:
    state = at(board, "3..../...../...../...../.....")
    j = judge(state, seen("3..../...../...../...../.....", "4,1,3"))
    assert (j.verdict, j.move, j.message) == (Verdict.MOVE, "roll=1,3,4", "roll 1,3,4")
    assert j.state.position() == "3..../...../...../...../..... passes=0 roll=1,3,4"


def test_the_spent_roll_still_lying_is_not_a_new_roll(board: Board) -> None:
    """After a write the dice lie as they fell: the same dice at the same places are the
    roll just used; all three moved is the next roll, even when it shows the same faces."""
    rolled = at(board, roll="2,5,6")
    memo = remembered(rolled, seen(dice=HERE))
    written = rolled.play(GAME.parse_move("2@5-6", rolled))
    ink = "...../...../...../....2/....."
    assert judge(written, seen(ink, HERE), memo).verdict is Verdict.UNCHANGED
    again = "2@60:40,5@20:220,6@45:70"
    j = judge(written, seen(ink, again), memo)
    assert (j.verdict, j.move) == (Verdict.MOVE, "roll=2,5,6")


def test_a_die_landing_where_one_lay_still_makes_a_new_roll(board: Board) -> None:
    rolled = at(board, roll="2,5,6")
    memo = remembered(rolled, seen(dice=HERE))
    written = rolled.play(GAME.parse_move("P X@2-2", rolled))
    j = judge(written, seen("X..../...../...../...../.....", "4@21:101,3@45:200,4@20:230", 1),
              memo)
    assert (j.verdict, j.move) == (Verdict.MOVE, "roll=3,4,4")


def test_an_empty_roll_zone_forgets_the_spent_roll(board: Board) -> None:
    written = at(board, "....X/...../...../...../.....", 1)
    memo = remembered(written, seen("....X", HERE, 1), seen("....X", "-", 1))
    assert memo.roll is None
    j = judge(written, seen("....X", HERE, 1), memo)  # thrown back exactly as before
    assert (j.verdict, j.move) == (Verdict.MOVE, "roll=2,5,6")


# -- HV-F8 from the roll zone -----------------------------------------------------------------

def test_hv_f8_rolled_again_before_writing_or_passing(board: Board) -> None:
    state = at(board, roll="2,5,6")
    assert_illegal(judge(state, seen(dice="1,3,4")), "HV-F8",
                   "rolled again before writing or passing: put back 2,5,6")
    memo = remembered(state, seen(dice=HERE))
    assert_illegal(judge(state, seen(dice=MOVED), memo), "HV-F8", "rolled again")


def test_hv_f8_only_some_dice_rerolled(board: Board) -> None:
    state = at(board, roll="2,5,6")
    memo = remembered(state, seen(dice=HERE))
    assert_illegal(judge(state, seen(dice="2@20:100,5@40:130,3@80:80"), memo), "HV-F8",
                   "only some dice rerolled: put back 2,5,6")
    written = at(board, "....X/...../...../...../.....", 1)
    assert_illegal(judge(written, seen("....X", "2@20:100,1@70:200,4@30:60", 1), memo),
                   "HV-F8", "reroll all three dice")


def test_hv_f8_a_die_turned_by_hand(board: Board) -> None:
    state = at(board, roll="2,5,6")
    memo = remembered(state, seen(dice=HERE))
    assert_illegal(judge(state, seen(dice="2@20:100,2@40:130,6@30:170"), memo), "HV-F8",
                   "a die was turned by hand")
    written = at(board, "....X/...../...../...../.....", 1)
    assert_illegal(judge(written, seen("....X", "2@20:100,5@40:130,1@30:170", 1), memo),
                   "HV-F8", "a die was turned by hand")


def test_the_same_faces_thrown_again_are_the_same_roll(board: Board) -> None:
    state = at(board, roll="2,5,6")
    memo = remembered(state, seen(dice=HERE))
    j = step(state, view_from_text(seen(dice="6@60:40,5@20:220,2@45:70")), memo)
    assert j.judgement.verdict is Verdict.UNCHANGED
    assert isinstance(j.memo, Memo) and j.memo.roll is not None
    assert j.memo.roll[0].x_mm == 60.0  # the new places are remembered


def test_putting_the_dice_back_clears_the_warning(board: Board) -> None:
    state = at(board, roll="2,5,6")
    session = new_session("horizontal-vertical", "total", board)
    session, _ = session.observe(view_from_text(seen(dice=HERE)), 0.0)
    session, _ = session.observe(view_from_text(seen(dice="1,3,4")), 1.0)
    why = "rolled again before writing or passing: put back 2,5,6"
    assert session.warning == ("HV-F8", why)
    session, events = session.observe(view_from_text(seen(dice="6,2,5")), 2.0)
    assert session.warning is None and [e.kind for e in events] == ["warning_cleared"]
    assert session.state == state


# -- writes and passes from the ink -----------------------------------------------------------

def test_a_write_with_the_dice_still_lying_waits_for_its_entry(board: Board) -> None:
    state = at(board, roll="2,5,6")
    j = judge(state, seen("...../...../...../....2/.....", HERE))
    assert (j.verdict, j.move, j.message) == (Verdict.PENDING, "2@5-6", "enter 2@5-6")


def test_a_write_is_seen_once_the_dice_are_picked_up(board: Board) -> None:
    """With every pass used, the lone new mark can only be the write."""
    state = at(board, "XXX../...../...../...../.....", 3, "2,5,6")
    j = judge(state, seen("XXX../...../...../....2/.....", ticks=3))
    assert (j.verdict, j.move) == (Verdict.MOVE, "2@5-6")
    assert j.state.position() == "XXX../...../...../....2/..... passes=3 roll=-"


def test_a_lone_mark_may_be_a_pass_awaiting_its_tick(board: Board) -> None:
    """Dice picked up and one new mark where the roll writes a 2: a write, or a pass's X
    before its tick; the referee waits (offering the write) until the tick or the next roll."""
    state = at(board, roll="2,5,6")
    j = judge(state, seen("...../...../...../....2/....."))
    assert (j.verdict, j.move, j.message) == (Verdict.PENDING, "2@5-6", "enter 2@5-6")
    j = judge(state, seen("...../...../...../....2/.....", ticks=1))
    assert (j.verdict, j.move) == (Verdict.MOVE, "P X@5-6")


def test_a_write_is_seen_when_the_dice_are_rolled_again(board: Board) -> None:
    state = at(board, roll="2,5,6")
    memo = remembered(state, seen(dice=HERE))
    j = judge(state, seen("...../...../...../....2/.....", MOVED), memo)
    assert (j.verdict, j.move) == (Verdict.MOVE, "2@5-6")


def test_a_pass_is_one_new_x_and_one_new_tick(board: Board) -> None:
    state = at(board, "X..../...../...../...../.....", 1, "2,5,6")
    j = judge(state, seen("X..../.X.../...../...../.....", ticks=2))
    assert (j.verdict, j.move) == (Verdict.MOVE, "P X@3-3")
    assert j.state.passes == 2
    j = judge(state, seen("X..../.X.../...../...../.....", HERE, 2))
    assert (j.verdict, j.message) == (Verdict.PENDING, "enter P X@3-3")


def test_ink_that_fits_several_moves_asks_for_the_entry(board: Board) -> None:
    """(1,3,4) with ink at 3-4 and 4-4: 3@3-4 X@4-4, 4@3-4 X@4-4 or 3@4-4 X@3-4."""
    state = at(board, roll="1,3,4")
    j = judge(state, seen("...../..#../..#../...../....."))
    assert (j.verdict, j.message) == (Verdict.PENDING, "enter the write: 3 moves fit the ink")
    assert j.state is state


def test_without_a_pass_box_zone_a_pass_and_a_write_look_alike(board: Board) -> None:
    state = at(board, roll="2,5,6")
    view = "...../...../...../....#/..... roll=-"  # no passes= field: ticks not watched
    j = judge(state, view)
    assert (j.verdict, j.message) == (Verdict.PENDING, "enter the write: 2 moves fit the ink")
    j = judge(state, "...../.#.../...../...../..... roll=-")
    assert (j.verdict, j.move) == (Verdict.MOVE, "P X@3-3")


def test_a_write_still_lacking_its_x(board: Board) -> None:
    state = at(board, roll="1,3,4")
    ink = "...../...../..3../...../....."
    for dice in ("1@20:100,3@40:130,4@30:170", "-"):
        j = judge(state, seen(ink, dice))
        assert (j.verdict, j.message) == (Verdict.PENDING,
                                          "write an X for each 1 used as a wildcard")
    memo = remembered(state, seen(dice="1@20:100,3@40:130,4@30:170"))
    assert_illegal(judge(state, seen(ink, "5@70:50,5@20:220,6@60:150"), memo), "HV-F5",
                   "write an X for each 1 used as a wildcard")


def test_hv_f7_a_pass_without_its_tick_or_its_x(board: Board) -> None:
    state = at(board, roll="2,5,6")
    memo = remembered(state, seen(dice=HERE))
    j = judge(state, seen(".X.../...../...../...../.....", HERE), memo)
    assert (j.verdict, j.message) == (Verdict.PENDING, "tick a pass box")
    assert_illegal(judge(state, seen(".X...", MOVED), memo), "HV-F7", "tick a pass box")
    assert_illegal(judge(state, seen(dice=MOVED, ticks=1), memo), "HV-F7", "write the pass's X")
    assert_illegal(judge(state, seen("XX...", ticks=1)), "HV-F7", "one X and one tick per pass")
    assert_illegal(judge(state, seen("X....", ticks=2)), "HV-F7", "one tick per pass")


def test_hv_f2_ink_where_the_roll_addresses_nothing(board: Board) -> None:
    assert_illegal(judge(at(board, roll="2,5,6"), seen("...../.X.../..X../...../.....")),
                   "HV-F2", "roll 2,5,6 does not address 3-3")


def test_hv_f4_more_ink_than_one_write(board: Board) -> None:
    assert_illegal(judge(at(board, roll="1,1,5"), seen("XXXX./...../...../...../.....")),
                   "HV-F4", "one number per turn")


def test_hv_f5_an_x_without_a_wildcard(board: Board) -> None:
    assert_illegal(judge(at(board, roll="2,5,6"), seen("X..../...../...../....2/.....")),
                   "HV-F5", "no 1 in roll 2,5,6: no X")


def test_hv_f6_a_fourth_tick(board: Board) -> None:
    state = at(board, "XX.../...../...../...../.....", 2, "2,5,6")
    assert_illegal(judge(state, seen("XXX../...../...../...../.....", ticks=4)), "HV-F6")


# -- HV-F9: the ink and the record must agree -------------------------------------------------

def test_hv_f9_a_recorded_mark_without_ink_while_a_roll_is_in_view(board: Board) -> None:
    state = at(board, "3..../...../...../...../.....", 0, "2,5,6")
    assert_illegal(judge(state, seen(dice=HERE)), "HV-F9", "2-2 holds 3: its ink is missing")
    state = at(board, "X..../...../...../...../.....", 1, "2,5,6")
    assert_illegal(judge(state, seen("X....", HERE)), "HV-F9", "a pass box tick is missing")


def test_hv_f9_ink_that_was_not_entered(board: Board) -> None:
    state = at(board, "...../...../...../....2/.....")
    assert_illegal(judge(state, seen("...../...../...../...#2/.....", HERE)), "HV-F9",
                   "ink at 5-5 was not entered")
    assert_illegal(judge(state, seen("...../...../...../....2/.....", ticks=1)), "HV-F9",
                   "a pass box tick was not entered")


def test_hv_f9_ink_seen_then_gone(board: Board) -> None:
    state = at(board, "...../...../...../....2/.....", 1)
    memo = remembered(state, seen("...../...../...../....2/.....", ticks=1))
    assert memo.inked and memo.ticked == 1
    assert_illegal(judge(state, seen(ticks=1), memo), "HV-F9", "5-6 was written: its ink is gone")
    assert_illegal(judge(state, seen("...../...../...../....2/....."), memo), "HV-F9",
                   "a pass box tick is gone")


def test_an_entered_write_not_yet_inked_is_waited_for(board: Board) -> None:
    """Entered with the buttons while the dice still lie as rolled: the ink is awaited, and
    missing still when the next roll is seen, it is a warning."""
    memo = remembered(at(board, roll="2,5,6"), seen(dice=HERE))
    state = at(board, "...../...../...../....2/.....")
    j = judge(state, seen(dice=HERE), memo)
    assert (j.verdict, j.message) == (Verdict.PENDING, "write 2 at 5-6")
    assert_illegal(judge(state, seen(dice="1,3,4"), memo), "HV-F9",
                   "write 2 at 5-6 before rolling")
    passed = at(board, "X..../...../...../...../.....", 1)
    j = judge(passed, seen("X....", HERE), memo)
    assert (j.verdict, j.message) == (Verdict.PENDING, "tick a pass box")


# -- views not to be trusted ------------------------------------------------------------------

@pytest.mark.parametrize(("view", "words"), [
    (seen(dice=HERE, more="S=hand"), "hand"),
    (seen(dice="2,?,6"), "straighten or reroll a die in the roll zone"),
    (seen(dice="2,5~0.3,6"), "a die is hard to read"),
    ("#~0.2..../...../...../...../..... roll=2,5,6", "the ink is hard to read"),
    (seen(dice="2,5,U6"), "colour is outside the palette"),
    (seen(dice="2,5,R6"), "colour is outside the palette"),
    (seen("..5..", HERE).replace("..#..", "..5.."), "take the dice off the grid"),
    (seen(dice="2,5", more="out=6@270:270"), "roll the dice inside the roll zone"),
    (seen(dice="2,5,6,1"), "only the three dice in the roll zone"),
    ("..../..../..../.... roll=2,5,6", "the grid is not read"),
])
def test_untrusted_views(board: Board, view: str, words: str) -> None:
    state = at(board, roll="2,5,6")
    j = judge(state, view)
    assert j.verdict is Verdict.UNTRUSTED and words in j.message and j.state is state


def test_an_untrusted_view_keeps_the_memo(board: Board) -> None:
    state = at(board, roll="2,5,6")
    memo = remembered(state, seen(dice=HERE))
    after = step(state, view_from_text(seen(dice=HERE, more="S=hand")), memo)
    assert after.memo == memo


# -- a session: views and button entries ------------------------------------------------------

def test_a_turn_entered_with_the_buttons_then_checked_by_the_camera(board: Board) -> None:
    session = new_session("horizontal-vertical", "total", board)
    session, _ = session.observe(view_from_text(seen(dice=HERE)), 0.0)
    session, _ = session.observe(view_from_text(seen(dice=HERE)), 1.0)
    session, events = session.enter("2@5-6", 5.0)
    assert [e.kind for e in events] == ["move"] and events[0].data["input"] == "2@5-6"
    session, _ = session.observe(view_from_text(seen(dice=HERE)), 6.0)
    assert session.status == "write 2 at 5-6"
    session, events = session.observe(view_from_text(seen("...../...../...../...2./.....",
                                                          HERE)), 7.0)
    assert session.warning == ("HV-F9", "ink at 5-5 was not entered")  # wrong cell
    session, events = session.observe(view_from_text(seen("...../...../...../....2/.....",
                                                          HERE)), 8.0)
    assert session.warning is None and [e.kind for e in events] == ["warning_cleared"]
    session, events = session.observe(view_from_text(seen("...../...../...../....2/.....",
                                                          MOVED)), 9.0)
    assert [e.kind for e in events] == ["move"] and session.last_move == "roll=1,3,4"
    assert session.state.position() == "...../...../...../....2/..... passes=0 roll=1,3,4"
    assert session.moves == 1  # the write; a roll seen is not a move made


def test_a_session_that_sees_every_move_by_itself(board: Board) -> None:
    session = new_session("horizontal-vertical", "total", board)
    views = [seen(dice=HERE), seen("...../...../...../....2/....."),  # set-up; a mark: wait
             seen("...../...../...../....2/.....", MOVED),            # thrown: the write...
             seen("...../...../...../....2/.....", MOVED),            # ...then the roll
             seen("...../..X../...../....2/.....", ticks=1)]          # a pass
    kinds = []
    for t, text in enumerate(views):
        session, events = session.observe(view_from_text(text), float(t))
        kinds.append([e.data.get("move") for e in events if e.kind == "move"])
    assert kinds == [[], [], ["2@5-6"], ["roll=1,3,4"], ["P X@3-4"]]
    assert session.state.position() == "...../..X../...../....2/..... passes=1 roll=-"


def test_an_illegal_entry_is_a_warning_and_changes_nothing(board: Board) -> None:
    session = new_session("horizontal-vertical", "total", board)
    session, _ = session.observe(view_from_text(seen(dice=HERE)), 0.0)
    before = session.state
    session, events = session.enter("5@5-6", 3.0)
    assert session.warning == ("HV-F3", "write the value die's face at 5-6: 2")
    assert session.state == before and events[0].kind == "warning"
