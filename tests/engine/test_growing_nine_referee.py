"""Growing Nine from the camera: the set-up from the first settled view of the rolled dice, the
placing refereed as play, every roll and appearance recognised, every camera-visible broken
rule named, moves under way and untrusted views, and one session driven by views and buttons."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from engine.games.growing_nine import GAME, Board, State, parse_move, parse_position
from engine.games.growing_nine.referee import referee
from engine.games.growing_nine.setup import setup_from_view
from engine.outcome import FAILURE, Outcome
from engine.referee import Judgement, Verdict
from engine.session import new_session
from engine.table import Colour, Item, TableView, ViewStatus

BOARDS = Path(__file__).resolve().parents[2] / "calibration" / "boards"
X1 = "r0c0=R321 r0c3=W5 r3c0=W315 r3c3=W2 q=614253"
X1_VIEW = "R3..W5/..../..../W3..W2 w=W6W1W4W2W5W3"
X2 = "r0c3=R4 r1c0=W412 r2c2=W1 q=653"
X2_VIEW = "...R4/W4.../..W1./.... w=W6W5W3"
ROLLED_VIEW = ".W2../R3..W5/..W1./.... o=W4W6W2W5W3W3"  # ten dice as they fell
SET_UP_VIEW = "R3..W5/..../..../W3..W2 w=W6W1W4W2W5W3"


def board(**options: str) -> Board:
    data = json.loads((BOARDS / "growing-nine-a.json").read_text())
    return GAME.load_board("a", data, options or None)


def judge(state: State | str, view: str) -> Judgement[State]:
    if isinstance(state, str):
        state = parse_position(state, board())
    return referee(state, GAME.view_from_text(view))


def verdict(state: State | str, view: str) -> tuple[Verdict, str | None, str | None]:
    j = judge(state, view)
    return j.verdict, j.code, j.move


# --- play: moves seen -----------------------------------------------------------------------

def test_the_table_as_it_is_is_unchanged() -> None:
    assert verdict(X1, X1_VIEW) == (Verdict.UNCHANGED, None, None)


def test_a_legal_roll_is_seen() -> None:
    """GN-X1 1: W2 rolls north and shows 6."""
    j = judge(X1, "R3..W5/..../W6.../...W2 w=W6W1W4W2W5W3")
    assert (j.verdict, j.move) == (Verdict.MOVE, "r3c0 N")
    assert j.state.position() == "r0c0=R321 r0c3=W5 r2c0=W635 r3c3=W2 q=614253"


def test_a_roll_of_a_top_only_die_carries_the_top_seen() -> None:
    j = judge("r0c0=R3 r0c3=W5 r3c0=W3 r3c3=W2 q=614253",
              "R3..W5/..../..../.W1.W2 w=W6W1W4W2W5W3")
    assert (j.verdict, j.move) == (Verdict.MOVE, "r3c0 E=1")
    assert j.state.position() == "r0c0=R3 r0c3=W5 r3c1=W153 r3c3=W2 q=614253"


def test_the_roll_and_its_appearance_are_one_move() -> None:
    """GN-X2: W rolls onto r0c0 showing 6 and the first waiting die (6) is put on r3c3."""
    j = judge(X2, "W6..R4/..../..W1./...W6 w=W5W3")
    assert (j.verdict, j.move) == (Verdict.MOVE, "r1c0 N")
    assert j.state.position() == "r0c0=W642 r0c3=R4 r2c2=W1 r3c3=W6 q=53"


@pytest.mark.parametrize("view", [
    "W6..R4/..../..W1./.... w=W6W5W3",       # the roll made, the waiting die not taken yet
    "W6..R4/..../..W1./.... w=W5W3",         # the waiting die in the hand
    "W6..R4/..../..W1./.... w=W5W3 o=W6",    # the waiting die put down beside the board
])
def test_the_awaited_appearance_is_a_move_under_way(view: str) -> None:
    j = judge(X2, view)
    assert (j.verdict, j.move, j.message) == (Verdict.PENDING, "r1c0 N", "put the 6 on r3c3")
    assert j.state.position() == X2


def test_a_roll_onto_a_spawn_cell_whose_pair_is_occupied_ends_the_game() -> None:
    """GN-X1 3 / GN-E3: seen at once, nothing is awaited."""
    state = parse_position("r0c1=R623 r0c3=W5 r2c0=W635 r3c3=W2 q=614253", board())
    j = judge(state, ".R6.W5/..../..../W3..W2 w=W6W1W4W2W5W3")
    assert (j.verdict, j.move) == (Verdict.MOVE, "r2c0 S")
    assert j.state.outcome == Outcome(FAILURE, "GN-E3")


def _every_legal_move_is_seen(state: State) -> None:
    for move in state.legal_moves():
        after = state.play(move)
        j = referee(state, GAME.expected_view(after))
        assert (j.verdict, j.move) == (Verdict.MOVE, str(move)), (state.position(), str(move))
        assert j.state == after and j.state.outcome == after.outcome


def test_every_legal_move_of_many_positions_is_seen_as_itself() -> None:
    rng = random.Random(11)
    b = board()
    for _ in range(40):
        state = GAME.random_start(b, rng)
        for _ in range(rng.randint(0, 30)):
            if state.outcome is not None:
                break
            _every_legal_move_is_seen(state)
            state = state.play(rng.choice(state.legal_moves()))


# --- play: broken rules seen ------------------------------------------------------------------

@pytest.mark.parametrize(("view", "code", "message"), [
    (".R6.W5/..../..../W3..W2 w=W6W1W4W2W5W3", "GN-F2", "r3c0 matches red: red waits"),
    ("R3.../...W1/..../W3..W2 w=W6W1W4W2W5W3", "GN-F1", "r0c3 shows 5, red 3"),
    ("R3..W5/..../W3.../...W2 w=W6W1W4W2W5W3", "GN-F3", "this roll shows 6, not 3"),   # slid
    ("R3..W5/W6.../..../...W2 w=W6W1W4W2W5W3", "GN-F3", "r3c0 to r1c0: roll one cell"),
    ("R3..W5/..../.W6../...W2 w=W6W1W4W2W5W3", "GN-F3", "r3c0 to r2c1 is a diagonal step"),
    ("R3..W5/..../..../W4..W2 w=W6W1W4W2W5W3", "GN-F3", "r3c0 turned by hand: roll it"),
    ("R3..W5/..../..../...W2 w=W6W1W4W2W5W3 o=W3", "GN-F4", "the die from r3c0 is off the grid"),
    ("R3..W5/..../W6.../...W2 w=W1W6W4W2W5W3", "GN-F5", "leave the waiting dice as they are"),
    ("R3..W5/..../..../W3..W2 w=W1W4W2W5W3 o=W6", "GN-F5", "no die appears now: put the 6 back"),
    ("R3..W5/.W6../..../W3..W2 w=W1W4W2W5W3", "GN-F5", "no die appears now"),
    ("R3..W5/..../..../W3..W2 w=W6W1W4W2W5W2", "GN-F5", "leave the waiting dice as they are"),
    ("R3.../...W1/W6.../...W2 w=W6W1W4W2W5W3", "GN-F6", "one die at a time"),
])
def test_broken_rules_are_named(view: str, code: str, message: str) -> None:
    j = judge(X1, view)
    assert (j.verdict, j.code, j.message) == (Verdict.ILLEGAL, code, message)
    assert j.state.position() == X1  # a broken rule never changes the state


@pytest.mark.parametrize(("view", "message"), [
    ("W6..R4/..../..W1./W6... w=W5W3", "the appearing die goes on r3c3"),
    ("W6..R4/..../..W1./...W2 w=W5W3", "the appearing die shows 6: don't turn it"),
    ("W6..R4/..../..W1./...W5 w=W6W3", "take the first waiting die (6)"),
    ("W6..R4/..../..W1./...W6 w=W6W5W3", "the 6 from the waiting area appears"),
    ("W6..R4/..../..W1./W5..W6 w=W3", "one die appears, on r3c3"),
])
def test_gn_f5_appearances(view: str, message: str) -> None:
    """GN-F5: the appearing die on another cell, turned, or taken out of order."""
    j = judge(X2, view)
    assert (j.verdict, j.code, j.message, j.move) == (Verdict.ILLEGAL, "GN-F5", message, "r1c0 N")


def test_red_on_a_spawn_cell_makes_nothing_appear() -> None:
    """GN-A2: a waiting die put on the pair cell after red reached a spawn cell is GN-F5."""
    j = judge("r0c1=R321 r2c2=W5 q=64", "R1.../..../..W5./...W6 w=W4")
    assert (j.verdict, j.code, j.message) == (Verdict.ILLEGAL, "GN-F5",
                                              "no die appears after this roll")


def test_old_bottom_on_top_and_blocked_cells() -> None:
    """GN-F3 for a top-only die showing its old bottom; GN-F4 for a blocked cell."""
    top_only = "r0c0=R3 r0c3=W5 r3c0=W3 r3c3=W2 q=614253"
    assert verdict(top_only, "R3..W5/..../W4.../...W2 w=W6W1W4W2W5W3") == (
        Verdict.ILLEGAL, "GN-F3", "r3c0 N=4")
    data = json.loads((BOARDS / "growing-nine-a.json").read_text())
    blocked = parse_position(top_only, GAME.load_board("a", {**data, "blocked": ["r3c1"]}))
    j = referee(blocked, GAME.view_from_text("R3..W5/..../..../.W1.W2 w=W6W1W4W2W5W3"))
    assert (j.verdict, j.code, j.message) == (Verdict.ILLEGAL, "GN-F4", "r3c1 is blocked")


def test_onto_an_occupied_cell() -> None:
    """GN-F4: W3 rolled onto r2c0, whose die was pushed away."""
    j = judge("r0c0=R3 r2c0=W1 r3c0=W315 q=614", "R3.../..../W6.../.... w=W6W1W4 o=W1")
    assert (j.verdict, j.code, j.message) == (Verdict.ILLEGAL, "GN-F4", "r2c0 is occupied")


def test_a_die_picked_up_is_a_move_under_way() -> None:
    j = judge(X1, "R3..W5/..../..../...W2 w=W6W1W4W2W5W3")
    assert (j.verdict, j.message) == (Verdict.PENDING, "put the die from r3c0 down")


# --- untrusted views ----------------------------------------------------------------------------

@pytest.mark.parametrize(("view", "message"), [
    ("R3..W5/..../..../W3..W2 w=W6W1W4W2W5W3 S=hand", "hand"),
    ("R3..W5/..../..../W?..W2 w=W6W1W4W2W5W3", "straighten or reroll r3c0"),
    ("R3..W5/..../..../U3..W2 w=W6W1W4W2W5W3", "a die's colour is unclear"),
    ("R3..W5/..../..../K3..W2 w=W6W1W4W2W5W3", "a black die is not in this game"),
    ("R3.W5/.../... w=W6W1W4W2W5W3", "the view's grid is not 4 x 4"),
    ("R3..W5/..../..../W3..W2 w=W6W1W4W2W5W3 o=W2", "unexpected die beside the grid"),
])
def test_untrusted_views(view: str, message: str) -> None:
    j = judge(X1, view)
    assert (j.verdict, j.message) == (Verdict.UNTRUSTED, message)


def test_a_reading_below_the_confidence_threshold_is_untrusted() -> None:
    view = GAME.view_from_text(X1_VIEW)
    row = (replace(view.grid[3][0], confidence=0.3), *view.grid[3][1:])
    unsure = replace(view, grid=(*view.grid[:3], row))
    j = referee(parse_position(X1, board()), unsure, 0.6)
    assert (j.verdict, j.message) == (Verdict.UNTRUSTED, "a die is hard to read")


# --- set-up ----------------------------------------------------------------------------------

def test_setup_starts_at_the_first_settled_view_of_the_ten_rolled_dice() -> None:
    """FA-P1 / GN-S1: ten dice anywhere on the board, one red: the set-up phase begins."""
    state, why = setup_from_view(GAME.view_from_text(ROLLED_VIEW), board())
    assert why == "" and state is not None
    assert state.position() == "rolled R3 W122334556"
    assert state.outcome is None and GAME.expected_view(state).outside[0] == Item(3, Colour.RED)
    expected = GAME.expected_view(state)  # the set-up state's own table: the dice as rolled
    assert GAME.view_from_text(GAME.view_to_text(expected)) == expected
    assert referee(state, expected).verdict is Verdict.UNCHANGED


@pytest.mark.parametrize(("view", "why"), [
    (".W2../R3..W5/..W1./.... o=W4W6W2W5W3", "roll the ten dice: 9 of 10 seen"),
    (".W2../R3..W5/..W1./.... o=W4W6W2W5W3W3W1", "only the 10 dice on the board"),
    (".W2../R3..W5/..W1./.... o=W4W6W2W5W3R3", "one red die and nine white ones"),
    (".W2../R3..W5/..W1./.... o=W4W6W2W5W3U3", "a die's colour is unclear"),
    (".W2../R3..W5/..W1./.... o=W4W6W2W5W3W3 S=moving", "moving"),
])
def test_setup_waits_for_ten_settled_dice(view: str, why: str) -> None:
    assert setup_from_view(GAME.view_from_text(view), board()) == (None, why)


def test_a_view_already_set_up_starts_the_play() -> None:
    state, _ = setup_from_view(GAME.view_from_text(SET_UP_VIEW), board())
    assert state is not None
    assert state.position() == "r0c0=R3 r0c3=W5 r3c0=W3 r3c3=W2 q=614253"


def test_timer_start_placed_waits_for_the_complete_set_up() -> None:
    """FA-P1 option timer_start = placed: the rolled dice do not start the game."""
    b = board(timer_start="placed")
    assert setup_from_view(GAME.view_from_text(ROLLED_VIEW), b) == (
        None, "set up: 0/4 spawn cells, 0/6 waiting")
    state, _ = setup_from_view(GAME.view_from_text(SET_UP_VIEW), b)
    assert state is not None and not state.setting_up


ROLLED = "rolled R3 W122334556"


@pytest.mark.parametrize(("view", "expected"), [
    (ROLLED_VIEW, (Verdict.UNCHANGED, None, None)),
    ("R3.../..../..W1./.... o=W4W6W2W5W3W3W2 w=W5", (Verdict.PENDING, None, None)),
    (SET_UP_VIEW, (Verdict.MOVE, None, "place r0c0=R3 r0c3=W5 r3c0=W3 r3c3=W2 q=614253")),
    (".W2../R3..W5/..W1./.... o=W4W6W2W5W3W4", (Verdict.ILLEGAL, "GN-F5", None)),
    (".W2../R3..W5/..W1./.... o=W4W6W2W5W3", (Verdict.PENDING, None, None)),
    (".W2../R3..W5/..W1./.... o=W4W6W2W5W3W3W1", (Verdict.UNTRUSTED, None, None)),
])
def test_the_placing_is_refereed(view: str, expected: tuple[object, ...]) -> None:
    """GN-S2..S4, GN-F5: the placing of the rolled dice, a die turned while placing."""
    assert verdict(ROLLED, view) == expected


def test_placing_messages() -> None:
    assert judge(ROLLED, "R3.../..../..W1./.... o=W4W6W2W5W3W3W2 w=W5").message == (
        "set up: 1/4 spawn cells, 1/6 waiting")
    assert judge(ROLLED, ".W2../R3..W5/..W1./.... o=W4W6W2W5W3W4").message == (
        "die turned during set-up: a 3 is missing")
    assert judge(ROLLED, ".W2../W3..W5/..W1./.... o=W4W6W2W5W3R4").message == (
        "red die turned: it showed 3")
    assert judge(ROLLED, "W3..W5/..../..../W3..W2 w=W6W1W4W2W5R3").message == (
        "set up: the red die goes on a spawn cell")
    done = judge(ROLLED, SET_UP_VIEW)
    assert done.state.position() == "r0c0=R3 r0c3=W5 r3c0=W3 r3c3=W2 q=614253"


# --- one session -----------------------------------------------------------------------------

def test_a_session_from_the_roll_to_the_declaration() -> None:
    """The clock starts with the rolled dice (FA-P1), the placing is the first move, rolls
    follow from the views, the circles button ends the game (GN-E5, GN-P2)."""
    session = new_session("growing-nine", "a", board())
    session, events = session.observe(GAME.view_from_text(".W2../R3..W5/..W1./...."), 0.0)
    assert [e.kind for e in events] == [] and session.status == "roll the ten dice: 4 of 10 seen"
    session, events = session.observe(GAME.view_from_text(ROLLED_VIEW), 1.0)
    assert [e.kind for e in events] == ["setup", "timer_start"]
    session, events = session.observe(
        GAME.view_from_text("R3.../..../..W1./.... o=W4W6W2W5W3W3W2 w=W5"), 20.0)
    assert events == [] and session.status == "set up: 1/4 spawn cells, 1/6 waiting"
    session, events = session.observe(GAME.view_from_text(SET_UP_VIEW), 40.0)
    assert [e.kind for e in events] == ["move"]
    assert events[0].data["move"] == "place r0c0=R3 r0c3=W5 r3c0=W3 r3c3=W2 q=614253"
    session, events = session.observe(
        GAME.view_from_text("R3..W5/..../W6.../...W2 w=W6W1W4W2W5W3"), 50.0)
    assert [e.kind for e in events] == ["move"] and events[0].data["move"] == "r3c0 N=6"
    assert session.remaining(50.0) == 251.0
    session, events = session.enter("circles", 60.0)
    assert [e.kind for e in events] == ["move", "end"]
    assert (session.outcome, session.score) == (Outcome(FAILURE, "GN-E5"), -6)
    assert session.summary(60.0) == (
        "growing-nine (a): failure (GN-E5 going round in circles), score -6")


def test_a_session_that_times_out_scores_minus_the_waiting_dice() -> None:
    """FA-E1 / GN-E6 / GN-P2."""
    session = new_session("growing-nine", "a", board())
    session, _ = session.observe(GAME.view_from_text(SET_UP_VIEW), 0.0)
    session, events = session.tick(301.0)
    assert [e.kind for e in events] == ["end"]
    assert events[0].data["reason"] == "FA-E1" and session.score == -6


def test_a_warning_stands_until_the_table_is_put_back() -> None:
    session = new_session("growing-nine", "a", board())
    session, _ = session.observe(GAME.view_from_text(SET_UP_VIEW), 0.0)
    session, events = session.observe(
        GAME.view_from_text(".R6.W5/..../..../W3..W2 w=W6W1W4W2W5W3"), 5.0)
    assert [e.kind for e in events] == ["warning"] and session.warning is not None
    assert session.warning[0] == "GN-F2"
    session, events = session.observe(GAME.view_from_text(SET_UP_VIEW), 9.0)
    assert [e.kind for e in events] == ["warning_cleared"] and session.warning is None


def test_moves_entered_with_the_buttons() -> None:
    """A roll can be entered too (``Session.enter``); a broken rule is a warning."""
    session = new_session("growing-nine", "a", board())
    session, _ = session.observe(GAME.view_from_text(SET_UP_VIEW), 0.0)
    session, events = session.enter("r0c0 E=6", 3.0)
    assert [e.kind for e in events] == ["warning"] and events[0].data["code"] == "GN-F2"
    session, events = session.enter("r3c0 N=6", 4.0)
    assert [e.kind for e in events] == ["warning_cleared", "move"] and session.moves == 1
    assert parse_move("circles", session.state) not in session.state.legal_moves()


def test_views_the_vision_side_delivers_have_zones_and_positions() -> None:
    """Millimetres and confidences are not compared by the referee: only colours and tops."""
    view = GAME.view_from_text(X1_VIEW)
    moved = TableView(grid=tuple(tuple(None if d is None else replace(d, x_mm=10.0, confidence=0.9)
                                       for d in row) for row in view.grid),
                      zones=view.zones)
    assert verdict(X1, GAME.view_to_text(moved)) == (Verdict.UNCHANGED, None, None)
    assert referee(parse_position(X1, board()), moved).verdict is Verdict.UNCHANGED
    assert referee(parse_position(X1, board()),
                   replace(moved, status=ViewStatus.MOVING)).verdict is Verdict.UNTRUSTED
