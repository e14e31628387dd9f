"""2 1 6 on the device's screen: the panel (whose turn, the roll, the last placement, the
grid's sketch), what the buttons may enter (who starts, the roll and the placement where the
camera can't read values) and the end (the summary line, the tally pages)."""

from __future__ import annotations

from dataclasses import replace

from engine.games import two_one_six as ts
from engine.session import new_session
from engine.table import Colour, Item, TableView

from .two_one_six_support import BEFORE_LAST, board, board_data, empty, example_end, put


def test_the_summary_line_gives_the_scores_in_turn_order_then_the_winner() -> None:
    state = example_end()
    assert ts.GAME.end_text(state, state.outcome, None, None, 36) == "A 120, B 109, A wins"
    session = new_session("two-one-six", "6x6", board())
    session = session.observe(TableView(grid=_grid(6)), 1.0)[0]
    before = ts.GAME.parse_position(f"{BEFORE_LAST} to=A roll=6", board())
    session, events = replace(session, state=before).enter("A6@r5c5", 2.0)
    assert events[-1].kind == "end"
    assert events[-1].data["summary"] == "two-one-six (6x6): A 120, B 109, A wins"
    assert session.summary(3.0) == "two-one-six (6x6): A 120, B 109, A wins"


def test_a_draw_is_told_after_the_scores() -> None:
    d4 = ts.GAME.load_board("4x4", board_data("4x4"))
    state = ts.GAME.parse_position("A1B1A1B1/B1A1B1A1/A1B1A1B1/B1A1B1A1 to=A", d4)
    assert ts.GAME.end_text(state, state.outcome, None, None, 16) == "A 0, B 0, draw"
    assert ts.GAME.panel(state).pages[0] == ("draw", "A 0  B 0")


def test_while_playing_the_panel_says_whose_turn_the_roll_and_the_last_placement() -> None:
    state = ts.GAME.parse_position(f"{empty(6)} to=B roll=3", board())
    panel = ts.GAME.panel(state)
    assert panel.turn == "B rolled 3" and panel.lines == () and panel.pages == ()
    after = state.play(ts.Place(1, 3, 2, 4))
    panel = ts.GAME.panel(after)
    assert panel.turn == "A to roll" and panel.lines == ("last B3@r2c4",)
    assert panel.sketch is not None and panel.sketch.rows[2] == "....B."
    assert panel.sketch.marked == {(2, 4)}
    assert ts.GAME.panel(after.play(ts.Roll(5))).lines == ("last B3@r2c4",)


def test_who_starts_is_offered_only_before_the_first_roll_and_placement() -> None:
    state = ts.GAME.parse_position(f"{empty(6)} to=A", board())
    assert [(o.label, o.move) for o in ts.GAME.panel(state).offers] == [("B starts", "start=B")]
    assert ts.GAME.panel(state.play(ts.Roll(4))).offers == ()
    placed = ts.GAME.parse_position(f"{put(empty(6), 0, 0, 'A4')} to=B", board())
    assert ts.GAME.panel(placed).offers == ()
    four = ts.GAME.load_board("12x12", board_data("12x12"), {"players": "4"})
    offered = ts.GAME.panel(ts.GAME.parse_position(f"{empty(12)} to=A", four)).offers
    assert [o.move for o in offered] == ["start=B", "start=C", "start=D"]


def test_a_board_that_reads_values_needs_no_entry_on_the_grid() -> None:
    state = ts.GAME.parse_position(f"{empty(6)} to=A", board())
    assert ts.GAME.panel(state).entry is None


def test_where_the_camera_cant_read_values_the_roll_and_placement_are_entered() -> None:
    d4 = ts.GAME.load_board("4x4", board_data("4x4"))
    assert not d4.reads_values
    state = ts.GAME.parse_position(f"{put(empty(4), 0, 0, 'B2')} to=A", d4)
    panel = ts.GAME.panel(state)
    assert [o.move for o in panel.offers] == ["roll=1", "roll=2", "roll=3", "roll=4"]
    entry = panel.entry
    assert entry is not None and entry.label == "place A's die"
    assert entry.cells[0] == (0, 1) and (0, 0) not in entry.cells and len(entry.cells) == 15
    assert entry.values == ("1", "2", "3", "4")
    assert entry.text((3, 2), "4") == "A4@r3c2"
    rolled = ts.GAME.panel(state.play(ts.Roll(3)))
    assert rolled.offers == () and rolled.entry is not None
    assert rolled.entry.values == ("3", "1", "2", "4")           # the roll first


def test_an_entered_placement_is_judged_against_the_roll() -> None:
    d4 = ts.GAME.load_board("4x4", board_data("4x4"))
    session = new_session("two-one-six", "4x4", d4)
    session, events = session.observe(TableView(grid=_grid(4)), 1.0)
    assert [e.kind for e in events] == ["setup"]
    session, events = session.enter("roll=3", 2.0)
    assert [e.kind for e in events] == ["move"] and session.state.roll == 3
    entry = ts.GAME.panel(session.state).entry
    assert entry is not None
    session, events = session.enter("A4@r1c1", 3.0)       # not the roll entered
    assert [e.kind for e in events] == ["warning"] and events[0].data["code"] == "TS-F2"
    session, events = session.enter(entry.text((1, 1), entry.values[0]), 4.0)
    assert [e.data.get("move") for e in events] == [None, "A3@r1c1"]  # cleared, then played
    # the camera then sees A's die there without a readable value: nothing new
    grid = _grid(4)
    seen = tuple(tuple(Item(None, Colour.WHITE) if (r, c) == (1, 1) else cell
                       for c, cell in enumerate(row)) for r, row in enumerate(grid))
    session, events = session.observe(TableView(grid=seen, zones=(("tray", ()),)), 5.0)
    assert events == [] and session.warning is None


def test_the_tally_pages_hold_every_entry_of_the_judge_lines_and_the_scores() -> None:
    state = example_end()
    panel = ts.GAME.panel(state)
    assert panel.headline == "A wins" and panel.offers == () and panel.entry is None
    first, *tally = panel.pages
    assert first == ("A wins", "A 120  B 109")
    assert all(len(page) <= 5 for page in panel.pages)
    assert [page[0] for page in tally] == ["tally 1/2", "tally 2/2"]
    shown = "  ".join(line for page in tally for line in page[1:]).split("  ")
    expected = [f"{t['name']} {t['dominated_by'] or '-'} {t['points']}"
                for t in ts.GAME.report(state)["lines"]]  # type: ignore[union-attr]
    assert shown == expected
    assert shown[:2] == ["r0 A 31", "r1 B 31"] and "c1 - 0" in shown


def test_options_add_their_tally_entries_and_four_players_their_scores() -> None:
    four = ts.GAME.load_board("12x12", board_data("12x12"),
                              {"players": "4", "diagonals": "on", "area": "on"})
    letters = "ABCD"
    rows = ["".join(f"{letters[(r + c) % 4]}{(r * c) % 6 + 1}" for c in range(12))
            for r in range(12)]
    state = ts.GAME.parse_position("/".join(rows) + " to=A", four)
    pages = ts.GAME.panel(state).pages
    assert len(pages[0]) == 3 and pages[0][1].startswith("A ") and pages[0][2].startswith("C ")
    names = [item.split(" ")[0] for page in pages[1:] for line in page[1:]
             for item in line.split("  ")]
    assert names[-3:] == ["main", "anti", "area"] and len(names) == 27


def _grid(n: int) -> tuple[tuple[None, ...], ...]:
    return tuple(tuple(None for _ in range(n)) for _ in range(n))
