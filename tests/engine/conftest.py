"""Shared fixtures of the engine tests: the two packaged Unification boards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.games import unification

BOARDS_DIR = Path(__file__).resolve().parents[2] / "calibration" / "boards"


def board_data(side: str) -> dict[str, Any]:
    """The packaged board-definition dict, read from the repository."""
    data: dict[str, Any] = json.loads((BOARDS_DIR / f"unification-{side}.json").read_text())
    return data


@pytest.fixture
def simple() -> unification.Board:
    return unification.GAME.load_board("simple", board_data("simple"))


@pytest.fixture
def complex_() -> unification.Board:
    return unification.GAME.load_board("complex", board_data("complex"))
