"""Tests of calibration.board_art and the print-board command (A4, true scale, markers)."""

import argparse
import re

import cv2
import numpy as np
import pytest
from PIL import Image

from calibration import printable
from calibration.board_art import (
    EFFECT_FILLS,
    draw_board,
    effect_box_mm,
    load_slot_effects,
    slot_effects_from_data,
)
from vision.board.geometry import UNIFICATION_BOARD as G


def _markers(grey: np.ndarray) -> dict[int, np.ndarray]:
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                       cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(grey)
    return {} if ids is None else {int(i): c.reshape(4, 2) for c, i in zip(corners, ids.ravel())}


def test_effects_come_from_the_board_files():
    simple = load_slot_effects("simple")
    complex_ = load_slot_effects("complex")
    assert simple[("N", 0)] == ["DEC1"] and simple[("W", 2)] == ["REROLL"]
    assert complex_[("W", 1)] == ["PARADIGM"] and complex_[("W", 0)] == ["ROTATE"]
    assert len(simple) == len(complex_) == 12


def test_effect_table_shapes_and_errors():
    per_side = slot_effects_from_data({"effects": {"N": "DEC1", "E": ["INC1", "FLIP", "PM1"]}})
    assert per_side[("N", 2)] == ["DEC1"] and per_side[("E", 1)] == ["FLIP"]
    with pytest.raises(ValueError, match="unknown effect 'BOOM'"):
        slot_effects_from_data({"exits": {"N0": ["BOOM"]}})
    with pytest.raises(ValueError, match="no exit effect table"):
        slot_effects_from_data({"side": "simple"})


def test_board_markers_are_where_the_geometry_says():
    board = draw_board("simple", 6.0, margin_mm=10.0)
    found = _markers(cv2.cvtColor(board.bgr(), cv2.COLOR_BGR2GRAY))
    assert sorted(found) == [0, 1, 2, 3]
    for marker_id, quad in found.items():
        expected = np.array([board.mm_to_px(*p) for p in G.marker_corners_mm(marker_id)])
        assert np.abs(quad - expected).max() < 1.5  # pixels, i.e. 0.25 mm


def test_each_exit_slot_is_printed_with_its_effect_colour():
    board = draw_board("complex", 6.0)
    for slot, codes in load_slot_effects("complex").items():
        x0, y0, _x1, y1 = effect_box_mm(G, slot)
        px, py = board.mm_to_px(x0 + 1.5, (y0 + y1) / 2)  # inside the box, left of the text
        assert tuple(board.image[round(py), round(px)]) == EFFECT_FILLS[codes[0]], slot


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
    ox, oy = printable.board_origin_mm()
    px_per_mm = 0.5 * 300 / 25.4
    for marker_id, quad in found.items():
        expected = (np.array(G.marker_corners_mm(marker_id)) + (ox, oy)) * px_per_mm
        assert np.abs(quad - expected).max() < 1.5  # half-size pixels: under 0.3 mm on paper


def test_print_board_refuses_an_unknown_side_with_the_known_ones(tmp_path, capsys):
    args = argparse.Namespace(game="unification", side="hard", out=str(tmp_path))
    assert printable.command(args) == 2
    assert "simple or complex" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())
