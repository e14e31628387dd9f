"""The registry of games: ``GAMES`` maps a registry name to its ``Game`` object.

Explicit registry, no registration by import side effect: adding a game is its own package
under ``engine/games/``, its board files, and one line here. Every entry satisfies the
``engine.game.Game`` protocol (mypy checks the assignments below). Pure standard library;
imports only ``engine``.
"""

from __future__ import annotations

from engine.errors import UnknownGameError
from engine.game import AnyGame, Game
from engine.games import no_gaps, unification

_unification: Game[unification.Board, unification.State, unification.Move] = unification.GAME
_no_gaps: Game[no_gaps.Board, no_gaps.State, no_gaps.Move] = no_gaps.GAME

GAMES: dict[str, AnyGame] = {
    "unification": _unification,
    "no-gaps": _no_gaps,
}


def find_game(name: str) -> AnyGame:
    """The game registered as ``name``.

    Raises:
        UnknownGameError: the name is not in the registry; the message lists the known games.
    """
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGameError(f"unknown game {name!r}; known games: "
                               f"{', '.join(sorted(GAMES))}") from None


__all__ = ["GAMES", "find_game"]
