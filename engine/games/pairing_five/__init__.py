"""Pairing Five (Fast Alone, rules PF-*).

Ten dice (one red) are placed one by one into five areas of two cells; every placement fires
its area's effect on the dice not yet placed; success when the tenth die is placed, which
leaves five pairs of five different values.
``GAME`` is the object the registry holds; the parts live in the package's modules: ``board``
(board data: the effect of each area, options), ``moves`` (dice and the move values),
``effects`` (what each effect allows), ``state`` (placements, effects, legality, end, score),
``notation`` (positions, moves, views as text), ``referee`` (the referee step), ``setup``,
``layout`` (the printed board).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.pairing_five.board import Board, Options
from engine.games.pairing_five.game import GAME, INFO, PairingFive
from engine.games.pairing_five.moves import AreaChange, Change, Die, Move, Place, SameReroll
from engine.games.pairing_five.notation import (
    parse_move,
    parse_position,
    view_from_text,
    view_to_text,
)
from engine.games.pairing_five.state import State

__all__ = [
    "GAME", "INFO", "AreaChange", "Board", "Change", "Die", "Move", "Options", "PairingFive",
    "Place", "SameReroll", "State", "parse_move", "parse_position", "view_from_text",
    "view_to_text",
]
