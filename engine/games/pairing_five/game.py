"""Pairing Five as a ``Game`` (the object the registry holds): every entry point of the
contract, each delegating to the module that keeps that part of the rules.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from engine import fast_alone
from engine.clock import Countdown
from engine.game import Chance, GameBase, GameInfo
from engine.games.pairing_five import notation, panel, referee, setup
from engine.games.pairing_five.board import AREAS, GAME_NAME, Board, load_board
from engine.games.pairing_five.layout import board_layout
from engine.games.pairing_five.moves import Die, Move, canonical
from engine.games.pairing_five.state import State
from engine.layout import Layout
from engine.outcome import Outcome
from engine.panel import Panel
from engine.referee import RefereeStep
from engine.table import Colour, Item, TableView

INFO = GameInfo(
    name=GAME_NAME,
    title="Pairing Five",
    players=(1, 1),
    sides=("basic", "expert"),
    rule_prefix="PF",
    observes="the dice in the five areas' 1st and 2nd cells (faces, which one is red) and the "
             "unused dice in the unused zone beside the grid",
    move_nouns=("move", "moves"),
    counter="M",
    reasons={"PF-E2": "no die can be placed"},
)


def _item(die: Die | None) -> Item | None:
    if die is None:
        return None
    return Item(die.face, Colour.RED if die.red else Colour.WHITE)


class PairingFive(GameBase):
    """Fast Alone's Pairing Five (rules PF-*): see ``engine.games.pairing_five``."""

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
        """The dice in the areas and the unused zone (a reroll that keeps its face leaves the
        table as it was: the camera cannot tell it from one not made yet)."""
        grid = tuple((_item(first), _item(second)) for first, second in state.areas)
        unused = tuple(Item(d.face, Colour.RED if d.red else Colour.WHITE)
                       for d in state.unused)
        return TableView(grid=grid, zones=((notation.UNUSED_ZONE, unused),))

    def random_start(self, board: Board, chance: Chance) -> State:
        """PF-S1: ten rolled dice (one red) in the unused zone, none placed."""
        dice = [Die(chance.randint(1, 6), red=True)]
        dice += [Die(chance.randint(1, 6)) for _ in range(9)]
        return State(board, tuple((None, None) for _ in AREAS), canonical(dice))

    def counts_move(self, move: str) -> bool:
        """Placements are the moves made (an effect's result belongs to its placement)."""
        return re.fullmatch(r"[A-E][12]=R?[1-6]", move.strip()) is not None

    def report(self, state: State) -> dict[str, object]:
        return {}

    def end_text(self, state: State | None, outcome: Outcome, score: int | None,
                 remaining: float | None, moves: int) -> str:
        return fast_alone.end_text(INFO.reasons, outcome, score, remaining)

    def panel(self, state: State) -> Panel:
        """The effect to apply, the dice left and the pairs made; the areas at the end
        (``pairing_five.panel``)."""
        return panel.panel(state)


GAME = PairingFive()
