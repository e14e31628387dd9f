"""The printed No Gaps board (NG-D1): an A4-sized 190 mm square, four 22 mm corner markers, a
6 x 6 grid of 18 mm cells (drawn in with the marker) centred on it, and in the 41 mm margins
between the markers:

- east: the **fresh** zone (north half) and the **spent** zone (south half), 37 x 70 mm each,
  room for six 16 mm dice;
- south, under the grid: the **removed** zone (53 x 37 mm, west half) and the four reroll
  boxes (east half);
- west, down to the south-west marker: the tile chart, one box per copy (``O4 +3``: name and
  bonus, crossed out when drawn), a row of boxes per face, and the faces set aside
  (``6: set aside``);
- north: the title.

The camera watches the grid and the three zones; the chart and the reroll boxes are for the
player (the engine keeps them). Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.games.no_gaps.board import COLS, FACES, ROWS, Board
from engine.layout import Label, Layout, Zone, parse_layout
from engine.table import Colour, ItemKind

DEFAULT = Layout(name="no-gaps", rows=ROWS, cols=COLS, cell_mm=18.0, size_mm=190.0,
                 marker_mm=22.0, item_mm=16.0, item_kind=ItemKind.INK,
                 palette=(Colour.WHITE,),
                 footer="Dicekeeper · draw the tile, cross it out, move its die to spent")

GAP_MM = 2.0        # between the grid (or a marker) and whatever is printed beside it
ROW_MM = 9.0        # pitch of the chart's rows of copy boxes (the box is 1 mm less)
FACE_GAP_MM = 3.0   # extra space between two faces of the chart
HEAD_MM = 6.0       # width of the face number at the start of a chart row
PER_ROW = 2         # copy boxes per chart row
REROLL_BOX_MM = 14.0

FILLS: dict[int, tuple[int, int, int]] = {
    1: (240, 240, 240), 2: (228, 238, 250), 3: (236, 248, 236), 4: (250, 236, 228),
    5: (244, 232, 246), 6: (250, 250, 250),
}
"""Pale RGB fill per face, so the chart's rows tell apart at a glance."""


def board_layout(board: Board, data: object = None) -> Layout:
    """The layout of ``board``: the default geometry (or a board file's ``"layout"``), the
    three zones (unless the file gives its own), the chart and the reroll boxes."""
    base = parse_layout(data, DEFAULT)
    if not (isinstance(data, dict) and "zones" in data):
        base = replace(base, zones=default_zones(base))
    labels = chart_labels(base, board) + reroll_labels(base, board.rerolls)
    return replace(base, labels=labels, title=f"No Gaps · side {board.side.upper()}")


def _margin(layout: Layout) -> tuple[float, float, float]:
    """(grid start, grid end, inner end of the markers) along either axis, in mm."""
    start, _ = layout.grid_origin_mm
    return start, start + layout.cols * layout.cell_mm, layout.marker_mm


def _south_half(layout: Layout) -> float:
    """Width of the removed zone and of the reroll boxes' strip: the south margin under the
    grid (the corners beside it belong to the chart and the spent zone), split in two."""
    start, end, _ = _margin(layout)
    return (end - start - GAP_MM) / 2


def default_zones(layout: Layout) -> tuple[Zone, ...]:
    """Fresh and spent east of the grid, removed south of it, clear of the markers."""
    _, end, marker = _margin(layout)
    far = layout.size_mm - marker - GAP_MM      # last mm before the far markers
    near = marker + GAP_MM                      # first mm after the near markers
    depth = layout.size_mm - end - 2 * GAP_MM   # from the grid to the board's edge
    half = (far - near - GAP_MM) / 2
    return (Zone("fresh", end + GAP_MM, near, depth, half, "fresh"),
            Zone("spent", end + GAP_MM, near + half + GAP_MM, depth, half, "spent"),
            Zone("removed", layout.grid_origin_mm[0], end + GAP_MM, _south_half(layout), depth,
                 "removed"))


def reroll_labels(layout: Layout, count: int) -> tuple[Label, ...]:
    """A heading and ``count`` tick boxes in the south margin, east of the removed zone and
    no farther east than the grid."""
    start, end, _ = _margin(layout)
    x0 = start + GAP_MM + _south_half(layout)
    y0 = end + GAP_MM
    labels = [Label("rerolls", (x0, y0, end, y0 + 6.0))]
    pitch = (end - x0) / max(count, 1)
    side = min(REROLL_BOX_MM, pitch - 1.0)
    for i in range(count):
        x = x0 + i * pitch
        labels.append(Label(str(i + 1), (x, y0 + 9.0, x + side, y0 + 9.0 + side)))
    return tuple(labels)


def chart_labels(layout: Layout, board: Board) -> tuple[Label, ...]:
    """The tile chart in the west margin: per face a number, then one box per copy
    (``D2 +1``), ``PER_ROW`` to a row; faces without tiles print ``6: set aside``."""
    start, _, marker = _margin(layout)
    x0, x1 = GAP_MM, start - GAP_MM
    y0, y1 = marker + GAP_MM, layout.size_mm - marker - GAP_MM
    rows = {f: _copy_rows(board, f) for f in FACES}
    pitch = min(ROW_MM, (y1 - y0 - FACE_GAP_MM * (len(FACES) - 1)) / sum(rows.values()))
    labels: list[Label] = []
    y = y0
    for face in FACES:
        labels += _face_labels(board, face, (x0, x1), y, pitch)
        y += rows[face] * pitch + FACE_GAP_MM
    return tuple(labels)


def _copy_rows(board: Board, face: int) -> int:
    copies = sum(t.copies for t in board.tiles if t.face == face)
    return max(1, -(-copies // PER_ROW))


def _face_labels(board: Board, face: int, span: tuple[float, float], y: float,
                 pitch: float) -> list[Label]:
    x0, x1 = span
    fill = FILLS[face]
    if board.sets_aside(face):
        return [Label(f"{face}: set aside", (x0, y, x1, y + pitch - 1.0), fill)]
    labels = [Label(str(face), (x0, y, x0 + HEAD_MM, y + pitch - 1.0), fill)]
    copies = [t for t in board.tiles if t.face == face for _ in range(t.copies)]
    width = (x1 - x0 - HEAD_MM - PER_ROW) / PER_ROW
    for i, tile in enumerate(copies):
        row, col = divmod(i, PER_ROW)
        bx = x0 + HEAD_MM + 1.0 + col * (width + 1.0)
        by = y + row * pitch
        labels.append(Label(f"{tile.name} +{tile.bonus}", (bx, by, bx + width, by + pitch - 1.0),
                            fill))
    return labels
