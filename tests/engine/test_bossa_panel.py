"""What Bossa adds to the OLED (engine.games.bossa.panel): both lines, the hands and the deck,
the action markers as they lie, what the buttons may enter, the pages at the end."""

from __future__ import annotations

from engine.games.bossa import GAME, State, parse_move, parse_position
from engine.games.bossa.panel import line_text

from .test_conformance import packaged_board

REGULAR = packaged_board(GAME, "regular")
# BO-X1's table after a few turns: W2 and W4 filled around die 3, B6 beyond die 5, W4 stacked
MIDGAME = ("w3 b5 W2=W2B1 W4=W1B0+W3B2/W2B0+W2B2 B6=W0B4+W1B2 hand1=W0B2 "
           "hand2=W0B3,W1B1,W4B1,W5B0 deck=12 m1=RE m2=RES to=2 phase=draw home1=W "
           "discard=W1B3")


def pos(text: str) -> State:
    return parse_position(text, REGULAR)


def test_the_lines_hands_and_deck_in_two_short_lines():
    panel = GAME.panel(pos(MIDGAME))
    assert panel.lines == ("W2<3>4 B5>6", "hands 1/4 deck 12")
    start = pos("w3 b5 hand1=W0B4,W1B0,W2B0,W2B1,W3B2 hand2=W0B3,W1B1,W4B1,W5B0 deck=17 "
                "m1=RES m2=RES to=1 phase=play home1=W")
    assert GAME.panel(start).lines == ("W3 B5", "hands 5/4 deck 17")
    long = pos("w3 b5 W1=W1B0 W2=W2B1 W4=W4B0 W5=W1B2+W4B1 hand1=W0B2 hand2=W0B3 "
               "deck=8 m1=- m2=- to=1 phase=draw home1=W")
    assert line_text(long.line("W")) == "W1<3>5" and line_text(long.line("B")) == "B5"


def test_the_markers_lie_as_on_the_table_the_movers_row_marked():
    sketch = GAME.panel(pos(MIDGAME)).sketch
    assert sketch is not None
    assert sketch.rows == ("RES", "RE.")             # player 2 north, player 1's Stack used
    assert sketch.marked == {(0, 0), (0, 1), (0, 2)}  # player 2 to act


def test_before_a_draw_the_buttons_offer_the_draws_then_the_concessions():
    state = pos(MIDGAME)
    offers = GAME.panel(state).offers
    draws = [o.move for o in offers if o.move.startswith("DRAW")]
    assert draws == [str(m) for m in GAME.chance_moves(state)] and len(draws) == 14
    assert [(o.label, o.move) for o in offers[-2:]] == [("P2 concedes", "CONCEDE 2"),
                                                         ("P1 concedes", "CONCEDE 1")]
    for offer in offers:                              # every offer is a move the rules take
        state.play(parse_move(offer.move))


def test_after_the_draw_the_legal_moves_in_their_order():
    state = pos(MIDGAME).play(parse_move("DRAW W0B6"))
    offers = GAME.panel(state).offers
    assert [o.move for o in offers[:-2]] == [str(m) for m in state.legal_moves()]
    assert any(o.move.startswith("EXCHANGE") for o in offers)
    assert all(o.label == o.move for o in offers[:-2])


def test_the_end_pages_each_line_and_the_hands():
    state = pos("w3 b5 W2=W2B1 W4=W4B0 W5=W1B0+W4B1 W6=W6B0 W7=W2B0+W5B0 hand1=W0B2,W0B3 "
                "hand2=W0B1,W1B1,W3B0,W4B2 deck=8 m1=RES m2=- to=2 phase=play home1=W")
    done = state.play(parse_move("W8=W1B1+W3B0+W4B2"))
    assert done.outcome is not None and done.outcome.winner == 1
    panel = GAME.panel(done)
    assert panel.offers == ()
    assert panel.pages[0] == ("white line, die 3", "2: W2B1", "4: W4B0", "5: W1B0+W4B1",
                              "6: W6B0")
    assert panel.pages[1] == ("white line, die 3", "7: W2B0+W5B0", "8: W1B1+W3B0+W4B2")
    assert panel.pages[2] == ("black line, die 5", "no tiles")
    assert panel.pages[3] == ("hands", "P1: W0B2 W0B3", "P2: W0B1", "deck 8, discard 0")
    assert panel.sketch is not None and panel.sketch.marked == frozenset()
