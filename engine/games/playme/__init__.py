"""PlayMe: Alice in Wonderdice (rules PM-*), a real-time dice race for 2 to 6 players.

Each player builds the run 1-2-3-4-5-6 above their character card while the others block it;
two round wins win, or, once everybody has won once, a Jabberwock phase of all against one.
``GAME`` is the object the registry holds; the parts live in the package's modules:
``characters`` and ``zones`` (names), ``options``, ``board`` (board data PM-D1/D2), ``dice``
(dice and rows), ``moves``, ``position`` (the data and the abilities), ``actions`` (the row
actions and their warnings), ``rounds`` (claims, round wins, phases, the end), ``state`` (the
contract's state: legal moves, play), ``printing`` and ``notation`` (text),
``view_text``, ``reading`` (a view in game terms), ``explain`` (the events behind the rows
seen), ``referee`` (the referee step), ``setup``, ``layout`` (the printed board),
``scoreboard`` (what the OLED shows of each seat), ``game``.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.playme.board import Board
from engine.games.playme.game import GAME, INFO, PlayMe
from engine.games.playme.moves import Move
from engine.games.playme.notation import parse_move, parse_position
from engine.games.playme.state import State
from engine.games.playme.view_text import view_from_text, view_to_text

__all__ = ["GAME", "INFO", "Board", "Move", "PlayMe", "State", "parse_move", "parse_position",
           "view_from_text", "view_to_text"]
