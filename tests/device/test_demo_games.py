"""``dicekeeper demo growing-nine`` and ``dicekeeper demo pairing-five`` end to end: the recorded
sessions through the real pipeline (frames -> BoardReader -> SettleDetector -> Session ->
screens -> the emulated OLED), their records replayed by ``dicekeeper replay``.

Two layers, as for Unification (``test_demo.py``): the device path with the session's labelled
views standing in for the board reader, then the real command with the real reader.
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
GAMES = {"growing-nine": "growing-nine-a", "pairing-five": "pairing-five-basic"}


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


SCREENS = {
    "growing-nine": ("queue 6, red 3", "put the 5 on r3c0", ("failure", -5)),
    "pairing-five": ("A: lower a die", "unused 8, pairs 0/5", ("success", 2)),
}
"""Per game: a panel line shown under the clock, another line or status shown later, and the
result screen's outcome and score."""


@pytest.mark.parametrize("game", GAMES)
def test_device_path_on_the_fixture_with_a_perfect_reader(game: str, tmp_path: Path,
                                                         monkeypatch) -> None:
    """The screens say what the issue asks: the clock, the queue or the effect to apply, the
    warning with its code, the result and its score."""
    import device.app
    from device.screens import Game, Result, render

    shown: list[object] = []
    monkeypatch.setattr(device.app, "render", lambda model: shown.append(model) or render(model))
    expected = _expected(game)
    app = build_app(SESSIONS / GAMES[game], tmp_path,
                    reader=LabelledReader(game, expected["views"]))
    app.run()
    games = [m for m in shown if isinstance(m, Game)]
    line, later, (outcome, score) = SCREENS[game]
    assert any(m.lines[:1] == (line,) and m.timer_running for m in games)
    assert any(later in (m.status, *m.lines[:1]) for m in games)
    code = expected["illegal"][0]["code"]
    assert any(m.warning_code == code and m.warning_message for m in games)
    result = shown[-1]
    assert isinstance(result, Result) and (result.outcome, result.score) == (outcome, score)
    assert app.session.summary(app.now) == expected["final_line"]
    record = _record(tmp_path / "demo.jsonl")
    assert [e["move"] for e in record if e["type"] == "move"] == \
        [m["move"] for m in expected["moves"]]
    assert [e["code"] for e in record if e["type"] == "warning"] == \
        [w["code"] for w in expected["illegal"]]


@pytest.mark.parametrize("game, end, warning", [
    ("growing-nine", ("failure", "GN-E3", -5), "GN-F2"),
    ("pairing-five", ("success", "PF-E1", 2), "PF-F3"),
])
def test_demo_referees_the_recorded_session_and_replay_agrees(
        game: str, end: tuple[str, str, int], warning: str, tmp_path: Path, capsys) -> None:
    """The real board reader on the rendered frames: every move, the warning and its
    clearing, the clock started by the set-up view (FA-P1) and stopped by the end (FA-P2), the
    end and its score, the final line; ``dicekeeper replay`` of the record agrees."""
    expected = _expected(game)
    out = tmp_path / "demo"
    assert main(["demo", game, "--out", str(out)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == expected["final_line"]

    record = _record(out / "demo.jsonl")
    assert [e["move"] for e in record if e["type"] == "move"] == \
        [m["move"] for m in expected["moves"]]
    kinds = [e["type"] for e in record if e["type"] not in ("clock", "seen", "handled")]
    assert kinds.count("warning") == 1 and kinds[kinds.index("warning") + 1] == "warning_cleared"
    assert [e["code"] for e in record if e["type"] == "warning"] == [warning]
    setup = next(e for e in record if e["type"] == "setup")
    timer = next(e for e in record if e["type"] == "timer_start")
    assert timer["t"] == setup["t"] == expected["views"][2]["t"]   # the third settled frame
    final = record[-1]
    assert final["type"] == "end"
    assert (final["outcome"], final["reason"], final["score"]) == end
    assert final["remaining"] == pytest.approx(300.0 - (final["t"] - timer["t"]))

    gif = Image.open(out / "oled.gif")
    assert gif.n_frames >= 20

    assert main(["replay", str(out / "demo.jsonl")]) == 0
    replayed = capsys.readouterr().out.strip().splitlines()
    assert replayed[-1] == last
    assert not any("DISAGREE" in line for line in replayed)
