"""Horizontal & Vertical as a ``Game`` (the object the registry holds): every entry point of
the contract, each delegating to the module that keeps that part of the rules.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine import fast_alone
from engine.clock import Countdown, NoClock
from engine.game import Chance, GameBase, GameInfo
from engine.games.horizontal_vertical import notation, referee, setup, view_text
from engine.games.horizontal_vertical.board import GAME_NAME, Board, load_board
from engine.games.horizontal_vertical.layout import board_layout
from engine.games.horizontal_vertical.marks import PASS_ZONE, ROLL_ZONE
from engine.games.horizontal_vertical.moves import Move
from engine.games.horizontal_vertical.panel import panel as game_panel
from engine.games.horizontal_vertical.spot import SIZE
from engine.games.horizontal_vertical.state import State
from engine.layout import Layout
from engine.outcome import Outcome
from engine.panel import Panel
from engine.referee import RefereeStep
from engine.table import Item, ItemKind, TableView

INFO = GameInfo(
    name=GAME_NAME,
    title="Horizontal & Vertical",
    players=(1, 1),
    sides=("total", "number"),
    rule_prefix="HV",
    observes="the three dice in the roll zone (faces and places) and ink in the 25 cells and "
             "the three pass boxes",
    move_nouns=("move", "moves"),
    counter="M",
    reasons={"HV-E2": "grid full", "HV-E3": "roll fits no cell, no pass left"},
)

INK = Item(face=None, kind=ItemKind.INK)


class HorizontalVertical(GameBase):
    """Fast Alone's Horizontal & Vertical (rules HV-*): see ``engine.games.horizontal_vertical``."""

    info = INFO

    def load_board(self, side: str, data: Mapping[str, object],
                   options: Mapping[str, str] | None = None) -> Board:
        board = load_board(side, data)
        if options:
            board = board.with_options(**options)
        return replace(board, layout=board_layout(board, data.get("layout")))

    def layout(self, board: Board) -> Layout:
        return board.layout if board.layout is not None else board_layout(board)

    def clock(self, board: Board) -> Countdown | NoClock:
        """FA-P1: the 5-minute countdown; none when played unscored (FA-O1)."""
        if board.options.scoring == "off":
            return NoClock()
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
        return view_text.view_to_text(view)

    def view_from_text(self, text: str) -> TableView:
        return view_text.view_from_text(text)

    def expected_view(self, state: State) -> TableView:
        """Ink in every written cell, the roll's dice in the roll zone (none without a roll),
        one tick per pass in the pass boxes; places unknown (0:0)."""
        grid = tuple(tuple(None if state.cells[r * SIZE + c] == "." else INK
                           for c in range(SIZE)) for r in range(SIZE))
        dice = tuple(Item(face) for face in state.roll or ())
        ticks = tuple(INK for _ in range(state.passes))
        return TableView(grid=grid, zones=((ROLL_ZONE, dice), (PASS_ZONE, ticks)))

    def random_start(self, board: Board, chance: Chance) -> State:
        """HV-S1 and the first roll: a blank board and three rolled faces."""
        a, b, c = sorted(chance.randint(1, 6) for _ in range(3))
        return State(board, roll=(a, b, c))

    def chance_moves(self, state: State) -> list[Move]:
        return state.chance_rolls()

    def counts_move(self, move: str) -> bool:
        """A write or a pass is a turn; the roll seen is not."""
        return not move.startswith("roll=")

    def panel(self, state: State) -> Panel:
        """The roll in view and the passes used, "no longer winnable" first once every row, or
        every column, is dead or out of reach (the HV 1.6 advisory); the grid's sketch; the
        write, pass or roll the buttons may enter, as a walk through the legal moves
        (``horizontal_vertical.panel``)."""
        return game_panel(state)

    def end_text(self, state: State | None, outcome: Outcome, score: int | None,
                 remaining: float | None, moves: int) -> str:
        """The Fast Alone wording; without points (FA-O1) only the result and its reason."""
        text = fast_alone.end_text(INFO.reasons, outcome, score, remaining)
        if score is None:
            text = outcome.result if outcome.success else text.rsplit(", score", 1)[0]
        return text


GAME = HorizontalVertical()
