"""Unification notation: positions, moves and view texts parse, print and round-trip."""

from __future__ import annotations

import pytest

from engine.errors import NotationError
from engine.games.unification import (
    Board,
    Move,
    parse_move,
    parse_position,
    view_from_text,
    view_to_text,
)
from engine.table import Colour, Item, TableView, ViewStatus


@pytest.mark.parametrize("text", [
    "251/46R3/623 P=4 F=none", "4R33/162/546 P=2 F=W0", "R111/111/111 P=6 F=S2",
    "666/666/66R6 P=1 F=N1",
])
def test_position_round_trip(simple: Board, text: str) -> None:
    state = parse_position(text, simple)
    assert state.position() == text
    assert parse_position(state.position(), simple) == state


def test_position_fields(simple: Board) -> None:
    state = parse_position("251/46R3/623 P=4 F=E0", simple)
    assert state.cells == (2, 5, 1, 4, 6, 3, 6, 2, 3)
    assert state.red == 5 and state.push == 4 and str(state.forbidden) == "E0"
    assert parse_position("251/46R3/623 P=4", simple).forbidden is None


@pytest.mark.parametrize("text", [
    "", "251/46R3 P=4", "251/46R3/6230 P=4", "251/4613/623 P=4", "2R51/46R3/623 P=4",
    "251/46R3/623", "251/46R3/623 P=7", "251/46R3/623 P=4 F=X9", "251/46R3/623 P=4 Q=1",
    "251/46R7/623 P=4",
])
def test_bad_positions_raise_notation_error_with_an_example(simple: Board, text: str) -> None:
    with pytest.raises(NotationError):
        parse_position(text, simple)


@pytest.mark.parametrize(("text", "move"), [
    ("W0", Move("W", 0)), ("S2", Move("S", 2)), ("E1=5", Move("E", 1, 5)), (" n1 ", Move("N", 1)),
])
def test_moves_parse_and_print(text: str, move: Move) -> None:
    assert parse_move(text) == move
    assert parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["", "W3", "X0", "W0=7", "W0=", "W01", "push W0"])
def test_bad_moves(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text)


def test_view_text_round_trip_keeps_faces_colours_and_status() -> None:
    white, red = Colour.WHITE, Colour.RED
    view = TableView(
        grid=((Item(2), Item(5), Item(1)),
              (Item(4), None, Item(3, red)),
              (Item(None), Item(2, Colour.UNKNOWN), Item(3, white))),
        outside=(Item(4), Item(6, red)), status=ViewStatus.MOVING)
    text = view_to_text(view)
    assert text == "251/4.R3/?U23 P=4,R6 S=moving"
    assert view_from_text(text) == view
    assert view_to_text(view_from_text("251/46R3/623 P=-")) == "251/46R3/623 P=-"


def test_view_from_text_gives_full_confidence_settled_views() -> None:
    view = view_from_text("251/46R3/623 P=4")
    assert view.status is ViewStatus.SETTLED
    assert view.min_confidence() == 1.0
    assert view.grid[1][2] == Item(3, Colour.RED)
    assert view.outside == (Item(4),)


@pytest.mark.parametrize("text", ["", "25x/46R3/623 P=4", "251/46R3/623 P=9",
                                  "251/46R3/623 S=asleep", "251/46R3/623 Z=1"])
def test_bad_view_texts(text: str) -> None:
    with pytest.raises(NotationError):
        view_from_text(text)
