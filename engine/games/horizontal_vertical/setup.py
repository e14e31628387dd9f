"""Horizontal & Vertical set-up from a table view (HV-S1, FA-P1): a wiped board and the first
roll of the three dice settled in the roll zone. The session starts the countdown at that
view, as FA-P1 asks for HV.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.horizontal_vertical.board import Board
from engine.games.horizontal_vertical.marks import read_view
from engine.games.horizontal_vertical.state import State
from engine.games.horizontal_vertical.tray import faces
from engine.table import MIN_CONFIDENCE, TableView


def setup_from_view(view: TableView, board: Board,
                    min_confidence: float = MIN_CONFIDENCE) -> tuple[State | None, str]:
    """The initial state (empty grid, no pass, the roll seen) once the table shows a blank
    board and three dice in the roll zone, else (None, what to do)."""
    seen = read_view(view, board, min_confidence)
    if isinstance(seen, str):
        return None, seen
    if seen.ink:
        return None, f"wipe the board: ink at {min(seen.ink)}"
    if seen.ticks:
        return None, "wipe the pass boxes"
    if len(seen.dice) != 3:
        return None, "roll the three dice in the roll zone"
    return State(board, roll=faces(seen.dice)), ""


__all__ = ["setup_from_view"]
