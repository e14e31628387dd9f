"""A regular install carries every game package, the board files and the demo's recorded
sessions (``dicekeeper demo`` must work from ``pip install``, not only from a checkout)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from engine.games import GAMES

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q",
                    "-w", str(out)], check=True, capture_output=True)
    (wheel,) = out.glob("dicekeeper-*.whl")
    with zipfile.ZipFile(wheel) as z:
        return set(z.namelist())


def test_the_wheel_holds_every_game_and_its_boards(wheel_names: set[str]) -> None:
    for name, game in GAMES.items():
        package = type(game).__module__.rsplit(".", 1)[0].replace(".", "/")
        assert f"{package}/__init__.py" in wheel_names, name
        for side in game.info.sides:
            assert f"calibration/boards/{name}-{side}.json" in wheel_names, (name, side)


def test_the_wheel_holds_the_demo_sessions(wheel_names: set[str]) -> None:
    shipped = sorted(p.relative_to(ROOT).as_posix()
                     for p in (ROOT / "device" / "sessions").rglob("*") if p.is_file())
    assert shipped and set(shipped) <= wheel_names
