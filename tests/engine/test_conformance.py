"""One conformance test over every registered game (OpenSpiel style): seeded random playouts.

The seeded ``random.Random`` only picks among ``legal_moves()``, whose entries carry the observed
results (reroll faces, PM choices): the engine itself never rolls.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from engine.games import GAMES
from engine.referee import Verdict

from .conftest import board_data


def _unification_start(rng: random.Random) -> str:
    cells = [str(rng.randint(1, 6)) for _ in range(9)]
    red = rng.randrange(9)
    cells[red] = "R" + cells[red]
    rows = ["".join(cells[r * 3:r * 3 + 3]) for r in range(3)]
    return f"{'/'.join(rows)} P={rng.randint(1, 6)} F=none"


# a random initial position for each game: a new game must add its own here
STARTS: dict[str, Callable[[random.Random], str]] = {"unification": _unification_start}
BOARDS: dict[str, Callable[[str], dict[str, Any]]] = {"unification": board_data}


def test_every_game_has_a_start_generator_and_info() -> None:
    assert set(STARTS) == set(GAMES)
    for name, module in GAMES.items():
        assert module.INFO.name == name and module.INFO.sides


def _playout(module: ModuleType, board: Any, rng: random.Random, max_moves: int) -> int:
    state = module.parse_position(STARTS[module.INFO.name](rng), board)
    for _ in range(max_moves):
        assert module.parse_position(state.position(), board) == state
        legal = state.legal_moves()
        assert (state.outcome is None) == bool(legal)
        if not legal:
            break
        move = rng.choice(legal)
        assert module.parse_move(str(move)) == move
        after = state.play(move)
        view = module.view_from_text(module.view_to_text(_camera(module, after)))
        judgement = state.referee(view)
        assert judgement.verdict in (Verdict.MOVE, Verdict.PENDING)
        state = after
    return 1


def _camera(module: ModuleType, state: Any) -> Any:
    grid, _, rest = state.position().partition(" P=")
    return module.view_from_text(f"{grid} P={rest.split()[0]}")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_playouts(name: str) -> None:
    module = GAMES[name]
    rng = random.Random(20261121)
    for side in module.INFO.sides:
        board = module.load_board(side, BOARDS[name](side))
        played = sum(_playout(module, board, rng, max_moves=40) for _ in range(15))
        assert played == 15
