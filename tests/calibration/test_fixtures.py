"""The committed fixtures match what ``python -m calibration.make_fixtures`` would write."""

import json
from pathlib import Path

import cv2

from calibration import make_fixtures
from calibration.session_script import build_script

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SESSION = Path(__file__).resolve().parents[2] / "device" / "sessions" / "unification-simple"


def _json(path: Path) -> object:
    return json.loads(path.read_text(encoding="utf-8"))


def test_frame_sidecars_match_a_regeneration():
    scenes = make_fixtures.frame_scenes()
    assert len(scenes) >= 8
    for name in ("clean-simple", "hidden-marker", "cocked-die", "hand"):
        assert _json(FIXTURES / "frames" / f"{name}.json") == json.loads(
            json.dumps(make_fixtures.frame_sidecar(name, scenes[name]))), name
    for name in scenes:
        assert (FIXTURES / "frames" / f"{name}.jpg").is_file(), name


def test_session_documents_match_a_regeneration():
    session, expected = make_fixtures.session_documents(build_script())
    assert _json(SESSION / "session.json") == json.loads(json.dumps(session))
    assert _json(SESSION / "expected.json") == json.loads(json.dumps(expected))


def test_session_frames_exist_are_640x480_and_timed():
    session = _json(SESSION / "session.json")
    assert session["game"] == "unification" and session["side"] == "simple"
    frames = session["frames"]
    assert 60 <= len(frames) <= 200
    assert all((SESSION / f["file"]).is_file() for f in frames)
    assert len(list((SESSION / "frames").glob("*.jpg"))) == len(frames)
    for f in (frames[0], frames[len(frames) // 2], frames[-1]):
        assert cv2.imread(str(SESSION / f["file"])).shape == (480, 640, 3)
    assert session["expected_final_line"].endswith("score 4")


def test_fixtures_and_shipped_sessions_stay_small():
    total = sum(p.stat().st_size for p in FIXTURES.rglob("*") if p.is_file())
    assert total < 8 * 1024 * 1024
    per_session = [sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
                   for folder in SESSION.parent.iterdir()]
    assert per_session and max(per_session) < 6 * 1024 * 1024  # the wheel carries them


BOSSA = SESSION.parent / "bossa-regular"


def test_the_bossa_session_matches_a_regeneration_and_stays_small():
    from calibration.scripts import bossa

    session, expected = bossa.documents(bossa.build_script())
    assert _json(BOSSA / "session.json") == json.loads(json.dumps(session))
    assert _json(BOSSA / "expected.json") == json.loads(json.dumps(expected))
    frames = session["frames"]
    assert len(list((BOSSA / "frames").glob("*.jpg"))) == len(frames)
    for f in (frames[0], frames[len(frames) // 2], frames[-1]):
        assert cv2.imread(str(BOSSA / f["file"])).shape == (480, 640, 3)
    assert session["presses"] and session["expected_final_line"].endswith("after 7 turns")
    assert sum(p.stat().st_size for p in BOSSA.rglob("*") if p.is_file()) < 4 * 1024 * 1024
