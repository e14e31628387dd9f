"""OLED screens of games that word their own turn and result (2 1 6: "B rolled 3", "A wins"),
sketches of grids too big for letters, and the cursor that enters a move on the grid."""

from __future__ import annotations

from device.screens import (
    HEIGHT,
    WIDTH,
    Game,
    GridCursor,
    Result,
    cursor_screen,
    game_screen,
    render,
)
from engine.outcome import Outcome
from engine.panel import GridEntry, Panel, Sketch
from engine.session import Summary


def _summary(**kw) -> Summary:
    base = {"game": "two-one-six", "side": "6x6", "title": "2 1 6", "heading": "2 1 6 6x6",
            "moves": 7, "counter": "M", "remaining": None, "clock_running": False,
            "status": "", "warning": None, "to_move": 2, "last_move": "roll=3",
            "outcome": None, "score": None, "line": "two-one-six (6x6): 7 moves"}
    base.update(kw)
    return Summary(**base)


def _lit(image, box) -> float:
    crop = image.crop(box)
    return sum(crop.histogram()[1:]) / (crop.width * crop.height)


SIX = Sketch(("AB....", "..A...", "......", "...B..", "......", "......"),
             frozenset({(3, 3)}))


def test_the_game_words_the_turn_and_chooses_the_line_under_it() -> None:
    panel = Panel(lines=("last A5@r3c3",), sketch=SIX, turn="B rolled 3")
    model = game_screen(_summary(panel=panel))
    assert isinstance(model, Game) and model.turn == "B rolled 3"
    words = render(model)
    plain = render(game_screen(_summary(panel=Panel(lines=("last A5@r3c3",), sketch=SIX))))
    assert words != plain                                    # not "P2 to move"
    assert _lit(words, (0, 29, 80, 38)) > 0.02               # the game's line under the turn


def test_a_six_by_six_sketch_fits_beside_the_turn_filled_cells_lit_the_marked_hollow() -> None:
    image = render(game_screen(_summary(panel=Panel(sketch=SIX, turn="A to roll"))))
    cell, left, top = 27 // 6, WIDTH - 6 * (27 // 6), 12
    assert left > 90 and top + 6 * cell <= 39                # clear of the status line
    filled = image.getpixel((left + 1, top + 1))             # r0c0: A's die
    empty = image.getpixel((left + 2 * cell + 1, top + 2 * cell + 1))
    hollow = image.getpixel((left + 3 * cell + 1, top + 3 * cell + 1))  # marked: its centre
    assert (filled, empty, hollow) == (1, 0, 0)
    assert image.getpixel((left + 3 * cell, top + 3 * cell)) == 1  # ... inside its outline


def test_a_twelve_by_twelve_sketch_still_fits_beside_the_turn() -> None:
    rows = tuple("A" * 12 for _ in range(12))
    image = render(game_screen(_summary(panel=Panel(sketch=Sketch(rows), turn="C rolled 5"))))
    assert _lit(image, (WIDTH - 36, 12, WIDTH, 48)) > 0.4
    assert _lit(image, (0, 12, 60, 28)) > 0.05               # the turn's words on the left


def test_the_result_takes_the_games_headline() -> None:
    summary = _summary(outcome=Outcome("A", "TS-E1", winner=1), to_move=None,
                       line="two-one-six (6x6): A 120, B 109, A wins",
                       panel=Panel(sketch=SIX, headline="A wins",
                                   pages=(("A wins", "A 120  B 109"),)))
    result = game_screen(summary)
    assert isinstance(result, Result) and result.headline == "A wins"
    other = game_screen(_summary(outcome=Outcome("A", "TS-E1", winner=1), to_move=None,
                                 line=summary.line, panel=Panel(sketch=SIX)))
    assert render(result) != render(other)                   # not "P1 wins"
    assert game_screen(summary, page=1).page == ("A wins", "A 120  B 109")


ENTRY = GridEntry("place A's die", ((0, 2), (0, 3), (1, 0)), ("3",), "A{value}@r{r}c{c}")


def test_the_cursor_model_walks_the_entrys_cells_then_its_values() -> None:
    assert cursor_screen(ENTRY, SIX, 0) == GridCursor("place A's die", SIX, (0, 2))
    assert cursor_screen(ENTRY, SIX, 4).cell == (0, 3)               # wraps round
    assert cursor_screen(ENTRY, SIX, 2, 0) == GridCursor("place A's die", SIX, (1, 0), "3")
    assert ENTRY.text((1, 0), "3") == "A3@r1c0"


def test_the_cursor_screen_draws_the_grid_full_height_and_lights_the_cursor_cell() -> None:
    image = render(cursor_screen(ENTRY, SIX, 0))
    cell = (HEIGHT - 4) // 6
    x, y = 2 + 2 * cell, 2                                   # r0c2
    assert _lit(image, (x + 1, y + 1, x + cell - 2, y + cell - 2)) == 1.0
    other = render(cursor_screen(ENTRY, SIX, 1))
    assert _lit(other, (x + 1, y + 1, x + cell - 2, y + cell - 2)) == 0.0
    chosen = render(cursor_screen(ENTRY, SIX, 0, 0))         # the value: the cell not lit
    assert _lit(chosen, (x + 2, y + 2, x + cell - 3, y + cell - 3)) < 0.5
    assert _lit(chosen, (2 + 6 * cell + 6, 37, WIDTH, 50)) > 0.02    # "= 3"
