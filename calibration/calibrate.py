"""Calibrate from one frame: locate the board, measure the dice or cube colours, build a
profile.

``calibrate_frame`` is what ``dicekeeper calibrate`` (``device.calibrate_cli``, which owns the
camera) calls with one good frame. It never raises for a bad picture: the result's ``lines``
say what was found and, for anything missing, what the player should do. On a board that plays
dice it measures the white and the red die; on a CubeCourier board it finds the cubes it sees
(``vision.board.cubes``, named with the board file's colours), and stores the median colour of
each cube colour's tops (black, red, white) and the paper's colour under the same light
(``CalibrationProfile.cube_refs``, ``paper_ref``); the white cube also gives the light check its
reference (``white_ref``).

May import: vision (markers, geometry, profile, errors), numpy, cv2. No camera, no clock.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import cv2
import numpy as np

from engine.table import ItemKind
from vision.board.config import CUBES
from vision.board.cubes import board_paper, find_board_cubes, top_body
from vision.board.geometry import BoardGeometry
from vision.board.markers import BoardLocation, locate_board, warp_board
from vision.board.pose import camera_pose
from vision.board.profile import CalibrationProfile
from vision.board.warp import BoardWarper
from vision.errors import BoardNotFoundError, FrameError

log = logging.getLogger(__name__)

CORNERS = {0: "NW", 1: "NE", 2: "SE", 3: "SW"}
RED_MARGIN = 45          # R above max(G, B) for a pixel to count as red die body
PIP_DARKNESS = 0.55      # a pip is darker than this fraction of the paper's brightness
MIN_PIP_PIXELS = 12      # in the canonical view (3 px/mm): a pip of ~2.7 mm is ~50 px
BODY_RADIUS_MM = 5.5     # measure the white die's body this close to its centre


@dataclass
class CalibrationResult:
    """What one calibration attempt found.

    Attributes:
        profile: the profile (None when the board was not found); has a homography when at
            least three markers were found.
        missing: ids of markers not found (a calibration is complete only when empty).
        lines: short human sentences for the OLED / terminal, the fix included.
        white_dice, red_dice: how many dice the colour references were measured on.
        cubes: on a cube board, how many cubes of each colour the references were measured on.
    """

    profile: CalibrationProfile | None
    missing: tuple[int, ...] = ()
    lines: list[str] = field(default_factory=list)
    white_dice: int = 0
    red_dice: int = 0
    cubes: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """All four markers found and a homography measured."""
        return self.profile is not None and self.profile.homography is not None and not self.missing


def calibrate_frame(frame_bgr: np.ndarray | None, geometry: BoardGeometry, board_side: str, *,
                    created: str = "") -> CalibrationResult:
    """Calibrate from one frame of the board, dice on the grid if possible.

    Args:
        frame_bgr: a camera frame (BGR uint8); None or garbage gives a result with a message.
        geometry: the printed board.
        board_side: the side lying under the camera (recorded in the lines).
        created: ISO 8601 time of the calibration, given by the caller (no clock here).

    Returns:
        A ``CalibrationResult``; ``ok`` says whether it is complete.
    """
    if frame_bgr is None:
        return CalibrationResult(None, tuple(geometry.MARKER_IDS),
                                 ["no camera frame: check the camera and try again"])
    try:
        location = locate_board(frame_bgr, geometry)
    except FrameError as exc:
        return CalibrationResult(None, tuple(geometry.MARKER_IDS),
                                 [f"{exc}: check the camera and try again"])
    except BoardNotFoundError as exc:
        return CalibrationResult(None, exc.missing, _missing_lines(exc.missing, found=False))
    if geometry.layout.item_kind is ItemKind.CUBE:
        return _calibrate_cubes(frame_bgr, location, geometry, board_side, created)
    canonical = warp_board(frame_bgr, location, geometry)
    white, n_white = measure_white(canonical, geometry)
    red, n_red = measure_red(canonical, geometry)
    profile = CalibrationProfile(
        board=geometry.name, created=created,
        frame_size=(int(location.frame_size[0]), int(location.frame_size[1])),
        homography=[[float(v) for v in row] for row in location.homography],
        white_ref=white, red_ref=red)
    lines = _marker_lines(location, board_side) + _colour_lines(n_white, n_red)
    return CalibrationResult(profile, tuple(location.missing), lines, n_white, n_red)


CUBE_COLOURS = ("black", "red", "white")


def _calibrate_cubes(frame: np.ndarray, location: BoardLocation, geometry: BoardGeometry,
                     side: str, created: str) -> CalibrationResult:
    """A cube board's calibration: the homography, the cube colours and the paper."""
    margin = round(CUBES.view_margin_mm * geometry.px_per_mm)
    view = BoardWarper(geometry, margin_px=margin).warp(frame, location)
    refs, counts = measure_cubes(view, location, geometry, margin)
    paper = board_paper(view, geometry, margin)
    profile = CalibrationProfile(
        board=geometry.name, created=created,
        frame_size=(int(location.frame_size[0]), int(location.frame_size[1])),
        homography=[[float(v) for v in row] for row in location.homography],
        white_ref=refs.get("white"), cube_refs=refs or None, paper_ref=paper if refs else None)
    lines = _marker_lines(location, side) + _cube_lines(counts)
    return CalibrationResult(profile, tuple(location.missing), lines, cubes=counts)


def measure_cubes(view: np.ndarray, location: BoardLocation, geometry: BoardGeometry,
                  margin_px: int = 0) -> tuple[dict[str, tuple[float, float, float]],
                                               dict[str, int]]:
    """The median BGR of each cube colour's tops seen in a canonical view (with its margin),
    the cubes named by the board file's colours; and how many cubes of each colour."""
    pose = camera_pose(location.homography, location.frame_size, geometry.px_per_mm)
    samples: dict[str, list[np.ndarray]] = {}
    for cube in find_board_cubes(view, geometry, pose, margin_px=margin_px):
        if cube.colour:
            samples.setdefault(cube.colour, []).append(
                top_body(view, geometry, pose, cube, margin_px))
    refs = {c: _median(np.concatenate(samples[c])) for c in CUBE_COLOURS if c in samples}
    return refs, {c: len(samples.get(c, [])) for c in CUBE_COLOURS}


def _cube_lines(counts: dict[str, int]) -> list[str]:
    lines = []
    for colour in CUBE_COLOURS:
        if counts.get(colour):
            lines.append(f"{colour} cube reference measured ({counts[colour]} cubes)")
        else:
            lines.append(f"no {colour} cube seen: turn a cube {colour} side up on the board")
    return lines


def _marker_lines(location: BoardLocation, side: str) -> list[str]:
    found = 4 - len(location.missing)
    lines = [f"{found} markers found ({side} side)"]
    return lines + _missing_lines(location.missing, found=True)


def _missing_lines(missing: tuple[int, ...], *, found: bool) -> list[str]:
    lines = [] if found else ["board not found"]
    for marker_id in missing:
        corner = CORNERS.get(marker_id, "?")
        lines.append(f"marker {marker_id} ({corner} corner) not seen: uncover it and keep "
                     f"the whole board in view")
    return lines


def _colour_lines(n_white: int, n_red: int) -> list[str]:
    lines = []
    if n_white:
        lines.append(f"white die reference measured ({n_white} dice)")
    else:
        lines.append("no white die seen on the grid: put white dice on the grid for colours")
    if n_red:
        lines.append("red die reference measured")
    else:
        lines.append("no red die seen on the grid: put the red die on the grid")
    return lines


def _cell_patches(canonical: np.ndarray, geometry: BoardGeometry) -> list[np.ndarray]:
    """The canonical view cut into the grid cells (a small inset keeps the grid lines out)."""
    s = geometry.px_per_mm
    x0, y0 = geometry.grid_origin_mm
    inset = 1.0
    patches = []
    for r in range(geometry.rows):
        for c in range(geometry.cols):
            a = round((x0 + c * geometry.cell_mm + inset) * s)
            b = round((y0 + r * geometry.cell_mm + inset) * s)
            n = round((geometry.cell_mm - 2 * inset) * s)
            patches.append(canonical[b:b + n, a:a + n])
    return patches


def _red_mask(patch: np.ndarray) -> np.ndarray:
    p = patch.astype(np.int16)
    return (p[..., 2] - np.maximum(p[..., 0], p[..., 1])) > RED_MARGIN


def measure_red(canonical: np.ndarray,
                geometry: BoardGeometry) -> tuple[tuple[float, float, float] | None, int]:
    """Median BGR of the red die body on the grid, and how many red dice were seen.

    A cell holds a red die when more than a third of a die's area is clearly red.
    """
    die_area = (geometry.die_mm * geometry.px_per_mm) ** 2
    samples = []
    for patch in _cell_patches(canonical, geometry):
        mask = _red_mask(patch)
        if mask.sum() > die_area / 3:
            samples.append(patch[mask])
    if not samples:
        return None, 0
    return _median(np.concatenate(samples)), len(samples)


def measure_white(canonical: np.ndarray,
                  geometry: BoardGeometry) -> tuple[tuple[float, float, float] | None, int]:
    """Median BGR of white dice bodies on the grid, and how many were measured.

    A white die is found by its dark pips; its body is sampled near the pips' centroid,
    leaving out the pips themselves. Cells with a red die are skipped.
    """
    samples = []
    for patch in _cell_patches(canonical, geometry):
        if _red_mask(patch).sum() > (geometry.die_mm * geometry.px_per_mm) ** 2 / 3:
            continue
        body = _white_body(patch, geometry)
        if body is not None:
            samples.append(body)
    if not samples:
        return None, 0
    return _median(np.concatenate(samples)), len(samples)


def _white_body(patch: np.ndarray, geometry: BoardGeometry) -> np.ndarray | None:
    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)
    paper = float(np.percentile(grey, 90))
    pips = grey < paper * PIP_DARKNESS
    if pips.sum() < MIN_PIP_PIXELS:
        return None
    ys, xs = np.nonzero(pips)
    cy, cx = ys.mean(), xs.mean()
    radius = BODY_RADIUS_MM * geometry.px_per_mm
    yy, xx = np.mgrid[0:grey.shape[0], 0:grey.shape[1]]
    near = (yy - cy) ** 2 + (xx - cx) ** 2 < radius ** 2
    body = near & (grey > paper * 0.7)
    return patch[body] if body.sum() >= MIN_PIP_PIXELS else None


def _median(pixels: np.ndarray) -> tuple[float, float, float]:
    b, g, r = (float(v) for v in np.median(pixels.reshape(-1, 3), axis=0))
    return (b, g, r)
