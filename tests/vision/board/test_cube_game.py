"""The recorded CubeCourier game end to end through the real pipeline: every frame of
``device/sessions/cubecourier-standard`` goes through ``BoardReader`` -> ``SettleDetector`` ->
``engine.session.Session``, as on the device, and the game comes out as it was played: the
moves, the CC-F1 warning and its clearing, the winner and the final line."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from calibration.board_files import load_board, load_layout
from engine.games.cubecourier import view_to_text
from engine.session import Session, new_session
from vision.board.geometry import BoardGeometry
from vision.board.pipeline import BoardReader
from vision.board.settle import SettleDetector

SESSION = Path(__file__).resolve().parents[3] / "device" / "sessions" / "cubecourier-standard"


@pytest.fixture(scope="module")
def played() -> tuple[Session, list, list[str], dict]:
    """(the final session, every event, the still frames' views as read, expected.json)."""
    document = json.loads((SESSION / "session.json").read_text(encoding="utf-8"))
    expected = json.loads((SESSION / "expected.json").read_text(encoding="utf-8"))
    reader = BoardReader(BoardGeometry(load_layout("cubecourier", "standard")))
    settle = SettleDetector(3)
    session = new_session("cubecourier", "standard", load_board("cubecourier", "standard"))
    events, read = [], []
    for frame, labelled in zip(document["frames"], expected["views"]):
        view = reader.read(cv2.imread(str(SESSION / frame["file"])))
        if labelled["kind"] != "hand":
            read.append(view_to_text(view))
        session, more = session.observe(settle.update(view), frame["t"])
        events += more
    return session, events, read, expected


def test_every_move_is_refereed_as_played(played):
    _, events, _, expected = played
    moves = [e.data["move"] for e in events if e.kind == "move"]
    assert len(moves) >= 12
    assert moves == [m["move"] for m in expected["moves"]]
    assert any(m.startswith("P ") for m in moves)
    assert any("-" in m and "=" not in m for m in moves)  # a roll whose side was tracked
    assert "^" in moves[-1] or "-" in moves[-1]           # won by a stack or a roll


def test_the_ringed_cube_rolled_is_warned_and_cleared_when_put_back(played):
    _, events, _, expected = played
    kinds = [(e.kind, e.data.get("code")) for e in events if e.kind.startswith("warning")]
    assert kinds == [("warning", "CC-F1"), ("warning_cleared", "CC-F1")]
    warning = next(e for e in events if e.kind == "warning")
    assert warning.data["move"] == expected["illegal"]["move"]


def test_the_winner_and_the_final_line(played):
    session, events, _, expected = played
    end = next(e for e in events if e.kind == "end")
    assert end.data["reason"] == "CC-E1" and end.data["winner"] in (1, 2)
    assert session.summary(end.t) == expected["final_line"]
    assert expected["final_line"].startswith(f"cubecourier: player {end.data['winner']} wins "
                                             f"by a ")


def test_still_frames_read_as_labelled(played):
    _, _, read, expected = played
    stills = [v["view"] for v in expected["views"] if v["kind"] != "hand"]
    wrong = [(i, got, want) for i, (got, want) in enumerate(zip(read, stills)) if got != want]
    assert len(wrong) <= 2, wrong[:3]  # a frame may abstain, none may read another table

