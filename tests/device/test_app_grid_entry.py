"""The app on 2 1 6's d4 board, where the camera can't read the values: the roll and the
placement are entered with the buttons (a cursor on the grid), judged by the rules, and the
record replays."""

from __future__ import annotations

from pathlib import Path

from device.app import App
from device.config import AppConfig
from device.records import read_record
from device.replay import replay
from device.screens import Game, GridCursor, Menu

from .test_app import FakeCamera, RecordingDisplay, TextReader

EMPTY = "......../......../......../........ T=-"


def d4_app(tmp_path: Path, script: list[tuple[float, str]]) -> App:
    config = AppConfig(game="two-one-six", side="4x4", record_file=tmp_path / "r.jsonl",
                       settle_frames=1)
    reader = TextReader(game="two-one-six")
    return App(camera=FakeCamera(script), display=RecordingDisplay(),
               readers=lambda layout: reader, config=config, sleep=lambda s: None)


def press(app: App, keys: str) -> None:
    for key in keys:
        app.handle_press(key)


def test_the_roll_and_the_placement_are_entered_on_the_grid_and_judged(tmp_path: Path) -> None:
    app = d4_app(tmp_path, [(1.0, EMPTY),
                            (2.0, "..W?..../......../......../........ T=-"),
                            (3.0, "R?W?..../......../......../........ T=-")])
    app.step()
    assert app.session is not None and app.session.state is not None
    press(app, "B")
    actions = app.current_screen()
    assert isinstance(actions, Menu) and actions.items == (
        "B starts", "A rolled 1", "A rolled 2", "A rolled 3", "A rolled 4", "place A's die")
    press(app, "AAAB")                                       # A rolled 3
    assert app.session.state.roll == 3 and app.actions is None
    press(app, "B")                                          # only the grid entry: its cursor
    cursor = app.current_screen()
    assert isinstance(cursor, GridCursor) and (cursor.cell, cursor.value) == ((0, 0), None)
    press(app, "AB")                                         # r0c1, then its value
    chosen = app.current_screen()
    assert isinstance(chosen, GridCursor) and (chosen.cell, chosen.value) == ((0, 1), "3")
    press(app, "B")
    assert app.session.last_move == "A3@r0c1" and app.cursor is None
    app.step()                                               # the camera: A's die, value unread
    assert app.session.warning is None and app.session.moves == 1

    press(app, "B")                                          # B's turn: roll offers and the grid
    assert app.current_screen().items[-1] == "place B's die"  # type: ignore[union-attr]
    press(app, "AAAAB")                                      # the grid entry, roll not entered
    press(app, "C")                                          # back from the cell: closed
    assert app.cursor is None and isinstance(app.current_screen(), Game)
    press(app, "BAAAAB" "B" "AA" "B")                        # r0c0, values 1..4: the 3
    assert app.session.last_move == "B3@r0c0" and app.session.moves == 2
    app.step()
    assert app.session.warning is None

    press(app, "BAAAAB" "B" "B")                             # A enters r0c2 = 1
    assert app.session.last_move == "A1@r0c2"
    press(app, "BB")                                         # B rolled 1 ...
    press(app, "B" "A" "B" "A" "B")                          # ... but enters 2 on r1c0: TS-F2
    screen = app.current_screen()
    assert isinstance(screen, Game) and screen.warning_code == "TS-F2"
    assert app.session.state.roll == 1 and app.session.moves == 3

    replayed = replay(read_record(tmp_path / "r.jsonl"))
    assert replayed.disagreements == [] and replayed.summary == app.session.summary(app.now)


def test_a_game_without_a_sketch_gets_an_empty_grid_holding_its_entrys_cells() -> None:
    from device.app import _blank_sketch
    from engine.panel import GridEntry

    entry = GridEntry("write", ((0, 0), (2, 3)), ("1", "2"), "r{r}c{c}={value}")
    assert _blank_sketch(entry).rows == ("....", "....", "....")
