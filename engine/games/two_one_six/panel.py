"""What 2 1 6 adds to the device's screen (``engine.panel.Panel``).

While playing: whose turn and the roll in the game's words ("B rolled 3", "A to roll"), the
last placement ("last A5@r2c3"), the grid as a sketch (the owner's letter per cell, the last
placement marked). What the buttons may enter: who starts (TS-S2, ``start=B``) before the
first roll; where the camera can't read the values (d4, d8, pen on paper) the roll
(``roll=N``) and the placement on the grid with a cursor (``A5@r2c3``, checked against the
roll like any placement). Once the grid is full: the winner, and the tally paged (the scores,
then who holds each row, column, diagonal, area and the handicap, with its points).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.two_one_six.board import LETTERS
from engine.games.two_one_six.lines import cell_name
from engine.games.two_one_six.scoring import Tally
from engine.games.two_one_six.state import State
from engine.panel import GridEntry, Offer, Panel, Sketch

TALLY_LINES = 4
"""Lines of tally entries on a page, under its heading (the OLED shows five lines a page)."""


def panel(state: State) -> Panel:
    """The panel of ``state`` (see the module docstring)."""
    sketch = grid_sketch(state)
    tallies, scores = state.tally(), state.scores()
    if tallies is not None and scores is not None:
        return Panel(sketch=sketch, pages=tally_pages(tallies, scores),
                     headline=_headline(scores))
    return Panel(lines=_last(state), sketch=sketch, offers=offers(state), turn=turn_text(state),
                 entry=grid_entry(state))


def turn_text(state: State) -> str:
    """``B rolled 3`` once the mover's roll is known, else ``A to roll``."""
    mover = LETTERS[state.to]
    return f"{mover} to roll" if state.roll is None else f"{mover} rolled {state.roll}"


def _last(state: State) -> tuple[str, ...]:
    if state.last is None:
        return ()
    entry = state.cells[state.last]
    return (f"last {entry}@{cell_name(state.last, state.board.size)}",) if entry else ()


def grid_sketch(state: State) -> Sketch:
    """The owner's letter in each filled cell, ``.`` in an empty one; the last placement
    marked."""
    n = state.board.size
    rows = tuple("".join("." if e is None else LETTERS[e.player]
                         for e in state.cells[r * n:(r + 1) * n]) for r in range(n))
    marked = frozenset() if state.last is None else frozenset({divmod(state.last, n)})
    return Sketch(rows, marked)


def offers(state: State) -> tuple[Offer, ...]:
    """Who starts (before the first roll and placement, for each other player), and the roll
    where the camera can't read it (while the mover's roll is not known)."""
    board = state.board
    found: list[Offer] = []
    if state.roll is None and not any(state.cells):
        found += [Offer(f"{LETTERS[p]} starts", f"start={LETTERS[p]}")
                  for p in range(board.players) if p != state.to]
    if state.roll is None and not board.reads_values:
        mover = LETTERS[state.to]
        found += [Offer(f"{mover} rolled {v}", f"roll={v}") for v in range(1, board.faces + 1)]
    return tuple(found)


def grid_entry(state: State) -> GridEntry | None:
    """Where the camera can't read the values: the mover's placement, the cursor on the empty
    cells, the value any of the die's (the roll first once it is known: the rules check the
    value entered against it, TS-F2)."""
    board = state.board
    if board.reads_values:
        return None
    n = board.size
    cells = tuple(divmod(i, n) for i, e in enumerate(state.cells) if e is None)
    values = sorted(range(1, board.faces + 1), key=lambda v: v != state.roll)
    mover = LETTERS[state.to]
    return GridEntry(f"place {mover}'s die", cells, tuple(str(v) for v in values),
                     f"{mover}{{value}}@r{{r}}c{{c}}")


def tally_pages(tallies: tuple[Tally, ...], scores: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """The scores page (the result, two scores a line), then the tally: a heading and
    ``TALLY_LINES`` lines of two entries each (``r0 A 31  r1 B 31``; ``-`` for nobody)."""
    first = (_headline(scores), *(_pair_scores(scores, i) for i in range(0, len(scores), 2)))
    entries = [_entry(t) for t in tallies]
    pairs = ["  ".join(entries[i:i + 2]) for i in range(0, len(entries), 2)]
    chunks = [pairs[i:i + TALLY_LINES] for i in range(0, len(pairs), TALLY_LINES)]
    return (first, *((f"tally {k + 1}/{len(chunks)}", *chunk) for k, chunk in enumerate(chunks)))


def _pair_scores(scores: tuple[int, ...], i: int) -> str:
    return "  ".join(f"{LETTERS[p]} {scores[p]}" for p in range(i, min(i + 2, len(scores))))


def _entry(tally: Tally) -> str:
    holder = "-" if tally.dominated_by is None else LETTERS[tally.dominated_by]
    return f"{tally.name} {holder} {tally.points}"


def _headline(scores: tuple[int, ...]) -> str:
    best = max(scores)
    leaders = [p for p, s in enumerate(scores) if s == best]
    return "draw" if len(leaders) > 1 else f"{LETTERS[leaders[0]]} wins"
