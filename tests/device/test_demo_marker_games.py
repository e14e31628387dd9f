"""``dicekeeper demo horizontal-vertical`` and ``dicekeeper demo no-gaps`` end to end: the
recorded sessions (dice, marker ink appearing in cells, the button presses as a script)
through the real pipeline (frames -> BoardReader -> SettleDetector -> Session, the presses
through the app's own button path -> screens -> the emulated OLED), their records replayed by
``dicekeeper replay``.

Two layers, as for the other games: the device path with the session's labelled views standing
in for the board reader, then the real command with the real reader.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from device.cli import main
from device.demo import build_app, default_session
from engine.games import find_game

SESSIONS = Path(__file__).resolve().parents[2] / "device" / "sessions"
GAMES = {"horizontal-vertical": "horizontal-vertical-total", "no-gaps": "no-gaps-a"}
FINAL = {"horizontal-vertical": "horizontal-vertical (total): success with 2:45 left, score 4",
         "no-gaps": "no-gaps (a): failure (FA-E1 time is up), score 0"}


def _expected(game: str) -> dict:
    return json.loads((SESSIONS / GAMES[game] / "expected.json").read_text())


class LabelledReader:
    """Gives the labelled view of each frame, in order (a perfect board reader)."""

    def __init__(self, game: str, views: list[dict]) -> None:
        rules = find_game(game)
        self.views = [rules.view_from_text(v["view"]) for v in views]

    def read(self, image):
        assert image is not None, "a fixture frame failed to decode"
        return self.views.pop(0)


def _record(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


@pytest.mark.parametrize("game", GAMES)
def test_demo_of_a_game_plays_its_shipped_session(game: str) -> None:
    assert default_session(game) == SESSIONS / GAMES[game]
    assert _expected(game)["final_line"] == FINAL[game]


COUNT = {"horizontal-vertical": "pass 1/3", "no-gaps": "rerolls 1/4"}
"""Per game: what the line under the clock shows at some point (the passes or rerolls used)."""


@pytest.mark.parametrize("game", GAMES)
def test_device_path_with_a_perfect_reader_and_the_scripted_presses(
        game: str, tmp_path: Path, monkeypatch) -> None:
    """The presses walk to the moves the player wrote (entered by the buttons, the rest seen);
    the screens show the pass or reroll count, the warning with its code and the result."""
    import device.app
    from device.screens import Game, Result, render

    shown: list[object] = []
    monkeypatch.setattr(device.app, "render", lambda model: shown.append(model) or render(model))
    expected = _expected(game)
    app = build_app(SESSIONS / GAMES[game], tmp_path,
                    reader=LabelledReader(game, expected["views"]))
    app.run()
    assert app.session.summary(app.now) == FINAL[game]
    count = COUNT[game]
    games = [m for m in shown if isinstance(m, Game)]
    assert any(count in " ".join(m.lines) and m.timer_running for m in games)
    code = expected["illegal"][0]["code"]
    assert any(m.warning_code == code and m.warning_message for m in games)
    record = _record(tmp_path / "demo.jsonl")
    assert [e["move"] for e in record if e["type"] == "move"] == \
        [m["move"] for m in expected["moves"]]
    assert [e["code"] for e in record if e["type"] == "warning"] == [code]
    entered = [e["move"] for e in record if e["type"] == "move" and e.get("source") == "button"]
    assert entered == [m["move"] for m in expected["entered"]]
    assert isinstance(shown[-1], Result)


@pytest.mark.parametrize("game, end", [
    ("horizontal-vertical", ("success", "HV-E1", 4)),
    ("no-gaps", ("failure", "FA-E1", 0)),
])
def test_demo_referees_the_recorded_session_and_replay_agrees(
        game: str, end: tuple[str, str, int], tmp_path: Path, capsys) -> None:
    """The real board reader on the rendered frames (ink read in the cells and the pass
    boxes, dice in their zones): every move, the warning and its clearing, the end and its
    score, the final line; ``dicekeeper replay`` of the record agrees."""
    expected = _expected(game)
    out = tmp_path / "demo"
    assert main(["demo", game, "--out", str(out)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == FINAL[game]

    record = _record(out / "demo.jsonl")
    assert [e["move"] for e in record if e["type"] == "move"] == \
        [m["move"] for m in expected["moves"]]
    kinds = [e["type"] for e in record if e["type"] not in ("clock", "seen", "handled")]
    assert kinds.count("warning") == 1 and kinds[kinds.index("warning") + 1] == "warning_cleared"
    assert [e["code"] for e in record if e["type"] == "warning"] == \
        [expected["illegal"][0]["code"]]
    final = record[-1]
    assert final["type"] == "end"
    assert (final["outcome"], final["reason"], final["score"]) == end
    assert [e["move"] for e in record if e["type"] == "move" and e["source"] == "button"] == \
        [m["move"] for m in expected["entered"]]
    assert Image.open(out / "oled.gif").n_frames >= 20

    assert main(["replay", str(out / "demo.jsonl")]) == 0
    replayed = capsys.readouterr().out.strip().splitlines()
    assert replayed[-1] == last
    assert not any("DISAGREE" in line for line in replayed)
