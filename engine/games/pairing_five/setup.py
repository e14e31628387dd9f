"""Pairing Five set-up from a table view (PF-S1): the ten dice rolled into the unused zone,
one of them red, no die in the areas. The first such settled view starts the game and its
countdown (FA-P1: "the ten dice are first seen settled beside the board").

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.pairing_five.board import AREAS, DICE, Board
from engine.games.pairing_five.moves import Die, canonical
from engine.games.pairing_five.notation import UNUSED_ZONE
from engine.games.pairing_five.state import State
from engine.table import MIN_CONFIDENCE, Colour, ItemKind, TableView

PALETTE = (Colour.WHITE, Colour.RED)


def setup_from_view(view: TableView, board: Board,
                    min_confidence: float = MIN_CONFIDENCE) -> tuple[State | None, str]:
    """The starting position once the ten dice lie settled in the unused zone, else (None,
    what to do: "roll the ten dice into the unused zone: 7 seen", ...)."""
    ok, why = view.is_trustworthy(min_confidence)
    if not ok:
        return None, why
    items = view.dice()
    if any(d.kind is not ItemKind.DIE or d.colour not in PALETTE
           or d.face not in range(1, 7) for d in items):
        return None, "a die's colour or face is unclear"
    if any(d.stacked for d in items):
        return None, "a die lies on another"
    if any(d is not None for row in view.grid for d in row):
        return None, "clear the areas: every die starts unused"
    unused = view.zone(UNUSED_ZONE)
    if len(unused) != DICE or len(items) != DICE:
        return None, f"roll the ten dice into the unused zone: {len(unused)} seen there"
    reds = sum(d.is_red for d in unused)
    if reds != 1:
        return None, "one of the ten dice must be the red one"
    dice = canonical(Die(int(d.face or 0), d.is_red) for d in unused)
    return State(board, tuple((None, None) for _ in AREAS), dice), ""
