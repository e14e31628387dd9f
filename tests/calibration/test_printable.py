"""Tests of calibration.board_art and the print-board command (A4, true scale, markers)."""

import argparse
import re

import cv2
import numpy as np
import pytest
from PIL import Image

from calibration import printable
from calibration.board_art import draw_board
from calibration.board_files import load_board, load_layout
from engine.games import GAMES
from engine.games.unification.layout import FILLS, effect_box_mm
from engine.layout import Layout, Zone
from vision.board.geometry import BoardGeometry

G = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read


def _markers(grey: np.ndarray) -> dict[int, np.ndarray]:
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                       cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(grey)
    return {} if ids is None else {int(i): c.reshape(4, 2) for c, i in zip(corners, ids.ravel())}


def test_effects_come_from_the_board_files():
    simple, complex_ = load_layout("unification", "simple"), load_layout("unification", "complex")
    assert [label.text for label in simple.labels][:3] == ["-1", "-1", "-1"]  # N0..N2: DEC1
    assert [label.text for label in complex_.labels][9:] == ["turn", "paradigm", "turn"]
    assert complex_.labels[9].arrow and not complex_.labels[10].arrow
    assert len(simple.labels) == len(complex_.labels) == 12


def test_board_markers_are_where_the_geometry_says():
    board = draw_board(G.layout, 6.0, margin_mm=10.0)
    found = _markers(cv2.cvtColor(board.bgr(), cv2.COLOR_BGR2GRAY))
    assert sorted(found) == [0, 1, 2, 3]
    for marker_id, quad in found.items():
        expected = np.array([board.mm_to_px(*p) for p in G.marker_corners_mm(marker_id)])
        assert np.abs(quad - expected).max() < 1.5  # pixels, i.e. 0.25 mm


def test_each_exit_slot_is_printed_with_its_effect_colour():
    layout = load_layout("unification", "complex")
    board = draw_board(layout, 6.0)
    for slot, codes in load_board("unification", "complex").exits:
        x0, y0, _x1, y1 = effect_box_mm(layout, slot)
        px, py = board.mm_to_px(x0 + 1.5, (y0 + y1) / 2)  # inside the box, left of the text
        assert tuple(board.image[round(py), round(px)]) == FILLS[codes[0]], slot


def test_every_game_s_board_prints_with_its_markers_found(tmp_path):
    for name, game in GAMES.items():
        for side in game.info.sides:
            layout = load_layout(name, side)
            board = draw_board(layout, 4.0, margin_mm=10.0)
            found = _markers(cv2.cvtColor(board.bgr(), cv2.COLOR_BGR2GRAY))
            assert sorted(found) == [0, 1, 2, 3], (name, side)


def test_zones_are_drawn_as_dashed_outlines_with_their_names():
    plain = Layout(name="test", rows=2, cols=2, cell_mm=26.0)
    zoned = Layout(name="test", rows=2, cols=2, cell_mm=26.0,
                   zones=(Zone("tray", 125.0, 60.0, 20.0, 50.0),))
    a, b = draw_board(plain, 6.0).image, draw_board(zoned, 6.0).image
    changed = np.argwhere((a != b).any(axis=2))
    (y0, x0), (y1, x1) = changed.min(axis=0), changed.max(axis=0)
    assert (x0 / 6.0 - 10.0, y0 / 6.0 - 10.0) == pytest.approx((125.0, 60.0), abs=0.6)
    assert (x1 / 6.0 - 10.0, y1 / 6.0 - 10.0) == pytest.approx((145.0, 110.0), abs=0.6)


def test_print_board_writes_a4_png_and_pdf_at_true_scale(tmp_path, capsys):
    args = argparse.Namespace(game="unification", side="complex", out=str(tmp_path))
    assert printable.command(args) == 0
    printed = capsys.readouterr().out.splitlines()
    png, pdf = tmp_path / "unification-complex.png", tmp_path / "unification-complex.pdf"
    assert printed[:2] == [str(png), str(pdf)] and "100%" in printed[2]
    page = Image.open(png)
    assert page.size == (2480, 3508)
    assert page.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf.read_bytes())
    assert box and (round(float(box[1])), round(float(box[2]))) == (595, 842)
    grey = np.array(page.convert("L"))
    found = _markers(cv2.resize(grey, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA))
    assert sorted(found) == [0, 1, 2, 3]
    ox, oy = printable.board_origin_mm(G.layout)
    px_per_mm = 0.5 * 300 / 25.4
    for marker_id, quad in found.items():
        expected = (np.array(G.marker_corners_mm(marker_id)) + (ox, oy)) * px_per_mm
        assert np.abs(quad - expected).max() < 1.5  # half-size pixels: under 0.3 mm on paper


def test_print_board_refuses_an_unknown_side_with_the_known_ones(tmp_path, capsys):
    args = argparse.Namespace(game="unification", side="hard", out=str(tmp_path))
    assert printable.command(args) == 2
    assert "known sides of unification are simple, complex" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_board_too_big_for_a4_goes_on_a3_and_says_so(tmp_path, capsys):
    args = argparse.Namespace(game="two-one-six", side="12x12", out=str(tmp_path))
    assert printable.command(args) == 0
    assert "Print on A3" in capsys.readouterr().out.splitlines()[2]
    page = Image.open(tmp_path / "two-one-six-12x12.png")
    assert page.size == (3508, 4961)  # A3 at 300 dpi
    assert printable.paper_for(load_layout("two-one-six", "6x6")) == "A4"
