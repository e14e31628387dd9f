"""The printed CubeCourier board: a 3 x 3 grid of 30 mm cells (cubes of about 18 mm, with
room for the ring around one) centred on a 190 mm square (A4), and the off-board zone beside
the grid on the east side, between the markers, where the cubes wait with their assigned
colours up. The players' edges are labelled (player 1 sits south, rules section 3.1 and the
CubeCourier file). A board file's ``"layout"`` object may change the numbers and the zone.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import BoardDataError
from engine.games.cubecourier.board import Board
from engine.games.cubecourier.notation import OFF_BOARD
from engine.layout import Label, Layout, Zone, parse_layout
from engine.table import ItemKind

SIZE_MM = 190.0     # A4 paper fits a 190 mm square
MARKER_MM = 22.0
CELL_MM = 30.0      # an 18 mm cube with the ring around it
CUBE_MM = 18.0
ZONE = Zone(OFF_BOARD, x_mm=146.0, y_mm=28.0, w_mm=40.0, h_mm=134.0, label="off-board cubes")
"""East of the grid (which spans 50-140 mm), 6 mm clear of the markers' 22 mm corners."""
LABEL_GAP_MM = 4.0    # between the grid and a player's label
LABEL_DEPTH_MM = 10.0

DEFAULT = Layout(name="cubecourier", rows=3, cols=3, cell_mm=CELL_MM, size_mm=SIZE_MM,
                 marker_mm=MARKER_MM, item_mm=CUBE_MM, item_kind=ItemKind.CUBE,
                 zones=(ZONE,), title="CubeCourier",
                 footer="Dicekeeper · off-board cubes wait east of the grid")


def board_layout(board: Board, data: object = None) -> Layout:
    """The layout of ``board``: the default geometry, or a board file's ``"layout"`` over
    it; the palette is the board's camera colours (K, R, W order)."""
    layout = parse_layout(data, replace(DEFAULT, palette=board.palette))
    if not any(z.name == OFF_BOARD for z in layout.zones):
        raise BoardDataError(f'layout "zones" must keep the {OFF_BOARD!r} zone where the '
                             f"off-board cubes wait")
    zones = tuple(replace(z, label=z.label or ZONE.label) if z.name == OFF_BOARD else z
                  for z in layout.zones)
    return replace(layout, zones=zones, labels=player_labels(layout))


def player_labels(layout: Layout) -> tuple[Label, ...]:
    """"player 2" along the north edge of the grid, "player 1" along the south edge."""
    gx, gy = layout.grid_origin_mm
    width, height = layout.cols * layout.cell_mm, layout.rows * layout.cell_mm
    north = gy - LABEL_GAP_MM
    south = gy + height + LABEL_GAP_MM
    return (Label("player 2", (gx, north - LABEL_DEPTH_MM, gx + width, north)),
            Label("player 1", (gx, south, gx + width, south + LABEL_DEPTH_MM)))
