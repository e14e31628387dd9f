"""The script of the recorded Bossa session (regular level) shipped for the demo and tests.

``build_script()`` plays a short game with the real engine (every move goes through
``State.play``) and records it as camera frames with the button presses the players make:

- set-up: both hands dealt face down (BO-S2: the OLED asks to turn them up, BO-S7), turned face
  up, the white die (3) in the south cell as player 1's home line and the black die (5) north
  (BO-S6), the six tokens face up; player 1 draws first, which completes the set-up;
- player 1 lays ``W4=W1B0+W3B2``; player 2 draws and lays three tiles next to the black die
  (BO-F4: the OLED warns with its code), takes them back (the warning clears) and lays
  ``B4=W0B1+W0B3``; player 1 draws and lays ``W2=W1B1+W1B3`` in one go (a view showing the
  draw and the Place gives the draw, the next view the Place); player 2 draws, then redraws
  (``REDRAW W5B0``, its token turned, the new tile in the hand); player 1 draws and stacks
  ``STACK W4=W2B0+W2B1`` on W4 in one go (the new layer covers the old one: BO-X4); player 2
  draws and enters an Exchange with the buttons (B opens the offers, A steps to ``EXCHANGE
  W0B4<>W6B0``, B enters it) while the two swap the tiles and turn the token; player 1 draws,
  then lays ``B6=W0B4+W1B2``, emptying the hand: player 1 wins (BO-E1) after 7 turns.

Each table state is a few still frames (the settle detector needs ``SETTLE_FRAMES`` agreeing
ones; a state that shows two steps one more), each change a frame with a hand over the board.
Every frame is a ``synthetic.Scene`` plus the view a perfect reader reports (the pieces placed
by ``vision.board.pipeline.place_dice``, as the tile reader's are); ``expected_final_line``
replays the views and the presses through the real settle detector and session, as the
device does, so the expected result is the engine's own.

Deterministic: seeded ``numpy.random.Generator`` only, no clock.

May import: engine, vision.board (settle, pipeline, tiles, geometry), calibration.synthetic,
calibration.board_files, numpy.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

import numpy as np

from calibration.board_files import load_board, load_layout
from calibration.synthetic import Die, Hand, Light, Pose, Scene, Tile, Token
from engine.games import find_game
from engine.games.bossa import State
from engine.games.bossa.moves import Draw, Exchange, Place, Redraw, StackMove
from engine.games.bossa.notation import parse_move
from engine.games.bossa.setup import start
from engine.games.bossa.tiles import BLACK, WHITE, parse_tile
from engine.games.bossa.tiles import Tile as GameTile
from engine.games.bossa.zones import (
    BANDS,
    DECK,
    DISCARD,
    HANDS,
    MARKER_ZONES,
    REMOVED,
    band_of,
    spot_of,
)
from engine.session import Event, Session, new_session
from engine.table import TILE_FACE_DOWN, TILE_TOKEN_UP, TableView, ViewStatus
from vision.board.geometry import BoardGeometry
from vision.board.pipeline import place_dice
from vision.board.settle import SettleDetector
from vision.board.tiles import DIE, TILE, TileDetection

GAME, SIDE = "bossa", "regular"
SESSION_NAME = f"{GAME}-{SIDE}"
LAYOUT = load_layout(GAME, SIDE)
GEOMETRY = BoardGeometry(LAYOUT)
SEED = 2021
SETTLE_FRAMES = 3            # the demo's settle detector (device.demo) needs 3 agreeing frames
STILL_GAP, HAND_GAP = 0.5, 1.0   # seconds between still frames, after a hand frame
POSE = Pose(fov_deg=56.0, target_mm=(140.0, 140.0), pitch_deg=3.0, yaw_deg=-2.0, roll_deg=2.0)
LIGHT = Light(brightness=0.95, gradient=0.2, gradient_angle=210.0, vignette=0.2)
DICE = {WHITE: 3, BLACK: 5}  # the white die lies south: player 1's home line (BO-S6)
DEAL = ("W1B0,W1B1,W1B3,W3B2", "W0B3,W2B2,W4B1,W5B0")
SET_ASIDE = "W5B1"           # BO-S1, face down in its place all game
DECK_TOP = "W0B5"            # drawn as the deck's face-down top (only its back is seen)
TURNS = (
    (1, ("DRAW W2B0",)),                   # the first draw completes the set-up
    (1, ("W4=W1B0+W3B2",)),
    (2, ("DRAW W0B1",)),
    (2, ("W0B1+W2B2+W4B1 @B4", "B4=W0B1+W0B3")),  # BO-F4 laid, taken back, then the Place
    (1, ("DRAW W2B1", "W2=W1B1+W1B3")),   # one view: the draw, then the Place
    (2, ("DRAW W3B0",)),
    (2, ("REDRAW W5B0", "DRAW W0B4")),     # one view: the Redraw, then its draw
    (1, ("DRAW W6B0", "STACK W4=W2B0+W2B1")),  # one view: the draw, then the Stack
    (2, ("DRAW W0B6",)),
    (2, ("buttons EXCHANGE W0B4<>W6B0",)),
    (1, ("DRAW W1B2",)),
    (1, ("B6=W0B4+W1B2",)),                # player 1's hand is empty: BO-E1
)
"""Each player's steps, a view each; the steps of one view come one after the other from it
(a tile drawn there cannot be laid in the same view: the referee would see it come straight
from the deck, BO-F7)."""
SLOT_MM = 19.0               # a tile's place in a spot's column, a hand's or the discard row
HAND_SLOT_MM = 21.0
ARM_FROM = {1: 90.0, 2: 270.0}   # player 1 reaches in over the south edge, player 2 the north
PRESS_GAP = 0.08             # seconds between scripted presses


@dataclass(frozen=True)
class Placed:
    """Where one tile lies: its zone (or "out"), its place there, and how."""

    zone: str
    x_mm: float
    y_mm: float
    angle: float
    level: int = 0
    face_up: bool = True
    seed: int = 0


@dataclass(frozen=True)
class ScriptFrame:
    """One frame: its time, what to render, the view a perfect reader reports, and a kind
    ("setup", "still", "hand", "illegal")."""

    t: float
    scene: Scene
    view: TableView
    kind: str


@dataclass
class BossaScript:
    """The whole session: the moves the engine judged, the warning, the presses, the frames."""

    start_position: str = ""
    moves: list[dict[str, object]] = field(default_factory=list)
    illegal: dict[str, object] = field(default_factory=dict)
    entered: list[dict[str, object]] = field(default_factory=list)
    presses: list[tuple[float, str]] = field(default_factory=list)
    frames: list[ScriptFrame] = field(default_factory=list)


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True)
class Table:
    """Every piece on the table: the tiles by name, the tokens by zone (face up or not)."""

    tiles: dict[GameTile, Placed]
    tokens: dict[str, bool]
    deck: bool = True

    def scene(self, hand: Hand | None = None) -> Scene:
        tiles = [Tile(t.white, t.black, p.x_mm, p.y_mm, p.angle, p.face_up, p.level, p.seed)
                 for t, p in self.tiles.items()]
        for name, show in ((DECK, self.deck), (REMOVED, True)):
            if show:  # the deck's top tile (any), the tile set aside (BO-S1)
                back = parse_tile(SET_ASIDE if name == REMOVED else DECK_TOP)
                x, y = _centre(name)
                tiles.append(Tile(back.white, back.black, x, y, -8.0 if name == DECK else 11.0,
                                  False))
        tokens = [Token(MARKER_LETTERS[zone], up, *_centre(zone), _token_angle(zone))
                  for zone, up in self.tokens.items()]
        return Scene(board=LAYOUT, loose=_dice(), tiles=tuple(tiles), tokens=tuple(tokens),
                     pose=POSE, light=LIGHT, hand=hand, table="wood", table_seed=SEED,
                     noise=3.0, blur=0.6, jpeg_quality=0)

    def view(self) -> TableView:
        """The settled view a perfect reader gives: every piece placed as the tile reader's
        detections are (the top layer of a stack only)."""
        found = [_seen(p.x_mm, p.y_mm, t.code if p.face_up else TILE_FACE_DOWN, TILE)
                 for t, p in self.tiles.items() if not self._covered(p)]
        found += [_seen(*_centre(name), TILE_FACE_DOWN, TILE)
                  for name, show in ((DECK, self.deck), (REMOVED, True)) if show]
        found += [_seen(*_centre(z), TILE_TOKEN_UP if up else TILE_FACE_DOWN, TILE)
                  for z, up in self.tokens.items()]
        found += [_seen(d.x_mm, d.y_mm, d.face, DIE, d.pip_colour or "white") for d in _dice()]
        return place_dice(found, GEOMETRY)

    def _covered(self, placed: Placed) -> bool:
        return any(o.level > placed.level and math.hypot(o.x_mm - placed.x_mm,
                                                         o.y_mm - placed.y_mm) < 4.0
                   for o in self.tiles.values())


MARKER_LETTERS = {zone: marker for (_, marker), zone in MARKER_ZONES.items()}


def _centre(zone: str) -> tuple[float, float]:
    z = next(z for z in LAYOUT.zones if z.name == zone)
    return z.x_mm + z.w_mm / 2, z.y_mm + z.h_mm / 2


def _token_angle(zone: str) -> float:
    return float(sum(map(ord, zone)) % 40 - 20)


def _dice() -> tuple[Die, Die]:
    """The start dice in their cells: the white one south (player 1's home line)."""
    x, y0 = LAYOUT.grid_origin_mm
    cx, north, south = x + LAYOUT.cell_mm / 2, y0 + LAYOUT.cell_mm / 2, y0 + 1.5 * LAYOUT.cell_mm
    return (Die(DICE[BLACK], "slate", cx + 0.8, north - 0.5, 12.0, style_seed=7,
                pip_colour="black"),
            Die(DICE[WHITE], "slate", cx - 0.6, south + 0.4, -9.0, style_seed=8,
                pip_colour="white"))


def _seen(x_mm: float, y_mm: float, face: int | None, kind: str,
          colour: str = "white") -> TileDetection:
    x, y = GEOMETRY.mm_to_px(x_mm, y_mm)
    return TileDetection(x, y, GEOMETRY.die_px, 0.0, face, colour, 1.0, kind=kind)


# --------------------------------------------------------------------------- placing tiles


class Placer:
    """Where tiles go as the game moves them: the hands' rows, the spots' columns, the
    discard pile's row, each place taken by the first free slot."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def jitter(self, x: float, y: float, turn: float) -> tuple[float, float, float]:
        dx, dy = self.rng.uniform(-1.0, 1.0, 2)
        return x + float(dx), y + float(dy), float(self.rng.uniform(-turn, turn))

    def row_slot(self, table: Table, zone: str) -> tuple[float, float]:
        """The first free place of a hand's or the discard pile's row."""
        z = next(z for z in LAYOUT.zones if z.name == zone)
        taken = [p.x_mm for p in table.tiles.values() if p.zone == zone]
        for k in range(8):
            x = z.x_mm + 11.0 + k * HAND_SLOT_MM
            if all(abs(x - t) > HAND_SLOT_MM / 2 for t in taken):
                return x, z.y_mm + z.h_mm / 2
        raise ValueError(f"no room left in {zone}")

    def in_row(self, table: Table, zone: str, tile: GameTile, face_up: bool = True) -> Table:
        x, y, a = self.jitter(*self.row_slot(table, zone), 12.0)
        placed = Placed(zone, x, y, a, 0, face_up, int(self.rng.integers(1000)))
        return replace(table, tiles={**table.tiles, tile: placed})

    def in_spot(self, table: Table, state: State, colour: str, value: int,
                tiles: tuple[GameTile, ...], level: int = 0) -> Table:
        """Tiles laid at a position: its spot's column, away from the die."""
        band = band_of(state.board, state.home1, colour)
        spot = spot_of(state.board, band, state.line(colour), value)
        if spot is None:
            raise ValueError(f"{colour}{value} has no printed spot")
        z = next(z for z in LAYOUT.zones if z.name == spot)
        away = -1.0 if band == BANDS[0] else 1.0
        start_y = z.y_mm + z.h_mm - 10.0 if band == BANDS[0] else z.y_mm + 10.0
        moved = dict(table.tiles)
        for k, tile in enumerate(tiles):
            x, y, a = self.jitter(z.x_mm + z.w_mm / 2, start_y + away * k * SLOT_MM, 5.0)
            moved[tile] = Placed(spot, x, y, a, level, True, int(self.rng.integers(1000)))
        return replace(table, tiles=moved)


# --------------------------------------------------------------------------- the frames


class _Recorder:
    """Collects frames and presses, advancing the clock."""

    def __init__(self, script: BossaScript) -> None:
        self.script = script
        self.t = 0.0

    def still(self, table: Table, n: int, kind: str = "still") -> None:
        view, scene = table.view(), table.scene()
        for _ in range(n):
            self.script.frames.append(ScriptFrame(round(self.t, 2), scene, view, kind))
            self.t += STILL_GAP

    def hand(self, table: Table, player: int, spot: tuple[float, float]) -> None:
        view = TableView.unsettled(ViewStatus.HAND, "hand over board")
        scene = table.scene(hand=hand_at(player, spot))
        self.script.frames.append(ScriptFrame(round(self.t, 2), scene, view, "hand"))
        self.t += HAND_GAP

    def wait(self, seconds: float) -> None:
        self.t += seconds

    def press(self, buttons: str) -> None:
        for name in buttons:
            self.script.presses.append((round(self.t, 2), name))
            self.t += PRESS_GAP


def hand_at(player: int, spot: tuple[float, float]) -> Hand:
    """The hand of ``player`` whose fingertips reach ``spot``, the arm over their edge."""
    angle = ARM_FROM[player]
    bx, by = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    skin = (118, 148, 204) if player == 1 else (96, 128, 178)
    return Hand(x_mm=spot[0] + bx * 95.0, y_mm=spot[1] + by * 95.0, from_angle=angle,
                height_mm=70.0, spread=0.4, skin=skin)


def build_script(seed: int = SEED) -> BossaScript:
    """The whole session, deterministic for a seed."""
    rng = np.random.default_rng(seed)
    script = BossaScript()
    rec, placer = _Recorder(script), Placer(rng)
    table = _dealt(placer)
    rec.still(table, SETTLE_FRAMES, "setup")     # hands face down: turn them up (BO-S7)
    table = replace(table, tiles={t: replace(p, face_up=True) for t, p in table.tiles.items()})
    rec.hand(table, 1, _centre(HANDS[0]))
    rec.still(table, SETTLE_FRAMES, "setup")     # first player: draw a tile
    state: State | None = None
    for player, steps in TURNS:
        rec.wait(float(rng.uniform(3.0, 5.0)))
        table, state = _turn(rec, placer, table, state, player, steps)
    rec.still(table, 2)
    return script


def _dealt(placer: Placer) -> Table:
    """BO-S1..S3: four tiles face down in each hand, the tokens face up."""
    table = Table(tiles={}, tokens={zone: True for zone in MARKER_ZONES.values()})
    for player, text in enumerate(DEAL):
        for name in text.split(","):
            table = placer.in_row(table, HANDS[player], parse_tile(name), face_up=False)
    return table


def _turn(rec: _Recorder, placer: Placer, table: Table, state: State | None, player: int,
          steps: tuple[str, ...]) -> tuple[Table, State]:
    """One player's steps; those shown in one view share its frames (one more per step)."""
    if steps[0].startswith("buttons "):
        return _entered(rec, placer, table, _known(state), player, steps[0][len("buttons "):])
    if "@" in steps[0]:
        table = _illegal(rec, placer, table, _known(state), player, steps[0])
        steps = steps[1:]
    changed, drawn = table, set()
    for text in steps:
        move = parse_move(text)
        if isinstance(move, Place | StackMove) and drawn & set(move.tiles):
            raise ValueError(f"{text} lays a tile drawn in the same view (BO-F7 on camera)")
        if isinstance(move, Draw):
            drawn.add(move.tile)
        setting_up = state is None
        changed, state = _apply(placer, changed, state, text)
        if setting_up:  # the set-up's draw: the start position, not a move
            rec.script.start_position = state.position()
        else:
            rec.script.moves.append({"move": text, "position": state.position()})
    rec.hand(changed, player, _reach(changed, table, player))
    rec.still(changed, SETTLE_FRAMES + len(steps) - 1 + (1 if state.outcome else 0))
    return changed, state


def _known(state: State | None) -> State:
    if state is None:
        raise ValueError("the set-up's draw comes first")
    return state


def _apply(placer: Placer, table: Table, state: State | None, text: str) -> tuple[Table, State]:
    """A move on the table and in the engine (which must allow it)."""
    if state is None:  # the first draw completes the set-up: the engine's start position
        state = _start()
        draw = parse_move(text)
        if not isinstance(draw, Draw) or draw.tile not in state.hand(state.to):
            raise ValueError(f"the set-up ends with the first player's draw, not {text}")
        return placer.in_row(table, HANDS[state.to - 1], draw.tile), state
    move = parse_move(text)
    after = state.play(move)
    mover = state.to
    if isinstance(move, Draw):
        return placer.in_row(table, HANDS[mover - 1], move.tile), after
    if isinstance(move, Place):
        return placer.in_spot(table, state, move.colour, move.value, move.tiles), after
    if isinstance(move, StackMove):
        return _stacked(_token(table, mover, "S"), state, move), after
    if isinstance(move, Redraw):
        table = _token(table, mover, "R")
        return _moved_to_row(placer, table, move.tile, DISCARD), after
    if isinstance(move, Exchange):
        return _exchanged(table, mover, move), after
    raise ValueError(f"the script does not lay {text}")


def _start() -> State:
    """The position the set-up gives: the dice, the deal and player 1's first draw."""
    board = load_board(GAME, SIDE)
    hands = tuple(tuple(parse_tile(n) for n in text.split(",")) for text in DEAL)
    first = parse_move(TURNS[0][1][0])
    assert isinstance(first, Draw)
    return start(board, DICE, ((*hands[0], first.tile), hands[1]), 1, WHITE)


def _stacked(table: Table, state: State, move: StackMove) -> Table:
    """A Stack's tiles exactly on the top layer's places, one level up."""
    below = state.line(move.colour).at(move.value)
    if below is None or len(below.top) != len(move.tiles):
        raise ValueError(f"no layer of {len(move.tiles)} at {move.colour}{move.value}")
    moved = dict(table.tiles)
    level = max(table.tiles[t].level for t in below.top) + 1
    for old, new in zip(sorted(below.top, key=lambda t: table.tiles[t].y_mm),
                        sorted(move.tiles), strict=True):
        p = table.tiles[old]
        moved[new] = replace(p, level=level, angle=p.angle + 2.0, seed=p.seed + 1)
    return replace(table, tiles=moved)


def _moved_to_row(placer: Placer, table: Table, tile: GameTile, zone: str) -> Table:
    rest = {t: p for t, p in table.tiles.items() if t != tile}
    return placer.in_row(replace(table, tiles=rest), zone, tile)


def _token(table: Table, player: int, marker: str) -> Table:
    return replace(table, tokens={**table.tokens, MARKER_ZONES[(player, marker)]: False})


def _exchanged(table: Table, mover: int, move: Exchange) -> Table:
    table = _token(table, mover, "E")
    mine, theirs = HANDS[mover - 1], HANDS[2 - mover]
    given, taken = table.tiles[move.give], table.tiles[move.take]
    return replace(table, tiles={**table.tiles,
                                 move.give: replace(given, zone=theirs, x_mm=taken.x_mm,
                                                    y_mm=taken.y_mm),
                                 move.take: replace(taken, zone=mine, x_mm=given.x_mm,
                                                    y_mm=given.y_mm)})


def _reach(after: Table, before: Table, player: int) -> tuple[float, float]:
    """Where the hand reaches: the middle of the tiles that moved, else the player's hand."""
    moved = [p for t, p in after.tiles.items() if before.tiles.get(t) != p]
    if not moved:
        return _centre(HANDS[player - 1])
    return (sum(p.x_mm for p in moved) / len(moved), sum(p.y_mm for p in moved) / len(moved))


def _illegal(rec: _Recorder, placer: Placer, table: Table, state: State, player: int,
             text: str) -> Table:
    """Tiles laid where the rules forbid (``"<tiles> @<position>"``), seen and warned, then
    taken back to the hand where they were."""
    tiles_text, where = text.split("@")
    tiles = tuple(parse_tile(n) for n in tiles_text.strip().split("+"))
    colour, value = where.strip()[0], int(where.strip()[1:])
    wrong = placer.in_spot(table, state, colour, value, tiles)
    try:
        state.play(Place(colour, value, tuple(sorted(tiles))))
    except Exception as exc:  # noqa: BLE001 - the script wants the rules' own refusal
        code = getattr(exc, "code", "")
    else:
        raise ValueError(f"{text} is legal: the script needs an illegal placement")
    rec.hand(wrong, player, _reach(wrong, table, player))
    rec.still(wrong, SETTLE_FRAMES + 1, "illegal")
    rec.script.illegal = {"laid": text.strip(), "code": code, "position": state.position()}
    rec.hand(table, player, _centre(HANDS[player - 1]))
    rec.still(table, SETTLE_FRAMES)
    rec.wait(2.0)
    return table


def _entered(rec: _Recorder, placer: Placer, table: Table, state: State, player: int,
             text: str) -> tuple[Table, State]:
    """A move entered with the buttons while the players carry it out: B opens the offers,
    A steps to the move, B enters it; then the table shows it done."""
    labels = [o.move for o in find_game(GAME).panel(state).offers]
    index = labels.index(text)
    changed, after = _apply(placer, table, state, text)
    reach = _centre(HANDS[player - 1])
    # the app takes a press on the first frame at or after it and shows its effect on the
    # next one: a hand frame after each batch shows the offers opened, then the cursor on it
    for buttons in ("B", "A" * index, "B"):
        rec.hand(changed, player, reach)
        rec.press(buttons)
    rec.hand(changed, player, reach)
    rec.script.entered.append({"move": text, "t": rec.script.presses[-1][0],
                               "presses": 2 + index})
    rec.still(changed, SETTLE_FRAMES)
    rec.script.moves.append({"move": text, "position": after.position(), "entered": True})
    return changed, after


# --------------------------------------------------------------------------- the documents


def documents(script: BossaScript) -> tuple[dict[str, object], dict[str, object]]:
    """``session.json`` (what ``dicekeeper demo`` plays: the frames, the presses, the final
    line) and ``expected.json`` (the moves, the warning, the entered move, each frame's
    view) of the recorded session."""
    from engine.games.bossa import view_to_text

    final = expected_final_line(script)
    frames = [{"file": f"frames/{i:03d}.jpg", "t": f.t} for i, f in enumerate(script.frames)]
    session = {"game": GAME, "side": SIDE, "format": 1, "size": [640, 480],
               "expected_final_line": final, "frames": frames,
               "presses": [{"t": t, "button": b} for t, b in script.presses]}
    expected = {"game": GAME, "side": SIDE, "start_position": script.start_position,
                "moves": script.moves, "illegal": script.illegal, "entered": script.entered,
                "final_line": final,
                "views": [{"file": fr["file"], "t": f.t, "kind": f.kind,
                           "view": view_to_text(f.view)}
                          for fr, f in zip(frames, script.frames, strict=True)]}
    return session, expected


# --------------------------------------------------------------------------- checking


def replay(frames: list[ScriptFrame], presses: list[tuple[float, str]],
           entered: list[dict[str, object]]) -> Iterator[tuple[ScriptFrame, Session,
                                                                list[Event]]]:
    """Feed the frames' views through the settle detector and a session, and each entered
    move when the device would take it: at the first frame after its last press, at the
    time of the frame before (the app polls the buttons before reading a frame)."""
    board = load_board(GAME, SIDE)
    session = new_session(GAME, SIDE, board)
    settle = SettleDetector(SETTLE_FRAMES)
    pending = [(float(e["t"]), str(e["move"])) for e in entered]
    previous = 0.0
    for frame in frames:
        while pending and pending[0][0] <= previous:
            session, _ = session.enter(pending.pop(0)[1], previous)
        session, events = session.observe(settle.update(frame.view), frame.t)
        previous = frame.t
        yield frame, session, events


def expected_final_line(script: BossaScript) -> str:
    """The summary line the device prints at the end, for a perfect reader."""
    session, t = None, 0.0
    for frame, session, _ in replay(script.frames, script.presses, script.entered):
        t = frame.t
    if session is None:
        raise ValueError("a session without frames")
    return session.summary(t)


__all__ = ["GAME", "SESSION_NAME", "SIDE", "BossaScript", "ScriptFrame", "build_script",
           "documents", "expected_final_line", "replay"]
