"""Reading a grid cell's die by its pips' difference from its body (``vision.board.body_read``).

Synthetic dice drawn on a plain canonical view: pips of colours the board's spot channels do not
look for (gold on red, white on a translucent blue) are read right; a die-sized body without
pips, or an odd blob, is not given a face; a cell's body is looked for once; a one's pip and a
spot at its top's edge are not read as a two turned off the die's edges, and twos on their
die's diagonal are still read; a three whose pips lie 45 degrees off its die's edges is not
called, and threes to sixes laid along them are; where a die's edges show no turn, its pips'
layout gives it.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from calibration.board_files import load_layout
from engine.table import Cell
from vision.board import body_read, outline_read
from vision.board import dice as board_dice
from vision.board.body_read import body_in_cell, cell_box, read_body, reread_cells
from vision.board.config import DICE
from vision.board.dice import find_board_dice
from vision.board.geometry import BoardGeometry
from vision.top.types import DieDetection

G = BoardGeometry(load_layout("unification", "simple"))
PAPER = (222, 232, 238)  # BGR
RED, GOLD = (40, 30, 170), (60, 170, 200)
BLUE, WHITE = (190, 110, 40), (235, 235, 235)
DARK = (40, 40, 40)
LAYOUT = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
          4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
          5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
          6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
MIDDLE = Cell(1, 1)  # the cell the dice are drawn in


def view_with_die(face: int | None, body: tuple[int, int, int], pip: tuple[int, int, int],
                  cell: Cell = MIDDLE, angle: float = 20.0) -> np.ndarray:
    """A canonical view of plain paper with one die (or, for face None, a plain top) drawn
    in ``cell``, its sides darker below, turned by ``angle`` degrees, lightly blurred and noisy."""
    return noisy(drawn_die([(place, pip) for place in LAYOUT.get(face or 0, [])], body, cell,
                           angle))


Pips = list[tuple[tuple[float, float], tuple[int, int, int]]]  # lattice place, colour (BGR)


def drawn_die(pips: Pips, body: tuple[int, int, int], cell: Cell = MIDDLE,
              angle: float = 20.0, radius: float = 0.09, blur: float = 1.0) -> np.ndarray:
    """A canonical view (float) of plain paper with one die drawn in ``cell``, its sides
    darker below, turned by ``angle`` degrees, its pips at their lattice places in their
    colours (``radius`` of the die edge), blurred by ``blur`` px; no noise yet (``noisy``)."""
    n = G.canonical_px
    view = np.zeros((n, n, 3), np.float32)
    view[:] = PAPER
    cx, cy = G.mm_to_px(*G.cell_centre_mm(cell))
    size = G.die_px
    side = cv2.boxPoints(((cx + 3, cy + 3), (size, size), angle)).astype(np.int32)
    cv2.fillConvexPoly(view, side, tuple(0.5 * v for v in body), cv2.LINE_AA)
    top = cv2.boxPoints(((cx, cy), (size, size), angle)).astype(np.int32)
    cv2.fillConvexPoly(view, top, body, cv2.LINE_AA)
    a = math.radians(angle)
    step = 0.85 * 0.54 * size / 2  # real dice set their pips a little closer than nominal
    for (u, v), colour in pips:
        x = cx + step * (u * math.cos(a) - v * math.sin(a))
        y = cy + step * (u * math.sin(a) + v * math.cos(a))
        cv2.circle(view, (round(x * 8), round(y * 8)), round(radius * size * 8), colour, -1,
                   cv2.LINE_AA, shift=3)
    return cv2.GaussianBlur(view, (0, 0), blur)


def noisy(view: np.ndarray) -> np.ndarray:
    """A drawn view (float) with seeded camera noise, as 8-bit BGR."""
    view = view + np.random.default_rng(7).normal(0, 2.0, view.shape).astype(np.float32)
    return np.clip(view + 0.5, 0, 255).astype(np.uint8)


def face_in(view: np.ndarray, cell: Cell = MIDDLE) -> int | None:
    faces = [d.face for d in find_board_dice(view, expected_size=G.die_px, geometry=G)
             if G.cell_at_mm(*G.px_to_mm(d.x, d.y)) == cell]
    assert len(faces) <= 1
    return faces[0] if faces else None


@pytest.mark.parametrize("face", [2, 3, 4, 5, 6])
def test_gold_pips_on_red_are_read(face: int) -> None:
    assert face_in(view_with_die(face, RED, GOLD)) == face


@pytest.mark.parametrize("face", [1, 3, 4, 6])
def test_white_pips_on_translucent_blue_are_read(face: int) -> None:
    assert face_in(view_with_die(face, BLUE, WHITE, angle=35.0)) == face


@pytest.mark.parametrize("face", [3, 5])
def test_read_body_reads_gold_pips_itself(face: int) -> None:
    view = view_with_die(face, RED, GOLD)
    at = body_in_cell(view, cell_box(G, 1, 1), G.die_px)
    assert at is not None
    assert read_body(view, *at, G.die_px).face == face


def test_a_plain_top_is_given_no_face() -> None:
    view = view_with_die(None, RED, GOLD)
    assert face_in(view) is None
    assert reread_cells(view, [], G.die_px, G) == []


def test_a_cell_s_body_is_looked_for_once(monkeypatch: pytest.MonkeyPatch) -> None:
    looked: list[tuple[tuple[int, int, int, int], float]] = []

    def counted(image: np.ndarray, box: tuple[int, int, int, int], size: float,
                apart: float = DICE.body_paper) -> tuple[float, float] | None:
        looked.append((box, apart))
        return body_in_cell(image, box, size, apart)

    monkeypatch.setattr(body_read, "body_in_cell", counted)
    monkeypatch.setattr(outline_read, "body_in_cell", counted)
    view = view_with_die(None, RED, GOLD)  # a body the body and the outline read no face on
    assert face_in(view) is None
    cells = sorted(cell_box(G, r, c) for r in range(G.rows) for c in range(G.cols))
    assert sorted(box for box, apart in looked if apart == DICE.body_paper) == cells
    # only where nothing differs from the paper as much, once more and finer (a white die
    # on light paper): every cell but the body's
    finer = sorted(box for box, apart in looked if apart == DICE.outline_paper)
    assert finer == [box for box in cells if box != cell_box(G, 1, 1)]


def test_an_odd_blob_is_given_no_face() -> None:
    view = view_with_die(None, RED, GOLD)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(Cell(1, 1)))
    cv2.ellipse(view, (round(cx), round(cy)), (20, 6), 30, 0, 360, GOLD, -1)
    cv2.circle(view, (round(cx) + 12, round(cy) - 14), 4, GOLD, -1)
    assert face_in(view) is None


def test_an_empty_board_has_no_dice() -> None:
    n = G.canonical_px
    view = np.full((n, n, 3), PAPER, np.uint8)
    assert reread_cells(view, [], G.die_px, G) == []


def _one_with_a_spot_at_its_edge(angle: float, direction: float) -> np.ndarray:
    """A white one turned ``angle`` degrees, and a dark spot just past its top's edge,
    ``direction`` degrees across the view from its pip: a two's diagonal for a square turned
    ``direction`` - 45 degrees."""
    view = view_with_die(1, WHITE, DARK, angle=angle)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    a, reach = math.radians(direction), 0.55 * G.die_px
    cv2.circle(view, (round((cx + reach * math.cos(a)) * 8), round((cy + reach * math.sin(a)) * 8)),
               round(0.09 * G.die_px * 8), DARK, -1, cv2.LINE_AA, shift=3)
    return view


def test_a_one_s_pip_and_a_spot_at_its_edge_are_no_two(monkeypatch: pytest.MonkeyPatch) -> None:
    view = _one_with_a_spot_at_its_edge(26.0, 20.0)
    assert face_in(view) != 2
    for module in (body_read, board_dice):
        monkeypatch.setattr(module, "two_off_the_edges", lambda *args: False)
    assert face_in(view) == 2  # read as a two whose square is 41 degrees off the die's edges


@pytest.mark.parametrize("angle", [5.0, 20.0, 40.0])
def test_a_two_on_its_die_s_diagonal_is_read(angle: float) -> None:
    assert face_in(view_with_die(2, WHITE, DARK, angle=angle)) == 2


def _turned_layout(face: int, angle: float) -> np.ndarray:
    """``view_with_die``'s red die turned by ``angle``, its white pips laid in ``face``'s layout
    turned 45 degrees off the die's edges (a three's diagonal along the edges)."""
    view = view_with_die(None, RED, WHITE, angle=angle).astype(np.float32)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    a = math.radians(angle + 45.0)
    step = 0.85 * 0.54 * G.die_px / 2
    for u, v in LAYOUT[face]:
        x = cx + step * (u * math.cos(a) - v * math.sin(a))
        y = cy + step * (u * math.sin(a) + v * math.cos(a))
        cv2.circle(view, (round(x * 8), round(y * 8)), round(0.09 * G.die_px * 8), WHITE, -1,
                   cv2.LINE_AA, shift=3)
    return np.clip(cv2.GaussianBlur(view, (0, 0), 1.0) + 0.5, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("angle", [10.0, 30.0])
def test_a_three_laid_off_its_die_s_edges_is_not_called(
        angle: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """The spots put an unread die there turned as its pips (a swirl's arcs and a one's pip
    make such spots): the body reads a three there, 45 degrees off the die's edges."""
    view = _turned_layout(3, angle)
    box = cell_box(G, MIDDLE.r, MIDDLE.c)
    cx, cy = G.mm_to_px(*G.cell_centre_mm(MIDDLE))
    unread = DieDetection(cx, cy, G.die_px, (angle + 45.0) % 90.0, None, "unknown", 0.0,
                          "unclear pips")
    assert body_read._read_cell(view, box, G.die_px, (), unread, None) is None
    monkeypatch.setattr(body_read, "layout_off_the_edges", lambda *args: False)
    read = body_read._read_cell(view, box, G.die_px, (), unread, None)
    assert read is not None and read.face == 3


@pytest.mark.parametrize("face", [3, 4, 5, 6])
def test_a_face_laid_along_its_die_s_edges_is_not_off_them(face: int) -> None:
    view = view_with_die(face, RED, WHITE, angle=25.0)
    box = cell_box(G, MIDDLE.r, MIDDLE.c)
    read = body_read._read_cell(view, box, G.die_px, (), None, None)
    assert read is not None and read.face == face
    assert not body_read.layout_off_the_edges(view, read, G.die_px)


@pytest.mark.parametrize("face", [3, 4, 5])
def test_a_die_whose_edges_show_no_turn_is_read_at_its_pips_turn(
        face: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where ``die_axes`` finds no edges (a die blurred into felt cut with it), a layout
    across the square's axes is the die's own: the square is turned by it and read."""
    view = view_with_die(face, BLUE, WHITE, angle=45.0)
    at = body_in_cell(view, cell_box(G, MIDDLE.r, MIDDLE.c), G.die_px)
    assert at is not None
    monkeypatch.setattr(body_read, "die_axes", lambda *args: None)
    assert read_body(view, *at, G.die_px).face == face


@pytest.mark.parametrize(("face", "angle"), [(6, 42.0), (6, 45.0)])
def test_a_die_whose_edges_show_no_turn_is_read_at_a_further_turn(
        face: int, angle: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where ``die_axes`` finds no edges, the wide square is also tried at
    ``DICE.unseen_turns``: a six turned about 45 degrees reads no face on the upright
    square nor on the one its layout across that square turns (an angle sweep of drawn
    threes to sixes found these two; real dice, with side strips and felt in the square,
    more)."""
    view = view_with_die(face, BLUE, WHITE, angle=angle)
    at = body_in_cell(view, cell_box(G, MIDDLE.r, MIDDLE.c), G.die_px)
    assert at is not None
    monkeypatch.setattr(body_read, "die_axes", lambda *args: None)
    assert read_body(view, *at, G.die_px).face == face

