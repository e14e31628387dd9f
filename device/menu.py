"""The button menu: greeting -> choose a game -> choose a board side (pure state machine).

Buttons: A = up/next, B = select, C = back, long C = back to the top (the greeting). Each press
gives a new immutable ``MenuState``; ``screen()`` says what the OLED shows and ``choice`` is the
chosen ``(game, side)`` once the player has picked a side. After the games the list holds
"Calibrate" (then a game and a side are chosen the same way, with ``purpose`` "calibrate") and
"Shut down" (``request`` "shutdown": the app asks to confirm).

May import: the standard library, ``device.screens`` and ``engine`` (the game descriptions).
Button names are compared by value ("A", "B", "C", "C_LONG"), so ``device.buttons.Press``
members work as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from device.screens import Greeting, Menu
from engine.game import AnyGame

CALIBRATE, SHUT_DOWN = "Calibrate", "Shut down"
ACTIONS = (CALIBRATE, SHUT_DOWN)   # after the games in the list


@dataclass(frozen=True)
class GameChoice:
    """One game the menu offers: registry name, title shown, board sides."""

    name: str
    title: str
    sides: tuple[str, ...]


@dataclass(frozen=True)
class MenuState:
    """Where the player is in the menu.

    Attributes:
        games: what can be chosen.
        version: shown on the greeting.
        stage: ``"greeting"``, ``"game"`` or ``"side"``.
        index: highlighted item of the current list.
        game: the game chosen so far (in the ``"side"`` stage).
        choice: ``(game, side)`` once chosen; the app then starts the game (or calibrates
            its board).
        purpose: ``"play"``, or ``"calibrate"`` once "Calibrate" was chosen.
        request: ``"shutdown"`` once "Shut down" was chosen, else None.
    """

    games: tuple[GameChoice, ...]
    version: str = ""
    stage: str = "greeting"
    index: int = 0
    game: GameChoice | None = None
    choice: tuple[str, str] | None = None
    purpose: str = "play"
    request: str | None = None

    def press(self, key: object) -> MenuState:
        """The state after one button press (unknown keys change nothing)."""
        name = getattr(key, "value", key)
        if name == "C_LONG":
            return MenuState(games=self.games, version=self.version)
        if self.stage == "greeting":
            return replace(self, stage="game", index=0) if name == "B" else self
        if name == "A":
            return replace(self, index=(self.index + 1) % len(self._items()))
        if name == "C":
            return self._back()
        if name == "B":
            return self._select()
        return self

    def calibrating(self) -> MenuState:
        """The list of games whose board to calibrate."""
        return MenuState(games=self.games, version=self.version, stage="game",
                         purpose="calibrate")

    def screen(self) -> Greeting | Menu:
        """The screen model of this state."""
        if self.stage == "greeting":
            return Greeting(self.version)
        if self.stage == "game":
            title = "Calibrate which game" if self.purpose == "calibrate" else "Game"
        else:
            title = f"{self.game.title if self.game else ''} side"
        return Menu(title=title, items=tuple(self._items()), index=self.index)

    def _items(self) -> list[str]:
        if self.stage == "game":
            actions = list(ACTIONS) if self.purpose == "play" else []
            return [g.title for g in self.games] + actions
        return [s.capitalize() for s in (self.game.sides if self.game else ())]

    def _back(self) -> MenuState:
        if self.stage == "side":
            return replace(self, stage="game", index=self.games.index(self.game), game=None)
        if self.purpose == "calibrate":
            return replace(MenuState(games=self.games, version=self.version), stage="game",
                           index=len(self.games) + ACTIONS.index(CALIBRATE))
        return MenuState(games=self.games, version=self.version)

    def _select(self) -> MenuState:
        if self.stage == "game" and self.index >= len(self.games):
            action = ACTIONS[self.index - len(self.games)]
            return self.calibrating() if action == CALIBRATE else replace(self,
                                                                          request="shutdown")
        if self.stage == "game":
            return replace(self, stage="side", index=0, game=self.games[self.index])
        assert self.game is not None  # stage "side" is only entered with a game
        return replace(self, choice=(self.game.name, self.game.sides[self.index]))


def games_from_registry(registry: Mapping[str, AnyGame]) -> tuple[GameChoice, ...]:
    """Menu entries for the engine's ``GAMES`` registry, in its order."""
    return tuple(GameChoice(name=name, title=game.info.title, sides=game.info.sides)
                 for name, game in registry.items() if game.info.sides)
