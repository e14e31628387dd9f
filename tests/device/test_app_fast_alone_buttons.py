"""What Growing Nine and Pairing Five leave to the buttons, through the app: B opens the
game's moves, the chosen one is played and recorded, and a replay of the record agrees."""

from __future__ import annotations

from pathlib import Path

from device.app import App
from device.config import AppConfig
from device.records import read_record
from device.replay import replay
from device.screens import Game, Menu, Result

from .test_app import FakeCamera, RecordingDisplay, TextReader


def _app(tmp_path: Path, game: str, side: str, script: list[tuple[float, str]]) -> App:
    config = AppConfig(game=game, side=side, record_file=tmp_path / "r.jsonl", settle_frames=1)
    reader = TextReader(game=game)
    return App(camera=FakeCamera(script), display=RecordingDisplay(),
               readers=lambda layout: reader, config=config, sleep=lambda s: None)


def _replays(tmp_path: Path, app: App) -> None:
    replayed = replay(read_record(tmp_path / "r.jsonl"))
    assert replayed.disagreements == [] and replayed.summary == app.session.summary(app.now)


def test_growing_nine_going_round_in_circles_is_declared_with_the_buttons(tmp_path) -> None:
    """GN-E5's declaration, which no camera sees: failure, minus the six waiting dice."""
    placed = "R3..W6/..../..../W6..W4 w=W5W6W5W5W1W1"
    app = _app(tmp_path, "growing-nine", "a", [(1.0, placed), (2.0, placed)])
    app.step()
    game = app.current_screen()
    assert isinstance(game, Game) and game.timer_running and game.lines[0] == "queue 6, red 3"
    app.handle_press("B")
    actions = app.current_screen()
    assert isinstance(actions, Menu) and actions.items == ("going round in circles",)
    app.handle_press("B")
    result = app.current_screen()
    assert isinstance(result, Result) and (result.reason, result.score) == ("GN-E5", -6)
    app.step()
    _replays(tmp_path, app)


def test_pairing_five_a_reroll_that_kept_its_face_is_confirmed_with_the_buttons(
        tmp_path) -> None:
    """REROLL1 pending (the red 4 into D): the table unchanged and no hand seen, the camera
    waits; B's 'rerolled, same faces' plays REROLL1 1>1 and the next placement may follow."""
    rolled = "A=.+. B=.+. C=.+. D=.+. E=.+. U=R4,1,1,2,3,3,5,5,6,6"
    in_d = "A=.+. B=.+. C=.+. D=R4+. E=.+. U=1,1,2,3,3,5,5,6,6"
    app = _app(tmp_path, "pairing-five", "basic", [(1.0, rolled), (2.0, in_d), (3.0, in_d),
                                                    (4.0, in_d)])
    for _ in range(3):
        app.step()
    game = app.current_screen()
    assert isinstance(game, Game) and game.lines[0] == "D: reroll a die"
    assert game.status == "apply effect: reroll a die"
    app.handle_press("B")
    actions = app.current_screen()
    assert isinstance(actions, Menu) and actions.items == ("rerolled, same faces",)
    app.handle_press("B")
    assert app.session.state.pending is None and app.session.last_move == "REROLL1 1>1"
    app.step()
    game = app.current_screen()
    assert isinstance(game, Game) and game.lines[0] == "unused 9, pairs 0/5"
    _replays(tmp_path, app)
