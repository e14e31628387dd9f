"""`dicekeeper demo bossa` end to end on its recorded session: the whole device path with a
perfect reader, then the real command with the tile reader; the exchange comes in through the
scripted presses (the app's own button path), the replay of the record agrees."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from device.cli import main
from device.demo import build_app, default_session
from device.screens import Menu
from engine.games.bossa import view_from_text

SESSION = Path(__file__).resolve().parents[2] / "device" / "sessions" / "bossa-regular"
EXPECTED = json.loads((SESSION / "expected.json").read_text())
SEEN = [m["move"] for m in EXPECTED["moves"] if not m.get("entered")]
ENTERED = [m["move"] for m in EXPECTED["moves"] if m.get("entered")]


class LabelledReader:
    """Gives the labelled view of each frame, in order (a perfect board reader)."""

    def __init__(self, views: list[dict]) -> None:
        self.views = [view_from_text(v["view"]) for v in views]

    def read(self, image):
        assert image is not None, "a fixture frame failed to decode"
        return self.views.pop(0)


def _record(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_the_bossa_demo_plays_its_first_side_s_session() -> None:
    assert default_session("bossa") == SESSION
    assert EXPECTED["final_line"] == "bossa (regular): player 1 wins (hand out) after 7 turns"


def test_device_path_with_a_perfect_reader_and_the_scripted_presses(tmp_path: Path) -> None:
    app = build_app(SESSION, tmp_path, reader=LabelledReader(EXPECTED["views"]))
    menus = []
    show = app.display.show

    def watch(image):  # the screens the players saw while they entered the exchange
        if isinstance(app.screen, Menu):
            menus.append(app.screen)
        show(image)

    app.display.show = watch
    app.run()
    assert app.session.summary(app.now) == EXPECTED["final_line"]
    record = _record(tmp_path / "demo.jsonl")
    moves = [e for e in record if e["type"] == "move"]
    assert [e["move"] for e in moves if e["source"] == "observe"] == SEEN
    assert [(e["move"], e["input"]) for e in moves if e["source"] == "button"] == \
        [(m, m) for m in ENTERED]
    assert [e["code"] for e in record if e["type"] == "warning"] == ["BO-F4"]
    assert record[-1]["type"] == "end" and record[-1]["winner"] == 1
    assert [m.items[m.index] for m in menus][-1] == ENTERED[0]  # B, A..., then B entered it
    assert Image.open(tmp_path / "oled.gif").n_frames >= 20


def test_demo_bossa_referees_the_photos_and_replay_agrees(tmp_path: Path, capsys) -> None:
    out = tmp_path / "demo"
    assert main(["demo", "bossa", "--out", str(out)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == EXPECTED["final_line"]
    record = _record(out / "demo.jsonl")
    assert [e["move"] for e in record if e["type"] == "move"] == \
        [m["move"] for m in EXPECTED["moves"]]
    assert [e["code"] for e in record if e["type"] == "warning"] == ["BO-F4"]
    assert main(["replay", str(out / "demo.jsonl")]) == 0
    replayed = capsys.readouterr().out.strip().splitlines()
    assert replayed[-1] == last
    assert not any("DISAGREE" in line for line in replayed)
