"""Bossa notation: positions, moves and views round trip; malformed texts are refused with a
message (exit 2 through the CLI); ``judge`` prints exactly its fields and ``moves`` the legal
moves; board files, options (AMB-BO1) and the printed layout (BO-D1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from calibration.board_files import BoardFileError, load_board, load_layout
from device.cli import main
from engine.errors import BoardDataError, NotationError
from engine.games.bossa import (
    GAME,
    Concede,
    Draw,
    Exchange,
    Place,
    Redraw,
    StackMove,
    Tile,
    parse_move,
    parse_position,
    view_from_text,
    view_to_text,
)
from engine.games.bossa.zones import SPOT_ZONES, ZONE_NAMES
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

from .test_conformance import BOARDS, packaged_board

REGULAR = packaged_board(GAME, "regular")
NOVICE = packaged_board(GAME, "novice")
EXAMPLE = ("w3 b5 W2=W2B1 W4=W1B0+W3B2/W2B0+W2B2 B6=W0B4+W1B2 hand1=W0B2 "
           "hand2=W0B3,W1B1,W4B1,W5B0 deck=12 m1=RE m2=RES to=2 phase=draw home1=W "
           "discard=W1B3")
START = ("w3 b5 hand1=W2B1,W1B0,W3B2,W0B4,W2B0 hand2=W0B3,W1B1,W4B1,W5B0 deck=16 m1=RES "
         "m2=RES to=1 phase=play home1=W")


@pytest.fixture(autouse=True)
def _packaged_boards_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))


# --- positions --------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "board"), [
    (EXAMPLE, REGULAR),
    (("w1 b6 B5=W0B5 B7=W0B1+W0B6/W1B5+W2B2 hand1=- hand2=W2B0 deck=0 m1=- m2=S to=1 "
      "phase=draw home1=B discard=W1B0,W2B1"), REGULAR),
    ("w3 b5 hand1=W0B2 hand2=W0B3 deck=5 m1=S m2=RES to=1 phase=redraw discard=W3B0", NOVICE),
    ("w3 b5 hand1=W0B2 hand2=W0B3 deck=5 m1=RES m2=RES to=2 phase=play discard=- conceded=1",
     NOVICE),
])
def test_positions_print_back(text: str, board: object) -> None:
    assert parse_position(text, board).position() == text  # type: ignore[arg-type]


def test_the_example_reads_line_by_line() -> None:
    state = parse_position(EXAMPLE, REGULAR)
    w4 = state.line("W").at(4)
    assert w4 is not None and [[str(t) for t in layer] for layer in w4.layers] == [
        ["W1B0", "W3B2"], ["W2B0", "W2B2"]]
    assert (state.line("W").die, state.line("B").die, state.deck) == (3, 5, 12)
    assert (state.markers, state.to, state.phase, state.home1) == (("RE", "RES"), 2, "draw", "W")
    assert state.owner("W") == 1 and state.owner("B") == 2


def test_tokens_in_any_order_and_tiles_in_any_order_print_canonically() -> None:
    text = ("discard=W1B3 home1=W phase=draw to=2 m2=SER m1=ER deck=12 hand2=W5B0,W4B1,W1B1,"
            "W0B3 hand1=W0B2 B6=W1B2+W0B4 W4=W3B2+W1B0/W2B2+W2B0 W2=W2B1 b5 w3")
    assert parse_position(text, REGULAR).position() == EXAMPLE


def test_the_discard_pile_may_be_left_out() -> None:
    text = START.replace(" home1=W", "")
    state = parse_position(text, NOVICE)
    assert state.discard == () and state.position().endswith(" phase=play discard=-")


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty position"),
    ("w3 b5 hand1=- hand2=- deck=5 m1=RES m2=RES to=1", "lacks phase="),
    ("w3 hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=play home1=W", "both dice"),
    ("w3 b3 hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=play home1=W", "BO-S4"),
    ("w7 b3 hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=play home1=W", "1 to 6"),
    ("w3 b5 hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=play", "home1= must be W or B"),
    ("w3 b5 hand1=- hand2=- deck=5 m1=RES m2=RES to=3 phase=play home1=W", "to= must be"),
    ("w3 b5 hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=act home1=W", "phase= must be"),
    ("w3 b5 hand1=- hand2=- deck=5 m1=RRS m2=RES to=1 phase=play home1=W", "m1= lists"),
    ("w3 b5 hand1=- hand2=- deck=x m1=RES m2=RES to=1 phase=play home1=W", "deck= is"),
    ("w3 b5 hand1=- hand2=- deck=28 m1=RES m2=RES to=1 phase=play home1=W", "deck= is"),
    ("w3 b5 hand1=W2B1 hand2=W2B1 deck=5 m1=RES m2=RES to=1 phase=play home1=W", "twice"),
    ("w3 b5 hand1=W2B1,W2B1 hand2=- deck=5 m1=RES m2=RES to=1 phase=play home1=W", "twice"),
    ("w3 b5 hand1=W7B0 hand2=- deck=5 m1=RES m2=RES to=1 phase=play home1=W", "no tile"),
    ("w3 b5 hand1=W2B1 hand2=- deck=27 m1=RES m2=RES to=1 phase=play home1=W", "27 tiles"),
    ("w3 b5 W5=W5B0 hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=play home1=W", "no gap"),
    ("w3 b5 W3=W3B0 hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=play home1=W", "the white"),
    ("w3 b5 W4=W3B0 hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=play home1=W", "add up"),
    ("w3 b5 B4=W4B0 hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=play home1=W", "add up"),
    ("w3 b5 W4=W4B0/W1B0+W3B0 hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=play home1=W",
     "same count"),
    ("w3 b5 hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=redraw home1=W", "Redraw marker"),
    ("w3 b5 hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=play home1=W foo=1", "unexpected"),
    ("w3 b5 hand1=- hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=play home1=W", "unexpected"),
    ("w3 b5 hand1=- hand2=- deck=5 m1=RES m2=RES to=1 phase=play home1=W conceded=0", "conceded"),
])
def test_malformed_positions_are_refused(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_position(text, REGULAR)


def test_novice_has_no_home_lines_and_regular_no_seventh_position() -> None:
    with pytest.raises(NotationError, match="Novice has no home lines"):
        parse_position(START, NOVICE)
    long_line = ("w1 b6 W2=W2B0 W3=W1B0+W2B1 W4=W4B0 W5=W1B1+W4B1 W6=W6B0 W7=W2B2+W5B0 "
                 "hand1=W0B1 hand2=W0B2 deck=5 m1=RES m2=RES to=1 phase=draw")
    assert len(parse_position(long_line, NOVICE).line("W").positions) == 6
    seven = long_line.replace("W7=", "W8=W1B2+W3B0+W4B2 W7=")
    assert len(parse_position(seven, NOVICE).line("W").positions) == 7
    with pytest.raises(NotationError, match="six positions"):
        parse_position(seven + " home1=W", REGULAR)


# --- moves ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "move"), [
    ("W4=W1B0+W3B2", Place("W", 4, (Tile(1, 0), Tile(3, 2)))),
    ("STACK W4=W2B0+W2B1", StackMove("W", 4, (Tile(2, 0), Tile(2, 1)))),
    ("REDRAW W1B0", Redraw(Tile(1, 0))),
    ("EXCHANGE W2B0<>W0B3", Exchange(Tile(2, 0), Tile(0, 3))),
    ("DRAW W2B1", Draw(Tile(2, 1))),
    ("CONCEDE 2", Concede(2)),
])
def test_moves_print_back(text: str, move: object) -> None:
    assert parse_move(text) == move and str(move) == text


@pytest.mark.parametrize(("text", "canonical"), [
    ("W4=W3B2+W1B0", "W4=W1B0+W3B2"),
    ("  w4 = w3b2+w1b0 ", "W4=W1B0+W3B2"),
    ("stack b6=W1B5+W2B1", "STACK B6=W1B5+W2B1"),
    ("exchange W2B0 <> W0B3", "EXCHANGE W2B0<>W0B3"),
    ("W04=W4B0", "W4=W4B0"),
])
def test_moves_in_any_case_and_tile_order_print_canonically(text: str, canonical: str) -> None:
    assert str(parse_move(text)) == canonical


@pytest.mark.parametrize(("text", "words"), [
    ("", "must be a Place"),
    ("W4=", "must be a Place"),
    ("W4=W1B0+W1B0", "twice"),
    ("W4=W7B0", "no tile W7B0"),
    ("REDRAW W1B0 W2B0", "must be a Place"),
    ("EXCHANGE W2B0", "must be a Place"),
    ("CONCEDE 3", "must be a Place"),
    ("DRAW", "must be a Place"),
    ("W-1=W1B0", "must be a Place"),
])
def test_malformed_moves_are_refused(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_move(text)


# --- views ------------------------------------------------------------------------------------

def test_expected_view_of_the_example_and_its_text() -> None:
    view = GAME.expected_view(parse_position(EXAMPLE, REGULAR))
    text = view_to_text(view)
    assert text == ("b5/w3 north_w1=W0B4,W1B2 south_w1=W2B1 south_e1=W2B0^,W2B2^ hand_1=W0B2 "
                    "hand_2=W0B3,W1B1,W4B1,W5B0 discard=W1B3 deck=# removed=# redraw_1=M "
                    "exchange_1=M stack_1=# redraw_2=M exchange_2=M stack_2=M")
    assert view_from_text(text) == view
    assert [name for name, _ in view.zones] == list(ZONE_NAMES)
    assert view.grid == ((Item(5, Colour.BLACK, kind=ItemKind.DIE),),
                         (Item(3, Colour.WHITE, kind=ItemKind.DIE),))
    assert view.zone("south_e1") == (Item(20, kind=ItemKind.TILE, stacked=True),
                                     Item(22, kind=ItemKind.TILE, stacked=True))


def test_view_text_keeps_every_item_field_it_can_hold() -> None:
    view = TableView(
        grid=((Item(None, Colour.WHITE),), (None,)),
        outside=(Item(9, Colour.RED, kind=ItemKind.TILE), Item(None, Colour.GREEN,
                                                              kind=ItemKind.CUBE)),
        zones=tuple((name, ()) for name in ZONE_NAMES[:-1])
        + ((ZONE_NAMES[-1], (Item(0, Colour.UNKNOWN, kind=ItemKind.TILE, stacked=True,
                                  ringed=True), Item(3, Colour.BLUE, kind=ItemKind.INK))),),
        status=ViewStatus.MOVING)
    text = view_to_text(view)
    assert text == "w?/. stack_2=#:x^*,i3:u out=t9:r,c?:g S=moving"
    assert view_from_text(text) == view


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty view"),
    ("b5/w3 hand_3=W1B1", "unexpected"),
    ("b5/w3 hand_1=W1B1 hand_1=W2B1", "unexpected"),
    ("b5/w3 hand_1=W7B1", "no tile"),
    ("b5/w3 hand_1=Q", "not an item"),
    ("b5,w3/w1", "same number of cells"),
    ("b5/w3 S=sleepy", "unknown view status"),
])
def test_malformed_views_are_refused(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        view_from_text(text)


# --- judge and moves through the CLI -------------------------------------------------------------

def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_judge_prints_exactly_its_fields(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "judge", "bossa", "--position", START, "--move", "W4=W3B2+W1B0")
    assert json.loads(out) == {
        "legal": True, "code": None, "message": "",
        "position": "w3 b5 W4=W1B0+W3B2 hand1=W0B4,W2B0,W2B1 hand2=W0B3,W1B1,W4B1,W5B0 "
                    "deck=16 m1=RES m2=RES to=2 phase=draw home1=W discard=-",
        "outcome": None, "score": None, "winner": None}


def test_judge_an_illegal_move_keeps_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    out = json.loads(run(capsys, "judge", "bossa", "--side", "regular", "--position", START,
                         "--move", "W4=W1B0+W2B1+W2B0"))
    assert (out["legal"], out["code"]) == (False, "BO-F4")
    assert out["message"] == "W4 takes 1 or 2 tiles"
    assert out["position"] == parse_position(START, REGULAR).position()


def test_judge_a_win_and_a_draw(capsys: pytest.CaptureFixture[str]) -> None:
    won = json.loads(run(capsys, "judge", "bossa", "--position",
                         "w3 b5 hand1=W2B1 hand2=W0B3 deck=5 m1=RES m2=RES to=1 phase=play "
                         "home1=W", "--move", "W2=W2B1"))
    assert (won["outcome"], won["winner"], won["score"]) == ("win", 1, None)
    drawn = json.loads(run(capsys, "judge", "bossa", "--side", "novice", "--position",
                           "w3 b5 hand1=W0B2,W0B3 hand2=W2B0 deck=1 m1=RES m2=RES to=2 "
                           "phase=draw", "--move", "DRAW W2B1", "--option",
                           "deck_out=immediate"))
    assert (drawn["outcome"], drawn["winner"]) == ("draw", None)


def test_moves_lists_the_legal_moves_and_nothing_before_the_draw(
        capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "moves", "bossa", "--position", START).splitlines()
    assert out[:6] == ["W2=W2B0", "W2=W2B1", "W4=W1B0+W3B2", "W4=W2B0+W2B1", "B4=W0B4",
                       "B6=W0B4+W3B2"]
    assert out[6:8] == ["REDRAW W0B4", "REDRAW W1B0"] and len(out) == 6 + 5 + 20
    assert run(capsys, "moves", "bossa", "--position", START.replace("play", "draw")).strip() == ""


@pytest.mark.parametrize(("argv", "words"), [
    (["judge", "bossa", "--position", "w3 b5", "--move", "DRAW W1B1"], "lacks hand1="),
    (["judge", "bossa", "--position", START, "--move", "PASS"], "must be a Place"),
    (["moves", "bossa", "--side", "expert", "--position", START], "expert"),
    (["moves", "bossa", "--position", START, "--option", "deck_out=never"],
     "deck_out must be one of turn_end, immediate"),
    (["moves", "bossa", "--position", START, "--option", "speed=fast"], "unknown option"),
])
def test_bad_input_exits_2_with_a_message(capsys: pytest.CaptureFixture[str], argv: list[str],
                                          words: str) -> None:
    assert main(argv) == 2
    assert words in capsys.readouterr().err


# --- board files, options, layout ----------------------------------------------------------------

def test_packaged_board_files_hold_the_defaults() -> None:
    regular, novice = load_board("bossa", "regular"), load_board("bossa", "novice")
    assert (regular.low_side, regular.options.deck_out, regular.regular) == (
        "left", "turn_end", True)
    assert (novice.low_side, novice.north_line, novice.regular) == ("left", "W", False)


def _board_data(side: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((BOARDS / f"bossa-{side}.json").read_text())
    return data


@pytest.mark.parametrize(("side", "change", "words"), [
    ("regular", {"low_side": "up"}, '"low_side" must be "left" or "right"'),
    ("regular", {"north_line": "white"}, "novice side only"),
    ("novice", {"north_line": "red"}, '"north_line" must be "white" or "black"'),
    ("regular", {"colours": {}}, "unknown key 'colours'"),
    ("regular", {"game": "cubecourier"}, "for game 'cubecourier'"),
    ("regular", {"side": "novice"}, "for side 'novice'"),
    ("regular", {"options": {"deck_out": "later"}}, "deck_out must be one of"),
    ("regular", {"options": {"jokers": "on"}}, "unknown option 'jokers'"),
    ("regular", {"options": "immediate"}, '"options" must be an object'),
    ("regular", {"title": 3}, '"title" must be a string'),
    ("regular", {"layout": {"zones": {"hand_1": [1, 2, 3, 4]}}}, "missing north_w6"),
    ("regular", {"layout": {"cell_mm": 10}}, "do not fit"),
])
def test_invalid_board_files(side: str, change: dict[str, object], words: str) -> None:
    with pytest.raises(BoardDataError, match=words):
        GAME.load_board(side, {**_board_data(side), **change})


def test_an_unknown_side_is_refused() -> None:
    with pytest.raises(BoardDataError, match="rule levels regular, novice"):
        GAME.load_board("expert", {})
    with pytest.raises(BoardFileError, match="known sides of bossa are regular, novice"):
        load_board("bossa", "expert")


def test_an_option_from_the_file_and_one_from_the_command_line() -> None:
    data = {**_board_data("novice"), "options": {"deck_out": "immediate"}}
    assert GAME.load_board("novice", data).options.deck_out == "immediate"
    assert GAME.load_board("novice", data, {"deck_out": "turn_end"}).options.deck_out == \
        "turn_end"


def test_the_low_side_and_the_north_line_move_the_spots() -> None:
    state = parse_position(EXAMPLE, REGULAR)
    right = GAME.load_board("regular", {**_board_data("regular"), "low_side": "right"})
    flipped = GAME.expected_view(parse_position(EXAMPLE, right))
    assert flipped.zone("south_e1") == GAME.expected_view(state).zone("south_w1")  # W2
    novice_text = EXAMPLE.replace(" home1=W", "")
    black_north = GAME.load_board("novice", {**_board_data("novice"), "north_line": "black"})
    view = GAME.expected_view(parse_position(novice_text, black_north))
    assert view.grid[0][0] == Item(5, Colour.BLACK, kind=ItemKind.DIE)
    assert view.zone("north_e1") == (Item(4, kind=ItemKind.TILE), Item(12, kind=ItemKind.TILE))
    white_north = GAME.expected_view(parse_position(novice_text, NOVICE))
    assert white_north.zone("north_w1") == (Item(21, kind=ItemKind.TILE),)  # W2, low west


def test_the_layout_is_an_a3_board_with_every_zone_clear_of_the_markers() -> None:
    for side in ("regular", "novice"):
        layout = load_layout("bossa", side)
        assert (layout.size_mm, layout.marker_mm, layout.rows, layout.cols) == (280, 22, 2, 1)
        assert layout.item_kind is ItemKind.TILE and layout.palette == (Colour.WHITE,
                                                                       Colour.BLACK)
        assert [z.name for z in layout.zones] == list(ZONE_NAMES)
        grid_x, grid_y = layout.grid_origin_mm
        assert (grid_x, grid_y) == (130, 120)
        for zone in layout.zones:
            assert 0 <= zone.x_mm and zone.x_mm + zone.w_mm <= 280, zone
            for mx, my in ((0, 0), (258, 0), (0, 258), (258, 258)):
                apart = (zone.x_mm >= mx + 22 + 3 or zone.x_mm + zone.w_mm <= mx - 3
                         or zone.y_mm >= my + 22 + 3 or zone.y_mm + zone.h_mm <= my - 3)
                assert apart, (zone.name, mx, my)
        for a in layout.zones:
            for b in layout.zones:
                overlap = (a.x_mm < b.x_mm + b.w_mm and b.x_mm < a.x_mm + a.w_mm
                           and a.y_mm < b.y_mm + b.h_mm and b.y_mm < a.y_mm + a.h_mm)
                assert a is b or not overlap, (a.name, b.name)
        spots = [z for z in layout.zones if z.name in SPOT_ZONES]
        assert len(spots) == 24 and all(z.w_mm > layout.item_mm for z in spots)
    assert "player 2's home line, low values east" in load_layout("bossa", "regular").footer
    assert load_layout("bossa", "novice").footer.startswith("north: white line, low values west")


def test_the_packaged_files_print_the_default_geometry() -> None:
    from engine.games.bossa.layout import DEFAULT

    for side in ("regular", "novice"):
        layout = load_layout("bossa", side)
        assert layout.zones == DEFAULT.zones
        assert (layout.cell_mm, layout.item_mm) == (DEFAULT.cell_mm, DEFAULT.item_mm)
