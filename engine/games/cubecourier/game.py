"""CubeCourier as a ``Game`` (the object the registry holds): every entry point of the
contract, each delegating to the module that keeps that part of the rules.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine.clock import NoClock
from engine.game import Chance, GameBase, GameInfo
from engine.games.cubecourier import notation, referee, setup
from engine.games.cubecourier.board import Board, load_board
from engine.games.cubecourier.layout import board_layout
from engine.games.cubecourier.moves import Move
from engine.games.cubecourier.state import State
from engine.layout import Layout
from engine.outcome import Outcome
from engine.panel import Offer, Panel, Sketch
from engine.referee import RefereeStep
from engine.table import TableView

INFO = GameInfo(
    name="cubecourier",
    title="CubeCourier",
    players=(2, 2),
    sides=("standard",),
    rule_prefix="CC",
    observes="the cubes' top colours on the 3 x 3 grid (and which one is a stack) and the "
             "cubes waiting in the off-board zone",
    move_nouns=("move", "moves"),
    counter="M",
    reasons={"CC-E1": "connection"},
    items="cubes",
)


class CubeCourier(GameBase):
    """CubeCourier (rules CC-*): see ``engine.games.cubecourier``."""

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
        return notation.view_to_text(view)

    def view_from_text(self, text: str) -> TableView:
        return notation.view_from_text(text)

    def expected_view(self, state: State) -> TableView:
        """The grid's top colours (stacks, the ring around the last moved cube) and the
        off-board cubes in the off-board zone."""
        return notation.expected_view(state)

    def random_start(self, board: Board, chance: Chance) -> State:
        return setup.random_start(board, chance)

    def counts_move(self, move: str) -> bool:
        """Places, rolls and stacks are moves made; who starts, the repetition procedure's
        agreement and its removals are not."""
        return not move.startswith(("first", "repeat", "off "))

    def panel(self, state: State) -> Panel:
        """The board's tops as a 3 x 3 sketch (the winning chain, else the ringed cube,
        marked); what the buttons may enter: who starts (CC-S2) before the first move, the
        repetition procedure (CC-R1) once it is due or the players agree."""
        rows = tuple("".join(top or "." for top in state.tops()[r * 3:r * 3 + 3])
                     for r in range(3))
        chain = state.chain
        marked = (chain.cells if chain is not None
                  else (state.ring,) if state.ring is not None else ())
        lines: tuple[str, ...] = ()
        offers: tuple[Offer, ...] = ()
        if state.outcome is None and state.turns == 0 and state.procedure is None:
            offers = (Offer("player 1 starts", "first 1"), Offer("player 2 starts", "first 2"))
        starter = state.repetition_starter
        if starter is not None:
            lines = (f"repetition: P{starter} began it",)
            offers = (Offer("agree: repetition", "repeat"),)
        return Panel(lines=lines, sketch=Sketch(rows, frozenset((c.r, c.c) for c in marked)),
                     offers=offers)

    def report(self, state: State) -> dict[str, object]:
        """``winner`` (1, 2 or null) and ``chain`` (the cells of one winning connection, a
        path from one edge to the opposite one, or null)."""
        outcome, chain = state.outcome, state.chain
        return {"winner": None if outcome is None else outcome.winner,
                "chain": None if chain is None else [str(c) for c in chain.cells]}

    def end_text(self, state: State | None, outcome: Outcome, score: int | None,
                 remaining: float | None, moves: int) -> str:
        """``player 2 wins by a red chain r0c1-r1c1-r2c1 after 17 moves``: the turns are the
        state's own count (Place, Roll, Stack), not the declarations entered with buttons."""
        chain = None if state is None else state.chain
        turns = moves if state is None else state.turns
        noun = INFO.move_nouns[0 if turns == 1 else 1]
        if chain is None or state is None:
            return f"player {outcome.winner} wins after {turns} {noun}"
        name = state.board.colour(chain.colour).name
        return f"player {outcome.winner} wins by a {name} chain {chain} after {turns} {noun}"


GAME = CubeCourier()
