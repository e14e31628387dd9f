"""What the camera shows of a 2 1 6 table, once it can be trusted: the grid's dice and the
dice in the tray. Shared by the set-up and the referee step.

A view is not trusted (the reason is returned instead) when it is not settled, the grid is not
the board's size, a die is below the confidence threshold, a die's value is unread on a board
whose values the camera reads, or a die's colour is unknown or not a colour in play. Dice
outside the grid and the tray (the players' supply) are not looked at.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.two_one_six.board import Board
from engine.games.two_one_six.layout import TRAY
from engine.games.two_one_six.lines import cell_name
from engine.table import Colour, Item, TableView, ViewStatus


@dataclass(frozen=True)
class Seen:
    """A trusted view: the grid row-major (None for an empty cell) and the tray's dice."""

    grid: tuple[Item | None, ...]
    tray: tuple[Item, ...]


def read_view(view: TableView, board: Board, min_confidence: float) -> Seen | str:
    """The view's grid and tray, or why it can't be trusted (a short OLED phrase)."""
    if view.status is not ViewStatus.SETTLED:
        return view.note or view.status.value.replace("_", " ")
    n = board.size
    if view.rows != n or any(len(row) != n for row in view.grid):
        return f"the grid must be seen as {n}x{n}"
    grid = tuple(d for row in view.grid for d in row)
    tray = view.zone(TRAY)
    return _doubt(grid, tray, board, min_confidence) or Seen(grid, tray)


def _doubt(grid: tuple[Item | None, ...], tray: tuple[Item, ...], board: Board,
           min_confidence: float) -> str:
    """Why these items can't be trusted, or ""."""
    named = [(cell_name(i, board.size), d) for i, d in enumerate(grid) if d is not None]
    named += [("the tray", d) for d in tray]
    for where, die in named:
        if die.face is None and board.reads_values:
            return f"straighten or reroll {where}"
        if die.confidence < min_confidence:
            return f"the die on {where} is hard to read"
        if die.colour is Colour.UNKNOWN:
            return f"the colour of {where} is unclear"
        if board.owner_of(die.colour) is None:
            return f"a {die.colour.value} die is not in this game ({where})"
    return ""
