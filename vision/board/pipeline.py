"""One camera frame -> one ``TableView`` in board coordinates.

``BoardReader.read`` runs the steps in order:

1. check the frame (None, empty, wrong type -> UNREADABLE "camera frame unreadable");
2. find the corner markers and the homography (``vision.board.markers``: while the board stays put,
   in windows around their last places, and a window unchanged within sensor noise keeps its
   marker's corners); when too few markers are seen, reuse the last good homography if the
   markers still visible confirm the board has not moved (marked
   ``extra["located"] == "reused"``), else NO_BOARD with the missing markers named;
3. warp the board to the canonical top-down view (``vision.board.warp``: the maps are kept
   while the board does not move);
4. look for a hand over the board (``vision.board.hand``) -> HAND "hand over board";
5. compare the paper's light with the calibration profile (``extra["light_changed"]``);
6. find and read the items in the canonical view, by the layout's ``item_kind``: dice
   (``vision.board.dice.find_board_dice``; a die unchanged since the last frame keeps its
   reading, ``vision.board.dice_reader``), CubeCourier cubes
   (``vision.board.cube_reader.BoardCubeReader``: top colour, stack, ring), or tiles and the
   start dice (``vision.board.tiles.BoardTileReader``);
7. on a board played with a marker (the layout's items are ink, or it names ink zones), find
   the ink in the cells and the ink boxes (``vision.board.ink``);
8. place every item in its grid cell, a named zone, or among the items outside the grid, in
   millimetres, with a lower confidence for an item straddling two cells or sharing a cell; ink
   in the cells without a die and in the ink zones; a cell that visibly holds something the
   reader did not report and that holds no ink gets an abstained item
   (``vision.board.occupancy``).

Never raises for a bad frame. A readable frame gives status SETTLED for that one frame: the
referee must only see views that went through ``vision.board.settle.SettleDetector``.

May import ``engine.table``, the other ``vision.board`` modules, ``vision.top``,
``vision.errors``, OpenCV and numpy; never ``vision.photo``.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import cv2
import numpy as np

from engine.table import Cell, Colour, Item, ItemKind, TableView, ViewStatus
from vision.board.config import CUBES, MARKERS, PIPELINE
from vision.board.cube_reader import BoardCubeReader
from vision.board.dice_reader import BoardDiceReader
from vision.board.flat_tiles import read_flat_tiles
from vision.board.geometry import BoardGeometry
from vision.board.hand import detect_hand
from vision.board.ink import InkReading, find_ink, reads_ink
from vision.board.markers import BoardLocation, TrackedWindow, detect_markers, location_from_markers
from vision.board.occupancy import occupied_cells
from vision.board.profile import CalibrationProfile
from vision.board.tiles import BoardTileReader
from vision.board.warp import BoardWarper
from vision.errors import BoardNotFoundError, FrameError
from vision.top.arrays import percentile_u8

log = logging.getLogger(__name__)

NOTE_UNREADABLE = "camera frame unreadable"
NOTE_HAND = "hand over board"

DiceFinder = Callable[..., Sequence[Any]]


def _default_finder(geometry: BoardGeometry) -> DiceFinder:
    """The reader of the board's items: on a board whose layout says its items are tiles,
    the tile reader (``vision.board.tiles``: tiles anywhere, the start dice in the cells);
    else the board-view dice reader (pips first, one die per cell) that reads again only the
    dice that changed."""
    if geometry.layout.item_kind is ItemKind.TILE:
        return BoardTileReader(geometry)
    return BoardDiceReader(geometry)


class BoardReader:
    """Reads the table from camera frames, one frame at a time.

    Args:
        geometry: the board being played on.
        profile: the calibration profile; its homography is the fallback before the markers
            have been seen (only for frames of the size it was measured on).
        dice_finder: ``find_dice``-like callable ``(image, expected_size=...)`` returning
            ``DieDetection``-like objects; defaults to a
            ``vision.board.dice_reader.BoardDiceReader`` (``find_board_dice``, the reader made
            for the canonical board view, reading again only the dice that changed), or on a
            board of tiles (``Layout.item_kind``) a ``vision.board.tiles.BoardTileReader``. A
            board whose layout plays cubes (``ItemKind.CUBE``) is read by a
            ``vision.board.cube_reader.BoardCubeReader`` unless a finder is given.
        detect_side: longest side of the downscaled frame used for marker detection.
    """

    def __init__(self, geometry: BoardGeometry,
                 profile: CalibrationProfile | None = None, *,
                 dice_finder: DiceFinder | None = None,
                 detect_side: int = MARKERS.detect_side) -> None:
        self.geometry = geometry
        self.profile = profile
        self._find_dice = dice_finder or _default_finder(geometry)
        cubes = geometry.layout.item_kind is ItemKind.CUBE and dice_finder is None
        self._cubes = BoardCubeReader(geometry, profile) if cubes else None
        self._detect_side = detect_side
        self._margin = round(CUBES.view_margin_mm * geometry.px_per_mm) if self._cubes else 0
        self._warper = BoardWarper(geometry, margin_px=self._margin)
        self._last: BoardLocation | None = None
        self._unverified = 0
        self._windows: dict[int, TrackedWindow] = {}  # markers' windows, kept between frames

    @property
    def last_location(self) -> BoardLocation | None:
        """The last location found from markers (None before the board was seen)."""
        return self._last

    def read(self, frame_bgr: np.ndarray | None) -> TableView:
        """Read one frame.

        Args:
            frame_bgr: a BGR camera frame (grey and BGRA are accepted); None or garbage is
                reported, not raised.

        Returns:
            The frame's ``TableView``: SETTLED (for this frame only), HAND, NO_BOARD or
            UNREADABLE, with a short note for the OLED when it is not readable.
        """
        try:
            image = as_bgr(frame_bgr)
            markers = detect_markers(image, self.geometry.MARKER_IDS,
                                     detect_side=self._detect_side, near=self._near(image),
                                     windows=self._windows)
        except FrameError as err:
            log.debug("unreadable frame: %s", err)
            return self._unsettled(ViewStatus.UNREADABLE, NOTE_UNREADABLE)
        height, width = image.shape[:2]
        located = self._locate(markers, (width, height))
        if isinstance(located, BoardNotFoundError):
            return self._unsettled(ViewStatus.NO_BOARD, str(located), missing=located.missing)
        location, how = located
        hidden = len(self.geometry.MARKER_IDS) - len(markers)
        try:
            return self._read_board(image, location, how, hidden=hidden, seen=tuple(markers))
        except (cv2.error, ValueError) as err:
            # A frame OpenCV or the die reader cannot digest must not stop the game.
            log.warning("board reading failed on a frame: %s", err)
            return self._unsettled(ViewStatus.UNREADABLE, NOTE_UNREADABLE)

    def _near(self, image: np.ndarray) -> Mapping[int, np.ndarray] | None:
        """Where to look for the markers first: their corners in the last location, when it
        used all of them in a frame of this size."""
        last = self._last
        if last is None or last.missing or last.frame_size != (image.shape[1], image.shape[0]):
            return None
        return last.corners

    def _read_board(self, image: np.ndarray, location: BoardLocation, how: str,
                    hidden: int, seen: tuple[int, ...]) -> TableView:
        extra = {"located": how, "markers_missing": list(location.missing),
                 "location_confidence": location.confidence}
        view = self._warper.warp(image, location)
        m, n = self._margin, self.geometry.canonical_px
        warped = view[m:m + n, m:m + n] if m else view
        hand = detect_hand(warped, self.geometry, markers_hidden=hidden)
        if hand.present:
            return self._unsettled(ViewStatus.HAND, NOTE_HAND, hand=hand.kind, **extra)
        if how == "unverified":
            return self._unsettled(ViewStatus.NO_BOARD,
                                   BoardNotFoundError(location.missing).args[0], **extra)
        extra.update(self._light_check(warped))
        if self._cubes is not None:
            detections: Sequence[Any] = self._cubes.read(view, location, m)
        else:
            detections = self._find_dice(warped, expected_size=self.geometry.die_px)
        ink = find_ink(warped, self.geometry) if reads_ink(self.geometry.layout) else None
        table = place_items(detections, self.geometry, location.confidence, extra,
                            seen_markers=seen,
                            occupied=lambda: occupied_cells(warped, self.geometry), ink=ink)
        return with_tiles(table, read_flat_tiles(warped, self.geometry))

    def _light_check(self, warped: np.ndarray) -> dict[str, object]:
        """Compare the paper's brightness with the white die measured at calibration.

        Returns ``{"light": ratio, "light_changed": bool}`` (empty without a white reference)
        so the app can suggest "light changed - recalibrate colours?".
        """
        white = self.profile.white_ref if self.profile else None
        if white is None:
            return {}
        sample = warped[::3, ::3]
        # each pixel's brightest channel (``sample.max(axis=2)``, 20x slower on this layout)
        brightest = np.maximum(np.maximum(sample[:, :, 0], sample[:, :, 1]), sample[:, :, 2])
        paper = percentile_u8(brightest, 90)
        ratio = paper / max(max(white), 1.0)
        changed = not PIPELINE.light_ratio_range[0] <= ratio <= PIPELINE.light_ratio_range[1]
        return {"light": round(ratio, 2), "light_changed": changed}

    def _locate(self, markers: Mapping[int, np.ndarray], frame_size: tuple[int, int]
                ) -> tuple[BoardLocation, str] | BoardNotFoundError:
        try:
            location = location_from_markers(markers, frame_size, self.geometry)
        except BoardNotFoundError as err:
            return self._reuse(markers, frame_size, err)
        self._last, self._unverified = location, 0
        return location, "markers"

    def _reuse(self, markers: Mapping[int, np.ndarray], frame_size: tuple[int, int],
               err: BoardNotFoundError) -> tuple[BoardLocation, str] | BoardNotFoundError:
        """The last good location, if the visible markers say the board has not moved."""
        previous = self._last or self._profile_location(frame_size)
        if previous is None or previous.frame_size != frame_size:
            return err
        if not markers:
            self._unverified += 1
            if self._unverified > PIPELINE.reuse_unverified:
                return err
            how = "unverified"
        elif self._still_there(previous, markers):
            how = "reused"
        else:
            return err
        missing = tuple(i for i in self.geometry.MARKER_IDS if i not in markers)
        return BoardLocation(previous.homography, dict(markers), missing,
                             MARKERS.three_marker_confidence, frame_size, previous.rms_px), how

    def _still_there(self, previous: BoardLocation, markers: Mapping[int, np.ndarray]) -> bool:
        """One visible marker where it was and none far off: the board has not moved.

        Medians over each marker's corners, as a hand's shadow may drag a single corner.
        """
        errors_mm = []
        for marker_id, corners in markers.items():
            want = np.array(self.geometry.marker_corners_mm(marker_id)) * self.geometry.px_per_mm
            off = np.linalg.norm(previous.frame_to_canonical(corners) - want, axis=1)
            errors_mm.append(float(np.median(off)) / self.geometry.px_per_mm)
        return (min(errors_mm) <= PIPELINE.reuse_tolerance_mm
                and max(errors_mm) <= PIPELINE.reuse_limit_mm)

    def _profile_location(self, frame_size: tuple[int, int]) -> BoardLocation | None:
        homography = self.profile.homography_array(frame_size) if self.profile else None
        if homography is None:
            return None
        return BoardLocation(homography, {}, self.geometry.MARKER_IDS,
                             MARKERS.three_marker_confidence, frame_size)

    def _unsettled(self, status: ViewStatus, note: str, **extra: object) -> TableView:
        view = TableView.unsettled(status, note, self.geometry.rows, self.geometry.cols)
        view.extra.update(extra)
        return view


def with_tiles(view: TableView, tiles: Mapping[str, Item]) -> TableView:
    """``view`` with each tile of ``tiles`` (``vision.board.flat_tiles.read_flat_tiles``) first
    in its zone; the same view when there is none."""
    if not tiles:
        return view
    zones = tuple((name, ((tiles[name],) if name in tiles else ()) + items)
                  for name, items in view.zones)
    return dataclasses.replace(view, zones=zones)


def as_bgr(frame: object) -> np.ndarray:
    """The frame as a 3-channel uint8 BGR array.

    Raises:
        FrameError: None, not an array, empty, too small, wrong type or shape.
    """
    if not isinstance(frame, np.ndarray) or frame.dtype != np.uint8:
        raise FrameError(f"{NOTE_UNREADABLE}: expected a uint8 image, got {type(frame).__name__}")
    if frame.ndim not in (2, 3) or min(frame.shape[:2], default=0) < PIPELINE.min_frame_side:
        raise FrameError(f"{NOTE_UNREADABLE}: image shape {frame.shape}")
    if frame.ndim == 2:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    if frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    if frame.shape[2] != 3:
        raise FrameError(f"{NOTE_UNREADABLE}: {frame.shape[2]} colour channels")
    return frame


def place_items(detections: Sequence[Any], geometry: BoardGeometry,
                location_confidence: float = 1.0,
                extra: Mapping[str, object] | None = None, *,
                seen_markers: Sequence[int] = (),
                occupied: Sequence[Cell] | Callable[[], Sequence[Cell]] = (),
                ink: InkReading | None = None) -> TableView:
    """Put detections from the canonical view into grid cells, the layout's named zones and
    the outside list: dice, and cubes with their stack and ring.

    Args:
        detections: ``DieDetection``-like objects (x, y in canonical pixels, face, colour,
            confidence); a cube's (``vision.board.cubes.CubeDetection``) also has ``kind``
            "cube", ``stacked`` and ``ringed``, and is read when its colour was named; the tile
            reader's pieces have a ``kind`` ("tile" or "die") and ``stacked``.
        geometry: the board (cells, canonical scale).
        location_confidence: how sure the board location is; softly scales every die.
        extra: diagnostics copied into the view's ``extra``.
        seen_markers: markers found in this frame; nothing lies on them, so a detection
            centred on one is a misreading of the printed marker and is dropped (on a hidden
            marker only an abstention is dropped).
        occupied: cells seen to hold something (``vision.board.occupancy``); one the reader gave
            nothing for gets an abstained item of the layout's kind (a die on a board played
            with a marker; no face, colour unknown, confidence 0), so the view cannot be trusted. A
            function giving them is called only when a cell got no detection (most frames
            of a game have a die in every cell; the edge map costs 0.4 ms on the development
            machine).
        ink: the ink found (``vision.board.ink.find_ink``) on a board played with a marker: an
            ink item in each inked cell that holds no die read (a die lying there is what is
            seen of it; the reader's abstentions there are its strokes), added to its zone's
            items for an ink box; an inked cell is not occupied, a cell whose marks are a
            die's pips is (``InkReading.dice``).

    Returns:
        A SETTLED single-frame view. A cell holding two detections keeps the more confident
        one at a lower confidence; a die whose centre is near a cell edge is less confident.
        The items of each zone (every zone of the layout, in its order) come in reading order:
        north to south, then west to east.
    """
    scale = 0.5 + 0.5 * location_confidence
    cells: dict[tuple[int, int], list[Item]] = {}
    outside: list[Item] = []
    zoned: dict[str, list[Item]] = {}
    for det in detections:
        x_mm, y_mm = geometry.px_to_mm(det.x, det.y)
        if not _on_board(x_mm, y_mm, geometry, seen_markers, read=_is_read(det)):
            continue
        confidence = float(det.confidence) * scale * straddle_factor(x_mm, y_mm, geometry)
        die = _item(det, _colour(det.colour, geometry.palette), round(confidence, 4),
                    x_mm, y_mm)
        cell = geometry.cell_at_mm(x_mm, y_mm)
        if cell is not None:
            cells.setdefault((cell.r, cell.c), []).append(die)
            continue
        zone = geometry.zone_at(x_mm, y_mm)
        (zoned.setdefault(zone.name, []) if zone is not None else outside).append(die)
    inked = {} if ink is None else {(c.r, c.c): item for c, item in ink.cells.items()
                                    if not any(d.face for d in cells.get((c.r, c.c), []))}
    if callable(occupied):
        occupied = occupied() if len(cells) + len(inked) < geometry.rows * geometry.cols else ()
    pips = [] if ink is None else list(ink.dice)
    unread = [cell for cell in [*occupied, *pips] if (cell.r, cell.c) not in cells
              and (cell.r, cell.c) not in inked]
    # what stands unread on a cell is a thing of the board's kind; on a marker board, a die
    unread_kind = ItemKind.DIE if geometry.layout.item_kind is ItemKind.INK \
        else geometry.layout.item_kind
    for cell in dict.fromkeys(unread):
        x_mm, y_mm = geometry.cell_centre_mm(cell)
        cells[(cell.r, cell.c)] = [Item(None, Colour.UNKNOWN, 0.0, x_mm, y_mm, kind=unread_kind)]
    for place, item in inked.items():
        cells[place] = [item]
    for name, items in ink.zones if ink is not None else ():
        zoned.setdefault(name, []).extend(items)
    grid = tuple(tuple(_one(cells.get((r, c), [])) for c in range(geometry.cols))
                 for r in range(geometry.rows))
    crowded = sorted(f"r{r}c{c}" for (r, c), dice in cells.items() if len(dice) > 1)
    if ink is not None:
        extra = {**(extra or {}), "ink": sorted(f"r{r}c{c}" for r, c in inked)}
    info = {**(extra or {}), "crowded": crowded, "unread": [str(cell) for cell in unread]}
    zones = tuple((z.name, reading_order(zoned.get(z.name, []), geometry.die_mm / 2))
                  for z in geometry.zones)
    return TableView(grid=grid, outside=tuple(outside), status=ViewStatus.SETTLED, extra=info,
                     zones=zones)


place_dice = place_items  # its name from when only dice were placed


def _is_read(det: Any) -> bool:
    """A die with its face called, a cube with its colour named."""
    if getattr(det, "kind", "die") == "cube":
        return bool(det.colour)
    return det.face is not None


def _item(det: Any, colour: Colour, confidence: float, x_mm: float, y_mm: float) -> Item:
    """The table's item for a detection: a die (the default), a piece of the tile reader
    (its ``kind``, a tile or a die, and ``stacked``), or a cube with its stack and ring."""
    kind = getattr(det, "kind", "die")
    if kind != "cube":
        return Item(det.face, colour, confidence, x_mm, y_mm, kind=ItemKind(kind),
                    stacked=bool(getattr(det, "stacked", False)))
    return Item(None, colour, confidence, x_mm, y_mm, kind=ItemKind.CUBE,
                stacked=bool(det.stacked), ringed=bool(det.ringed))


def reading_order(items: Sequence[Item], row_mm: float) -> tuple[Item, ...]:
    """Items north to south, then west to east: an item less than ``row_mm`` south of the
    first item of a row belongs to that row."""
    rows: list[list[Item]] = []
    for item in sorted(items, key=lambda d: d.y_mm):
        if rows and item.y_mm - rows[-1][0].y_mm < row_mm:
            rows[-1].append(item)
        else:
            rows.append([item])
    return tuple(d for row in rows for d in sorted(row, key=lambda d: d.x_mm))


def _on_board(x_mm: float, y_mm: float, geometry: BoardGeometry,
              seen_markers: Sequence[int], *, read: bool) -> bool:
    """Inside the board, and not a misreading of a printed marker.

    On a marker seen in this frame nothing can lie. On a hidden one (covered, or cut off by
    the frame edge) only a die actually read is kept: an abstention there is most likely the
    half-visible marker itself.
    """
    if not (0 <= x_mm <= geometry.size_mm and 0 <= y_mm <= geometry.size_mm):
        return False
    for marker_id in geometry.MARKER_IDS:
        (x0, y0), _, (x1, y1), _ = geometry.marker_corners_mm(marker_id)
        if x0 <= x_mm <= x1 and y0 <= y_mm <= y1:
            return read and marker_id not in seen_markers
    return True


def _one(dice: list[Item]) -> Item | None:
    if not dice:
        return None
    best = max(dice, key=lambda d: d.confidence)
    if len(dice) == 1:
        return best
    return dataclasses.replace(best,
                               confidence=round(best.confidence * PIPELINE.crowded_factor, 4))


def straddle_factor(x_mm: float, y_mm: float, geometry: BoardGeometry) -> float:
    """1.0 for a centre well inside a cell (or well clear of the grid), down to 0.5 on an edge."""
    margin = PIPELINE.straddle_margin * geometry.cell_mm
    distance = _distance_to_grid_lines(x_mm, y_mm, geometry)
    return 1.0 if distance >= margin else 0.5 + 0.5 * distance / margin


def _distance_to_grid_lines(x_mm: float, y_mm: float, geometry: BoardGeometry) -> float:
    """Distance from a point to the nearest grid line segment (cell edges, grid outline)."""
    x0, y0 = geometry.grid_origin_mm
    width, height = geometry.cols * geometry.cell_mm, geometry.rows * geometry.cell_mm
    best = float("inf")
    for i in range(geometry.cols + 1):
        best = min(best, _to_segment(x_mm, y_mm, x0 + i * geometry.cell_mm, y0, y0 + height,
                                     vertical=True))
    for j in range(geometry.rows + 1):
        best = min(best, _to_segment(x_mm, y_mm, y0 + j * geometry.cell_mm, x0, x0 + width,
                                     vertical=False))
    return best


def _to_segment(x: float, y: float, at: float, lo: float, hi: float, *, vertical: bool) -> float:
    across, along = (x - at, y) if vertical else (y - at, x)
    beyond = max(lo - along, 0.0, along - hi)
    return float(np.hypot(across, beyond))


def _colour(name: str, palette: Sequence[str]) -> Colour:
    """The reader's colour name as the game's colour; one outside its palette is unknown."""
    return Colour(name) if name in palette else Colour.UNKNOWN
