"""Unification (Fast Alone, rules UN-*): the game module the registry exposes.

Nine dice (one red) in a 3 x 3 grid; a push die enters a line, the die pushed out gets its exit
slot's effect and becomes the next push die; success when the nine faces are equal.
This module only gathers the game's API; the parts live in ``unification_*`` modules.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.info import GameInfo
from engine.games.unification_board import Board, Options, Slot, load_board
from engine.games.unification_notation import (
    parse_move,
    parse_position,
    view_from_text,
    view_to_text,
)
from engine.games.unification_setup import setup_from_view
from engine.games.unification_state import Move, State

INFO = GameInfo(
    name="unification",
    title="Unification",
    players=1,
    sides=("simple", "complex"),
    rule_prefix="UN",
    observes="the nine grid dice (faces, which one is red) and the push die beside the grid",
)

__all__ = [
    "INFO", "Board", "Move", "Options", "Slot", "State", "load_board", "parse_move",
    "parse_position", "setup_from_view", "view_from_text", "view_to_text",
]
