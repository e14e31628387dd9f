"""CubeCourier (rules CC-*): two players, eight three-colour cubes, a 3 x 3 board.

Players take turns placing, rolling or (to win) stacking a cube; whoever completes a chain of
one top colour between two opposite edges wins. ``GAME`` is the object the registry holds; the
parts live in the package's modules: ``cube`` (a cube's state and how it rolls), ``board``
(board data CC-D1, options), ``connection`` (the grid, the connection test, the announced
chain), ``moves`` (move values), ``state`` (legality, end, repetition), ``notation`` (position,
move and view text), ``reading`` (a view in the game's terms), ``referee`` (the referee step),
``setup`` (CC-S1, CC-S2), ``layout`` (the printed board), ``game`` (the contract's object).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.cubecourier.board import Board, ColourData, Options
from engine.games.cubecourier.cube import Cube, Stack
from engine.games.cubecourier.game import GAME, INFO, CubeCourier
from engine.games.cubecourier.moves import First, Move, Place, Remove, Repeat, Roll, StackMove
from engine.games.cubecourier.notation import (
    parse_move,
    parse_position,
    view_from_text,
    view_to_text,
)
from engine.games.cubecourier.state import State

__all__ = [
    "GAME", "INFO", "Board", "ColourData", "Cube", "CubeCourier", "First", "Move", "Options",
    "Place", "Remove", "Repeat", "Roll", "Stack", "StackMove", "State", "parse_move",
    "parse_position", "view_from_text", "view_to_text",
]
