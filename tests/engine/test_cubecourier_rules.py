"""CubeCourier rules (CC-*): the worked examples CC-X1..X6 verbatim, every warning code from
``play``, the win and its chain, repetition and its procedure, the button declarations."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMoveError, NotationError
from engine.games.cubecourier import (
    GAME,
    Cube,
    First,
    Place,
    Remove,
    Repeat,
    Roll,
    State,
    parse_move,
    parse_position,
)
from engine.games.cubecourier.connection import winning_chain
from engine.outcome import Outcome
from engine.table import Cell

from .test_conformance import packaged_board

BOARD = packaged_board(GAME, "standard")


def pos(text: str) -> State:
    return parse_position(text, BOARD)


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = state.play(parse_move(text))
    return state


def refused(state: State, move: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        state.play(parse_move(move))
    return info.value


# --- CC-X1: rolling ---------------------------------------------------------------------------

def test_x1_a_known_cube_rolls_by_swapping_axes() -> None:
    """CC-X1: (R, K, W) rolled north or south shows K: (K, R, W); east or west shows W:
    (W, K, R)."""
    cube = Cube.of("R", "K", "W")
    assert cube.rolled("N") == cube.rolled("S") == Cube("K", "R", "W")
    assert cube.rolled("E") == cube.rolled("W") == Cube("W", "K", "R")
    assert cube.rolled("N").rolled("S") == cube  # there and back restores the state


def test_x1_a_placed_cube_has_two_candidates_and_its_first_roll_tells() -> None:
    """CC-X1: a cube just placed with top R has candidates (R, K, W) and (R, W, K); if its
    first roll east shows K, its state is (K, W, R)."""
    placed = Cube.of("R")
    assert placed.candidates() == (Cube("R", "K", "W"), Cube("R", "W", "K"))
    assert placed.tops_after("E") == ("K", "W")
    assert placed.roll("E", "K") == Cube("K", "W", "R")
    assert placed.roll("E", "R") is None  # a roll always changes the top


def test_x1_through_the_game_a_place_then_a_roll() -> None:
    start = pos(".../.../... off=KKKRRRWW ring=none to=1")
    placed = play(start, "P R@r1c1")
    assert placed.position() == ".../.R./... off=KKKRRWW ring=r1c1 to=2"
    after = play(placed, "P K@r0c0", "r1c1-E=K")
    assert after.position() == "K../..[KWR]/... off=KKRRWW ring=r1c2 to=2"


# --- CC-X2: a winning place -------------------------------------------------------------------

X2 = "K.R/KRW/.KW off=K ring=none to=1"


def test_x2_placing_black_on_r2c0_wins_north_to_south() -> None:
    """CC-X2: placing an off-board K cube on r2c0 makes column 0 all black: the mover wins."""
    after = play(pos(X2), "P K@r2c0")
    assert after.outcome == Outcome("win", "CC-E1", 1)
    assert after.position() == "K.R/KRW/KKW off=- ring=r2c0 to=2"
    assert GAME.report(after) == {"winner": 1, "chain": ["r0c0", "r1c0", "r2c0"]}
    assert after.to_move is None and after.legal_moves() == []


def test_x2_placing_it_on_r0c1_reaches_no_opposite_edge() -> None:
    """CC-X2: on r0c1 the black group r0c0, r1c0, r0c1 reaches neither row 2 nor column 2;
    the black cube on r2c1 is not connected to it."""
    after = play(pos(X2), "P K@r0c1")
    assert after.outcome is None and after.chain is None
    assert after.to_move == 2
    assert GAME.report(after) == {"winner": None, "chain": None}


# --- CC-X3: a winning roll depends on the sides -----------------------------------------------

X3 = "..{cube}/.K./.K. off=KRRWW ring=none to=2"


def test_x3_rolling_west_shows_the_east_west_colour() -> None:
    """CC-X3: (W, R, K) on r0c2 rolled west to r0c1 shows K and wins; (W, K, R) shows R:
    no connection."""
    win = play(pos(X3.format(cube="[WRK]")), "r0c2-W")
    assert win.outcome == Outcome("win", "CC-E1", 2)
    assert win.position() == ".[KRW]./.K./.K. off=KRRWW ring=r0c1 to=1"
    assert GAME.report(win)["chain"] == ["r0c1", "r1c1", "r2c1"]
    no_win = play(pos(X3.format(cube="[WKR]")), "r0c2-W")
    assert no_win.outcome is None and no_win.at(Cell(0, 1)) == Cube("R", "K", "W")


def test_x3_unknown_sides_the_device_reads_the_result() -> None:
    """CC-X3: when the state is unknown the device cannot predict; it reads the result, so
    the move must carry the new top (both results are listed as moves)."""
    state = pos(X3.format(cube="W"))
    assert {"r0c2-W=K", "r0c2-W=R"} <= {str(m) for m in state.legal_moves()}
    assert "r0c2-W" not in {str(m) for m in state.legal_moves()}
    with pytest.raises(NotationError, match="needs the new top seen"):
        state.play(parse_move("r0c2-W"))
    assert play(state, "r0c2-W=K").outcome == Outcome("win", "CC-E1", 2)
    assert play(state, "r0c2-W=R").at(Cell(0, 1)) == Cube("R", "K", "W")


# --- CC-X4: stack -----------------------------------------------------------------------------

X4 = "R../RW./KR. off=KKW ring=none to=1"


def test_x4_stacking_onto_black_makes_column_0_red() -> None:
    """CC-X4: the red cube on r2c1 stacked onto the black cube on r2c0: column 0 shows R, R,
    R and the mover wins."""
    after = play(pos(X4), "r2c1^r2c0")
    assert after.position() == "R../RW./R^K.. off=KKW ring=r2c0 to=2"
    assert after.outcome == Outcome("win", "CC-E1", 1)
    assert GAME.report(after)["chain"] == ["r0c0", "r1c0", "r2c0"]


def test_x4_stacking_onto_r1c1_completes_nothing_f4() -> None:
    """CC-X4: stacking the same cube onto r1c1 is illegal (CC-F4): no connection results."""
    state = pos(X4)
    err = refused(state, "r2c1^r1c1")
    assert (err.code, err.reason) == ("CC-F4", "the stack completes no connection")
    assert "r2c1^r1c1" not in [str(m) for m in state.legal_moves()]
    assert "r2c1^r2c0" in [str(m) for m in state.legal_moves()]


# --- CC-X5: ring ------------------------------------------------------------------------------

X5_BEFORE = ".R./[WRK].R/.R. off=KKWW ring=none to=1"


def test_x5_the_ringed_cube_may_not_move_but_may_be_built_on() -> None:
    """CC-X5: player 1 rolls a cube onto r1c1; player 2 may not move that cube (CC-F1) but
    may place a cube next to it, or stack onto it when that wins."""
    state = play(pos(X5_BEFORE), "r1c0-E")
    assert state.position() == ".R./.[KRW]R/.R. off=KKWW ring=r1c1 to=2"
    for move in ("r1c1-W", "r1c1^r0c1", "r1c1^r1c2"):
        err = refused(state, move)
        assert err.code == "CC-F1" and err.reason == "ringed cube on r1c1 can't move"
    assert not any(str(m).startswith("r1c1") for m in state.legal_moves())
    assert play(state, "P K@r1c0").ring is not None
    win = play(state, "r1c2^r1c1")
    assert win.outcome == Outcome("win", "CC-E1", 2)
    assert str(win.chain) == "r0c1-r1c1-r2c1"
    assert refused(state, "r0c1^r1c1").code == "CC-F4"  # onto the ring, but no connection


# --- CC-X6: repetition ------------------------------------------------------------------------

P = "[KRW]../.../..[RKW] off=KKRRWW ring=r2c2 to=1"
CYCLE = ("r0c0-E", "r2c2-W", "r0c1-W", "r2c1-E")


def test_x6_third_occurrence_proposes_the_procedure_and_player_1_started() -> None:
    """CC-X6: positions P, Q, P, Q, P with player 1 moving first from the first P: the third
    occurrence of P triggers CC-R1; the starter is player 1."""
    state = pos(P)
    second = play(state, *CYCLE)
    assert second == state and second.occurrences() == 2
    assert second.repetition_starter is None
    third = play(second, *CYCLE)
    assert third.position() == P and third.occurrences() == 3
    assert third.repetition_starter == 1
    assert third.legal_moves() == state.legal_moves()  # a proposal: play may go on


def test_x6_procedure_player_1_then_player_2_removes_then_player_2_moves_first() -> None:
    """CC-X6 / CC-R3 / AMB-CC2: player 1 removes and rolls one cube, then player 2 does;
    the ring is cleared; player 2 then moves first."""
    third = play(pos(P), *CYCLE, *CYCLE)
    agreed = play(third, "repeat")
    assert agreed.position() == "[KRW]../.../..[RKW] off=KKRRWW ring=none to=1 rep=1"
    assert agreed.to_move == 1
    assert [str(m) for m in agreed.legal_moves()] == [
        "off r0c0=K", "off r0c0=R", "off r0c0=W", "off r2c2=K", "off r2c2=R", "off r2c2=W"]
    one = play(agreed, "off r0c0=W")
    assert one.position() == ".../.../..[RKW] off=KKRRWWW ring=none to=2 rep=1"
    done = play(one, "off r2c2=K")
    assert done.position() == ".../.../... off=KKKRRWWW ring=none to=2"
    assert done.to_move == 2 and done.procedure is None


def test_cc_r2_players_may_override_the_starter() -> None:
    third = play(pos(P), *CYCLE, *CYCLE)
    assert play(third, "repeat 2").position().endswith("to=2 rep=2")


def test_cc_r1_players_may_agree_at_any_time_after_a_repeat() -> None:
    """CC-R1: agreement before the threshold; CC-R2 default: the player to act in the latest
    position that occurred twice (AMB-CC3)."""
    assert play(pos(P), *CYCLE, "repeat").procedure == 1  # P (to=1) twice
    state = play(pos(P), *CYCLE, "r0c0-E")  # then Q1 (player 2 to act) a second time
    assert play(state, "repeat").procedure == 2


def test_cc_r2_without_a_repeated_position_the_starter_must_be_named() -> None:
    state = pos(P)
    err = refused(state, "repeat")
    assert err.code == "CC-R2"
    assert play(state, "repeat 2").procedure == 2


def test_cc_r3_procedure_misuse() -> None:
    agreed = play(pos(P), "repeat 1")
    assert refused(agreed, "P K@r1c1").code == "CC-R3"
    assert refused(agreed, "r0c0-E").code == "CC-R3"
    assert refused(agreed, "off r1c1=K").code == "CC-R3"  # no cube there
    assert refused(pos(P), "off r0c0=K").code == "CC-R3"  # not during play
    few = pos("K../.../... off=KKRRWWW ring=r0c0 to=2")
    assert refused(few, "repeat 1").code == "CC-R3"  # needs two cubes on the board


@pytest.mark.parametrize(("threshold", "plies"), [("2", 4), ("3", 8), ("4", 12)])
def test_option_repetition_threshold(threshold: str, plies: int) -> None:
    board = BOARD.with_options(repetition_threshold=threshold)
    state = parse_position(P, board)
    for i in range(plies):
        assert state.repetition_starter is None
        state = play(state, CYCLE[i % 4])
    assert state.repetition_starter == 1


def test_a_place_starts_a_new_history() -> None:
    state = play(pos(P), *CYCLE, "P K@r1c1")
    assert state.history == () and state.occurrences() == 1


# --- CC-S2: who moves first -------------------------------------------------------------------

def test_s2_first_player_is_named_before_the_first_move() -> None:
    start = pos(".../.../... off=KKKKRRRW ring=none to=1")
    assert play(start, "first 2").to_move == 2
    assert play(start, "first 1") == start
    assert refused(play(start, "P K@r0c0"), "first 2").code == "CC-S2"
    assert First(2) not in start.legal_moves() and Repeat() not in start.legal_moves()


# --- the warnings from play -------------------------------------------------------------------

MID = "K.R/[KRW]RW/.K. off=KR ring=r1c1 to=2"


@pytest.mark.parametrize(("move", "code", "message"), [
    ("r1c1-N", "CC-F1", "ringed cube on r1c1 can't move"),
    ("r1c1^r1c0", "CC-F1", "ringed cube on r1c1 can't move"),
    ("P W@r0c1", "CC-F2", "no off-board cube assigned W"),
    ("r1c0-N", "CC-F3", "r0c0 is not empty"),
    ("r1c0-W", "CC-F3", "no cell W of r1c0"),
    ("r0c1-S", "CC-F3", "no cube on r0c1"),
    ("r0c0-E=K", "CC-F3", "top still K: roll, don't slide"),
    ("r1c0-S=W", "CC-F3", "[KRW] rolled S shows R, not W"),
    ("P K@r1c2", "CC-F4", "no stacking from off the board"),
    ("r0c0^r1c1", "CC-F4", "r1c1 is not next to r0c0"),
    ("r0c0^r0c1", "CC-F4", "r0c1 is empty: stack onto a cube"),
    ("r0c1^r0c0", "CC-F4", "no cube on r0c1"),
    ("r0c0^r1c0", "CC-F4", "the stack completes no connection"),
])
def test_every_warning_of_play(move: str, code: str, message: str) -> None:
    state = pos(MID)
    err = refused(state, move)
    assert (err.code, err.reason, err.move) == (code, message, move)
    assert err.position == MID


def test_f4_no_third_cube_and_no_lifting_a_stack() -> None:
    state = pos("R^K../.../... off=KRRWWW ring=none to=1")
    assert state.outcome is None
    assert refused(state, "r0c0^r0c1").reason == "a stack can't be lifted"
    assert refused(state, "r0c0-E=W").code == "CC-F3"
    other = pos("R^KW./.../... off=RRWWW ring=none to=1")
    assert refused(other, "r0c1^r0c0").reason == "no third cube on r0c0"


def test_a_known_roll_may_carry_its_predicted_top() -> None:
    state = pos(MID)
    assert play(state, "r1c0-S=R") == play(state, "r1c0-S")


def test_players_may_confirm_a_top_the_tracking_did_not_predict() -> None:
    """README 3.4 step 3: the override restarts the cube's candidates from the seen top; a
    slide (the same top) stays refused."""
    state = pos(MID)
    assert refused(state, "r1c0-S=W").code == "CC-F3"
    after = play(state, "r1c0-S=W!")
    assert after.position() == "K.R/.RW/WK. off=KR ring=r2c0 to=1"
    assert play(state, "r1c0-S=R!") == play(state, "r1c0-S")  # as predicted: nothing to confirm
    assert refused(state, "r1c0-S=K!").code == "CC-F3"
    assert "r1c0-S=W!" not in [str(m) for m in state.legal_moves()]


def test_illegal_moves_never_change_the_state() -> None:
    state = pos(MID)
    before = state.position()
    for move in ("r1c1-N", "P W@r0c1", "r0c0^r1c0"):
        refused(state, move)
    assert state.position() == before


# --- CC-E1 / CC-P1 ----------------------------------------------------------------------------

def test_e1_no_move_after_the_win_and_p1_no_points() -> None:
    won = play(pos(X2), "P K@r2c0")
    err = refused(won, "r1c1-N=K")
    assert (err.code, err.reason) == ("CC-E1", "the game is over")
    assert won.score(None) is None and won.score(120.0) is None


def test_e1_adjacent_edges_do_not_connect_and_diagonals_never_count() -> None:
    """Rules section 6 (north and east is not a connection) and AMB-CC1."""
    assert winning_chain(("K", "K", "K", None, None, None, None, None, None)) is not None
    assert winning_chain(("K", "K", None, None, "K", None, None, None, None)) is None
    assert winning_chain(("K", None, None, None, "K", None, None, None, "K")) is None
    assert winning_chain(("K", "K", "K", None, None, "K", None, None, "K")) is not None


@pytest.mark.parametrize(("tops", "chain"), [
    # a cross: north-south is announced before west-east
    (".K./KKK/.K.", "K r0c1-r1c1-r2c1"),
    # two north-south paths: the first in reading order
    ("RR./RR./RR.", "R r0c0-r1c0-r2c0"),
    # a bent group: the shortest path, not the whole group
    ("W.W/WWW/..W", "W r0c2-r1c2-r2c2"),
    ("W../WW./.WW", "W r0c0-r1c0-r1c1-r2c1"),
    # only west-east
    ("..K/KKK/...", "K r1c0-r1c1-r1c2"),
    # made-up position with two colours: K before R before W
    ("RKW/RKW/RKW", "K r0c1-r1c1-r2c1"),
])
def test_the_announced_chain(tops: str, chain: str) -> None:
    cells = tuple(None if ch == "." else ch for ch in tops.replace("/", ""))
    found = winning_chain(cells)
    assert found is not None and f"{found.colour} {found}" == chain


def test_a_parsed_position_with_a_connection_is_won_by_the_player_not_to_act() -> None:
    state = pos("KKK/.../... off=KKRRW ring=none to=1")
    assert state.outcome == Outcome("win", "CC-E1", 2) and state.legal_moves() == []


# --- legal moves ------------------------------------------------------------------------------

def test_legal_moves_order_places_rolls_stacks() -> None:
    state = pos(X4)
    assert [str(m) for m in state.legal_moves()] == [
        "P K@r0c1", "P K@r0c2", "P K@r1c2", "P K@r2c2",
        "P W@r0c1", "P W@r0c2", "P W@r1c2", "P W@r2c2",
        "r0c0-E=K", "r0c0-E=W",
        "r1c1-N=K", "r1c1-N=R", "r1c1-E=K", "r1c1-E=R",
        "r2c1-E=K", "r2c1-E=W",
        "r2c1^r2c0",
    ]


def test_legal_moves_are_exactly_the_moves_play_accepts() -> None:
    """Every move text of the notation on every cell: play accepts it iff it is listed."""
    for text in (MID, X2, X4, P, X5_BEFORE):
        state = pos(text)
        listed = {str(m) for m in state.legal_moves()}
        cells = [f"r{r}c{c}" for r in range(3) for c in range(3)]
        candidates = [f"P {k}@{c}" for k in "KRW" for c in cells]
        candidates += [f"{c}-{d}={k}" for c in cells for d in "NESW" for k in "KRW"]
        candidates += [f"{a}^{b}" for a in cells for b in cells]
        for move in candidates:
            try:
                state.play(parse_move(move))
                accepted = True
            except IllegalMoveError:
                accepted = False
            base = move.split("=")[0]
            if "=" in move and base in listed:  # a known roll is listed without its top
                after = state.play(parse_move(base))
                moved = after.at(after.ring) if after.ring else None
                assert accepted == (moved is not None and move.endswith(f"={moved.top}"))
                continue
            assert accepted == (move in listed), (text, move)


def test_there_is_always_a_move_until_the_win() -> None:
    """Rules section 5: with all eight cubes on the board the empty cell has a movable
    neighbour even with the ring on one."""
    state = pos("KRW/R.K/WKR off=- ring=r1c0 to=1")
    assert [str(m) for m in state.legal_moves()] == ["r0c1-S=K", "r0c1-S=W", "r1c2-W=R",
                                                     "r1c2-W=W", "r2c1-N=R", "r2c1-N=W"]


def test_moves_are_values() -> None:
    assert parse_move("P R@r2c0") == Place("R", Cell(2, 0))
    assert parse_move("r0c2-W=K") == Roll(Cell(0, 2), "W", "K")
    assert parse_move("off r1c1=K") == Remove(Cell(1, 1), "K")
    assert parse_move("repeat") == Repeat() and parse_move("first 2") == First(2)
