"""The registry of games: ``GAMES`` maps a registry name to its game module.

Explicit registry, no registration by import side effect. Every game module exposes ``INFO``,
``load_board``, ``parse_position``, ``parse_move``, ``setup_from_view``, ``view_to_text`` and
``view_from_text``; its states expose ``position``, ``legal_moves``, ``play``, ``outcome``,
``score`` and ``referee``. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from types import ModuleType

from engine.errors import UnknownGameError
from engine.games import unification
from engine.games.info import GameInfo

GAMES: dict[str, ModuleType] = {
    "unification": unification,
}


def find_game(name: str) -> ModuleType:
    """The game module registered as ``name``.

    Raises:
        UnknownGameError: the name is not in the registry; the message lists the known games.
    """
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGameError(f"unknown game {name!r}; known games: "
                               f"{', '.join(sorted(GAMES))}") from None


__all__ = ["GAMES", "GameInfo", "find_game"]
