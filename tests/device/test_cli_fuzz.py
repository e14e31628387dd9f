"""`dicekeeper config`, `doctor` and `snapshot` fuzzed over their arguments: every command line
gives a value (exit 0 or 1, what was found) or a one-line error on stderr with exit status 2,
never a traceback.

The arguments mix each command's own options and good values with arbitrary text; file names
carry no "/" and the commands run in a temporary folder, so nothing outside it is touched.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from device.cli import main

FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
FRAMES = Path(__file__).resolve().parents[1] / "fixtures" / "frames"

OPTIONS = {
    "config": ["--config", "-h", "check", "show"],
    "doctor": ["--config", "--source", "--game", "--side", "--board"],
    "snapshot": ["--config", "--source", "--frame", "--game", "--side", "--profile", "--out"],
}
# what most command lines start with, so that many get past the parser to the command itself
STARTS = {"config": [["check"], ["show"], []], "doctor": [[]],
          "snapshot": [["--game", "unification"], []]}
GOOD = ["good.toml", "bad.toml", "frames", "board.jpg", "s.png", "s.gif", "unification",
        "simple", "complex", "cubecourier", "chess", "auto", "picamera", "webcam:7", "webcam:x",
        "--", "-", ""]


def _words() -> st.SearchStrategy[str]:
    junk = st.text(st.characters(blacklist_characters="/\x00", blacklist_categories=("Cs",)),
                   max_size=12)
    return st.one_of(st.sampled_from(GOOD), st.sampled_from(GOOD), junk)


def _argv(command: str) -> st.SearchStrategy[list[str]]:
    """An option with a value, mostly; sometimes a stray word."""
    pair = st.tuples(st.sampled_from(OPTIONS[command]), _words()).map(list)
    stray = _words().map(lambda word: [word])
    parts = st.lists(st.one_of(pair, pair, pair, stray), max_size=4)
    return st.tuples(st.sampled_from(STARTS[command]), parts).map(
        lambda drawn: [command, *drawn[0], *(t for part in drawn[1] for t in part)])


@pytest.fixture
def workspace(tmp_path, monkeypatch):
    """A folder with a good and a bad configuration, a frame folder and a board photo; doctor's
    systemctl answers "not here"."""
    (tmp_path / "frames").mkdir()
    shutil.copy(FRAMES / "clean-simple.jpg", tmp_path / "frames" / "000.jpg")
    shutil.copy(FRAMES / "clean-simple.jpg", tmp_path / "board.jpg")
    (tmp_path / "good.toml").write_text(
        '[camera]\nsource = "frames"\n[display]\ntype = "dummy"\n[buttons]\ntype = "none"\n'
        '[buzzer]\ntype = "none"\n')
    (tmp_path / "bad.toml").write_text("[display]\nrotate = 9\n[camra]\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("DICEKEEPER_CONFIG", str(tmp_path / "good.toml"))
    monkeypatch.setattr("device.doctor.run_command", lambda argv: (127, ""))
    return tmp_path


def _outcome(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return int(exc.code or 0)


@pytest.mark.parametrize("command", sorted(OPTIONS))
def test_every_command_line_is_a_value_or_a_one_line_error(command, workspace, capsys):
    @FUZZ
    @given(_argv(command))
    def check(argv: list[str]) -> None:
        code = _outcome(argv)
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        assert code in (0, 1, 2), (argv, code)
        if code == 2:
            assert out == "" and err.count("\n") == 1 and "error" in err, (argv, err)

    check()
