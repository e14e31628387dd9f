"""engine/ is pure: standard library only, no vision/device/calibration, no clock, randomness
or file I/O (house rules)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN_MODULES = {"time", "random", "secrets", "datetime", "io", "os", "pathlib", "shutil",
                     "socket", "subprocess", "threading", "logging"}
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval", "__import__"}


def _imports(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def _allowed(module: str) -> bool:
    top = module.split(".")[0]
    if top == "engine":
        return True
    return top in sys.stdlib_module_names and top not in FORBIDDEN_MODULES


def test_engine_imports_only_the_standard_library() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) > 10
    bad = [f"{f.relative_to(ENGINE.parent)}: {m}" for f in files
           for m in _imports(ast.parse(f.read_text())) if not _allowed(m)]
    assert bad == []


def test_engine_calls_no_io_builtins() -> None:
    bad = []
    for f in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in FORBIDDEN_CALLS):
                bad.append(f"{f.name}:{node.lineno} {node.func.id}()")
    assert bad == []


def test_the_checker_catches_violations() -> None:
    tree = ast.parse("import numpy\nfrom vision import dice\nimport time\nfrom engine import x\n")
    assert [m for m in _imports(tree) if not _allowed(m)] == ["numpy", "vision", "time"]
