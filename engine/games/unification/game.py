"""Unification as a ``Game`` (the object the registry holds): every entry point of the
contract, each delegating to the module that keeps that part of the rules.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine import fast_alone
from engine.clock import Countdown
from engine.game import Chance, GameBase, GameInfo
from engine.games.unification import notation, referee, setup
from engine.games.unification.board import Board, load_board
from engine.games.unification.layout import board_layout
from engine.games.unification.state import Move, State
from engine.layout import Layout
from engine.outcome import Outcome
from engine.referee import RefereeStep
from engine.table import Colour, Item, TableView

INFO = GameInfo(
    name="unification",
    title="Unification",
    players=(1, 1),
    sides=("simple", "complex"),
    rule_prefix="UN",
    observes="the nine grid dice (faces, which one is red) and the push die beside the grid",
    move_nouns=("push", "pushes"),
    counter="P",
    reasons={"UN-E2": "no legal push", "UN-E3": "time is up"},
)


class Unification(GameBase):
    """Fast Alone's Unification (rules UN-*): see ``engine.games.unification``."""

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
        return notation.parse_move(text)

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
        """Nine dice in the grid, the red one where it is, the push die beside the grid."""
        def die(i: int) -> Item:
            return Item(state.cells[i], Colour.RED if i == state.red else Colour.WHITE)
        grid = tuple(tuple(die(r * 3 + c) for c in range(3)) for r in range(3))
        return TableView(grid=grid, outside=(Item(state.push),))

    def random_start(self, board: Board, chance: Chance) -> State:
        """UN-S1, UN-S2: nine rolled dice in any arrangement (one red), a rolled push die."""
        cells = tuple(chance.randint(1, 6) for _ in range(9))
        return State(board, cells, chance.randint(0, 8), chance.randint(1, 6), None)

    def report(self, state: State) -> dict[str, object]:
        return {}

    def end_text(self, state: State | None, outcome: Outcome, score: int | None,
                 remaining: float | None, moves: int) -> str:
        return fast_alone.end_text(INFO.reasons, outcome, score, remaining)


GAME = Unification()
