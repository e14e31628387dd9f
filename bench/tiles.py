"""Dot tiles read on rendered board photos (``dicekeeper bench tiles``).

During a Bossa game the device reads the board with the tile reader
(``vision.board.tiles.find_board_tiles``): pieces found by their body colours, each tile's
white and black pips counted in the two-pip-colour mode. This benchmark renders whole board
photos of Bossa's board (``calibration.synthetic.render_scene``), seeded, each with its own
camera pose (height, pitch, yaw, roll), light (level, gradient, vignetting, colour cast),
table, level (regular or novice board), sensor noise, blur, JPEG quality, and 640x480 or
1280x960 frames. Each holds 8 to 27 random tiles laid in random zones (the line spots, the
hands, the discard pile) at random angles, some face down, a face-down tile on the deck and
the tile set aside, the six action tokens face up or down and the two start dice in their
cells. In a quarter of the scenes a hand reaches in over a board edge: pieces it covers (the
pixels of their footprint change when the hand is drawn) are left out; a frame whose hand the
board reader's check sees (``vision.board.hand.detect_hand``) is not read, as on the device,
and its pieces count as hidden.

Each frame goes through the board's markers and warp as ``BoardReader`` does, then
``find_board_tiles``. A piece is found when a detection lies within ``NEAR`` of its edge from
its centre; it is read when that detection's face is its own at the referee's confidence
(``READER.min_confidence``), wrong when another face is called at that confidence, abstained
when the face is None or less sure. One line per kind of piece (tiles face up, backs, tokens,
dice), the last line the dot tiles' totals with the faces called where no piece lies and the
mean time of ``find_board_tiles``.

Figures, not a test: for before-and-after comparisons of a change to the tile reader (about
a second per scene).

May import bench.hard_dice, calibration, vision, engine, OpenCV and numpy. Prints (command
module).
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from bench.hard_dice import first_numbers, percent
from calibration.board_files import load_layout
from calibration.synthetic import (
    TILE_THICKNESS_MM,
    Die,
    Hand,
    Light,
    Pose,
    Scene,
    Tile,
    Token,
    make_camera,
    render_scene,
)
from engine.layout import Layout, Zone
from engine.table import TILE_FACE_DOWN, TILE_TOKEN_UP, tile_face
from vision.board.geometry import BoardGeometry
from vision.board.hand import detect_hand
from vision.board.markers import locate_board, warp_board
from vision.board.tiles import DIE, TileDetection, find_board_tiles
from vision.top.config import READER

SIDES = ("regular", "novice")
BOARDS = {side: load_layout("bossa", side) for side in SIDES}
KINDS = ("tile", "back", "token", "die")
NEAR = 0.45                # of an item edge: a detection this close to a piece is of it
GAP_MM = 3.0               # between the tiles of a spot's column
LOOSE_PITCH_MM = 22.0      # between tiles lying loosely (a hand, the discard pile)
SPOT_TURN, LOOSE_TURN = 10.0, 30.0  # degrees a tile is turned at most
HAND_SHARE = 0.25          # of the scenes
COVERED_LEVEL = 12.0       # grey levels a piece's pixels change by under a hand
PROGRESS_EVERY = 25        # scenes
ALL_TILES = [(w, b) for w in range(7) for b in range(7) if 1 <= w + b <= 6]


@dataclass(frozen=True)
class Piece:
    """One piece drawn: where, and the face the reader should report."""

    kind: str
    x_mm: float
    y_mm: float
    face: int
    colour: str = "white"


def slots(zone: Zone, pitch: float) -> list[tuple[float, float]]:
    """Centres of the places ``pitch`` apart that fill a zone, row by row."""
    cols, rows = max(1, int(zone.w_mm // pitch)), max(1, int(zone.h_mm // pitch))
    x0 = zone.x_mm + (zone.w_mm - (cols - 1) * pitch) / 2
    y0 = zone.y_mm + (zone.h_mm - (rows - 1) * pitch) / 2
    return [(x0 + c * pitch, y0 + r * pitch) for r in range(rows) for c in range(cols)]


def tile_scene(number: int) -> tuple[Scene, list[Piece]]:
    """Scene ``number`` and the pieces in it: the same for the same number."""
    rng = np.random.default_rng(3000 + number)
    side = str(rng.choice(SIDES))
    layout = BOARDS[side]
    tiles, pieces = _tiles(rng, layout)
    tokens, token_pieces = _tokens(rng, layout)
    dice, die_pieces = _dice(rng, layout)
    scene = Scene(board=layout, loose=tuple(dice), tiles=tuple(tiles), tokens=tuple(tokens),
                  pose=_pose(rng), light=_light(rng), table=str(rng.choice(["wood", "cloth"])),
                  table_seed=number, noise=float(rng.uniform(2, 5)),
                  blur=float(rng.uniform(0.4, 0.9)), jpeg_quality=int(rng.integers(70, 95)),
                  size=(1280, 960) if rng.random() < 0.3 else (640, 480))
    if rng.random() < HAND_SHARE:
        scene = replace(scene, hand=_hand(rng, layout))
    return scene, pieces + token_pieces + die_pieces


def _tiles(rng: np.random.Generator, layout: Layout) -> tuple[list[Tile], list[Piece]]:
    zones = [z for z in layout.zones if "_" in z.name and not z.name.startswith(
        ("redraw", "exchange", "stack"))] + [z for z in layout.zones if z.name == "discard"]
    free = [(z, xy) for z in zones for xy in slots(z, _pitch(z, layout))]
    order = rng.permutation(len(free))
    chosen = rng.permutation(len(ALL_TILES))[:int(rng.integers(8, 28))]
    tiles, pieces = [], []
    for k, index in enumerate(chosen):
        zone, (x, y) = free[int(order[k])]
        white, black = ALL_TILES[int(index)]
        spread = LOOSE_TURN if _loose(zone) else SPOT_TURN
        up = bool(rng.random() < 0.92)
        x, y = x + float(rng.uniform(-1, 1)), y + float(rng.uniform(-1, 1))
        tiles.append(Tile(white, black, x, y, float(rng.uniform(-spread, spread)), up,
                          style_seed=int(rng.integers(1000))))
        pieces.append(Piece("tile" if up else "back", x, y,
                            tile_face(white, black) if up else TILE_FACE_DOWN))
    for name in ("deck", "removed"):
        zone = next(z for z in layout.zones if z.name == name)
        x, y = zone.x_mm + zone.w_mm / 2, zone.y_mm + zone.h_mm / 2
        tiles.append(Tile(1, 0, x, y, float(rng.uniform(-20, 20)), False))
        pieces.append(Piece("back", x, y, TILE_FACE_DOWN))
    return tiles, pieces


def _loose(zone: Zone) -> bool:
    """Tiles lie loosely (turned any way) in a hand and on the discard pile."""
    return zone.name.startswith("hand") or zone.name == "discard"


def _pitch(zone: Zone, layout: Layout) -> float:
    """Tiles lying loosely need room to turn; a spot holds a column of tiles."""
    return LOOSE_PITCH_MM if _loose(zone) else layout.item_mm + GAP_MM


def _tokens(rng: np.random.Generator, layout: Layout) -> tuple[list[Token], list[Piece]]:
    tokens, pieces = [], []
    for zone in layout.zones:
        if not zone.name.startswith(("redraw", "exchange", "stack")):
            continue
        x = zone.x_mm + zone.w_mm / 2 + float(rng.uniform(-1.5, 1.5))
        y = zone.y_mm + zone.h_mm / 2 + float(rng.uniform(-1.5, 1.5))
        up = bool(rng.random() < 0.6)
        tokens.append(Token(zone.name[0].upper(), up, x, y, float(rng.uniform(-30, 30))))
        pieces.append(Piece("token" if up else "back", x, y,
                            TILE_TOKEN_UP if up else TILE_FACE_DOWN))
    return tokens, pieces


def _dice(rng: np.random.Generator, layout: Layout) -> tuple[list[Die], list[Piece]]:
    dice, pieces = [], []
    x0, y0 = layout.grid_origin_mm
    for r, pips in enumerate(rng.permutation(["white", "black"])):
        x = x0 + layout.cell_mm / 2 + float(rng.uniform(-1.5, 1.5))
        y = y0 + (r + 0.5) * layout.cell_mm + float(rng.uniform(-1.5, 1.5))
        face = int(rng.integers(1, 7))
        dice.append(Die(face, "slate", x, y, float(rng.uniform(-30, 30)),
                        style_seed=int(rng.integers(1000)), pip_colour=str(pips)))
        pieces.append(Piece(DIE, x, y, face, str(pips)))
    return dice, pieces


def _pose(rng: np.random.Generator) -> Pose:
    return Pose(height_mm=float(rng.uniform(390, 430)), fov_deg=float(rng.uniform(55, 58)),
                pitch_deg=float(rng.uniform(-4, 4)), yaw_deg=float(rng.uniform(-4, 4)),
                roll_deg=float(rng.uniform(-6, 6)), target_mm=(140.0, 140.0))


def _light(rng: np.random.Generator) -> Light:
    return Light(brightness=float(rng.uniform(0.55, 1.1)), gradient=float(rng.uniform(0, 0.4)),
                 gradient_angle=float(rng.uniform(0, 360)),
                 vignette=float(rng.uniform(0, 0.4)),
                 tint=(float(rng.uniform(0.85, 1.05)), 1.0, float(rng.uniform(0.95, 1.15))))


def _hand(rng: np.random.Generator, layout: Layout) -> Hand:
    """A hand reaching a little way in over one board edge."""
    edge = int(rng.integers(4))
    s = layout.size_mm
    along = float(rng.uniform(0.2, 0.8)) * s
    depth = float(rng.uniform(-70, -30))  # palm centre beyond the edge
    x, y, angle = ((along, depth, 270.0), (s - depth, along, 0.0), (along, s - depth, 90.0),
                   (depth, along, 180.0))[edge]
    return Hand(x_mm=x, y_mm=y, from_angle=angle, height_mm=float(rng.uniform(50, 110)),
                spread=float(rng.uniform(0.2, 0.7)))


def covered(scene: Scene, pieces: list[Piece], number: int) -> set[int]:
    """The pieces a scene's hand covers: their footprint's pixels change when it is drawn."""
    if scene.hand is None:
        return set()
    with_hand = render_scene(replace(scene, jpeg_quality=0), seed=number).astype(np.int16)
    without = render_scene(replace(scene, hand=None, jpeg_quality=0),
                           seed=number).astype(np.int16)
    change = np.abs(with_hand - without).max(axis=2)
    camera = make_camera(scene.pose, scene.size)
    half = scene.board.item_mm / 2
    hidden = set()
    for i, p in enumerate(pieces):
        corners = np.array([[p.x_mm + dx, p.y_mm + dy] for dx in (-half, half)
                            for dy in (-half, half)])
        pts = camera.project(corners, TILE_THICKNESS_MM)
        x0, y0 = np.floor(pts.min(axis=0)).astype(int)
        x1, y1 = np.ceil(pts.max(axis=0)).astype(int)
        patch = change[max(y0, 0):max(y1, 0), max(x0, 0):max(x1, 0)]
        if patch.size == 0 or float(patch.max()) > COVERED_LEVEL:
            hidden.add(i)
    return hidden


@dataclass
class KindTally:
    """Outcomes of one kind of piece."""

    pieces: int = 0
    found: int = 0
    read: int = 0
    abstained: int = 0
    wrong: list[int] = field(default_factory=list)  # scene numbers of the pieces read wrong

    def add(self, number: int, piece: Piece, found: list[TileDetection],
            geometry: BoardGeometry) -> None:
        """Count one drawn piece against the detections of its scene."""
        self.pieces += 1
        x, y = geometry.mm_to_px(piece.x_mm, piece.y_mm)
        near = [(math.hypot(d.x - x, d.y - y), d) for d in found]
        near = [(r, d) for r, d in near if r < NEAR * geometry.die_px]
        if not near:
            return
        self.found += 1
        nearest = min(near, key=lambda rd: rd[0])[1]
        sure = nearest.face is not None and nearest.confidence >= READER.min_confidence
        if not sure:
            self.abstained += 1
        elif nearest.face == piece.face and (piece.kind != DIE or nearest.colour == piece.colour):
            self.read += 1
        else:
            self.wrong.append(number)


@dataclass
class Tally:
    """The whole run."""

    kinds: dict[str, KindTally] = field(default_factory=lambda: {k: KindTally() for k in KINDS})
    false: int = 0      # faces called where no piece lies
    hand_scenes: int = 0  # frames whose hand the board reader's check sees (not read)
    hidden: int = 0     # pieces of those frames, and pieces under a hand
    lost: int = 0       # scenes without the board found
    seconds: float = 0.0
    timed: int = 0


def run(scenes: int, first: int = 0) -> Tally:
    """Render and read ``scenes`` scenes from number ``first``."""
    tally = Tally()
    for number in range(first, first + scenes):
        _one(number, tally)
        if (number - first + 1) % PROGRESS_EVERY == 0:
            print(f"  {number - first + 1}/{scenes} scenes", file=sys.stderr, flush=True)
    return tally


def _one(number: int, tally: Tally) -> None:
    scene, pieces = tile_scene(number)
    geometry = BoardGeometry(scene.board)
    frame = render_scene(scene, seed=number)
    try:
        view = warp_board(frame, locate_board(frame, geometry), geometry)
    except LookupError:
        tally.lost += 1
        return
    hidden = covered(scene, pieces, number)
    if detect_hand(view, geometry).present:
        tally.hand_scenes += 1
        tally.hidden += len(pieces)
        return
    start = time.perf_counter()
    found = find_board_tiles(view, expected_size=geometry.die_px, geometry=geometry)
    tally.seconds += time.perf_counter() - start
    tally.timed += 1
    tally.hidden += len(hidden)
    for i, piece in enumerate(pieces):
        if i not in hidden:
            tally.kinds[piece.kind].add(number, piece, found, geometry)
    tally.false += _strays(pieces, found, geometry)


def _strays(pieces: list[Piece], found: list[TileDetection], geometry: BoardGeometry) -> int:
    """Faces called surely where no piece was drawn."""
    drawn = [geometry.mm_to_px(p.x_mm, p.y_mm) for p in pieces]
    reach = NEAR * geometry.die_px
    return sum(d.face is not None and d.confidence >= READER.min_confidence
               and all(math.hypot(d.x - x, d.y - y) >= reach for x, y in drawn) for d in found)


def kind_line(kind: str, t: KindTally) -> str:
    listed = first_numbers(t.wrong)
    return (f"{kind}: pieces {t.pieces} | found {percent(t.found, t.pieces)} | "
            f"read {percent(t.read, t.pieces)} | abstained {percent(t.abstained, t.pieces)} | "
            f"wrong {len(t.wrong)}{' (scenes ' + listed + ')' if t.wrong else ''}")


def summary_line(scenes: int, tally: Tally) -> str:
    """The last line: the dot tiles face up, with the run's other figures."""
    t = tally.kinds["tile"]
    ms = 1000.0 * tally.seconds / max(tally.timed, 1)
    return (f"scenes {scenes} | tiles {t.pieces} | found {percent(t.found, t.pieces)} | "
            f"read {percent(t.read, t.pieces)} | wrong {len(t.wrong)} | "
            f"abstained {percent(t.abstained, t.pieces)} | false {tally.false} | "
            f"hand frames {tally.hand_scenes} | hidden {tally.hidden} | "
            f"board not found {tally.lost} | find_board_tiles {ms:.1f} ms/scene")


def command(args) -> int:
    """``dicekeeper bench tiles``: one line per kind of piece, then the dot tiles' totals."""
    cv2.setNumThreads(1)
    scenes = max(1, int(args.scenes))
    tally = run(scenes)
    for kind in KINDS:
        print(kind_line(kind, tally.kinds[kind]))
    print(summary_line(scenes, tally))
    return 0
