"""Growing Nine (Fast Alone, rules GN-*).

Four dice start on the corners of a 4 x 4 grid; white dice whose top equals the red die's top
must roll, otherwise the red die rolls; a white die rolling onto a spawn cell makes the next
waiting die appear on the other cell of its pair; success when no die waits any more.
``GAME`` is the object the registry holds; the parts live in the package's modules: ``dice``
(orientation, rolling, tracking, README 3.3-3.4), ``board`` (board data and options), ``moves``,
``state`` (set-up, rolls, appearances, legality, end, score), ``notation``, ``seen`` (a view
reduced to what the rules use), ``setup`` (the set-up from the camera), ``referee`` (the referee
step), ``layout`` (the printed board).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.growing_nine.board import Board, Options
from engine.games.growing_nine.game import GAME, INFO, GrowingNine
from engine.games.growing_nine.moves import Circles, Move, Place, Roll
from engine.games.growing_nine.notation import (
    parse_move,
    parse_position,
    view_from_text,
    view_to_text,
)
from engine.games.growing_nine.state import Die, State

__all__ = [
    "GAME", "INFO", "Board", "Circles", "Die", "GrowingNine", "Move", "Options", "Place", "Roll",
    "State", "parse_move", "parse_position", "view_from_text", "view_to_text",
]
