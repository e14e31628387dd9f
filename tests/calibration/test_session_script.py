"""Tests of calibration.session_script: the scripted game is legal per the engine and wins."""

import pytest

from calibration.board_files import load_board
from calibration.session_script import build_script, expected_final_line, replay_views
from engine.games.unification import parse_move, parse_position
from engine.games.unification.referee import referee
from engine.referee import Verdict
from engine.table import ViewStatus


@pytest.fixture(scope="module")
def script():
    return build_script()


def test_every_push_is_legal_and_the_game_ends_in_success(script):
    state = parse_position(script.start_position, load_board("unification", "simple"))
    assert state.outcome is None and len(set(state.cells)) > 3  # a mixed start
    assert 10 <= len(script.pushes) <= 20
    for push in script.pushes:
        move = parse_move(push["move"])
        assert move in state.legal_moves(), push
        state = state.play(move)
        assert state.position() == push["position"]
    assert state.outcome is not None and state.outcome.success
    assert state.outcome.reason == "UN-E1"


def test_the_illegal_push_pushes_the_red_die_out(script):
    illegal = script.illegal
    state = parse_position(illegal["position"], load_board("unification", "simple"))
    assert illegal["code"] == "UN-F1"
    assert state.analyse(parse_move(illegal["move"]).entry).code == "UN-F1"
    wrong = [f for f in script.frames if f.kind == "illegal"]
    assert len(wrong) >= 3
    assert referee(state, wrong[-1].view).verdict is Verdict.ILLEGAL
    assert referee(state, wrong[-1].view).code == "UN-F1"


def test_frames_have_hands_between_settled_states(script):
    times = [f.t for f in script.frames]
    assert times == sorted(times) and len(set(times)) == len(times)
    runs, current = [], 0
    for frame in script.frames:
        if frame.kind == "hand":
            current += 1
        elif current:
            runs.append(current)
            current = 0
    assert len(runs) >= len(script.pushes) + 2  # every push, the put-back, the set-up
    assert all(1 <= n <= 3 for n in runs)
    hands = [f for f in script.frames if f.kind == "hand"]
    assert all(f.scene.hand is not None and f.view.status is ViewStatus.HAND for f in hands)


def test_replayed_through_the_solo_session_it_warns_once_and_succeeds(script):
    events = [e for _, _, evs in replay_views(script.frames) for e in evs]
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["setup", "timer_start"]
    assert kinds.count("move") == len(script.pushes)
    assert kinds.count("warning") == 1 and kinds.count("warning_cleared") == 1
    assert [e.data["code"] for e in events if e.kind == "warning"] == ["UN-F1"]
    end = events[-1]
    assert end.kind == "end" and end.data["outcome"] == "success"
    assert 120 <= end.data["remaining"] <= 180  # two to three minutes left
    assert expected_final_line(script.frames) == end.data["summary"]
    assert end.data["summary"].startswith("unification (simple): success with 2:")
