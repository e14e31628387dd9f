"""Yellow, the sixth die colour (PlayMe's Caterpillar): every game's view text prints a view
holding a yellow item, and the games whose colour table names every colour read it back as
yellow (``Y``; Bossa's lower-case ``y``).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from calibration.board_files import load_board_data
from engine.games import GAMES, find_game
from engine.table import Colour, Item, TableView

NAMED = ("two-one-six", "growing-nine", "cubecourier", "bossa", "playme", "pairing-five",
         "no-gaps", "horizontal-vertical")
"""The games whose view text has a letter for every ``Colour``."""


def _view_with_yellow(name: str) -> TableView:
    """A real view of the game (a random start's expected view) with one item made yellow,
    or with a yellow die put on the first cell when the view holds no item."""
    game = find_game(name)
    side = game.info.sides[0]
    board = game.load_board(side, load_board_data(name, side))
    view = game.expected_view(game.random_start(board, random.Random(7)))
    for r, row in enumerate(view.grid):
        for c, item in enumerate(row):
            if item is not None:
                return _with_cell(view, r, c, replace(item, colour=Colour.YELLOW))
    for i, (zone, items) in enumerate(view.zones):
        if items:
            zones = list(view.zones)
            zones[i] = (zone, (replace(items[0], colour=Colour.YELLOW), *items[1:]))
            return replace(view, zones=tuple(zones))
    return _with_cell(view, 0, 0, Item(3, Colour.YELLOW))


def _with_cell(view: TableView, r: int, c: int, item: Item) -> TableView:
    rows = [list(row) for row in view.grid]
    rows[r][c] = item
    return replace(view, grid=tuple(tuple(row) for row in rows))


def _colours(view: TableView) -> list[Colour]:
    return [item.colour for item in view.dice()]


@pytest.mark.parametrize("name", list(GAMES))
def test_a_yellow_item_prints_in_every_games_view_text(name: str) -> None:
    view = _view_with_yellow(name)
    assert Colour.YELLOW in _colours(view)
    text = find_game(name).view_to_text(view)
    assert text  # printed, not a KeyError on the new colour


@pytest.mark.parametrize("name", NAMED)
def test_games_that_name_every_colour_read_yellow_back(name: str) -> None:
    game = find_game(name)
    view = _view_with_yellow(name)
    again = game.view_from_text(game.view_to_text(view))
    assert _colours(again).count(Colour.YELLOW) == _colours(view).count(Colour.YELLOW) == 1
    assert game.view_to_text(again) == game.view_to_text(view)
