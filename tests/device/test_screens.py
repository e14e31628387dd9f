"""OLED screens: the model built from a session, and a few pixel checks of the rendering."""

from __future__ import annotations

import pytest

from device.screens import (
    HEIGHT,
    WIDTH,
    Game,
    Greeting,
    Menu,
    Message,
    Result,
    clock_text,
    game_screen,
    render,
)
from engine.outcome import Outcome
from engine.panel import Panel, Sketch
from engine.session import Summary


def _summary(now: float, **kw) -> Summary:
    """A session's game-neutral summary at ``now`` (a 5-minute clock started at 0)."""
    base = {"game": "unification", "side": "simple", "title": "Unification",
            "heading": "Unification simple", "moves": 3,
            "counter": "P", "remaining": max(0.0, 300.0 - now), "clock_running": True,
            "status": "apply effect: +1", "warning": None, "to_move": None, "last_move": "W0",
            "outcome": None, "score": None, "line": f"summary at {now}"}
    base.update(kw)
    return Summary(**base)


def test_clock_text_rounds_down_and_never_goes_negative() -> None:
    assert clock_text(300) == "5:00"
    assert clock_text(161.9) == "2:41"
    assert clock_text(9.5) == "0:09"
    assert clock_text(-3) == "0:00"


def test_game_model_from_session() -> None:
    model = game_screen(_summary(138.6, warning=("UN-F1", "red die can't leave")))
    assert isinstance(model, Game)
    assert model.title == "Unification simple" and (model.counter, model.moves) == ("P", 3)
    assert clock_text(model.remaining_s) == "2:41"
    assert (model.warning_code, model.warning_message) == ("UN-F1", "red die can't leave")
    assert model.status == "apply effect: +1" and model.timer_running


def test_result_model_once_the_session_has_an_outcome() -> None:
    outcome = Outcome("success", "UN-E1")
    model = game_screen(_summary(139.0, outcome=outcome, score=4, clock_running=False))
    assert model == Result(outcome="success", remaining_s=161.0, score=4,
                           summary="summary at 139.0", reason="UN-E1")


def _lit(image, box) -> float:
    crop = image.crop(box)
    return sum(crop.histogram()[1:]) / (crop.width * crop.height)


def test_warning_band_is_inverted_and_text_stays_inside() -> None:
    plain = render(Game("Unification simple", 161, 3, "put the dice back"))
    warned = render(Game("Unification simple", 161, 3, "", "UN-F1", "red die can't leave"))
    assert warned.size == (WIDTH, HEIGHT) and warned.mode == "1"
    band = (0, 54, WIDTH, HEIGHT)
    assert _lit(warned, band) > 0.6      # lit background, dark letters
    assert _lit(plain, band) < 0.05
    # the letters cut holes in the band: it is not a plain white bar
    assert _lit(warned, (2, 54, 120, 63)) < 0.97


def test_long_warning_wraps_to_two_inverted_lines() -> None:
    image = render(Game("Unification simple", 100, 1, "", "UN-F3",
                        "the pushed-out die 1 cannot go down by one"))
    assert _lit(image, (0, 42, WIDTH, 52)) > 0.5 and _lit(image, (0, 54, WIDTH, 64)) > 0.5


def test_clock_digits_are_big() -> None:
    image = render(Game("U", 300, 0, ""))
    bbox = image.crop((0, 12, WIDTH, 38)).getbbox()
    assert bbox is not None
    assert bbox[3] - bbox[1] >= 16       # digits at least 16 px tall
    assert bbox[2] - bbox[0] >= 40


@pytest.mark.parametrize("model", [
    Greeting("0.1.0"),
    Menu("Game", ("Unification", "Growing nine", "No gaps", "Pairing five", "HV"), 4),
    Game("A very long game title indeed", 59, 123, "a status line far too long to fit",
         "UN-F8", "turning any die by hand is not allowed, nor pushing with another die"),
    Result("failure", 0, 0, "x", "FA-E1"),
    Message(("camera lost — check cable",)),
])
def test_every_screen_draws_something_inside_the_frame(model) -> None:
    image = render(model)
    assert image.size == (128, 64) and image.mode == "1"
    assert image.getbbox() is not None


def test_menu_highlights_the_chosen_item_when_scrolled() -> None:
    items = tuple(f"item {i}" for i in range(6))
    image = render(Menu("Game", items, 5))
    # the highlighted row is boxed: its frame's top edge is a full lit line on the last row
    assert _lit(image, (0, 13 + 3 * 13, WIDTH, 14 + 3 * 13)) == 1.0


def test_render_refuses_unknown_models() -> None:
    with pytest.raises(TypeError, match="no renderer"):
        render("5:00")  # type: ignore[arg-type]


def test_move_count_is_drawn_whole_at_the_right_edge() -> None:
    from device.screens import SMALL, font

    image = render(Game("Unification simple", 300, 0, "", counter="P"))
    header = image.crop((0, 0, WIDTH, 12))
    columns = [sum(header.crop((x, 0, x + 1, 12)).histogram()[1:]) for x in range(WIDTH)]
    start = min(x for x in range(100, WIDTH) if columns[x])
    left, _, right, _ = font(SMALL).getbbox("P 0")
    # the whole "P 0" is visible: its lit span is as wide as the text's ink
    last = max(x for x in range(WIDTH) if columns[x])
    assert last - start + 1 == right - left
    assert start > max(x for x in range(100) if columns[x]) + 3   # a gap after the title


def _ink_columns(image, top: int, bottom: int) -> tuple[int, int]:
    """First and last lit columns between two rows."""
    lit = [x for x in range(WIDTH) if _lit(image, (x, top, x + 1, bottom)) > 0]
    return lit[0], lit[-1]


@pytest.mark.parametrize("status", ["straighten or reroll r1c2", "camera lost — check cable",
                                    "hand over board"])
def test_a_status_that_fits_is_drawn_whole_and_centred(status) -> None:
    # text is measured as the one-bit OLED draws it: measured anti-aliased, these ran off the
    # right edge (the last letters cut) and stood off-centre
    first, last = _ink_columns(render(Game("Unification", 143, 4, status)), 39, 52)
    assert first > 0 and last < WIDTH - 1
    assert abs(first - (WIDTH - 1 - last)) <= 2


def test_a_long_status_wraps_to_two_lines_unless_a_warning_needs_the_room() -> None:
    status = "light changed - recalibrate colours?"
    image = render(Game("Unification", 143, 4, status))
    assert _lit(image, (0, 39, WIDTH, 51)) > 0 and _lit(image, (0, 52, WIDTH, HEIGHT)) > 0
    for top, bottom in ((39, 51), (51, HEIGHT)):
        first, last = _ink_columns(image, top, bottom)
        assert first > 0 and last < WIDTH - 1
    warned = render(Game("Unification", 143, 4, status, "UN-F1", "red die can't leave"))
    assert _lit(warned, (0, 39, WIDTH, 50)) > 0          # the status keeps one line
    assert _lit(warned, (0, 54, WIDTH, HEIGHT)) > 0.5    # above the lit warning band


def test_a_game_without_a_clock_shows_whose_turn_the_last_move_and_the_board() -> None:
    sketch = Sketch(("K.R", "KRW", ".K."), frozenset({(1, 1)}))
    model = game_screen(_summary(0.0, remaining=None, clock_running=False, to_move=2,
                                 last_move="r0c2-W=K", panel=Panel(sketch=sketch)))
    assert isinstance(model, Game) and (model.to_move, model.last_move) == (2, "r0c2-W=K")
    assert model.remaining_s is None and model.sketch == sketch
    image = render(model)
    assert _lit(image, (0, 12, 80, 28)) > 0.05            # "P2 to move"
    marked = image.crop((128 - 27 + 9, 12 + 9, 128 - 27 + 17, 12 + 17))
    assert _lit(marked, (0, 0, 8, 8)) > 0.5               # the ringed cube's cell is lit


def test_a_won_two_player_game_names_the_winner_and_pages_its_tally() -> None:
    outcome = Outcome("win", "CC-E1", winner=2)
    pages = (("rows: A 3, B 2",), ("cols: A 2, B 3",))
    line = "cubecourier: player 2 wins by a red chain r0c1-r1c1-r2c1 after 17 moves"
    summary = _summary(0.0, remaining=None, outcome=outcome, line=line,
                       panel=Panel(sketch=Sketch(("KRW", ".RK", "WR."), frozenset({(0, 1)})),
                                   pages=pages))
    result = game_screen(summary)
    assert isinstance(result, Result) and result.winner == 2 and result.page == ()
    assert _lit(render(result), (0, 0, 60, 20)) > 0.05
    assert game_screen(summary, page=1).page == pages[0]
    assert game_screen(summary, page=2).page == pages[1]
    assert game_screen(summary, page=3).page == pages[0]  # wraps round
    assert render(game_screen(summary, page=1)) != render(result)


def test_a_game_without_a_clock_lists_its_further_lines_under_the_first() -> None:
    """The first line beside the sketch, the next ones the screen's full width below it, as
    long as no status needs the room, above the warning band."""
    lines = ("W2<3>5 B4<5", "hands 3/4 deck 16")
    calm = Game("Bossa regular", None, 3, counter="T", to_move=2, last_move="W4=W1B0+W3B2",
                lines=lines, sketch=Sketch(("RES", "RE."), frozenset({(0, 0)})))
    image = render(calm)
    assert _lit(image, (0, 40, 40, 48)) > 0.05              # the line of both lines
    assert _lit(image, (0, 50, 40, 58)) > 0.05              # hands and deck
    wide = render(Game("Bossa regular", None, 3, counter="T", to_move=2, last_move="W2=W2B1",
                       lines=("W1<3>9 B1<5>11 and so on", "x"), sketch=calm.sketch))
    assert _lit(wide, (92, 40, WIDTH, 48)) > 0.0            # full width, under the sketch
    without = render(Game("Bossa regular", None, 3, counter="T", to_move=2,
                          last_move="W4=W1B0+W3B2", sketch=calm.sketch))
    assert _lit(without, (0, 39, WIDTH, HEIGHT)) == 0.0
    busy = render(Game("Bossa regular", None, 3, status="W4: 3 of 4 pips laid", counter="T",
                       to_move=2, last_move="W4=W1B0+W3B2", lines=lines, sketch=calm.sketch))
    status_only = render(Game("Bossa regular", None, 3, status="W4: 3 of 4 pips laid",
                              counter="T", to_move=2, last_move="W4=W1B0+W3B2",
                              sketch=calm.sketch))
    assert busy == status_only                              # the status takes their room
    warned = render(Game("Bossa regular", None, 3, None, "BO-F4", "B4 takes 1 or 2 tiles",
                         counter="T", to_move=2, last_move="W4=W1B0+W3B2", lines=lines,
                         sketch=calm.sketch))
    assert _lit(warned, (0, 40, 40, 48)) > 0.05             # one line above the band
    assert _lit(warned, (0, 54, WIDTH, HEIGHT)) > 0.5       # the band itself, unbroken


def test_a_clocked_game_shows_its_first_line_under_the_clock_and_the_status_below() -> None:
    """Fast Alone games say what matters under the clock (Growing Nine's queue, Pairing Five's
    effect to apply); the status keeps one line below it; a warning takes the room back."""
    plain = render(Game("Growing Nine a", 200, 3, "put the 6 on r3c3"))
    with_line = render(Game("Growing Nine a", 200, 3, "put the 6 on r3c3",
                            lines=("queue 5, red 3", "roll r2c0")))
    assert plain != with_line
    first, last = _ink_columns(with_line, 39, 50)
    assert first > 0 and last < WIDTH - 1 and abs(first - (WIDTH - 1 - last)) <= 2
    assert _lit(with_line, (0, 52, WIDTH, HEIGHT)) > 0         # the status, one line below
    only_status = render(Game("Growing Nine a", 200, 3, "", lines=("queue 5, red 3",)))
    assert _lit(only_status, (0, 52, WIDTH, HEIGHT)) == 0
    warned = render(Game("Growing Nine a", 200, 3, "put the dice back", "GN-F2",
                         "r3c0 matches red: red waits", lines=("queue 5, red 3",)))
    assert warned == render(Game("Growing Nine a", 200, 3, "put the dice back", "GN-F2",
                                 "r3c0 matches red: red waits"))


def test_the_game_model_carries_the_panel_lines() -> None:
    model = game_screen(_summary(10.0, panel=Panel(lines=("queue 5, red 3", "roll r2c0"))))
    assert isinstance(model, Game) and model.lines == ("queue 5, red 3", "roll r2c0")
