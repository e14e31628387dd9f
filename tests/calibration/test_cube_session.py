"""The recorded CubeCourier session: the game its script plays, and the committed fixture
matching what ``python -m calibration.make_fixtures`` writes."""

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration import cube_session, make_fixtures
from calibration.cube_session import Body, build_script, replay_views
from engine.games.cubecourier.cube import Cube
from engine.table import Cell

SESSION = Path(__file__).resolve().parents[2] / "device" / "sessions" / "cubecourier-standard"


@pytest.fixture(scope="module")
def script() -> cube_session.SessionScript:
    return build_script()


def _json(path: Path) -> object:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_game_has_places_tracked_rolls_a_mistake_and_a_winning_stack(script):
    moves = [m["move"] for m in script.moves]
    assert len(moves) >= 12
    assert sum(m.startswith("P ") for m in moves) >= 4
    assert any("-" in m and "=" in m for m in moves)      # a first roll: the top read
    assert any("-" in m and "=" not in m for m in moves)  # a later roll: the sides tracked
    assert "^" in moves[-1]
    assert script.illegal["code"] == "CC-F1"
    assert script.start_position.startswith(".../.../... off=") and "ring=none" in \
        script.start_position


def test_a_perfect_reader_referees_the_game_as_scripted(script):
    events = [e for _, _, more in replay_views(script.frames) for e in more]
    assert [e.data["move"] for e in events if e.kind == "move"] == \
        [m["move"] for m in script.moves]
    assert [e.data["code"] for e in events if e.kind == "warning"] == ["CC-F1"]
    end = events[-1]
    assert end.kind == "end" and end.data["summary"].startswith("cubecourier: player ")
    assert end.data["summary"].endswith(f"after {len(script.moves)} moves")


def test_physical_rolls_turn_the_cube_as_the_engine_does():
    rng = np.random.default_rng(1)
    body = Body("R", "K", "W", 65.0, 65.0, 0.0, 0, Cell(0, 0))
    engine = Cube("R", "K", "W")
    for direction, to in (("E", Cell(0, 1)), ("S", Cell(1, 1)), ("W", Cell(1, 0))):
        body, engine = body.rolled(direction, to, rng), engine.rolled(direction)
        assert (body.top, body.ns, body.ew) == (engine.top, engine.ns, engine.ew)
        assert body.cell == to


def test_session_documents_match_a_regeneration(script):
    session, expected = make_fixtures.cube_session_documents(script)
    assert _json(SESSION / "session.json") == json.loads(json.dumps(session))
    assert _json(SESSION / "expected.json") == json.loads(json.dumps(expected))


def test_frames_exist_are_640x480_and_the_folder_is_small():
    session = _json(SESSION / "session.json")
    assert session["game"] == "cubecourier" and session["side"] == "standard"
    frames = session["frames"]
    assert 60 <= len(frames) <= 150
    assert len(list((SESSION / "frames").glob("*.jpg"))) == len(frames)
    for f in (frames[0], frames[len(frames) // 2], frames[-1]):
        assert cv2.imread(str(SESSION / f["file"])).shape == (480, 640, 3)
    size = sum(p.stat().st_size for p in SESSION.rglob("*") if p.is_file())
    assert size < 4.5 * 1024 * 1024
