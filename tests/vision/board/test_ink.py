"""The ink reader (``vision.board.ink``) and the pipeline's ink on rendered boards.

Rendered photos of the two marker games' boards: digits and ``X`` marks in Horizontal &
Vertical's cells and a tick in a pass box, hatching in No Gaps' cells, a die on a blank cell, a
hand. The reader must report ink exactly where it was drawn, as the games' referees expect it
(``Item(kind=INK)`` in the cell; one per ticked pass box), and nowhere else.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration.board_files import load_layout
from calibration.ink_art import cell_mark
from calibration.synthetic import Die, Hand, Pose, Scene, render_scene
from engine.games import find_game
from engine.table import Cell, Colour, Item, ItemKind, ViewStatus
from vision.board.config import INK
from vision.board.geometry import BoardGeometry
from vision.board.ink import (
    InkReading,
    cell_boxes,
    find_ink,
    ink_mask,
    pip_blobs,
    reads_ink,
    zone_boxes,
)
from vision.board.pipeline import BoardReader, place_dice

HV = load_layout("horizontal-vertical", "total")
NG = load_layout("no-gaps", "a")
HV_POSE = Pose(height_mm=400.0, fov_deg=56.0, pitch_deg=4.0, roll_deg=3.0,
               target_mm=(140.0, 140.0))
NG_POSE = Pose(pitch_deg=5.0, yaw_deg=-3.0, roll_deg=3.0, target_mm=(95.0, 95.0))
HV_WRITTEN = {Cell(0, 0): ("digit", "4"), Cell(1, 3): ("digit", "2"), Cell(2, 2): ("x", ""),
              Cell(4, 1): ("digit", "6"), Cell(3, 4): ("x", "")}
NG_TILE = (Cell(0, 0), Cell(0, 1), Cell(1, 0), Cell(1, 1), Cell(4, 3))


def _hv_scene(**changes: object) -> Scene:
    marks = [cell_mark(kind, HV.cell_centre_mm(cell), HV.cell_mm, text=text, seed=i)
             for i, (cell, (kind, text)) in enumerate(HV_WRITTEN.items())]
    (_, boxes), = zone_boxes(HV)
    x0, y0, x1, y1 = boxes[1]
    marks.append(cell_mark("tick", ((x0 + x1) / 2, (y0 + y1) / 2), 18.0, seed=40))
    dice = (Die(2, x_mm=30.0, y_mm=70.0, angle=12.0), Die(5, x_mm=36.0, y_mm=140.0, angle=-30.0,
                                                         style_seed=4),
            Die(1, x_mm=28.0, y_mm=205.0, angle=40.0, style_seed=7))
    return Scene(**{"board": HV, "loose": dice, "ink": tuple(marks), "pose": HV_POSE,
                    **changes})


def _read(scene: Scene, seed: int = 1):
    return BoardReader(BoardGeometry(scene.board)).read(render_scene(scene, seed=seed))


def _inked(view) -> set[Cell]:
    return {Cell(r, c) for r, row in enumerate(view.grid) for c, item in enumerate(row)
            if item is not None and item.kind is ItemKind.INK}


@pytest.fixture(scope="module")
def hv_view():
    return _read(_hv_scene())


def test_hv_ink_is_read_in_the_written_cells_only(hv_view) -> None:
    assert hv_view.status is ViewStatus.SETTLED
    assert _inked(hv_view) == set(HV_WRITTEN)
    assert all(item.confidence == 1.0 and item.face is None and (item.x_mm, item.y_mm) == (0, 0)
               for row in hv_view.grid for item in row if item is not None)


def test_hv_a_ticked_pass_box_is_one_ink_item_at_the_box(hv_view) -> None:
    ticks = hv_view.zone("passes")
    assert len(ticks) == 1 and ticks[0].kind is ItemKind.INK
    (_, boxes), = zone_boxes(HV)
    x0, y0, x1, y1 = boxes[1]
    assert (ticks[0].x_mm, ticks[0].y_mm) == ((x0 + x1) / 2, (y0 + y1) / 2)


def test_hv_the_dice_in_the_roll_zone_are_read_beside_the_ink(hv_view) -> None:
    assert sorted(d.face for d in hv_view.zone("roll")) == [1, 2, 5]


def test_hv_the_view_is_what_the_referee_expects_of_the_written_board(hv_view) -> None:
    rules = find_game("horizontal-vertical")
    text = rules.view_to_text(hv_view)
    grid, roll, passes = text.split()[:3]
    assert grid == "#..../...#./..#../....#/.#..."
    assert roll.startswith("roll=") and passes.startswith("passes=#@")


def test_ng_hatched_cells_are_ink_and_the_rest_blank() -> None:
    marks = tuple(cell_mark("hatch", NG.cell_centre_mm(cell), NG.cell_mm, seed=10 + i)
                  for i, cell in enumerate(NG_TILE))
    dice = (Die(3, x_mm=165.0, y_mm=45.0), Die(4, x_mm=170.0, y_mm=75.0, angle=30.0),
            Die(6, x_mm=168.0, y_mm=120.0, angle=-20.0, style_seed=3))
    view = _read(Scene(board=NG, loose=dice, ink=marks, pose=NG_POSE), seed=2)
    assert view.status is ViewStatus.SETTLED
    assert _inked(view) == set(NG_TILE)
    assert [d.face for d in view.zone("fresh")] == [3, 4]
    assert [d.face for d in view.zone("spent")] == [6]


def test_a_die_lying_on_a_blank_cell_is_a_die_not_ink() -> None:
    cell = Cell(3, 1)
    x, y = HV.cell_centre_mm(cell)
    scene = _hv_scene()
    view = _read(Scene(**{**scene.__dict__, "loose": (*scene.loose, Die(6, x_mm=x + 1.0,
                                                                        y_mm=y - 1.0,
                                                                        angle=20.0))}))
    item = view.at(cell)
    assert item is not None and item.kind is ItemKind.DIE
    assert _inked(view) == set(HV_WRITTEN)


def test_a_hand_over_the_written_board_is_a_hand_not_ink() -> None:
    view = _read(_hv_scene(hand=Hand(x_mm=150.0, y_mm=160.0, from_angle=90.0)))
    assert view.status is ViewStatus.HAND
    assert not _inked(view)


def test_a_blank_board_has_no_ink() -> None:
    view = _read(Scene(board=HV, pose=HV_POSE), seed=3)
    assert view.status is ViewStatus.SETTLED
    assert not _inked(view) and view.zone("passes") == ()


def _paper(size_mm: float = 60.0) -> np.ndarray:
    side = round(size_mm * 3)
    return np.full((side, side, 3), 220, np.uint8)


def test_a_thin_stroke_is_ink_and_a_broad_shadow_is_not() -> None:
    geometry = BoardGeometry(HV)
    image = _paper()
    image[60:66, 20:160] = 40     # a 2 mm stroke
    image[100:170, 20:160] = 120  # a broad dark patch (a shadow, a sleeve)
    mask = ink_mask(image, geometry)
    assert mask[62, 90] == 255
    assert mask[130, 90] == 0 and mask[101:169, 30:150].max() == 0


def test_round_blobs_of_a_pip_size_are_a_die_not_handwriting() -> None:
    geometry = BoardGeometry(HV)
    mask = np.zeros((180, 180), np.uint8)
    for x, y in ((70, 70), (110, 110)):  # two pips, 2.7 mm across
        cv2.circle(mask, (x, y), 4, 255, -1)
    box = (15.0, 15.0, 45.0, 45.0)
    assert pip_blobs(mask, box, geometry) == 2
    strokes = np.zeros_like(mask)
    cv2.line(strokes, (60, 60), (120, 120), 255, 5)
    cv2.line(strokes, (60, 120), (120, 60), 255, 5)
    assert pip_blobs(strokes, box, geometry) == 0


def test_faint_ink_is_read_unsurely_and_a_speck_not_at_all() -> None:
    geometry = BoardGeometry(load_layout("no-gaps", "a"))
    image = np.full((geometry.canonical_px,) * 2 + (3,), 225, np.uint8)
    x0, y0, x1, _ = (round(v * 3) for v in next(_box(geometry, Cell(0, 0))))
    side = x1 - x0
    # a stroke covering about 3 % of the inner square: between min_coverage and sure_coverage
    rows = max(1, round(0.03 * side))
    image[y0 + side // 2:y0 + side // 2 + rows, x0:x1] = 30
    reading = find_ink(image, geometry)
    item = reading.cells[Cell(0, 0)]
    assert INK.min_coverage < reading.coverage["r0c0"] < INK.sure_coverage
    assert 0.5 <= item.confidence < 1.0
    assert Cell(0, 1) not in reading.cells


def _box(geometry: BoardGeometry, cell: Cell):
    return (box for c, box in cell_boxes(geometry.layout) if c == cell)


def test_only_boards_played_with_a_marker_read_ink() -> None:
    assert reads_ink(HV) and reads_ink(NG)
    assert not reads_ink(load_layout("unification", "simple"))
    assert HV.ink_zones == ("passes",) and NG.ink_zones == ()


class _Det:
    def __init__(self, x_mm: float, y_mm: float, face: int | None) -> None:
        self.x, self.y, self.face = x_mm * 3, y_mm * 3, face
        self.colour, self.confidence = "white", 0.9 if face else 0.0


def test_place_dice_gives_ink_its_cells_keeps_read_dice_and_pips() -> None:
    geometry = BoardGeometry(NG)
    ink = Item(None, Colour.WHITE, 1.0, kind=ItemKind.INK)
    reading = InkReading(cells={Cell(0, 0): ink, Cell(0, 1): ink, Cell(0, 2): ink},
                         dice=frozenset({Cell(5, 5)}))
    abstained = _Det(*NG.cell_centre_mm(Cell(0, 0)), None)  # the reader's "die" on strokes
    read = _Det(*NG.cell_centre_mm(Cell(0, 1)), 4)           # a die read on an inked cell
    view = place_dice([abstained, read], geometry, ink=reading,
                      occupied=[Cell(0, 2), Cell(3, 3)])
    assert view.at(Cell(0, 0)).kind is ItemKind.INK
    assert view.at(Cell(0, 1)).face == 4
    assert view.at(Cell(0, 2)).kind is ItemKind.INK          # inked, so not an unread die
    assert view.at(Cell(3, 3)).face is None and view.at(Cell(3, 3)).kind is ItemKind.DIE
    assert view.at(Cell(5, 5)).face is None and view.at(Cell(5, 5)).kind is ItemKind.DIE
    assert view.extra["ink"] == ["r0c0", "r0c2"]
