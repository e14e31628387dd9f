"""Bossa rules: the worked examples BO-X1..X8 verbatim, every BO-F warning from ``play``, the
turn's phases (BO-A1, BO-A2), every end rule (BO-E1..E4, AMB-BO1, AMB-BO2), the result
(BO-P1), the option ``deck_out``, the count rules of both levels (AMB-BO4) and the order of
``legal_moves``."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMoveError
from engine.games.bossa import GAME, TILES, State, parse_move, parse_position
from engine.games.bossa.lines import allowed_counts
from engine.outcome import Outcome

from .test_conformance import packaged_board

REGULAR = packaged_board(GAME, "regular")
NOVICE = packaged_board(GAME, "novice")
IMMEDIATE = GAME.load_board("regular", {"game": "bossa", "side": "regular"},
                            {"deck_out": "immediate"})

# BO-X1: white die 3, black die 5; P (player 1, home white) holds, after drawing, five tiles.
X1 = ("w3 b5 hand1=W2B1,W1B0,W3B2,W0B4,W2B0 hand2=W0B3,W1B1,W4B1,W5B0 deck=16 m1=RES m2=RES "
      "to=1 phase=play home1=W")
X1_NOVICE = X1.replace(" home1=W", "")


def pos(text: str, board: object = REGULAR) -> State:
    return parse_position(text, board)  # type: ignore[arg-type]


def play(state: State | str, *moves: str) -> State:
    state = pos(state) if isinstance(state, str) else state
    for move in moves:
        state = state.play(parse_move(move))
    return state


def code_of(state: State | str, move: str) -> str:
    state = pos(state) if isinstance(state, str) else state
    with pytest.raises(IllegalMoveError) as exc:
        state.play(parse_move(move))
    assert exc.value.position == state.position() and exc.value.move
    return exc.value.code


def places(state: State, where: str) -> list[str]:
    """The legal Places at one position, as move texts."""
    return [str(m) for m in state.legal_moves() if str(m).startswith(f"{where}=")]


# --- the tiles (rules section 1) ----------------------------------------------------------------

def test_the_set_holds_27_tiles_one_per_pair_and_matches_the_printed_census() -> None:
    assert len(TILES) == len(set(TILES)) == 27
    assert sum(1 for t in TILES if t.white == 0 or t.black == 0) == 12
    for k in range(1, 7):
        assert sum(1 for t in TILES if t.white == k) == 7 - k
        assert sum(1 for t in TILES if t.black == k) == 7 - k
    assert [str(t) for t in TILES[:3]] == ["W0B1", "W0B2", "W0B3"] and str(TILES[-1]) == "W6B0"


# --- worked examples ----------------------------------------------------------------------------

def test_bo_x1_playable_positions_and_legal_placements() -> None:
    state = pos(X1)
    assert state.line("W").playable() == (2, 4) and state.line("B").playable() == (4, 6)
    assert places(state, "W2") == ["W2=W2B0", "W2=W2B1"]
    assert places(state, "W4") == ["W4=W1B0+W3B2", "W4=W2B0+W2B1"]  # no single four
    assert places(state, "B4") == ["B4=W0B4"]  # no pair of usable tiles has four black pips
    assert places(state, "B6") == ["B6=W0B4+W3B2"]
    assert len([m for m in state.legal_moves() if "=" in str(m)
                and not str(m).startswith("STACK")]) == 6


@pytest.mark.parametrize(("move", "code"), [
    ("W2=W0B4", "BO-F3"),              # no white pips
    ("W2=W1B0", "BO-F2"),              # sum 1
    ("W5=W2B0+W3B2", "BO-F1"),         # anything at W5 while W4 is empty
    ("W5=W5B0", "BO-F1"),              # ... even a tile P does not hold
    ("W4=W1B0+W2B0+W2B1", "BO-F4"),    # any three tiles at W4
    ("W4=W0B4+W1B0+W3B2", "BO-F4"),
])
def test_bo_x1_illegal_placements(move: str, code: str) -> None:
    assert code_of(X1, move) == code


X2 = "w3 b5 W2=W2B1 hand1=W1B0,W1B1,W0B4 hand2=W0B3 deck=10 m1=RES m2=RES to=1 phase=play"


def test_bo_x2_dead_position_regular_and_its_novice_reading() -> None:
    regular = pos(X2 + " home1=W")
    line = regular.line("W")
    assert line.playable() == (1, 4)
    assert regular.counts_at(line, 1) == (2,)  # count 0 or 2; 0 is impossible
    assert places(regular, "W1") == []         # two tiles carry at least two white pips
    assert code_of(regular, "W1=W1B0") == "BO-F4"
    assert code_of(regular, "W1=W1B0+W1B1") == "BO-F2"
    novice = pos(X2, NOVICE)
    assert novice.counts_at(novice.line("W"), 1) == (1, 2)
    assert places(novice, "W1") == ["W1=W1B0", "W1=W1B1"]  # {W1B0} fits


X3 = ("w3 b5 W4=W1B0+W3B2 hand1=W5B0,W5B1,W1B1,W2B0,W2B1,W0B4 hand2=W0B3 deck=10 m1=RES "
      "m2=RES to=1 phase=play home1=W")


def test_bo_x3_next_count_regular() -> None:
    state = pos(X3)
    assert state.counts_at(state.line("W"), 5) == (1, 3)
    assert places(state, "W5") == ["W5=W5B0", "W5=W5B1", "W5=W1B1+W2B0+W2B1"]
    assert code_of(state, "W5=W1B1+W0B4") == "BO-F4"  # two tiles are illegal
    assert code_of(state, "W5=W2B0+W2B1") == "BO-F4"


def test_bo_x3_next_count_novice() -> None:
    state = pos(X3.replace(" home1=W", ""), NOVICE)
    assert state.counts_at(state.line("W"), 5) == (2, 3)
    assert code_of(state, "W5=W5B0") == "BO-F4"
    assert "W5=W1B1+W2B0+W2B1" in places(state, "W5")


X4 = ("w3 b5 W4=W1B0+W3B2 B6=W0B4+W1B2 hand1=W2B0,W2B1,W4B0,W1B5 hand2=W0B3 deck=10 "
      "m1=RES m2=RES to=1 phase=play home1=W")


def test_bo_x4_stack() -> None:
    state = pos(X4)
    after = play(state, "STACK W4=W2B0+W2B1")  # two tiles, four white pips
    w4 = after.line("W").at(4)
    assert w4 is not None and w4.count == 2 and len(w4.layers) == 2  # AMB-BO5
    assert [str(t) for t in w4.top] == ["W2B0", "W2B1"]
    assert after.unused(1) == "RE" and after.to == 2 and after.phase == "draw"
    assert code_of(state, "STACK W4=W4B0") == "BO-F8"  # one tile
    assert "STACK B6=W1B5+W2B1" in [str(m) for m in state.legal_moves()]  # six black pips
    assert play(state, "STACK B6=W1B5+W2B1").line("B").at(6).count == 2  # type: ignore[union-attr]


def test_bo_x4_stacking_on_a_stacked_position_is_allowed() -> None:
    state = pos("w3 b5 W4=W1B0+W3B2/W2B0+W2B1 hand1=W4B0,W0B4 hand2=W0B3 deck=10 m1=RES m2=RES "
                "to=1 phase=play home1=W")
    assert state.line("W").at(4).count == 2  # type: ignore[union-attr]
    assert code_of(state, "STACK W4=W4B0") == "BO-F8"  # the count stays 2


# BO-X5: the white line (P's home) holds W2, W4, W5, W6, W7; Q has no play on the black line
# and no usable action (markers used), but can lay W8 = W1B1+W3B0+W4B2.
X5 = ("w3 b5 W2=W2B1 W4=W4B0 W5=W1B0+W4B1 W6=W6B0 W7=W2B0+W5B0 hand1=W0B2,W0B3 "
      "hand2=W0B1,W1B1,W3B0,W4B2 deck=8 m1=RES m2=- to=2 phase=play home1=W")


def test_bo_x5_six_positions_owner_wins() -> None:
    state = pos(X5)
    assert [str(m) for m in state.legal_moves()] == ["W8=W1B1+W3B0+W4B2"]
    after = play(state, "W8=W1B1+W3B0+W4B2")
    assert len(after.line("W").positions) == 6
    assert after.outcome == Outcome("win", "BO-E2", 1)  # P, though Q laid W8
    assert after.legal_moves() == [] and after.to_move is None


def test_bo_x5_unless_the_move_emptied_the_movers_hand_amb_bo2() -> None:
    after = play(X5.replace("hand2=W0B1,", "hand2="), "W8=W1B1+W3B0+W4B2")
    assert after.outcome == Outcome("win", "BO-E1", 2)


def test_bo_e2_does_not_exist_in_novice() -> None:
    after = play(pos(X5.replace(" home1=W", ""), NOVICE), "W8=W1B1+W3B0+W4B2")
    assert len(after.line("W").positions) == 6 and after.outcome is None


# BO-X6: the last tile is drawn in Q's turn.
X6 = "w3 b5 hand1=W0B2,W0B3,W0B5 hand2=W2B0,W1B3 deck=1 m1=RES m2=RES to=2 phase=draw home1=W"


def test_bo_x6_deck_out_more_tiles_loses() -> None:
    drawn = play(X6, "DRAW W2B1")
    assert drawn.deck == 0 and drawn.outcome is None  # the turn goes on (AMB-BO1)
    after = play(drawn, "W2=W2B0")
    assert (len(after.hand(1)), len(after.hand(2))) == (3, 2)
    assert after.outcome == Outcome("win", "BO-E4", 2)  # P holds more: P loses


def test_bo_x6_deck_out_equal_hands_draw() -> None:
    after = play(X6, "DRAW W2B1", "EXCHANGE W2B0<>W0B2")
    assert (len(after.hand(1)), len(after.hand(2))) == (3, 3)
    assert after.outcome == Outcome("draw", "BO-E4", None)
    assert GAME.report(after) == {"winner": None}


def test_bo_e4_option_immediate_ends_the_moment_the_deck_empties() -> None:
    drawn = play(pos(X6, IMMEDIATE), "DRAW W2B1")
    assert (len(drawn.hand(1)), len(drawn.hand(2))) == (3, 3)
    assert drawn.outcome == Outcome("draw", "BO-E4", None)
    assert drawn.legal_moves() == []
    redraw = pos("w3 b5 hand1=W0B2 hand2=W2B0,W1B3 deck=1 m1=RES m2=RES to=2 phase=play "
                 "home1=W", IMMEDIATE)
    discarded = play(redraw, "REDRAW W2B0")
    assert discarded.outcome is None and discarded.phase == "redraw"
    assert play(discarded, "DRAW W4B0").outcome == Outcome("win", "BO-E4", 1)  # 1 tile vs 2


# BO-X8: P has used Redraw and Exchange, cannot Stack, and no tile set fits.
X8 = ("w3 b5 W2=W2B1 B6=W0B6 hand1=W0B1,W6B0 hand2=W0B3,W1B1 deck=9 m1=S m2=RES to=1 "
      "phase=draw home1=W")


def test_bo_x8_stuck_loses_at_once() -> None:
    state = pos(X8)
    assert state.outcome is None and GAME.chance_moves(state)
    after = play(state, "DRAW W5B1")  # nothing fits W1, W4, B4 or B7, nor a Stack
    assert after.outcome == Outcome("win", "BO-E3", 2)
    assert after.legal_moves() == [] and GAME.chance_moves(after) == []
    assert GAME.report(after) == {"winner": 2}


def test_bo_e3_not_stuck_while_an_action_is_usable() -> None:
    after = play(X8.replace("m1=S", "m1=RS"), "DRAW W5B1")
    assert after.outcome is None
    assert [str(m) for m in after.legal_moves()] == ["REDRAW W0B1", "REDRAW W5B1",
                                                     "REDRAW W6B0"]


# --- BO-E1 -----------------------------------------------------------------------------------

def test_bo_e1_hand_out_after_a_place_or_a_stack() -> None:
    placed = play("w3 b5 hand1=W2B1 hand2=W0B3 deck=5 m1=RES m2=RES to=1 phase=play home1=W",
                  "W2=W2B1")
    assert placed.outcome == Outcome("win", "BO-E1", 1)
    stacked = play("w3 b5 W2=W2B1 hand1=W2B0 hand2=W0B3 deck=5 m1=RES m2=RES to=1 phase=play "
                   "home1=W", "STACK W2=W2B0")
    assert stacked.outcome == Outcome("win", "BO-E1", 1)


def test_a_redraw_of_the_last_tile_is_not_a_hand_out() -> None:
    after = play("w3 b5 hand1=W2B1 hand2=W0B3 deck=5 m1=RES m2=RES to=1 phase=play home1=W",
                 "REDRAW W2B1")
    assert after.hand(1) == () and after.outcome is None and after.phase == "redraw"


# --- the turn, phase by phase (BO-A1, BO-A2) --------------------------------------------------

START = ("w2 b6 hand1=W0B1,W1B2,W2B0,W3B1 hand2=W0B5,W1B1,W4B2,W5B1 deck=18 m1=RES m2=RES to=1 "
         "phase=draw home1=W")


def test_before_the_draw_no_move_is_listed_and_every_unseen_tile_may_come() -> None:
    state = pos(START)
    assert state.legal_moves() == []
    draws = [str(m) for m in GAME.chance_moves(state)]
    assert len(draws) == 19 and draws[0] == "DRAW W0B2"  # 27 - 8 seen: the deck and the aside
    after = play(state, "DRAW W0B2")
    assert (after.phase, after.deck, after.to) == ("play", 17, 1) and GAME.chance_moves(after) == []


def test_a_redraw_discards_then_draws_and_ends_the_turn() -> None:
    discarded = play(START, "DRAW W2B1", "REDRAW W0B1")
    assert [str(t) for t in discarded.discard] == ["W0B1"]
    assert discarded.legal_moves() == [] and discarded.unused(1) == "ES"
    assert [str(m) for m in GAME.chance_moves(discarded)][:1] == ["DRAW W0B2"]
    after = play(discarded, "DRAW W0B2")
    assert (after.to, after.phase, after.deck, len(after.hand(1))) == (2, "draw", 16, 5)


def test_an_exchange_swaps_one_tile_each_and_ends_the_turn() -> None:
    after = play(START, "DRAW W2B1", "EXCHANGE W0B1<>W5B1")
    assert [str(t) for t in after.hand(1)] == ["W1B2", "W2B0", "W2B1", "W3B1", "W5B1"]
    assert [str(t) for t in after.hand(2)] == ["W0B1", "W0B5", "W1B1", "W4B2"]
    assert (after.to, after.phase, after.unused(1)) == (2, "draw", "RS")


def test_legal_moves_order_places_redraws_exchanges_stacks() -> None:
    state = pos("w3 b5 W4=W4B0 hand1=W0B1,W1B0,W2B0,W4B1 hand2=W0B3 deck=10 m1=RES m2=RES "
                "to=1 phase=play home1=W")
    assert [str(m) for m in state.legal_moves()] == [
        "W2=W2B0", "W5=W1B0+W4B1",
        "REDRAW W0B1", "REDRAW W1B0", "REDRAW W2B0", "REDRAW W4B1",
        "EXCHANGE W0B1<>W0B3", "EXCHANGE W1B0<>W0B3", "EXCHANGE W2B0<>W0B3",
        "EXCHANGE W4B1<>W0B3",
        "STACK W4=W4B1",
    ]


# --- every BO-F code from play ---------------------------------------------------------------

PLAY = ("w3 b5 W2=W2B1 W4=W1B0+W3B2 hand1=W0B4,W2B0,W4B0,W5B0 hand2=W0B3,W1B1 deck=10 m1=RES "
        "m2=E to=1 phase=play home1=W discard=W1B3")


REDRAWN = PLAY.replace("phase=play", "phase=redraw").replace("m1=RES", "m1=ES")


@pytest.mark.parametrize(("position", "move", "code"), [
    (PLAY, "W4=W4B0", "BO-F1"),               # a filled position
    (PLAY, "W6=W2B0+W4B0", "BO-F1"),          # a gap (W5 first)
    (PLAY, "W3=W2B0+W1B1", "BO-F1"),          # the die's own value
    (PLAY, "W5=W4B0", "BO-F2"),               # four white pips for W5
    (PLAY, "B6=W0B4", "BO-F2"),
    (PLAY, "B6=W2B0", "BO-F3"),               # no black pips
    (PLAY, "W5=W4B0+W1B1", "BO-F4"),          # W4 holds 2: W5 takes 1 or 3
    (REDRAWN, "B4=W0B4", "BO-F5"),            # a Place in a turn with a Redraw
    (PLAY.replace("m1=RES", "m1=ES"), "REDRAW W0B4", "BO-F6"),  # a used marker
    (REDRAWN, "EXCHANGE W0B4<>W0B3", "BO-F6"),                  # two actions in one turn
    (REDRAWN, "STACK W4=W2B0+W2B1", "BO-F6"),
    (PLAY.replace("phase=play", "phase=draw"), "B4=W0B4", "BO-F7"),  # not drawing first
    (PLAY.replace("phase=play", "phase=draw"), "REDRAW W0B4", "BO-F7"),
    (PLAY, "DRAW W6B0", "BO-F7"),             # a second draw
    (PLAY, "B4=W0B2+W2B2", "BO-F7"),          # tiles not drawn (still in the deck)
    (PLAY, "STACK W4=W4B0", "BO-F8"),         # the wrong number of tiles
    (PLAY, "STACK W4=W2B0+W4B0", "BO-F8"),    # the wrong sum
    (PLAY, "STACK W5=W5B0", "BO-F8"),         # no such position
    (PLAY, "STACK B6=W0B4+W2B0", "BO-F8"),
    (PLAY, "W0=W0B4", "BO-F9"),               # below 1
    (PLAY, "B4=W2B1", "BO-F10"),              # a tile lying at W2
    (PLAY, "B4=W1B3", "BO-F10"),              # a tile on the discard pile
    (PLAY.replace("phase=play", "phase=draw"), "DRAW W2B1", "BO-F10"),
    (PLAY, "B4=W0B3+W1B1", "BO-F11"),         # the opponent's tiles
    (PLAY, "REDRAW W1B1", "BO-F11"),
    (PLAY, "W1=W0B4+W1B1", "BO-F11"),         # where and how many first, then whose
])
def test_every_f_code_from_play(position: str, move: str, code: str) -> None:
    assert code_of(position, move) == code


def test_a_legal_move_of_that_position() -> None:
    after = play(PLAY, "W5=W5B0")  # W4 holds 2 tiles: one tile is one fewer
    assert after.line("W").at(5) is not None and after.to == 2


def test_bo_f9_below_one_comes_before_any_other_check() -> None:
    state = pos("w1 b5 hand1=W1B0 hand2=W0B3 deck=10 m1=RES m2=RES to=1 phase=play home1=W")
    assert state.line("W").playable() == (2,)  # no low side next to a 1
    assert code_of(state, "W0=W1B0") == "BO-F9"


def test_actions_preconditions_no_f_rule_names() -> None:
    empty_deck = PLAY.replace("deck=10", "deck=0")
    assert pos(empty_deck).outcome is None  # the turn that emptied the deck goes on
    assert code_of(empty_deck, "REDRAW W0B4") == "BO-A2"
    assert code_of(PLAY, "EXCHANGE W0B4<>W6B0") == "BO-A2"  # not in player 2's hand
    assert code_of(PLAY, "EXCHANGE W0B4<>W2B0") == "BO-A2"  # the mover's own tile
    assert code_of(PLAY, "EXCHANGE W0B4<>W2B1") == "BO-F10"  # a tile in a line


def test_a_finished_game_refuses_moves_with_its_end_rule() -> None:
    over = play(X5, "W8=W1B1+W3B0+W4B2")
    assert code_of(over, "DRAW W5B1") == "BO-E2"
    assert code_of(over, "CONCEDE 1") == "BO-E2"


# --- concession, result -------------------------------------------------------------------------

def test_a_concession_ends_the_game_for_the_other_player() -> None:
    after = play(START, "CONCEDE 1")
    assert after.outcome == Outcome("win", "concession", 2)
    assert after.position().endswith(" conceded=1")
    assert pos(after.position()) == after
    assert "CONCEDE 1" not in [str(m) for m in pos(START).legal_moves()]
    assert GAME.counts_move("CONCEDE 1") is False and GAME.counts_move("DRAW W0B2") is False
    assert GAME.counts_move("W4=W1B0+W3B2") and GAME.counts_move("REDRAW W0B1")


def test_bo_p1_no_points() -> None:
    over = play(X5, "W8=W1B1+W3B0+W4B2")
    assert over.score(None) is None and over.score(100.0, over.outcome) is None
    assert GAME.end_text(over, over.outcome, None, None, 12) == \
        "player 1 wins (six positions) after 12 turns"  # type: ignore[arg-type]


# --- the count rule of each level (AMB-BO4) -----------------------------------------------------

@pytest.mark.parametrize(("regular", "distance", "neighbour", "counts"), [
    (True, 1, 0, (1, 2)), (False, 1, 0, (1, 2)),
    (True, 2, 1, (2,)), (True, 2, 2, (1, 3)), (True, 3, 3, (2, 4)),
    (False, 2, 1, (1, 2)), (False, 2, 2, (2, 3)), (False, 4, 3, (3, 4)),
])
def test_count_rules_bo_n3_and_amb_bo4(regular: bool, distance: int, neighbour: int,
                                       counts: tuple[int, ...]) -> None:
    assert allowed_counts(regular, distance, neighbour) == counts


# --- the discard pile (AMB-BO7) and the start (BO-S1, BO-S2) ------------------------------------

def test_amb_bo7_a_discarded_tile_is_out_of_play() -> None:
    discarded = play(START, "DRAW W2B1", "REDRAW W2B0", "DRAW W4B0")
    assert "discard=W2B0" in discarded.position()
    assert "DRAW W2B0" not in [str(m) for m in GAME.chance_moves(discarded)]
    assert code_of(discarded, "DRAW W2B0") == "BO-F10"
    turn = play(discarded, "DRAW W0B2")
    assert code_of(turn, "EXCHANGE W0B5<>W2B0") == "BO-F10"  # it lies on the discard pile


def test_bo_s1_s2_the_start_after_the_first_draw() -> None:
    import random

    state = GAME.random_start(REGULAR, random.Random(5))
    assert sorted((len(state.hand(1)), len(state.hand(2)))) == [4, 5]
    assert len(state.hand(state.to)) == 5 and state.phase == "play"
    assert state.deck == 17 and len(state.unseen()) == 18  # the deck and the tile set aside
    assert state.markers == ("RES", "RES") and state.home1 in ("W", "B")
    assert state.line("W").die != state.line("B").die  # BO-S4
    assert GAME.random_start(NOVICE, random.Random(5)).home1 is None
