"""Helpers of the No Gaps tests: the packaged boards, positions built from a few parts, views."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from engine.errors import IllegalMoveError
from engine.games.no_gaps import GAME, Board, State, parse_move, parse_position, view_from_text
from engine.table import TableView

BOARDS_DIR = Path(__file__).resolve().parents[2] / "calibration" / "boards"
EMPTY = "/".join(["......"] * 6)
START = f"{EMPTY} used=- fresh=1,3,3,4,5,6 spent=- removed=- rerolls=0 last=-"  # NG-X1's roll


def board_data(side: str = "a") -> dict[str, object]:
    """The packaged board-definition dict of a side."""
    data: dict[str, object] = json.loads((BOARDS_DIR / f"no-gaps-{side}.json").read_text())
    return data


@cache
def board(side: str = "a", **options: str) -> Board:
    """The packaged board of a side, with options."""
    return GAME.load_board(side, board_data(side), options or None)


def grid(*cells: str, full: bool = False) -> str:
    """The grid text with ``cells`` (``"r0c1"``) covered, or with all but them if ``full``."""
    marked = {(int(c[1]), int(c[3])) for c in cells}
    rows = []
    for r in range(6):
        rows.append("".join("#" if ((r, c) in marked) != full else "." for c in range(6)))
    return "/".join(rows)


def position(grid_text: str = EMPTY, used: str = "-", fresh: str = "-", spent: str = "-",
             removed: str = "-", rerolls: int = 0, last: str = "-") -> str:
    return (f"{grid_text} used={used} fresh={fresh} spent={spent} removed={removed} "
            f"rerolls={rerolls} last={last}")


def state(text: str, side: str = "a") -> State:
    return parse_position(text, board(side))


def play(text: str, *moves: str, side: str = "a") -> State:
    """The state after playing ``moves`` from position ``text``."""
    s = state(text, side)
    for move in moves:
        s = s.play(parse_move(move, s.board))
    return s


def illegal(text: str, move: str, side: str = "a") -> tuple[str, str]:
    """(code, message) of the IllegalMoveError ``move`` raises from ``text``."""
    s = state(text, side)
    with pytest.raises(IllegalMoveError) as info:
        s.play(parse_move(move, s.board))
    assert info.value.position == s.position() and info.value.move
    return info.value.code, info.value.reason


def view(grid_text: str, fresh: str = "-", spent: str = "-", removed: str = "-",
         extra: str = "") -> TableView:
    """A settled camera view: ink on the grid's ``#`` cells, dice in the three zones."""
    text = f"{grid_text} fresh={fresh} spent={spent} removed={removed} {extra}".strip()
    return view_from_text(text)
