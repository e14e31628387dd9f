"""One conformance test over every registered game, through the ``Game`` protocol alone
(OpenSpiel style): seeded random playouts from the game's own random starts.

No per-game code: a new game is picked up by the registry. The seeded ``random.Random`` picks
among ``legal_moves()``, whose entries carry the observed results (reroll faces, PM choices,
cube sides): the engine itself never rolls.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.game import AnyGame
from engine.games import GAMES
from engine.referee import Verdict
from engine.session import new_session
from engine.table import MIN_CONFIDENCE

BOARDS = Path(__file__).resolve().parents[2] / "calibration" / "boards"
PLAYOUTS = 15
MAX_MOVES = 40


def packaged_board(game: AnyGame, side: str) -> Any:
    data = json.loads((BOARDS / f"{game.info.name}-{side}.json").read_text(encoding="utf-8"))
    return game.load_board(side, data)


def boards() -> list[tuple[str, str]]:
    return [(name, side) for name, game in sorted(GAMES.items()) for side in game.info.sides]


def test_every_game_describes_itself() -> None:
    for name, game in GAMES.items():
        info = game.info
        assert info.name == name and info.sides and info.title
        assert 1 <= info.players[0] <= info.players[1]
        assert info.rule_prefix.isupper() and info.move_nouns[0] and info.counter


def _check_position(game: AnyGame, board: Any, state: Any) -> list[Any]:
    """The text round trip, the view round trip, and the moves that go on: while the game is
    on, a player has a legal move or the table brings one by chance (the next roll); once it
    is over, neither."""
    assert game.parse_position(state.position(), board) == state
    view = game.expected_view(state)
    assert game.view_from_text(game.view_to_text(view)) == view
    step = game.referee(state, view, None, MIN_CONFIDENCE)  # the table shows the position:
    assert step.judgement.verdict in (Verdict.UNCHANGED, Verdict.PENDING), (  # or waits for
        state.position(), step.judgement)                                   # an effect to apply
    legal = list(state.legal_moves())
    chance = list(game.chance_moves(state))
    assert not (legal and chance), state.position()
    assert (state.outcome is None) == bool(legal or chance), state.position()
    return legal or chance


def _playout(game: AnyGame, board: Any, rng: random.Random, tally: Counter[str]) -> None:
    state = game.random_start(board, rng)
    tally["starts"] += 1
    tally[f"start {state.position()}"] += 1
    for _ in range(MAX_MOVES):
        legal = _check_position(game, board, state)
        if not legal:
            tally["ended"] += 1
            return
        move = rng.choice(legal)
        assert game.parse_move(str(move), state) == move
        after = state.play(move)
        view = game.expected_view(after)
        j = game.referee(state, view, None, MIN_CONFIDENCE).judgement
        if view == game.expected_view(state):  # a reroll that kept its face: nothing to see
            assert j.verdict in (Verdict.UNCHANGED, Verdict.PENDING), (state.position(), j)
            tally["unseen"] += 1
        else:
            assert j.verdict in (Verdict.MOVE, Verdict.PENDING), (state.position(), str(move), j)
        if j.verdict is Verdict.MOVE:  # the move the referee saw leaves the same table
            assert game.expected_view(j.state) == view
            tally["seen"] += 1
        tally["moves"] += 1
        state = after


@pytest.mark.parametrize(("name", "side"), boards())
def test_random_playouts(name: str, side: str) -> None:
    game = GAMES[name]
    board = packaged_board(game, side)
    rng = random.Random(20261121)
    tally: Counter[str] = Counter()
    for _ in range(PLAYOUTS):
        _playout(game, board, rng, tally)
    assert tally["starts"] == PLAYOUTS
    assert len([k for k in tally if k.startswith("start ")]) > PLAYOUTS // 2  # random starts
    assert tally["moves"] >= PLAYOUTS  # each start is played on, most for many moves
    assert tally["seen"] >= tally["moves"] // 2  # the camera follows most moves by itself


@pytest.mark.parametrize(("name", "side"), boards())
def test_the_session_follows_a_random_game_from_its_views(name: str, side: str) -> None:
    """The one session sets the game up from the start's view and follows its moves."""
    game = GAMES[name]
    board = packaged_board(game, side)
    rng = random.Random(7)
    start = game.random_start(board, rng)
    session = new_session(name, side, board)
    session, events = session.observe(game.expected_view(start), 0.0)
    assert "setup" in [e.kind for e in events], session.status
    assert game.expected_view(session.state) == game.expected_view(start)
    state, t = start, 0.0
    for _ in range(MAX_MOVES):
        legal = list(state.legal_moves()) or list(game.chance_moves(state))
        if not legal or session.outcome is not None:
            break
        state = state.play(rng.choice(legal))
        t += 1.0
        session, events = session.observe(game.expected_view(state), t)
        if "move" in [e.kind for e in events]:
            assert game.expected_view(session.state) == game.expected_view(state)
            assert session.moves >= 1 and session.last_move is not None
        else:  # a move under way (a reroll showing its old face): the table stays as it was
            session, events = session.observe(game.expected_view(session.state), t + 0.5)
            state = session.state
    assert session.summary(t).startswith(f"{name}")
