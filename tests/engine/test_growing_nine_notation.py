"""Growing Nine notation (positions, moves, views), the judge and moves commands, the board
files and the printed layout."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from device.cli import main
from engine.errors import BoardDataError, NotationError
from engine.games.growing_nine import (
    GAME,
    Board,
    Circles,
    Place,
    Roll,
    parse_move,
    parse_position,
    view_from_text,
    view_to_text,
)
from engine.table import Cell, Colour, Item, TableView, ViewStatus

BOARDS = Path(__file__).resolve().parents[2] / "calibration" / "boards"
X1 = "r0c0=R321 r0c3=W5 r3c0=W315 r3c3=W2 q=614253"


def data(side: str = "a") -> dict[str, object]:
    loaded: dict[str, object] = json.loads((BOARDS / f"growing-nine-{side}.json").read_text())
    return loaded


@pytest.fixture
def board() -> Board:
    return GAME.load_board("a", data())


@pytest.fixture(autouse=True)
def _packaged_boards_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DICEKEEPER_BOARDS", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))


# --- positions -------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    X1, "r0c0=R3 r0c3=W5 r3c0=W3 r3c3=W2 q=614253", "r0c0=W642 r0c3=R4 r3c3=W6 q=-",
    "r1c1=R124 q=666666", "rolled R3 W122345556",
])
def test_position_round_trip(board: Board, text: str) -> None:
    state = parse_position(text, board)
    assert state.position() == text
    assert parse_position(state.position(), board) == state


def test_cells_in_any_order_print_row_major(board: Board) -> None:
    state = parse_position("q=614253 r3c3=W2 r3c0=W315 r0c3=W5 r0c0=R321", board)
    assert state.position() == X1
    rolled = parse_position("rolled R3 W655543221", board)
    assert rolled.position() == "rolled R3 W122345556"


@pytest.mark.parametrize("text", [
    "", "q=614253", "r0c0=R3 r0c3=W5", "r0c0=R3 q=61 q=4", "r0c0=W3 q=1", "r0c0=R3 r1c1=R2 q=1",
    "r0c0=R3 r4c0=W1 q=1", "r0c0=R3 r0c0=W1 q=1", "r0c0=R7 q=1", "r0c0=R32 q=1",
    "r0c0=R316 q=1", "r0c0=R3 q=", "r0c0=R3 q=6142537", "r00c0=R3 q=1", "r0c0=X3 q=1",
    "r0c0=R3 r0c1=W1 r0c2=W1 r0c3=W1 r1c0=W1 q=666666", "r0c0=R3 q=1 junk", "r0c0R3 q=1",
    "rolled R3 W12234555", "rolled R3 W1223455567", "rolled W3 R122345556", "rolled",
])
def test_bad_positions(board: Board, text: str) -> None:
    with pytest.raises(NotationError):
        parse_position(text, board)


def test_orientation_must_be_a_real_die_of_the_handedness(board: Board) -> None:
    """T N E must come from three different axes and match the handedness (README 3.3)."""
    with pytest.raises(NotationError, match="right-handed"):
        parse_position("r0c0=R312 q=1", board)
    with pytest.raises(NotationError, match="right-handed"):
        parse_position("r0c0=R343 q=1", board)


# --- moves -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "move"), [
    ("r3c0 N", Roll(Cell(3, 0), "N")), ("r3c0 N=6", Roll(Cell(3, 0), "N", 6)),
    (" r0c3  W=1 ", Roll(Cell(0, 3), "W", 1)), ("circles", Circles()),
])
def test_moves_parse_and_print(board: Board, text: str, move: object) -> None:
    state = parse_position(X1, board)
    assert parse_move(text, state) == move
    assert parse_move(str(move), state) == move


def test_place_parses_in_any_order_and_prints_row_major(board: Board) -> None:
    state = parse_position("rolled R3 W122345556", board)
    move = parse_move("place q=614253 r3c3=W2 r0c0=R3 r3c0=W3 r0c3=W5", state)
    assert isinstance(move, Place)
    assert str(move) == "place r0c0=R3 r0c3=W5 r3c0=W3 r3c3=W2 q=614253"
    assert parse_move(str(move), state) == move


@pytest.mark.parametrize("text", [
    "", "r3c0", "r3c0 X", "r3c0 N=7", "r3c0 N=", "r3c0 n", "r4c0 N", "N r3c0", "r3c0 N 6",
    "circles now", "place r0c0=R3 q=1",
])
def test_bad_moves(board: Board, text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text, parse_position(X1, board))


# --- views -----------------------------------------------------------------------------------

def test_view_text_round_trip() -> None:
    text = "R3..W5/..../..../W3..W2 w=W6W1W4W2W5W3"
    view = view_from_text(text)
    assert view.at(Cell(0, 0)) == Item(3, Colour.RED)
    assert view.zone("waiting")[0] == Item(6, Colour.WHITE)
    assert view_to_text(view) == text and view_from_text(view_to_text(view)) == view


@pytest.mark.parametrize("text", [
    "R3..W?/..../..U5./W3..W2 w=- o=W4K2 S=hand", "..../..../..../.... o=R3W1W1",
    "R3../.../... S=moving",
])
def test_view_texts_keep_unread_faces_colours_zones_and_status(text: str) -> None:
    assert view_to_text(view_from_text(text)) == text


def test_a_view_without_a_waiting_zone_stays_without_one() -> None:
    view = TableView(grid=((Item(3, Colour.RED), None), (None, None)))
    assert view_to_text(view) == "R3./.."
    assert view_from_text(view_to_text(view)) == view
    assert view_from_text("R3./.. w=-").zones == (("waiting", ()),)
    assert view_from_text("R3./.. S=hand").status is ViewStatus.HAND


@pytest.mark.parametrize("text", [
    "", "R3./...", "R7../...", "R3. w=W", "R3. w=", "R3. x=W1", "R3. w=W1 w=W2", "R3. S=asleep",
    "X3.",
])
def test_bad_view_texts(text: str) -> None:
    with pytest.raises(NotationError):
        view_from_text(text)


# --- the commands ------------------------------------------------------------------------------

def run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["judge", "growing-nine", *argv]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    result: dict[str, object] = json.loads(out)
    return result


def test_judge_a_legal_roll_prints_the_usual_fields_only(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--position", X1, "--move", "r3c0 N") == {
        "legal": True, "code": None, "message": "",
        "position": "r0c0=R321 r0c3=W5 r2c0=W635 r3c3=W2 q=614253", "outcome": None,
        "score": None}


def test_judge_a_broken_rule_keeps_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--position", X1, "--move", "r0c0 E") == {
        "legal": False, "code": "GN-F2", "message": "r3c0 matches red: red waits",
        "position": X1, "outcome": None, "score": None}


@pytest.mark.parametrize(("position", "move", "remaining", "outcome", "score"), [
    ("r0c3=R4 r1c0=W412 q=6", "r1c0 N", "192", "success", 3),           # GN-X3
    ("r0c3=R4 r1c0=W412 q=6", "r1c0 N", None, "success", None),          # no --remaining
    ("r0c3=R4 r1c0=W412 r3c3=W1 q=653", "r1c0 N", "100", "failure", -3),  # GN-X2, GN-E3
    (X1, "circles", "30", "failure", -6),                                # GN-E5 declared
])
def test_judge_ends_and_scores(capsys: pytest.CaptureFixture[str], position: str, move: str,
                               remaining: str | None, outcome: str, score: int | None) -> None:
    extra = ["--remaining", remaining] if remaining else []
    result = run(capsys, "--position", position, "--move", move, *extra)
    assert (result["legal"], result["outcome"], result["score"]) == (True, outcome, score)


def test_judge_side_b_and_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--side", "b", "--position", X1, "--move", "r3c0 E")["legal"] is True
    left = "r0c0=R326 r0c3=W5 r3c0=W312 r3c3=W2 q=614253"
    result = run(capsys, "--option", "handedness=left", "--position", left, "--move", "r3c0 N")
    assert result["position"] == "r0c0=R326 r0c3=W5 r2c0=W632 r3c3=W2 q=614253"


@pytest.mark.parametrize("argv", [
    ["--position", "r0c0=R3 q=7", "--move", "r0c0 E=1"],                # bad position
    ["--position", X1, "--move", "r3c0 up"],                            # bad move
    ["--position", "r0c0=R3 r3c0=W3 q=6", "--move", "r3c0 N"],          # the top is needed
    ["--position", X1, "--move", "r1c1 N=2"],                           # no die there
    ["--option", "repetition=1", "--position", X1, "--move", "r3c0 N"],  # bad option value
    ["--option", "colour=blue", "--position", X1, "--move", "r3c0 N"],  # unknown option
])
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(["judge", "growing-nine", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("dicekeeper judge: ")


def test_moves_lists_the_legal_moves_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "growing-nine", "--position",
                 "r0c0=R3 r0c3=W5 r3c0=W3 r3c3=W2 q=614253"]) == 0
    assert capsys.readouterr().out.split("\n")[:-1] == [
        "r3c0 N=1", "r3c0 N=2", "r3c0 N=5", "r3c0 N=6",
        "r3c0 E=1", "r3c0 E=2", "r3c0 E=5", "r3c0 E=6"]
    assert main(["moves", "growing-nine", "--position", X1]) == 0
    assert capsys.readouterr().out == "r3c0 N\nr3c0 E\n"


# --- board files and layout ------------------------------------------------------------------

def test_packaged_sides() -> None:
    a, b = GAME.load_board("a", data("a")), GAME.load_board("b", data("b"))
    assert (a.rows, a.cols, a.waiting, a.blocked) == (4, 4, 6, frozenset())
    assert a.pairs == (("A", (Cell(0, 0), Cell(3, 3))), ("B", (Cell(0, 3), Cell(3, 0))))
    assert a.pair_of(Cell(0, 0)) == Cell(3, 3) and a.pair_of(Cell(3, 0)) == Cell(0, 3)
    assert a.pair_of(Cell(1, 1)) is None
    assert (b.rows, b.cols, b.pairs, b.waiting) == (a.rows, a.cols, a.pairs, a.waiting)  # AMB-FA4


@pytest.mark.parametrize(("change", "message"), [
    ({"game": "unification"}, "not 'growing-nine'"),
    ({"side": "b"}, "for side 'b'"),
    ({"grid": {"rows": 4}}, '"grid" cols must be'),
    ({"grid": {"rows": 1, "cols": 4}}, '"grid" rows must be'),
    ({"blocked": "r1c1"}, '"blocked" must be a list'),
    ({"blocked": ["r9c9"]}, '"blocked": \'r9c9\' is not a cell'),
    ({"blocked": ["r0c0"]}, "spawn cell r0c0 is blocked"),
    ({"pairs": {}}, '"pairs" must name the spawn pairs'),
    ({"pairs": {"A": ["r0c0"], "B": ["r0c3", "r3c0"]}}, "must be a list of two cells"),
    ({"pairs": {"A": ["r0c0", "r3c3"], "B": ["r0c3", "r0c0"]}}, "r0c0 is in two spawn pairs"),
    ({"pairs": {"A": ["r0c0", "r3c3"], "B": ["r0c3", "x"]}}, "'x' is not a cell"),
    ({"waiting": 5}, "must hold the box's 10 dice"),
    ({"waiting": "6"}, '"waiting" must be the number'),
    ({"options": ["right"]}, '"options" must be an object'),
    ({"layout": {"cell_mm": 10}}, "do not fit"),
    ({"layout": {"zones": {"tray": [0, 0, 10, 10]}}}, "must include the waiting area"),
])
def test_bad_board_data_names_the_key(change: dict[str, object], message: str) -> None:
    with pytest.raises(BoardDataError, match=message):
        GAME.load_board("a", {**data(), **change})


def test_other_layouts_the_format_allows() -> None:
    """GN-D4: another grid size, blocked cells and other spawn pairs."""
    b = GAME.load_board("b", {**data("b"), "grid": {"rows": 5, "cols": 5}, "blocked": ["r2c2"],
                              "pairs": {"X": ["r0c0", "r4c4"], "Y": ["r0c4", "r4c0"],
                                        "Z": ["r0c2", "r4c2"]},
                              "waiting": 4})
    assert b.spawns == (Cell(0, 0), Cell(0, 2), Cell(0, 4), Cell(4, 0), Cell(4, 2), Cell(4, 4))
    state = parse_position("r0c0=R3 r1c2=W3 q=1111", b)
    assert [str(m) for m in state.legal_moves()] == [
        "r1c2 N=1", "r1c2 N=2", "r1c2 N=5", "r1c2 N=6", "r1c2 E=1", "r1c2 E=2", "r1c2 E=5",
        "r1c2 E=6", "r1c2 W=1", "r1c2 W=2", "r1c2 W=5", "r1c2 W=6"]  # r2c2 is blocked
    after = state.play(parse_move("r1c2 N=2", state))
    assert after.position() == "r0c0=R3 r0c2=W236 r4c2=W1 q=111"  # pair Z
    layout = GAME.layout(b)
    assert layout.size_mm == 190.0 and layout.shaded_cells == ((2, 2),)
    wide = GAME.load_board("b", {**data("b"), "grid": {"rows": 7, "cols": 7}})
    assert GAME.layout(wide).size_mm == 280.0
    with pytest.raises(BoardDataError, match="fit no printable board"):
        GAME.load_board("b", {**data("b"), "grid": {"rows": 12, "cols": 12}})


def test_layout_of_side_a() -> None:
    """A 190 mm (A4) board: 4 x 4 cells of 25 mm for 16 mm dice, the waiting column of six
    22 mm places east of the grid and clear of the 22 mm markers, spawn cells labelled; the
    places are boxes without numbers (a digit where a die stands reads as a die)."""
    layout = GAME.layout(GAME.load_board("a", data()))
    assert (layout.size_mm, layout.marker_mm, layout.cell_mm, layout.item_mm) == (
        190.0, 22.0, 25.0, 16.0)
    assert layout.grid_origin_mm == (45.0, 45.0)
    (zone,) = layout.zones
    assert (zone.name, zone.x_mm, zone.y_mm, zone.w_mm, zone.h_mm) == (
        "waiting", 151.0, 29.0, 22.0, 132.0)
    assert zone.x_mm > 45.0 + 4 * 25.0
    assert zone.y_mm >= 22.0 and zone.y_mm + zone.h_mm <= 190.0 - 22.0
    assert layout.palette == (Colour.WHITE, Colour.RED)
    spawn_texts = [label.text for label in layout.labels if len(label.text) == 1
                   and label.text.isalpha()]
    assert spawn_texts == ["A", "A", "B", "B"]
    places = layout.labels[8:]
    assert [label.text for label in places] == [""] * 6       # boxes: nothing a die could be
    assert [round(label.box_mm[1]) for label in places] == [33, 55, 77, 99, 121, 143]


def test_spawn_cells_keep_their_middle_blank() -> None:
    """The reader takes print in a cell's middle for a die: a spawn cell is tinted (a box
    without text inside the cell's lines) and its pair's symbol is printed beside it, outside
    the grid: north of r0c0 and r0c3, south of r3c0 and r3c3."""
    layout = GAME.layout(GAME.load_board("a", data()))
    grid = (45.0, 45.0, 145.0, 145.0)
    tints = [label for label in layout.labels[:8] if label.text == ""]
    assert len(tints) == 4
    assert all(grid[0] < x0 and x1 < grid[2] and grid[1] < y0 and y1 < grid[3]
               for x0, y0, x1, y1 in (t.box_mm for t in tints))
    symbols = {label.box_mm: label.text for label in layout.labels if label.text.isalpha()}
    centres = sorted(((x0 + x1) / 2, (y0 + y1) / 2, text)
                     for (x0, y0, x1, y1), text in symbols.items())
    assert centres == [(57.5, 40.5, "A"), (57.5, 149.5, "B"),
                       (132.5, 40.5, "B"), (132.5, 149.5, "A")]


def _documented_commands() -> list[tuple[list[str], list[str]]]:
    """Each ``$ dicekeeper ...`` line of docs/notation/growing-nine.md with the lines after it."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "notation" / "growing-nine.md")
    lines = doc.read_text().split("\n")
    commands, current = [], None
    for line in lines:
        if line.startswith("$ dicekeeper "):
            current = (shlex.split(line[len("$ dicekeeper "):]), [])
            commands.append(current)
        elif line.startswith("```"):
            current = None
        elif current is not None:
            current[1].append(line)
    return commands


def test_the_documented_commands_print_what_the_doc_says(
        capsys: pytest.CaptureFixture[str]) -> None:
    commands = _documented_commands()
    assert len(commands) >= 8
    for argv, expected in commands:
        status = main(argv)
        captured = capsys.readouterr()
        if expected[-1:] == ["(exit status 2)"]:
            assert (status, captured.err.strip()) == (2, "\n".join(expected[:-1])), argv
        else:
            assert (status, captured.out.strip()) == (0, "\n".join(expected)), argv
