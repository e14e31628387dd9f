"""Every game's notation parsers, fuzzed: any text gives a value or a ``NotationError`` (a
clear message), never another exception; what parses prints back to the same value.

Through the ``Game`` protocol only, over the registry: a new game is fuzzed by itself.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import BoardDataError, NotationError
from engine.games import GAMES

from .test_conformance import BOARDS, packaged_board

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


JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-3, 40),
                              st.floats(allow_nan=True), st.text(max_size=6)),
                    lambda inner: st.one_of(st.lists(inner, max_size=3),
                                            st.dictionaries(st.text(max_size=4), inner,
                                                            max_size=3)),
                    max_leaves=5)


def _replace_at(data: Any, path: list[int], value: Any) -> Any:
    """``data`` with the node that ``path`` walks to (indices into keys or items) replaced."""
    if not path or not isinstance(data, dict | list) or not data:
        return value
    keys = list(data) if isinstance(data, dict) else list(range(len(data)))
    key = keys[path[0] % len(keys)]
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[key] = _replace_at(data[key], path[1:], value)
    return copy


@pytest.mark.parametrize(("name", "side"), [(n, g.info.sides[0]) for n, g in sorted(GAMES.items())])
def test_board_data(name: str, side: str) -> None:
    """Any board dict (the packaged one with one node replaced by any JSON value) loads or
    raises ``BoardDataError`` with a message: a hand-edited board file never crashes a command."""
    game = GAMES[name]
    original = json.loads((BOARDS / f"{name}-{side}.json").read_text(encoding="utf-8"))

    @FUZZ
    @given(st.lists(st.integers(0, 50), min_size=1, max_size=4), JSON,
           st.dictionaries(st.sampled_from(sorted(original.get("options", {})) + ["x"]),
                           st.text(max_size=6), max_size=2))
    def check(path: list[int], value: Any, options: dict[str, str]) -> None:
        try:
            game.load_board(side, _replace_at(original, path, value), options)
        except BoardDataError as exc:
            assert str(exc)

    check()
