"""No Gaps game state: the actions (NG-A1..A4), their legality (NG-F1..F6, F8), the end
(NG-E1..E3), the score (NG-P1) and the position text.

A state is always *settled*: a fresh die whose face is not usable has been moved to the removed
zone (NG-A3, AMB-NG2), at parse time as after every move, so a fresh die can always draw a tile
or be set aside. Position text: six rows of ``#`` (covered) and ``.`` (empty) separated by
``/``, then ``used=`` ``fresh=`` ``spent=`` ``removed=`` ``rerolls=`` ``last=``.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations_with_replacement

from engine.errors import IllegalMoveError
from engine.fast_alone import base_score
from engine.games.no_gaps.board import COLS, FACES, FULL, ROWS, Board, Tile
from engine.games.no_gaps.moves import Aside, Draw, Move, Reroll, cell_text
from engine.games.no_gaps.shapes import cells_of, congruent, mask_of
from engine.outcome import FAILURE, SUCCESS, Outcome


def zone_text(faces: Iterable[int]) -> str:
    """``(1, 3, 3)`` -> ``"1,3,3"``; ``"-"`` for none."""
    return ",".join(str(f) for f in faces) or "-"


@dataclass(frozen=True)
class State:
    """A No Gaps position (build it with ``State.settled`` to apply NG-A3).

    Attributes:
        board: the board side (tile chart, reroll boxes, options).
        covered: the marked cells as a mask (bit ``r * 6 + c``).
        used: the tiles crossed out, one name per copy, sorted.
        fresh, spent, removed: the faces of the dice in each zone, ascending.
        rerolls: reroll boxes ticked.
        last: the tile drawn last (NG-P1's bonus), None before the first.
    """

    board: Board
    covered: int = 0
    used: tuple[str, ...] = ()
    fresh: tuple[int, ...] = ()
    spent: tuple[int, ...] = ()
    removed: tuple[int, ...] = ()
    rerolls: int = 0
    last: str | None = None

    @classmethod
    def settled(cls, board: Board, covered: int, used: Iterable[str], fresh: Iterable[int],
                spent: Iterable[int], removed: Iterable[int], rerolls: int,
                last: str | None) -> State:
        """The state with its lists sorted and every dead fresh die removed (NG-A3)."""
        state = cls(board, covered, tuple(sorted(used)), tuple(sorted(fresh)),
                    tuple(sorted(spent)), tuple(sorted(removed)), rerolls, last)
        dead = [f for f in state.fresh if state.is_dead(f)]
        if not dead:
            return state
        alive = list(state.fresh)
        for face in dead:
            alive.remove(face)
        return cls(board, covered, state.used, tuple(alive), state.spent,
                   tuple(sorted(state.removed + tuple(dead))), rerolls, last)

    # ------------------------------------------------------------------ text

    def position(self) -> str:
        """The position text, e.g. ``##..../##..../....../....../....../......
        used=O4 fresh=1,3,3,5 spent=4,6 removed=- rerolls=0 last=O4``."""
        rows = []
        for r in range(ROWS):
            rows.append("".join("#" if self.is_covered(r, c) else "." for c in range(COLS)))
        return (f"{'/'.join(rows)} used={','.join(self.used) or '-'} "
                f"fresh={zone_text(self.fresh)} spent={zone_text(self.spent)} "
                f"removed={zone_text(self.removed)} rerolls={self.rerolls} "
                f"last={self.last or '-'}")

    def __str__(self) -> str:
        return self.position()

    # ------------------------------------------------------------------ derived facts

    def is_covered(self, r: int, c: int) -> bool:
        return bool(self.covered >> (r * COLS + c) & 1)

    def copies_left(self, tile: Tile) -> int:
        """How many copies of ``tile`` are not crossed out yet."""
        return tile.copies - self.used.count(tile.name)

    def unused_tiles(self) -> tuple[Tile, ...]:
        """The chart lines with a copy left, in chart order."""
        return tuple(t for t in self.board.tiles if self.copies_left(t) > 0)

    def fitting(self, tile: Tile) -> tuple[int, ...]:
        """The placements of ``tile`` on empty cells (masks, in ``moves`` order)."""
        return tuple(m for m in self.board.placements[tile.name] if not m & self.covered)

    def fits(self, tile: Tile) -> bool:
        """True when ``tile`` has at least one placement on empty cells."""
        return any(not m & self.covered for m in self.board.placements[tile.name])

    def is_usable(self, face: int) -> bool:
        """Section 3.2: some unused tile of ``face`` has a placement."""
        return any(t.face == face and self.copies_left(t) > 0 and self.fits(t)
                   for t in self.board.tiles)

    def is_dead(self, face: int) -> bool:
        """NG-A3: a die showing ``face`` must leave the game (not a set-aside face, not usable)."""
        return not self.board.sets_aside(face) and not self.is_usable(face)

    def can_reroll(self) -> bool:
        """NG-A4's preconditions: no fresh die, grid not full, a box left, a die spent."""
        return (not self.fresh and self.covered != FULL and self.rerolls < self.board.rerolls
                and bool(self.spent))

    @property
    def to_move(self) -> int | None:
        """A solo game: nobody's turn."""
        return None

    @cached_property
    def outcome(self) -> Outcome | None:
        """NG-E1 success when all 36 cells are marked; else NG-E3 failure when no unused tile
        fits anywhere; else NG-E2 failure when no fresh die is left and no reroll is possible.
        (E3 before E2: when both hold, no tile fitting is the reason that matters.)"""
        if self.covered == FULL:
            return Outcome(SUCCESS, "NG-E1")
        if not any(self.fits(t) for t in self.unused_tiles()):
            return Outcome(FAILURE, "NG-E3")
        if not self.fresh and not self.can_reroll():
            return Outcome(FAILURE, "NG-E2")
        return None

    def score(self, remaining_seconds: float | None,
              outcome: Outcome | None = None) -> int | None:
        """NG-P1: whole minutes left plus the last tile's bonus on success; 0 on failure
        (AMB-FA3); None when the option ``scoring`` is off (FA-O1)."""
        if self.board.options.scoring == "off":
            return None
        outcome = self.outcome if outcome is None else outcome
        if outcome is None or not outcome.success:
            return 0
        return base_score(remaining_seconds) + self.last_bonus()

    def last_bonus(self) -> int:
        """The bonus printed for the tile drawn last (0 before any)."""
        tile = self.board.tile(self.last) if self.last else None
        return tile.bonus if tile else 0

    # ------------------------------------------------------------------ moves

    @cached_property
    def _legal(self) -> tuple[Move, ...]:
        if self.outcome is not None:
            return ()
        if not self.fresh:
            return tuple(Reroll(faces) for faces in
                         combinations_with_replacement(FACES, len(self.spent)))
        moves: list[Move] = []
        for face in sorted(set(self.fresh)):
            if self.board.sets_aside(face):
                moves.append(Aside(face))
                continue
            for tile in self.board.tiles_of(face):
                if self.copies_left(tile) > 0:
                    moves += [Draw(face, tile.name, cells_of(m, COLS)) for m in self.fitting(tile)]
        return tuple(moves)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, in the documented order: with fresh dice, for each fresh face
        ascending, its tile draws (tiles by name, placements by their row-major cell list)
        or its ``aside``; with none, every reroll result (``reroll=`` each multiset of faces
        for the spent dice, ascending)."""
        return self._legal

    def play(self, move: Move) -> State:
        """The settled state after ``move``.

        Raises:
            IllegalMoveError: with the rule code (NG-F1..F6, F8), or the end rule's id when the
                game is over.
        """
        if isinstance(move, Reroll):
            return self._reroll(move)
        self._check_not_over(move)
        if isinstance(move, Aside):
            return self._aside(move)
        return self._draw(move)

    def _check_not_over(self, move: Move) -> None:
        if self.outcome is not None:
            raise self._illegal(self.outcome.reason, "the game is over", move)

    def _check_fresh(self, face: int, move: Move) -> None:
        """NG-F2: the die used must be a fresh one showing ``face``."""
        if face in self.fresh:
            return
        where = ("spent" if face in self.spent else "removed" if face in self.removed
                 else None)
        why = f"the {face} is {where}: use a fresh die" if where else f"no fresh {face}"
        raise self._illegal("NG-F2", why, move)

    def _aside(self, move: Aside) -> State:
        self._check_fresh(move.face, move)
        if not self.board.sets_aside(move.face):
            raise self._illegal("NG-F8", f"a {move.face} draws a tile; only a 6 is set aside",
                                move)
        return self._after(fresh_out=move.face)

    def _draw(self, move: Draw) -> State:
        self._check_fresh(move.face, move)
        tile = self.board.tile(move.tile)
        if tile is None:  # parse_move refuses these; a hand-made Draw may still hold one
            raise self._illegal("NG-F2", f"{move.tile} is not on the chart", move)
        if tile.face != move.face:
            raise self._illegal("NG-F2", f"{tile.name} is drawn by a {tile.face}, "
                                         f"not a {move.face}", move)
        if self.copies_left(tile) <= 0:
            raise self._illegal("NG-F1", f"{tile.name} is crossed out", move)
        mask = self._drawn_mask(move, tile)
        return self._after(fresh_out=move.face, covered=self.covered | mask,
                           used=(*self.used, tile.name), last=tile.name)

    def _drawn_mask(self, move: Draw, tile: Tile) -> int:
        """NG-F3: the cells must lie on the grid, be empty and form the tile's shape."""
        for cell in move.cells:
            if not (0 <= cell[0] < ROWS and 0 <= cell[1] < COLS):
                raise self._illegal("NG-F3", f"{cell_text(cell)} is off the grid", move)
        for cell in move.cells:
            if self.is_covered(*cell):
                raise self._illegal("NG-F3", f"{cell_text(cell)} is already drawn", move)
        if len(set(move.cells)) != tile.size or not congruent(move.cells, tile.shape):
            raise self._illegal("NG-F3", f"those cells are not the shape of {tile.name}", move)
        return mask_of(move.cells, COLS)

    def _reroll(self, move: Reroll) -> State:
        """NG-A4 with its checks in the order of its preconditions: NG-F4 (fresh dice
        remain), NG-F5 (no box left: also when that is why the game ended, NG-E2), NG-F6 (not
        as many faces as spent dice)."""
        if self.outcome is not None and not (self.outcome.reason == "NG-E2"
                                             and self.rerolls >= self.board.rerolls):
            raise self._illegal(self.outcome.reason, "the game is over", move)
        if self.fresh:
            raise self._illegal("NG-F4", "fresh dice remain: use or set them aside first", move)
        if self.rerolls >= self.board.rerolls:
            raise self._illegal("NG-F5", f"all {self.board.rerolls} rerolls are used", move)
        if len(move.faces) != len(self.spent):
            raise self._illegal("NG-F6", f"reroll all {len(self.spent)} spent dice, removed "
                                         f"ones excluded ({len(move.faces)} faces given)", move)
        return State.settled(self.board, self.covered, self.used, move.faces, (), self.removed,
                             self.rerolls + 1, self.last)

    def _after(self, fresh_out: int, covered: int | None = None,
               used: tuple[str, ...] | None = None, last: str | None = None) -> State:
        """The settled state once the die showing ``fresh_out`` went to the spent zone."""
        fresh = list(self.fresh)
        fresh.remove(fresh_out)
        return State.settled(self.board, self.covered if covered is None else covered,
                             self.used if used is None else used, fresh,
                             (*self.spent, fresh_out), self.removed, self.rerolls,
                             self.last if last is None else last)

    def _illegal(self, code: str, message: str, move: Move) -> IllegalMoveError:
        return IllegalMoveError(code, message, move=str(move), position=self.position())
