"""CubeCourier game state: the moves (CC-A1..A3), the warnings (CC-F1..F4), the win (CC-E1),
repetition (CC-R1..R3) and the set-up declaration (CC-S2).

A ``State`` is one position: nine cells (empty, a cube, or a stack), the assigned colours of
the off-board cubes, the ringed cell, the player to act and, while the repetition procedure is
under way, its starter. It also carries, outside equality, the positions seen since the last
irreversible move (for CC-R1) and the number of turns played. Its text is
``K.R/[KRW]RW/.K. off=KR ring=r1c1 to=2`` (``notation.py`` parses it).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from engine.errors import IllegalMoveError, NotationError
from engine.games.cubecourier.board import Board
from engine.games.cubecourier.connection import (
    CELLS,
    SIZE,
    Chain,
    direction_between,
    index,
    step,
    winning_chain,
)
from engine.games.cubecourier.cube import COLOURS, DIRECTIONS, Content, Cube, Stack
from engine.games.cubecourier.moves import First, Move, Place, Remove, Repeat, Roll, StackMove
from engine.outcome import WIN, Outcome
from engine.table import Cell


def other(player: int) -> int:
    return 3 - player


def sort_colours(colours: Sequence[str]) -> tuple[str, ...]:
    """Colours in the order K, R, W (how ``off=`` is printed)."""
    return tuple(sorted(colours, key=COLOURS.index))


@dataclass(frozen=True)
class State:
    """A CubeCourier position (see the module docstring).

    Attributes:
        board: colours and options.
        cells: nine contents in reading order (r0c0, r0c1, ... r2c2).
        off: the assigned colours of the off-board cubes, in K, R, W order.
        ring: the cell of the cube moved last, None when no cube wears the ring.
        to: the player who acts next (1 or 2), printed even once the game is over.
        procedure: the starter while the repetition procedure (CC-R3) is under way, else None.
        history: position keys since the last Place or removal (positions before an
            irreversible move cannot recur), oldest first; not part of equality.
        turns: Place, Roll and Stack moves made since the start; not part of equality.
    """

    board: Board
    cells: tuple[Content, ...]
    off: tuple[str, ...]
    ring: Cell | None
    to: int
    procedure: int | None = None
    history: tuple[str, ...] = field(default=(), compare=False)
    turns: int = field(default=0, compare=False)

    # --- text and what the position shows ---------------------------------------------------

    def position(self) -> str:
        """The position text; ``rep=<starter>`` is added only during the procedure."""
        text = self.key()
        return text if self.procedure is None else f"{text} rep={self.procedure}"

    def key(self) -> str:
        """The position for repetition purposes (rules section 3): every cell with its known
        sides, the off-board colours, the ring and the player to act."""
        rows = ["".join("." if x is None else str(x) for x in self.cells[r * SIZE:(r + 1) * SIZE])
                for r in range(SIZE)]
        off = "".join(self.off) or "-"
        ring = "none" if self.ring is None else str(self.ring)
        return f"{'/'.join(rows)} off={off} ring={ring} to={self.to}"

    def __str__(self) -> str:
        return self.position()

    def at(self, cell: Cell) -> Content:
        return self.cells[index(cell)]

    def tops(self) -> tuple[str | None, ...]:
        """The nine visible top colours (the upper cube's for a stack), None when empty."""
        return tuple(None if x is None else x.top for x in self.cells)

    def on_board(self) -> int:
        """The number of cubes on the board (a stack counts two)."""
        return sum(0 if x is None else 2 if isinstance(x, Stack) else 1 for x in self.cells)

    # --- end (CC-E1, CC-P1) ---------------------------------------------------------------

    @cached_property
    def chain(self) -> Chain | None:
        """The winning connection to announce (``connection.winning_chain``), or None."""
        return winning_chain(self.tops())

    @property
    def outcome(self) -> Outcome | None:
        """CC-E1: a connection of any colour is a win for the player who made the move, the
        one not to act now (AMB-CC4); None while there is no connection."""
        if self.chain is None:
            return None
        return Outcome(WIN, "CC-E1", other(self.to))

    @property
    def to_move(self) -> int | None:
        """The player who acts next; None once the game is won."""
        return None if self.outcome is not None else self.to

    def score(self, remaining_seconds: float | None, outcome: Outcome | None = None) -> None:
        """CC-P1: no points, a win or a loss (always None)."""

    # --- repetition (CC-R1, CC-R2) ---------------------------------------------------------

    def occurrences(self) -> int:
        """How many times this position has occurred since the last irreversible move."""
        return self.history.count(self.key()) + 1

    @property
    def repetition_starter(self) -> int | None:
        """CC-R1/CC-R2: when this position occurs for the threshold-th time (option
        ``repetition_threshold``, DEFAULT 3), the player who began the repetition: the one
        who made the first move after its first occurrence, i.e. its player to act (AMB-CC3).
        None otherwise. The device then proposes the procedure; play may go on regardless."""
        if self.procedure is not None or self.outcome is not None:
            return None
        if self.occurrences() < self.board.options.repetition_threshold:
            return None
        return self.to

    def default_starter(self) -> int | None:
        """CC-R2 when the players agree to the procedure: the player to act in the latest
        position (this one, then backwards) that has occurred at least twice; None when no
        position has repeated (the players must name the starter)."""
        keys = (*self.history, self.key())
        for key in reversed(keys):
            if keys.count(key) >= 2:
                return int(key.rsplit("to=", 1)[1])  # a key ends with its player to act
        return None

    # --- moves -----------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move in a fixed order (docs/notation/cubecourier.md): Places (colour
        K, R, W, then cell in reading order), Rolls (cube in reading order, direction N, E, S,
        W; once per possible new top when the sides are unknown), Stacks (moved cube in
        reading order, direction N, E, S, W). During the repetition procedure: the removals
        (cell in reading order, new colour K, R, W). Declarations are never listed."""
        if self.outcome is not None:
            return []
        if self.procedure is not None:
            return [Remove(c, k) for c in CELLS if self.at(c) is not None for k in COLOURS]
        return [*self._places(), *self._rolls(), *self._stacks()]

    def _places(self) -> list[Move]:
        return [Place(k, c) for k in dict.fromkeys(self.off) for c in CELLS if self.at(c) is None]

    def _rolls(self) -> list[Move]:
        moves: list[Move] = []
        for cell, cube in self._movable():
            for d in DIRECTIONS:
                target = step(cell, d)
                if target is None or self.at(target) is not None:
                    continue
                if cube.known:
                    moves.append(Roll(cell, d))
                else:
                    moves += [Roll(cell, d, top) for top in cube.tops_after(d)]
        return moves

    def _stacks(self) -> list[Move]:
        moves: list[Move] = []
        for cell, cube in self._movable():
            for d in DIRECTIONS:
                onto = step(cell, d)
                target = None if onto is None else self.at(onto)
                if onto is not None and isinstance(target, Cube):
                    move = StackMove(cell, onto)
                    if self._stacked(move, cube, target).chain is not None:
                        moves.append(move)
        return moves

    def _movable(self) -> list[tuple[Cell, Cube]]:
        """The single cubes that may move: every one but the ringed one (CC-F1)."""
        return [(c, x) for c in CELLS if isinstance(x := self.at(c), Cube) and c != self.ring]

    def play(self, move: Move) -> State:
        """The state after ``move``.

        Raises:
            IllegalMoveError: with the rule broken: CC-F1..CC-F4 for a move of the table;
                CC-E1 once the game is won; CC-R3 for a move out of place in the repetition
                procedure; CC-R2 for an agreement with no starter; CC-S2 for naming who
                starts after the start.
            NotationError: a roll of a cube with unknown sides that lacks the new top seen.
        """
        if self.outcome is not None:
            raise self._illegal("CC-E1", "the game is over", move)
        if isinstance(move, Remove):
            return self._remove(move)
        if self.procedure is not None:
            raise self._illegal("CC-R3", f"player {self.to} removes a cube first", move)
        if isinstance(move, Place):
            return self._place(move)
        if isinstance(move, Roll):
            return self._roll(move)
        if isinstance(move, StackMove):
            return self._stack(move)
        if isinstance(move, Repeat):
            return self._repeat(move)
        return self._first(move)

    def _illegal(self, code: str, message: str, move: Move) -> IllegalMoveError:
        return IllegalMoveError(code, message, move=str(move), position=self.position())

    def _after_turn(self, cells: list[Content], moved: Cell,
                    off: tuple[str, ...] | None = None) -> State:
        """The next state after a Place, Roll or Stack: the ring on the moved cube, the other
        player to act; a Place (``off`` given) starts a new repetition history."""
        history = () if off is not None else (*self.history, self.key())
        return replace(self, cells=tuple(cells), off=self.off if off is None else off,
                       ring=moved, to=other(self.to), history=history, turns=self.turns + 1)

    def _place(self, move: Place) -> State:
        """CC-A1, CC-F2, CC-F4 (onto a cube: a stack from off the board)."""
        if move.colour not in self.off:
            raise self._illegal("CC-F2", f"no off-board cube assigned {move.colour}", move)
        if self.at(move.cell) is not None:
            raise self._illegal("CC-F4", "no stacking from off the board", move)
        cells = list(self.cells)
        cells[index(move.cell)] = Cube(move.colour)
        off = list(self.off)
        off.remove(move.colour)
        return self._after_turn(cells, move.cell, tuple(off))

    def _roll(self, move: Roll) -> State:
        """CC-A2, CC-F1, CC-F3."""
        cube = self.at(move.cell)
        if cube is None:
            raise self._illegal("CC-F3", f"no cube on {move.cell}", move)
        if move.cell == self.ring:
            raise self._illegal("CC-F1", f"ringed cube on {move.cell} can't move", move)
        if isinstance(cube, Stack):
            raise self._illegal("CC-F3", "a stack can't roll", move)
        target = step(move.cell, move.direction)
        if target is None:
            raise self._illegal("CC-F3", f"no cell {move.direction} of {move.cell}", move)
        if self.at(target) is not None:
            raise self._illegal("CC-F3", f"{target} is not empty", move)
        after = self._rolled_cube(cube, move)
        cells = list(self.cells)
        cells[index(move.cell)], cells[index(target)] = None, after
        return self._after_turn(cells, target)

    def _rolled_cube(self, cube: Cube, move: Roll) -> Cube:
        tops = cube.tops_after(move.direction)
        if move.seen is None:
            if len(tops) > 1:
                raise NotationError(needs_top(move, tops))
            return cube.rolled(move.direction)
        if move.seen == cube.top:
            raise self._illegal("CC-F3", f"top still {cube.top}: roll, don't slide", move)
        after = cube.roll(move.direction, move.seen)
        if after is None and move.confirmed:
            return Cube(move.seen)  # README 3.4: the candidates restart from the seen top
        if after is None:
            raise self._illegal("CC-F3", f"{cube} rolled {move.direction} shows {tops[0]}, "
                                         f"not {move.seen}", move)
        return after

    def _stack(self, move: StackMove) -> State:
        """CC-A3, CC-F1, CC-F4."""
        cube = self.at(move.cell)
        if cube is None:
            raise self._illegal("CC-F4", f"no cube on {move.cell}", move)
        if move.cell == self.ring:
            raise self._illegal("CC-F1", f"ringed cube on {move.cell} can't move", move)
        target = self.at(move.onto)
        why = self._stack_problem(move)
        if why or not isinstance(cube, Cube) or not isinstance(target, Cube):  # why says it
            raise self._illegal("CC-F4", why, move)
        after = self._stacked(move, cube, target)
        if after.chain is None:
            raise self._illegal("CC-F4", "the stack completes no connection", move)
        return after

    def _stack_problem(self, move: StackMove) -> str:
        """Why a stack cannot be made at all (before looking for a connection), or ''."""
        target = self.at(move.onto)
        if isinstance(self.at(move.cell), Stack):
            return "a stack can't be lifted"
        if direction_between(move.cell, move.onto) is None:
            return f"{move.onto} is not next to {move.cell}"
        if target is None:
            return f"{move.onto} is empty: stack onto a cube"
        if isinstance(target, Stack):
            return f"no third cube on {move.onto}"
        return ""

    def _stacked(self, move: StackMove, cube: Cube, target: Cube) -> State:
        """The state after lifting ``cube`` onto ``target`` (the connection not checked)."""
        cells = list(self.cells)
        cells[index(move.cell)], cells[index(move.onto)] = None, Stack(cube, target)
        return self._after_turn(cells, move.onto)

    def _remove(self, move: Remove) -> State:
        """CC-R3: the starter removes a cube, then the other player; play resumes with the
        other player to move and no ring (AMB-CC2)."""
        if self.procedure is None:
            raise self._illegal("CC-R3", "only the repetition removes cubes", move)
        if self.at(move.cell) is None:
            raise self._illegal("CC-R3", f"no cube on {move.cell}", move)
        cells = list(self.cells)
        cells[index(move.cell)] = None
        off = sort_colours((*self.off, move.colour))
        if self.to == self.procedure:
            return replace(self, cells=tuple(cells), off=off, to=other(self.to), history=())
        return replace(self, cells=tuple(cells), off=off, to=other(self.procedure),
                       procedure=None, history=())

    def _repeat(self, move: Repeat) -> State:
        """CC-R1, CC-R2: the procedure begins; the starter removes first, the ring is cleared."""
        if self.on_board() < 2:
            raise self._illegal("CC-R3", "needs two cubes on the board", move)
        starter = move.starter if move.starter is not None else self.default_starter()
        if starter is None:
            raise self._illegal("CC-R2", "name the starter: repeat 1 or 2", move)
        return replace(self, ring=None, to=starter, procedure=starter, history=())

    def _first(self, move: First) -> State:
        """CC-S2: who moves first, named before the first move (an empty board, no ring)."""
        if self.on_board() or self.ring is not None:
            raise self._illegal("CC-S2", "name the first player before moving", move)
        return replace(self, to=move.player, history=())


def needs_top(move: Roll, tops: Sequence[str]) -> str:
    """The message for a roll of a cube with unknown sides given without its new top."""
    return (f"move {move} needs the new top seen ({' or '.join(tops)}): "
            f"e.g. {move}={tops[0]}")
