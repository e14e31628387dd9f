"""The board path's reader of CubeCourier cubes: one frame's canonical view and board location
-> the cubes (``vision.board.cubes.find_board_cubes``).

``BoardCubeReader`` keeps what does not change between frames: the colour references (from the
calibration profile's cube colours and its paper, else the board file's colours), the camera's
pose (worked out again only when the board's homography changes) and the last reading: a view
whose every block of ``CUBES.still_block_mm`` square has the same mean brightness as at the last
reading, within ``CUBES.still_level`` grey levels (sensor noise averages out over a block; a
cube moved, turned, lifted or covered changes its blocks by far more), keeps that reading. Most
frames of a game show a table at rest, so the Pi reads the cubes again only when they move.

May import ``vision.board.cubes``, ``.pose``, ``.profile``, ``.geometry``, ``.markers``,
``.config``, ``vision.top.cube_colour``, numpy and OpenCV.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.board.config import CUBES
from vision.board.cubes import CubeDetection, find_board_cubes
from vision.board.geometry import BoardGeometry
from vision.board.markers import BoardLocation
from vision.board.pose import CameraPose, camera_pose
from vision.board.profile import CalibrationProfile
from vision.top.cube_colour import DEFAULT_REFERENCES, CubeReferences, references_from


def profile_references(profile: CalibrationProfile | None) -> CubeReferences:
    """The colour references a profile measured (relative to its paper), else the defaults."""
    if profile is None or profile.cube_refs is None:
        return DEFAULT_REFERENCES
    return references_from(profile.cube_refs, profile.paper_ref)


class BoardCubeReader:
    """Reads the cubes of one canonical view after another.

    Args:
        geometry: the board.
        profile: the calibration (its cube colours), or None for the board file's colours.
    """

    def __init__(self, geometry: BoardGeometry, profile: CalibrationProfile | None = None):
        self.geometry = geometry
        self.refs = profile_references(profile)
        self._pose: tuple[bytes, CameraPose] | None = None
        self._last: tuple[np.ndarray, list[CubeDetection]] | None = None
        self.reads = 0  # views read afresh (diagnostics and tests)

    def pose(self, location: BoardLocation) -> CameraPose:
        """The camera's pose for this location (kept while the homography is the same)."""
        key = np.asarray(location.homography, np.float64).tobytes() + bytes(
            str(location.frame_size), "ascii")
        if self._pose is None or self._pose[0] != key:
            self._pose = (key, camera_pose(location.homography, location.frame_size,
                                           self.geometry.px_per_mm))
        return self._pose[1]

    def read(self, view_bgr: np.ndarray, location: BoardLocation,
             margin_px: int = 0) -> list[CubeDetection]:
        """The cubes of one canonical view (with ``margin_px`` beyond the board square): the
        last reading while the view is still (see the module docstring), else read afresh."""
        blocks = self._blocks(view_bgr)
        if self._last is not None and self._last[0].shape == blocks.shape and float(
                np.abs(self._last[0] - blocks).max()) <= CUBES.still_level:
            return list(self._last[1])
        found = find_board_cubes(view_bgr, self.geometry, self.pose(location), self.refs,
                                 margin_px)
        self._last = (blocks, found)
        self.reads += 1
        return list(found)

    def _blocks(self, view_bgr: np.ndarray) -> np.ndarray:
        """The view's mean brightness per block of ``CUBES.still_block_mm`` square."""
        side = max(1, round(CUBES.still_block_mm * self.geometry.px_per_mm))
        grey = cv2.cvtColor(view_bgr, cv2.COLOR_BGR2GRAY)
        h, w = grey.shape
        small = cv2.resize(grey, (max(1, w // side), max(1, h // side)),
                           interpolation=cv2.INTER_AREA)
        return np.asarray(small, np.float32)
