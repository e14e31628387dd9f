"""The app on a two-player game (CubeCourier) from scripted view texts: whose turn, the
buttons' actions (who starts), a warning, the winner and the chain, and the record replays."""

from __future__ import annotations

from pathlib import Path

from device.app import App
from device.config import AppConfig
from device.records import read_record
from device.replay import replay
from device.screens import Game, Menu, Result

from .test_app import FakeCamera, RecordingDisplay, TextReader

SET_UP = ".../.../... off=KKKKRRRW"                 # CC-S1: eight cubes rolled beside the board


def cc_app(tmp_path: Path, script: list[tuple[float, str]]) -> App:
    config = AppConfig(game="cubecourier", side="standard", record_file=tmp_path / "r.jsonl",
                       settle_frames=1)
    reader = TextReader(game="cubecourier")
    return App(camera=FakeCamera(script), display=RecordingDisplay(),
               readers=lambda layout: reader, config=config, sleep=lambda s: None)


def test_two_players_with_the_buttons_a_warning_and_a_winner(tmp_path: Path) -> None:
    script = [(1.0, SET_UP),
              (2.0, "K../.../... off=KKKRRRW"),      # player 2 places K on r0c0
              (3.0, "K../K../... off=KKRRRW"),       # player 1 places K on r1c0
              (4.0, "K../.K./... off=KKRRRW"),       # player 2 rolls the ringed cube: CC-F1
              (5.0, "K../K../... off=KKRRRW"),       # put back
              (6.0, "K../K../K.. off=KRRRW")]        # player 2 places K on r2c0: wins
    app = cc_app(tmp_path, script)
    app.step()
    assert app.session is not None and app.session.state is not None
    game = app.current_screen()
    assert isinstance(game, Game) and game.remaining_s is None and game.to_move == 1
    app.handle_press("B")                                 # the actions: who starts
    actions = app.current_screen()
    assert isinstance(actions, Menu) and actions.items == ("player 1 starts", "player 2 starts")
    app.handle_press("A")
    app.handle_press("B")                                 # player 2 starts (CC-S2)
    assert app.session.to_move == 2 and app.actions is None
    for _ in range(3):
        app.step()
    warned = app.current_screen()
    assert isinstance(warned, Game) and warned.warning_code == "CC-F1"
    while app.step():
        pass
    result = app.current_screen()
    assert isinstance(result, Result) and result.winner == 2
    assert result.sketch is not None and result.sketch.marked == {(0, 0), (1, 0), (2, 0)}
    assert app.session.summary(app.now) == (
        "cubecourier: player 2 wins by a black chain r0c0-r1c0-r2c0 after 3 moves")
    replayed = replay(read_record(tmp_path / "r.jsonl"))
    assert replayed.disagreements == [] and replayed.summary == app.session.summary(app.now)
