"""Bossa referee step, set-up and session: every kind of move seen, each camera-visible broken
rule named (the state kept), unchanged, pending and untrusted views, the set-up read from the
table (BO-S4..S7, BO-N1, BO-N2, BO-X7) and a game followed from views and buttons."""

from __future__ import annotations

import random

import pytest

from engine.games.bossa import GAME, State, parse_position, view_from_text, view_to_text
from engine.games.bossa.referee import referee
from engine.games.bossa.setup import setup_from_view
from engine.referee import Judgement, Verdict
from engine.session import new_session
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

from .test_conformance import packaged_board

REGULAR = packaged_board(GAME, "regular")
NOVICE = packaged_board(GAME, "novice")
# Regular, player 1's home line white: the white line lies south (low values west: W2 in
# south_w1, W4 in south_e1), the black line north (low values east: B4 in north_e1, B6 in
# north_w1).
PLAY = ("w3 b5 hand1=W0B4,W1B0,W2B0,W2B1,W3B2 hand2=W0B3,W1B1,W4B1,W5B0 deck=16 m1=RES "
        "m2=RES to=1 phase=play home1=W")
DRAW = PLAY.replace("phase=play", "phase=draw")
STACKS = ("w3 b5 W4=W1B0+W3B2 B6=W0B4+W1B2 hand1=W2B0,W2B1,W4B0,W1B5 hand2=W0B3 deck=10 "
          "m1=RES m2=RES to=1 phase=play home1=W discard=W6B0")


def pos(text: str, board: object = REGULAR) -> State:
    return parse_position(text, board)  # type: ignore[arg-type]


def table(state: State | str, grid: str | None = None, **zones: str) -> TableView:
    """The view ``state`` gives, with some zones holding other items ("" empties a zone)."""
    state = pos(state) if isinstance(state, str) else state
    parts = view_to_text(GAME.expected_view(state)).split()
    fields = dict(part.split("=", 1) for part in parts[1:])
    for name, items in zones.items():
        fields[name] = items
    text = " ".join([grid or parts[0]] + [f"{k}={v}" for k, v in fields.items() if v])
    return view_from_text(text)


def judge(state: State | str, view: TableView) -> Judgement[State]:
    state = pos(state) if isinstance(state, str) else state
    j = referee(state, view)
    if j.verdict is not Verdict.MOVE:
        assert j.state is state  # a broken rule, a wait or nothing new never changes the state
    return j


def seen(state: State | str, **zones: str) -> tuple[str, str | None, str | None]:
    j = judge(state, table(state, **zones))
    return j.verdict.value, j.move, j.code


# --- MOVE ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("position", "zones", "move"), [
    (PLAY, {"hand_1": "W0B4,W2B0,W2B1", "south_e1": "W1B0,W3B2"}, "W4=W1B0+W3B2"),
    (PLAY, {"hand_1": "W0B4,W1B0,W2B0,W3B2", "south_w1": "W2B1"}, "W2=W2B1"),
    (PLAY, {"hand_1": "W1B0,W2B0,W2B1", "north_w1": "W3B2,W0B4"}, "B6=W0B4+W3B2"),
    (PLAY, {"hand_1": "W1B0,W2B0,W2B1,W3B2", "north_e1": "W0B4"}, "B4=W0B4"),
    (PLAY, {"hand_1": "W1B0,W2B0,W2B1,W3B2", "discard": "W0B4", "redraw_1": "#"},
     "REDRAW W0B4"),
    (PLAY, {"hand_1": "W0B3,W1B0,W2B0,W2B1,W3B2", "hand_2": "W0B4,W1B1,W4B1,W5B0",
            "exchange_1": "#"}, "EXCHANGE W0B4<>W0B3"),
    (STACKS, {"hand_1": "W1B5,W4B0", "south_e1": "W2B0^,W2B1^", "stack_1": "#"},
     "STACK W4=W2B0+W2B1"),
    # the camera missed the stack flags: the old tiles are covered, so it is a Stack
    (STACKS, {"hand_1": "W1B5,W4B0", "south_e1": "W2B0,W2B1", "stack_1": "#"},
     "STACK W4=W2B0+W2B1"),
    (STACKS, {"hand_1": "W2B0,W4B0", "north_w1": "W1B5^,W2B1^", "stack_1": "#"},
     "STACK B6=W1B5+W2B1"),
    (DRAW, {"hand_1": "W0B4,W1B0,W2B0,W2B1,W3B2,W6B0"}, "DRAW W6B0"),
])
def test_every_kind_of_move_is_seen(position: str, zones: dict[str, str], move: str) -> None:
    j = judge(position, table(position, **zones))
    assert (j.verdict, j.move) == (Verdict.MOVE, move)
    assert j.state == pos(position).play(GAME.parse_move(move, pos(position)))
    assert referee(j.state, table(position, **zones)).verdict is Verdict.UNCHANGED


def test_a_redraw_and_its_draw_seen_at_once_are_two_steps() -> None:
    view = table(PLAY, hand_1="W1B0,W2B0,W2B1,W3B2,W6B0", discard="W0B4", redraw_1="#")
    first = judge(PLAY, view)
    assert (first.verdict, first.move, first.state.phase) == (Verdict.MOVE, "REDRAW W0B4",
                                                              "redraw")
    second = judge(first.state, view)
    assert (second.verdict, second.move) == (Verdict.MOVE, "DRAW W6B0")
    assert (second.state.to, second.state.phase) == (2, "draw")
    assert judge(second.state, view).verdict is Verdict.UNCHANGED


@pytest.mark.parametrize(("zones", "action"), [
    ({"hand_1": "W0B6,W1B5,W4B0", "south_e1": "W2B0^,W2B1^", "stack_1": "#"},
     "STACK W4=W2B0+W2B1"),
    ({"hand_1": "W0B6,W2B0,W2B1,W4B0", "discard": "W1B5,W6B0", "redraw_1": "#"},
     "REDRAW W1B5"),
    ({"hand_1": "W0B3,W0B6,W2B0,W2B1,W4B0", "hand_2": "W1B5", "exchange_1": "#"},
     "EXCHANGE W1B5<>W0B3"),
])
def test_the_turn_s_draw_and_the_action_after_it_seen_at_once_are_two_steps(
        zones: dict[str, str], action: str) -> None:
    drawing = STACKS.replace("phase=play", "phase=draw")
    view = table(drawing, **zones)
    first = judge(drawing, view)
    assert (first.verdict, first.move) == (Verdict.MOVE, "DRAW W0B6")
    second = judge(first.state, view)
    assert (second.verdict, second.move) == (Verdict.MOVE, action)
    assert judge(second.state, view).verdict is Verdict.UNCHANGED  # a Redraw's draw to come


def test_a_placement_beyond_the_printed_spots_is_read_outside_the_zones() -> None:
    long_line = ("w1 b6 W2=W2B0 W3=W1B0+W2B1 W4=W4B0 W5=W1B1+W4B1 W6=W6B0 W7=W2B2+W5B0 "
                 "hand1=W1B2,W3B0,W4B2,W0B1 hand2=W0B2 deck=5 m1=RES m2=RES to=1 phase=play")
    state = pos(long_line, NOVICE)
    view = table(state, hand_1="W0B1", out="W1B2,W3B0,W4B2")
    j = judge(state, view)
    assert (j.verdict, j.move) == (Verdict.MOVE, "W8=W1B2+W3B0+W4B2")
    assert GAME.expected_view(j.state) == view  # its tiles are expected outside the zones


# --- ILLEGAL: each camera-visible broken rule -----------------------------------------------------

@pytest.mark.parametrize(("position", "zones", "code"), [
    # BO-F1: beside a filled position (not stacked), or past a gap
    (STACKS, {"hand_1": "W1B5,W2B0,W2B1", "south_e1": "W1B0,W3B2,W4B0"}, "BO-F1"),
    (PLAY, {"hand_1": "W0B4,W1B0,W2B1,W3B2", "south_e2": "W2B0"}, "BO-F1"),
    # BO-F2: more pips than the value
    (PLAY, {"hand_1": "W0B4,W1B0,W2B0,W2B1", "south_w1": "W3B2"}, "BO-F2"),
    # BO-F3: a tile without pips of the line's colour
    (PLAY, {"hand_1": "W1B0,W2B0,W2B1,W3B2", "south_w1": "W0B4"}, "BO-F3"),
    # BO-F4: three tiles next to the die
    (PLAY, {"hand_1": "W0B4,W3B2", "south_e1": "W1B0,W2B0,W2B1"}, "BO-F4"),
    # BO-F5: two positions at once; a Place with a Redraw
    (PLAY, {"hand_1": "W1B0,W2B1,W3B2", "south_w1": "W2B0", "north_e1": "W0B4"}, "BO-F5"),
    (PLAY, {"hand_1": "W1B0,W2B1,W3B2", "south_w1": "W2B0", "discard": "W0B4",
            "redraw_1": "#"}, "BO-F5"),
    # BO-F6: a Place with an action marker turned; two markers turned
    (PLAY, {"hand_1": "W0B4,W1B0,W2B0,W3B2", "south_w1": "W2B1", "stack_1": "#"}, "BO-F6"),
    (PLAY, {"redraw_1": "#", "stack_1": "#"}, "BO-F6"),
    # BO-F7: playing before the draw; two tiles drawn; a tile from the deck on a line
    (DRAW, {"hand_1": "W0B4,W1B0,W2B0,W3B2", "south_w1": "W2B1"}, "BO-F7"),
    (DRAW, {"hand_1": "W0B4,W1B0,W2B0,W2B1,W3B2,W6B0,W0B1"}, "BO-F7"),
    (PLAY, {"south_w1": "W2B2"}, "BO-F7"),
    (PLAY, {"hand_1": "W0B4,W1B0,W2B0,W2B1,W3B2,W6B0"}, "BO-F7"),  # a second draw
    # BO-F8: a Stack of one tile on a position of two
    (STACKS, {"hand_1": "W1B5,W2B0,W2B1", "south_e1": "W3B2,W4B0^", "stack_1": "#"}, "BO-F8"),
    # BO-F9: a tile laid past the low end of the white line (value 0)
    (PLAY, {"hand_1": "W0B4,W2B0,W2B1,W3B2", "south_w3": "W1B0"}, "BO-F9"),
    # BO-F10: a tile taken from a line, from the discard pile, moved between positions
    (STACKS, {"hand_1": "W1B5,W2B0,W2B1,W3B2,W4B0", "south_e1": "W1B0"}, "BO-F10"),
    (STACKS, {"discard": ""}, "BO-F10"),
    (STACKS, {"south_e1": "W1B0", "south_e2": "W3B2"}, "BO-F10"),
    # BO-F11: the opponent lays a tile, draws, turns a marker
    (PLAY, {"hand_2": "W0B3,W4B1,W5B0", "south_w1": "W1B1"}, "BO-F11"),
    (DRAW, {"hand_2": "W0B3,W1B1,W4B1,W5B0,W6B0"}, "BO-F11"),
    (PLAY, {"exchange_2": "#"}, "BO-F11"),
    # BO-F12: a die turned to another value, the dice swapped, a die gone
    (PLAY, {"grid": "b4/w3"}, "BO-F12"),
    (PLAY, {"grid": "w3/b5"}, "BO-F12"),
    (PLAY, {"grid": "./w3"}, "BO-F12"),
])
def test_each_visible_broken_rule_is_named(position: str, zones: dict[str, str],
                                           code: str) -> None:
    grid = zones.pop("grid", None)
    j = judge(position, table(position, grid, **zones))
    assert (j.verdict, j.code) == (Verdict.ILLEGAL, code), j
    assert j.message


def test_a_used_marker_turned_back_up_is_bo_f6() -> None:
    used = STACKS.replace("m1=RES", "m1=ES")
    assert seen(used, redraw_1="M")[::2] == ("illegal", "BO-F6")
    assert seen(used, hand_1="W2B0,W2B1,W4B0", discard="W1B5,W6B0")[::2] == ("illegal",
                                                                            "BO-F6")


def test_after_a_redraw_only_its_draw_comes() -> None:
    redrawn = ("w3 b5 hand1=W1B0,W2B0,W2B1,W3B2 hand2=W0B3,W1B1,W4B1,W5B0 deck=16 m1=ES "
               "m2=RES to=1 phase=redraw home1=W discard=W0B4")
    assert seen(redrawn, hand_1="W1B0,W2B1,W3B2", south_w1="W2B0")[::2] == ("illegal",
                                                                            "BO-F5")
    assert seen(redrawn, exchange_1="#")[::2] == ("illegal", "BO-F6")
    assert seen(redrawn, hand_1="W1B0,W2B0,W2B1,W3B2,W6B0")[:2] == ("move", "DRAW W6B0")


def test_an_illegal_move_seen_names_the_move() -> None:
    j = judge(PLAY, table(PLAY, hand_1="W1B0,W2B0,W2B1,W3B2", south_w1="W0B4"))
    assert (j.move, j.message) == ("W2=W0B4", "W0B4 has no white pips")


# --- UNCHANGED, PENDING -------------------------------------------------------------------------

def test_the_position_s_own_view_is_unchanged() -> None:
    for text in (PLAY, DRAW, STACKS):
        assert judge(text, GAME.expected_view(pos(text))).verdict is Verdict.UNCHANGED


@pytest.mark.parametrize(("position", "zones", "words"), [
    (PLAY, {"hand_1": "W0B4,W1B0,W2B0,W2B1"}, "out of sight"),      # a tile in a hand
    (PLAY, {"hand_1": "W0B4,W2B0,W2B1,W3B2", "south_e1": "W1B0"}, "W4: 1 of 4 pips"),
    (PLAY, {"hand_1": "W1B0,W2B0,W2B1,W3B2", "discard": "W0B4"}, "Redraw marker face down"),
    (PLAY, {"redraw_1": ""}, "put player 1's Redraw marker back"),
    (PLAY, {"exchange_1": "#"}, "Exchange: do the action"),
    (PLAY, {"hand_1": "W1B0,W2B0,W2B1,W3B2", "hand_2": "W0B3,W0B4,W1B1,W4B1,W5B0",
            "exchange_1": "#"}, "finish the exchange"),
    (STACKS, {"hand_1": "W1B5,W4B0", "south_e1": "W2B0^,W2B1^"}, "Stack marker face down"),
])
def test_a_move_under_way_waits(position: str, zones: dict[str, str], words: str) -> None:
    j = judge(position, table(position, **zones))
    assert j.verdict is Verdict.PENDING and words in j.message, j


def test_a_stack_short_of_its_tiles_and_pips_waits() -> None:
    j = judge(STACKS, table(STACKS, hand_1="W1B5,W2B1,W4B0", south_e1="W2B0^,W3B2",
                            stack_1="#"))
    assert j.verdict is Verdict.PENDING and j.message == "W4: 2 of 4 pips laid"


# --- UNTRUSTED ------------------------------------------------------------------------------------

def _with(view: TableView, zone: str, item: Item) -> TableView:
    zones = tuple((name, (*items, item) if name == zone else items) for name, items in view.zones)
    return TableView(grid=view.grid, outside=view.outside, zones=zones, status=view.status)


@pytest.mark.parametrize(("change", "words"), [
    (lambda v: TableView(v.grid, zones=v.zones, status=ViewStatus.HAND, note="hand over board"),
     "hand over board"),
    (lambda v: _with(v, "hand_1", Item(60, confidence=0.3, kind=ItemKind.TILE)), "hard to read"),
    (lambda v: _with(v, "hand_1", Item(60, Colour.UNKNOWN, kind=ItemKind.TILE)),
     "unknown colour"),
    (lambda v: _with(v, "hand_1", Item(60, Colour.RED, kind=ItemKind.TILE)), "unknown colour"),
    (lambda v: _with(v, "hand_1", Item(None, kind=ItemKind.TILE)), "hard to read"),
    (lambda v: _with(v, "hand_1", Item(61, kind=ItemKind.TILE)), "misread"),
    (lambda v: _with(v, "hand_2", Item(21, kind=ItemKind.TILE)), "seen twice"),
    (lambda v: _with(v, "hand_1", Item(0, kind=ItemKind.TILE)), "face up"),
    (lambda v: _with(v, "south_w1", Item(0, kind=ItemKind.TILE)), "face up"),
    (lambda v: _with(v, "hand_1", Item(7, kind=ItemKind.TILE)), "marker"),
    (lambda v: _with(v, "stack_1", Item(7, kind=ItemKind.TILE)), "only the marker"),
    (lambda v: _with(v, "deck", Item(3, Colour.WHITE)), "dice in their cells"),
    (lambda v: TableView(((v.grid[0][0],),), zones=v.zones), "two die cells"),
    (lambda v: TableView(((Item(21, kind=ItemKind.TILE),), v.grid[1]), zones=v.zones),
     "only the dice"),
    (lambda v: TableView(((Item(None, Colour.WHITE),), v.grid[1]), zones=v.zones),
     "straighten or reroll"),
])
def test_views_that_cannot_be_refereed(change: object, words: str) -> None:
    view = change(GAME.expected_view(pos(PLAY)))  # type: ignore[operator]
    j = judge(PLAY, view)
    assert j.verdict is Verdict.UNTRUSTED and words in j.message, j


def test_tiles_off_every_spot_cannot_be_placed_when_no_position_lies_there() -> None:
    j = judge(PLAY, table(PLAY, hand_1="W0B4,W1B0,W2B0,W2B1", out="W3B2"))
    assert j.verdict is Verdict.UNTRUSTED and "enter the move with the buttons" in j.message


# --- set-up ---------------------------------------------------------------------------------------

def setup_view(grid: str, hand_1: str = "W0B1,W0B2,W0B3,W0B4,W0B5",
               hand_2: str = "W1B0,W1B1,W1B2,W1B3", **zones: str) -> TableView:
    markers = {f"{a}_{p}": "M" for a in ("redraw", "exchange", "stack") for p in (1, 2)}
    fields = {"hand_1": hand_1, "hand_2": hand_2, "deck": "#", "removed": "#", **markers,
              **zones}
    return view_from_text(" ".join([grid] + [f"{k}={v}" for k, v in fields.items() if v]))


def test_bo_x7_q_names_black_as_home_and_p_plays_first_with_the_white_line() -> None:
    # P (player 1) rolled the white die (2), Q (player 2) the black die (6); Q chose black as
    # home: the black die lies before Q (north), P's white die before P (south); P draws first
    state, why = setup_from_view(setup_view("b6/w2"), REGULAR, 0.6)
    assert state is not None, why
    assert (state.line("W").die, state.line("B").die, state.home1, state.to) == (2, 6, "W", 1)
    assert (state.phase, state.deck, len(state.hand(1)), len(state.hand(2))) == ("play", 17, 5, 4)


def test_bo_x7_q_takes_the_first_turn_and_p_names_a_home_line() -> None:
    # Q plays first (draws: five tiles in Q's hand); P named black: the black die before P
    view = setup_view("w2/b6", hand_1="W0B1,W0B2,W0B3,W0B4", hand_2="W1B0,W1B1,W1B2,W1B3,W1B4")
    state, _ = setup_from_view(view, REGULAR, 0.6)
    assert state is not None
    assert (state.line("W").die, state.line("B").die, state.home1, state.to) == (2, 6, "B", 2)
    assert state.owner("W") == 2
    assert GAME.expected_view(state) == view


@pytest.mark.parametrize(("view", "words"), [
    (setup_view("b6/w6"), "BO-S4"),
    (setup_view("b6/."), "white die and the black die"),
    (setup_view("b6/w2", hand_1="W0B1,W0B2,W0B3,W0B4"), "first player: draw a tile"),
    (setup_view("b6/w2", hand_1="W0B1,W0B2,W0B3"), "deal 4 tiles to each hand: 3 and 4"),
    (setup_view("b6/w2", hand_2="#,#,#,#"), "turn both hands face up (BO-S7)"),
    (setup_view("b6/w2", south_e1="W2B0"), "lines start empty"),
    (setup_view("b6/w2", discard="W2B0"), "discard pile starts empty"),
    (setup_view("b6/w2", stack_2="#"), "markers face up (BO-S3)"),
    (setup_view("b6/w2", redraw_1=""), "markers face up (BO-S3)"),
    (TableView.unsettled(ViewStatus.HAND, "hand over board", 2, 1), "hand over board"),
])
def test_set_up_says_what_to_do(view: TableView, words: str) -> None:
    state, why = setup_from_view(view, REGULAR, 0.6)
    assert state is None and words in why


def test_novice_set_up_open_hands_and_the_white_die_north() -> None:
    state, _ = setup_from_view(setup_view("w4/b1"), NOVICE, 0.6)
    assert state is not None and state.home1 is None and state.to == 1
    assert "BO-F12: the white die goes in the north cell" in setup_from_view(
        setup_view("b1/w4"), NOVICE, 0.6)[1]
    assert "deal the hands face up (BO-N1)" in setup_from_view(
        setup_view("w4/b1", hand_2="#,#,#,#"), NOVICE, 0.6)[1]


# --- the session ----------------------------------------------------------------------------------

def test_a_game_followed_from_views_and_a_concession_entered_with_the_buttons() -> None:
    session = new_session("bossa", "regular", REGULAR)
    session, events = session.observe(setup_view("b6/w2", hand_2="W1B0,W1B1,W1B2,W1B3"), 0.0)
    assert [e.kind for e in events] == ["setup"] and session.to_move == 1
    start = session.state
    placed = table(start, hand_1="W0B2,W0B3,W0B4,W0B5", south_w1="W0B1")  # W1 = W0B1: F3
    session, events = session.observe(placed, 1.0)
    assert [e.kind for e in events] == ["warning"] and events[0].data["code"] == "BO-F3"
    assert session.status == "put the tiles back" and session.state is start
    session, events = session.observe(GAME.expected_view(start), 2.0)
    assert [e.kind for e in events] == ["warning_cleared"]
    exchanged = table(start, hand_1="W0B1,W0B2,W0B3,W0B4,W1B0", hand_2="W0B5,W1B1,W1B2,W1B3",
                      exchange_1="#")
    session, events = session.observe(exchanged, 3.0)
    assert [e.kind for e in events] == ["move"] and events[0].data["move"] == \
        "EXCHANGE W0B5<>W1B0"
    assert session.moves == 1 and session.to_move == 2
    drew = table(session.state, hand_2="W0B5,W1B1,W1B2,W1B3,W6B0")
    session, events = session.observe(drew, 4.0)
    assert events[0].data["move"] == "DRAW W6B0" and session.moves == 1  # draws are not counted
    session, events = session.enter("CONCEDE 2", 5.0)
    assert [e.kind for e in events] == ["move", "end"]
    assert (events[1].data["outcome"], events[1].data["winner"]) == ("win", 1)
    assert session.summary(5.0) == "bossa (regular): player 1 wins (concession) after 1 turn"


# --- random tables -------------------------------------------------------------------------------

def _shuffled_table(view: TableView, rng: random.Random) -> TableView:
    """The view with one to three random changes: a tile moved to another zone, out of sight
    or outside the zones, a marker turned or lifted, a die turned or lifted."""
    zones = {name: list(items) for name, items in view.zones}
    grid, outside = [list(row) for row in view.grid], list(view.outside)
    for _ in range(rng.randint(1, 3)):
        how = rng.choice(["move", "move", "lift", "out", "marker", "die"])
        tiled = [n for n, items in zones.items() if any(i.face not in (0, 7) for i in items)]
        if how in ("move", "lift", "out") and tiled:
            source = zones[rng.choice(tiled)]
            tile = source.pop(rng.randrange(len(source)))
            if how == "move":
                zones[rng.choice(sorted(zones))].append(tile)
            elif how == "out":
                outside.append(tile)
        elif how == "marker":
            name = rng.choice([n for n in zones if n.startswith(("redraw", "exchange", "stack"))])
            zones[name] = rng.choice([[], [Item(0, kind=ItemKind.TILE)],
                                      [Item(7, kind=ItemKind.TILE)]])
        elif how == "die":
            r = rng.randrange(2)
            die = grid[r][0]
            grid[r][0] = None if die is None else Item(rng.randint(1, 6), die.colour,
                                                       kind=ItemKind.DIE)
    return TableView(grid=tuple(tuple(row) for row in grid), outside=tuple(outside),
                     zones=tuple((name, tuple(items)) for name, items in zones.items()))


@pytest.mark.parametrize("side", ["regular", "novice"])
def test_random_tables_only_a_move_changes_the_state_and_to_what_its_move_gives(
        side: str) -> None:
    board = REGULAR if side == "regular" else NOVICE
    rng = random.Random(11)
    verdicts: set[Verdict] = set()
    judged = 0
    for _ in range(20):
        state = GAME.random_start(board, rng)
        for _ in range(16):
            legal = list(state.legal_moves()) or list(GAME.chance_moves(state))
            if not legal:
                break
            move = rng.choice(legal)
            shown = state.play(move) if rng.random() < 0.3 else state  # the move, or not
            view = _shuffled_table(GAME.expected_view(shown), rng) if rng.random() < 0.8 \
                else GAME.expected_view(shown)
            j = referee(state, view)
            verdicts.add(j.verdict)
            judged += 1
            if j.verdict is Verdict.MOVE:
                assert j.move is not None
                assert j.state == state.play(GAME.parse_move(j.move, state))
            else:
                assert j.state is state
            if j.verdict is Verdict.ILLEGAL:
                assert j.code is not None and j.code.startswith("BO-") and j.message
            state = state.play(move)
    assert verdicts == set(Verdict) and judged >= 200
