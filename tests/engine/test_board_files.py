"""Board-definition files: packaged defaults, user overrides, and clear errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from calibration.board_files import BoardFileError, load_board, load_board_data
from engine.errors import BoardDataError, EngineError, UnknownGameError
from engine.games import GAMES, find_game
from engine.games import unification as un
from engine.games.unification import Slot

from .conftest import board_data


@pytest.fixture(autouse=True)
def _no_user_boards(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def test_packaged_defaults_match_un_d2_and_un_d3() -> None:
    simple = load_board("unification", "simple")
    complex_ = load_board("unification", "complex")
    assert [simple.effects(Slot(s, 1)) for s in "NESW"] == [
        ("DEC1",), ("INC1",), ("FLIP",), ("REROLL",)]
    assert [complex_.effects(Slot(s, i)) for s in "NESW" for i in range(3)] == [
        ("PM1",)] * 3 + [("PM2",)] * 3 + [("PM3",)] * 3 + [("ROTATE",), ("PARADIGM",), ("ROTATE",)]
    assert simple.options == un.Options("slot", "choice")


def test_every_registered_side_has_a_packaged_file() -> None:
    for name, module in GAMES.items():
        for side in module.info.sides:
            assert load_board_data(name, side)["side"] == side


def _write(folder: Path, data: object, side: str = "simple") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"unification-{side}.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def test_override_dir_wins_then_env_then_home(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    custom = {**board_data("simple"), "exits": {f"{s}{i}": ["FLIP"] for s in "NESW"
                                                for i in range(3)}}
    _write(tmp_path / "home" / ".config" / "dicekeeper" / "boards", custom)
    assert load_board("unification", "simple").effects(Slot("N", 0)) == ("FLIP",)
    env = {**custom, "options": {"push_back_scope": "side"}}
    _write(tmp_path / "env", env)
    monkeypatch.setenv("DICEKEEPER_BOARDS", str(tmp_path / "env"))
    assert load_board("unification", "simple").options.push_back_scope == "side"
    _write(tmp_path / "arg", board_data("simple"))
    board = load_board("unification", "simple", override_dir=tmp_path / "arg")
    assert board.effects(Slot("N", 0)) == ("DEC1",)


def test_corrupt_json_names_the_file(tmp_path: Path) -> None:
    path = _write(tmp_path, "{not json")
    with pytest.raises(BoardFileError, match=str(path)):
        load_board("unification", "simple", override_dir=tmp_path)


@pytest.mark.parametrize(("change", "words"), [
    ({"exits": {"N0": ["DEC2"]}}, "unknown effect 'DEC2'"),
    ({"exits": {"X9": ["DEC1"]}}, "unknown exit slot 'X9'"),
    ({"grid": {"rows": 4, "cols": 3}}, "3 x 3 grid"),
    ({"side": "complex"}, "for side 'complex'"),
    ({"game": "no-gaps"}, "for game 'no-gaps'"),
    ({"options": {"push_back_scope": "row"}}, "push_back_scope must be one of slot, side"),
    ({"options": {"speed": "fast"}}, "unknown option 'speed'"),
])
def test_invalid_board_files(tmp_path: Path, change: dict[str, object], words: str) -> None:
    data = board_data("simple")
    if "exits" in change:
        data["exits"] = {**data["exits"], **change.pop("exits")}  # type: ignore[dict-item]
    _write(tmp_path, {**data, **change})
    with pytest.raises(BoardFileError, match=words) as info:
        load_board("unification", "simple", override_dir=tmp_path)
    assert isinstance(info.value, EngineError) and isinstance(info.value, ValueError)


def test_missing_slot_is_named() -> None:
    data = board_data("complex")
    del data["exits"]["W1"]
    with pytest.raises(BoardDataError, match="exit slot W1 is missing"):
        un.GAME.load_board("complex", data)


def test_unknown_side_and_game() -> None:
    with pytest.raises(BoardFileError, match="known sides of unification are simple, complex"):
        load_board("unification", "medium")
    with pytest.raises(BoardFileError, match="bad board side name"):
        load_board("unification", "../simple")
    with pytest.raises(UnknownGameError, match="known games: .*unification"):
        load_board("chess", "white")
    with pytest.raises(UnknownGameError):
        find_game("chess")


def test_with_options_validates() -> None:
    board = load_board("unification", "simple").with_options(pm_direction="literal")
    assert board.options.pm_direction == "literal"
    with pytest.raises(BoardDataError):
        board.with_options(pm_direction="sideways")
