"""The app on Horizontal & Vertical: the camera reads the roll and the ink, and the number
written is entered with the buttons by walking the legal moves (``engine.panel.Walk``): A the
next choice, B takes it, C back a step; the rules judge the move and the record replays."""

from __future__ import annotations

from pathlib import Path

from device.app import App
from device.config import AppConfig
from device.records import read_record
from device.replay import replay
from device.screens import Game, WalkChoice, render

from .test_app import FakeCamera, RecordingDisplay, TextReader

ROLL = "roll=1@20:20,3@40:20,4@60:20 passes=-"
EMPTY = "...../...../...../...../....."


def grid(cell: tuple[int, int]) -> str:
    return "/".join("".join("#" if (r, c) == cell else "." for c in range(5)) for r in range(5))


def hv_app(tmp_path: Path, script: list[tuple[float, str]]) -> App:
    config = AppConfig(game="horizontal-vertical", side="total",
                       record_file=tmp_path / "r.jsonl", settle_frames=1)
    reader = TextReader(game="horizontal-vertical")
    return App(camera=FakeCamera(script), display=RecordingDisplay(),
               readers=lambda layout: reader, config=config, sleep=lambda s: None)


def test_a_write_is_entered_by_walking_the_legal_moves(tmp_path: Path) -> None:
    app = hv_app(tmp_path, [(1.0, f"{EMPTY} roll=- passes=-"), (2.0, f"{EMPTY} {ROLL}")])
    app.step()
    app.step()
    assert app.session is not None and app.session.state is not None
    assert app.session.state.roll == (1, 3, 4) and app.session.clock.started
    walk = app.session.summary_view(app.now).panel.walk
    assert walk is not None
    move = next(text for steps, text in walk.paths if len(steps) == 2)  # a write without X
    cell = min(next(s for s, t in walk.paths if t == move)[1].cells)
    first, second = walk.indices(move)

    app.handle_press("B")                                       # the walk opens at once
    shown = app.current_screen()
    assert isinstance(shown, WalkChoice) and (shown.index, shown.taken) == (0, ())
    assert shown.choice == "write 1" and shown.sketch.marked   # where a 1 may go is lit
    render(shown)
    for key in "A" * first + "B":
        app.handle_press(key)
    chose = app.current_screen()
    assert isinstance(chose, WalkChoice) and len(chose.taken) == 1
    app.handle_press("C")                                       # back to the value
    assert app.walker is not None and app.walker.taken == ()
    app.handle_press("C")                                       # closed
    assert app.walker is None and isinstance(app.current_screen(), Game)

    for key in "B" + "A" * first + "B" + "A" * second + "B":
        app.handle_press(key)
    assert app.walker is None and app.session.last_move == move
    assert app.session.moves == 1 and app.session.warning is None
    sketch = app.session.summary_view(app.now).panel.sketch
    assert sketch is not None and sketch.rows[cell[0]][cell[1]] != "."
    replayed = replay(read_record(tmp_path / "r.jsonl"))
    assert replayed.disagreements == [] and replayed.summary == app.session.summary(app.now)


def test_without_a_roll_in_view_the_roll_is_entered_die_by_die(tmp_path: Path) -> None:
    app = hv_app(tmp_path, [(1.0, f"{EMPTY} roll=- passes=-"), (2.0, f"{EMPTY} {ROLL}")])
    app.step()
    app.step()
    assert app.session is not None
    walk = app.session.summary_view(app.now).panel.walk
    assert walk is not None
    move = next(text for steps, text in walk.paths if len(steps) == 2)
    for key in "B" + "A" * walk.indices(move)[0] + "B" + "A" * walk.indices(move)[1] + "B":
        app.handle_press(key)
    assert app.session.last_move == move and app.session.state is not None
    assert app.session.state.roll is None                   # the roll is used up
    app.handle_press("B")
    shown = app.current_screen()
    assert isinstance(shown, WalkChoice) and shown.title == "enter the roll"
    for key in "B" "AAB" "AB":                  # 1; then 1,3 of 1..6; then 1,3,4 of 3..6
        app.handle_press(key)
    assert app.session.last_move == "roll=1,3,4" and app.session.state.roll == (1, 3, 4)


def test_a_write_entered_whose_ink_never_appears_is_warned(tmp_path: Path) -> None:
    """The camera checks the buttons: the write entered, then the dice thrown again with no
    ink in its cell is HV-F9."""
    rolled = "roll=2@20:150,5@40:170,6@60:190 passes=-"
    app = hv_app(tmp_path, [(1.0, f"{EMPTY} {ROLL}"), (2.0, f"{EMPTY} {rolled}")])
    app.step()
    assert app.session is not None
    walk = app.session.summary_view(app.now).panel.walk
    assert walk is not None
    move = next(text for steps, text in walk.paths if len(steps) == 2)
    for key in "B" + "A" * walk.indices(move)[0] + "B" + "A" * walk.indices(move)[1] + "B":
        app.handle_press(key)
    assert app.session.last_move == move
    app.step()                                   # thrown again: the written cell is blank
    assert app.session.warning is not None and app.session.warning[0] == "HV-F9"


def test_a_tile_entered_whose_ink_never_appears_is_warned(tmp_path: Path) -> None:
    """No Gaps: the tile entered with the walk, then its die spent with no ink on the entered
    cells is NG-F3 (the camera's check of an entered tile)."""
    empty = "/".join(["......"] * 6)
    config = AppConfig(game="no-gaps", side="a", record_file=tmp_path / "r.jsonl",
                       settle_frames=1)
    reader = TextReader(game="no-gaps")
    app = App(camera=FakeCamera([(1.0, f"{empty} fresh=1,2,3,4,5,6 spent=- removed=-"),
                                 (2.0, f"{empty} fresh=2,3,4,5,6 spent=1 removed=-")]),
              display=RecordingDisplay(), readers=lambda layout: reader, config=config,
              sleep=lambda s: None)
    app.step()
    assert app.session is not None and app.session.state is not None
    walk = app.session.summary_view(app.now).panel.walk
    assert walk is not None and walk.label == "enter a tile"
    move = "1:M1@r5c5"
    keys = "B" + "".join("A" * i + "B" for i in walk.indices(move))
    for key in keys:
        app.handle_press(key)
    assert app.session.last_move == move
    app.step()
    assert app.session.warning is not None and app.session.warning[0] == "NG-F3"
