"""The button menu as a pure state machine: greeting -> game -> side, back and long-C."""

from __future__ import annotations

from device.menu import GameChoice, MenuState, games_from_registry
from device.screens import Greeting, Menu

GAMES = (GameChoice("unification", "Unification", ("simple", "complex")),
         GameChoice("no-gaps", "No Gaps", ("a", "b")))


def _press(state: MenuState, keys: str) -> MenuState:
    for key in keys.split():
        state = state.press(key)
    return state


def test_greeting_waits_for_b() -> None:
    state = MenuState(GAMES, version="0.1.0")
    assert state.screen() == Greeting("0.1.0")
    assert _press(state, "A C").screen() == Greeting("0.1.0")
    assert _press(state, "B").screen() == Menu("Game", ("Unification", "No Gaps"), 0)


def test_choose_unification_complex() -> None:
    state = _press(MenuState(GAMES), "B B")
    assert state.screen() == Menu("Unification side", ("Simple", "Complex"), 0)
    state = _press(state, "A B")
    assert state.choice == ("unification", "complex")


def test_a_wraps_around_and_c_goes_back_to_the_same_game() -> None:
    state = _press(MenuState(GAMES), "B A")
    assert state.screen().index == 1
    assert _press(state, "A").screen().index == 0
    back = _press(state, "B C")
    assert back.stage == "game" and back.index == 1 and back.choice is None
    assert _press(back, "C").stage == "greeting"


def test_long_c_returns_to_the_greeting_from_anywhere() -> None:
    state = _press(MenuState(GAMES, version="v"), "B A B A")
    assert _press(state, "C_LONG") == MenuState(GAMES, version="v")


def test_press_enum_members_work_by_value() -> None:
    from enum import Enum

    class Press(str, Enum):
        A = "A"
        B = "B"

    state = MenuState(GAMES).press(Press.B).press(Press.A)
    assert state.stage == "game" and state.index == 1


def test_games_from_registry_reads_info() -> None:
    from engine.games import GAMES as REGISTRY

    choices = games_from_registry(REGISTRY)
    assert choices[0] == GAMES[0]  # in the registry's order, Unification first
    assert [c.name for c in choices] == list(REGISTRY)
