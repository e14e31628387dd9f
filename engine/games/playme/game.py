"""PlayMe as a ``Game`` (the object the registry holds): every entry point of the contract,
each delegating to the module that keeps that part of the rules.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine.clock import NoClock
from engine.game import Chance, GameBase, GameInfo
from engine.games.playme import notation, panel, referee, setup, view_text
from engine.games.playme.board import Board, load_board
from engine.games.playme.layout import board_layout
from engine.games.playme.moves import Move
from engine.games.playme.state import State
from engine.layout import Layout
from engine.outcome import Outcome
from engine.panel import Panel
from engine.referee import RefereeStep
from engine.table import TableView

INFO = GameInfo(
    name="playme",
    title="PlayMe: Alice in Wonderdice",
    players=(2, 6),
    sides=("standard",),
    rule_prefix="PM",
    observes="every row above the cards (slot, die colour, face), the set-aside spots and "
             "the round tile's side",
    move_nouns=("action", "actions"),
    counter="A",
    reasons={"PM-E1": "two round wins", "PM-E3": "the survivors beat the Jabberwock",
             "PM-E4": "every survivor went mad", "PM-O3": "the Mad Jabberwock lost twice"},
)

ROW_ACTIONS = ("ADV ", "BLK ", "UNB ", "SWAP ")


class PlayMe(GameBase):
    """PlayMe: Alice in Wonderdice (rules PM-*): see ``engine.games.playme``."""

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
        return notation.parse_move(text, state)

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
        """The rows, the round tile, the set-aside dice (``setup.expected_view``)."""
        return setup.expected_view(state)

    def random_start(self, board: Board, chance: Chance) -> State:
        return setup.random_start(board, chance)

    def counts_move(self, move: str) -> bool:
        """The row actions (Advance, Block, Unblock, Swap) are the actions made; claims, the
        round start, Stop! and the choices after a win are not."""
        return any(part.strip().startswith(ROW_ACTIONS) for part in move.split(";"))

    def report(self, state: State) -> dict[str, object]:
        """``winners``: the winning players once the game is over (one, or the survivors
        together), else null."""
        return {"winners": list(state.won) or None}

    def end_text(self, state: State | None, outcome: Outcome, score: int | None,
                 remaining: float | None, moves: int) -> str:
        """``P1 (Alice) wins: two round wins``; ``the survivors P1, P2 win: the survivors
        beat the Jabberwock``."""
        why = INFO.reasons.get(outcome.reason, outcome.reason)
        if state is None or not state.won:
            return f"over: {why}"
        if outcome.winner is not None:
            name = state.board.character(state.character(outcome.winner)).name
            return f"P{outcome.winner} ({name}) wins: {why}"
        return f"the survivors {', '.join(f'P{p}' for p in state.won)} win: {why}"

    def panel(self, state: State) -> Panel:
        """The scoreboard and the button moves legal now (``playme.panel``)."""
        return panel.panel(state)


GAME = PlayMe()
