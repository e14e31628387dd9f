"""The buttons' walks of Horizontal & Vertical and No Gaps (``engine.panel.Walk``): every path
ends on a legal move, every legal write, pass and tile is reachable, and the steps say and
light what the OLED shows."""

from __future__ import annotations

import json
from pathlib import Path

from engine.games.horizontal_vertical import GAME as HV
from engine.games.horizontal_vertical import parse_position as hv_position
from engine.games.horizontal_vertical.moves import Pass, Write
from engine.games.no_gaps import GAME as NG
from engine.games.no_gaps import parse_position as ng_position
from engine.games.no_gaps.moves import Reroll
from engine.panel import Walk

BOARDS = Path(__file__).resolve().parents[2] / "calibration" / "boards"
HV_EMPTY = "/".join(["....."] * 5)
NG_EMPTY = "/".join(["......"] * 6)


def hv(position: str):
    data = json.loads((BOARDS / "horizontal-vertical-total.json").read_text())
    return hv_position(position, HV.load_board("total", data, None))


def ng(position: str):
    data = json.loads((BOARDS / "no-gaps-a.json").read_text())
    return ng_position(position, NG.load_board("a", data, None))


def walked(walk: Walk) -> set[str]:
    """Every move reached by following each choice at each step to its end."""
    found: set[str] = set()
    stack: list[tuple] = [()]
    while stack:
        taken = stack.pop()
        choices = walk.choices(taken)
        if not choices:
            move = walk.move(taken)
            assert move is not None, f"a dead end after {[s.label for s in taken]}"
            found.add(move)
        stack.extend((*taken, step) for step in choices)
    return found


def test_hv_walk_is_exactly_the_legal_writes_and_passes() -> None:
    state = hv(f"{HV_EMPTY} passes=1 roll=1,3,4")
    walk = HV.panel(state).walk
    assert walk is not None
    legal = {str(m) for m in state.legal_moves() if isinstance(m, Write | Pass)}
    assert legal and walked(walk) == legal
    first = walk.choices()
    assert [s.label for s in first][-1] == "pass"
    assert all(s.cells for s in first)  # each value lights where it may be written
    for move in sorted(legal)[:20]:
        taken: tuple = ()
        for i in walk.indices(move):
            taken = (*taken, walk.choices(taken)[i])
        assert walk.move(taken) == move


def test_hv_walk_without_a_roll_enters_the_roll_and_the_panel_shows_the_passes() -> None:
    state = hv(f"{HV_EMPTY} passes=2 roll=-")
    panel = HV.panel(state)
    assert panel.walk is not None and len(walked(panel.walk)) == 56
    assert panel.lines[0] == "roll the dice  pass 2/3"
    assert len(panel.sketch.rows) == 5


def test_ng_walk_is_exactly_the_legal_tiles_and_asides() -> None:
    state = ng(f"{NG_EMPTY} used=- fresh=1,3,3,4,5,6 spent=- removed=- rerolls=0 last=-")
    walk = NG.panel(state).walk
    assert walk is not None
    legal = {str(m) for m in state.legal_moves()}
    assert walked(walk) == legal
    assert [s.label for s in walk.choices()] == ["die 1", "die 3", "die 4", "die 5", "die 6"]
    move = sorted(legal)[len(legal) // 2]
    taken: tuple = ()
    for i in walk.indices(move):
        taken = (*taken, walk.choices(taken)[i])
    assert walk.move(taken) == move
    if len(taken) == 4:  # a tile: the place's step lights the tile's cells
        assert len(taken[3].cells) >= 1


def test_ng_walk_enters_a_reroll_when_no_die_is_fresh() -> None:
    state = ng(f"{NG_EMPTY} used=- fresh=- spent=1,3,3,4,5,6 removed=- rerolls=0 last=-")
    panel = NG.panel(state)
    legal = {str(m) for m in state.legal_moves() if isinstance(m, Reroll)}
    assert panel.walk is not None and legal and walked(panel.walk) == legal
    assert panel.lines[0] == "rerolls 0/4"
