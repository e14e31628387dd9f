"""2 1 6 as a ``Game`` (the object the registry holds): every entry point of the contract,
each delegating to the module that keeps that part of the rules.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine.clock import NoClock
from engine.game import Chance, GameBase, GameInfo
from engine.games.two_one_six import notation, referee, setup
from engine.games.two_one_six.board import LETTERS, Board, load_board
from engine.games.two_one_six.layout import TRAY, board_layout
from engine.games.two_one_six.lines import Entry
from engine.games.two_one_six.panel import panel
from engine.games.two_one_six.state import Move, State
from engine.layout import Layout
from engine.outcome import Outcome
from engine.panel import Panel
from engine.referee import RefereeStep
from engine.table import Item, TableView

INFO = GameInfo(
    name="two-one-six",
    title="2 1 6",
    players=(2, 4),
    sides=("6x6", "4x4", "8x8", "12x12"),
    rule_prefix="TS",
    observes="every cell's die (colour = owner, face = value) and the die rolled in the tray "
             "east of the grid",
    move_nouns=("move", "moves"),
    counter="M",
    reasons={"TS-E1": "the grid is full"},
)


class TwoOneSix(GameBase):
    """The dice-placing game 2 1 6 (rules TS-*): see ``engine.games.two_one_six``."""

    info = INFO

    def load_board(self, side: str, data: Mapping[str, object],
                   options: Mapping[str, str] | None = None) -> Board:
        board = load_board(side, data, options)
        return replace(board, layout=board_layout(board, data.get("layout")))

    def layout(self, board: Board) -> Layout:
        return board.layout if board.layout is not None else board_layout(board)

    def clock(self, board: Board) -> NoClock:
        return NoClock()

    def parse_position(self, text: str, board: Board) -> State:
        return notation.parse_position(text, board)

    def parse_move(self, text: str, state: State) -> Move:
        return notation.parse_move(text, state)

    def setup(self, view: TableView, board: Board,
              min_confidence: float) -> tuple[State | None, str]:
        return setup.setup_from_view(view, board, min_confidence)

    def referee(self, state: State, view: TableView, memo: object,
                min_confidence: float) -> RefereeStep[State]:
        return referee.step(state, view, memo, min_confidence)

    def view_to_text(self, view: TableView) -> str:
        return notation.view_to_text(view)

    def view_from_text(self, text: str) -> TableView:
        return notation.view_from_text(text)

    def expected_view(self, state: State) -> TableView:
        """Each entry as a die of its owner's colour showing its value; the roll, when known,
        as the mover's die in the tray."""
        colours = state.board.colours
        n = state.board.size

        def die(entry: Entry | None) -> Item | None:
            return None if entry is None else Item(entry.value, colours[entry.player])
        grid = tuple(tuple(die(e) for e in state.cells[r * n:(r + 1) * n]) for r in range(n))
        tray = () if state.roll is None else (Item(state.roll, colours[state.to]),)
        return TableView(grid=grid, zones=((TRAY, tray),))

    def random_start(self, board: Board, chance: Chance) -> State:
        """A game under way: some cells filled by turns from A (random cells and values), the
        next player to move, and half the time their roll already made."""
        n, players = board.size, board.players
        free = list(range(n * n))
        cells: list[Entry | None] = [None] * (n * n)
        placed = chance.randint(0, n * n - 1)
        for turn in range(placed):
            index = free.pop(chance.randint(0, len(free) - 1))
            cells[index] = Entry(turn % players, chance.randint(1, board.faces))
        roll = chance.randint(1, board.faces) if chance.randint(0, 1) else None
        return State(board, tuple(cells), placed % players, roll)

    def counts_move(self, move: str) -> bool:
        """Placements are moves made; a roll seen and who starts are not."""
        return not move.startswith(("roll=", "start="))

    def report(self, state: State) -> dict[str, object]:
        """``scores`` ({"A": 120, "B": 109}) and ``lines`` (the end tally: a list of
        {"name", "dominated_by", "points"}), both null until the grid is full."""
        tallies, scores = state.tally(), state.scores()
        if tallies is None or scores is None:
            return {"scores": None, "lines": None}
        return {"scores": {LETTERS[p]: s for p, s in enumerate(scores)},
                "lines": [t.as_json() for t in tallies]}

    def panel(self, state: State) -> Panel:
        """Whose turn, the roll, the last placement and the grid's sketch; who starts, and on
        boards whose values the camera can't read the roll and the placement, for the
        buttons; at the end the tally pages (``engine.games.two_one_six.panel``)."""
        return panel(state)

    def end_text(self, state: State | None, outcome: Outcome, score: int | None,
                 remaining: float | None, moves: int) -> str:
        """The scores in turn order, then the result: ``A 120, B 109, A wins`` or
        ``A 100, B 100, draw``."""
        tail = "draw" if outcome.winner is None else f"{outcome.result} wins"
        scores = None if state is None else state.scores()
        if scores is None:
            return tail
        return ", ".join([*(f"{LETTERS[p]} {s}" for p, s in enumerate(scores)), tail])


GAME = TwoOneSix()
