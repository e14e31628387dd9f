"""Find the board in a camera frame by its four ArUco corner markers, and warp it top-down.

Steps: grey the frame once, detect the DICT_4X4_50 markers on a downscaled copy (cheap on a
Pi; while the board stays put only windows around the markers' last places are greyed and
searched, and a window showing the same pixels as when its marker was found, within sensor
noise, keeps that marker's corners), refine their corners on the full-resolution grey image,
then fit the homography from the frame to the canonical view (``geometry.canonical_px``
square, ``geometry.px_per_mm``). Three markers (12 corners) are enough when a hand hides the
fourth; the location then has a lower confidence.

May import ``vision.board.geometry``, ``vision.board.config``, ``vision.errors``, OpenCV and
numpy.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from engine.layout import MARKER_IDS
from vision.board.config import MARKERS
from vision.board.geometry import BoardGeometry
from vision.errors import BoardNotFoundError, FrameError

log = logging.getLogger(__name__)



@dataclass(frozen=True)
class BoardLocation:
    """Where the board is in one frame.

    Attributes:
        homography: 3x3 map from frame pixels to canonical-view pixels.
        corners: marker id -> its four corners (TL, TR, BR, BL) in frame pixels, refined.
        missing: ids of the board's markers that were not used (hidden or inconsistent).
        confidence: 1.0 with four consistent markers, lower with three or a poor fit.
        frame_size: (width, height) of the frame.
        rms_px: RMS reprojection error of the marker corners, in canonical pixels.
    """

    homography: np.ndarray
    corners: dict[int, np.ndarray] = field(repr=False)
    missing: tuple[int, ...]
    confidence: float
    frame_size: tuple[int, int]
    rms_px: float = 0.0

    def frame_to_canonical(self, points_px: np.ndarray) -> np.ndarray:
        """Map an (N, 2) array of frame pixels to canonical pixels."""
        pts = np.asarray(points_px, dtype=np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.homography).reshape(-1, 2)

    def canonical_to_frame(self, points_px: np.ndarray) -> np.ndarray:
        """Map an (N, 2) array of canonical pixels back to frame pixels."""
        pts = np.asarray(points_px, dtype=np.float64).reshape(-1, 1, 2)
        inverse = np.linalg.inv(self.homography)
        return cv2.perspectiveTransform(pts, inverse).reshape(-1, 2)


@dataclass(frozen=True)
class TrackedWindow:
    """A marker's window (frame pixels x0, y0, x1, y1), its detection copy smoothed over 3x3
    (``look``) and the corners found in it."""

    box: tuple[int, int, int, int]
    look: np.ndarray = field(repr=False)
    corners: np.ndarray


@lru_cache(maxsize=8)
def aruco_detector(window: int | None = None) -> cv2.aruco.ArucoDetector:
    """The ArUco detector; with ``window``, one that thresholds at that one window size (px)
    instead of OpenCV's three (3, 13, 23): enough where the marker's size is known."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    params = cv2.aruco.DetectorParameters()
    # Corners are refined on the full-resolution frame below, not on the downscaled copy.
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
    if window is not None:
        params.adaptiveThreshWinSizeMin = params.adaptiveThreshWinSizeMax = window
    return cv2.aruco.ArucoDetector(dictionary, params)


def to_grey(frame: np.ndarray) -> np.ndarray:
    """A uint8 single-channel copy of a BGR, BGRA or grey frame.

    Raises:
        FrameError: the array is not an image.
    """
    _check_frame(frame)
    if frame.ndim == 2:
        return frame
    if frame.shape[2] == 3:
        return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    return cv2.cvtColor(frame, cv2.COLOR_BGRA2GRAY)


def _check_frame(frame: np.ndarray) -> None:
    if not isinstance(frame, np.ndarray) or frame.size == 0 or frame.dtype != np.uint8:
        raise FrameError("camera frame unreadable: expected a non-empty uint8 image")
    if not (frame.ndim == 2 or (frame.ndim == 3 and frame.shape[2] in (3, 4))):
        raise FrameError(f"camera frame unreadable: unexpected image shape {frame.shape}")


def detect_markers(frame: np.ndarray, ids: tuple[int, ...] = MARKER_IDS, *,
                   detect_side: int = MARKERS.detect_side,
                   near: Mapping[int, np.ndarray] | None = None,
                   windows: dict[int, TrackedWindow] | None = None) -> dict[int, np.ndarray]:
    """Find the board's markers in a frame.

    Args:
        frame: BGR (or grey) image.
        ids: marker ids to keep; others are ignored.
        detect_side: the frame is downscaled so its longest side is at most this for detection.
        near: where the markers were in the previous frame (id -> corners in frame pixels).
            The board and camera rarely move, so each marker is first looked for in a window
            around its last place; the whole frame is searched when one of ``ids`` is not
            found there (moved, or under a hand).
        windows: the windows searched around ``near`` in earlier frames, kept by the caller
            between frames (an empty dict to start). A window whose pixels differ from those its
            marker was found in by at most ``MARKERS.still_level`` keeps that marker's corners, as
            the search would find them again there; the others are searched and kept.

    Returns:
        marker id -> (4, 2) float32 corners in full-resolution frame pixels.

    Raises:
        FrameError: the frame is not an image.
    """
    _check_frame(frame)
    if near and set(ids) <= set(near):
        tracked = _track(frame, near, ids, detect_side, windows)
        if set(tracked) >= set(ids):
            return tracked
    grey = to_grey(frame)
    small, scale = _downscale(grey, detect_side)
    found, found_ids, _ = aruco_detector().detectMarkers(small)
    if scale < 1.0 and _maybe_too_small(found):
        # Markers tiny on the small copy (board far away): look once at full size. Markers
        # hidden by a hand while the others are large do not pay for this.
        small, scale = grey, 1.0
        found, found_ids, _ = aruco_detector().detectMarkers(small)
    if found_ids is None:
        return {}
    best: dict[int, np.ndarray] = {}
    for raw, marker_id in zip(found, found_ids.ravel()):
        mid = int(marker_id)
        quad = np.asarray(raw, np.float64).reshape(4, 2) / scale
        if mid in ids and (mid not in best or _perimeter(quad) > _perimeter(best[mid])):
            best[mid] = quad
    return {mid: _refine(grey, quad, scale) for mid, quad in best.items()}


def _track(frame: np.ndarray, near: Mapping[int, np.ndarray], ids: tuple[int, ...],
           detect_side: int, windows: dict[int, TrackedWindow] | None = None
           ) -> dict[int, np.ndarray]:
    """Markers found in windows around their previous corners (refined, full-frame pixels).

    A window is the marker's bounding box grown by ``MARKERS.track_margin`` of its side each way, so
    the marker keeps its white quiet zone and may have shifted by half its side. Only the
    windows are turned grey and downscaled (as the whole frame would be for detection), and
    the threshold window is sized to the marker's cells, as its size is known. A window
    unchanged since its marker was found in it (``windows``) keeps that marker's corners.
    """
    windows = {} if windows is None else windows
    height, width = frame.shape[:2]
    scale = min(1.0, detect_side / max(height, width))
    step = 1.0 / scale  # full-frame pixels per pixel of the downscaled frame
    out: dict[int, np.ndarray] = {}
    for mid in ids:
        quad = np.asarray(near[mid], np.float64).reshape(4, 2)
        side = _perimeter(quad) / 4
        grow = MARKERS.track_margin * side
        # the window starts on the downscaled frame's pixel grid: the same pixels it has there
        x0, y0 = (max(0, math.floor(math.floor((v - grow) / step) * step))
                  for v in quad.min(axis=0))
        x1, y1 = np.ceil(quad.max(axis=0) + grow).astype(int)
        x1, y1 = min(width, int(x1)), min(height, int(y1))
        if (x1 - x0) * scale < 8 or (y1 - y0) * scale < 8:
            continue
        grey = to_grey(frame[y0:y1, x0:x1])
        small, shrink = grey, np.ones(2)
        if scale < 1.0:
            size = (round((x1 - x0) * scale), round((y1 - y0) * scale))
            small = cv2.resize(grey, size, interpolation=cv2.INTER_AREA)
            shrink = np.array(size, np.float64) / (x1 - x0, y1 - y0)  # ``scale``, as rounded
        box = (x0, y0, x1, y1)
        look = cv2.blur(small, (3, 3))
        kept = windows.get(mid)
        if kept is not None and kept.box == box and _same_pixels(kept.look, look):
            out[mid] = kept.corners.copy()
            continue
        found, found_ids, _ = aruco_detector(_threshold_window(side * scale)).detectMarkers(small)
        for raw, marker_id in zip(found, found_ids.ravel() if found_ids is not None else ()):
            if int(marker_id) == mid:
                window = np.asarray(raw, np.float64).reshape(4, 2) / shrink
                out[mid] = _refine(grey, window, scale) + np.array([x0, y0], np.float32)
                break
        if mid in out:
            windows[mid] = TrackedWindow(box, look, out[mid])
        else:
            windows.pop(mid, None)
    return out


def _same_pixels(before: np.ndarray, now: np.ndarray) -> bool:
    """Whether two copies of one window differ by no more than sensor noise."""
    if before.shape != now.shape:
        return False
    return float(cv2.absdiff(before, now).max()) <= MARKERS.still_level


def _threshold_window(side_px: float) -> int:
    """Adaptive threshold window (odd px) spanning about 2.5 of a marker's 6 cells (its 4x4
    code and border): wide enough to hold black and white, narrow enough for uneven light."""
    return int(np.clip(round(side_px * 2.5 / 6) // 2 * 2 + 1, 7, 31))


def _maybe_too_small(found: Sequence[np.ndarray]) -> bool:
    if len(found) >= 3:
        return False
    if not found:
        return True
    return min(_perimeter(q.reshape(4, 2)) for q in found) / 4 < MARKERS.small_marker_px


def _downscale(grey: np.ndarray, side: int) -> tuple[np.ndarray, float]:
    longest = max(grey.shape[:2])
    if longest <= side:
        return grey, 1.0
    scale = side / longest
    size = (round(grey.shape[1] * scale), round(grey.shape[0] * scale))
    return cv2.resize(grey, size, interpolation=cv2.INTER_AREA), scale


def _perimeter(quad: np.ndarray) -> float:
    return float(cv2.arcLength(quad.astype(np.float32).reshape(-1, 1, 2), True))


def _refine(grey: np.ndarray, quad: np.ndarray, scale: float) -> np.ndarray:
    """Sub-pixel corners on the full-resolution image; keep a corner that wanders off."""
    side = _perimeter(quad) / 4
    half = int(np.clip(round(side / 14), 2, 8))
    pts = quad.astype(np.float32).reshape(-1, 1, 2).copy()
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.01)
    cv2.cornerSubPix(grey, pts, (half, half), (-1, -1), criteria)
    refined = pts.reshape(4, 2)
    limit = 1.0 + 1.0 / scale
    moved = np.linalg.norm(refined - quad, axis=1)
    return np.where((moved <= limit)[:, None], refined, quad).astype(np.float32)


def location_from_markers(markers: Mapping[int, np.ndarray], frame_size: tuple[int, int],
                          geometry: BoardGeometry) -> BoardLocation:
    """Fit the frame-to-canonical homography from detected markers.

    Args:
        markers: marker id -> (4, 2) corners in frame pixels (from ``detect_markers``).
        frame_size: (width, height) of the frame.
        geometry: the board, for the markers' positions in millimetres.

    Raises:
        BoardNotFoundError: fewer than three consistent board markers.
    """
    usable = {i: np.asarray(q, np.float64) for i, q in markers.items()
              if i in geometry.MARKER_IDS}
    _require_three(usable, geometry)
    homography, residuals = _fit(usable, geometry)
    if len(usable) == 4:
        worst = max(residuals, key=lambda i: residuals[i])
        if residuals[worst] > MARKERS.outlier_fit_px:
            log.debug("dropping marker %d, %.1f px off the others", worst, residuals[worst])
            usable.pop(worst)
            homography, residuals = _fit(usable, geometry)
    rms = float(np.sqrt(np.mean([r ** 2 for r in residuals.values()])))
    missing = tuple(i for i in geometry.MARKER_IDS if i not in usable)
    if not _plausible(homography, frame_size, geometry) or rms > MARKERS.outlier_fit_px:
        raise BoardNotFoundError(missing, "board markers found but they do not fit the board "
                                          "(a second board or a reflection?): show one flat "
                                          "board, fully in view")
    return BoardLocation(homography, {i: q.astype(np.float32) for i, q in usable.items()},
                         missing, _confidence(len(missing), rms), frame_size, rms)


def _confidence(n_missing: int, rms: float) -> float:
    base = 1.0 if n_missing == 0 else MARKERS.three_marker_confidence
    fit = 1.0 if rms <= MARKERS.good_fit_px else MARKERS.good_fit_px / rms
    return round(base * fit, 3)


def _require_three(usable: Mapping[int, np.ndarray], geometry: BoardGeometry) -> None:
    missing = [i for i in geometry.MARKER_IDS if i not in usable]
    if len(usable) < 3:
        raise BoardNotFoundError(missing)


def _fit(usable: Mapping[int, np.ndarray],
         geometry: BoardGeometry) -> tuple[np.ndarray, dict[int, float]]:
    ids = sorted(usable)
    src = np.concatenate([usable[i] for i in ids]).astype(np.float64)
    dst = np.array([p for i in ids for p in geometry.marker_corners_mm(i)]) * geometry.px_per_mm
    homography, _ = cv2.findHomography(src, dst, 0)
    if homography is None:
        return np.eye(3), {i: float("inf") for i in ids}
    projected = cv2.perspectiveTransform(src.reshape(-1, 1, 2), homography).reshape(-1, 2)
    errors = np.linalg.norm(projected - dst, axis=1).reshape(len(ids), 4)
    return homography, {i: float(np.sqrt(np.mean(e ** 2))) for i, e in zip(ids, errors)}


def _plausible(homography: np.ndarray, frame_size: tuple[int, int],
               geometry: BoardGeometry) -> bool:
    """The board outline maps back to a convex quadrilateral of sensible size in the frame."""
    n = geometry.canonical_px
    outline = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float64).reshape(-1, 1, 2)
    try:
        quad = cv2.perspectiveTransform(outline, np.linalg.inv(homography)).reshape(-1, 2)
    except np.linalg.LinAlgError:
        return False
    if not np.all(np.isfinite(quad)):
        return False
    area = cv2.contourArea(quad.astype(np.float32))
    frame_area = frame_size[0] * frame_size[1]
    return bool(cv2.isContourConvex(quad.astype(np.float32)) and 0.002 * frame_area < area)


def locate_board(frame_bgr: np.ndarray, geometry: BoardGeometry, *,
                 detect_side: int = MARKERS.detect_side) -> BoardLocation:
    """Locate the board in a frame.

    Args:
        frame_bgr: the camera frame.
        geometry: the board to look for.
        detect_side: longest side of the downscaled frame used for marker detection.

    Returns:
        The board's location (homography to the canonical view, refined marker corners).

    Raises:
        FrameError: the frame is not an image.
        BoardNotFoundError: fewer than three board markers found; the message names them.
    """
    markers = detect_markers(frame_bgr, geometry.MARKER_IDS, detect_side=detect_side)
    height, width = frame_bgr.shape[:2]
    return location_from_markers(markers, (width, height), geometry)


def warp_board(frame: np.ndarray, location: BoardLocation,
               geometry: BoardGeometry) -> np.ndarray:
    """The canonical top-down view of the board (``geometry.canonical_px`` square).

    Only the board region is computed, whatever the frame size.
    """
    n = geometry.canonical_px
    return cv2.warpPerspective(frame, location.homography, (n, n), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
