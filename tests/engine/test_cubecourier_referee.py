"""CubeCourier referee step and session: every legal move is seen, each camera-visible broken
rule is named (the state kept), unchanged, pending and untrusted views, set-up (CC-S1), the
button declarations (CC-S2, CC-R1/R2) and the repetition procedure followed from views."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.games.cubecourier import GAME, State, parse_move, parse_position, view_from_text
from engine.games.cubecourier.referee import referee, step
from engine.games.cubecourier.setup import setup_from_view
from engine.referee import Judgement, Verdict
from engine.session import Session, new_session
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

from .test_conformance import packaged_board

BOARD = packaged_board(GAME, "standard")
MID = "K.R/[KRW]RW/.K. off=KR ring=r1c1 to=2"
MID_VIEW = "K.R/KR*W/.K. off=KR"
X4 = "R../RW./KR. off=KKW ring=none to=1"
P = "[KRW]../.../..[RKW] off=KKRRWW ring=r2c2 to=1"
CYCLE = ("r0c0-E", "r2c2-W", "r0c1-W", "r2c1-E")


def pos(text: str) -> State:
    return parse_position(text, BOARD)


def judge(state: State | str, view: str) -> Judgement[State]:
    state = pos(state) if isinstance(state, str) else state
    j = referee(state, view_from_text(view))
    if j.verdict is not Verdict.MOVE:
        assert j.state is state  # a broken rule, a wait or nothing new never changes the state
    return j


# --- MOVE ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("position", "view", "move", "after"), [
    (MID, "KKR/KRW/.K. off=R", "P K@r0c1", "KKR/[KRW]RW/.K. off=R ring=r0c1 to=1"),
    (MID, "KRR/KRW/.K. off=K", "P R@r0c1", "KRR/[KRW]RW/.K. off=K ring=r0c1 to=1"),
    (MID, ".RR/KRW/.K. off=KR", "r0c0-E=R", ".[RWK]R/[KRW]RW/.K. off=KR ring=r0c1 to=1"),
    (MID, "K.R/.RW/RK. off=KR", "r1c0-S", "K.R/.RW/[RKW]K. off=KR ring=r2c0 to=1"),
    (X4, "R../RW./R+.. off=KKW", "r2c1^r2c0", "R../RW./R^K.. off=KKW ring=r2c0 to=2"),
    # the camera missed the stack: a cube vanished next to one that now shows its colour
    (X4, "R../RW./R.. off=KKW", "r2c1^r2c0", "R../RW./R^K.. off=KKW ring=r2c0 to=2"),
])
def test_a_legal_move_seen(position: str, view: str, move: str, after: str) -> None:
    j = judge(position, view)
    assert (j.verdict, j.move, j.state.position()) == (Verdict.MOVE, move, after)


def _positions() -> list[State]:
    """Hand-made positions and positions from seeded random games."""
    states = [pos(t) for t in (MID, X4, P, "KRW/R.K/WKR off=- ring=r1c0 to=1")]
    rng = random.Random(11)
    for _ in range(6):
        state = GAME.random_start(BOARD, rng)
        for _ in range(rng.randint(3, 14)):
            if state.outcome is not None:
                break
            states.append(state)
            state = state.play(rng.choice(state.legal_moves()))
    return states


def test_every_legal_move_is_seen_as_itself() -> None:
    for state in _positions():
        for move in state.legal_moves():
            after = state.play(move)
            j = referee(state, GAME.expected_view(after))
            assert (j.verdict, j.move, j.state) == (Verdict.MOVE, str(move), after)


# --- ILLEGAL ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("position", "view", "code", "message", "move"), [
    # CC-F1: the ringed cube rolled
    (MID, "KKR/K.W/.K. off=KR", "CC-F1", "ringed cube on r1c1 can't move", "r1c1-N=K"),
    (MID, "K.R/K.W/.KR off=KR", "CC-F1", "ringed cube on r1c1 can't move", None),  # jumped
    # CC-F2: an off-board cube turned; a cube placed showing another colour than assigned
    (MID, "K.R/KRW/.K. off=KK", "CC-F2", "off-board R turned: turn it back", None),
    (MID, "KWR/KRW/.K. off=R", "CC-F2", "cube assigned K must show K", "P W@r0c1"),
    # CC-F3: an impossible colour after a roll, a slide, a jump over a cell
    (MID, "K.R/.RW/WK. off=KR", "CC-F3", "[KRW] rolled S shows R, not W", "r1c0-S=W"),
    (MID, "K.R/.RW/KK. off=KR", "CC-F3", "top still K: roll, don't slide", "r1c0-S=K"),
    (MID, "..R/KRW/WK. off=KR", "CC-F3", "r2c0 is not next to r0c0", None),
    ("R^K../.../... off=KRRWWW ring=none to=1", ".R+./.../... off=KRRWWW", "CC-F3",
     "a stack can't roll", None),
    # CC-F4: a stack that completes nothing, that changes the top, from off the board
    (X4, "R../RR+./K.. off=KKW", "CC-F4", "the stack completes no connection",
     "r2c1^r1c1"),
    (X4, "R../RK+./K.. off=KKW", "CC-F4", "a stacked cube stays R",
     "r2c1^r1c1"),
    (MID, "K.R/KRW/.K+. off=R", "CC-F4", "no stacking from off the board", "P K@r2c1"),
    # CC-F5: two cubes moved
    (MID, "KKR/KRW/.KR off=-", "CC-F5", "two cubes moved: put them back", None),
    (MID, ".KR/KRW/.KW off=K", "CC-F5", "two cubes moved: put them back", None),
    # CC-F6: a cube turned in place
    (MID, "W.R/KRW/.K. off=KR", "CC-F6", "r0c0 turned: put it back to K", None),
    # a cube off the board outside the repetition procedure
    (MID, "..R/KRW/.K. off=KKR", "CC-R3", "only the repetition removes cubes", None),
])
def test_each_camera_visible_broken_rule(position: str, view: str, code: str, message: str,
                                         move: str | None) -> None:
    j = judge(position, view)
    assert (j.verdict, j.code, j.message, j.move) == (Verdict.ILLEGAL, code, message, move)


# --- UNCHANGED, PENDING, UNTRUSTED --------------------------------------------------------------

@pytest.mark.parametrize("view", [
    MID_VIEW,
    "K.R/KRW/.K. off=KR",         # the ring not used
    "K*.R/KRW/.K. off=KR",        # the ring left on another cube: not a warning
    "K.R/KR*W/.K. off=RK",        # off-board cubes in another order
])
def test_unchanged(view: str) -> None:
    assert judge(MID, view).verdict is Verdict.UNCHANGED


@pytest.mark.parametrize(("view", "message"), [
    ("..R/KRW/.K. off=KR", "a cube is out of sight: finish the move"),   # lifted away
    ("K.R/KRW/.K. off=K", "a cube is out of sight: finish the move"),    # taken to be placed
])
def test_pending(view: str, message: str) -> None:
    j = judge(MID, view)
    assert (j.verdict, j.message) == (Verdict.PENDING, message)


def _with(view: TableView, **changes: object) -> TableView:
    first = view.grid[0][0]
    assert first is not None
    grid = ((replace(first, **changes), *view.grid[0][1:]), *view.grid[1:])
    return replace(view, grid=grid)


@pytest.mark.parametrize(("make", "message"), [
    (lambda v: replace(v, status=ViewStatus.HAND, note="hand over board"), "hand over board"),
    (lambda v: _with(v, confidence=0.3), "a cube is hard to read"),
    (lambda v: _with(v, colour=Colour.UNKNOWN), "a cube's colour on r0c0 is unclear"),
    (lambda v: _with(v, colour=Colour.BLUE), "a cube's colour on r0c0 is unclear"),
    (lambda v: _with(v, kind=ItemKind.DIE, face=3), "a die on r0c0: only cubes"),
    (lambda v: replace(v, outside=(Item(None, Colour.RED, kind=ItemKind.CUBE),)),
     "off-board cubes go in their zone"),
    (lambda v: replace(v, grid=v.grid[:2]), "the 3 x 3 grid is not seen whole"),
    (lambda v: view_from_text("KKR/KRW/.K. off=KR"), "9 cubes seen: the game has 8"),
    (lambda v: view_from_text("K.R/KRW/.K. off=KU"), ("a cube's colour beside the board is "
                                                     "unclear")),
])
def test_untrusted(make: object, message: str) -> None:
    view = make(view_from_text(MID_VIEW))  # type: ignore[operator]
    state = pos(MID)
    j = referee(state, view)
    assert (j.verdict, j.message, j.state) == (Verdict.UNTRUSTED, message, state)


# --- the repetition procedure seen (CC-R3) ------------------------------------------------------

PROCEDURE = "[KRW]../.../..[RKW] off=KKRRWW ring=none to=1 rep=1"


@pytest.mark.parametrize(("view", "verdict", "detail"), [
    (".../.../..R off=KKRRWWW", Verdict.MOVE, "off r0c0=W"),
    (".../.../..R off=KKRRWW", Verdict.PENDING, "roll the cube from r0c0 beside the board"),
    (".../.../... off=KKKRRWWW", Verdict.ILLEGAL, "CC-F5"),
    ("K../.../..R off=KKRRWR", Verdict.ILLEGAL, "CC-F2"),
    (".K./.../..R off=KKRRWW", Verdict.ILLEGAL, "CC-R3"),
])
def test_the_procedure_from_views(view: str, verdict: Verdict, detail: str) -> None:
    j = judge(PROCEDURE, view)
    assert j.verdict is verdict
    assert detail in (j.move, j.message, j.code)


def test_step_notes_a_repetition_when_the_threshold_is_reached() -> None:
    state = pos(P)
    for move in (*CYCLE, *CYCLE[:3]):
        state = state.play(parse_move(move))
    last = step(state, GAME.expected_view(state.play(parse_move(CYCLE[3]))), None)
    assert last.judgement.verdict is Verdict.MOVE
    (note,) = last.notes
    assert (note.kind, note.data["starter"], note.data["occurrences"]) == ("repetition", 1, 3)
    assert step(pos(P), GAME.expected_view(pos(P)), None).notes == ()


# --- set-up (CC-S1) and the session -------------------------------------------------------------

@pytest.mark.parametrize(("view", "why"), [
    (".../.../... off=KKRRWWW", "roll 8 cubes beside the board: 7 seen"),
    ("K../.../... off=KKRRWWW", "clear the board: cubes start beside it"),
    (".../.../... off=KKRRWWWU", "a cube's colour beside the board is unclear"),
    (".../.../... off=KKRRWWWK S=hand", "hand"),
])
def test_setup_waits_with_a_reason(view: str, why: str) -> None:
    assert setup_from_view(view_from_text(view), BOARD, 0.6) == (None, why)


def test_setup_s1_eight_cubes_beside_the_board() -> None:
    """CC-S1: the rulebook's example roll, 4 black, 3 red, 1 white; CC-S2: player 1 by
    default."""
    state, why = setup_from_view(view_from_text(".../.../... off=RKWKRKRK"), BOARD, 0.6)
    assert why == "" and state is not None
    assert state.position() == ".../.../... off=KKKKRRRW ring=none to=1"


def feed(session: Session, t: float, *views: str) -> tuple[Session, list[str]]:
    kinds = []
    for view in views:
        session, events = session.observe(view_from_text(view), t)
        kinds += [e.kind for e in events]
        t += 1.0
    return session, kinds


def test_a_game_followed_from_views_to_the_win() -> None:
    session = new_session("cubecourier", "standard", BOARD)
    assert session.status == "set up the cubes"
    session, kinds = feed(session, 0.0, ".../.../... off=KKKKRRRW")
    assert kinds == ["setup"] and session.to_move == 1
    session, events = session.enter("first 2", 1.0)
    assert [e.kind for e in events] == ["move"] and session.to_move == 2
    session, kinds = feed(session, 2.0,
                          "K../.../... off=KKKRRRW",      # P K@r0c0 (player 2)
                          "K../K../... off=KKRRRW",       # P K@r1c0 (player 1)
                          "K../K../..W off=KKRRR",        # P W@r2c2 (player 2)
                          "K*../K../..W off=KKRRR",       # the ring moved by hand: unchanged
                          "KKR/K../..W off=KRR")          # player 1 places two cubes
    assert kinds == ["move", "move", "move", "warning"]
    assert session.warning == ("CC-F5", "two cubes moved: put them back")
    assert session.status == "put the cubes back"
    session, kinds = feed(session, 10.0, "K../K../..W off=KKRRR",
                          "K../K../.KW off=KRRR")         # P K@r2c1 (player 1)
    assert kinds == ["warning_cleared", "move"] and session.to_move == 2
    session, kinds = feed(session, 12.0, "K../K../K.W off=KRRR")  # r2c1 rolled: ringed
    assert kinds == ["warning"] and session.warning == (
        "CC-F1", "ringed cube on r2c1 can't move")
    session, kinds = feed(session, 13.0, "K../K../.KW off=KRRR",
                          "K../K../KKW off=RRR")          # P K@r2c0 wins for player 2
    assert kinds == ["warning_cleared", "move", "end"]
    assert session.outcome is not None and session.outcome.winner == 2
    assert session.moves == 5  # the turns: "first 2" is entered, not a move made
    assert session.summary(20.0) == ("cubecourier: player 2 wins by a black chain "
                                     "r0c0-r1c0-r2c0 after 5 moves")


def test_the_session_follows_a_repetition_and_its_procedure() -> None:
    session = Session(rules=GAME, side="standard", board=BOARD, state=pos(P))
    state = pos(P)
    notes = []
    for i, move in enumerate((*CYCLE, *CYCLE)):
        state = state.play(parse_move(move))
        session, events = session.observe(GAME.expected_view(state), float(i))
        notes += [e.data for e in events if e.kind == "repetition"]
    assert notes == [{"position": P, "starter": 1, "occurrences": 3,
                      "view": "K../.../..R* off=KKRRWW"}]
    session, events = session.enter("repeat", 10.0)
    assert session.state.position() == PROCEDURE and session.to_move == 1
    session, kinds = feed(session, 11.0, ".../.../..R off=KKRRWW",  # player 1 lifts r0c0
                          ".../.../..R off=KKRRWWW",                # ... rolls it: white
                          ".../.../... off=KKKRRWWW")               # player 2 removes r2c2
    assert kinds == ["move", "move"] and session.status == ""
    assert session.state.position() == ".../.../... off=KKKRRWWW ring=none to=2"
    assert session.to_move == 2
