"""2 1 6's printable boards: each side at true scale for 16 mm dice, with the tray, on A4 or
(12x12) on A3, which the page says."""

import argparse

import pytest

from calibration import printable
from calibration.board_files import load_layout

SHEETS = {"4x4": "A4", "6x6": "A4", "8x8": "A4", "12x12": "A3"}


@pytest.mark.parametrize("side", list(SHEETS))
def test_each_side_holds_16_mm_dice_and_a_tray_on_its_sheet(side: str) -> None:
    layout = load_layout("two-one-six", side)
    n = int(side.split("x")[0])
    assert (layout.rows, layout.cols, layout.item_mm) == (n, n, 16.0)
    assert layout.cell_mm >= layout.item_mm + 2                      # room around each die
    (tray,) = layout.zones
    assert tray.name == "tray" and min(tray.w_mm, tray.h_mm) >= layout.item_mm + 2
    gx, _ = layout.grid_origin_mm
    assert tray.x_mm >= gx + n * layout.cell_mm                     # east of the grid
    assert tray.x_mm + tray.w_mm <= layout.size_mm
    assert printable.paper_for(layout) == SHEETS[side]


def test_the_printed_page_names_its_paper(tmp_path, capsys) -> None:
    for side, sheet in SHEETS.items():
        args = argparse.Namespace(game="two-one-six", side=side, out=str(tmp_path))
        assert printable.command(args) == 0
        assert f"Print on {sheet}" in capsys.readouterr().out
        assert (tmp_path / f"two-one-six-{side}.pdf").is_file()
