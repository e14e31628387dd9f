"""The recorded 2 1 6 game (device/sessions/two-one-six-6x6): its script plays the whole game
with the rules, and the committed files are what ``make_fixtures`` writes."""

import json
from pathlib import Path

import cv2

from calibration import make_fixtures
from calibration.scripts import two_one_six as script_module

SESSION = Path(__file__).resolve().parents[2] / "device" / "sessions" / "two-one-six-6x6"
SCRIPT = script_module.build_script()


def _json(path: Path) -> object:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_script_places_36_dice_in_turn_and_ends_on_the_worked_example() -> None:
    moves = [p["move"] for p in SCRIPT.placements]
    assert len(moves) == 36 and len({m.split("@")[1] for m in moves}) == 36
    assert [m[0] for m in moves] == ["B", "A"] * 18          # B rolled first: B starts
    assert moves[-1] == "A6@r5c5"
    assert SCRIPT.placements[-1]["position"].startswith(
        "A6A5A4A3A2A1/B1B2B3B4B5B6/A2B3B2B3A2B3/B4B4A1B1B6B6/A5A1A5A1A5B1/A3A6B3B6A3A6")
    seen = [p["roll_seen"] for p in SCRIPT.placements]
    assert seen[0] and 5 <= sum(seen) < 36                    # some rolls seen, some taken
    assert [i["code"] for i in SCRIPT.illegal] == ["TS-F2", "TS-F4"]


def test_a_perfect_reader_referees_it_to_the_end_line() -> None:
    events = [e for _, _, evs in script_module.replay_views(SCRIPT.frames) for e in evs]
    placed = [e.data["move"] for e in events
              if e.kind == "move" and not e.data["move"].startswith("roll=")]
    assert placed == [p["move"] for p in SCRIPT.placements]
    rolls = [e.data["move"] for e in events if e.kind == "move" and e.data["move"]
             .startswith("roll=")]
    assert len(rolls) == sum(p["roll_seen"] for p in SCRIPT.placements) - 1  # the first: set-up
    assert [e.data["code"] for e in events if e.kind == "warning"] == ["TS-F2", "TS-F4"]
    assert [e.data["code"] for e in events if e.kind == "warning_cleared"] == ["TS-F2", "TS-F4"]
    assert script_module.expected_final_line(SCRIPT.frames) == \
        "two-one-six (6x6): A 120, B 109, A wins"


def test_session_documents_match_a_regeneration() -> None:
    session, expected = make_fixtures.two_one_six_documents(SCRIPT)
    assert _json(SESSION / "session.json") == json.loads(json.dumps(session))
    assert _json(SESSION / "expected.json") == json.loads(json.dumps(expected))


def test_the_frames_are_640x480_and_the_session_stays_under_5_mb() -> None:
    session = _json(SESSION / "session.json")
    frames = session["frames"]
    assert (session["game"], session["side"]) == ("two-one-six", "6x6")
    assert len(frames) == len(SCRIPT.frames)
    assert len(list((SESSION / "frames").glob("*.jpg"))) == len(frames)
    for f in (frames[0], frames[len(frames) // 2], frames[-1]):
        assert cv2.imread(str(SESSION / f["file"])).shape == (480, 640, 3)
    size = sum(p.stat().st_size for p in SESSION.rglob("*") if p.is_file())
    assert size < 5 * 1000 * 1000
