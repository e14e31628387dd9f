"""The printed boards of the marker games, all four sides: A3 for Horizontal & Vertical, A4
for No Gaps, and each page, photographed straight on, read by the device's board reader as a
blank board with its zones watched (the roll zone and the pass boxes; fresh, spent, removed)."""

from __future__ import annotations

import argparse

import cv2
import pytest

from calibration import printable
from calibration.board_files import load_layout
from engine.table import ViewStatus
from vision.board import BoardGeometry, BoardReader

SIDES = [("horizontal-vertical", "total", "A3", ("roll", "passes")),
         ("horizontal-vertical", "number", "A3", ("roll", "passes")),
         ("no-gaps", "a", "A4", ("fresh", "spent", "removed")),
         ("no-gaps", "b", "A4", ("fresh", "spent", "removed"))]


@pytest.mark.parametrize(("game", "side", "paper", "zones"), SIDES)
def test_each_side_prints_and_reads_back_blank_with_its_zones(tmp_path, capsys, game, side,
                                                              paper, zones) -> None:
    args = argparse.Namespace(game=game, side=side, out=str(tmp_path))
    assert printable.command(args) == 0
    assert f"Print on {paper}" in capsys.readouterr().out or paper == "A4"
    layout = load_layout(game, side)
    assert printable.paper_for(layout) == paper
    page = cv2.imread(str(tmp_path / f"{game}-{side}.png"))
    photo = cv2.resize(page, None, fx=0.3, fy=0.3, interpolation=cv2.INTER_AREA)
    view = BoardReader(BoardGeometry(layout)).read(photo)
    assert view.status is ViewStatus.SETTLED, view.note
    assert [name for name, _ in view.zones] == list(zones)
    assert not view.dice(), "a blank printed board shows no dice and no ink"
