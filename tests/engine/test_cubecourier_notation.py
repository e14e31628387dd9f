"""CubeCourier notation: positions, moves and views round trip; malformed texts are refused
with a message (exit 2 through the CLI); ``judge`` prints exactly its fields; board files."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from calibration.board_files import BoardFileError, load_board
from device.cli import main
from engine.errors import BoardDataError, NotationError
from engine.games.cubecourier import GAME, parse_move, parse_position, view_from_text, view_to_text
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

from .test_conformance import BOARDS, packaged_board

BOARD = packaged_board(GAME, "standard")
EXAMPLE = "K.R/[KRW]RW/.K. off=KR ring=r1c1 to=2"


@pytest.fixture(autouse=True)
def _packaged_boards_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))


# --- positions --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    EXAMPLE,
    ".../.../... off=KKKKRRRW ring=none to=1",
    "R../RW./R^K.. off=KKW ring=r2c0 to=2",
    "[RKW]^[KWR]../.../... off=KRRRWW ring=r0c0 to=1",
    "KRW/R.K/WKR off=- ring=r1c0 to=1",
    "[KRW]../.../..[RKW] off=KKRRWW ring=none to=1 rep=1",
])
def test_positions_print_back(text: str) -> None:
    assert parse_position(text, BOARD).position() == text


def test_the_issue_example_reads_cell_by_cell() -> None:
    state = parse_position(EXAMPLE, BOARD)
    assert [str(x) if x else "." for x in state.cells] == [
        "K", ".", "R", "[KRW]", "R", "W", ".", "K", "."]
    assert (state.off, str(state.ring), state.to) == (("K", "R"), "r1c1", 2)


def test_off_in_any_order_and_fields_in_any_order_print_canonically() -> None:
    text = "K.R/[KRW]RW/.K. to=2 ring=r1c1 off=RK"
    assert parse_position(text, BOARD).position() == EXAMPLE


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty position"),
    ("K.R/[KRW]RW off=KR ring=r1c1 to=2", "3 rows"),
    ("K.R./[KRW]RW/.K. off=KR ring=r1c1 to=2", "row 0"),
    ("K.X/[KRW]RW/.K. off=KR ring=r1c1 to=2", "row 0"),
    ("K.R/[KKW]RW/.K. off=KR ring=r1c1 to=2", "each of K, R, W once"),
    ("K^R^W.R/[KRW]RW/.K. off=- ring=r1c1 to=2", "a stack under another"),
    ("K.R/[KRW]RW/.K. off=K ring=r1c1 to=2", "holds 7 cubes"),
    ("K.R/[KRW]RW/.K. off=KRW ring=r1c1 to=2", "holds 9 cubes"),
    ("K.R/[KRW]RW/.K. off=KR ring=r0c1 to=2", "r0c1 is empty"),
    ("K.R/[KRW]RW/.K. off=KR ring=r3c1 to=2", "ring= must be a cell"),
    ("K.R/[KRW]RW/.K. off=KR ring=r1c1 to=3", "to= must be player 1 or 2"),
    ("K.R/[KRW]RW/.K. off=KR ring=r1c1", "lacks to="),
    ("K.R/[KRW]RW/.K. off=KR to=2", "lacks ring="),
    ("K.R/[KRW]RW/.K. off=KR off=KR ring=r1c1 to=2", "unexpected 'off=KR'"),
    ("K.R/[KRW]RW/.K. off= ring=r1c1 to=2", "off= lists"),
    ("K.R/[KRW]RW/.K. off=KB ring=r1c1 to=2", "off= lists"),
    ("K.R/[KRW]RW/.K. off=KR ring=r1c1 to=2 F=none", "unexpected 'F=none'"),
    ("K.R/[KRW]RW/.K. off=KR ring=r1c1 to=2 rep=1", "ring= must be none"),
])
def test_malformed_positions(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_position(text, BOARD)


# --- moves ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["P R@r2c0", "r0c2-W", "r0c2-W=K", "r0c2-W=K!", "r2c1^r2c0",
                                  "off r1c1=K", "repeat", "repeat 2", "first 2"])
def test_moves_print_back(text: str) -> None:
    assert str(parse_move(text)) == text
    assert str(parse_move(f"  {text} ")) == text


@pytest.mark.parametrize("text", ["", "P X@r0c0", "P R@r3c0", "PR@r0c0", "p R@r0c0",
                                  "r0c2-X", "r0c2-w", "R0C2-W", "r0c2-W=", "r0c2-W=B",
                                  "r0c2^", "r0c2^r0c3", "off r1c1", "repeat 3", "first",
                                  "first 0", "W0", "r0c2-N-S", "r0c2-W!", "r0c2-W=K!!"])
def test_malformed_moves(text: str) -> None:
    with pytest.raises(NotationError, match="must be a place"):
        parse_move(text)


# --- views ------------------------------------------------------------------------------------

def test_expected_view_and_its_text() -> None:
    state = parse_position("R../RW./R^K.. off=KKW ring=r2c0 to=2", BOARD)
    view = GAME.expected_view(state)
    assert view_to_text(view) == "R../RW./R+*.. off=KKW"
    assert view_from_text(view_to_text(view)) == view
    corner = view.grid[2][0]
    assert corner == Item(None, Colour.RED, 1.0, kind=ItemKind.CUBE, stacked=True, ringed=True)
    assert view.zone("off_board")[0].colour is Colour.BLACK


@pytest.mark.parametrize("text", [
    "K.R/K+*RW/.K. off=KRW",
    "K.R/KUW/.B. off=- out=G S=hand",
    "dK../.../... off=tRiW S=moving",
    "... off=-",
])
def test_view_texts_round_trip(text: str) -> None:
    assert view_to_text(view_from_text(text)) == text


def test_view_from_text_keeps_kinds_and_status() -> None:
    view = view_from_text("dK../.../... off=tR out=G S=hand")
    first = view.grid[0][0]
    assert first is not None and first.kind is ItemKind.DIE
    assert view.zone("off_board")[0].kind is ItemKind.TILE
    assert view.outside[0].colour is Colour.GREEN and view.status is ViewStatus.HAND
    unsettled = TableView.unsettled(ViewStatus.HAND, "hand over board")
    assert view_to_text(unsettled) == ".../.../... off=- S=hand"


@pytest.mark.parametrize("text", ["", "K.X/.../... off=-", "K../.../... off=", "K../..//...",
                                  "K../.../... off=K off=K", "K../.../... S=asleep",
                                  "K../.../... zone=K", "K+-../.../... off=-"])
def test_malformed_views(text: str) -> None:
    with pytest.raises(NotationError):
        view_from_text(text)


# --- dicekeeper judge / moves -----------------------------------------------------------------

def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def judge(capsys: pytest.CaptureFixture[str], position: str, move: str,
          *extra: str) -> dict[str, object]:
    code, out, _ = run(capsys, "judge", "cubecourier", *extra, "--position", position,
                       "--move", move)
    assert code == 0 and out.count("\n") == 1
    result: dict[str, object] = json.loads(out)
    return result


def test_judge_prints_exactly_its_fields_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    result = judge(capsys, "K.R/KRW/.KW off=K ring=none to=1", "P K@r2c0")
    assert list(result) == ["legal", "code", "message", "position", "outcome", "score",
                            "winner", "chain"]
    assert result == {"legal": True, "code": None, "message": "",
                      "position": "K.R/KRW/KKW off=- ring=r2c0 to=2", "outcome": "win",
                      "score": None, "winner": 1, "chain": ["r0c0", "r1c0", "r2c0"]}


def test_judge_an_illegal_move_keeps_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    result = judge(capsys, EXAMPLE, "r1c1-N")
    assert result == {"legal": False, "code": "CC-F1",
                      "message": "ringed cube on r1c1 can't move", "position": EXAMPLE,
                      "outcome": None, "score": None, "winner": None, "chain": None}


def test_judge_a_plain_move(capsys: pytest.CaptureFixture[str]) -> None:
    result = judge(capsys, EXAMPLE, "r1c0-S")
    assert result["position"] == "K.R/.RW/[RKW]K. off=KR ring=r2c0 to=1"
    assert (result["legal"], result["outcome"], result["winner"]) == (True, None, None)


@pytest.mark.parametrize("argv", [
    ["judge", "cubecourier", "--position", "K.R/[KRW]RW/.K. off=K ring=r1c1 to=2",
     "--move", "r1c0-S"],                                  # 7 cubes
    ["judge", "cubecourier", "--position", "K^R^W../.../... off=KKRRW ring=none to=1",
     "--move", "P K@r1c1"],                                # a stack under another
    ["judge", "cubecourier", "--position", EXAMPLE, "--move", "r0c0-E"],  # needs the top seen
    ["judge", "cubecourier", "--position", EXAMPLE, "--move", "r0c0 E"],  # not a move
    ["moves", "cubecourier", "--position", "K.R/[KRW]RW/.K. to=2"],
    ["moves", "cubecourier", "--option", "repetition_threshold=1", "--position", EXAMPLE],
    ["moves", "cubecourier", "--option", "speed=fast", "--position", EXAMPLE],
])
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and err.startswith(f"dicekeeper {argv[0]}: ")


def test_a_roll_without_its_top_says_what_it_needs(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "judge", "cubecourier", "--position", EXAMPLE, "--move", "r0c0-E")
    assert "move r0c0-E needs the new top seen (R or W): e.g. r0c0-E=R" in err


def test_moves_lists_in_the_documented_order(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "cubecourier", "--position", EXAMPLE)
    assert code == 0
    assert out.split("\n") == [
        "P K@r0c1", "P K@r2c0", "P K@r2c2", "P R@r0c1", "P R@r2c0", "P R@r2c2",
        "r0c0-E=R", "r0c0-E=W", "r0c2-W=K", "r0c2-W=W", "r1c0-S", "r1c2-S=K", "r1c2-S=R",
        "r2c1-E=R", "r2c1-E=W", "r2c1-W=R", "r2c1-W=W", ""]


def test_moves_of_a_won_position_is_empty(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "cubecourier", "--position",
                       "K.R/KRW/KKW off=- ring=r2c0 to=2")
    assert (code, out) == (0, "\n")


# --- board file and options -------------------------------------------------------------------

def data() -> dict[str, object]:
    loaded: dict[str, object] = json.loads(
        (BOARDS / "cubecourier-standard.json").read_text(encoding="utf-8"))
    return loaded


def test_the_packaged_board() -> None:
    board = load_board("cubecourier")
    assert [(c.letter, c.name, c.camera) for c in board.colours] == [
        ("K", "black", Colour.BLACK), ("R", "red", Colour.RED), ("W", "white", Colour.WHITE)]
    assert board.options.repetition_threshold == 3
    layout = GAME.layout(board)
    assert (layout.size_mm, layout.cell_mm, layout.item_mm, layout.marker_mm) == (
        190.0, 30.0, 18.0, 22.0)
    assert layout.grid_origin_mm == (50.0, 50.0)
    assert layout.palette == (Colour.BLACK, Colour.RED, Colour.WHITE)
    assert layout.item_kind is ItemKind.CUBE
    (zone,) = layout.zones
    assert (zone.name, zone.x_mm, zone.y_mm, zone.w_mm, zone.h_mm, zone.label) == (
        "off_board", 146.0, 28.0, 40.0, 134.0, "off-board cubes")


def test_the_zone_is_beside_the_grid_and_clear_of_the_markers() -> None:
    layout = GAME.layout(BOARD)
    (zone,) = layout.zones
    gx, _gy = layout.grid_origin_mm
    assert zone.x_mm > gx + 3 * layout.cell_mm
    m, size = layout.marker_mm, layout.size_mm
    assert m < zone.y_mm and zone.y_mm + zone.h_mm < size - m
    assert zone.x_mm + zone.w_mm < size
    assert zone.w_mm >= 2 * layout.item_mm and zone.h_mm >= 4 * layout.item_mm  # 8 cubes


def test_the_players_edges_are_labelled_between_the_grid_and_the_markers() -> None:
    layout = GAME.layout(BOARD)
    assert [(label.text, label.box_mm) for label in layout.labels] == [
        ("player 2", (50.0, 36.0, 140.0, 46.0)), ("player 1", (50.0, 144.0, 140.0, 154.0))]


def test_a_user_colour_mapping_changes_the_palette_and_the_view() -> None:
    custom = data()
    colours = dict(custom["colours"])  # type: ignore[call-overload]
    colours["K"] = {"name": "blue", "camera": "blue"}
    board = GAME.load_board("standard", {**custom, "colours": colours})
    assert GAME.layout(board).palette == (Colour.BLUE, Colour.RED, Colour.WHITE)
    state = parse_position(".../.../... off=KKKKRRRW ring=none to=1", board)
    assert view_to_text(GAME.expected_view(state)) == ".../.../... off=BBBBRRRW"


@pytest.mark.parametrize(("change", "words"), [
    ({"speed": 3}, "unknown key 'speed'"),
    ({"game": "unification"}, "for game 'unification'"),
    ({"side": "deluxe"}, "for side 'deluxe'"),
    ({"grid": {"rows": 4, "cols": 3}}, '"grid"'),
    ({"colours": {"K": {}, "R": {}}}, "exactly the keys K, R and W"),
    ({"colours": {"K": {"camera": "purple"}, "R": {}, "W": {}}}, "K camera must be one of"),
    ({"colours": {"K": {"camera": "red"}, "R": {}, "W": {}}}, "its own camera colour"),
    ({"colours": {"K": {"rgb": [1, 2]}, "R": {}, "W": {}}}, "K rgb must be three integers"),
    ({"colours": {"K": {"name": ""}, "R": {}, "W": {}}}, "K name must be a non-empty"),
    ({"colours": {"K": {"hue": 3}, "R": {}, "W": {}}}, "K: unknown key 'hue'"),
    ({"options": {"repetition_threshold": 1}}, "repetition_threshold must be one of 2"),
    ({"options": {"repetition_threshold": True}}, "repetition_threshold must be one of"),
    ({"options": {"ring": "off"}}, "unknown option 'ring'"),
    ({"options": []}, '"options" must be an object'),
    ({"layout": {"zones": {"tray": [0, 0, 10, 10]}}}, "must keep the 'off_board' zone"),
    ({"layout": {"cell_mm": 17}}, "items of 18 mm do not fit"),
    ({"title": 3}, '"title" must be a string'),
])
def test_bad_board_data_is_named(change: dict[str, object], words: str) -> None:
    with pytest.raises(BoardDataError, match=words):
        GAME.load_board("standard", {**data(), **change})


def test_a_bad_board_file_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "cubecourier-standard.json").write_text(json.dumps({**data(), "speed": 1}))
    with pytest.raises(BoardFileError, match="cubecourier-standard.json: unknown key 'speed'"):
        load_board("cubecourier", "standard", override_dir=tmp_path)


def test_options_from_the_command_line() -> None:
    board = GAME.load_board("standard", data(), {"repetition_threshold": "2"})
    assert board.options.repetition_threshold == 2
    with pytest.raises(BoardDataError, match="unknown option 'diagonal'"):
        GAME.load_board("standard", data(), {"diagonal": "on"})


# --- the examples of docs/notation/cubecourier.md are the real commands' output ---------------

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation" / "cubecourier.md"


def _doc_examples() -> list[tuple[str, list[str]]]:
    """Each ``$ dicekeeper ...`` line of the doc's last code block and the lines after it."""
    block = DOC.read_text(encoding="utf-8").rsplit("```", 2)[-2]
    examples: list[tuple[str, list[str]]] = []
    for line in block.strip().splitlines():
        if line.startswith("$ "):
            examples.append((line[2:], []))
        elif examples:
            examples[-1][1].append(line)
    return examples


def test_the_doc_examples_are_real(capsys: pytest.CaptureFixture[str]) -> None:
    examples = _doc_examples()
    assert len(examples) >= 6
    for command, expected in examples:
        argv = shlex.split(command)[1:]
        code, out, err = run(capsys, *argv)
        if expected and expected[-1].endswith("(exit 2)"):
            assert code == 2 and err.strip() == expected[-1].removesuffix("(exit 2)").strip()
        else:
            assert code == 0 and out.splitlines() == expected, command
