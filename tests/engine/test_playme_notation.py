"""PlayMe notation: positions, moves and view texts print back, malformed ones are refused
with a message; ``dicekeeper moves`` / ``judge`` through ``device.cli.main`` (exit 2 for bad
input); the board file, the options and the printed layout."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from calibration.board_files import BoardFileError, load_board
from device.cli import main
from engine.errors import BoardDataError, NotationError
from engine.games.playme import GAME, parse_move, parse_position, view_from_text, view_to_text
from engine.games.playme.dice import Die
from engine.games.playme.moves import Advance, Block, Events, Stop
from engine.games.playme.zones import ZONES
from engine.table import Cell, Colour, Item, ItemKind, TableView, ViewStatus

from .playme_support import BOARD, BOARD_DATA, board, pos, view_text

FULL = ("P1[1,2,P3:3] P2[1,2] P3[] chars=alice,cat,walrus modes=W,W,W wins=0,0,0 "
        "phase=rabbit round=on")


@pytest.fixture(autouse=True)
def _packaged_boards_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))


# --- positions --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    FULL,
    ("P1[1,X:1] P2[1,2,P1:3,P3:4] P3[1,2,3,4,5,6] chars=caterpillar,cat,walrus modes=M,M,W "
    "wins=1,1,0 phase=rabbit round=on flags=five first=P1"),
    ("P1[] P2[] P3[] P4[] chars=alice,cat,walrus,queen modes=W,M,W,M wins=2,1,1,3 "
    "phase=jabberwock J=P4 D=2 betrayers=P1 round=ready last=P4 todo=flip first=P1"),
    ("P1[] P2[] P3[] chars=hatter,queen,walrus modes=M,W,W wins=1,0,0 phase=rabbit round=ready "
    "last=P1 todo=race sealed=P2 first=P1"),
    ("P1[1] P2[] P3[1,2] chars=alice,cat,walrus modes=W,W,M wins=1,1,2 phase=jabberwock J=P3 "
    "D=0 round=on group=P1,P2"),
    ("P1[] P2[] chars=queen,walrus modes=M,W wins=2,0 phase=rabbit round=ready last=P1 "
    "first=P1 won=P1"),
])
def test_positions_print_back(text: str) -> None:
    assert parse_position(text, BOARD).position() == text


def test_only_the_rows_are_required() -> None:
    """Defaults: the board's seating (three players: Alice, Cheshire Cat, Walrus), every card
    on Wonder, no wins, the rabbit phase, the round under way."""
    assert pos("P1[1,2,P3:3] P2[1,2] P3[]").position() == FULL
    assert pos("round=on P3[] phase=rabbit P2[1,2] P1[1,2,P3:3]").position() == FULL


def test_rows_read_die_by_die() -> None:
    state = pos("P1[1,2,P3:3] P2[1,X:1] P3[] chars=alice,caterpillar,walrus")
    assert state.row(1) == (Die(1, 1), Die(1, 2), Die(3, 3))
    assert state.row(2) == (Die(2, 1), Die(0, 1))
    assert (state.count, state.to_move, state.outcome) == (3, None, None)


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty position"),
    ("P1[] P3[]", "P1[..] to Pn"),
    ("P1[]", "2 to 6 players"),
    ("P1[] P2[] P3[] P4[] P5[] P6[] P7[]", "2 to 6"),
    ("P1[] P1[] P2[]", "appears twice"),
    ("P1[2] P2[] P3[]", "slot 1 shows 1"),
    ("P1[1,P1:2] P2[] P3[]", "another seated player's die"),
    ("P1[1,P4:2] P2[] P3[]", "another seated player's die"),
    ("P1[P2:1,2] P2[] P3[]", "blocks lie at the end"),
    ("P1[1,P2:2,P2:3] P2[] P3[]", "one block die per player"),
    ("P1[1,2,3,4,5,6,7] P2[] P3[]", "six slots"),
    ("P1[1,a] P2[] P3[]", "not a die"),
    ("P1[] P2[] P3[] P4[] P5[] P6[1,X:1] chars=alice,cat,walrus,queen,hatter,caterpillar",
     "every colour is played"),
    ("P1[] P2[] P3[] P4[]", "name the 4 players' characters"),
    ("P1[] P2[] P3[] chars=alice,alice,cat", "each character plays once"),
    ("P1[] P2[] P3[] chars=alice,bob,cat", "chars= lists 3 values"),
    ("P1[] P2[] P3[] modes=W,X,W", "modes= lists 3 values"),
    ("P1[] P2[] P3[] wins=0,0", "wins= lists 3 values"),
    ("P1[] P2[] P3[] phase=night", "phase= is rabbit or jabberwock"),
    ("P1[] P2[] P3[] phase=jabberwock", "J=Pn names the Jabberwock"),
    ("P1[] P2[] P3[] J=P3", "J=Pn names the Jabberwock"),
    ("P1[] P2[] P3[] D=1", "belong to the jabberwock phase"),
    ("P1[] P2[] P3[] phase=jabberwock J=P3 D=7", "D= counts"),
    ("P1[] P2[] P3[] phase=jabberwock J=P3 betrayers=P3", "only survivors"),
    ("P1[] P2[] P3[] round=over", "round= is on"),
    ("P1[] P2[] P3[] todo=flip", "only with round=ready and last="),
    ("P1[] P2[] P3[] round=ready last=P1 todo=dance", "todo= lists"),
    ("P1[] P2[] P3[] flags=five,five", "flags= lists"),
    ("P1[] P2[] P3[] sealed=P4", "sealed= names a player P1 to P3"),
    ("P1[] P2[] P3[] won=P1,P1", "each player once"),
    ("P1[] P2[] P3[] mood=happy", "unexpected 'mood=happy'"),
    ("P1[] P2[] P3[] round=on round=on", "unexpected 'round=on'"),
])
def test_malformed_positions(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words.replace("[", r"\[").replace(".", r"\.")):
        pos(text)


# --- moves ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "ADV P1 3", "ADV P1 3 4", "BLK P3>P1 3", "UNB P1 3", "SWAP P3>P1 3", "CLAIM P1", "STOP",
    "STOP P3", "START", "FLIP P3", "BETRAY P1>P2", "RACE P2", "ADV P1 3; BLK P2>P3 4",
])
def test_moves_print_back(text: str) -> None:
    state = pos(FULL)
    assert str(parse_move(text, state)) == text


def test_moves_read_spaces_and_several_events() -> None:
    state = pos(FULL)
    assert parse_move("  ADV   P1  3 ", state) == Advance(1, 3)
    assert parse_move("ADV P1 3 ;BLK P2>P3 1", state) == Events((Advance(1, 3),
                                                                  Block(2, 3, 1)))
    assert parse_move("STOP", state) == Stop()


@pytest.mark.parametrize("text", [
    "", "ADV P1", "ADV P1 7", "ADV P1 0", "adv P1 3", "ADV P4 1", "BLK P1>P4 1", "BLK P1 3",
    "UNB P1", "SWAP P3 P1 3", "CLAIM", "CLAIM P0", "STOP P7", "FLIP", "BETRAY P1", "RACE",
    "ADV P1 3;", "; ADV P1 3", "PASS",
])
def test_malformed_moves(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text, pos(FULL))


# --- views ------------------------------------------------------------------------------------

def test_expected_view_and_its_text() -> None:
    """Rows as the camera sees them (P1 north), dice in the characters' colours (Alice blue,
    Cheshire Cat black, Walrus white), the round tile in its place, White Rabbit up."""
    state = pos("P1[1,2,P3:3] P2[1] P3[] chars=alice,cat,walrus")
    view = GAME.expected_view(state)
    assert view.grid[0][:3] == (Item(1, Colour.BLUE), Item(2, Colour.BLUE),
                                Item(3, Colour.WHITE))
    assert [name for name, _ in view.zones] == list(ZONES)
    assert view.zone("tile") == (Item(None, Colour.WHITE, kind=ItemKind.TILE),)
    assert view_to_text(view) == "B1B2W3.../K1...../....../....../....../...... tile=tW"


def test_expected_view_of_the_jabberwock_phase_and_set_aside_dice() -> None:
    """The tile Jabberwock up on J's card; the Mad Hatter's die set aside (face 1); a die of
    a colour nobody plays in the first free character's colour."""
    data = json.loads(BOARD_DATA)
    data["characters"]["caterpillar"]["camera"] = "red"
    data["characters"]["queen"]["camera"] = None
    state = pos("P1[1,X:1] P2[] P3[] chars=caterpillar,hatter,walrus modes=M,M,M wins=1,1,2 "
                "phase=jabberwock J=P3", GAME.load_board("standard", data))
    text = view_to_text(GAME.expected_view(state))
    assert text == "R1B1..../....../....../....../....../...... aside_P2=G1 card_P3=tG"


@pytest.mark.parametrize("text", [
    "B1B2W3.../K1...../....../....../....../...... tile=tW",
    "B1B?..../....../....../....../....../...... aside_P1=B5 card_P3=tG out=K3tW S=hand",
    "....../....../....../....../....../......",
    "tW...../cK...../iR...../....../....../...... S=moving",
])
def test_view_texts_round_trip(text: str) -> None:
    assert view_to_text(view_from_text(text)) == text


def test_view_from_text_gives_every_zone_settled_full_confidence() -> None:
    view = view_from_text("B1..... aside_P2=G1")
    assert isinstance(view, TableView) and view.status is ViewStatus.SETTLED
    assert [name for name, _ in view.zones] == list(ZONES)
    assert view.zone("aside_P2") == (Item(1, Colour.GREEN),)
    assert view.grid == ((Item(1, Colour.BLUE), None, None, None, None, None),)


@pytest.mark.parametrize("text", [
    "", "B1B2X3.../", "B12", "....../ tile=tQ", "....../ aside_P7=B1", "....../ tile=tW tile=tW",
    "....../ S=asleep", "....../ foo",
])
def test_malformed_views(text: str) -> None:
    with pytest.raises(NotationError):
        view_from_text(text)


# --- the commands -----------------------------------------------------------------------------

def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def judged(capsys: pytest.CaptureFixture[str], position: str, move: str,
           *options: str) -> dict[str, object]:
    out = run(capsys, "judge", "playme", *options, "--position", position, "--move", move)
    assert out.count("\n") == 1
    result: dict[str, object] = json.loads(out)
    return result


def test_judge_prints_exactly_its_fields(capsys: pytest.CaptureFixture[str]) -> None:
    """The contract's fields, then ``winners``; PM-P1: no points, ``score`` always null."""
    result = judged(capsys, "P1[1,2] P2[] P3[]", "BLK P3>P1 3")
    assert result == {"legal": True, "code": None, "message": "",
                      "position": "P1[1,2,P3:3] P2[] P3[] chars=alice,cat,walrus modes=W,W,W "
                                  "wins=0,0,0 phase=rabbit round=on",
                      "outcome": None, "score": None, "winners": None}


def test_judge_an_illegal_move_keeps_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    result = judged(capsys, FULL, "ADV P1 4")
    assert result == {"legal": False, "code": "PM-F1", "message": "P1 is blocked: unblock first",
                      "position": FULL, "outcome": None, "score": None, "winners": None}


def test_judge_a_won_game(capsys: pytest.CaptureFixture[str]) -> None:
    result = judged(capsys, "P1[1,2,3,4,5,6] P2[] P3[] modes=W,M,W wins=0,1,0 first=P2",
                    "CLAIM P1")
    assert (result["legal"], result["outcome"], result["winners"]) == (True, None, None)
    result = judged(capsys, "P1[] P2[1,2,3,4,5,6] P3[] modes=W,M,W wins=0,1,0", "CLAIM P2")
    assert (result["outcome"], result["winners"], result["score"]) == ("win", [2], None)
    team = judged(capsys, "P1[] P2[1,2,3,4,5,6] P3[] modes=W,W,M wins=1,1,2 phase=jabberwock "
                  "J=P3 D=2", "CLAIM P2")
    assert (team["outcome"], team["winners"]) == ("team", [1, 2])


def test_judge_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    position = "P1[1] P2[] P3[1,2] modes=W,W,M wins=1,1,2 phase=jabberwock J=P3"
    plain = judged(capsys, position, "BLK P1>P2 1")
    assert plain["code"] == "PM-F2"  # P2, the Cheshire Cat in Wonder
    mad = judged(capsys, position, "BLK P1>P2 1", "--option", "mad_jabberwock=on")
    assert mad["code"] == "PM-F9"


@pytest.mark.parametrize("argv", [
    ["judge", "playme", "--position", "P1[] P3[]", "--move", "START"],
    ["judge", "playme", "--position", FULL, "--move", "JUMP P1"],
    ["judge", "playme", "--position", FULL, "--move", "ADV P9 1"],
    ["moves", "playme", "--position", "P1[1,2,P2:3,4] P2[] P3[]"],
    ["moves", "playme", "--option", "challenge=on", "--position", FULL],
    ["moves", "playme", "--option", "players=7", "--position", FULL],
])
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err


def test_moves_lists_in_the_documented_order(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "moves", "playme", "--position", FULL)
    assert out.splitlines() == ["ADV P2 3", "ADV P3 1", "BLK P1>P3 1", "BLK P2>P3 1",
                                "UNB P1 3"]


def test_moves_between_rounds_and_of_a_won_game(capsys: pytest.CaptureFixture[str]) -> None:
    ready = "P1[] P2[] P3[] modes=W,W,M wins=1,1,2 phase=jabberwock J=P3 round=ready last=P3 " \
            "todo=flip"
    assert run(capsys, "moves", "playme", "--position", ready).splitlines() == [
        "FLIP P1", "FLIP P2"]
    assert run(capsys, "moves", "playme", "--position",
               "P1[] P2[] P3[] round=ready last=P1 won=P1 modes=M,W,W wins=2,0,0").strip() == ""


# --- the board file, the options, the layout --------------------------------------------------

def test_the_packaged_board() -> None:
    """PM-D1: the shipped mapping gives each character one of the camera's six die colours
    (the Caterpillar yellow). Options at their DEFAULTs."""
    packaged = load_board("playme")
    assert [(c.key, c.camera) for c in packaged.characters] == [
        ("alice", Colour.BLUE), ("queen", Colour.RED), ("cat", Colour.BLACK),
        ("hatter", Colour.GREEN), ("caterpillar", Colour.YELLOW), ("walrus", Colour.WHITE)]
    assert packaged.options.as_texts() == {"players": "3", "characters": "auto",
                                           "play_me_race": "off", "mad_jabberwock": "off"}
    assert packaged.options.seating == ("alice", "cat", "walrus")
    assert packaged.facing == ("south",) * 6
    assert (packaged.tile_rabbit, packaged.tile_jabberwock) == (Colour.WHITE, Colour.GREEN)


def test_options() -> None:
    assert board(players="5").options.seating == ("alice", "cat", "walrus", "queen", "hatter")
    seats = board(players="2", characters="queen,hatter").options
    assert seats.seating == ("queen", "hatter")
    assert board(play_me_race="on").options.play_me_race
    assert board(mad_jabberwock="on").options.mad_jabberwock


@pytest.mark.parametrize(("options", "words"), [
    ({"players": "7"}, "players must be 2, 3, 4, 5 or 6"),
    ({"players": "two"}, "players must be"),
    ({"characters": "alice,cat"}, "names 2 characters but players=3"),
    ({"characters": "alice,bob,cat"}, "unknown character 'bob'"),
    ({"characters": "alice,alice,cat"}, "each character plays once"),
    ({"play_me_race": "yes"}, "play_me_race must be on or off"),
    ({"mad_jabberwock": "1"}, "mad_jabberwock must be on or off"),
    ({"challenge": "on"}, "challenge \\(PM-O2\\) is a match of several games"),
    ({"speed": "fast"}, "unknown option 'speed'"),
])
def test_bad_options_are_named(options: dict[str, str], words: str) -> None:
    with pytest.raises(BoardDataError, match=words):
        board(**options)


@pytest.mark.parametrize(("change", "words"), [
    ({"game": "unification"}, "for game 'unification'"),
    ({"side": "deluxe"}, "for side 'deluxe'"),
    ({"grid": {"rows": 5, "cols": 6}}, "six rows of six slots"),
    ({"colour": {}}, "unknown key 'colour'"),
    ({"characters": {"alice": {"camera": "blue"}}}, "exactly the keys"),
    ({"characters.alice": {"camera": "pink"}}, "alice camera must be one of"),
    ({"characters.alice": {"camera": "red"}}, "each character needs its own camera colour"),
    ({"characters.alice": {"size": 3}}, "unknown key 'size'"),
    ({"characters.alice": {"rgb": [1, 2]}}, "rgb must be three integers"),
    ({"characters.alice": {"name": ""}}, "name must be a non-empty string"),
    ({"tile": {"rabbit": "white"}}, "keys rabbit and jabberwock"),
    ({"tile": {"rabbit": "white", "jabberwock": "white"}}, "two different colours"),
    ({"facing": ["south"] * 5}, "six words"),
    ({"facing": ["south"] * 5 + ["east"]}, "six words"),
    ({"options": {"players": 9}}, "players must be"),
    ({"options": []}, "must be an object"),
    ({"title": 3}, "title"),
    ({"layout": {"zones": {"tile": [100, 4, 80, 44]}}}, "missing aside_P1"),
])
def test_bad_board_data_is_named(change: dict[str, object], words: str) -> None:
    data = json.loads(BOARD_DATA)
    for key, value in change.items():
        if key.startswith("characters."):
            data["characters"][key.split(".")[1]].update(value)  # type: ignore[arg-type]
        else:
            data[key] = value
    with pytest.raises(BoardDataError, match=words):
        GAME.load_board("standard", data)


def test_a_bad_board_file_names_the_file(tmp_path: Path) -> None:
    data = json.loads(BOARD_DATA)
    data["facing"] = "south"
    (tmp_path / "playme-standard.json").write_text(json.dumps(data))
    with pytest.raises(BoardFileError, match="playme-standard.json.*facing"):
        load_board("playme", override_dir=tmp_path)


def test_a_board_file_maps_the_colours_and_the_rows_facing() -> None:
    """PM-D1 at calibration: the Caterpillar read as red, the Queen's colour left out; P2's
    row read from the north edge (slot 1 at the east end)."""
    data = json.loads(BOARD_DATA)
    data["characters"]["caterpillar"]["camera"] = "red"
    data["characters"]["queen"]["camera"] = None
    data["facing"][1] = "north"
    custom = GAME.load_board("standard", data)
    state = pos("P1[1] P2[1,2] P3[] chars=caterpillar,cat,walrus", custom)
    assert view_to_text(GAME.expected_view(state)) == (
        "R1...../....K2K1/....../....../....../...... tile=tW")
    assert Colour.RED in GAME.layout(custom).palette


def test_the_layout() -> None:
    """PM-D2 on an A3 board: 280 mm square, 22 mm markers, six rows of six 28 mm slots
    centred; card spots west of each row, set-aside spots east, the round tile's place south,
    every zone clear of the markers and of the grid; the palette: the dice colours, then the
    tile's."""
    layout = GAME.layout(BOARD)
    assert (layout.size_mm, layout.marker_mm, layout.rows, layout.cols, layout.cell_mm) == (
        280.0, 22.0, 6, 6, 28.0)
    assert layout.grid_origin_mm == (56.0, 56.0) and layout.item_mm == 16.0
    assert layout.item_kind is ItemKind.DIE
    assert [z.name for z in layout.zones] == list(ZONES)
    assert layout.palette == (Colour.BLUE, Colour.RED, Colour.BLACK, Colour.GREEN,
                              Colour.YELLOW, Colour.WHITE)
    grid = (56.0, 56.0, 224.0, 224.0)
    m = layout.marker_mm
    for zone in layout.zones:
        box = (zone.x_mm, zone.y_mm, zone.x_mm + zone.w_mm, zone.y_mm + zone.h_mm)
        assert 0 <= box[0] and box[2] <= 280 and 0 <= box[1] and box[3] <= 280, zone
        assert not _overlap(box, grid), zone
        for corner in ((0, 0), (280 - m, 0), (0, 280 - m), (280 - m, 280 - m)):
            assert not _overlap(box, (*corner, corner[0] + m, corner[1] + m)), zone
        assert zone.w_mm > 16 and zone.h_mm > 16 and zone.label
    p3 = next(z for z in layout.zones if z.name == "aside_P3")
    assert p3.y_mm < layout.cell_centre_mm(Cell(2, 0))[1] < p3.y_mm + p3.h_mm


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_the_doc_examples_are_real(capsys: pytest.CaptureFixture[str]) -> None:
    """Every ``dicekeeper`` command shown in docs/notation/playme.md prints what the doc
    says."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "notation" / "playme.md").read_text()
    blocks = [b for b in doc.split("```") if b.lstrip().startswith("$ dicekeeper")]
    assert len(blocks) >= 3
    for block in blocks:
        lines = block.strip().splitlines()
        command, expected = lines[0], "\n".join(lines[1:])
        assert main(shlex.split(command.removeprefix("$ dicekeeper "))) == 0, command
        assert capsys.readouterr().out.strip() == expected.strip(), command


def test_view_text_helper_pads_rows() -> None:
    assert view_text("B1", extra="") == "B1...../....../....../....../....../......"
