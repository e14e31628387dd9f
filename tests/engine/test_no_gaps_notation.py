"""No Gaps notation: positions, moves, views, the ``moves`` order, and ``judge``/``moves``
through ``device.cli.main`` (exit 2 on bad input)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.cli import main
from engine.errors import NotationError
from engine.games.no_gaps import Aside, Draw, Reroll, parse_move, view_from_text, view_to_text
from engine.games.no_gaps.picture import expected_view
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

from .no_gaps_support import EMPTY, START, board, grid, play, position, state

MID = position(grid("r0c0", "r0c1", "r1c0", "r1c1"), used="O4", fresh="1,3,3,5,6", spent="4",
               last="O4")


@pytest.fixture(autouse=True)
def _packaged_boards_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))


# --- positions ------------------------------------------------------------------------------

def test_position_round_trip_and_canonical_order() -> None:
    text = ("##..../##..../....../....../....../...... used=O4 fresh=6,3,1,5,3 spent=4 "
            "removed=- rerolls=0 last=O4")
    assert state(text).position() == MID
    assert state(MID).position() == MID
    assert state(MID.replace("O4", "o4")) == state(MID)  # tile names in any case
    shuffled = ("##..../##..../....../....../....../...... last=O4 rerolls=0 removed=- spent=4 "
                "fresh=1,3,3,5,6 used=O4")
    assert state(shuffled) == state(MID)  # the keys in any order, printed in the usual one


def test_used_is_printed_sorted_one_name_per_copy() -> None:
    s = state(position(grid("r0c0", "r0c1", "r0c2"), used="M1,O4,M1", fresh="2", last="M1"))
    assert "used=M1,M1,O4 " in s.position()


def test_a_dead_fresh_die_is_moved_to_the_removed_zone_at_parse_time() -> None:
    text = position(grid("r5c5", full=True), used="M1,M1,M1", fresh="1,4,6", spent="2")
    s = state(text)
    assert (s.fresh, s.removed) == ((6,), (1, 4))  # a 6 is never dead
    assert s.outcome is not None and s.outcome.reason == "NG-E3"
    s = state(position(grid("r5c4", "r5c5", full=True), used="M1,M1,M1", fresh="1,2,4"))
    assert (s.fresh, s.removed) == ((2,), (1, 4))
    assert "fresh=2 spent=- removed=1,4 " in s.position()


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty position"),
    (f"{EMPTY}", "lacks used=, fresh=, spent=, removed=, rerolls=, last="),
    (position().replace("....../", "", 1), "must have 6 rows"),
    (position().replace("......", ".....", 1), "row 0 '.....' must be 6 cells"),
    (position().replace("......", "..x...", 1), "row 0 '..x...'"),
    (position(used="Q7"), "used: unknown tile 'Q7'"),
    (position(used="I4,I4"), "I4 is crossed out 2 times but the chart has 1"),
    (position(used="M1,,O4"), "unknown tile ''"),
    (position(fresh="7"), "fresh= must be die faces 1-6"),
    (position(spent="1,,2"), "spent= must be die faces"),
    (position(removed=""), "removed= must be die faces"),
    (position(fresh="1,2,3,4", spent="5,6", removed="1"), "the game has 6 dice"),
    (position(rerolls=5), "rerolls= must be the number of ticked boxes, 0-4"),
    (position().replace("rerolls=0", "rerolls=x"), "rerolls="),
    (position(last="Q7"), "last: unknown tile 'Q7'"),
    (position() + " used=-", "unexpected 'used=-'"),
    (position() + " extra", "unexpected 'extra'"),
])
def test_malformed_positions_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(NotationError) as info:
        state(text)
    assert words in str(info.value)


# --- moves ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "move", "printed"), [
    ("4:O4@r1c1,r0c0,r1c0,r0c1", Draw(4, "O4", ((0, 0), (0, 1), (1, 0), (1, 1))),
     "4:O4@r0c0,r0c1,r1c0,r1c1"),
    (" 4 : o4 @ R0C0, r0c1 ", Draw(4, "O4", ((0, 0), (0, 1))), "4:O4@r0c0,r0c1"),
    ("6:aside", Aside(6), "6:aside"),
    ("4:ASIDE", Aside(4), "4:aside"),
    ("reroll=1,3,3,4,6,5", Reroll((1, 3, 3, 4, 5, 6)), "reroll=1,3,3,4,5,6"),
    ("REROLL = 2", Reroll((2,)), "reroll=2"),
])
def test_move_forms_and_their_canonical_text(text: str, move: object, printed: str) -> None:
    parsed = parse_move(text, board("a"))
    assert parsed == move and str(parsed) == printed
    assert parse_move(printed, board("a")) == parsed


@pytest.mark.parametrize(("text", "words"), [
    ("reroll", "a reroll needs the faces seen"),
    ("reroll=", "must be"),
    ("reroll=1,7", "must be"),
    ("7:aside", "must be"),
    ("0:M1@r0c0", "must be"),
    ("4:O4", "must be"),
    ("4:O4@", "must be"),
    ("4:O4@r0c0,,r0c1", "must be"),
    ("4:Q4@r0c0", "unknown tile 'Q4'"),
    ("4:O4@r0c0,r0c1,r0c0,r1c1", "names a cell twice"),
    ("W0", "must be"),
])
def test_malformed_moves_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_move(text, board("a"))
    assert words in str(info.value)


def test_side_b_knows_its_own_tiles() -> None:
    assert parse_move("5:X5@r0c1,r1c0,r1c1,r1c2,r2c1", board("b")).tile == "X5"  # type: ignore[union-attr]
    with pytest.raises(NotationError, match="unknown tile 'X5'"):
        parse_move("5:X5@r0c1,r1c0,r1c1,r1c2,r2c1", board("a"))


def test_moves_order_faces_then_tiles_by_name_then_cells() -> None:
    listed = [str(m) for m in state(START).legal_moves()]
    assert len(listed) == len(set(listed)) == 1046
    assert listed[:2] == ["1:M1@r0c0", "1:M1@r0c1"] and listed[-1] == "6:aside"
    firsts = list(dict.fromkeys(m.split("@")[0] for m in listed))
    assert firsts == ["1:M1", "3:I3", "3:L3", "4:I4", "4:L4", "4:O4", "4:S4", "4:T4", "5:L5",
                      "5:P5", "5:U5", "5:Y5", "6:aside"]
    o4 = [m for m in listed if m.startswith("4:O4")]
    assert o4[:2] == ["4:O4@r0c0,r0c1,r1c0,r1c1", "4:O4@r0c1,r0c2,r1c1,r1c2"]
    assert len(o4) == 25 and o4[-1] == "4:O4@r4c4,r4c5,r5c4,r5c5"


def test_moves_lists_only_placements_on_empty_cells_and_tiles_left() -> None:
    listed = {str(m) for m in state(MID).legal_moves()}
    assert not any("r0c0" in m or "O4" in m for m in listed)
    assert "3:L3@r2c0,r3c0,r3c1" in listed and "6:aside" in listed


def test_rerolls_are_every_multiset_of_faces_in_order() -> None:
    listed = [str(m) for m in state(position(grid("r0c0"), used="M1", spent="1,6",
                                             removed="2", last="M1")).legal_moves()]
    assert listed[:3] == ["reroll=1,1", "reroll=1,2", "reroll=1,3"]
    assert listed[-1] == "reroll=6,6" and len(listed) == 21


# --- views ----------------------------------------------------------------------------------

def test_view_text_of_a_state_round_trips() -> None:
    v = expected_view(state(MID))
    text = view_to_text(v)
    assert text == ("##..../##..../....../....../....../...... fresh=1,3,3,5,6 spent=4 "
                    "removed=-")
    assert view_from_text(text) == v
    assert v.zone("fresh") == tuple(Item(f) for f in (1, 3, 3, 5, 6))
    assert v.grid[0][0] == Item(None, kind=ItemKind.INK)


def test_view_text_keeps_colours_unread_dice_items_outside_and_status() -> None:
    text = "R#?..../5K#..../....../....../....../...... fresh=U3,? out=B2,G# S=hand"
    v = view_from_text(text)
    assert view_to_text(v) == text and view_from_text(view_to_text(v)) == v
    assert v.grid[0][0] == Item(None, Colour.RED, kind=ItemKind.INK)
    assert v.grid[0][1] == Item(None) and v.grid[1][0] == Item(5)
    assert v.zone("fresh") == (Item(3, Colour.UNKNOWN), Item(None))
    assert v.outside == (Item(2, Colour.BLUE), Item(None, Colour.GREEN, kind=ItemKind.INK))
    assert v.status is ViewStatus.HAND and v.zones == (("fresh", v.zone("fresh")),)


def test_an_unsettled_view_of_any_size_has_a_text() -> None:
    v = TableView.unsettled(ViewStatus.MOVING, "dice rolling")
    assert view_to_text(v) == ".../.../... S=moving"
    assert view_from_text("- S=no_board").grid == ()


@pytest.mark.parametrize("text", [
    "", "......x", "...... fresh=9", "...... fresh=1,,2", "...... fresh=1 fresh=2",
    "...... Fresh=1", "...... S=asleep", "...... fresh", "...... fresh=.", "#/ fresh=1",
])
def test_malformed_views(text: str) -> None:
    with pytest.raises(NotationError):
        view_from_text(text)


# --- the commands ---------------------------------------------------------------------------

def run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["judge", "no-gaps", *argv]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    result: dict[str, object] = json.loads(out)
    return result


def test_judge_a_legal_draw(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--position", START, "--move", "4:O4@r1c1,r0c0,r0c1,r1c0") == {
        "legal": True, "code": None, "message": "", "position": play(
            START, "4:O4@r0c0,r0c1,r1c0,r1c1").position(),
        "outcome": None, "score": None}


def test_judge_an_illegal_move_keeps_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "--position", START, "--move", "reroll=1,2")
    assert result == {"legal": False, "code": "NG-F4",
                      "message": "fresh dice remain: use or set them aside first",
                      "position": START,
                      "outcome": None, "score": None}


@pytest.mark.parametrize(("remaining", "option", "score"), [
    ("108", [], 4), (None, [], None), ("108", ["--option", "scoring=off"], None)])
def test_judge_success_scores_with_the_timer(capsys: pytest.CaptureFixture[str],
                                             remaining: str | None, option: list[str],
                                             score: int | None) -> None:
    text = position(grid("r5c2", "r5c3", "r5c4", "r4c4", full=True), used="M1", fresh="4",
                    spent="1", last="M1")
    extra = ["--remaining", remaining] if remaining else []
    result = run(capsys, *option, "--position", text, "--move", "4:L4@r4c4,r5c2,r5c3,r5c4",
                 *extra)
    assert (result["legal"], result["outcome"], result["score"]) == (True, "success", score)


def test_judge_failure_scores_0(capsys: pytest.CaptureFixture[str]) -> None:
    text = position(grid("r0c0", "r5c5", full=True), fresh="1", rerolls=4)
    result = run(capsys, "--position", text, "--move", "1:M1@r0c0", "--remaining", "200")
    assert (result["outcome"], result["score"]) == ("failure", 0)
    assert "no_longer_winnable" not in result  # the usual fields only


def test_moves_command_side_b(capsys: pytest.CaptureFixture[str]) -> None:
    text = position(grid("r0c0", "r0c1", full=True), used="L3,L3", fresh="1,2")
    assert main(["moves", "no-gaps", "--side", "b", "--position", text]) == 0
    assert capsys.readouterr().out.split() == ["1:D2@r0c0,r0c1", "1:M1@r0c0", "1:M1@r0c1"]


@pytest.mark.parametrize(("argv", "words"), [
    (["judge", "no-gaps", "--position", EMPTY, "--move", "6:aside"], "lacks used="),
    (["judge", "no-gaps", "--position", START, "--move", "reroll"], "faces seen"),
    (["judge", "no-gaps", "--position", START, "--move", "4:Q4@r0c0"], "unknown tile 'Q4'"),
    (["moves", "no-gaps", "--side", "c", "--position", START], "known sides of no-gaps are a, b"),
    (["moves", "no-gaps", "--option", "scoring=maybe", "--position", START],
     "scoring must be one of on, off"),
])
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                           words: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and words in captured.err
