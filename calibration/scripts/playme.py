"""The recorded PlayMe session (standard board, three players: Alice P1 blue, the Cheshire Cat
P2 black, the Walrus P3 white), shipped for ``dicekeeper demo playme``.

``build_script()`` plays the rules' shortest kind of game with the real engine: the table set
up (empty rows, the round tile White Rabbit up in its place), "Play me!" entered with the
buttons (B opens the actions, B enters START), round 1 (Advances of all three players, often
several in one view as people play at once; the Walrus blocks Alice with a 3, Alice unblocks;
an illegal Advance put back: the Cat's 4 in slot 3, PM-F1), Alice's complete row and the rows
cleared (the camera sees her claim; she flips to Madness), START again with the buttons,
round 2 (Alice in Madness stops at 4 until the Cat reaches 5, PM-F5 kept), and Alice's second
claim: on the Madness side she wins the game (PM-E1). A hand is over the board between the
changes; three still frames follow each (the settle detector needs three).

The table follows the state: each row's dice in the seat's colour, a die kept where it lay
while its slot holds the same die. Deterministic: seeded ``numpy.random.Generator`` only.

May import: calibration, engine, vision.board (through ``calibration.scripts.frames``), numpy.
"""

from __future__ import annotations

import numpy as np

from calibration.board_files import load_board, load_layout
from calibration.scripts.frames import GameScript, Recorder, Table, check
from calibration.session_script import hand_at
from calibration.synthetic import Die, FlatTile, Pose
from engine.games.playme import GAME as RULES
from engine.games.playme.setup import die_colour
from engine.games.playme.state import State
from engine.games.playme.zones import TILE
from engine.table import Cell

GAME, SIDE = "playme", "standard"
LAYOUT = load_layout(GAME, SIDE)
BOARD = load_board(GAME, SIDE)
SEED = 13
SKIN = (116, 146, 200)
POSE = Pose(height_mm=600.0, pitch_deg=-2.0, yaw_deg=-2.0, roll_deg=2.0, target_mm=(140.0, 140.0))
"""The camera high enough to see the whole A3 board (the 280 mm square and its markers)."""
STILL_LAST = 4  # still frames after the game's end

ROUND_1 = (("ADV P1 1", "ADV P2 1", "ADV P3 1"), ("ADV P1 2", "ADV P2 2"),
           ("ILLEGAL", "ADV P2 4", "PM-F1"), ("BLK P3>P1 3",), ("UNB P1 3",),
           ("ADV P1 3", "ADV P1 4", "ADV P2 3", "ADV P3 2"), ("ADV P1 5", "ADV P1 6"),
           ("CLAIM P1",))
ROUND_2 = (("ADV P1 1", "ADV P1 2", "ADV P1 3", "ADV P2 1", "ADV P2 2", "ADV P2 3"),
           ("ADV P1 4", "ADV P2 4", "ADV P2 5"), ("ADV P1 5", "ADV P1 6"), ("CLAIM P1",))
"""Each round as the views show it: the moves one settled view brings (the referee's record of
the view, ``; ``-joined), or an illegal change (its move and code) shown and put back."""


def tile() -> FlatTile:
    """The round tile, White Rabbit up, lying a little off-centre in its place."""
    zone = next(z for z in LAYOUT.zones if z.name == TILE)
    return FlatTile("white", zone.x_mm + zone.w_mm / 2 + 3.0, zone.y_mm + zone.h_mm / 2 - 1.5)


class Play:
    """The physical dice as the game goes, and the frames recorded of them."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.rec = Recorder()
        self.cells: dict[tuple[int, int], Die] = {}

    @property
    def table(self) -> Table:
        return Table(LAYOUT, grid=dict(self.cells), flat_tiles=(tile(),), pose=POSE)

    def follow(self, state: State) -> None:
        """The rows as ``state`` has them (a hand over the first cell that changes first)."""
        want: dict[tuple[int, int], tuple[str, int]] = {}
        for p in state.seats:
            for i, die in enumerate(state.row(p)):
                want[(p - 1, i)] = (die_colour(state, die.owner).value, die.face)
        changed = sorted(set(want) ^ set(self.cells) | {
            k for k in want if k in self.cells
            and (self.cells[k].colour, self.cells[k].face) != want[k]})
        if not changed:
            return
        r, c = changed[0]
        cx, cy = LAYOUT.cell_centre_mm(Cell(r, c))
        self.rec.hand(self.table.scene(hand=hand_at("S", (cx, cy), 60.0, 0.4, SKIN)))
        for cell in changed:
            self.cells.pop(cell, None)
            if cell in want:
                self.cells[cell] = self._die(cell, *want[cell])

    def _die(self, cell: tuple[int, int], colour: str, face: int) -> Die:
        cx, cy = LAYOUT.cell_centre_mm(Cell(*cell))
        dx, dy = self.rng.uniform(-2.0, 2.0, 2)
        return Die(face, colour, cx + float(dx), cy + float(dy),
                   float(self.rng.uniform(-25, 25)), style_seed=int(self.rng.integers(1000)))


def build_script(seed: int = SEED) -> GameScript:
    """The whole session, deterministic for a seed (see the module docstring)."""
    rng = np.random.default_rng(seed)
    play = Play(rng)
    state, why = RULES.setup(play.table.view(), BOARD, 0.6)
    if state is None:
        raise ValueError(f"the PlayMe script's set-up is not a start: {why}")
    script = GameScript(GAME, SIDE, start_position=state.position())
    t = play.rec.still(play.table, 4, "setup")
    for moves in (ROUND_1, ROUND_2):
        state = _start(play, script, state, t)
        for view in moves:
            if view[0] == "ILLEGAL":
                _illegal(play, script, state, view[1], view[2])
                continue
            for text in view:
                state = state.play(RULES.parse_move(text, state))
            play.follow(state)
            last = state.outcome is not None
            t = play.rec.still(play.table, STILL_LAST if last else 3)
            script.moves.append({"move": "; ".join(view), "position": state.position(),
                                 "t": t})
            play.rec.wait(float(rng.uniform(2.0, 3.5)))
    script.frames = play.rec.frames
    check(script)
    return script


def _start(play: Play, script: GameScript, state: State, settled: float) -> State:
    """"Play me!" entered with the buttons once the table's start has settled: B opens the
    actions (the panel's offers, START first), B enters it; the device enters it after the
    first frame at or after the second press (``frames.replay`` does the same); three more
    still frames while it is entered."""
    t = play.rec.t
    script.presses += [{"t": round(t + 0.2, 2), "button": "B"},
                       {"t": round(t + 0.7, 2), "button": "B"}]
    script.entered.append({"t": round(t + 0.7, 2), "move": "START"})
    play.rec.still(play.table, 3)
    state = state.play(RULES.parse_move("START", state))
    script.moves.append({"move": "START", "position": state.position(),
                         "t": round(t + 0.7, 2)})
    play.rec.wait(1.5)
    return state


def _illegal(play: Play, script: GameScript, state: State, text: str, code: str) -> None:
    """A die laid against the rules (the move's die in its row), shown, then taken back."""
    move = RULES.parse_move(text, state)
    p, face = move.player, move.face  # an Advance: the player's die in the next slot
    cell = (p - 1, len(state.row(p)))
    before = dict(play.cells)
    cx, cy = LAYOUT.cell_centre_mm(Cell(*cell))
    play.rec.hand(play.table.scene(hand=hand_at("S", (cx, cy), 60.0, 0.4, SKIN)))
    play.cells[cell] = play._die(cell, die_colour(state, p).value, face)
    t = play.rec.still(play.table, kind="illegal")
    script.illegal.append({"code": code, "move": text, "t": t})
    play.rec.wait(2.0)
    play.rec.hand(play.table.scene(hand=hand_at("S", (cx, cy), 60.0, 0.4, SKIN)))
    play.cells = before
    play.rec.still(play.table)
    play.rec.wait(2.0)
