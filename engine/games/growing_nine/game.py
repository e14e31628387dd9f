"""Growing Nine as a ``Game`` (the object the registry holds): every entry point of the
contract, each delegating to the module that keeps that part of the rules.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine import fast_alone
from engine.clock import Countdown
from engine.game import Chance, GameBase, GameInfo
from engine.games.growing_nine import notation, panel, referee, setup
from engine.games.growing_nine.board import Board, load_board
from engine.games.growing_nine.layout import board_layout
from engine.games.growing_nine.moves import Move
from engine.games.growing_nine.seen import expected_seen, view_of
from engine.games.growing_nine.state import Die, State
from engine.layout import Layout
from engine.outcome import Outcome
from engine.panel import Panel
from engine.referee import RefereeStep
from engine.table import TableView

INFO = GameInfo(
    name="growing-nine",
    title="Growing Nine",
    players=(1, 1),
    sides=("a", "b"),
    rule_prefix="GN",
    observes="the dice on the 4 x 4 grid (tops, which one is red), the waiting column east of "
             "it, and during set-up the ten rolled dice anywhere on the board",
    move_nouns=("roll", "rolls"),
    counter="R",
    reasons={"GN-E2": "matching dice stuck", "GN-E3": "spawn cell occupied",
             "GN-E4": "red die stuck", "GN-E5": "going round in circles"},
)


class GrowingNine(GameBase):
    """Fast Alone's Growing Nine (rules GN-*): see ``engine.games.growing_nine``."""

    info = INFO

    def load_board(self, side: str, data: Mapping[str, object],
                   options: Mapping[str, str] | None = None) -> Board:
        board = load_board(side, data)
        if options:
            board = board.with_options(**options)
        return replace(board, layout=board_layout(board, data.get("layout")))

    def layout(self, board: Board) -> Layout:
        return board.layout if board.layout is not None else board_layout(board)

    def clock(self, board: Board) -> Countdown:
        return fast_alone.countdown()

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
        """The grid's dice and the waiting column; during set-up the ten rolled dice beside
        the grid."""
        return view_of(expected_seen(state), state.board)

    def random_start(self, board: Board, chance: Chance) -> State:
        """GN-S1..S3: ten rolled tops, red and white dice on the spawn cells in a random
        arrangement, the others waiting in a random order."""
        spawns = board.spawns
        red = chance.choice(spawns)
        cells: list[Die | None] = [None] * (board.rows * board.cols)
        for cell in spawns:
            cells[board.index(cell)] = Die(cell == red, chance.randint(1, 6))
        queue = tuple(chance.randint(1, 6) for _ in range(board.waiting))
        return State.new(board, tuple(cells), queue)

    def counts_move(self, move: str) -> bool:
        """Rolls (and the placing of the set-up) are moves made; the declaration is not."""
        return move.strip() != "circles"

    def report(self, state: State) -> dict[str, object]:
        """No fields beyond judge's usual ones."""
        return {}

    def end_text(self, state: State | None, outcome: Outcome, score: int | None,
                 remaining: float | None, moves: int) -> str:
        return fast_alone.end_text(INFO.reasons, outcome, score, remaining)

    def panel(self, state: State) -> Panel:
        """The queue and red's top, the dice that must roll, the declaration for the
        buttons; the grid as it ended (``growing_nine.panel``)."""
        return panel.panel(state)


GAME = GrowingNine()
