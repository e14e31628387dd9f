"""Tests of calibration.scripts.bossa: the recorded Bossa game is legal per the engine, its
frames show every move as the referee needs them, and replayed like the device it ends in
player 1's win, with one warning and one move entered with the buttons."""

import itertools

import pytest

from calibration.board_files import load_board
from calibration.scripts import bossa
from engine.games.bossa import GAME, parse_move, parse_position
from engine.referee import Verdict
from engine.table import ViewStatus


@pytest.fixture(scope="module")
def script():
    return bossa.build_script()


def test_every_move_is_legal_and_player_1_empties_the_hand(script):
    board = load_board("bossa", "regular")
    state = parse_position(script.start_position, board)
    assert (state.to, state.phase, state.deck) == (1, "play", 17)  # the set-up's first draw
    for entry in script.moves:
        state = state.play(parse_move(entry["move"]))
        assert state.position() == entry["position"]
    assert state.outcome is not None and (state.outcome.reason, state.outcome.winner) == \
        ("BO-E1", 1)
    kinds = {m["move"].split()[0] if " " in m["move"] else "PLACE" for m in script.moves}
    assert kinds == {"DRAW", "PLACE", "REDRAW", "STACK", "EXCHANGE"}


def test_the_illegal_placement_is_bo_f4_and_the_referee_sees_it(script):
    board = load_board("bossa", "regular")
    state = parse_position(script.illegal["position"], board)
    assert script.illegal["code"] == "BO-F4"
    wrong = [f for f in script.frames if f.kind == "illegal"]
    assert len(wrong) >= 3
    judgement = GAME.referee(state, wrong[-1].view, None, 0.6).judgement
    assert (judgement.verdict, judgement.code) == (Verdict.ILLEGAL, "BO-F4")


def test_the_exchange_is_entered_with_b_a_and_b_during_hand_frames(script):
    (entered,) = script.entered
    assert entered["move"] == "EXCHANGE W0B4<>W6B0"
    presses = [b for _, b in script.presses]
    assert presses[0] == "B" and presses[-1] == "B" and set(presses[1:-1]) == {"A"}
    assert len(presses) == entered["presses"]
    hands = [f.t for f in script.frames if f.kind == "hand"]
    for t, _ in script.presses:  # each press falls between two hand frames: nothing settles
        assert any(a < t < b for a, b in itertools.pairwise(hands) if b - a < 2.0), t


def test_frames_are_timed_and_hands_are_unsettled(script):
    times = [f.t for f in script.frames]
    assert times == sorted(times) and len(set(times)) == len(times)
    hands = [f for f in script.frames if f.kind == "hand"]
    assert hands and all(f.scene.hand is not None and f.view.status is ViewStatus.HAND
                         for f in hands)
    assert 50 <= len(script.frames) <= 90  # few frames: the session stays small


def test_replayed_like_the_device_it_warns_once_and_player_1_wins(script):
    events = [e for _, _, evs in bossa.replay(script.frames, script.presses, script.entered)
              for e in evs]
    warnings = [e.data["code"] for e in events if e.kind == "warning"]
    assert warnings == ["BO-F4"]
    assert [e.kind for e in events].count("warning_cleared") == 1
    seen = [e.data["move"] for e in events if e.kind == "move"]
    assert seen == [m["move"] for m in script.moves if not m.get("entered")]
    assert bossa.expected_final_line(script) == \
        "bossa (regular): player 1 wins (hand out) after 7 turns"


def test_a_tile_drawn_and_laid_in_one_view_is_refused(monkeypatch):
    turns = list(bossa.TURNS)
    turns[4] = (1, ("DRAW W2B1", "W2=W1B1+W2B1"))
    monkeypatch.setattr(bossa, "TURNS", tuple(turns))
    with pytest.raises(ValueError, match="drawn in the same view"):
        bossa.build_script()
