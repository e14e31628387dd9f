"""`dicekeeper demo` end to end on the recorded session shipped as package data.

Two layers: the whole device path with the session's labelled views standing in for the board
reader (checks the app, settle detector, session, screens, emulator and record on the real
fixture, whatever the state of vision), then the real demo command with the real reader.
"""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from device.cli import main
from device.demo import build_app, default_session
from engine.games.unification import view_from_text

SESSION = Path(__file__).resolve().parents[2] / "device" / "sessions" / "unification-simple"
EXPECTED = json.loads((SESSION / "expected.json").read_text()) \
    if (SESSION / "expected.json").is_file() else {}


class LabelledReader:
    """Gives the labelled view of each frame, in order (a perfect board reader)."""

    def __init__(self, views: list[dict]) -> None:
        self.views = [view_from_text(v["view"]) for v in views]

    def read(self, image):
        assert image is not None, "a fixture frame failed to decode"
        return self.views.pop(0)


def test_default_session_is_the_shipped_fixture() -> None:
    assert default_session() == SESSION == default_session("unification")
    assert EXPECTED["final_line"], "run `make fixtures`"


def test_a_game_without_a_session_or_an_unknown_game_is_a_message(capsys) -> None:
    assert main(["demo", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_device_path_on_the_fixture_with_a_perfect_reader(tmp_path: Path) -> None:
    app = build_app(SESSION, tmp_path, reader=LabelledReader(EXPECTED["views"]))
    app.run()
    assert app.session.summary(app.now) == EXPECTED["final_line"]
    assert app.session.moves == len(EXPECTED["pushes"])
    record = [json.loads(x) for x in (tmp_path / "demo.jsonl").read_text().splitlines()]
    moves = [e["move"] for e in record if e["type"] == "move"]
    assert moves == [p["move"] for p in EXPECTED["pushes"]]
    warnings = [e["code"] for e in record if e["type"] == "warning"]
    assert warnings == [EXPECTED["illegal"]["code"]]
    assert Image.open(tmp_path / "oled.gif").n_frames >= 10


def test_demo_referees_the_recorded_session_and_replay_agrees(tmp_path: Path, capsys) -> None:
    out = tmp_path / "demo"
    assert main(["demo", "--out", str(out)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == EXPECTED["final_line"]

    gif = Image.open(out / "oled.gif")
    assert gif.n_frames >= 5                     # set-up, clock, warning, result, ...
    assert len(list(out.glob("oled-*.png"))) == gif.n_frames

    record = [json.loads(x) for x in (out / "demo.jsonl").read_text().splitlines()]
    assert [e["move"] for e in record if e["type"] == "move"] == \
        [p["move"] for p in EXPECTED["pushes"]]
    assert [e["code"] for e in record if e["type"] == "warning"] == ["UN-F1"]

    assert main(["replay", str(out / "demo.jsonl")]) == 0
    replayed = capsys.readouterr().out.strip().splitlines()
    assert replayed[-1] == last
    assert not any("DISAGREE" in line for line in replayed)


def test_missing_session_names_it_and_the_fix(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "no-such-session"
    assert main(["demo", "--session", str(missing), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert str(missing) in err and "make fixtures" in err
