"""Horizontal & Vertical (Fast Alone, rules HV-*).

Roll three dice; two of them pick a row and a column of a 5 x 5 grid labelled 2 to 6 (a 1 is a
wildcard that costs an X), the third is written in the crossing cell. Success when a row and a
column are full and meet their printed conditions.
``GAME`` is the object the registry holds; the parts live in the package's modules: ``spot``
(cells by label), ``conditions`` (the condition grammar), ``board`` (board data, options),
``dice`` (what a roll addresses), ``moves``, ``lines`` (line status), ``state`` (legality, end,
score), ``notation``, ``view_text``, ``tray`` (new roll or not), ``marks`` (reading a view,
explaining new ink), ``referee``, ``setup``, ``advisory`` (winnable, result boxes), ``layout``.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.horizontal_vertical.advisory import LineResult, line_results, winnable
from engine.games.horizontal_vertical.board import Board, Options
from engine.games.horizontal_vertical.game import GAME, INFO, HorizontalVertical
from engine.games.horizontal_vertical.moves import Move, Pass, RollSeen, Write
from engine.games.horizontal_vertical.notation import parse_move, parse_position
from engine.games.horizontal_vertical.spot import Spot
from engine.games.horizontal_vertical.state import State
from engine.games.horizontal_vertical.view_text import view_from_text, view_to_text

__all__ = [
    "GAME", "INFO", "Board", "HorizontalVertical", "LineResult", "Move", "Options", "Pass",
    "RollSeen", "Spot", "State", "Write", "line_results", "parse_move", "parse_position",
    "view_from_text", "view_to_text", "winnable",
]
