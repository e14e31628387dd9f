"""Every game's notation parsers, fuzzed: any text gives a value or a ``NotationError`` (a
clear message), never another exception; what parses prints back to the same value.

Through the ``Game`` protocol only, over the registry: a new game is fuzzed by itself.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import NotationError
from engine.games import GAMES

from .test_conformance import packaged_board

FUZZ = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def _samples(name: str) -> tuple[Any, Any, list[str], list[str], list[str]]:
    """A board, a start, and real position, move and view texts of the game to mutate."""
    game = GAMES[name]
    board = packaged_board(game, game.info.sides[0])
    rng = random.Random(3)
    positions, moves, views = [], [], []
    for _ in range(5):
        state = game.random_start(board, rng)
        positions.append(state.position())
        views.append(game.view_to_text(game.expected_view(state)))
        moves += [str(m) for m in list(state.legal_moves())[:6]]
    return board, game.random_start(board, random.Random(4)), positions, moves, views


def _texts(examples: list[str]) -> st.SearchStrategy[str]:
    """Arbitrary text, and the game's own texts with characters changed, cut or repeated."""
    alphabet = sorted(set("".join(examples)) | set(" =/,.-+?:[]^@0123456789\t\n"))

    @st.composite
    def mutated(draw: st.DrawFn) -> str:
        text = list(draw(st.sampled_from(examples)))
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(0, len(text)))
            how = draw(st.sampled_from(["insert", "delete", "replace", "cut"]))
            if how == "insert":
                text.insert(i, draw(st.sampled_from(alphabet)))
            elif how == "delete" and i < len(text):
                del text[i]
            elif how == "replace" and i < len(text):
                text[i] = draw(st.sampled_from(alphabet))
            elif how == "cut":
                text = text[:i]
        return "".join(text)

    return st.one_of(st.text(max_size=40), mutated())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_positions(name: str) -> None:
    game = GAMES[name]
    board, _, positions, _, _ = _samples(name)

    @FUZZ
    @given(_texts(positions))
    def check(text: str) -> None:
        try:
            state = game.parse_position(text, board)
        except NotationError as exc:
            assert str(exc)
            return
        assert game.parse_position(state.position(), board) == state

    check()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_moves(name: str) -> None:
    game = GAMES[name]
    _, start, _, moves, _ = _samples(name)

    @FUZZ
    @given(_texts(moves))
    def check(text: str) -> None:
        try:
            move = game.parse_move(text, start)
        except NotationError as exc:
            assert str(exc)
            return
        assert game.parse_move(str(move), start) == move

    check()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_views(name: str) -> None:
    game = GAMES[name]
    _, _, _, _, views = _samples(name)

    @FUZZ
    @given(_texts(views))
    def check(text: str) -> None:
        try:
            view = game.view_from_text(text)
        except NotationError as exc:
            assert str(exc)
            return
        assert game.view_from_text(game.view_to_text(view)) == view

    check()
