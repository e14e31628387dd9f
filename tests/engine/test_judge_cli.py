"""``dicekeeper moves`` / ``dicekeeper judge`` through device.cli.main, and engine.judge."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.cli import main
from engine.judge import judge, moves

from .conftest import board_data

EXAMPLE = "251/46R3/623 P=4 F=none"


@pytest.fixture(autouse=True)
def _packaged_boards_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))


def run_judge(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["judge", "unification", *argv]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # exactly one JSON object
    result: dict[str, object] = json.loads(out)
    return result


def test_legal_move(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_judge(capsys, "--side", "complex", "--position", EXAMPLE, "--move", "E0") == {
        "legal": True, "code": None, "message": "", "position": "4R33/162/546 P=2 F=W0",
        "outcome": None, "score": None}


def test_illegal_move_keeps_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_judge(capsys, "--side", "simple", "--position", EXAMPLE, "--move", "W1")
    assert result == {"legal": False, "code": "UN-F1", "message": "red die can't leave",
                      "position": EXAMPLE, "outcome": None, "score": None}
    result = run_judge(capsys, "--side", "simple", "--position", EXAMPLE, "--move", "W0=5")
    assert (result["legal"], result["code"]) == (False, "UN-F5")


@pytest.mark.parametrize(("start", "remaining", "score"), [
    ("3R33/333/343 P=3", "160", 4),   # red ends on r1c1: 2 minutes doubled
    ("333/3R33/343 P=3", "160", 2),   # red ends on r2c1
    ("333/3R33/343 P=3", None, None),  # no --remaining: no score
])
def test_success_and_score(capsys: pytest.CaptureFixture[str], start: str,
                           remaining: str | None, score: int | None) -> None:
    extra = ["--remaining", remaining] if remaining else []
    result = run_judge(capsys, "--side", "simple", "--position", start, "--move", "N1", *extra)
    assert (result["legal"], result["outcome"], result["score"]) == (True, "success", score)


def test_the_side_defaults_to_the_first_and_board_is_its_old_spelling(
        capsys: pytest.CaptureFixture[str]) -> None:
    default = run_judge(capsys, "--position", EXAMPLE, "--move", "W0")
    assert default["position"] == "425/46R3/623 P=2 F=E0"  # simple: INC1 on the 1 leaving E0
    old = run_judge(capsys, "--board", "complex", "--position", EXAMPLE, "--move", "W0")
    assert old["position"] == "425/46R3/623 P=3 F=E0"      # complex: PM2 on the 1 gives 3


def test_an_option_changes_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    after_w0 = "425/46R3/623 P=2 F=E0"
    # the die left through E0: the next push may not enter at E0; with the side scope, not E1
    slot = run_judge(capsys, "--position", after_w0, "--move", "E1=3")
    side = run_judge(capsys, "--option", "push_back_scope=side", "--position", after_w0,
                     "--move", "E1=3")
    assert (slot["legal"], side["legal"], side["code"]) == (True, False, "UN-F2")


def test_moves_lists_one_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "unification", "--side", "complex", "--position", EXAMPLE]) == 0
    lines = capsys.readouterr().out.split()
    assert len(lines) == 14 and lines[:3] == ["N0", "N1", "N2"] and "S1=6" in lines


@pytest.mark.parametrize(("argv", "words"), [
    (["judge", "unification", "--side", "simple", "--position", "25/46R3/623 P=4",
      "--move", "W0"], "row 0"),
    (["judge", "unification", "--side", "simple", "--position", EXAMPLE, "--move", "Q9"],
     "entry side"),
    (["judge", "unification", "--side", "simple", "--position", EXAMPLE, "--move", "E1"],
     "needs the observed result"),
    (["moves", "chess", "--side", "white", "--position", EXAMPLE], "unknown game 'chess'"),
    (["moves", "unification", "--side", "medium", "--position", EXAMPLE], "known sides"),
    (["moves", "unification", "--option", "speed=fast", "--position", EXAMPLE],
     "unknown option 'speed'"),
    (["moves", "unification", "--option", "push_back_scope", "--position", EXAMPLE],
     "NAME=VALUE"),
    (["judge", "unification", "--position", EXAMPLE, "--move", "W0", "--remaining", "nan"],
     "from 0 up"),
    (["judge", "unification", "--position", EXAMPLE, "--move", "W0", "--remaining", "inf"],
     "from 0 up"),
    (["judge", "unification", "--position", EXAMPLE, "--move", "W0", "--remaining", "-5"],
     "from 0 up"),
    (["judge", "unification", "--position", EXAMPLE, "--move", "W0", "--remaining", "301"],
     "more than the game's timer (300 s)"),
    (["moves", "unification", "--side", "x" * 300, "--position", EXAMPLE], "bad board side"),
])
def test_bad_input_exits_2_with_a_message(capsys: pytest.CaptureFixture[str], argv: list[str],
                                          words: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and words in captured.err


def test_engine_judge_directly() -> None:
    from engine.games.unification import GAME
    board = GAME.load_board("simple", board_data("simple"))
    assert moves("unification", board, "111/1R11/121 P=6 F=S1")[:2] == ["N0", "N1"]
    result = judge("unification", board, "111/1R11/121 P=1 F=none", "S1", remaining=100.0)
    assert (result["legal"], result["code"], result["score"]) == (False, "UN-F3", None)
