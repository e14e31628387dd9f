"""Shared test data of the 2 1 6 tests (not a test module): packaged boards and the worked
example of the rules (two-one-six.md, section 9)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.games import two_one_six as ts

BOARDS_DIR = Path(__file__).resolve().parents[2] / "calibration" / "boards"


def board_data(side: str = "6x6") -> dict[str, Any]:
    """The packaged board-definition dict of a side, read from the repository."""
    data: dict[str, Any] = json.loads((BOARDS_DIR / f"two-one-six-{side}.json").read_text())
    return data


def board(side: str = "6x6", **options: str) -> ts.Board:
    """The packaged board of ``side`` with ``options`` (``diagonals="on"``...)."""
    return ts.GAME.load_board(side, board_data(side), options)


def empty(size: int) -> str:
    """The grid text of an empty ``size`` x ``size`` grid."""
    return "/".join([".." * size] * size)


OWNERS = ["AAAAAA", "BBBBBB", "ABBBAB", "BBABBB", "AAAAAB", "AABBAA"]
VALUES = ["654321", "123456", "232323", "441166", "515151", "363636"]
"""TS-X1..X4: the worked example's owners and values, north to south."""

EXAMPLE_GRID = "/".join("".join(o + v for o, v in zip(owners, values, strict=True))
                        for owners, values in zip(OWNERS, VALUES, strict=True))
"""The example's full grid as position text."""

LAST_CELL = "r5c5"
BEFORE_LAST = EXAMPLE_GRID[:-2] + ".."
"""The example with its last cell (r5c5, A's 6) still empty."""


def example_end(**options: str) -> ts.State:
    """The example's full grid, reached by A's 6 on r5c5."""
    state = ts.GAME.parse_position(f"{BEFORE_LAST} to=A", board(**options))
    return state.play(ts.Place(0, 6, 5, 5))


def put(grid: str, r: int, c: int, token: str) -> str:
    """``grid`` (position or view grid text) with the two-character cell ``(r, c)`` replaced."""
    rows = grid.split("/")
    rows[r] = rows[r][:2 * c] + token + rows[r][2 * c + 2:]
    return "/".join(rows)
