"""The recorded Growing Nine and Pairing Five sessions: the scripts play what the issue asks
for (checked by the engine through a perfect reader), and the committed fixtures are what
``python -m calibration.make_fixtures`` writes."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from calibration import make_fixtures
from calibration.scripts import growing_nine, pairing_five
from calibration.scripts.frames import check, replay
from engine.games.growing_nine.dice import with_top
from engine.table import ViewStatus

SESSIONS = Path(__file__).resolve().parents[2] / "device" / "sessions"


@pytest.fixture(scope="module")
def gn() -> growing_nine.GameScript:
    return growing_nine.build_script()


@pytest.fixture(scope="module")
def pf() -> pairing_five.GameScript:
    return pairing_five.build_script()


def _json(path: Path) -> object:
    return json.loads(path.read_text(encoding="utf-8"))


def _events(script) -> list[tuple[str, object]]:
    """(kind, the rule's code or the move) of every event a perfect reader's replay gives."""
    return [(e.kind, e.data.get("code") or e.data.get("move"))
            for _, _, events in replay(script.game, script.side, script.frames)
            for e in events]


def test_growing_nine_plays_set_up_rolls_an_appearance_a_warning_and_fails(gn) -> None:
    events = _events(gn)
    kinds = [k for k, _ in events]
    assert kinds[:2] == ["setup", "timer_start"]        # FA-P1: the ten dice seen rolled
    assert events[2] == ("move", gn.moves[0]["move"])
    assert str(gn.moves[0]["move"]).startswith("place ")
    assert [c for k, c in events if k == "warning"] == ["GN-F2"]
    assert kinds.index("warning_cleared") == kinds.index("warning") + 1
    assert kinds[-1] == "end" and len(gn.moves) >= 7
    assert check(gn) == "growing-nine (a): failure (GN-E3 spawn cell occupied), score -5"


def test_growing_nine_awaits_the_appearance_then_sees_it(gn) -> None:
    """GN-A3: after the roll onto a free corner's partner the session waits, saying where the
    first waiting die goes; the move is made when the die is there."""
    statuses = [(f.t, s.status, s.moves) for f, s, _ in replay(gn.game, gn.side, gn.frames)]
    waiting = [(t, moves) for t, status, moves in statuses if status.startswith("put the ")]
    assert waiting, "no view awaited an appearance"
    appeared = next(m for m in gn.moves if "q=" in str(m["position"])
                    and len(str(m["position"]).split("q=")[1]) == 5)
    assert all(t < float(appeared["t"]) for t, _ in waiting)


def test_growing_nine_dice_are_real_dice(gn) -> None:
    """Every die's orientation is one a right-handed die can have; a roll's top is the face
    README 3.3 puts on top."""
    start, path = growing_nine.find_game()
    for real in (*start.spawns, *start.queue):
        assert real.o in with_top(real.o.t, "right")
    for step in path:
        assert step.rolled.o == step.real[step.src].o.rolled(step.move.direction)
        assert step.move.top in (None, step.rolled.o.t)


def test_pairing_five_plays_pf_x1_a_warning_and_succeeds(pf) -> None:
    events = _events(pf)
    moves = [m for k, m in events if k == "move"]
    assert moves[:10] == list(pairing_five.WORKED_EXAMPLE)
    assert "SAME_REROLL 3:1,3" in moves                  # one 3 rerolled showed 3 again
    assert [c for k, c in events if k == "warning"] == ["PF-F3"]
    assert [k for k, _ in events][-1] == "end" and len(moves) == 19
    assert check(pf) == "pairing-five (basic): success with 2:38 left, score 2"


def test_every_settled_state_has_three_still_frames_and_hands_between(gn, pf) -> None:
    for script in (gn, pf):
        runs, run = [], 0
        for frame in script.frames:
            if frame.view.status is ViewStatus.HAND:
                runs.append(run)
                run = 0
            else:
                run += 1
        assert min(r for r in runs if r) >= 3


@pytest.mark.parametrize("name, build", [("growing-nine-a", growing_nine.build_script),
                                         ("pairing-five-basic", pairing_five.build_script)])
def test_committed_session_matches_a_regeneration(name: str, build) -> None:
    session, expected = make_fixtures.game_session_documents(build())
    assert _json(SESSIONS / name / "session.json") == json.loads(json.dumps(session))
    assert _json(SESSIONS / name / "expected.json") == json.loads(json.dumps(expected))


@pytest.mark.parametrize("name", ["growing-nine-a", "pairing-five-basic"])
def test_session_frames_exist_are_640x480_and_under_4_mb(name: str) -> None:
    folder = SESSIONS / name
    frames = _json(folder / "session.json")["frames"]
    assert len(list((folder / "frames").glob("*.jpg"))) == len(frames)
    for f in (frames[0], frames[len(frames) // 2], frames[-1]):
        assert cv2.imread(str(folder / f["file"])).shape == (480, 640, 3)
    assert sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) < 4 * 1024 * 1024
