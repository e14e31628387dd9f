"""2 1 6 referee step on hand-written views (dice-placing mode), the set-up from a view, and a
session followed through views and button entries.

Views are written as view texts (docs/notation/two-one-six.md): ``W`` white (A), ``R`` red (B),
``K`` black, ``B`` blue, ``U`` unknown colour, a face or ``?``; ``T=`` the tray.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.games import two_one_six as ts
from engine.games.two_one_six.referee import referee
from engine.referee import Verdict
from engine.session import new_session
from engine.table import Colour, Item, TableView, ViewStatus

from .two_one_six_support import board, board_data, empty, put

# A mid-game 4x4 position (a d4 board whose values the camera reads for these tests)
START = "A4B1..../..A2..../......../........ to=B"
GRID = "W4R1..../..W2..../......../........"


def reading(side: str = "4x4", **options: str) -> ts.Board:
    """A board whose dice values the camera reads (the packaged 4x4 one does not)."""
    return replace(board(side, **options), reads_values=True)


def state(position: str = START, b: ts.Board | None = None) -> ts.State:
    return ts.GAME.parse_position(position, b or reading())


def judge(position: str, view: str, b: ts.Board | None = None) -> tuple[Verdict, str | None,
                                                                          str | None, str]:
    before = state(position, b)
    j = referee(before, ts.GAME.view_from_text(view))
    if j.verdict is not Verdict.MOVE:
        assert j.state is before  # a broken rule (or nothing new) never changes the state
    return j.verdict, j.code, j.move, j.message


# --- what the view shows as it should ------------------------------------------------------------

def test_the_current_position_is_unchanged_with_or_without_a_roll() -> None:
    assert judge(START, f"{GRID} T=-")[0] is Verdict.UNCHANGED
    assert judge(f"{START} roll=3", f"{GRID} T=R3")[0] is Verdict.UNCHANGED


def test_a_roll_seen_in_the_tray_is_the_move_roll_n() -> None:
    before = state()
    j = referee(before, ts.GAME.view_from_text(f"{GRID} T=R3"))
    assert (j.verdict, j.move) == (Verdict.MOVE, "roll=3")
    assert j.state.position() == f"{START} roll=3"


def test_the_rolled_die_placed_with_the_tray_empty_is_the_placement() -> None:
    before = state(f"{START} roll=3")
    j = referee(before, ts.GAME.view_from_text("W4R1..../..W2..../....R3../........ T=-"))
    assert (j.verdict, j.move) == (Verdict.MOVE, "B3@r2c2")
    assert j.state.position() == "A4B1..../..A2..../....B3../........ to=A"


def test_a_placement_whose_roll_was_not_seen_takes_the_roll_from_the_die() -> None:
    j = referee(state(), ts.GAME.view_from_text("W4R1..../..W2..../....R2../........ T=-"))
    assert (j.verdict, j.move) == (Verdict.MOVE, "B2@r2c2")


def test_the_last_placement_ends_the_game() -> None:
    b = reading("4x4")
    before = ts.GAME.parse_position("A1A1B1B1/B1B1A1A1/A1A1B1B1/B1B1A1.. to=A roll=1", b)
    j = referee(before, ts.GAME.view_from_text("W1W1R1R1/R1R1W1W1/W1W1R1R1/R1R1W1W1 T=-"))
    assert j.verdict is Verdict.MOVE and j.state.outcome is not None


# --- a move under way -------------------------------------------------------------------------

def test_a_known_roll_with_the_tray_emptied_waits_for_the_placement() -> None:
    assert judge(f"{START} roll=3", f"{GRID} T=-")[::3] == (Verdict.PENDING, "B: place the 3")


def test_the_placed_die_with_the_rolled_die_still_in_the_tray_waits() -> None:
    verdict, _, move, message = judge(f"{START} roll=3",
                                      "W4R1..../..W2..../....R3../........ T=R3")
    assert (verdict, move, message) == (Verdict.PENDING, "B3@r2c2",
                                        "take the rolled die out of the tray")


def test_an_unread_value_where_values_are_entered_waits_for_the_buttons() -> None:
    b = board("4x4")  # the packaged d4 board: camera_reads_values false
    assert not b.reads_values
    assert judge(START, "W?R?..../..W?..../....R?../........ T=-", b)[::3] == (
        Verdict.PENDING, "enter B's value on r2c2")
    assert judge(START, f"{GRID} T=R?", b)[::3] == (Verdict.PENDING, "enter B's roll")
    assert judge(f"{START} roll=2", "W?R?..../..W?..../......../........ T=R?",
                 b)[0] is Verdict.UNCHANGED


# --- each camera-visible broken rule ------------------------------------------------------------

@pytest.mark.parametrize(("position", "view", "code", "message"), [
    # TS-F1: a die on a filled cell (another colour shows there, or it is seen stacked, or
    # the rolled die shows there with the tray empty)
    (f"{START} roll=3", "W4R1..../..R3..../......../........ T=-", "TS-F1",
     "r1c1 is taken: take the new die off"),
    (START, "W4R1..../..R4..../......../........ T=-", "TS-F1",
     "r1c1 is taken: take the new die off"),
    (START, "W4R1..../..W3^..../......../........ T=-", "TS-F1",
     "r1c1 is taken: take the new die off"),
    ("A4B1..../..B2..../......../........ to=B roll=3",
     "W4R1..../..R3..../......../........ T=-", "TS-F1", "r1c1 is taken: take the new die off"),
    # TS-F2: the placed value differs from the roll seen; rolled again; two dice rolled;
    # a value the die can't show
    (f"{START} roll=3", "W4R1..../..W2..../....R4../........ T=-", "TS-F2",
     "B rolled 3, not 4"),
    (START, "W4R1..../..W2..../....R4../........ T=R3", "TS-F2", "B rolled 3, not 4"),
    (f"{START} roll=3", f"{GRID} T=R1", "TS-F2", "B already rolled 3: no second roll"),
    (START, f"{GRID} T=R1,R2", "TS-F2", "roll one die only"),
    (START, f"{GRID} T=R6", "TS-F2", "a d4 shows 1-4, not 6"),
    (START, "W4R1..../..W2..../....R6../........ T=-", "TS-F2", "a d4 shows 1-4, not 6"),
    # TS-F3: two cells filled in one turn
    (START, "W4R1..../..W2..../..R1R1../........ T=-", "TS-F3",
     "one die a turn: r2c1, r2c2 are new"),
    # TS-F4: a placed die turned, moved or removed
    (START, "W3R1..../..W2..../......../........ T=-", "TS-F4",
     "r0c0 must keep its A4: put it back"),
    (START, "..R1..../..W2..../......W4/........ T=-", "TS-F4",
     "A4 moved from r0c0 to r2c3: put it back"),
    (START, "W4R1..../......../......../........ T=-", "TS-F4",
     "r1c1 must keep its A2: put it back"),
    # TS-F5: a die of another player's colour, placed or rolled
    (START, "W4R1..../..W2..../....W3../........ T=-", "TS-F5",
     "B plays red dice: take the white die off r2c2"),
    (START, f"{GRID} T=W3", "TS-F5", "B rolls red dice, not white"),
])
def test_each_camera_visible_broken_rule(position: str, view: str, code: str,
                                         message: str) -> None:
    verdict, got, _, said = judge(position, view)
    assert (verdict, got, said) == (Verdict.ILLEGAL, code, message)


def test_another_colour_rolling_first_is_told_how_to_change_the_order() -> None:
    """TS-S2: the order is entered (start=B) before the first roll; until then A starts."""
    b = board()
    verdict, code, _, message = judge(f"{empty(6)} to=A", f"{empty(6)} T=R4", b)
    assert (verdict, code, message) == (Verdict.ILLEGAL, "TS-F5",
                                        "A plays first: enter start=B to change the order")
    assert judge(f"{empty(6)} to=B", f"{empty(6)} T=R4", b)[:3] == (Verdict.MOVE, None,
                                                                     "roll=4")


def test_an_illegal_placement_names_the_move() -> None:
    assert judge(f"{START} roll=3", "W4R1..../..W2..../....R4../........ T=-")[2] == "B4@r2c2"


# --- views not to be trusted ---------------------------------------------------------------------

def test_views_not_to_trust() -> None:
    b = reading()
    before = state()
    grid = ts.GAME.view_from_text(f"{GRID} T=-").grid
    low = tuple(tuple(replace(d, confidence=0.3) if d else None for d in row) for row in grid)
    cases = {
        "hand over board": TableView(grid=grid, status=ViewStatus.HAND, note="hand over board"),
        "moving": TableView(grid=grid, status=ViewStatus.MOVING),
        "the die on r0c0 is hard to read": TableView(grid=low),
        "the grid must be seen as 4x4": TableView(grid=grid[:3]),
    }
    for message, view in cases.items():
        j = referee(before, view)
        assert (j.verdict, j.message) == (Verdict.UNTRUSTED, message)
    for text, message in [
        ("W?R1..../..W2..../......../........ T=-", "straighten or reroll r0c0"),
        (f"{GRID} T=R?", "straighten or reroll the tray"),
        ("W4U1..../..W2..../......../........ T=-", "the colour of r0c1 is unclear"),
        (f"{GRID} T=K3", "a black die is not in this game (the tray)"),
    ]:
        j = referee(ts.GAME.parse_position(START, b), ts.GAME.view_from_text(text))
        assert (j.verdict, j.message) == (Verdict.UNTRUSTED, message), text


def test_the_supply_beside_the_board_is_not_looked_at() -> None:
    assert judge(START, f"{GRID} T=- O=W1,R2,K3")[0] is Verdict.UNCHANGED


def test_black_and_blue_are_c_and_d_with_four_players() -> None:
    b = board("12x12", players="4")
    before = ts.GAME.parse_position(f"{empty(12)} to=D", b)
    view = ts.GAME.expected_view(before.play(ts.Place(3, 5, 0, 0)))
    assert view.grid[0][0] == Item(5, Colour.BLUE)
    j = referee(before, view)
    assert (j.verdict, j.move) == (Verdict.MOVE, "D5@r0c0")


def test_the_colours_are_board_data() -> None:
    data = {**board_data("6x6"), "colours": {"A": "green", "B": "white"}}
    b = ts.GAME.load_board("6x6", data)
    assert ts.GAME.layout(b).palette == (Colour.GREEN, Colour.WHITE)
    before = ts.GAME.parse_position(f"{empty(6)} to=A", b)
    assert ts.GAME.expected_view(before.play(ts.Roll(2))).zone("tray") == (
        Item(2, Colour.GREEN),)


# --- set-up ------------------------------------------------------------------------------------

def test_ts_s1_an_empty_grid_starts_with_a_to_play() -> None:
    got, why = ts.GAME.setup(ts.GAME.view_from_text(f"{empty(6)} T=-"), board(), 0.6)
    assert why == "" and got is not None and got.position() == f"{empty(6)} to=A"


def test_ts_s2_the_starting_players_roll_in_the_tray_says_who_starts() -> None:
    got, _ = ts.GAME.setup(ts.GAME.view_from_text(f"{empty(6)} T=R5"), board(), 0.6)
    assert got is not None and got.position() == f"{empty(6)} to=B roll=5"


def test_a_game_under_way_is_taken_up_when_its_counts_fit_the_turns() -> None:
    got, _ = ts.GAME.setup(ts.GAME.view_from_text(f"{GRID} T=-"), reading(), 0.6)
    assert got is not None and got.position() == START
    got, why = ts.GAME.setup(ts.GAME.view_from_text(
        "W4W1..../..W2..../......../........ T=-"), reading(), 0.6)
    assert got is None and why == "the dice don't fit turns in order: A 3, B 0"
    got, why = ts.GAME.setup(ts.GAME.view_from_text(f"{GRID} T=W1"), reading(), 0.6)
    assert got is None and why == "A has played this round: clear the tray"


def test_set_up_waits_for_a_trusted_readable_view() -> None:
    got, why = ts.GAME.setup(ts.GAME.view_from_text(f"{GRID} T=- S=hand"), reading(), 0.6)
    assert (got, why) == (None, "hand")
    got, why = ts.GAME.setup(ts.GAME.view_from_text(f"{put(empty(4), 0, 0, 'W?')} T=-"),
                             board("4x4"), 0.6)
    assert got is None and why == "r0c0: enter the game's dice on an empty grid"


# --- a session ----------------------------------------------------------------------------------

def test_a_session_follows_rolls_and_placements_and_warns_until_the_table_is_fixed() -> None:
    b = board()
    session = new_session("two-one-six", "6x6", b)
    empty_view = empty(6)  # an empty grid reads the same as a view and as a position
    session, events = session.observe(ts.GAME.view_from_text(f"{empty_view} T=-"), 0.0)
    assert [e.kind for e in events] == ["setup"] and session.to_move == 1
    session, events = session.observe(ts.GAME.view_from_text(f"{empty_view} T=W5"), 1.0)
    assert [(e.kind, e.data["move"]) for e in events] == [("move", "roll=5")]
    placed_wrong = put(empty_view, 0, 0, "W3")
    session, events = session.observe(ts.GAME.view_from_text(f"{placed_wrong} T=-"), 2.0)
    assert [(e.kind, e.data["code"]) for e in events] == [("warning", "TS-F2")]
    assert session.warning == ("TS-F2", "A rolled 5, not 3")
    placed = put(empty_view, 0, 0, "W5")
    session, events = session.observe(ts.GAME.view_from_text(f"{placed} T=-"), 3.0)
    assert [e.kind for e in events] == ["warning_cleared", "move"]
    assert session.last_move == "A5@r0c0" and session.to_move == 2 and session.warning is None


def test_button_entries_on_the_d8_board_roll_place_and_are_checked() -> None:
    b = board("8x8")
    session = new_session("two-one-six", "8x8", b)
    session, _ = session.observe(ts.GAME.view_from_text(f"{empty(8)} T=-"), 0.0)
    session, events = session.enter("start=B", 1.0)
    assert events[0].data["position"] == f"{empty(8)} to=B" and session.to_move == 2
    session, events = session.enter("roll=7", 2.0)
    assert events[0].kind == "move" and session.state.roll == 7
    session, events = session.enter("B8@r3c4", 3.0)
    assert [(e.kind, e.data["code"]) for e in events] == [("warning", "TS-F2")]
    session, events = session.enter("B7@r3c4", 4.0)
    assert events[-1].data["move"] == "B7@r3c4" and session.warning is None
    view = ts.GAME.view_from_text(f"{put(empty(8), 3, 4, 'R?')} T=-")
    session, events = session.observe(view, 5.0)  # the camera sees the red die, value unread
    assert events == [] and session.status == "" and session.warning is None


def test_the_end_of_a_session_tells_the_scores() -> None:
    b = reading()
    # r0 is A's (3-1, total 5), r1 B's (3-1, total 4); every other line ends 2-2
    start = ts.GAME.parse_position("A2A1A1B1/B1B1B1A1/A1A1B1B1/B1B1A1.. to=A", b)
    session = new_session("two-one-six", "4x4", b)
    session, _ = session.observe(ts.GAME.expected_view(start), 0.0)
    session, events = session.observe(ts.GAME.expected_view(start.play(ts.Place(0, 3, 3, 3))),
                                      1.0)
    end = events[-1]
    assert (end.kind, end.data["outcome"], end.data["reason"]) == ("end", "A", "TS-E1")
    assert end.data["winner"] == 1 and end.data["score"] is None
    assert end.data["summary"] == "two-one-six (4x4): A 5, B 4, A wins"
