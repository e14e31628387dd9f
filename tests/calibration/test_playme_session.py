"""The recorded PlayMe session: the script plays a whole game (checked by the engine through a
perfect reader, with "Play me!" entered as the buttons do), and the committed fixtures are what
``python -m calibration.make_fixtures`` writes."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from calibration import make_fixtures
from calibration.scripts import playme
from calibration.scripts.frames import check, replay
from engine.table import ViewStatus

SESSION = Path(__file__).resolve().parents[2] / "device" / "sessions" / "playme-standard"
FINAL = "playme: P1 (Alice) wins: two round wins"


@pytest.fixture(scope="module")
def script() -> playme.GameScript:
    return playme.build_script()


def _json(path: Path) -> object:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_game_goes_from_set_up_to_alices_second_round_win(script) -> None:
    events = [(e.kind, e.data.get("code") or e.data.get("move"))
              for _, _, evs in replay(script.game, script.side, script.frames,
                                      entered=script.entered) for e in evs]
    moves = [m for k, m in events if k == "move"]
    assert events[0][0] == "setup"
    assert moves.count("START") == 2 and moves.count("CLAIM P1") == 2
    assert "BLK P3>P1 3" in moves and "UNB P1 3" in moves
    assert [c for k, c in events if k == "warning"] == ["PM-F1"]
    assert [k for k, _ in events][-1] == "end"
    assert check(script) == FINAL


def test_without_the_buttons_the_game_never_starts(script) -> None:
    """The camera cannot see "Play me!": replayed without the entered moves, no round
    starts and no action is taken."""
    kinds = [e.kind for _, _, evs in replay(script.game, script.side, script.frames)
             for e in evs]
    assert "move" not in kinds and "end" not in kinds


def test_start_is_entered_by_two_b_presses_after_the_start_settled(script) -> None:
    assert [p["button"] for p in script.presses] == ["B", "B", "B", "B"]
    assert [e["move"] for e in script.entered] == ["START", "START"]
    assert [e["t"] for e in script.entered] == [script.presses[1]["t"], script.presses[3]["t"]]


def test_every_settled_state_has_three_still_frames_and_hands_between(script) -> None:
    runs, run = [], 0
    for frame in script.frames:
        if frame.view.status is ViewStatus.HAND:
            runs.append(run)
            run = 0
        else:
            run += 1
    assert min(r for r in runs if r) >= 3


def test_committed_session_matches_a_regeneration(script) -> None:
    session, expected = make_fixtures.game_session_documents(script)
    assert _json(SESSION / "session.json") == json.loads(json.dumps(session))
    assert _json(SESSION / "expected.json") == json.loads(json.dumps(expected))


def test_session_frames_exist_are_640x480_and_under_4_mb() -> None:
    frames = _json(SESSION / "session.json")["frames"]
    assert len(list((SESSION / "frames").glob("*.jpg"))) == len(frames)
    for f in (frames[0], frames[len(frames) // 2], frames[-1]):
        assert cv2.imread(str(SESSION / f["file"])).shape == (480, 640, 3)
    assert sum(p.stat().st_size for p in SESSION.rglob("*") if p.is_file()) < 4 * 1024 * 1024
