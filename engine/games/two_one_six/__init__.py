"""2 1 6 (rules TS-*): players take turns rolling one die and putting its value, as a die of
their colour, on any empty cell of the grid; when it is full each row and column (and with the
variants the diagonals and the largest area) scores for the player who holds most of it.

``GAME`` is the object the registry holds; the parts live in the package's modules: ``board``
(board data), ``options`` (variants and interpretations), ``lines`` (cells and lines),
``scoring`` (domination, totals, tally), ``state`` (moves, legality, end), ``notation``,
``seen`` (a trusted view), ``referee`` (the referee step), ``setup``, ``layout`` (the printed
board), ``game``.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.two_one_six.board import Board
from engine.games.two_one_six.game import GAME, INFO, TwoOneSix
from engine.games.two_one_six.lines import Entry
from engine.games.two_one_six.notation import (
    parse_move,
    parse_position,
    view_from_text,
    view_to_text,
)
from engine.games.two_one_six.options import Options
from engine.games.two_one_six.state import Move, Place, Roll, Start, State

__all__ = [
    "GAME", "INFO", "Board", "Entry", "Move", "Options", "Place", "Roll", "Start", "State",
    "TwoOneSix", "parse_move", "parse_position", "view_from_text", "view_to_text",
]
