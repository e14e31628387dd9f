"""The recorded CubeCourier session through the device's own wiring (``device.demo.build_app``:
the app picks the reader from the game's layout): with the device's own board reader on the
frames, with the session's labelled views standing in for the board reader (the app, settle
detector, session, screens and record on the real fixture), and the shipped session found by
game."""

from __future__ import annotations

import json
from pathlib import Path

from device.demo import build_app, default_session
from engine.games.cubecourier import view_from_text

SESSION = Path(__file__).resolve().parents[2] / "device" / "sessions" / "cubecourier-standard"
EXPECTED = json.loads((SESSION / "expected.json").read_text())


class LabelledReader:
    """Gives the labelled view of each frame, in order (a perfect board reader)."""

    def __init__(self, views: list[dict]) -> None:
        self.views = [view_from_text(v["view"]) for v in views]

    def read(self, image):
        assert image is not None, "a fixture frame failed to decode"
        return self.views.pop(0)


def test_the_shipped_session_is_found_by_its_game() -> None:
    assert default_session("cubecourier") == SESSION


def test_device_path_on_the_cube_session_with_its_own_reader(tmp_path: Path) -> None:
    app = build_app(SESSION, tmp_path)
    app.run()
    assert_played_as_recorded(app, tmp_path)


def test_device_path_on_the_cube_session_with_a_perfect_reader(tmp_path: Path) -> None:
    app = build_app(SESSION, tmp_path, reader=LabelledReader(EXPECTED["views"]))
    app.run()
    assert_played_as_recorded(app, tmp_path)


def assert_played_as_recorded(app, out: Path) -> None:
    """The app's summary, and its record's moves, warning and winner, are the session's."""
    assert app.session.summary(app.now) == EXPECTED["final_line"]
    record = [json.loads(x) for x in (out / "demo.jsonl").read_text().splitlines()]
    assert [e["move"] for e in record if e["type"] == "move"] == \
        [m["move"] for m in EXPECTED["moves"]]
    assert [e["code"] for e in record if e["type"] == "warning"] == ["CC-F1"]
    assert [e["winner"] for e in record if e["type"] == "end"] == \
        [int(EXPECTED["final_line"].split("player ")[1][0])]
