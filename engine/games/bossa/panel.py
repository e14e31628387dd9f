"""What Bossa adds to the device's screen (``engine.panel.Panel``).

While playing: both lines in one line of text (``line_text``: ``W2<3>5`` is the white line of
die 3 filled from 2 to 5), the hand sizes and the deck (``hands 5/4 deck 17``), and the
action markers as a sketch laid out as on the table: player 2's row (north) over player 1's,
``R``, ``E``, ``S`` for a marker still face up, ``.`` for a used one, the row of the player to
act marked. What the buttons may enter (docs/notation/bossa.md, "Buttons"): before a draw the
draws (``chance_moves``: the tile drawn, when the camera cannot see it arrive), after it the
legal moves (a Place, Redraw, Exchange or Stack the players would rather enter than lay, as an
Exchange whose hands are out of view), and at any time ``CONCEDE 1`` / ``CONCEDE 2``, last.
Once the game is over: the sketch, and pages with each line's positions and the hands.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.bossa.lines import LOW, Line
from engine.games.bossa.moves import MARKERS, Concede, Draw, Move
from engine.games.bossa.state import PLAY_PHASE, State
from engine.games.bossa.tiles import COLOUR_NAMES, tiles_text
from engine.panel import Offer, Panel, Sketch

PAGE_ROWS = 4
"""Positions on a page, under its heading (the OLED shows five lines a page)."""
NORTH_FIRST = (2, 1)
"""The sketch's rows: player 2 sits north, player 1 south (the device's front)."""


def panel(state: State) -> Panel:
    """The panel of ``state`` (see the module docstring)."""
    lines = (lines_text(state), hands_text(state))
    sketch = marker_sketch(state)
    if state.outcome is not None:
        return Panel(lines=lines, sketch=sketch, pages=end_pages(state))
    return Panel(lines=lines, sketch=sketch, offers=offers(state))


def line_text(line: Line) -> str:
    """``W2<3>5``: the line's colour, its lowest filled value and ``<`` when its low side is
    filled, the die's value, ``>`` and its highest filled value when its high side is."""
    low = line.filled(LOW)
    high = len(line.positions) - low
    text = line.colour + (f"{line.die - low}<" if low else "") + str(line.die)
    return text + (f">{line.die + high}" if high else "")


def lines_text(state: State) -> str:
    """Both lines, the white one first: ``W2<3>5 B5>6``."""
    return " ".join(line_text(line) for line in state.lines)


def hands_text(state: State) -> str:
    """``hands 5/4 deck 17``: player 1's tiles, player 2's, and the deck's."""
    return f"hands {len(state.hand(1))}/{len(state.hand(2))} deck {state.deck}"


def marker_sketch(state: State) -> Sketch:
    """The action markers as they lie (see the module docstring)."""
    rows = tuple("".join(m if m in state.unused(player) else "." for m in MARKERS)
                 for player in NORTH_FIRST)
    mover = NORTH_FIRST.index(state.to)
    marked = (frozenset((mover, c) for c in range(len(MARKERS)))
              if state.outcome is None else frozenset())
    return Sketch(rows, marked)


def offers(state: State) -> tuple[Offer, ...]:
    """The moves the buttons may enter now: the draws before a draw, the legal moves after
    it, then the concessions (player to act first)."""
    moves: list[Move] = (list(state.legal_moves()) if state.phase == PLAY_PHASE
                         else [Draw(t) for t in state.unseen()] if state.deck else [])
    found = [Offer(str(m), str(m)) for m in moves]
    for player in (state.to, 3 - state.to):
        found.append(Offer(f"P{player} concedes", str(Concede(player))))
    return tuple(found)


def end_pages(state: State) -> tuple[tuple[str, ...], ...]:
    """Each line's pages (its die, then its positions, ``PAGE_ROWS`` a page, with the tiles
    of each top layer and ``/2`` for a stacked one's layers) and one of the hands and the
    deck."""
    pages = []
    for line in state.lines:
        rows = [f"{p.value}: {tiles_text(p.top, '+')}" + (f" /{len(p.layers)}"
                                                         if len(p.layers) > 1 else "")
                for p in line.positions] or ["no tiles"]
        heading = f"{COLOUR_NAMES[line.colour]} line, die {line.die}"
        pages += [(heading, *rows[i:i + PAGE_ROWS]) for i in range(0, len(rows), PAGE_ROWS)]
    hands = ["hands"] + [f"P{p}: {tiles_text(state.hand(p), ' ') or '-'}" for p in (1, 2)]
    pages.append((*hands, f"deck {state.deck}, discard {len(state.discard)}"))
    return tuple(pages)
