"""The recorded Horizontal & Vertical and No Gaps sessions: the scripts play what the issue
asks for (checked by the engine through a perfect reader, the buttons' moves entered at their
times), the presses are the device's walk to those moves, and the committed fixtures are what
``python -m calibration.make_fixtures`` writes."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from calibration.scripts import horizontal_vertical, no_gaps
from calibration.scripts.frames import check, replay
from calibration.scripts.presses import presses_for

SESSIONS = Path(__file__).resolve().parents[2] / "device" / "sessions"
MAX_BYTES = 4_000_000


@pytest.fixture(scope="module")
def hv():
    return horizontal_vertical.build_script()


@pytest.fixture(scope="module")
def ng():
    return no_gaps.build_script()


def _events(script) -> list[tuple[str, object]]:
    return [(e.kind, e.data.get("code") or e.data.get("move"))
            for _, _, events in replay(script.game, script.side, script.frames,
                                       entered=script.entered)
            for e in events]


def test_hv_rolls_writes_passes_turns_a_die_back_and_wins(hv) -> None:
    events = _events(hv)
    kinds = [k for k, _ in events]
    assert kinds[:2] == ["setup", "timer_start"]             # the first roll seen: FA-P1
    moves = [str(m["move"]) for m in hv.moves]
    assert moves[0][0].isdigit() and moves[1].startswith("roll=")   # write, next roll (HV-A1)
    assert sum(m.startswith("P ") for m in moves) == 1      # one pass: X and a ticked box
    assert [c for k, c in events if k == "warning"] == ["HV-F8"]
    assert kinds[kinds.index("warning") + 1] == "warning_cleared"
    assert [str(e["move"]) for e in hv.entered] == [m for m in moves if not m.startswith("roll")]
    assert kinds[-1] == "end"
    assert check(hv) == "horizontal-vertical (total): success with 2:45 left, score 4"


def test_ng_draws_enters_a_tile_turns_a_die_back_rerolls_and_runs_out_of_time(ng) -> None:
    events = _events(ng)
    kinds = [k for k, _ in events]
    assert kinds[:2] == ["setup", "timer_start"]
    moves = [str(m["move"]) for m in ng.moves]
    assert "6:aside" in moves and sum(m.startswith("reroll=") for m in moves) == 1
    assert len(ng.entered) == 1 and str(ng.entered[0]["move"]) in moves
    assert [c for k, c in events if k == "warning"] == ["NG-F7"]
    assert kinds[kinds.index("warning") + 1] == "warning_cleared"
    assert check(ng) == "no-gaps (a): failure (FA-E1 time is up), score 0"


@pytest.mark.parametrize("name", ["hv", "ng"])
def test_presses_walk_to_the_entered_moves(name: str, request) -> None:
    script = request.getfixturevalue(name)
    presses = presses_for(script)
    assert presses == script.presses
    for entry in script.entered:
        at = [p["button"] for p in presses if p["t"] == entry["t"]]
        assert at[0] == "B" and at[-1] == "B" and set(at) <= {"A", "B"}


@pytest.mark.parametrize("name, folder", [("hv", "horizontal-vertical-total"),
                                          ("ng", "no-gaps-a")])
def test_committed_session_is_the_scripts(name: str, folder: str, request) -> None:
    script = request.getfixturevalue(name)
    session = json.loads((SESSIONS / folder / "session.json").read_text())
    expected = json.loads((SESSIONS / folder / "expected.json").read_text())
    assert [f["t"] for f in session["frames"]] == [f.t for f in script.frames]
    assert session["presses"] == script.presses
    assert session["expected_final_line"] == expected["final_line"] == check(script)
    assert expected["moves"] == script.moves and expected["illegal"] == script.illegal
    frames = sorted((SESSIONS / folder / "frames").glob("*.jpg"))
    assert len(frames) == len(script.frames)
    assert sum(p.stat().st_size for p in (SESSIONS / folder).rglob("*") if p.is_file()) \
        < MAX_BYTES
    first = cv2.imread(str(frames[0]))
    assert first is not None and first.shape[:2] == (480, 640)
