"""Unification referee step: every legal move is recognised, every broken rule is named."""

from __future__ import annotations

import random

import pytest

from engine.games.unification import Board, Slot, State, parse_position, view_from_text
from engine.games.unification.effects import rotate_times
from engine.games.unification.referee import referee
from engine.games.unification.setup import setup_from_view
from engine.referee import Judgement, Verdict
from engine.table import Colour, Item, TableView, ViewStatus

EXAMPLE = "251/46R3/623 P=4 F=none"
POSITIONS = [EXAMPLE, "425/46R3/623 P=2 F=E0", "4R33/162/546 P=2 F=W0",
             "111/1R11/121 P=6 F=S1", "666/R616/661 P=1 F=N2", "345/2R16/345 P=5 F=W1"]


def grid_text(cells: tuple[int, ...], red: int) -> str:
    """``251/46R3/623`` for nine faces and the red cell."""
    chars = [("R" if i == red else "") + str(f) for i, f in enumerate(cells)]
    return "/".join("".join(chars[r * 3:r * 3 + 3]) for r in range(3))


def seen(cells: tuple[int, ...], red: int, *outside: str) -> TableView:
    return view_from_text(f"{grid_text(cells, red)} P={','.join(outside) or '-'}")


def camera_after(state: State) -> TableView:
    """The view a camera sees of ``state``: the grid and the push die beside it."""
    return seen(state.cells, state.red, str(state.push))


def judge(state: State, text: str) -> Judgement:
    return referee(state, view_from_text(text))


def random_positions(board: Board, count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    states = []
    for _ in range(count):
        cells = tuple(rng.randint(1, 6) for _ in range(9))
        red, push = rng.randrange(9), rng.randint(1, 6)
        states.append(parse_position(f"{grid_text(cells, red)} P={push} F=none", board))
    return states


def _check_every_legal_move(state: State) -> None:
    views = _legal_views(state)
    for move in state.legal_moves():
        after = state.play(move)
        view = camera_after(after)
        j = referee(state, view)
        a = state.analyse(move.entry)
        if "REROLL" in state.board.effects(a.exit) and after.push == a.slid.out:
            # a reroll showing its old face looks like "not rolled yet": the referee waits
            assert j.verdict is Verdict.PENDING and j.message.startswith("apply effect: ")
            continue
        same_view = views[view]
        assert j.verdict is Verdict.MOVE, (state.position(), str(move), j)
        assert j.move in same_view
        if len(same_view) == 1:
            assert j.move == str(move) and j.state == after


@pytest.mark.parametrize("side", ["simple", "complex"])
def test_every_legal_move_is_recognised(side: str, simple: Board, complex_: Board) -> None:
    board = simple if side == "simple" else complex_
    states = [parse_position(p, board) for p in POSITIONS] + random_positions(board, 12, seed=7)
    for state in states:
        _check_every_legal_move(state)


def test_x1_moves_from_the_camera(simple: Board) -> None:
    state = parse_position(EXAMPLE, simple)
    j = judge(state, "425/46R3/623 P=2")
    assert (j.verdict, j.move, j.state.position()) == (  # type: ignore[attr-defined]
        Verdict.MOVE, "W0", "425/46R3/623 P=2 F=E0")
    j = judge(state, "251/6R34/623 P=2")
    assert (j.verdict, j.move) == (Verdict.MOVE, "E1=2")
    assert judge(state, "251/46R3/623 P=4").verdict is Verdict.UNCHANGED


def test_unchanged_and_illegal_never_change_the_state(simple: Board) -> None:
    state = parse_position(EXAMPLE, simple)
    for text in ("251/46R3/623 P=4", "425/46R3/623 P=3", "R251/463/623 P=4", "251/46R3/623 P=-"):
        assert judge(state, text).state is state


# --- PENDING: push done, effect not applied yet ------------------------------------------------

@pytest.mark.parametrize(("side", "view", "message"), [
    ("simple", "425/46R3/623 P=1", "apply effect: +1"),            # W0, 1 still shows 1
    ("simple", "254/461/62R3 P=3", "apply effect: flip"),           # N2, FLIP 3 not done
    ("simple", "251/6R34/623 P=4", "apply effect: reroll"),         # E1, not rerolled yet
    ("complex", "514/46R3/623 P=2", "apply effect: rotate grid"),   # E0, grid not turned
    ("complex", "251/6R34/623 P=4", "apply effect: red die to 4"),  # E1, PARADIGM not done
    ("complex", "261/42R3/643 P=5", "apply effect: +/-1"),          # S1, PM1 choice pending
])
def test_pending_effect(side: str, view: str, message: str, simple: Board,
                        complex_: Board) -> None:
    state = parse_position(EXAMPLE, simple if side == "simple" else complex_)
    j = judge(state, view)
    assert (j.verdict, j.message, j.code) == (Verdict.PENDING, message, None)
    assert j.state is state


# --- ILLEGAL: each broken rule named -------------------------------------------------------------

def test_f1_red_die_pushed_out(simple: Board) -> None:
    # W1: row 1 (4 6 R3) slides east, the red 3 falls out on the east side
    j = judge(parse_position(EXAMPLE, simple), "251/446/623 P=R3")
    assert (j.verdict, j.code, j.message) == (Verdict.ILLEGAL, "UN-F1", "red die can't leave")


def test_f2_pushing_back(simple: Board) -> None:
    state = parse_position("425/46R3/623 P=2 F=E0", simple)
    # E0 from here: row 0 (4 2 5) slides west, P=2 at r0c2, the 4 leaves W0 (REROLL shows 6)
    j = judge(state, "252/46R3/623 P=6")
    assert (j.verdict, j.code, j.move, j.message) == (
        Verdict.ILLEGAL, "UN-F2", "E0", "no pushing back")


def test_f3_effect_cannot_fire(simple: Board) -> None:
    # S2: column 2 (1 R3 3) slides north, P=4 at r2c2, the 1 leaves N2 where DEC1 cannot fire
    j = judge(parse_position(EXAMPLE, simple), "25R3/463/624 P=1")
    assert (j.verdict, j.code, j.move) == (Verdict.ILLEGAL, "UN-F3", "S2")
    assert j.message == "-1 can't apply to a 1"


@pytest.mark.parametrize(("view", "message"), [
    ("425/46R3/623 P=2,5", "two dice out"),
    ("442/546/6R23 P=1", "more than one line moved: put the dice back"),  # rows 0 and 2 moved
    ("251/46R3/6.3 P=2", "r2c1 is empty: one line, one cell"),
])
def test_f4_more_than_one_line_or_two_dice_out(simple: Board, view: str, message: str) -> None:
    j = judge(parse_position(EXAMPLE, simple), view)
    assert (j.verdict, j.code, j.message) == (Verdict.ILLEGAL, "UN-F4", message)


@pytest.mark.parametrize(("side", "view", "move"), [
    ("simple", "425/46R3/623 P=3", "W0"),   # INC1 on 1 gives 2, not 3
    ("complex", "425/46R3/623 P=5", "W0"),  # PM2 on 1 gives 3 only (UN-X2)
    ("complex", "261/42R3/643 P=2", "S1"),  # PM1 on 5 gives 4 or 6, not 2
    ("complex", "251/46R3/462 P=2", "W2"),  # PM2 on 3 gives 1 or 5, not 2
])
def test_f5_wrong_effect_result(side: str, view: str, move: str, simple: Board,
                                complex_: Board) -> None:
    state = parse_position(EXAMPLE, simple if side == "simple" else complex_)
    j = judge(state, view)
    assert (j.verdict, j.code, j.move) == (Verdict.ILLEGAL, "UN-F5", move)


def test_f5_paradigm_wrong_red_face(complex_: Board) -> None:
    j = judge(parse_position(EXAMPLE, complex_), "251/6R54/623 P=4")
    assert (j.code, j.message) == ("UN-F5", "paradigm shift: red die must show 4")


def test_f6_rotations(simple: Board, complex_: Board) -> None:
    state = parse_position(EXAMPLE, complex_)
    a = state.analyse(Slot("E", 0))
    for turns, verdict in ((1, Verdict.MOVE), (2, Verdict.ILLEGAL), (3, Verdict.ILLEGAL)):
        j = referee(state, seen(*rotate_times(a.slid.cells, a.slid.red, turns), "2"))
        assert j.verdict is verdict
        if verdict is Verdict.ILLEGAL:
            assert (j.code, j.move) == ("UN-F6", "E0")
    # W0 on the simple side has no ROTATE: turning the grid afterwards is UN-F6
    s = parse_position(EXAMPLE, simple)
    w0 = s.analyse(Slot("W", 0))
    j = referee(s, seen(*rotate_times(w0.slid.cells, w0.slid.red, 1), "2"))
    assert (j.code, j.move) == ("UN-F6", "W0")
    # no push at all, grid turned
    j = referee(s, seen(*rotate_times(s.cells, s.red, 1), "4"))
    assert j.code == "UN-F6"


def test_f7_red_face_changed_or_red_missing(simple: Board) -> None:
    state = parse_position(EXAMPLE, simple)
    assert judge(state, "251/46R5/623 P=4").code == "UN-F7"
    assert judge(state, "425/46R6/623 P=2").code == "UN-F7"  # during a legal W0
    j = judge(state, "251/463/623 P=4")
    assert (j.code, j.message) == ("UN-F7", "red die missing")


def test_f8_die_turned_by_hand_or_wrong_push_die(simple: Board) -> None:
    state = parse_position(EXAMPLE, simple)
    j = judge(state, "551/46R3/623 P=4")
    assert (j.code, j.message) == ("UN-F8", "die on r0c0 turned by hand")
    j = judge(state, "251/46R3/623 P=5")
    assert (j.code, j.message) == ("UN-F8", "push die turned by hand: put it back to 4")
    # W0 pushed with a 5 instead of P=4
    j = judge(state, "525/46R3/623 P=2")
    assert (j.code, j.move) == ("UN-F8", "W0")


# --- UNTRUSTED --------------------------------------------------------------------------------

def test_untrusted_views_never_judge(simple: Board) -> None:
    state = parse_position(EXAMPLE, simple)
    legal = view_from_text("425/46R3/623 P=2")
    hand = TableView(grid=legal.grid, outside=legal.outside, status=ViewStatus.HAND,
                     note="hand over board")
    low = TableView(grid=legal.grid, outside=(Item(2, confidence=0.3),))
    cases = {
        "hand over board": hand,
        "straighten or reroll r2c2": view_from_text("425/46R3/62? P=2"),
        "a die is hard to read": low,
        "a die's colour is unclear": view_from_text("425/46U3/623 P=2"),
        "push die not seen": view_from_text("251/46R3/623 P=-"),
    }
    for message, view in cases.items():
        j = referee(state, view)
        assert (j.verdict, j.message, j.state) == (Verdict.UNTRUSTED, message, state)
    assert referee(state, low, min_confidence=0.2).verdict is Verdict.MOVE


# --- set-up ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("view", "reason"), [
    ("251/46R3/6.. P=4", "set up the dice: 7 of 9 in the grid"),
    ("251/463/623 P=R4", "exactly one red die in the grid"),
    ("2R51/46R3/623 P=4", "exactly one red die in the grid"),
    ("251/46R3/623 P=-", "put the push die beside the board"),
    ("251/46R3/623 P=4,5", "only the push die beside the board"),
    ("251/46R3/623 P=4 S=hand", "hand"),
])
def test_setup_reasons(simple: Board, view: str, reason: str) -> None:
    assert setup_from_view(view_from_text(view), simple) == (None, reason)


def test_setup_gives_the_initial_state(simple: Board) -> None:
    state, why = setup_from_view(view_from_text("251/46R3/623 P=4"), simple)
    assert why == "" and state is not None
    assert state.position() == EXAMPLE
    assert Colour.RED.value == "red"


# --- seeded property checks: no illegal push accepted, no tampered view taken for a move ---------

def _legal_views(state: State) -> dict[TableView, list[str]]:
    views: dict[TableView, list[str]] = {}
    for m in state.legal_moves():
        views.setdefault(camera_after(state.play(m)), []).append(str(m))
    return views


@pytest.mark.parametrize("side", ["simple", "complex"])
def test_forbidden_pushes_are_named_never_accepted(side: str, simple: Board,
                                                   complex_: Board) -> None:
    board = simple if side == "simple" else complex_
    rng = random.Random(11)
    named = 0
    for state in random_positions(board, 60, seed=3):
        state = parse_position(state.position().replace("F=none",
                                                        f"F={rng.choice('NESW')}{rng.randrange(3)}"),
                               board)
        legal_arrangements = {(a.slid.cells, a.slid.red) for a in state.analyses()
                              if a.code is None}
        for a in state.analyses():
            if a.code not in ("UN-F2", "UN-F3"):
                continue
            view = seen(a.slid.cells, a.slid.red, str(a.slid.out))
            j = referee(state, view)
            assert j.verdict is not Verdict.MOVE or view in _legal_views(state)
            if (a.slid.cells, a.slid.red) in legal_arrangements or view in _legal_views(state):
                continue  # the same table could come from a legal push: nothing to name
            same = {(b.code, str(b.entry)) for b in state.analyses()
                    if b.code in ("UN-F2", "UN-F3") and seen(b.slid.cells, b.slid.red,
                                                             str(b.slid.out)) == view}
            assert j.verdict is Verdict.ILLEGAL and (j.code, j.move) in same
            named += 1
    assert named > 50


@pytest.mark.parametrize("side", ["simple", "complex"])
def test_a_die_changed_after_a_legal_push_is_never_a_move(side: str, simple: Board,
                                                          complex_: Board) -> None:
    board = simple if side == "simple" else complex_
    rng = random.Random(5)
    illegal = 0
    for state in random_positions(board, 30, seed=9):
        legal = _legal_views(state)
        for move in state.legal_moves():
            after = state.play(move)
            cells = list(after.cells)
            i = rng.randrange(9)
            cells[i] = rng.choice([f for f in range(1, 7) if f != cells[i]])
            view = seen(tuple(cells), after.red, str(after.push))
            j = referee(state, view)
            if j.verdict is Verdict.MOVE:
                assert view in legal
            illegal += j.verdict is Verdict.ILLEGAL
            if j.verdict is Verdict.ILLEGAL and i != after.red:
                assert j.code in ("UN-F3", "UN-F5", "UN-F6", "UN-F7", "UN-F8")
    assert illegal > 100
