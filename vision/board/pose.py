"""Where the camera is above the board, from the board's homography: what the canonical view
does to things above the paper.

The canonical view is the frame warped to the board plane, i.e. every ray from the camera's
centre ``C`` followed down to the paper. A point at height ``h`` above the board at ``P`` (mm)
therefore appears at ``N + (P - N) * H / (H - h)``, where ``N`` is the nadir (the foot of the
camera on the board plane, in board mm) and ``H`` the camera's height: a cube's top is the
same square enlarged by ``H / (H - h)`` about ``N``, and a stack's top (twice the height) is
larger still and pushed farther from ``N``.

The homography fixes ``N`` and ``H`` once the camera's focal length is known (principal point
at the frame's centre, square pixels). A camera tilted a few degrees shows it: the board's
two axes must map to perpendicular rays of equal length, two equations for the focal length
(Zhang's constraints); the two answers are used when they agree within
``CUBES.focal_agreement`` and the tilt is at least ``CUBES.min_tilt_deg``. A camera looking
straight down shows no focal length: it is then the one that puts the camera
``CUBES.camera_height_mm`` above the board (about 40 cm on the device), and only the height
(the scale of what is lifted, not where it is pushed) may be off.

May import ``vision.board.config``, numpy and OpenCV.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from vision.board.config import CUBES


@dataclass(frozen=True)
class CameraPose:
    """The camera above the board: its nadir (board mm) and its height (mm)."""

    nadir_mm: tuple[float, float]
    height_mm: float

    def lifted(self, x_mm: float, y_mm: float, height_mm: float) -> tuple[float, float]:
        """Where a point ``height_mm`` above the board at (x, y) appears in the canonical view."""
        k = self.height_mm / max(self.height_mm - height_mm, 1e-6)
        nx, ny = self.nadir_mm
        return nx + (x_mm - nx) * k, ny + (y_mm - ny) * k

    def grounded(self, x_mm: float, y_mm: float, height_mm: float) -> tuple[float, float]:
        """The board point under a point seen at (x, y) in the canonical view, ``height_mm``
        above the board (``lifted``'s inverse)."""
        k = max(self.height_mm - height_mm, 1e-6) / self.height_mm
        nx, ny = self.nadir_mm
        return nx + (x_mm - nx) * k, ny + (y_mm - ny) * k

    def scale(self, height_mm: float) -> float:
        """How much larger a thing ``height_mm`` above the board appears: H / (H - h)."""
        return self.height_mm / max(self.height_mm - height_mm, 1e-6)


def camera_pose(homography: np.ndarray, frame_size: tuple[int, int], px_per_mm: float,
                height_mm: float = CUBES.camera_height_mm) -> CameraPose:
    """The camera's pose from a frame-to-canonical homography (see the module docstring).

    Args:
        homography: 3x3 map from frame pixels to canonical pixels.
        frame_size: (width, height) of the frame.
        px_per_mm: the canonical view's scale.
        height_mm: the height the camera is taken to stand at.
    """
    to_frame = np.linalg.inv(np.asarray(homography, np.float64)) @ np.diag(
        [px_per_mm, px_per_mm, 1.0])  # board mm -> frame px
    w, h = frame_size
    centre = np.array([w / 2.0, h / 2.0])
    measured = focal_length(to_frame, centre)
    if measured is not None:
        pose, tilt = _decompose(to_frame, measured, centre)
        if tilt >= CUBES.min_tilt_deg:
            return pose
    focal = _frame_px_per_mm(to_frame) * height_mm
    pose, _ = _decompose(to_frame, focal, centre)
    for _ in range(2):  # the focal length that puts the camera at height_mm
        focal *= height_mm / max(pose.height_mm, 1.0)
        pose, _ = _decompose(to_frame, focal, centre)
    return CameraPose(pose.nadir_mm, height_mm)


def focal_length(to_frame: np.ndarray, centre: np.ndarray) -> float | None:
    """The focal length (px) the board's homography shows, or None when its two answers
    (perpendicular axes, equal lengths) are missing or disagree by more than
    ``CUBES.focal_agreement``."""
    m = np.array([[1, 0, -centre[0]], [0, 1, -centre[1]], [0, 0, 1.0]]) @ to_frame
    h1, h2 = m[:, 0], m[:, 1]
    answers = []
    for top, bottom in ((-(h1[0] * h2[0] + h1[1] * h2[1]), h1[2] * h2[2]),
                        (h1[0] ** 2 + h1[1] ** 2 - h2[0] ** 2 - h2[1] ** 2,
                         h2[2] ** 2 - h1[2] ** 2)):
        if abs(bottom) > 1e-15 and top / bottom > 0:
            answers.append(math.sqrt(top / bottom))
    if len(answers) != 2 or abs(answers[0] - answers[1]) > CUBES.focal_agreement * max(answers):
        return None
    return (answers[0] + answers[1]) / 2


def _frame_px_per_mm(to_frame: np.ndarray) -> float:
    """Frame pixels per board mm near the middle of the frame's view of the board."""
    m = to_frame / to_frame[2, 2]
    return float(math.sqrt(abs(np.linalg.det(m[:2, :2]))))


def _decompose(to_frame: np.ndarray, focal: float,
               centre: np.ndarray) -> tuple[CameraPose, float]:
    """Nadir and height of the camera with this focal length, and its tilt from looking
    straight down, degrees (a plane's pose from its homography: [r1 r2 t] = K^-1 H up to
    scale)."""
    k_inv = np.array([[1 / focal, 0, -centre[0] / focal], [0, 1 / focal, -centre[1] / focal],
                      [0, 0, 1]])
    a = k_inv @ to_frame
    scale = 2.0 / (np.linalg.norm(a[:, 0]) + np.linalg.norm(a[:, 1]))
    r1, r2, t = a[:, 0] * scale, a[:, 1] * scale, a[:, 2] * scale
    if t[2] < 0:  # the board lies in front of the camera
        r1, r2, t = -r1, -r2, -t
    u, _, vt = np.linalg.svd(np.column_stack([r1, r2, np.cross(r1, r2)]))
    rotation = u @ vt
    camera = -rotation.T @ t  # board coordinates: x east, y south, z into the table
    tilt = math.degrees(math.acos(min(1.0, abs(float(rotation[2, 2])))))
    return CameraPose((float(camera[0]), float(camera[1])), float(abs(camera[2]))), tilt
