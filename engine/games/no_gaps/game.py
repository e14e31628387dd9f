"""No Gaps as a ``Game`` (the object the registry holds): every entry point of the contract,
each delegating to the module that keeps that part of the rules.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine import fast_alone
from engine.clock import Clock, NoClock
from engine.game import Chance, GameBase, GameInfo
from engine.games.no_gaps import notation, picture, referee, setup
from engine.games.no_gaps.board import DICE, Board, load_board
from engine.games.no_gaps.layout import board_layout
from engine.games.no_gaps.moves import Move
from engine.games.no_gaps.panel import panel as game_panel
from engine.games.no_gaps.state import State
from engine.layout import Layout
from engine.outcome import Outcome
from engine.panel import Panel
from engine.referee import RefereeStep
from engine.table import TableView

INFO = GameInfo(
    name="no-gaps",
    title="No Gaps",
    players=(1, 1),
    sides=("a", "b"),
    rule_prefix="NG",
    observes="the ink drawn in the 6 x 6 grid and the six dice in the fresh, spent and "
             "removed zones",
    move_nouns=("move", "moves"),
    counter="M",
    reasons={"NG-E2": "no dice left", "NG-E3": "no tile fits"},
)


class NoGaps(GameBase):
    """Fast Alone's No Gaps (rules NG-*): see ``engine.games.no_gaps``."""

    info = INFO

    def load_board(self, side: str, data: Mapping[str, object],
                   options: Mapping[str, str] | None = None) -> Board:
        board = load_board(side, data)
        if options:
            board = board.with_options(**options)
        return replace(board, layout=board_layout(board, data.get("layout")))

    def layout(self, board: Board) -> Layout:
        return board.layout if board.layout is not None else board_layout(board)

    def clock(self, board: Board) -> Clock:
        """FA-P1's countdown; none in unscored play (FA-O1, option ``scoring=off``)."""
        return NoClock() if board.options.scoring == "off" else fast_alone.countdown()

    def parse_position(self, text: str, board: Board) -> State:
        return notation.parse_position(text, board)

    def parse_move(self, text: str, state: State) -> Move:
        return notation.parse_move(text, state.board)

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
        """Ink on the covered cells, the dice in their zones (faces ascending)."""
        return picture.expected_view(state)

    def random_start(self, board: Board, chance: Chance) -> State:
        """NG-S1: an empty grid, no tile used, the six dice rolled into the fresh zone."""
        faces = [chance.randint(1, 6) for _ in range(DICE)]
        return State.settled(board, 0, (), faces, (), (), 0, None)

    def panel(self, state: State) -> Panel:
        """The rerolls used and the last tile drawn, "no longer winnable" first once the game
        is proven impossible to complete (the advisory of section 3.6, ``advisory``); the
        grid's sketch; the tile, 6 set aside or reroll the buttons may enter, as a walk
        through the legal moves (``no_gaps.panel``)."""
        return game_panel(state)

    def end_text(self, state: State | None, outcome: Outcome, score: int | None,
                 remaining: float | None, moves: int) -> str:
        if state is not None and state.board.options.scoring == "off":
            return _unscored_end_text(outcome)
        return fast_alone.end_text(INFO.reasons, outcome, score, remaining)


def _unscored_end_text(outcome: Outcome) -> str:
    """FA-O1: ``success`` or ``failure (NG-E3 no tile fits)``, no time, no points."""
    if outcome.success:
        return outcome.result
    why = INFO.reasons.get(outcome.reason)
    return f"{outcome.result} ({outcome.reason} {why})" if why else outcome.result


GAME = NoGaps()
