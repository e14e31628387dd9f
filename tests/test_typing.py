"""mypy (the project's strict settings over engine/, vision/ and device/) passes, and it does
catch a game that does not keep the ``Game`` contract when the registry holds it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MYPY = Path(sys.executable).parent / "mypy"


def mypy(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    if not MYPY.exists():
        pytest.fail(f"{MYPY} is missing: install the dev extra (pip install -e '.[dev]')")
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    return subprocess.run([str(MYPY), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, check=False)


def test_the_project_type_checks() -> None:
    result = mypy()
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_game_missing_part_of_the_contract_is_caught(tmp_path: Path) -> None:
    (tmp_path / "registry.py").write_text(
        "from engine.game import Game, GameBase\n"
        "from engine.games.unification import INFO, Board, Move, State\n\n\n"
        "class Careless(GameBase):  # a description, and nothing of the rules\n"
        "    info = INFO\n\n\n"
        "GAME: Game[Board, State, Move] = Careless()\n")
    result = mypy("--strict", "--no-incremental", "--follow-imports=silent", "registry.py",
                  cwd=tmp_path)
    assert result.returncode == 1
    assert "registry.py:9: error: Incompatible types in assignment" in result.stdout
    assert 'variable has type "Game[Board, State, Move]"' in result.stdout
