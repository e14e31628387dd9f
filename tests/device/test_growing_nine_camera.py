"""Growing Nine refereed from rendered frames through the real pipeline (BoardReader ->
SettleDetector -> Session): which die moved and where, the orientation tracked from the tops
seen, every camera-visible broken rule warned at once and cleared when the table is put back,
the appearance awaited after a white die reaches a corner.

The start is GN-X2's: red 4 on r0c3, the white die on r1c0 known as (4, 1, 2) matches red, a 1
on r2c2, three dice waiting (6, 5, 3). Each table is rendered once and read on three frames
(the settle detector needs three agreeing readings).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from calibration.board_files import load_board
from calibration.scripts.frames import Table
from calibration.scripts.growing_nine import LAYOUT, cell_die, place_die
from calibration.session_script import hand_at
from calibration.synthetic import render_scene
from engine.games.growing_nine import GAME, parse_position
from engine.games.growing_nine.notation import WAITING
from engine.session import Session
from engine.table import Cell
from vision.board import BoardGeometry, BoardReader, SettleDetector

START = "r0c3=R4 r1c0=W412 r2c2=W1 q=653"
P0 = {"r0c3": (4, True), "r1c0": (4, False), "r2c2": (1, False)}
QUEUE = {0: 6, 1: 5, 2: 3}


def table(cells: dict[str, tuple[int, bool]], places: dict[int, int] = QUEUE,
          turned: dict[str, float] | None = None) -> Table:
    """The board with ``cells`` (name -> (top, red)) and waiting ``places`` (index -> top);
    each die drawn where the same die in the same cell was drawn before (``turned``: a die
    spun in place, by that many degrees)."""
    grid = {}
    for name, (top, red) in cells.items():
        cell = Cell(int(name[1]), int(name[3]))
        rng = np.random.default_rng([cell.r, cell.c, top, red])
        die = cell_die(rng, cell, top, red, style=cell.r * 4 + cell.c)
        if turned and name in turned:
            die = replace(die, angle=die.angle + turned[name])
        grid[(cell.r, cell.c)] = die
    waiting = tuple(place_die(np.random.default_rng([k, top]), k, top, style=20 + k)
                    for k, top in places.items())
    return Table(LAYOUT, grid=grid, zones={WAITING: waiting})


class Camera:
    """Renders tables (once each) and reads them as the device does, three frames a table."""

    def __init__(self) -> None:
        self.reader = BoardReader(BoardGeometry(LAYOUT))
        self.images: dict[int, np.ndarray] = {}

    def frames(self, t: Table, hand: bool = False) -> list:
        scene = t.scene(hand=hand_at("S", (95.0, 95.0), 60.0, 0.4, (118, 148, 204))
                        if hand else None)
        key = hash(repr(scene))
        if key not in self.images:
            self.images[key] = render_scene(scene, seed=len(self.images) + 1)
        return [self.reader.read(self.images[key])] * (1 if hand else 3)


@pytest.fixture(scope="module")
def camera() -> Camera:
    return Camera()


def play(camera: Camera, *tables: Table | str) -> tuple[Session, list[tuple[str, str]]]:
    """A session at START sees each table (``"hand"``: a hand over the board); returns it and
    its events as (kind, code or move)."""
    board = load_board("growing-nine", "a")
    session = Session(rules=GAME, side="a", board=board, state=parse_position(START, board))
    settle = SettleDetector(3)
    events, t = [], 0.0
    last = None
    for item in tables:
        views = camera.frames(last, hand=True) if item == "hand" else camera.frames(item)
        last = last if item == "hand" else item
        for raw in views:
            t += 0.5
            session, more = session.observe(settle.update(raw), t)
            events += [(e.kind, e.data.get("code") or e.data.get("move")) for e in more]
    return session, events


def moved(cells: dict[str, tuple[int, bool]], src: str, dst: str, top: int
          ) -> dict[str, tuple[int, bool]]:
    out = {k: v for k, v in cells.items() if k != src}
    out[dst] = (top, cells[src][1])
    return out


@pytest.mark.parametrize("what, cells, code, message", [
    ("red rolled while r1c0 matches", moved(P0, "r0c3", "r1c3", 1), "GN-F2", "red waits"),
    ("a white die that does not match rolled", moved(P0, "r2c2", "r2c3", 3), "GN-F1",
     "r2c2 shows 1, red 4"),
    ("the matching die slid, its top unchanged", moved(P0, "r1c0", "r2c0", 4), "GN-F3",
     "this roll shows 1, not 4"),
    ("rolled two cells", moved(P0, "r1c0", "r3c0", 3), "GN-F3", "roll one cell"),
    ("turned by hand where it stands", {**P0, "r1c0": (2, False)}, "GN-F3", "turned by hand"),
])
def test_a_broken_rule_is_warned_and_the_table_put_back_clears_it(
        camera: Camera, what: str, cells, code: str, message: str) -> None:
    session, events = play(camera, table(P0), table(cells))
    assert events == [("warning", code)], what
    assert message in session.warning[1]
    session, events = play(camera, table(P0), table(cells), "hand", table(P0))
    assert events == [("warning", code), ("warning_cleared", code)], what
    assert session.state == parse_position(START, load_board("growing-nine", "a"))


def test_a_spun_die_is_caught_at_its_next_roll(camera: Camera) -> None:
    """Spinning keeps the top (the camera sees nothing wrong) but turns the sides: the die
    known as (4, 1, 2) spun a quarter turn is (4, 2, 6) and rolls north to 5, where the
    tracked orientation says 6 (README 3.3, 3.4): GN-F3."""
    spun = table(P0, turned={"r1c0": 90.0})
    session, events = play(camera, table(P0), spun)
    assert events == [] and session.warning is None
    session, events = play(camera, table(P0), spun, table(moved(P0, "r1c0", "r0c0", 5)))
    assert events == [("warning", "GN-F3")] and "shows 6, not 5" in session.warning[1]


ON_CORNER = moved(P0, "r1c0", "r0c0", 6)   # (4, 1, 2) rolled north is (6, 4, 2): legal


def test_the_appearance_is_awaited_then_seen(camera: Camera) -> None:
    """GN-A3: a white die on r0c0 makes the first waiting die (6) appear on r3c3; until it
    is there the session waits and says so; then the roll is the move."""
    session, events = play(camera, table(P0), table(ON_CORNER))
    assert events == [] and session.status == "put the 6 on r3c3"
    appeared = table({**ON_CORNER, "r3c3": (6, False)}, places={1: 5, 2: 3})
    session, events = play(camera, table(P0), table(ON_CORNER), appeared)
    assert events == [("move", "r1c0 N")]
    assert session.state.position() == "r0c0=W642 r0c3=R4 r2c2=W1 r3c3=W6 q=53"


@pytest.mark.parametrize("what, cells, places, message", [
    ("on the wrong corner", {**ON_CORNER, "r3c0": (6, False)}, {1: 5, 2: 3},
     "goes on r3c3"),
    ("taken out of order", {**ON_CORNER, "r3c3": (5, False)}, {0: 6, 2: 3},
     "take the first waiting die (6)"),
    ("turned", {**ON_CORNER, "r3c3": (2, False)}, {1: 5, 2: 3}, "don't turn it"),
])
def test_an_appearance_made_wrong_is_gn_f5(camera: Camera, what: str, cells, places,
                                           message: str) -> None:
    session, events = play(camera, table(P0), table(ON_CORNER), table(cells, places))
    assert events == [("warning", "GN-F5")], what
    assert message in session.warning[1], session.warning


def test_two_dice_moved_at_once_is_gn_f6(camera: Camera) -> None:
    both = moved(moved(P0, "r1c0", "r2c0", 1), "r2c2", "r1c2", 3)
    session, events = play(camera, table(P0), table(both))
    assert events == [("warning", "GN-F6")] and session.state.position() == START
