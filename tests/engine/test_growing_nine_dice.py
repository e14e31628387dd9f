"""Growing Nine's dice: orientation, rolling and tracking from top faces (rules README 3.3,
3.4), with the README's worked examples README-X1 and README-X2."""

from __future__ import annotations

import pytest

from engine.games.growing_nine.dice import (
    RIGHT_EAST,
    Orientation,
    east_face,
    is_orientation,
    predicted_top,
    side_faces,
    track,
    with_top,
)


def test_readme_x1_rolling_a_right_handed_die() -> None:
    """README-X1: (1, 2, 4) rolls N (5,1,4), E (3,2,1), S (2,6,4), W (4,2,6)."""
    o = Orientation(1, 2, 4)
    assert is_orientation(o, "right")
    assert o.rolled("N") == (5, 1, 4)
    assert o.rolled("E") == (3, 2, 1)
    assert o.rolled("S") == (2, 6, 4)
    assert o.rolled("W") == (4, 2, 6)


def test_readme_x1_sequence() -> None:
    """README-X1: N, N, E, E, S, W from (1, 2, 4) passes through the listed orientations."""
    o, passed = Orientation(1, 2, 4), []
    for d in "NNEESW":
        o = o.rolled(d)
        passed.append(o)
    assert passed == [(5, 1, 4), (6, 5, 4), (3, 5, 6), (1, 5, 3), (5, 6, 3), (3, 6, 2)]


def test_readme_x2_tracking_from_the_top_alone() -> None:
    """README-X2: top 1 allows four orientations; a roll north showing 5 pins (5, 1, 4); a roll
    east is then predicted to show 3, anything else is not a roll."""
    candidates = with_top(1, "right")
    assert candidates == ((1, 2, 4), (1, 3, 2), (1, 4, 5), (1, 5, 3))
    after = track(candidates, "N", 5)
    assert after == ((5, 1, 4),)
    assert predicted_top(after, "E") == 3
    assert track(after, "E", 3) == ((3, 1, 5),)
    assert track(after, "E", 4) == ()


def test_readme_3_3_consequences_of_one_roll() -> None:
    """README 3.3: one roll never shows the old top nor the old bottom; two rolls the same way
    put the old bottom on top; there and back restores the orientation."""
    for (t, n), e in RIGHT_EAST.items():
        o = Orientation(t, n, e)
        for d, back in (("N", "S"), ("E", "W"), ("S", "N"), ("W", "E")):
            assert o.rolled(d).t in side_faces(t)
            assert o.rolled(d).rolled(d).t == 7 - t
            assert o.rolled(d).rolled(back) == o


@pytest.mark.parametrize("handedness", ["right", "left"])
def test_a_roll_keeps_the_handedness_of_the_table(handedness: str) -> None:
    """The handedness table and the rolling table agree: every roll of a die of one
    handedness gives a die of the same handedness (a wrong table entry would break this)."""
    for top in range(1, 7):
        for o in with_top(top, handedness):
            assert is_orientation(o, handedness)
            for d in "NESW":
                assert is_orientation(o.rolled(d), handedness), (o, d)


def test_right_handed_one_two_three_counter_clockwise() -> None:
    """README 3.3: with 1 on top and 2 facing south, 3 is on the east (north is 5)."""
    assert east_face(1, 5, "right") == 3
    assert east_face(1, 5, "left") == 4
    assert east_face(1, 6, "right") is None and east_face(2, 2, "right") is None


def test_one_roll_from_a_top_alone_always_pins_the_orientation() -> None:
    """With a configured handedness a die is either known or top-only (what the position text
    can say): each of the four possible new tops leaves exactly one candidate."""
    for top in range(1, 7):
        for d in "NESW":
            for new in side_faces(top):
                assert len(track(with_top(top, "right"), d, new)) == 1
            assert predicted_top(with_top(top, "right"), d) is None
