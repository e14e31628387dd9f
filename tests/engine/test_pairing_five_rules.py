"""Pairing Five rules: the worked examples PF-X1..X3 verbatim, every F code (PF-F1..F10), the
end rules PF-E1..E3, scoring PF-P1 and the options, and a perft-style check that
``legal_moves`` lists exactly the moves ``play`` accepts."""

from __future__ import annotations

import json
import random
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from engine.errors import BoardDataError, IllegalMoveError
from engine.games.pairing_five import (
    GAME,
    AreaChange,
    Board,
    Change,
    Die,
    Move,
    Place,
    SameReroll,
    State,
    parse_move,
    parse_position,
)
from engine.outcome import Outcome
from engine.session import new_session

BOARDS = Path(__file__).resolve().parents[2] / "calibration" / "boards"

START_X1 = "A=.+. B=.+. C=.+. D=.+. E=.+. U=R4,1,1,2,3,3,5,5,6,6 pending=-"
AFTER_X1 = "A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5,6 pending=-"
START_X2 = "A=R4+4 B=1+. C=6+. D=3+. E=5+. U=1,6,3,5 pending=-"


def board_data(side: str) -> dict[str, object]:
    """The packaged board-definition dict of a Pairing Five side."""
    data: dict[str, object] = json.loads(
        (BOARDS / f"pairing-five-{side}.json").read_text(encoding="utf-8"))
    return data


def load(side: str, **options: str) -> Board:
    return GAME.load_board(side, board_data(side), options)


@pytest.fixture
def basic() -> Board:
    return load("basic")


@pytest.fixture
def expert() -> Board:
    return load("expert")


def play(board: Board, position: str, *moves: str) -> State:
    state = parse_position(position, board)
    for move in moves:
        state = state.play(parse_move(move))
    return state


def illegal(board: Board, position: str, move: str) -> IllegalMoveError:
    state = parse_position(position, board)
    with pytest.raises(IllegalMoveError) as info:
        state.play(parse_move(move))
    assert info.value.move == str(parse_move(move)) and info.value.position == state.position()
    return info.value


def code(board: Board, position: str, move: str) -> str:
    return illegal(board, position, move).code


# --- PF-X1 basic side, DEFAULT areas ----------------------------------------------------------

def test_x1_five_steps_verbatim(basic: Board) -> None:
    """PF-X1: red 4 into A (DOWN 6 to 3), a 1 into B (UP 1 to 4), the 6 into C (FLIP 2 to 5),
    a 3 into D (REROLL1: a 5 shows 6), a 5 into E (SAME_REROLL: the 3s show 1 and 3)."""
    steps = [
        ("A1=R4", "DOWN 6>3", "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,3,5,5,6 pending=-"),
        ("B1=1", "UP 1>4", "A=R4+. B=1+. C=.+. D=.+. E=.+. U=2,3,3,3,4,5,5,6 pending=-"),
        ("C1=6", "FLIP 2>5", "A=R4+. B=1+. C=6+. D=.+. E=.+. U=3,3,3,4,5,5,5 pending=-"),
        ("D1=3", "REROLL1 5>6", "A=R4+. B=1+. C=6+. D=3+. E=.+. U=3,3,4,5,5,6 pending=-"),
        ("E1=5", "SAME_REROLL 3:1,3", AFTER_X1),
    ]
    state = parse_position(START_X1, basic)
    for placement, effect, after in steps:
        state = state.play(parse_move(placement))
        assert state.pending == placement[0] and state.outcome is None
        state = state.play(parse_move(effect))
        assert state.position() == after
    assert [cells[0].face for cells in state.areas if cells[0]] == [4, 1, 6, 3, 5]


def test_x1_illegal_b_2nd_after_step_1_is_pf_f2(basic: Board) -> None:
    after_step_1 = "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,3,5,5,6 pending=-"
    assert code(basic, after_step_1, "B2=1") == "PF-F2"


def test_x1_illegal_4_into_c_after_step_2_is_pf_f3(basic: Board) -> None:
    after_step_2 = "A=R4+. B=1+. C=.+. D=.+. E=.+. U=2,3,3,3,4,5,5,6 pending=-"
    error = illegal(basic, after_step_2, "C1=4")
    assert (error.code, error.reason) == ("PF-F3", "4 is already in area A")


def test_x1_illegal_5_into_e_2nd_after_step_5_is_pf_f5(basic: Board) -> None:
    """The other unused dice 1, 3, 4, 6 repeat no value: SAME_REROLL cannot fire."""
    assert code(basic, AFTER_X1, "E2=5") == "PF-F5"
    assert "E2=5" not in [str(m) for m in parse_position(AFTER_X1, basic).legal_moves()]


# --- PF-X2 expert side, Area Change -----------------------------------------------------------

def test_x2_area_change_then_pm3_fires_a_third_time_in_a(expert: Board) -> None:
    """PF-X2 steps 1-4: the 5 into E 2nd swaps A and B; the 1 into A 2nd (PM3) makes the 6 a 3;
    a 3 into D 2nd (ALMIGHTY) makes the other 3 a 6; the 6 into C 2nd wins, no effect."""
    state = play(expert, START_X2, "E2=5", "AREA_CHANGE A<>B")
    assert state.position() == "A=1+. B=R4+4 C=6+. D=3+. E=5+5 U=1,3,6 pending=-"
    state = state.play(parse_move("A2=1"))
    assert state.pending == "A"  # A's effect fires a third time: A's 2nd cell was empty again
    state = state.play(parse_move("PM3 6>3"))
    assert state.position() == "A=1+1 B=R4+4 C=6+. D=3+. E=5+5 U=3,3 pending=-"
    state = play(expert, state.position(), "D2=3", "ALMIGHTY 3>6")
    assert state.position() == "A=1+1 B=R4+4 C=6+. D=3+3 E=5+5 U=6 pending=-"
    state = state.play(parse_move("C2=6"))
    assert state.position() == "A=1+1 B=R4+4 C=6+6 D=3+3 E=5+5 U=- pending=-"
    assert state.outcome == Outcome("success", "PF-E1") and state.pending is None
    assert [cells[0].face for cells in state.areas if cells[0]] == [1, 4, 6, 3, 5]


def test_x2_turning_the_3_into_6_instead_ends_in_pf_e2(expert: Board) -> None:
    """Had step 2 turned the 3 into 6: unused 6, 6; the 6 into C 2nd forces PM1 on the other 6,
    which becomes 5, and D can never be completed: failure PF-E2."""
    state = play(expert, START_X2, "E2=5", "AREA_CHANGE A<>B", "A2=1", "PM3 3>6")
    assert [str(m) for m in state.legal_moves()] == ["C2=6"]
    state = state.play(parse_move("C2=6"))
    assert [str(m) for m in state.legal_moves()] == ["PM1 6>5"]
    state = state.play(parse_move("PM1 6>5"))
    assert state.position() == "A=1+1 B=R4+4 C=6+6 D=3+. E=5+5 U=5 pending=-"
    assert state.outcome == Outcome("failure", "PF-E2") and state.legal_moves() == []
    assert state.score(200.0) == 0


# --- PF-X3 and PF-P1 --------------------------------------------------------------------------

WON = "A=1+1 B=R4+4 C=6+6 D=3+3 E=5+5 U=- pending=-"


@pytest.mark.parametrize(("remaining", "points"), [
    (299.0, 4),    # PF-X3: success with 4:59 left
    (300.0, 5), (59.9, 0), (0.0, 0), (None, 0),
])
def test_x3_score_is_whole_minutes_left(expert: Board, remaining: float | None,
                                        points: int) -> None:
    assert parse_position(WON, expert).score(remaining) == points


def test_a_failure_scores_0_whatever_the_clock(expert: Board) -> None:
    """FA-P5, AMB-FA3: a failed game scores 0 (only Growing Nine scores less)."""
    state = parse_position(WON, expert)
    assert state.score(299.0, Outcome("failure", "FA-E1")) == 0


# --- PF-F1 .. PF-F10 --------------------------------------------------------------------------

AFTER_STEP_1 = "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,3,5,5,6 pending=-"
AFTER_STEP_2 = "A=R4+. B=1+. C=.+. D=.+. E=.+. U=2,3,3,3,4,5,5,6 pending=-"
PENDING_A = "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=A"
PENDING_E = "A=R4+. B=1+. C=6+. D=3+. E=5+. U=3,3,4,5,6 pending=E"
ALL_FIRST = "A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5,6 pending=-"


@pytest.mark.parametrize(("position", "move", "expected"), [
    (START_X1, "A1=4", "PF-F1"),            # the first die is not the red one
    (START_X1, "A1=1", "PF-F1"),
    (START_X1, "A2=R4", "PF-F1"),           # the red die into a 2nd cell
    (AFTER_STEP_1, "B2=1", "PF-F2"),        # 2nd cell while B..E 1st are empty
    (AFTER_STEP_2, "C1=4", "PF-F3"),        # A holds a 4
    (ALL_FIRST, "D2=4", "PF-F4"),           # D's 1st shows 3
    (ALL_FIRST, "E2=5", "PF-F5"),           # SAME_REROLL can't fire on 1, 3, 4, 6
    (AFTER_X1, "DOWN 6>3", "PF-F6"),        # no effect pending
    (PENDING_A, "DOWN 4>3", "PF-F6"),       # no unused die shows 4 (the red 4 is placed)
    (PENDING_A, "DOWN R4>3", "PF-F6"),      # the red die is placed: effects act on unused dice
    (PENDING_E, "SAME_REROLL 3:1,2,3", "PF-F6"),  # three results for two dice
    (PENDING_A, "DOWN 2>4", "PF-F7"),       # DOWN raising
    (PENDING_A, "DOWN 2>2", "PF-F7"),
    (PENDING_A, "UP 1>4", "PF-F7"),         # A's effect is DOWN, not UP
    (PENDING_E, "REROLL1 3>1", "PF-F7"),    # E's effect is SAME_REROLL
    (PENDING_A, "B1=1", "PF-F8"),           # a second die before the effect is resolved
    (ALL_FIRST, "A1=4", "PF-F8"),           # an occupied cell
    (AFTER_STEP_2, "C1=1", "PF-F8"),        # no unused die shows 1
    (ALL_FIRST, "A1=R4", "PF-F8"),          # the red die is not unused any more
    (PENDING_A, "AREA_CHANGE A<>B", "PF-F8"),  # placed dice move only by an Area Change
    (ALL_FIRST, "AREA_CHANGE A<>B", "PF-F8"),
    (PENDING_E, "SAME_REROLL 4:1,2", "PF-F9"),  # only one die shows 4
    (PENDING_E, "SAME_REROLL 2:1,2", "PF-F9"),  # no die shows 2
    (PENDING_E, "SAME_REROLL 3:1", "PF-F9"),    # one of the two 3s left unrolled
])
def test_basic_side_codes(basic: Board, position: str, move: str, expected: str) -> None:
    assert code(basic, position, move) == expected


EXPERT_E = "A=R4+4 B=1+. C=6+. D=3+. E=5+5 U=1,3,6 pending=E"
EXPERT_PENDING_A = "A=R1+. B=.+. C=.+. D=.+. E=.+. U=1,2,3,3,4,5,6,6,6 pending=A"


@pytest.mark.parametrize(("position", "move", "expected"), [
    ("A=.+. B=.+. C=.+. D=.+. E=.+. U=R4,1,1,2,3,3,5,5,6,6", "E1=R4", "PF-F5"),  # swap
    (EXPERT_PENDING_A, "PM3 6>5", "PF-F7"),     # PM3 on a 6 gives 3
    (EXPERT_PENDING_A, "PM3 3>1", "PF-F7"),     # PM3 going the wrong way
    (EXPERT_PENDING_A, "ALMIGHTY 3>6", "PF-F7"),  # A's effect is PM3
    (EXPERT_E, "PM1 6>5", "PF-F7"),             # E's effect is AREA_CHANGE
    (EXPERT_E, "AREA_CHANGE B<>B", "PF-F10"),   # one area twice
    (EXPERT_E, "AREA_CHANGE C<>C", "PF-F10"),
    ("A=R4+4 B=1+. C=6+. D=.+. E=5+5 U=1,3,3,6 pending=E", "AREA_CHANGE A<>D",
     "PF-F10"),                                  # D is empty
])
def test_expert_side_codes(expert: Board, position: str, move: str, expected: str) -> None:
    assert code(expert, position, move) == expected


def test_almighty_must_change_the_value(expert: Board) -> None:
    position = "A=R2+. B=1+. C=6+. D=3+. E=.+. U=1,2,3,4,4,5 pending=D"
    assert code(expert, position, "ALMIGHTY 4>4") == "PF-F7"
    assert play(expert, position, "ALMIGHTY 4>1").position() == (
        "A=R2+. B=1+. C=6+. D=3+. E=.+. U=1,1,2,3,4,5 pending=-")


def test_flip_and_up_results(basic: Board) -> None:
    flip = "A=R4+. B=1+. C=6+. D=.+. E=.+. U=2,3,3,3,4,5,5 pending=C"
    assert code(basic, flip, "FLIP 2>4") == "PF-F7"
    up = "A=R4+. B=1+. C=.+. D=.+. E=.+. U=1,2,3,3,3,5,5,6 pending=B"
    assert code(basic, up, "UP 6>6") == "PF-F7"     # a 6 can't go up
    assert code(basic, up, "UP 3>2") == "PF-F7"     # UP lowering


def test_an_effect_that_cannot_fire_forbids_the_placement_pf_f5(basic: Board) -> None:
    """DOWN fires only if an unused die shows 2+; UP only if one shows 5 or less."""
    ones = "A=.+. B=.+. C=.+. D=.+. E=.+. U=R3,1,1,1,1,1,1,1,1,1"
    assert code(basic, ones, "A1=R3") == "PF-F5"
    assert [str(m) for m in parse_position(ones, basic).legal_moves()] == [
        "B1=R3", "C1=R3", "D1=R3", "E1=R3"]   # E: SAME_REROLL on the nine 1s fires
    sixes = "A=.+. B=.+. C=.+. D=.+. E=.+. U=R3,6,6,6,6,6,6,6,6,6"
    assert code(basic, sixes, "B1=R3") == "PF-F5"


def test_the_tenth_die_fires_no_effect(basic: Board) -> None:
    """PF-A1: with no unused die left the game is won and no effect fires, even one that
    could not fire (SAME_REROLL on nothing)."""
    state = play(basic, "A=R4+4 B=1+1 C=6+6 D=3+3 E=5+. U=5 pending=-", "E2=5")
    assert (state.pending, state.outcome) == (None, Outcome("success", "PF-E1"))
    assert code(basic, state.position(), "E2=5") == "PF-E1"   # the game is over


def test_area_change_keeps_the_1st_cell_first(expert: Board) -> None:
    """AMB-PF2: an area's dice fill the 1st cell first; the swap may include the area just
    played and moves the red die with its area."""
    state = play(expert, "A=R4+4 B=1+. C=6+. D=3+. E=.+. U=1,2,3,5,5 pending=-", "E1=5")
    assert [str(m) for m in state.legal_moves()][:4] == [
        "AREA_CHANGE A<>B", "AREA_CHANGE A<>C", "AREA_CHANGE A<>D", "AREA_CHANGE A<>E"]
    after = state.play(parse_move("AREA_CHANGE E<>A"))
    assert after.position() == "A=5+. B=1+. C=6+. D=3+. E=R4+4 U=1,2,3,5 pending=-"


# --- PF-E2 stuck, PF-E3 timeout ---------------------------------------------------------------

def test_e2_stuck_when_no_unused_die_fits_anywhere(basic: Board) -> None:
    stuck = parse_position("A=R4+4 B=1+1 C=6+6 D=3+. E=5+5 U=2 pending=-", basic)
    assert stuck.outcome == Outcome("failure", "PF-E2") and stuck.legal_moves() == []
    assert code(basic, stuck.position(), "D2=2") == "PF-E2"
    # with an effect pending the game goes on, whatever comes after it
    assert parse_position("A=R4+4 B=1+1 C=6+6 D=3+. E=5+5 U=2 pending=C", basic).outcome is None


def test_e3_timeout_ends_the_session_as_a_failure_scoring_0(basic: Board) -> None:
    """PF-E3 = FA-E1: the countdown reaching 0:00 before success is a failure (AMB-FA2),
    score 0 (FA-P5, AMB-FA3)."""
    session = new_session("pairing-five", "basic", basic)
    session, events = session.enter("A1=R4", 0.0)
    assert events == [] and session.state is None  # nothing to enter before the set-up
    session, _ = session.observe(GAME.expected_view(parse_position(START_X1, basic)), 10.0)
    assert session.clock.running
    session, events = session.tick(10.0 + 299.0)
    assert events == []
    session, events = session.tick(10.0 + 300.0)
    assert [e.kind for e in events] == ["end"]
    assert (session.outcome, session.score) == (Outcome("failure", "FA-E1"), 0)
    assert session.summary(400.0) == (
        "pairing-five (basic): failure (FA-E1 time is up), score 0")


# --- options ----------------------------------------------------------------------------------

def test_pm_direction_choice_is_the_default_and_literal_is_an_option() -> None:
    """AMB-PF3 (= AMB-UN4): PM2/PM1 go either way that stays in 1..6, or 1-3 up, 4-6 down."""
    position = "A=R5+. B=1+. C=.+. D=.+. E=.+. U=2,3,3,4,4,5,6,6 pending=B"
    choice = parse_position(position, load("expert"))
    literal = parse_position(position, load("expert", pm_direction="literal"))
    assert [str(m) for m in choice.legal_moves()] == [
        "PM2 2>4", "PM2 3>1", "PM2 3>5", "PM2 4>2", "PM2 4>6", "PM2 5>3", "PM2 6>4"]
    assert [str(m) for m in literal.legal_moves()] == [
        "PM2 2>4", "PM2 3>5", "PM2 4>2", "PM2 5>3", "PM2 6>4"]
    assert literal.play(parse_move("PM2 4>2")).position() == choice.play(
        parse_move("PM2 4>2")).position()
    with pytest.raises(IllegalMoveError, match="PF-F7"):
        literal.play(parse_move("PM2 3>1"))


def test_area_change_scope_others_leaves_the_played_area_out() -> None:
    """AMB-PF2 option: the two swapped areas must both differ from the area just played."""
    board = load("expert", area_change_scope="others")
    state = parse_position(EXPERT_E, board)
    assert [str(m) for m in state.legal_moves()] == [
        "AREA_CHANGE A<>B", "AREA_CHANGE A<>C", "AREA_CHANGE A<>D", "AREA_CHANGE B<>C",
        "AREA_CHANGE B<>D", "AREA_CHANGE C<>D"]
    assert code(board, EXPERT_E, "AREA_CHANGE A<>E") == "PF-F10"
    # red into A, then a die into E: only A holds a die besides E, so E can't fire
    after_a = "A=R4+. B=.+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6 pending=-"
    assert code(board, after_a, "E1=1") == "PF-F5"
    assert play(load("expert"), after_a, "E1=1").pending == "E"


@pytest.mark.parametrize(("options", "words"), [
    ({"pm_direction": "sideways"}, "pm_direction must be one of choice, literal"),
    ({"area_change_scope": "all"}, "area_change_scope must be one of any, others"),
    ({"speed": "fast"}, "unknown option 'speed'"),
])
def test_an_unknown_option_or_value_is_named(options: dict[str, str], words: str) -> None:
    with pytest.raises(BoardDataError, match=words):
        GAME.load_board("basic", board_data("basic"), options)


# --- legal_moves lists exactly what play accepts ----------------------------------------------

def every_move_text() -> list[Move]:
    """Every move the notation can write for ten d6: the universe ``legal_moves`` picks from."""
    faces = range(1, 7)
    dice = [Die(f, red) for f in faces for red in (False, True)]
    moves: list[Move] = [Place(a, c, d) for a in "ABCDE" for c in (1, 2) for d in dice]
    moves += [Change(e, d, r) for e in ("DOWN", "UP", "FLIP", "REROLL1", "PM3", "PM2", "PM1",
                                        "ALMIGHTY") for d in dice for r in faces]
    moves += [SameReroll(v, rs) for v in faces for n in range(1, 4)
              for rs in combinations_with_replacement(faces, n)]
    moves += [AreaChange(a, b) for a in "ABCDE" for b in "ABCDE" if a <= b]
    return moves


def accepted(state: State, move: Move) -> bool:
    try:
        state.play(move)
    except IllegalMoveError:
        return False
    return True


def random_positions(board: Board, seed: int, games: int) -> list[State]:
    rng = random.Random(seed)
    states = []
    for _ in range(games):
        state = GAME.random_start(board, rng)
        while state.outcome is None:
            states.append(state)
            state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


@pytest.mark.parametrize("side", ["basic", "expert"])
def test_legal_moves_are_exactly_the_accepted_moves(side: str) -> None:
    board = load(side)
    universe = every_move_text()
    for state in random_positions(board, seed=11, games=3):
        legal = state.legal_moves()
        assert len(set(legal)) == len(legal)
        expected = {m for m in universe if accepted(state, m)}
        assert {m for m in legal if m in set(universe)} == expected, state.position()
        assert all(accepted(state, m) for m in legal)
        assert (state.outcome is None) == bool(legal)
