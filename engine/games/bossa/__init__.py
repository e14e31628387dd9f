"""Bossa (rules BO-*): two players lay dot tiles beside a white die and a black die so that the
pips of one colour count on from the die's value.

``GAME`` is the object the registry holds; the parts live in the package's modules: ``tiles``
(the 27 tiles), ``board`` (rule level, board data, options), ``lines`` (positions, filling
order, count rule), ``moves``, ``tilesets`` (which tile sets fit a position), ``state`` (the
turn, legality, the end), ``notation`` (positions and moves as text), ``zones`` (where things
lie on the board), ``pieces`` (pieces as camera items, the view a position gives),
``view_text``, ``reading`` (a view in the game's terms), ``referee`` (the referee step),
``setup``, ``layout`` (the printed board) and ``panel`` (what the OLED shows).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.bossa.board import Board, Options
from engine.games.bossa.game import GAME, INFO, Bossa
from engine.games.bossa.moves import Concede, Draw, Exchange, Move, Place, Redraw, StackMove
from engine.games.bossa.notation import parse_move, parse_position
from engine.games.bossa.state import State
from engine.games.bossa.tiles import TILES, Tile
from engine.games.bossa.view_text import view_from_text, view_to_text

__all__ = [
    "GAME", "INFO", "TILES", "Board", "Bossa", "Concede", "Draw", "Exchange", "Move",
    "Options", "Place", "Redraw", "StackMove", "State", "Tile", "parse_move", "parse_position",
    "view_from_text", "view_to_text",
]
