"""Degrees between two turns of a square (``vision.top.square.turn_apart``): a square looks the
same every quarter turn, so two turns are at most 45 degrees apart, whichever is named first."""

from __future__ import annotations

import pytest

from vision.top.square import turn_apart


@pytest.mark.parametrize(("a", "b", "apart"), [(10.0, 10.0, 0.0), (5.0, 85.0, 10.0),
                                               (0.0, 45.0, 45.0), (100.0, 10.0, 0.0),
                                               (-20.0, 30.0, 40.0), (82.5, 8.76, 16.26)])
def test_turns_a_quarter_turn_apart_are_alike(a: float, b: float, apart: float) -> None:
    assert turn_apart(a, b) == pytest.approx(apart)
    assert turn_apart(b, a) == pytest.approx(apart)
