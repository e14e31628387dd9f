"""No Gaps (Fast Alone, rules NG-*).

Six dice; a fresh die draws an unused tile of its face into a 6 x 6 grid (or a 6 is set aside);
when no fresh die is left, every spent die is rerolled (four times at most). Success when all 36
cells are covered. ``GAME`` is the object the registry holds; the parts live in the package's
modules: ``shapes`` (tile geometry as bit masks), ``board`` (the tile chart, reroll boxes,
options), ``moves``, ``state`` (the actions, legality, end, score), ``notation``, ``advisory``
("no longer winnable"), ``picture`` (what the camera sees), ``referee`` (the referee step),
``setup``, ``layout`` (the printed board). Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.no_gaps.advisory import hopeless_reason, no_longer_winnable
from engine.games.no_gaps.board import Board, Options, Tile
from engine.games.no_gaps.game import GAME, INFO, NoGaps
from engine.games.no_gaps.moves import Aside, Draw, Move, Reroll
from engine.games.no_gaps.notation import (
    parse_move,
    parse_position,
    view_from_text,
    view_to_text,
)
from engine.games.no_gaps.state import State

__all__ = [
    "GAME", "INFO", "Aside", "Board", "Draw", "Move", "NoGaps", "Options", "Reroll", "State",
    "Tile", "hopeless_reason", "no_longer_winnable", "parse_move", "parse_position",
    "view_from_text", "view_to_text",
]
