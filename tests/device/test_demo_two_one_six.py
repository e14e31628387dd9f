"""`dicekeeper demo two-one-six`: the recorded 6x6 game (white against red, 36 placements, a
die put down showing another face than its roll and a placed die pushed away, both put right)
from the first die to the tally, through the device path and the real board reader, and its
record replayed."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from device.cli import main
from device.demo import build_app, default_session
from device.screens import Result
from engine.games.two_one_six import GAME

SESSION = Path(__file__).resolve().parents[2] / "device" / "sessions" / "two-one-six-6x6"
EXPECTED = json.loads((SESSION / "expected.json").read_text())
FINAL = "two-one-six (6x6): A 120, B 109, A wins"


class LabelledReader:
    """Gives the labelled view of each frame, in order (a perfect board reader)."""

    def __init__(self, views: list[dict]) -> None:
        self.views = [GAME.view_from_text(v["view"]) for v in views]

    def read(self, image):
        assert image is not None, "a fixture frame failed to decode"
        return self.views.pop(0)


def _placements(record: list[dict]) -> list[str]:
    return [e["move"] for e in record if e["type"] == "move" and "@" in e["move"]]


def test_the_game_plays_its_shipped_session() -> None:
    assert default_session("two-one-six") == SESSION
    assert EXPECTED["final_line"] == FINAL


def test_device_path_with_a_perfect_reader(tmp_path: Path) -> None:
    app = build_app(SESSION, tmp_path, reader=LabelledReader(EXPECTED["views"]))
    app.run()
    assert app.session.summary(app.now) == FINAL
    assert app.session.moves == 36
    record = [json.loads(x) for x in (tmp_path / "demo.jsonl").read_text().splitlines()]
    assert _placements(record) == [p["move"] for p in EXPECTED["placements"]]
    assert [e["code"] for e in record if e["type"] == "warning"] == ["TS-F2", "TS-F4"]
    result = app.current_screen()
    assert isinstance(result, Result) and result.headline == "A wins"


def test_demo_referees_the_recorded_game_and_replay_agrees(tmp_path: Path, capsys) -> None:
    out = tmp_path / "demo"
    assert main(["demo", "two-one-six", "--out", str(out)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == FINAL

    record = [json.loads(x) for x in (out / "demo.jsonl").read_text().splitlines()]
    assert _placements(record) == [p["move"] for p in EXPECTED["placements"]]
    rolls = [e["move"] for e in record if e["type"] == "move" and "@" not in e["move"]]
    assert len(rolls) == sum(p["roll_seen"] for p in EXPECTED["placements"]) - 1
    assert [e["code"] for e in record if e["type"] == "warning"] == ["TS-F2", "TS-F4"]
    assert [e["code"] for e in record if e["type"] == "warning_cleared"] == ["TS-F2", "TS-F4"]
    assert Image.open(out / "oled.gif").n_frames >= 36

    assert main(["replay", str(out / "demo.jsonl")]) == 0
    replayed = capsys.readouterr().out.strip().splitlines()
    assert replayed[-1] == last
    assert not any("DISAGREE" in line for line in replayed)
