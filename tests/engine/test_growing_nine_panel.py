"""Growing Nine on the OLED: the panel (queue and red's top, who rolls, the GN-E5 declaration
for the buttons, the grid as it ended)."""

from __future__ import annotations

from dataclasses import replace

from engine.games.growing_nine import GAME, parse_position
from engine.panel import Panel
from engine.session import new_session

from .test_growing_nine_referee import board

X1 = "r0c0=R321 r0c3=W5 r3c0=W315 r3c3=W2 q=614253"


def test_during_play_the_queue_red_and_the_dice_that_must_roll() -> None:
    panel = GAME.panel(parse_position(X1, board()))
    assert panel.lines == ("queue 6, red 3", "roll r3c0")     # GN-X1: W2 matches red's 3
    assert [(o.label, o.move) for o in panel.offers] == [("going round in circles", "circles")]


def test_red_rolls_when_nothing_matches() -> None:
    after = parse_position("r0c0=R321 r0c3=W5 r2c0=W635 r3c3=W2 q=614253", board())
    assert after.matching() == ()   # GN-X1 step 2: W2 rolled to 6, red shows 3
    assert GAME.panel(after).lines[1] == "red rolls"


def test_the_offered_declaration_ends_the_game_as_gn_e5() -> None:
    """The offer is a move the session takes from the buttons: GN-E5, score minus the queue."""
    session = replace(new_session("growing-nine", "a", board()),
                      state=parse_position(X1, board()))
    offer = GAME.panel(session.state).offers[0]
    session, events = session.enter(offer.move, 10.0)
    assert session.outcome is not None and session.outcome.reason == "GN-E5"
    assert session.score == -6 and [e.kind for e in events][-1] == "end"


def test_at_the_end_the_grid_and_the_waiting_dice_on_a_page() -> None:
    state = parse_position("r0c3=R4 r1c0=W412 r3c3=W1 q=653", board())
    ended = state.play(GAME.parse_move("r1c0 N", state))    # GN-E3: r3c3 is occupied
    panel = GAME.panel(ended)
    assert ended.outcome is not None and ended.outcome.reason == "GN-E3"
    assert panel.lines == ("queue 3, red 4",) and panel.offers == ()
    assert panel.pages == (("W6 . . R4", ". . . .", ". . . .", ". . . W1", "waiting 653"),)


def test_while_setting_up_the_status_has_the_room() -> None:
    """The referee's status says how far the placing is ("set up: 2/4 spawn cells, ...")."""
    rolled = parse_position("rolled R3 W122334556", board())
    assert GAME.panel(rolled) == Panel()
