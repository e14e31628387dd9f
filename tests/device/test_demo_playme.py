"""`dicekeeper demo playme`: the recorded three-player game (Alice, the Cheshire Cat, the
Walrus) from the set-up to Alice's second round win, through the device path and the real
board reader, "Play me!" pressed on the device's buttons, and its record replayed."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from device.cli import main
from device.demo import build_app, default_session
from device.screens import Game, Result
from engine.games.playme import GAME

SESSION = Path(__file__).resolve().parents[2] / "device" / "sessions" / "playme-standard"
EXPECTED = json.loads((SESSION / "expected.json").read_text())
FINAL = "playme: P1 (Alice) wins: two round wins"


class LabelledReader:
    """Gives the labelled view of each frame, in order (a perfect board reader)."""

    def __init__(self, views: list[dict]) -> None:
        self.views = [GAME.view_from_text(v["view"]) for v in views]

    def read(self, image):
        assert image is not None, "a fixture frame failed to decode"
        return self.views.pop(0)


def _moves(record: list[dict]) -> list[str]:
    return [e["move"] for e in record if e["type"] == "move"]


def test_the_game_plays_its_shipped_session() -> None:
    assert default_session("playme") == SESSION
    assert EXPECTED["final_line"] == FINAL


def test_device_path_with_a_perfect_reader(tmp_path: Path) -> None:
    app = build_app(SESSION, tmp_path, reader=LabelledReader(EXPECTED["views"]))
    seen_scoreboard = False
    while app.step():
        screen = app.current_screen()
        if isinstance(screen, Game) and screen.turn == "rabbit phase · round on":
            seen_scoreboard = seen_scoreboard or screen.lines[0].startswith("P1 Alice W0")
    assert seen_scoreboard
    assert app.session.summary(app.now) == FINAL
    record = [json.loads(x) for x in (tmp_path / "demo.jsonl").read_text().splitlines()]
    assert _moves(record) == [m["move"] for m in EXPECTED["moves"]]
    assert [e["code"] for e in record if e["type"] == "warning"] == ["PM-F1"]
    result = app.current_screen()
    assert isinstance(result, Result) and result.summary == FINAL


def test_demo_referees_the_recorded_game_and_replay_agrees(tmp_path: Path, capsys) -> None:
    out = tmp_path / "demo"
    assert main(["demo", "playme", "--out", str(out)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == FINAL

    record = [json.loads(x) for x in (out / "demo.jsonl").read_text().splitlines()]
    assert _moves(record) == [m["move"] for m in EXPECTED["moves"]]
    assert [e["code"] for e in record if e["type"] == "warning"] == ["PM-F1"]
    assert [e["code"] for e in record if e["type"] == "warning_cleared"] == ["PM-F1"]
    assert Image.open(out / "oled.gif").n_frames >= 10

    assert main(["replay", str(out / "demo.jsonl")]) == 0
    replayed = capsys.readouterr().out.strip().splitlines()
    assert replayed[-1] == last
    assert not any("DISAGREE" in line for line in replayed)
