"""SettleDetector on sequences of per-frame readings (no images)."""

from __future__ import annotations

import pytest

from engine.table import Colour, Item, ItemKind, TableView, ViewStatus
from vision.board.settle import SettleDetector


def reading(faces: str, push: tuple[int | None, float, float] | None = (4, 20.0, 85.0),
            confidence: float = 0.9, status: ViewStatus = ViewStatus.SETTLED,
            red: tuple[int, int] = (1, 2)) -> TableView:
    """A frame's reading from a compact text: "251/463/623", '?' for an abstained die."""
    rows = []
    for r, text in enumerate(faces.split("/")):
        row = []
        for c, ch in enumerate(text):
            if ch == ".":
                row.append(None)
                continue
            colour = Colour.RED if (r, c) == red else Colour.WHITE
            face = None if ch == "?" else int(ch)
            row.append(Item(face, colour, confidence, 59.0 + 26 * c, 59.0 + 26 * r))
        rows.append(tuple(row))
    outside = () if push is None else (Item(push[0], Colour.WHITE, confidence,
                                               push[1], push[2]),)
    return TableView(grid=tuple(rows), outside=outside, status=status)


START = "251/463/623"


def feed(detector, views):
    return [detector.update(v) for v in views]


def test_three_agreeing_frames_settle():
    out = feed(SettleDetector(3), [reading(START)] * 3)
    assert [v.status for v in out] == [ViewStatus.MOVING, ViewStatus.MOVING, ViewStatus.SETTLED]
    assert out[0].note == "dice moving"
    settled = out[-1]
    assert [[d.face for d in row] for row in settled.grid] == [[2, 5, 1], [4, 6, 3], [6, 2, 3]]
    assert settled.grid[1][2].colour is Colour.RED
    assert settled.outside[0].face == 4
    assert settled.extra["settled_frames"] == 3


def test_settled_confidence_and_position_are_means_over_the_frames():
    views = [reading(START, push=(4, 20.0, 85.0), confidence=0.6),
             reading(START, push=(4, 21.0, 86.0), confidence=0.9),
             reading(START, push=(4, 22.0, 87.0), confidence=0.9)]
    settled = feed(SettleDetector(3), views)[-1]
    assert settled.status is ViewStatus.SETTLED
    assert settled.grid[0][0].confidence == pytest.approx(0.8)
    assert settled.outside[0].confidence == pytest.approx(0.8)
    assert (settled.outside[0].x_mm, settled.outside[0].y_mm) == pytest.approx((21.0, 86.0))


def test_a_changing_face_restarts_the_count():
    views = [reading(START), reading(START), reading("251/463/624"), reading("251/463/624")]
    out = feed(SettleDetector(3), views)
    assert all(v.status is ViewStatus.MOVING for v in out)
    assert SettleDetector(3).update(reading(START)).status is ViewStatus.MOVING


def test_hand_frame_passes_through_and_restarts_the_count():
    hand = TableView.unsettled(ViewStatus.HAND, "hand over board")
    out = feed(SettleDetector(3), [reading(START), reading(START), hand, reading(START),
                                   reading(START)])
    assert out[2] is hand
    assert [v.status for v in out[3:]] == [ViewStatus.MOVING, ViewStatus.MOVING]


@pytest.mark.parametrize("status", [ViewStatus.NO_BOARD, ViewStatus.UNREADABLE,
                                    ViewStatus.MOVING])
def test_unreadable_statuses_never_settle(status):
    detector = SettleDetector(2)
    bad = TableView.unsettled(status, "why")
    out = feed(detector, [reading(START), bad, reading(START)])
    assert out[1].status is status and out[1].note == "why"
    assert out[2].status is ViewStatus.MOVING


def test_rolling_die_with_changing_faces_never_settles():
    faces = "123456123456"
    views = [reading(START, push=(int(f), 20.0 + i, 85.0)) for i, f in enumerate(faces)]
    out = feed(SettleDetector(3), views)
    assert not any(v.status is ViewStatus.SETTLED for v in out)


def test_abstained_die_never_settles_and_says_why_when_it_stays():
    out = feed(SettleDetector(3), [reading("25?/463/623")] * 5)
    assert all(v.status is ViewStatus.MOVING for v in out)
    assert out[0].note == "dice moving"
    assert out[-1].note == "straighten or reroll r0c2"   # the unread die's cell


def test_unread_die_off_the_grid_is_named_as_such():
    out = feed(SettleDetector(3), [reading(START, push=(None, 20.0, 85.0))] * 3)
    assert out[-1].status is ViewStatus.MOVING
    assert out[-1].note == "straighten or reroll a die off the grid"


def test_outside_die_that_moved_more_than_tolerance_disagrees():
    views = [reading(START, push=(4, 20.0, 85.0)), reading(START, push=(4, 20.0, 85.0)),
             reading(START, push=(4, 30.0, 85.0))]
    assert feed(SettleDetector(3, tolerance_mm=4.0), views)[-1].status is ViewStatus.MOVING


def test_outside_count_change_disagrees():
    views = [reading(START), reading(START), reading(START, push=None)]
    assert feed(SettleDetector(3), views)[-1].status is ViewStatus.MOVING


def test_red_die_moving_cells_disagrees():
    views = [reading(START), reading(START), reading(START, red=(1, 1))]
    assert feed(SettleDetector(3), views)[-1].status is ViewStatus.MOVING


def test_stays_settled_while_the_table_is_still_and_reset_forgets():
    detector = SettleDetector(2)
    out = feed(detector, [reading(START)] * 4)
    assert [v.status for v in out][1:] == [ViewStatus.SETTLED] * 3
    detector.reset()
    assert detector.update(reading(START)).status is ViewStatus.MOVING


def test_frames_needed_must_be_positive():
    with pytest.raises(ValueError):
        SettleDetector(0)


def _cubes(top: Colour, off: tuple[Colour, ...]) -> TableView:
    empty: tuple[Item | None, ...] = (None, None, None)
    row = (Item(None, top, 0.9, 60.0, 60.0, kind=ItemKind.CUBE), None, None)
    zone = tuple(Item(None, c, 0.9, 160.0, 40.0 + 20 * i, kind=ItemKind.CUBE)
                 for i, c in enumerate(off))
    return TableView(grid=(row, empty, empty), zones=(("off_board", zone),))


def test_cubes_settle_on_their_colours_and_zones_and_wait_on_an_unknown_colour() -> None:
    settle = SettleDetector(2)
    assert settle.update(_cubes(Colour.RED, (Colour.BLACK,))).status is ViewStatus.MOVING
    settled = settle.update(_cubes(Colour.RED, (Colour.BLACK,)))
    assert settled.status is ViewStatus.SETTLED  # a cube's face is None: that is not unread
    assert settled.zone("off_board")[0].colour is Colour.BLACK
    assert settle.update(_cubes(Colour.RED, (Colour.WHITE,))).status is ViewStatus.MOVING
    settle.reset()
    for _ in range(3):  # a cube of no colour is never settled
        assert settle.update(_cubes(Colour.UNKNOWN, ())).status is ViewStatus.MOVING
