"""Pairing Five from the camera: set-up (PF-S1, the FA-P1 timer start), every legal move seen,
each camera-visible broken rule named, unchanged, pending and untrusted views, the memo that
takes a reroll keeping its faces as done, and whole sessions driven by views."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from engine.games.pairing_five import GAME, Board, State, parse_position, view_from_text
from engine.games.pairing_five.referee import Memo, referee, step
from engine.games.pairing_five.setup import setup_from_view
from engine.referee import Judgement, Verdict
from engine.session import new_session
from engine.table import Colour, Item, ItemKind, TableView

from .test_pairing_five_rules import AFTER_X1, START_X1, load, random_positions

HAND = view_from_text("A=.+. B=.+. C=.+. D=.+. E=.+. U=- S=hand")


@pytest.fixture
def basic() -> Board:
    return load("basic")


@pytest.fixture
def expert() -> Board:
    return load("expert")


def seen(text: str) -> TableView:
    """A settled camera view: a position's text without ``pending=`` (the camera never
    shows it)."""
    return view_from_text(re.sub(r" pending=\S+", "", text))


def judge(board: Board, position: str, view: str) -> Judgement[State]:
    return referee(parse_position(position, board), seen(view))


def verdict(board: Board, position: str, view: str) -> tuple[Verdict, str | None, str | None]:
    j = judge(board, position, view)
    return j.verdict, j.code, j.move


# --- set-up -----------------------------------------------------------------------------------

def test_setup_when_the_ten_dice_lie_in_the_unused_zone(basic: Board) -> None:
    state, why = setup_from_view(seen("A=.+. B=.+. C=.+. D=.+. E=.+. U=6,1,5,R4,3,1,2,6,3,5"),
                                 basic)
    assert why == "" and state is not None and state.position() == START_X1


@pytest.mark.parametrize(("view", "words"), [
    ("A=.+. B=.+. C=.+. D=.+. E=.+. U=R4,1,1,2,3,3,5,5,6", "9 seen there"),
    ("A=.+. B=.+. C=.+. D=.+. E=.+. U=R4,1,1,2,3,3,5,5,6 X=6", "9 seen there"),
    ("A=.+. B=.+. C=.+. D=.+. E=.+.", "0 seen there"),
    ("A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6", "clear the areas"),
    ("A=.+. B=.+. C=.+. D=.+. E=.+. U=4,1,1,2,3,3,5,5,6,6", "the red one"),
    ("A=.+. B=.+. C=.+. D=.+. E=.+. U=R4,R1,1,2,3,3,5,5,6,6", "the red one"),
    ("A=.+. B=.+. C=.+. D=.+. E=.+. U=R4,1,1,2,3,3,5,5,6,B6", "unclear"),
    ("A=.+. B=.+. C=.+. D=.+. E=.+. U=R4,1,1,2,3,3,5,5,6,? S=moving", "moving"),
])
def test_no_setup_until_the_table_is_ready(basic: Board, view: str, words: str) -> None:
    state, why = setup_from_view(seen(view), basic)
    assert state is None and words in why


def test_the_timer_starts_at_the_set_up_view_fa_p1(basic: Board) -> None:
    """FA-P1, AMB-FA1: for PF the countdown starts when the ten dice are first seen settled
    beside the board."""
    session = new_session("pairing-five", "basic", basic)
    session, events = session.observe(seen("A=.+. B=.+. C=.+. D=.+. E=.+. U=R4,1,1"), 1.0)
    assert events == [] and not session.clock.started and "3 seen" in session.status
    session, events = session.observe(seen(START_X1), 2.0)
    assert [e.kind for e in events] == ["setup", "timer_start"]
    assert events[0].data["position"] == START_X1 and session.remaining(62.0) == 240.0


# --- moves seen -------------------------------------------------------------------------------

def test_a_placement_is_seen(basic: Board) -> None:
    j = judge(basic, START_X1, "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6")
    assert (j.verdict, j.move) == (Verdict.MOVE, "A1=R4")
    assert j.state.position() == "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=A"


@pytest.mark.parametrize(("position", "view", "move"), [
    ("A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=A",
     "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,3,5,5,6", "DOWN 6>3"),
    ("A=R4+. B=1+. C=.+. D=.+. E=.+. U=1,2,3,3,3,5,5,6 pending=B",
     "A=R4+. B=1+. C=.+. D=.+. E=.+. U=2,3,3,3,4,5,5,6", "UP 1>4"),
    ("A=R4+. B=1+. C=6+. D=.+. E=.+. U=2,3,3,3,4,5,5 pending=C",
     "A=R4+. B=1+. C=6+. D=.+. E=.+. U=3,3,3,4,5,5,5", "FLIP 2>5"),
    ("A=R4+. B=1+. C=6+. D=3+. E=.+. U=3,3,4,5,5,5 pending=D",
     "A=R4+. B=1+. C=6+. D=3+. E=.+. U=3,3,4,5,5,6", "REROLL1 5>6"),
    ("A=R4+. B=1+. C=6+. D=3+. E=5+. U=3,3,4,5,6 pending=E", AFTER_X1, "SAME_REROLL 3:1,3"),
])
def test_x1_effects_are_seen_from_the_unused_dice(basic: Board, position: str, view: str,
                                                  move: str) -> None:
    j = judge(basic, position, view)
    assert (j.verdict, j.move) == (Verdict.MOVE, move)
    assert j.state == parse_position(position, basic).play(GAME.parse_move(move, j.state))


def test_x2_area_change_and_expert_effects_are_seen(expert: Board) -> None:
    pending_e = "A=R4+4 B=1+. C=6+. D=3+. E=5+5 U=1,3,6 pending=E"
    assert verdict(expert, pending_e, "A=1+. B=R4+4 C=6+. D=3+. E=5+5 U=1,3,6") == (
        Verdict.MOVE, None, "AREA_CHANGE A<>B")
    pending_a = "A=1+1 B=R4+4 C=6+. D=3+. E=5+5 U=3,6 pending=A"
    assert verdict(expert, pending_a, "A=1+1 B=R4+4 C=6+. D=3+. E=5+5 U=3,3") == (
        Verdict.MOVE, None, "PM3 6>3")


def test_a_placement_and_its_effect_between_two_settled_views(basic: Board) -> None:
    """Both happened before the table settled: the placement is taken first, then the same
    view (the device sends every settled frame) gives the effect."""
    view = seen("A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,3,5,5,6")
    session = new_session("pairing-five", "basic", basic)
    session, _ = session.observe(seen(START_X1), 0.0)
    session, events = session.observe(view, 1.0)
    assert [e.data.get("move") for e in events if e.kind == "move"] == ["A1=R4"]
    session, events = session.observe(view, 1.1)
    assert [e.data.get("move") for e in events if e.kind == "move"] == ["DOWN 6>3"]
    assert session.state.pending is None and session.moves == 1  # its effect is part of it


@pytest.mark.parametrize("side", ["basic", "expert"])
def test_every_legal_move_is_seen(side: str) -> None:
    """From positions of random games, each legal move's table is MOVE with that move's
    position (a reroll keeping its faces: PENDING), whichever of equal dice moved."""
    board = load(side)
    for state in random_positions(board, seed=5, games=3):
        for move in state.legal_moves()[:60]:
            after = state.play(move)
            camera = replace(GAME.expected_view(after), zones=GAME.expected_view(after).zones[:1])
            j = referee(state, camera)
            if camera == replace(GAME.expected_view(state),
                                 zones=GAME.expected_view(state).zones[:1]):
                assert j.verdict is Verdict.PENDING, (state.position(), str(move))
                continue
            assert j.verdict is Verdict.MOVE, (state.position(), str(move), j)
            assert j.state.position() == after.position()


# --- broken rules seen ------------------------------------------------------------------------

AFTER_STEP_1 = "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,3,5,5,6 pending=-"
AFTER_STEP_2 = "A=R4+. B=1+. C=.+. D=.+. E=.+. U=2,3,3,3,4,5,5,6 pending=-"
PENDING_A = "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=A"
PENDING_D = "A=R4+. B=1+. C=6+. D=3+. E=.+. U=3,3,4,5,5,5 pending=D"
PENDING_E = "A=R4+. B=1+. C=6+. D=3+. E=5+. U=3,3,4,5,6 pending=E"


@pytest.mark.parametrize(("position", "view", "code", "move"), [
    (START_X1, "A=1+. B=.+. C=.+. D=.+. E=.+. U=R4,1,2,3,3,5,5,6,6", "PF-F1", "A1=1"),
    (AFTER_STEP_1, "A=R4+. B=.+1 C=.+. D=.+. E=.+. U=1,2,3,3,3,5,5,6", "PF-F2", "B2=1"),
    (AFTER_STEP_2, "A=R4+. B=1+. C=4+. D=.+. E=.+. U=2,3,3,3,5,5,6", "PF-F3", "C1=4"),
    (AFTER_X1, "A=R4+3 B=1+. C=6+. D=3+. E=5+. U=1,4,5,6", "PF-F4", "A2=3"),
    (AFTER_X1, "A=R4+. B=1+. C=6+. D=3+. E=5+5 U=1,3,4,6", "PF-F5", "E2=5"),
    (AFTER_X1, "A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5,5", "PF-F6", None),  # no effect due
    (PENDING_A, "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,5,5", "PF-F6", None),  # 2 dice
    (PENDING_A, "A=R3+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6", "PF-F6", None),  # placed
    (PENDING_A, "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,6,6,6", "PF-F7", "DOWN 5>6"),
    (PENDING_A, "A=R4+. B=1+. C=.+. D=.+. E=.+. U=1,2,3,3,5,5,6,6", "PF-F8", None),
    (AFTER_STEP_2, "A=R4+. B=.+. C=1+. D=.+. E=.+. U=2,3,3,3,4,5,5,6", "PF-F8", None),
    (AFTER_STEP_2, "A=R4+. B=1+. C=3+2 D=.+. E=.+. U=3,3,4,5,5,6", "PF-F8", None),
    (AFTER_STEP_2, "A=R4+. B=^3+. C=.+. D=.+. E=.+. U=2,3,3,4,5,5,6", "PF-F8", "B1=3"),
    (PENDING_E, "A=R4+. B=1+. C=6+. D=3+. E=5+. U=3,3,2,5,6", "PF-F9", None),  # the lone 4
    (PENDING_E, "A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,2,6", "PF-F6", None),  # a 3 and the 5
])
def test_each_broken_rule_is_named(basic: Board, position: str, view: str, code: str,
                                   move: str | None) -> None:
    j = judge(basic, position, view)
    assert (j.verdict, j.code, j.move) == (Verdict.ILLEGAL, code, move), j.message
    assert j.state == parse_position(position, basic)  # a broken rule never changes the state


@pytest.mark.parametrize(("view", "code"), [
    ("A=R4+4 B=1+. C=6+. D=3+. E=5+5 U=1,3,5", "PF-F7"),    # an unused die changed instead
    ("A=R4+. B=1+4 C=6+. D=3+. E=5+5 U=1,3,6", "PF-F10"),   # only part of A moved
    ("A=3+. B=1+. C=6+. D=4+R4 E=5+5 U=1,3,6", "PF-F10"),   # A's dice not 1st cell first
    ("A=R4+4 B=1+1 C=6+. D=3+. E=5+5 U=3,6", "PF-F8"),      # a die placed before the swap
    ("A=R4+4 B=1+. C=6+. D=.+. E=5+5 U=1,3,6,3", "PF-F8"),  # a placed die taken back
])
def test_area_change_broken_rules(expert: Board, view: str, code: str) -> None:
    pending_e = "A=R4+4 B=1+. C=6+. D=3+. E=5+5 U=1,3,6 pending=E"
    j = judge(expert, pending_e, view)
    assert (j.verdict, j.code) == (Verdict.ILLEGAL, code), j.message


def test_area_change_with_an_empty_area_is_pf_f10(expert: Board) -> None:
    position = "A=R4+4 B=1+. C=6+. D=.+. E=5+5 U=1,3,3,6 pending=E"
    j = judge(expert, position, "A=.+. B=1+. C=6+. D=R4+4 E=5+5 U=1,3,3,6")
    assert (j.verdict, j.code, j.move) == (Verdict.ILLEGAL, "PF-F10", "AREA_CHANGE A<>D")


# --- unchanged, pending, untrusted ------------------------------------------------------------

def test_the_position_itself_is_unchanged_or_waits_for_its_effect(basic: Board) -> None:
    assert verdict(basic, AFTER_X1, AFTER_X1) == (Verdict.UNCHANGED, None, None)
    pending = parse_position(PENDING_A, basic)
    j = referee(pending, GAME.expected_view(pending))
    assert (j.verdict, j.message) == (Verdict.PENDING, "apply effect: lower a die")


def test_dice_heaped_in_the_unused_zone_are_untrusted(basic: Board) -> None:
    j = judge(basic, AFTER_X1, "A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,^4,5")
    assert (j.verdict, j.message) == (Verdict.UNTRUSTED, "a die lies on another")


def test_a_pending_effect_waits_for_the_dice(basic: Board) -> None:
    j = judge(basic, PENDING_A, PENDING_A.replace(" pending=A", ""))
    assert (j.verdict, j.message) == (Verdict.PENDING, "apply effect: lower a die")


@pytest.mark.parametrize(("view", "words"), [
    ("A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5", "9 of the 10 dice seen"),
    ("A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5 X=6", "put the unused dice in their zone"),
])
def test_a_die_in_transit_is_pending(basic: Board, view: str, words: str) -> None:
    j = judge(basic, AFTER_X1, view)
    assert (j.verdict, j.message) == (Verdict.PENDING, words)


@pytest.mark.parametrize(("view", "words"), [
    ("A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5,6 S=hand", "hand"),
    ("A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,?,5,6 S=moving", "moving"),
    ("A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5,6,2", "11 dice seen"),
    ("A=4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5,6", "the red die is not seen"),
    ("A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,R5,6", "2 red dice seen"),
    ("A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,B5,6", "colour is unclear"),
    ("A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,U5,6", "colour is unclear"),
    ("A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5,8", "face is unclear"),
])
def test_untrusted_views(basic: Board, view: str, words: str) -> None:
    j = judge(basic, AFTER_X1, view)
    assert j.verdict is Verdict.UNTRUSTED and words in j.message


def test_an_unread_die_a_faint_reading_or_a_wrong_grid_is_untrusted(basic: Board) -> None:
    state = parse_position(AFTER_X1, basic)
    view = seen(AFTER_X1)
    unread = replace(view, grid=((Item(None, Colour.RED), None), *view.grid[1:]))
    assert "straighten or reroll r0c0" in referee(state, unread).message
    faint = replace(view, grid=((Item(4, Colour.RED, confidence=0.3), None), *view.grid[1:]))
    assert referee(state, faint).verdict is Verdict.UNTRUSTED
    assert referee(state, faint, min_confidence=0.2).verdict is Verdict.UNCHANGED
    tile = replace(view, outside=(Item(None, Colour.WHITE, kind=ItemKind.INK),))
    assert referee(state, tile).verdict is Verdict.UNTRUSTED
    square = TableView(grid=((None,) * 3,) * 3, zones=view.zones)
    assert referee(state, square).message == "not a Pairing Five board view"


# --- the memo: a reroll that keeps its faces; a table put back --------------------------------

def test_a_reroll_keeping_its_face_counts_once_a_hand_was_over_the_board(basic: Board) -> None:
    state = parse_position(PENDING_D, basic)
    table = seen(PENDING_D)
    first = step(state, table, None)
    assert first.judgement.verdict is Verdict.PENDING
    handled = step(state, HAND, first.memo)
    assert [n.kind for n in handled.notes] == ["handled"]
    assert handled.notes[0].data == {"pending": "D", "effect": "REROLL1",
                                     "view": "A=.+. B=.+. C=.+. D=.+. E=.+. U=- S=hand"}
    again = step(state, HAND, handled.memo)
    assert again.notes == ()  # noted once
    done = step(state, table, again.memo)
    assert (done.judgement.verdict, done.judgement.move) == (Verdict.MOVE, "REROLL1 3>3")
    assert done.judgement.state.position() == PENDING_D.replace("pending=D", "pending=-")
    assert isinstance(done.memo, Memo) and not done.memo.handled


def test_same_reroll_keeping_the_faces_is_written_on_the_smallest_value(basic: Board) -> None:
    position = "A=R4+. B=1+. C=6+. D=3+. E=2+. U=3,3,5,5,6 pending=E"
    state = parse_position(position, basic)
    memo = step(state, HAND, None).memo
    done = step(state, seen(position), memo).judgement
    assert (done.verdict, done.move) == (Verdict.MOVE, "SAME_REROLL 3:3,3")


def test_a_hand_means_nothing_for_an_effect_that_always_changes_a_die(basic: Board) -> None:
    state = parse_position(PENDING_A, basic)
    handled = step(state, HAND, None)
    assert handled.notes == ()
    assert step(state, seen(PENDING_A), handled.memo).judgement.verdict is Verdict.PENDING


def test_a_table_put_back_after_a_warning_clears_it(basic: Board) -> None:
    """A wrong effect is warned; the dice put back clear the warning, then the effect is
    awaited again (a hand while putting back is not taken for a reroll)."""
    session = new_session("pairing-five", "basic", basic)
    session, _ = session.observe(seen(START_X1), 0.0)
    session, _ = session.observe(seen(PENDING_A), 1.0)
    assert session.state.pending == "A"
    session, events = session.observe(seen("A=R4+. B=.+. C=.+. D=.+. E=.+. "
                                           "U=1,1,2,3,3,5,6,6,6"), 2.0)
    assert [e.kind for e in events] == ["warning"] and events[0].data["code"] == "PF-F7"
    session, _ = session.observe(HAND, 3.0)
    session, events = session.observe(seen(PENDING_A), 4.0)
    assert [e.kind for e in events] == ["warning_cleared"] and session.warning is None
    session, events = session.observe(seen(PENDING_A), 5.0)
    assert events == [] and session.status == "apply effect: lower a die"


# --- whole games through the session ----------------------------------------------------------

X1_VIEWS = [
    "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6",
    "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,3,5,5,6",
    "A=R4+. B=1+. C=.+. D=.+. E=.+. U=1,2,3,3,3,5,5,6",
    "A=R4+. B=1+. C=.+. D=.+. E=.+. U=2,3,3,3,4,5,5,6",
    "A=R4+. B=1+. C=6+. D=.+. E=.+. U=2,3,3,3,4,5,5",
    "A=R4+. B=1+. C=6+. D=.+. E=.+. U=3,3,3,4,5,5,5",
    "A=R4+. B=1+. C=6+. D=3+. E=.+. U=3,3,4,5,5,5",
    "A=R4+. B=1+. C=6+. D=3+. E=.+. U=3,3,4,5,5,6",
    "A=R4+. B=1+. C=6+. D=3+. E=5+. U=3,3,4,5,6",
    AFTER_X1,
]


def test_the_session_follows_pf_x1_then_a_win(basic: Board) -> None:
    session = new_session("pairing-five", "basic", basic)
    session, _ = session.observe(seen(START_X1), 0.0)
    moves = []
    for t, view in enumerate(X1_VIEWS, start=1):
        session, events = session.observe(seen(view), float(t))
        moves += [e.data["move"] for e in events if e.kind == "move"]
    assert moves == ["A1=R4", "DOWN 6>3", "B1=1", "UP 1>4", "C1=6", "FLIP 2>5", "D1=3",
                     "REROLL1 5>6", "E1=5", "SAME_REROLL 3:1,3"]
    assert session.state.position() == AFTER_X1 and session.warning is None
    session, events = session.observe(seen("A=R4+. B=1+. C=6+. D=3+. E=5+5 U=1,3,4,6"), 11.0)
    assert [e.data["code"] for e in events if e.kind == "warning"] == ["PF-F5"]
    session, events = session.observe(seen(AFTER_X1), 12.0)
    assert [e.kind for e in events] == ["warning_cleared"]
    finish = ["A2=4", "DOWN 3>1", "B2=1", "UP 1>3", "C2=6", "FLIP 5>2", "D2=3", "REROLL1 2>5",
              "E2=5"]
    state = session.state
    for t, move in enumerate(finish, start=13):
        state = state.play(GAME.parse_move(move, state))
        session, events = session.observe(seen(state.position()), float(t))
    assert state.outcome is not None and state.outcome.success
    assert (session.outcome, session.moves) == (state.outcome, 10)  # placements
    assert session.summary(30.0) == "pairing-five (basic): success with 4:39 left, score 4"


def test_a_reroll_keeping_its_face_can_be_entered_with_the_buttons(basic: Board) -> None:
    session = new_session("pairing-five", "basic", basic)
    session, _ = session.observe(seen(START_X1), 0.0)
    for t, view in enumerate(X1_VIEWS[:7], start=1):
        session, _ = session.observe(seen(view), float(t))
    assert session.state.pending == "D"
    session, events = session.enter("REROLL1 5>5", 8.0)
    assert [e.kind for e in events] == ["move"] and events[0].data["input"] == "REROLL1 5>5"
    assert session.state.pending is None and session.state.unused == parse_position(
        PENDING_D, basic).unused


def test_random_games_are_followed_from_views_alone() -> None:
    """Seeded random games on both sides, each move shown as the camera would see it;
    a reroll that kept its faces is shown with a hand over the board first."""
    rng = random.Random(23)
    for side in ("basic", "expert"):
        board = load(side)
        for _ in range(3):
            state = GAME.random_start(board, rng)
            session = new_session("pairing-five", side, board)
            session, _ = session.observe(GAME.expected_view(state), 0.0)
            t = 0.0
            while state.outcome is None:
                before = state
                state = state.play(rng.choice(state.legal_moves()))
                t += 1.0
                camera = replace(GAME.expected_view(state),
                                 zones=GAME.expected_view(state).zones[:1])
                if camera == replace(GAME.expected_view(before),
                                     zones=GAME.expected_view(before).zones[:1]):
                    session, _ = session.observe(HAND, t - 0.5)
                session, _ = session.observe(camera, t)
                assert session.state == state, (before.position(), state.position())
            assert session.outcome == state.outcome


def test_a_replay_of_the_recorded_views_alone_gives_the_same_events(basic: Board) -> None:
    """The record keeps only the views that produced events (device.replay feeds those): the
    memo's facts (a hand over a pending reroll, a warning) must come from such views."""
    calls = [(0.0, seen(START_X1))] + [(float(t), seen(v)) for t, v in
                                       enumerate(X1_VIEWS[:6], start=1)]
    calls += [(7.0, seen(X1_VIEWS[6])), (7.5, seen(X1_VIEWS[6])), (8.0, HAND), (8.5, HAND),
              (9.0, seen("A=R4+. B=1+. C=6+. D=3+. E=.+. U=3,3,4,4,5,6")), (9.5, HAND),
              (10.0, seen(X1_VIEWS[6])), (11.0, HAND), (12.0, seen(X1_VIEWS[6]))]

    def run(views: list[tuple[float, TableView]]) -> tuple[list[tuple[float, TableView]],
                                                          list[tuple[str, object]]]:
        session = new_session("pairing-five", "basic", basic)
        recorded, events = [], []
        for t, view in views:
            session, out = session.observe(view, t)
            if out:
                recorded.append((t, view))
            events += [(e.kind, e.data.get("move") or e.data.get("code")) for e in out]
        return recorded, events

    recorded, events = run(calls)
    # a hand before the warning, one while putting back (the warning wins), one for the reroll
    assert [kind for kind, _ in events].count("handled") == 3
    assert ("warning", "PF-F6") in events and events[-1] == ("move", "REROLL1 3>3")
    assert run(recorded)[1] == events
