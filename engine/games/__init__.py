"""The registry of games: ``GAMES`` maps a registry name to its ``Game`` object.

Explicit registry, no registration by import side effect: adding a game is its own package
under ``engine/games/``, its board files, and one line here (its typed assignment lets mypy
check the game against the ``engine.game.Game`` protocol). The order is the menu's. Pure
standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.errors import UnknownGameError
from engine.game import AnyGame, Game
from engine.games import (
    bossa,
    cubecourier,
    growing_nine,
    horizontal_vertical,
    no_gaps,
    pairing_five,
    playme,
    two_one_six,
    unification,
)

_unification: Game[unification.Board, unification.State, unification.Move] = unification.GAME
_growing_nine: Game[growing_nine.Board, growing_nine.State, growing_nine.Move] = growing_nine.GAME
_no_gaps: Game[no_gaps.Board, no_gaps.State, no_gaps.Move] = no_gaps.GAME
_horizontal_vertical: Game[
    horizontal_vertical.Board, horizontal_vertical.State, horizontal_vertical.Move
] = horizontal_vertical.GAME
_pairing_five: Game[pairing_five.Board, pairing_five.State, pairing_five.Move] = pairing_five.GAME
_cubecourier: Game[cubecourier.Board, cubecourier.State, cubecourier.Move] = cubecourier.GAME
_two_one_six: Game[two_one_six.Board, two_one_six.State, two_one_six.Move] = two_one_six.GAME
_bossa: Game[bossa.Board, bossa.State, bossa.Move] = bossa.GAME
_playme: Game[playme.Board, playme.State, playme.Move] = playme.GAME

GAMES: dict[str, AnyGame] = {
    "unification": _unification,
    "growing-nine": _growing_nine,
    "no-gaps": _no_gaps,
    "horizontal-vertical": _horizontal_vertical,
    "pairing-five": _pairing_five,
    "cubecourier": _cubecourier,
    "two-one-six": _two_one_six,
    "bossa": _bossa,
    "playme": _playme,
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
