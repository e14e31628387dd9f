"""What a game adds to the device's screen, as plain values (the device draws them).

The session's summary says what every game shows (moves made, the clock or whose turn, the
warning, the result); a game adds a ``Panel``: a few short lines, a sketch of its board with
cells marked (CubeCourier's winning chain), pages to leaf through at the end (2 1 6's tally),
the moves the buttons may enter now (who starts, a declaration), a move entered on the grid
with a cursor (a value the camera can't read) and a move entered by walking the legal ones step
by step (a number written and its ``X`` marks, a tile drawn). Pure standard library; imports
nothing of ours.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sketch:
    """A small picture of the board: one character per cell, rows north to south.

    Attributes:
        rows: e.g. ``("K.R", "KRW", ".K.")``; ``.`` an empty cell.
        marked: cells ``(r, c)`` to highlight (a winning chain, the last move).
    """

    rows: tuple[str, ...]
    marked: frozenset[tuple[int, int]] = frozenset()


@dataclass(frozen=True)
class Offer:
    """A move the buttons may enter now: what the OLED says, and the move's text."""

    label: str
    move: str


@dataclass(frozen=True)
class GridEntry:
    """A move the buttons enter on the board's grid (a value written with a pen, a die whose
    face the camera can't read): a cell chosen with a cursor, then a value. The device draws
    the grid from the panel's sketch and fills in ``move``; the rules judge the move.

    Attributes:
        label: what the actions list calls it ("place A's die").
        cells: the cells the cursor visits, ``(r, c)``, in the order A steps through them.
        values: what may be entered in the chosen cell, in the order A steps through them.
        move: the move's text with ``{r}``, ``{c}`` and ``{value}`` to fill in
            (``"A{value}@r{r}c{c}"``).
    """

    label: str
    cells: tuple[tuple[int, int], ...]
    values: tuple[str, ...]
    move: str

    def text(self, cell: tuple[int, int], value: str) -> str:
        """The move for ``cell`` and ``value`` (``A5@r2c3``)."""
        return self.move.format(r=cell[0], c=cell[1], value=value)


@dataclass(frozen=True)
class Step:
    """One choice on the way to a move entered with the buttons (a ``Walk``'s step).

    Attributes:
        label: what the OLED says of it ("write 5", "at 4-4", "O4", "shape 2/4").
        cells: the sketch's cells ``(r, c)`` it lights (where the number may go, the tile).
    """

    label: str
    cells: frozenset[tuple[int, int]] = frozenset()


@dataclass(frozen=True)
class Walk:
    """Moves the buttons enter by walking the legal ones: each move is a path of steps (the
    value die, then the cell, then each ``X``; a die, its tile, the tile's shape, its place),
    and at each step the OLED offers the distinct next steps of the moves that agree with
    the steps taken (A the next, B takes it, C goes back a step). Every path ends on a move
    the game listed as legal, so nothing illegal can be entered; the rules still judge it.

    Attributes:
        label: what the actions list calls it ("write or pass", "enter a tile").
        paths: each move's steps and its text, in the order the OLED offers them.
    """

    label: str
    paths: tuple[tuple[tuple[Step, ...], str], ...]

    def choices(self, taken: tuple[Step, ...] = ()) -> tuple[Step, ...]:
        """The distinct next steps after ``taken``, in the order of the first move taking
        each (none once ``taken`` is a whole move)."""
        k = len(taken)
        found: dict[Step, None] = {}
        for steps, _ in self.paths:
            if len(steps) > k and steps[:k] == taken:
                found.setdefault(steps[k])
        return tuple(found)

    def move(self, taken: tuple[Step, ...]) -> str | None:
        """The move whose steps are exactly ``taken``, or None."""
        return next((text for steps, text in self.paths if steps == taken), None)

    def indices(self, move: str) -> tuple[int, ...]:
        """The choice taken at each step on the way to ``move`` (as the OLED lists them), for
        scripts that press the buttons.

        Raises:
            ValueError: ``move`` is not one of the walk's moves.
        """
        steps = next((s for s, text in self.paths if text == move), None)
        if steps is None:
            raise ValueError(f"{move!r} is not a move of the walk {self.label!r}")
        return tuple(self.choices(steps[:k]).index(steps[k]) for k in range(len(steps)))


@dataclass(frozen=True)
class Panel:
    """A game's own part of the screen.

    Attributes:
        lines: short facts, most important first ("roll 5", "queue 4", "pending: DOWN").
        sketch: the board as a small picture, or None.
        pages: pages of lines to leaf through once the game is over (a tally).
        offers: the moves the buttons may enter now (not seen by the camera).
        turn: the game's own words for whose turn it is ("B rolled 3"), shown instead of
            "P2 to move"; a game that gives them puts the last move it wants shown in
            ``lines`` itself. "" for the device's words.
        headline: the game's own words for the result ("A wins"), shown instead of
            "P1 wins"; "" for the device's words.
        entry: a move to enter on the grid with a cursor (``GridEntry``), or None.
        walk: moves to enter by walking the legal ones step by step (``Walk``), or None.
    """

    lines: tuple[str, ...] = ()
    sketch: Sketch | None = None
    pages: tuple[tuple[str, ...], ...] = ()
    offers: tuple[Offer, ...] = ()
    turn: str = ""
    headline: str = ""
    entry: GridEntry | None = None
    walk: Walk | None = None
