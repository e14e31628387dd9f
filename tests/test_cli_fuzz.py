"""Every command-line input is a value or a one-line error with exit status 2, never a
traceback: hypothesis over the arguments of judge, moves, replay, calibrate and print-board,
and over the files they read (board files, profiles, records)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from device.cli import main
from engine.games import GAMES

FUZZ = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])
WORDS = st.sampled_from(["unification", "cubecourier", "two-one-six", "growing-nine",
                         "simple", "complex", "6x6", "a", "x" * 300, "../simple", "", " ",
                         "inf", "1e400", "nan", "-5", "301", "0", "W0", "N1", "P K@r2c0",
                         "251/46R3/623 P=4 F=none", "K.R/KRW/.KW off=K ring=none to=1",
                         "diagonals=on", "handicap=4", "=", "a=b", "\x00", "é"])
TEXT = st.one_of(WORDS, st.text(max_size=30))


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse's own refusals
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def check(argv: list[str]) -> None:
    code, out, err = run(argv)
    assert "Traceback" not in out + err, argv
    assert code in (0, 1, 2), (argv, code)
    if code == 2:
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("dicekeeper"), (argv, err)


@pytest.fixture(autouse=True)
def _quiet_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))


@FUZZ
@given(st.sampled_from(["judge", "moves"]), st.sampled_from(sorted(GAMES) + ["chess", ""]),
       st.lists(st.tuples(st.sampled_from(["--side", "--board", "--position", "--move",
                                           "--remaining", "--option"]), TEXT), max_size=5))
def test_judge_and_moves(command: str, game: str, pairs: list[tuple[str, str]]) -> None:
    check([command, game, *[x for pair in pairs for x in pair]])


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(["--side", "--out"]), TEXT), max_size=3),
       st.sampled_from(sorted(GAMES) + ["chess"]))
def test_print_board(pairs: list[tuple[str, str]], game: str) -> None:
    pairs = [(flag, value) for flag, value in pairs if flag != "--out"]  # no files written
    check(["print-board", game, "--out", "/nonexistent/dir/x", *[x for p in pairs for x in p]])


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(["--game", "--side", "--frame", "--profile",
                                           "--source"]), TEXT), max_size=4))
def test_calibrate(pairs: list[tuple[str, str]]) -> None:
    argv = ["calibrate", *[x for p in pairs for x in p]]
    if "--source" not in argv:
        argv += ["--frame", "/nonexistent.png"]  # never open a real camera
    check(argv)


LINES = st.one_of(
    st.just('{"type": "header", "format": 1, "game": "unification", "side": "simple", '
            '"board": {}}'),
    st.just('{"type": "setup", "t": 1.0, "view": "251/46R3/623 P=4", "source": "observe"}'),
    st.just('{"type": "move", "t": "x", "move": 5}'),
    st.builds(lambda d: json.dumps(d), st.dictionaries(st.sampled_from(
        ["type", "t", "view", "game", "side", "board", "format", "move", "source", "input"]),
        st.one_of(st.none(), st.integers(), st.floats(allow_nan=True), TEXT,
                  st.just({}), st.just([])), max_size=6)),
    TEXT)


@FUZZ
@given(st.lists(LINES, max_size=6))
def test_replay_of_any_record_file(tmp_path_factory: pytest.TempPathFactory,
                                   lines: list[str]) -> None:
    path = tmp_path_factory.mktemp("rec") / "r.jsonl"
    path.write_text("\n".join(lines), encoding="utf-8", errors="replace")
    check(["replay", str(path)])


@FUZZ
@given(st.dictionaries(st.sampled_from(["game", "side", "exits", "options", "grid", "layout",
                                        "title", "colours", "areas", "zones"]),
                       st.recursive(st.one_of(st.none(), st.integers(), TEXT,
                                              st.floats(allow_nan=True)),
                                    lambda inner: st.one_of(
                                        st.lists(inner, max_size=3),
                                        st.dictionaries(TEXT, inner, max_size=3)),
                                    max_leaves=6), max_size=5),
       st.sampled_from(sorted(GAMES)))
def test_any_board_file(tmp_path_factory: pytest.TempPathFactory, data: dict[str, object],
                        game: str) -> None:
    boards = tmp_path_factory.mktemp("boards")
    side = GAMES[game].info.sides[0]
    (boards / f"{game}-{side}.json").write_text(json.dumps(data))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DICEKEEPER_BOARDS", str(boards))
        check(["moves", game, "--position", "x"])
        check(["print-board", game, "--out", "/nonexistent/x"])


@FUZZ
@given(st.one_of(TEXT, st.builds(json.dumps, st.dictionaries(
    st.sampled_from(["board", "created", "frame_size", "homography", "white_ref", "red_ref",
                     "version"]),
    st.one_of(st.none(), st.integers(), TEXT, st.lists(st.lists(st.floats(), max_size=3),
                                                       max_size=3)), max_size=6))))
def test_any_profile_file(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    from vision.board.profile import CalibrationProfile
    from vision.errors import ProfileError

    path = tmp_path_factory.mktemp("profile") / "p.json"
    path.write_text(text, encoding="utf-8", errors="replace")
    try:
        CalibrationProfile.load(path)
    except ProfileError as exc:
        assert str(exc) and "\n" not in str(exc)
