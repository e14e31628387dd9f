"""Helpers shared by the PlayMe tests: the packaged board (with options), positions, moves
played by their text, refusals, rows completed, and views written row by row."""

from __future__ import annotations

import re

import pytest

from engine.errors import IllegalMoveError
from engine.games.playme import GAME, Board, State, parse_move, parse_position, view_from_text
from engine.table import TableView

from .test_conformance import BOARDS

BOARD_DATA = (BOARDS / "playme-standard.json").read_text(encoding="utf-8")


def board(**options: str) -> Board:
    """The packaged board with ``options`` (``--option`` texts) over the file's."""
    import json

    return GAME.load_board("standard", json.loads(BOARD_DATA), options or None)


BOARD = board()


def pos(text: str, on: Board = BOARD) -> State:
    return parse_position(text, on)


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = state.play(parse_move(text, state))
    return state


def refused(state: State, move: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        state.play(parse_move(move, state))
    return info.value


def complete(state: State, p: int) -> State:
    """``p`` advances until their row is complete (every Advance must be legal)."""
    return play(state, *(f"ADV P{p} {k}" for k in range(len(state.row(p)) + 1, 7)))


def win_round(state: State, p: int) -> State:
    """``p`` completes their row and claims (from a round under way)."""
    return play(complete(state, p), f"CLAIM P{p}")


def moves_of(state: State) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def view_text(*rows: str, extra: str = "tile=tW") -> str:
    """A view text from the rows as written (``"B1B2"``), each padded to six cells with
    ``.``, six rows in all, then the zone fields ``extra``."""
    padded = []
    for i in range(6):
        row = rows[i] if i < len(rows) else ""
        cells = len(re.findall(r"[tci][KRWBGU]|[KRWBGU][0-9?]|\.", row))
        padded.append(row + "." * (6 - cells))
    return "/".join(padded) + (f" {extra}" if extra else "")


def view(*rows: str, extra: str = "tile=tW") -> TableView:
    return view_from_text(view_text(*rows, extra=extra))
