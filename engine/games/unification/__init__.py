"""Unification (Fast Alone, rules UN-*).

Nine dice (one red) in a 3 x 3 grid; a push die enters a line, the die pushed out gets its exit
slot's effect and becomes the next push die; success when the nine faces are equal.
``GAME`` is the object the registry holds; the parts live in the package's modules: ``board``
(board data, effects per exit slot, options), ``effects``, ``state`` (the push, legality, end,
score), ``notation``, ``referee`` (the referee step), ``setup``, ``layout`` (the printed board).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.unification.board import Board, Options, Slot
from engine.games.unification.game import GAME, INFO, Unification
from engine.games.unification.notation import (
    parse_move,
    parse_position,
    view_from_text,
    view_to_text,
)
from engine.games.unification.state import Move, State

__all__ = [
    "GAME", "INFO", "Board", "Move", "Options", "Slot", "State", "Unification", "parse_move",
    "parse_position", "view_from_text", "view_to_text",
]
