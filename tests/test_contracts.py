"""The direction of imports holds: the import-linter contracts of pyproject.toml are kept, and
they do catch an import that breaks them.

``lint-imports`` is run from the interpreter's own environment (the dev extra installs it).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).parent / "lint-imports"


def lint_imports(where: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the pyproject.toml in ``where``, with its packages importable."""
    if not LINT.exists():
        pytest.fail(f"{LINT} is missing: install the dev extra (pip install -e '.[dev]')")
    env = {**os.environ, "PYTHONPATH": str(where)}
    return subprocess.run([str(LINT), "--no-cache"], cwd=where, env=env, capture_output=True,
                          text=True, timeout=120, check=False)


def test_the_import_contracts_are_kept() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


# one import that breaks each contract, in a tree of empty packages with the project's names
BREAKING = {
    "engine/rules.py": "import vision.top.pips\n",
    "vision/photo/finder.py": "import bench.report\n",
    "bench/report.py": "import device.app\n",
    "vision/top/pips.py": "import vision.board.dice\n",
    "vision/board/dice.py": "",
    "device/app.py": "",
}


def test_the_contracts_catch_an_import_that_breaks_them(tmp_path: Path) -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    for package in ("engine", "vision", "vision/top", "vision/board", "vision/photo",
                    "calibration", "bench", "device"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    for path, text in BREAKING.items():
        (tmp_path / path).write_text(text)
    (tmp_path / "pyproject.toml").write_text(_as_toml(config))
    result = lint_imports(tmp_path)
    assert result.returncode != 0
    for contract in config["contracts"]:
        assert f"{contract['name']} BROKEN" in result.stdout, result.stdout
    assert f"0 kept, {len(config['contracts'])} broken" in result.stdout, result.stdout


def _as_toml(config: dict[str, object]) -> str:
    """The ``[tool.importlinter]`` table back as TOML (strings and lists of strings only)."""
    def value(v: object) -> str:
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = ["[tool.importlinter]"]
    lines += [f"{k} = {value(v)}" for k, v in config.items() if k != "contracts"]
    for contract in config["contracts"]:  # type: ignore[attr-defined]
        lines += ["", "[[tool.importlinter.contracts]]"]
        lines += [f"{k} = {value(v)}" for k, v in contract.items()]
    return "\n".join(lines) + "\n"
