"""CubeCourier referee step: what a settled table view means for a state (rules section 9).

Order of questions: can the view be trusted (UNTRUSTED); does it show the current position
(UNCHANGED); then, from the difference between the position and the view, which single move
explains it: a new cube on an empty cell with one fewer off-board cube of that colour (Place),
a cube gone from one cell and on the adjacent empty cell (Roll), a cell emptied next to a cube
that is now a stack (Stack), and during the repetition procedure a cube gone from the board
and beside it (removal). The move is then judged by the rules (``State.play``): MOVE, or
ILLEGAL with the rule broken. A cube out of sight (fewer than eight seen) is a move under way
(PENDING). What no single move explains is named: an off-board cube turned (CC-F2), a cube
turned in place (CC-F6), two cubes moved (CC-F5). The state never changes except on MOVE.

The ring: the state tracks it from the moves (CC-F1 is judged on the tracked ring); where the
camera sees it is not used, so a table played without the ring, or with the ring left on an
old cube, is refereed the same (the rules name no warning for a misplaced ring).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalMoveError
from engine.games.cubecourier.connection import CELLS, direction_between
from engine.games.cubecourier.cube import Cube, Stack
from engine.games.cubecourier.moves import Move, Place, Remove, Roll, StackMove
from engine.games.cubecourier.notation import view_to_text
from engine.games.cubecourier.reading import CUBES, Seen, Top, off_difference, read_view
from engine.games.cubecourier.state import State
from engine.referee import Judgement, Note, RefereeStep, Verdict
from engine.table import MIN_CONFIDENCE, Cell, TableView


def step(state: State, view: TableView, memo: object,
         min_confidence: float = MIN_CONFIDENCE) -> RefereeStep[State]:
    """The referee step the session runs on every view. It keeps no memo; a move that makes
    a position occur for the threshold-th time (CC-R1) is noted as ``repetition`` so the
    record and the device can propose the procedure."""
    j = referee(state, view, min_confidence)
    starter = j.state.repetition_starter if j.verdict is Verdict.MOVE else None
    if starter is None:
        return RefereeStep(j)
    note = Note("repetition", {"position": j.state.position(), "starter": starter,
                               "occurrences": j.state.occurrences(), "view": view_to_text(view)})
    return RefereeStep(j, None, (note,))


@dataclass(frozen=True)
class Difference:
    """How a trusted view differs from the position.

    Attributes:
        vacated: cells that held cubes and are empty now. filled: empty cells now holding a
        cube. changed: cells holding cubes before and now, with another top or stack flag.
        gone: off-board colours missing now. new: off-board colours that were not there.
    """

    vacated: tuple[Cell, ...]
    filled: tuple[Cell, ...]
    changed: tuple[Cell, ...]
    gone: tuple[str, ...]
    new: tuple[str, ...]

    @property
    def board_cells(self) -> int:
        return len(self.vacated) + len(self.filled) + len(self.changed)


def difference(state: State, seen: Seen) -> Difference:
    vacated, filled, changed = [], [], []
    for cell in CELLS:
        was, now = state.at(cell), seen.at(cell)
        if was is not None and now is None:
            vacated.append(cell)
        elif was is None and now is not None:
            filled.append(cell)
        elif was is not None and now is not None and _top(was) != now:
            changed.append(cell)
    gone, new = off_difference(state.off, seen.off)
    return Difference(tuple(vacated), tuple(filled), tuple(changed), gone, new)


def _top(content: Cube | Stack) -> Top:
    return Top(content.top, isinstance(content, Stack))


def referee(state: State, view: TableView,
            min_confidence: float = MIN_CONFIDENCE) -> Judgement[State]:
    """Judge ``view`` against ``state`` (see the module docstring)."""
    seen = read_view(view, state.board, min_confidence)
    if isinstance(seen, str):
        return Judgement(Verdict.UNTRUSTED, state, message=seen)
    diff = difference(state, seen)
    if diff.board_cells == 0 and not diff.gone and not diff.new:
        return Judgement(Verdict.UNCHANGED, state)
    if seen.count() > CUBES:
        return Judgement(Verdict.UNTRUSTED, state,
                         message=f"{seen.count()} cubes seen: the game has {CUBES}")
    if state.outcome is not None:
        return _illegal(state, "CC-E1", "the game is over")
    if state.procedure is not None:
        return _procedure(state, seen, diff)
    return _turn(state, seen, diff)


def _illegal(state: State, code: str, message: str, move: str | None = None) -> Judgement[State]:
    return Judgement(Verdict.ILLEGAL, state, move=move, code=code, message=message)


def _judge_move(state: State, move: Move, shown: Move | None = None) -> Judgement[State]:
    """MOVE when the rules allow ``move``, recorded as ``shown`` (its canonical legal form,
    e.g. a known roll without its top), else ILLEGAL with the rule it breaks and the move as
    seen (``r1c0-S=W``)."""
    try:
        after = state.play(move)
    except IllegalMoveError as exc:
        return _illegal(state, exc.code, exc.reason, str(move))
    text = str(shown or move)
    return Judgement(Verdict.MOVE, after, move=text, message=text)


def _turn(state: State, seen: Seen, diff: Difference) -> Judgement[State]:
    """A view during play: one Place, Roll or Stack, or the rule the table breaks."""
    shape = (len(diff.vacated), len(diff.filled), len(diff.changed))
    moved = not diff.gone and not diff.new
    if shape == (0, 1, 0) and len(diff.gone) == 1 and not diff.new:
        return _place(state, seen, diff)
    if shape == (1, 1, 0) and moved:
        return _roll(state, seen, diff.vacated[0], diff.filled[0])
    if shape == (1, 0, 1) and moved and _looks_stacked(state, seen, diff):
        return _stack(state, seen, diff.vacated[0], diff.changed[0])
    return _no_single_move(state, seen, diff)


def _place(state: State, seen: Seen, diff: Difference) -> Judgement[State]:
    """CC-A1: the placed cube must show the colour of the off-board cube that went (CC-F2)."""
    cell = diff.filled[0]
    top = seen.at(cell)
    if top is None or top.stacked:
        return _illegal(state, "CC-F5", "two cubes moved: put them back")
    if top.colour != diff.gone[0]:
        return _illegal(state, "CC-F2", f"cube assigned {diff.gone[0]} must show "
                                        f"{diff.gone[0]}", f"P {top.colour}@{cell}")
    return _judge_move(state, Place(top.colour, cell))


def _roll(state: State, seen: Seen, source: Cell, target: Cell) -> Judgement[State]:
    """CC-A2 judged by the rules (the ringed cube CC-F1, the new top CC-F3); a cube moved to
    a cell that is not next to it, or a stack moved, is CC-F3 (CC-F1 for the ringed cube)."""
    direction = direction_between(source, target)
    top, cube = seen.at(target), state.at(source)
    if direction is None:
        if source == state.ring:
            return _illegal(state, "CC-F1", f"ringed cube on {source} can't move")
        return _illegal(state, "CC-F3", f"{target} is not next to {source}")
    if top is None or top.stacked or not isinstance(cube, Cube):
        return _illegal(state, "CC-F3", "a stack can't roll")
    move = Roll(source, direction, top.colour)
    shown = Roll(source, direction) if cube.known else move
    return _judge_move(state, move, shown)


def _looks_stacked(state: State, seen: Seen, diff: Difference) -> bool:
    """A cell emptied and a neighbour changed: a stack when the neighbour is seen stacked,
    or, when the camera missed the stack, now shows the vanished cube's top (a candidate
    Stack, rules section 9)."""
    was, now = state.at(diff.vacated[0]), seen.at(diff.changed[0])
    if now is None or isinstance(state.at(diff.changed[0]), Stack):
        return False
    return now.stacked or (was is not None and now.colour == was.top)


def _stack(state: State, seen: Seen, source: Cell, onto: Cell) -> Judgement[State]:
    """CC-A3 judged by the rules: CC-F1, CC-F4 (no connection, or the top colour changed)."""
    cube, top = state.at(source), seen.at(onto)
    move = StackMove(source, onto)
    if source == state.ring:
        return _illegal(state, "CC-F1", f"ringed cube on {source} can't move", str(move))
    if cube is not None and top is not None and top.colour != cube.top:
        return _illegal(state, "CC-F4", f"a stacked cube stays {cube.top}", str(move))
    return _judge_move(state, move)


def _no_single_move(state: State, seen: Seen, diff: Difference) -> Judgement[State]:
    """No legal move explains the view: a move under way, or the rule it breaks."""
    if seen.count() < CUBES:
        return Judgement(Verdict.PENDING, state, message="a cube is out of sight: finish the move")
    if diff.board_cells == 0:
        return _illegal(state, "CC-F2", f"off-board {'/'.join(diff.gone)} turned: turn it "
                                        f"back")
    if diff.board_cells == 1 and diff.changed:
        return _changed_cell(state, seen, diff)
    if diff.board_cells == 1 and diff.vacated and diff.new and not diff.gone:
        return _illegal(state, "CC-R3", "only the repetition removes cubes")
    if diff.board_cells == 1 and diff.filled and diff.gone:
        return _illegal(state, "CC-F2", "off-board cubes keep their colours")
    return _illegal(state, "CC-F5", "two cubes moved: put them back")


def _changed_cell(state: State, seen: Seen, diff: Difference) -> Judgement[State]:
    """One cell changed: a cube turned in place (CC-F6), a cube set on it from off the board
    (CC-F4), or that and an off-board change at once (CC-F5)."""
    cell = diff.changed[0]
    was, now = state.at(cell), seen.at(cell)
    if now is not None and now.stacked and isinstance(was, Cube) and len(diff.gone) == 1:
        return _illegal(state, "CC-F4", "no stacking from off the board",
                        f"P {now.colour}@{cell}")
    if diff.gone or diff.new or was is None:
        return _illegal(state, "CC-F5", "two cubes moved: put them back")
    return _illegal(state, "CC-F6", f"{cell} turned: put it back to {was.top}")


def _procedure(state: State, seen: Seen, diff: Difference) -> Judgement[State]:
    """CC-R3: player ``state.to`` removes one cube, rolls it and sets it beside the board."""
    shape = (len(diff.vacated), len(diff.filled), len(diff.changed))
    if shape == (1, 0, 0) and not diff.gone and len(diff.new) == 1:
        return _judge_move(state, Remove(diff.vacated[0], diff.new[0]))
    if shape == (1, 0, 0) and not diff.gone and not diff.new:
        return Judgement(Verdict.PENDING, state, message=f"roll the cube from "
                                                         f"{diff.vacated[0]} beside the board")
    if diff.board_cells == 0 and diff.gone and diff.new:
        return _illegal(state, "CC-F2", "off-board cubes keep their colours")
    if len(diff.vacated) >= 2:
        return _illegal(state, "CC-F5", "one cube at a time: put one back")
    return _illegal(state, "CC-R3", f"player {state.to} removes one cube")
