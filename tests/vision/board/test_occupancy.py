"""Occupied grid cells on drawn and rendered boards."""

from __future__ import annotations

from calibration.board_files import load_layout
from calibration.synthetic import Pose, Scene, render_scene
from engine.table import Cell
from vision.board.geometry import BoardGeometry
from vision.board.markers import locate_board, warp_board
from vision.board.occupancy import occupied_cells

G = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read

GREY = (150, 150, 150)   # a die body in shade: its outline shows against the paper


def warped_of(image):
    return warp_board(image, locate_board(image, G), G)


def test_drawn_squares_mark_exactly_their_cells(boardkit):
    x0, y0 = G.grid_origin_mm
    filled = [(0, 0), (1, 2), (2, 1)]
    squares = tuple((x0 + 13 + 26 * c + 1.5, y0 + 13 + 26 * r - 1.0, GREY) for r, c in filled)
    frame = boardkit.photograph(boardkit.draw_board(squares=squares), seed=31)
    assert occupied_cells(warped_of(frame.image), G) == [Cell(r, c) for r, c in filled]


def test_empty_board_has_no_occupied_cell(boardkit):
    frame = boardkit.photograph(boardkit.draw_board(), seed=32)
    assert occupied_cells(warped_of(frame.image), G) == []


def test_rendered_dice_in_strong_perspective_mark_their_cells_only():
    grid = ((3, None, 5), (None, 6, None), (1, None, None))
    scene = Scene(board=G.layout, grid=grid, red_cell=(1, 1),
                  pose=Pose(pitch_deg=18.0, roll_deg=5.0, height_mm=450.0), layout_seed=2)
    cells = occupied_cells(warped_of(render_scene(scene, seed=33)), G)
    assert cells == [Cell(0, 0), Cell(0, 2), Cell(1, 1), Cell(2, 0)]
