"""The button menu as a pure state machine: greeting -> game -> side, back and long-C, and
the two actions after the games: Calibrate (a game and a side, to calibrate) and Shut down."""

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
    assert _press(state, "B").screen() == Menu(
        "Game", ("Unification", "No Gaps", "Calibrate", "Shut down"), 0)


def test_choose_unification_complex() -> None:
    state = _press(MenuState(GAMES), "B B")
    assert state.screen() == Menu("Unification side", ("Simple", "Complex"), 0)
    state = _press(state, "A B")
    assert state.choice == ("unification", "complex")


def test_a_wraps_around_and_c_goes_back_to_the_same_game() -> None:
    state = _press(MenuState(GAMES), "B A")
    assert state.screen().index == 1
    assert _press(state, "A A A").screen().index == 0
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
    assert choices[0] == GAMES[0]  # Unification first, then the other games in registry order
    assert [c.name for c in choices] == list(REGISTRY)


def test_calibrate_chooses_a_game_and_a_side_to_calibrate() -> None:
    state = _press(MenuState(GAMES), "B A A B")
    assert state.purpose == "calibrate"
    assert state.screen() == Menu("Calibrate which game", ("Unification", "No Gaps"), 0)
    state = _press(state, "A B B")
    assert state.choice == ("no-gaps", "a") and state.purpose == "calibrate"
    back = _press(MenuState(GAMES), "B A A B C")  # C leaves the calibration list
    assert back.purpose == "play" and back.screen().items[back.index] == "Calibrate"


def test_shut_down_is_a_request_not_a_choice() -> None:
    state = _press(MenuState(GAMES), "B A A A B")
    assert state.request == "shutdown" and state.choice is None
