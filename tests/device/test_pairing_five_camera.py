"""Pairing Five refereed from rendered frames through the real pipeline (BoardReader ->
SettleDetector -> Session): each placement, the effect's result inferred from which unused dice
changed (SAME_REROLL by all the dice of one value rolled; two dice changed where one was allowed
is PF-F6), every camera-visible broken rule warned and cleared when the table is put back, a
reroll that kept its face taken as done once a hand was seen.

The positions are PF-X1's. Each table is rendered once and read on three frames.
"""

from __future__ import annotations

import numpy as np
import pytest

from calibration.board_files import load_board
from calibration.scripts.frames import Table
from calibration.scripts.pairing_five import LAYOUT, zone_spots
from calibration.session_script import hand_at
from calibration.synthetic import Die, render_scene
from engine.games.pairing_five import GAME, parse_position
from engine.games.pairing_five.board import AREAS
from engine.games.pairing_five.notation import UNUSED_ZONE
from engine.session import Session
from engine.table import Cell
from vision.board import BoardGeometry, BoardReader, SettleDetector

DOWN_PENDING = "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=A"
NOTHING_PENDING = "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,3,5,5,6 pending=-"
REROLL_PENDING = "A=R4+. B=1+. C=6+. D=3+. E=.+. U=3,3,4,5,5,5 pending=D"
SAME_PENDING = "A=R4+. B=1+. C=6+. D=3+. E=5+. U=3,3,4,5,6 pending=E"


def table(cells: dict[str, int | str], unused: tuple[int, ...]) -> Table:
    """The board with ``cells`` ("A1" -> face, "R4" for the red die) and the ``unused`` faces,
    the k-th lying on the zone's k-th place; a die is drawn the same wherever the same face
    lies on the same place."""
    grid = {}
    for name, face in cells.items():
        r, c = AREAS.index(name[0]), int(name[1]) - 1
        red = isinstance(face, str)
        value = int(str(face).lstrip("R"))
        cx, cy = LAYOUT.cell_centre_mm(Cell(r, c))
        rng = np.random.default_rng([r, c, value, red])
        grid[(r, c)] = Die(value, "red" if red else "white", cx + float(rng.uniform(-1, 1)),
                           cy + float(rng.uniform(-1, 1)), float(rng.uniform(-20, 20)),
                           style_seed=r * 2 + c)
    dice = []
    for k, (face, spot) in enumerate(zip(unused, zone_spots())):
        rng = np.random.default_rng([k, face])
        dice.append(Die(face, "white", spot.x + float(rng.uniform(-1, 1)),
                        spot.y + float(rng.uniform(-1, 1)), float(rng.uniform(0, 90)),
                        style_seed=10 + k))
    return Table(LAYOUT, grid=grid, zones={UNUSED_ZONE: tuple(dice)})


class Camera:
    """Renders tables (once each) and reads them as the device does, three frames a table."""

    def __init__(self) -> None:
        self.reader = BoardReader(BoardGeometry(LAYOUT))
        self.images: dict[int, np.ndarray] = {}

    def frames(self, t: Table, hand: bool = False) -> list:
        scene = t.scene(hand=hand_at("E", (150.0, 95.0), 60.0, 0.4, (112, 142, 198))
                        if hand else None)
        key = hash(repr(scene))
        if key not in self.images:
            self.images[key] = render_scene(scene, seed=len(self.images) + 1)
        return [self.reader.read(self.images[key])] * (1 if hand else 3)


@pytest.fixture(scope="module")
def camera() -> Camera:
    return Camera()


def play(camera: Camera, start: str, *tables: Table | str
         ) -> tuple[Session, list[tuple[str, str]]]:
    """A session at ``start`` sees each table (``"hand"``: a hand over the last one); returns
    it and its events as (kind, code or move)."""
    board = load_board("pairing-five", "basic")
    session = Session(rules=GAME, side="basic", board=board,
                      state=parse_position(start, board))
    settle = SettleDetector(3)
    events, t, last = [], 0.0, None
    for item in tables:
        views = camera.frames(last, hand=True) if item == "hand" else camera.frames(item)
        last = last if item == "hand" else item
        for raw in views:
            t += 0.5
            session, more = session.observe(settle.update(raw), t)
            events += [(e.kind, e.data.get("code") or e.data.get("move")) for e in more
                       if e.kind != "seen"]
    return session, events


A = {"A1": "R4"}
DOWN_TABLE = table(A, (1, 1, 2, 3, 3, 5, 5, 6, 6))


def test_the_effect_to_apply_is_awaited_and_its_result_seen(camera: Camera) -> None:
    session, events = play(camera, DOWN_PENDING, DOWN_TABLE)
    assert events == [] and session.status == "apply effect: lower a die"
    session, events = play(camera, DOWN_PENDING, DOWN_TABLE,
                           table(A, (1, 1, 2, 3, 3, 5, 5, 6, 3)))
    assert events == [("move", "DOWN 6>3")]


@pytest.mark.parametrize("what, after, code", [
    ("two dice lowered where DOWN lowers one", table(A, (1, 1, 2, 3, 3, 5, 2, 6, 3)),
     "PF-F6"),
    ("a die raised by DOWN", table(A, (1, 1, 4, 3, 3, 5, 5, 6, 6)), "PF-F7"),
    ("a die placed before the effect", table({**A, "B1": 1}, (1, 2, 3, 3, 5, 5, 6, 6)),
     "PF-F8"),
    ("the placed die turned instead", table({"A1": "R3"}, (1, 1, 2, 3, 3, 5, 5, 6, 6)),
     "PF-F6"),
])
def test_an_effect_broken_is_warned_and_the_table_put_back_clears_it(
        camera: Camera, what: str, after: Table, code: str) -> None:
    session, events = play(camera, DOWN_PENDING, DOWN_TABLE, after)
    assert events == [("warning", code)], what
    session, events = play(camera, DOWN_PENDING, DOWN_TABLE, after, "hand", DOWN_TABLE)
    assert events == [("warning", code), ("warning_cleared", code)], what
    assert session.state.pending == "A"


NOTHING = table(A, (1, 1, 2, 3, 3, 3, 5, 5, 6))


@pytest.mark.parametrize("what, after, code", [
    ("an unused die turned with no effect pending", table(A, (1, 1, 2, 3, 3, 3, 1, 5, 6)),
     "PF-F6"),
    ("the placed die moved to another area", table({"B1": "R4"}, (1, 1, 2, 3, 3, 3, 5, 5, 6)),
     "PF-F8"),
    ("a 2nd cell before the 1st cells", table({**A, "B2": 1}, (1, 2, 3, 3, 3, 5, 5, 6)),
     "PF-F2"),
])
def test_a_placement_broken_is_warned(camera: Camera, what: str, after: Table,
                                      code: str) -> None:
    session, events = play(camera, NOTHING_PENDING, NOTHING, after)
    assert events == [("warning", code)], what
    assert session.state.position() == NOTHING_PENDING     # a broken rule changes nothing


def test_a_first_cell_value_already_placed_is_pf_f3(camera: Camera) -> None:
    """PF-X1's own example: after step 2 the 4 into C's 1st cell, A holding a 4."""
    start = "A=R4+. B=1+. C=.+. D=.+. E=.+. U=2,3,3,3,4,5,5,6 pending=-"
    before = table({**A, "B1": 1}, (2, 3, 3, 3, 4, 5, 5, 6))
    after = table({**A, "B1": 1, "C1": 4}, (2, 3, 3, 3, 5, 5, 6))
    session, events = play(camera, start, before, after)
    assert events == [("warning", "PF-F3")] and session.state.position() == start


def test_a_placement_is_seen_and_makes_its_effect_pending(camera: Camera) -> None:
    session, events = play(camera, NOTHING_PENDING, NOTHING,
                           table({**A, "B1": 1}, (1, 2, 3, 3, 3, 5, 5, 6)))
    assert events == [("move", "B1=1")] and session.state.pending == "B"


SAME = table({"A1": "R4", "B1": 1, "C1": 6, "D1": 3, "E1": 5}, (3, 3, 4, 5, 6))


def test_same_reroll_is_recognised_by_every_die_of_one_value_rolled(camera: Camera) -> None:
    """PF-X1 step 5: both 3s rerolled, showing 1 and 3 (one kept its face)."""
    after = table({"A1": "R4", "B1": 1, "C1": 6, "D1": 3, "E1": 5}, (1, 3, 4, 5, 6))
    session, events = play(camera, SAME_PENDING, SAME, "hand", after)
    assert events == [("handled", None), ("move", "SAME_REROLL 3:1,3")]
    assert session.state.position().endswith("U=1,3,4,5,6 pending=-")


@pytest.mark.parametrize("what, faces, code", [
    ("a value shown once rerolled", (3, 3, 2, 5, 6), "PF-F9"),
    ("dice of two values rerolled", (3, 1, 4, 2, 6), "PF-F6"),
])
def test_same_reroll_done_wrong(camera: Camera, what: str, faces: tuple[int, ...],
                                code: str) -> None:
    after = table({"A1": "R4", "B1": 1, "C1": 6, "D1": 3, "E1": 5}, faces)
    session, events = play(camera, SAME_PENDING, SAME, after)
    assert events == [("warning", code)], what
    assert session.state.position() == SAME_PENDING


def test_a_reroll_that_kept_its_face_counts_once_a_hand_was_seen(camera: Camera) -> None:
    """REROLL1 pending: the table unchanged is the reroll still to make, until a hand has
    been over the board; then the same table is the reroll done (REROLL1 3>3)."""
    reroll = table({"A1": "R4", "B1": 1, "C1": 6, "D1": 3}, (3, 3, 4, 5, 5, 5))
    session, events = play(camera, REROLL_PENDING, reroll)
    assert events == [] and session.status == "apply effect: reroll a die"
    session, events = play(camera, REROLL_PENDING, reroll, "hand", reroll)
    assert events == [("handled", None), ("move", "REROLL1 3>3")]
    assert session.state.pending is None
