"""2 1 6 rules: the worked examples TS-X1..X5 verbatim, every F code of a move, the end
(TS-E1), scoring (TS-P1..P4) and every option (TS-O1..O4, AMB-TS1..TS5)."""

from __future__ import annotations

import pytest

from engine.errors import BoardDataError, IllegalMoveError, NotationError
from engine.games import two_one_six as ts
from engine.games.two_one_six.lines import grid_lines
from engine.games.two_one_six.scoring import dominator

from .two_one_six_support import (
    BEFORE_LAST,
    OWNERS,
    VALUES,
    board,
    empty,
    example_end,
)


def tally(state: ts.State) -> dict[str, tuple[str | None, int]]:
    report = ts.GAME.report(state)
    lines = report["lines"]
    assert isinstance(lines, list)
    return {e["name"]: (e["dominated_by"], e["points"]) for e in lines}


def scores(state: ts.State) -> object:
    return ts.GAME.report(state)["scores"]


def play(state: ts.State, text: str) -> ts.State:
    return state.play(ts.GAME.parse_move(text, state))


def code_of(state: ts.State, text: str) -> str:
    with pytest.raises(IllegalMoveError) as info:
        play(state, text)
    assert info.value.position == state.position() and info.value.move == text
    return info.value.code


# --- the worked example (section 9) ----------------------------------------------------------

def test_ts_x1_the_example_table_line_by_line() -> None:
    """TS-X1's table: each line's A-B cells, its total and who dominates it (TS-P1, TS-P2)."""
    table = {  # line: (A cells, B cells, total, dominated by)
        "r0": (6, 0, 21, "A"), "r1": (0, 6, 21, "B"), "r2": (2, 4, 15, "B"),
        "r3": (1, 5, 22, "B"), "r4": (5, 1, 18, "A"), "r5": (4, 2, 27, "A"),
        "c0": (4, 2, 21, "A"), "c1": (3, 3, 21, None), "c2": (3, 3, 18, None),
        "c3": (2, 4, 18, "B"), "c4": (4, 2, 23, "A"), "c5": (2, 4, 23, "B"),
    }
    owners, values = "".join(OWNERS), [int(v) for v in "".join(VALUES)]
    assert owners.count("A") == owners.count("B") == 18  # "each player owns 18 cells"
    for line in grid_lines(6, diagonals=False):
        a = sum(owners[i] == "A" for i in line.cells)
        total = sum(values[i] for i in line.cells)
        holder = dominator([a, 6 - a])
        letter = None if holder is None else "AB"[holder]
        assert (a, 6 - a, total, letter) == table[line.name], line.name


def test_ts_x1_base_rules_a_120_b_109_a_wins() -> None:
    """TS-X1: A = 31 + 18 + 27 + 21 + 23 = 120; B = 31 + 15 + 22 + 18 + 23 = 109. A wins."""
    end = example_end()
    lines = tally(end)
    assert [lines[n][1] for n in ("r0", "r4", "r5", "c0", "c4")] == [31, 18, 27, 21, 23]
    assert [lines[n][1] for n in ("r1", "r2", "r3", "c3", "c5")] == [31, 15, 22, 18, 23]
    assert lines["c1"] == lines["c2"] == (None, 0)
    assert scores(end) == {"A": 120, "B": 109}
    assert end.outcome is not None
    assert (end.outcome.result, end.outcome.reason, end.outcome.winner) == ("A", "TS-E1", 1)


def test_ts_x2_option_own_cells_a_94_b_93() -> None:
    """TS-X2 (TS-P2 option line_total=own_cells): A = 94, B = 93."""
    assert scores(example_end(line_total="own_cells")) == {"A": 94, "B": 93}


def test_ts_x3_diagonals_a_134_b_109_and_handicap_4_gives_b_113() -> None:
    """TS-X3 (TS-O1): main diagonal 3-3 nobody; anti-diagonal 4-2 for A, total 14."""
    end = example_end(diagonals="on")
    assert tally(end)["main"] == (None, 0)
    assert tally(end)["anti"] == ("A", 14)
    assert scores(end) == {"A": 134, "B": 109}
    with_handicap = example_end(diagonals="on", handicap="4")
    assert scores(with_handicap) == {"A": 134, "B": 113}
    assert tally(with_handicap)["handicap"] == ("B", 4)


def test_ts_x4_area_domination_b_adds_16() -> None:
    """TS-X4 (TS-O3): A's largest group 10 cells, B's 16: B adds 16, A 120 and B 125."""
    from engine.games.two_one_six.scoring import largest_group
    end = example_end(area="on")
    assert (largest_group(end.cells, 6, 0), largest_group(end.cells, 6, 1)) == (10, 16)
    assert tally(end)["area"] == ("B", 16)
    assert scores(end) == {"A": 120, "B": 125}
    assert end.outcome is not None and end.outcome.result == "B"


def test_ts_x5_b_writing_into_full_row_1_is_ts_f1() -> None:
    """TS-X5: B writing into row 1 (r0) after it is full: TS-F1."""
    state = ts.GAME.parse_position(f"{BEFORE_LAST} to=B roll=3", board())
    assert code_of(state, "B3@r0c2") == "TS-F1"


def test_ts_x5_a_writing_a_5_after_rolling_a_2_is_ts_f2() -> None:
    """TS-X5: A writing a 5 after rolling a 2: TS-F2."""
    state = ts.GAME.parse_position(f"{empty(6)} to=A roll=2", board())
    assert code_of(state, "A5@r2c3") == "TS-F2"
    assert play(state, "A2@r2c3").cells[2 * 6 + 3] == ts.Entry(0, 2)


# --- TS-A1 and the F codes of a move ---------------------------------------------------------

def test_ts_a1_a_placement_fills_the_cell_and_passes_the_turn() -> None:
    state = ts.GAME.parse_position(f"{empty(6)} to=A roll=5", board())
    after = play(state, "A5@r2c3")
    assert after.cells[2 * 6 + 3] == ts.Entry(0, 5)
    assert (after.to, after.roll, after.to_move) == (1, None, 2)
    assert after.position().endswith(" to=B")
    assert state.roll == 5  # the position before is a value: unchanged


@pytest.mark.parametrize(("first", "fields", "move", "code"), [
    ("A6", "to=B", "B2@r0c0", "TS-F1"),            # TS-F1 a filled cell
    ("A6", "to=B roll=2", "B2@r0c0", "TS-F1"),
    ("..", "to=A roll=2", "A3@r0c0", "TS-F2"),     # TS-F2 not the roll
    ("..", "to=A", "A7@r0c0", "TS-F2"),            # TS-F2 outside the d6
    ("..", "to=A", "A0@r0c0", "TS-F2"),
    ("..", "to=A roll=4", "roll=4", "TS-F2"),      # TS-F2 rolling again
    ("..", "to=A", "roll=9", "TS-F2"),
    ("..", "to=A", "B3@r0c0", "TS-F3"),            # TS-F3 out of turn
    ("..", "to=B roll=3", "A3@r0c0", "TS-F3"),
    ("A6", "to=B", "start=A", "TS-F3"),            # TS-F3 the order is set before play
    ("..", "to=A roll=3", "start=B", "TS-F3"),
])
def test_every_f_code_of_a_move(first: str, fields: str, move: str, code: str) -> None:
    state = ts.GAME.parse_position(f"{first}{empty(6)[2:]} {fields}", board())
    assert code_of(state, move) == code


def test_checks_go_in_rule_order_f1_then_f2_then_f3() -> None:
    """B, out of turn, writes a wrong value on a filled cell: TS-F1 first, then TS-F2, F3."""
    state = ts.GAME.parse_position(f"A6{empty(6)[2:]} to=A roll=2", board())
    assert code_of(state, "B5@r0c0") == "TS-F1"
    assert code_of(state, "B5@r0c1") == "TS-F2"
    assert code_of(state, "B2@r0c1") == "TS-F3"


def test_a_cell_off_the_grid_or_a_player_not_in_the_game_is_a_notation_error() -> None:
    state = ts.GAME.parse_position(f"{empty(6)} to=A", board())
    for text in ("A5@r6c0", "A5@r0c6", "C5@r0c0", "start=C"):
        with pytest.raises(NotationError):
            ts.GAME.parse_move(text, state)
    with pytest.raises(NotationError, match="off the 6x6 grid"):
        state.play(ts.Place(0, 5, 6, 0))


# --- the button-entered forms: roll=N, start=X --------------------------------------------------

def test_a_roll_is_kept_in_the_position_and_checks_the_placement() -> None:
    state = ts.GAME.parse_position(f"{empty(4)} to=B", board("4x4"))
    rolled = play(state, "roll=3")
    assert rolled.position() == f"{empty(4)} to=B roll=3"
    assert code_of(rolled, "B4@r1c2") == "TS-F2"
    assert code_of(state, "roll=5") == "TS-F2"  # a d4 has no 5
    assert play(rolled, "B3@r1c2").position() == "......../....B3../......../........ to=A"


def test_ts_s2_start_sets_who_plays_first_and_turns_go_round_in_letter_order() -> None:
    state = ts.GAME.parse_position(f"{empty(12)} to=A", board("12x12", players="3"))
    state = play(state, "start=C")
    order = []
    for r in range(4):
        order.append("ABC"[state.to])
        state = state.play(ts.Place(state.to, 1, r, 0))
    assert order == ["C", "A", "B", "C"]


def test_a_roll_on_a_full_grid_is_refused_with_the_end_rule() -> None:
    assert code_of(example_end(), "roll=2") == "TS-E1"


# --- legal moves -----------------------------------------------------------------------------

def test_legal_moves_with_a_roll_are_that_value_on_every_empty_cell_in_reading_order() -> None:
    state = ts.GAME.parse_position("A1....../B2....../......../........ to=A roll=4",
                                   board("4x4"))
    moves = [str(m) for m in state.legal_moves()]
    assert moves[:4] == ["A4@r0c1", "A4@r0c2", "A4@r0c3", "A4@r1c1"]
    assert len(moves) == 14 and moves[-1] == "A4@r3c3"


def test_legal_moves_without_a_roll_are_every_value_on_every_empty_cell() -> None:
    """Decided: while the roll is not known every value of the die is listed, cell by cell in
    reading order, values ascending (legal moves are empty only once the game is over)."""
    state = ts.GAME.parse_position("B3....../......../......../........ to=A", board("4x4"))
    moves = [str(m) for m in state.legal_moves()]
    assert moves[:5] == ["A1@r0c1", "A2@r0c1", "A3@r0c1", "A4@r0c1", "A1@r0c2"]
    assert len(moves) == 15 * 4
    assert not any(m.startswith(("roll", "start")) for m in moves)


def test_a_twelve_by_twelve_move_names_two_digit_cells() -> None:
    state = ts.GAME.parse_position(f"{empty(12)} to=A", board("12x12"))
    assert str(state.legal_moves()[-1]) == "A6@r11c11"
    assert play(state, "A6@r10c11").cells[10 * 12 + 11] == ts.Entry(0, 6)


# --- the end (TS-E1) and the scores (TS-P1..P4) -----------------------------------------------

def test_ts_e1_the_game_ends_with_the_last_cell_and_not_before() -> None:
    before = ts.GAME.parse_position(f"{BEFORE_LAST} to=A", board())
    assert before.outcome is None and before.to_move == 1 and before.legal_moves()
    assert ts.GAME.report(before) == {"scores": None, "lines": None}
    end = example_end()
    assert end.outcome is not None and end.legal_moves() == [] and end.to_move is None
    assert end.score(None) is None  # the players are scored one by one, in report()


def test_ts_p4_equal_totals_are_a_draw_amb_ts5() -> None:
    # every row and column is 2-2: nobody scores
    grid = "A1A1B1B1/B1B1A1A1/A1A1B1B1/B1B1A1A1"
    end = ts.GAME.parse_position(f"{grid} to=A", board("4x4"))
    assert scores(end) == {"A": 0, "B": 0}
    assert end.outcome is not None and (end.outcome.result, end.outcome.winner) == ("draw", None)
    assert ts.GAME.end_text(end, end.outcome, None, None, 16) == "A 0, B 0, draw"


def test_ts_p3_the_full_line_bonus_is_10_on_every_grid_and_with_own_cells() -> None:
    grid = "A4A4A4A4/B1A2B1B1/B1A2B1B1/B1A2B1B1"
    for options in ({}, {"line_total": "own_cells"}):
        end = ts.GAME.parse_position(f"{grid} to=A", board("4x4", **options))
        assert tally(end)["r0"] == ("A", 26)  # 16 + 10


def test_ts_o2_four_by_four_needs_3_of_4_and_eight_by_eight_5_of_8() -> None:
    end4 = ts.GAME.parse_position("A1A1A1B1/A2A2B2B2/A3B3B3B3/B4B4B4A4 to=A", board("4x4"))
    lines = tally(end4)
    assert lines["r0"] == ("A", 4) and lines["r1"] == (None, 0) and lines["r2"] == ("B", 12)
    row5 = "A1A1A1A1A1B1B1B1"
    row4 = "A1A1A1A1B1B1B1B1"
    grid8 = "/".join([row5, row4] * 4)
    end8 = ts.GAME.parse_position(f"{grid8} to=A", board("8x8"))
    assert tally(end8)["r0"] == ("A", 8) and tally(end8)["r1"] == (None, 0)
    assert board("4x4").faces == 4 and board("8x8").faces == 8


def test_ts_o2_the_die_follows_the_grid() -> None:
    with pytest.raises(NotationError, match="d4"):
        ts.GAME.parse_position(f"A5{empty(4)[2:]} to=B", board("4x4"))
    assert ts.GAME.parse_position(f"A8{empty(8)[2:]} to=B", board("8x8")).cells[0] == \
        ts.Entry(0, 8)


def test_ts_o4_three_players_strictly_most_cells_amb_ts4() -> None:
    three = board("12x12", players="3")
    rows = ["A6" * 5 + "B1" * 4 + "C1" * 3,   # 5-4-3: A
            "A1" * 4 + "B1" * 4 + "C1" * 4,   # 4-4-4: nobody
            "A1" * 5 + "B1" * 5 + "C2" * 2]   # 5-5-2: nobody (top shared)
    grid = "/".join(rows + ["C3" * 12] * 9)
    end = ts.GAME.parse_position(f"{grid} to=A", three)
    lines = tally(end)
    assert lines["r0"] == ("A", 30 + 4 + 3)
    assert lines["r1"] == (None, 0) and lines["r2"] == (None, 0)
    assert lines["r3"] == ("C", 36 + 10)
    assert isinstance(scores(end), dict) and list(scores(end)) == ["A", "B", "C"]


def test_ts_o4_four_players_go_round_to_d_and_back_to_a() -> None:
    state = ts.GAME.parse_position(f"{empty(12)} to=C", board("12x12", players="4"))
    state = play(play(state, "C1@r0c0"), "D2@r0c1")
    assert state.to == 0 and ts.GAME.layout(state.board).palette[3].value == "blue"


def test_ts_o3_a_shared_biggest_area_gives_nobody_anything_amb_ts3() -> None:
    grid = "A1A1B1B1/A1A1B1B1/A1A1B1B1/A1A1B1B1"  # both groups 8 cells
    end = ts.GAME.parse_position(f"{grid} to=A", board("4x4", area="on"))
    assert tally(end)["area"] == (None, 0)


def test_ts_o3_groups_connect_orthogonally_only() -> None:
    from engine.games.two_one_six.scoring import largest_group
    grid = "A1B1A1B1/B1A1B1A1/A1B1A1B1/B1A1A1A1"  # diagonal contact everywhere
    end = ts.GAME.parse_position(f"{grid} to=A", board("4x4", area="on"))
    assert [largest_group(end.cells, 4, p) for p in (0, 1)] == [4, 1]
    assert tally(end)["area"] == ("A", 4)


def test_ts_o1_the_handicap_can_be_given_alone_amb_ts2() -> None:
    end = example_end(handicap="5")
    assert "main" not in tally(end)
    assert scores(end) == {"A": 120, "B": 114}


def test_amb_ts2_the_diagonals_ask_for_the_handicap_until_it_is_given() -> None:
    assert board(diagonals="on").asks_handicap
    assert not board(diagonals="on", handicap="3").asks_handicap
    assert not board().asks_handicap


# --- options ---------------------------------------------------------------------------------

def test_every_option_defaults_to_the_rules_default() -> None:
    assert board().options == ts.Options(diagonals=False, handicap=0, area=False,
                                         line_total="all", players=2)


@pytest.mark.parametrize(("options", "words"), [
    ({"speed": "fast"}, "unknown option 'speed'; known options: diagonals, handicap"),
    ({"diagonals": "yes"}, "option diagonals must be on or off"),
    ({"area": "1"}, "option area must be on or off"),
    ({"handicap": "7"}, "option handicap must be B's roll 1-6"),
    ({"handicap": "-1"}, "option handicap"),
    ({"line_total": "mine"}, "option line_total must be one of all, own_cells"),
    ({"players": "5"}, "option players must be 2, 3 or 4"),
    ({"players": "3"}, "players=3 needs the 12x12 side .* not side '6x6'"),
])
def test_a_bad_option_is_refused_naming_it(options: dict[str, str], words: str) -> None:
    with pytest.raises(BoardDataError, match=words):
        board(**options)


def test_options_combine() -> None:
    end = example_end(diagonals="on", handicap="4", area="on", line_total="own_cells")
    names = list(tally(end))
    assert names[-4:] == ["main", "anti", "area", "handicap"]
    points = ts.GAME.report(end)["lines"]
    assert isinstance(points, list)
    totals = {p: sum(e["points"] for e in points if e["dominated_by"] == p) for p in "AB"}
    assert scores(end) == totals


def test_handicap_off_is_no_handicap_and_players_2_fits_every_side() -> None:
    assert board(handicap="off").options.handicap == 0
    for side in ("4x4", "6x6", "8x8", "12x12"):
        assert board(side, players="2").players == 2
    assert board("4x4", handicap="4").options.handicap == 4
    with pytest.raises(BoardDataError, match="1-4 of the d4"):
        board("4x4", handicap="5")


def test_with_options_changes_a_loaded_board() -> None:
    changed = board().with_options({"diagonals": "on"})
    assert changed.options.diagonals and not board().options.diagonals
