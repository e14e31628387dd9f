"""Pairing Five on the OLED: the panel (the effect to apply, the dice left and the pairs made,
a reroll that kept its faces for the buttons, the areas at the end)."""

from __future__ import annotations

from engine.games.pairing_five import GAME, parse_position
from engine.session import Session

from .test_pairing_five_rules import load


def test_between_turns_the_dice_left_and_the_pairs_made() -> None:
    state = parse_position("A=R4+4 B=1+. C=6+. D=3+. E=5+. U=1,3,5,6 pending=-", load("basic"))
    panel = GAME.panel(state)
    assert panel.lines == ("unused 4, pairs 1/5",) and panel.offers == ()


def test_an_effect_to_apply_comes_first() -> None:
    state = parse_position("A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=A",
                           load("basic"))
    assert GAME.panel(state).lines == ("A: lower a die", "unused 9, pairs 0/5")
    assert GAME.panel(state).offers == ()


def test_a_pending_reroll_offers_the_faces_kept_and_the_session_takes_it() -> None:
    state = parse_position("A=R4+. B=1+. C=6+. D=3+. E=5+. U=3,3,4,5,6 pending=E",
                           load("basic"))
    (offer,) = GAME.panel(state).offers
    assert offer.move == "SAME_REROLL 3:3,3"
    session = Session(rules=GAME, side="basic", board=load("basic"), state=state)
    session, events = session.enter(offer.move, 5.0)
    assert session.state.pending is None and [e.kind for e in events] == ["move"]
    assert session.moves == 0        # an effect's result is not a move made


def test_at_the_end_each_area_its_dice_and_effect() -> None:
    state = parse_position("A=1+1 B=R4+4 C=6+6 D=3+3 E=5+5 U=- pending=-", load("basic"))
    panel = GAME.panel(state)
    assert panel.pages == (("A 1 1  lower", "B 4 4  raise", "C 6 6  flip", "D 3 3  reroll 1",
                            "E 5 5  reroll equals"),)
    assert panel.lines == ("unused 0, pairs 5/5",)
