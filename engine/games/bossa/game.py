"""Bossa as a ``Game`` (the object the registry holds): every entry point of the contract,
each delegating to the module that keeps that part of the rules.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from engine.clock import NoClock
from engine.game import Chance, GameBase, GameInfo
from engine.games.bossa import notation, pieces, referee, setup, view_text
from engine.games.bossa.board import Board, load_board
from engine.games.bossa.layout import board_layout
from engine.games.bossa.moves import Draw, Move
from engine.games.bossa.panel import panel as bossa_panel
from engine.games.bossa.state import CONCESSION, PLAY_PHASE, State
from engine.layout import Layout
from engine.outcome import DRAW, Outcome
from engine.panel import Panel
from engine.referee import RefereeStep
from engine.table import TableView

INFO = GameInfo(
    name="bossa",
    title="Bossa",
    players=(2, 2),
    sides=("regular", "novice"),
    rule_prefix="BO",
    observes="the two dice, the tiles laid beside them (white and black pips, stacked or "
             "not), the open hands, the discard pile and the six action markers",
    move_nouns=("turn", "turns"),
    counter="T",
    reasons={"BO-E1": "hand out", "BO-E2": "six positions", "BO-E3": "no legal option",
             "BO-E4": "deck out", CONCESSION: "concession"},
    items="tiles",
)


class Bossa(GameBase):
    """Bossa (rules BO-*): see ``engine.games.bossa``."""

    info = INFO

    def load_board(self, side: str, data: Mapping[str, object],
                   options: Mapping[str, str] | None = None) -> Board:
        board = load_board(side, data)
        if options:
            board = board.with_options(**options)
        return replace(board, layout=board_layout(board, data.get("layout")))

    def layout(self, board: Board) -> Layout:
        return board.layout if board.layout is not None else board_layout(board)

    def clock(self, board: Board) -> NoClock:
        return NoClock()

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
        """The dice in their cells, each position's top layer in its spot, the open hands, the
        discard pile, the deck and the tile set aside face down, the markers."""
        return pieces.expected_view(state)

    def random_start(self, board: Board, chance: Chance) -> State:
        return setup.random_start(board, chance)

    def chance_moves(self, state: State) -> Sequence[Move]:
        """Before the turn's draw (and a Redraw's): ``DRAW`` of every tile not on the table,
        in canonical order (the deck's content is unknown); nothing once the game is over."""
        if state.outcome is not None or state.phase == PLAY_PHASE or state.deck == 0:
            return []
        return [Draw(t) for t in state.unseen()]

    def panel(self, state: State) -> Panel:
        """Both lines, the hands and the deck, the action markers as a sketch; what the
        buttons may enter (``engine.games.bossa.panel``)."""
        return bossa_panel(state)

    def counts_move(self, move: str) -> bool:
        """Places and actions are the turns made; draws and a concession are not."""
        return not move.strip().upper().startswith(("DRAW", "CONCEDE"))

    def report(self, state: State) -> dict[str, object]:
        """``winner``: 1, 2, or null (the game goes on, or a draw)."""
        outcome = state.outcome
        return {"winner": None if outcome is None else outcome.winner}

    def end_text(self, state: State | None, outcome: Outcome, score: int | None,
                 remaining: float | None, moves: int) -> str:
        """``player 1 wins (hand out) after 12 turns`` or ``draw (deck out) after 30 turns``."""
        why = INFO.reasons.get(outcome.reason, outcome.reason)
        noun = INFO.move_nouns[0 if moves == 1 else 1]
        if outcome.result == DRAW or outcome.winner is None:
            return f"draw ({why}) after {moves} {noun}"
        return f"player {outcome.winner} wins ({why}) after {moves} {noun}"


GAME = Bossa()
