"""Scale and turn a labelled photo, and map what is found in it back to the photo's pixels.

``dicekeeper bench accuracy --scale K --turn DEG`` reads every photo enlarged or shrunk by
``K`` and turned by ``DEG`` degrees about its centre (the canvas grows to hold all of it; the
corners are filled with the photo's median border colour). The labels stay as they are: each
detection's centre is mapped back through the inverse transform and its size divided by ``K``
before matching. A finder and reader that generalise give about the same figures at any
scale within the die sizes they are meant for and at any angle; the photos we have are all of
one size per set, so this is how a set's dice are seen at other sizes and turns.

May import OpenCV and numpy.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Reframing:
    """How each photo is changed before the finder sees it: ``scale`` x, turned ``degrees``
    counter-clockwise (OpenCV's sense: positive turns the picture anticlockwise)."""

    scale: float = 1.0
    degrees: float = 0.0

    def __post_init__(self) -> None:
        if not 0.1 <= self.scale <= 10.0:
            raise ValueError(f"scale must lie in 0.1..10, not {self.scale}")

    @property
    def identity(self) -> bool:
        return self.scale == 1.0 and self.degrees % 360.0 == 0.0

    def apply(self, image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(the changed image, the 2x3 affine matrix from its pixels back to ``image``'s)."""
        if self.identity:
            return image, np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
        resized = image
        if self.scale != 1.0:  # area averaging when shrinking, as a smaller sensor would see
            resized = cv2.resize(image, None, fx=self.scale, fy=self.scale,
                                 interpolation=cv2.INTER_AREA if self.scale < 1.0
                                 else cv2.INTER_LINEAR)
        sx, sy = resized.shape[1] / image.shape[1], resized.shape[0] / image.shape[0]
        # cv2.resize lines up pixel centres: x -> sx * (x + 0.5) - 0.5
        scaled = np.array([[sx, 0.0, (sx - 1.0) / 2.0], [0.0, sy, (sy - 1.0) / 2.0],
                           [0.0, 0.0, 1.0]])
        h, w = resized.shape[:2]
        turn = cv2.getRotationMatrix2D((w / 2.0, h / 2.0), self.degrees, 1.0)
        corners = np.array([[0, 0, 1], [w, 0, 1], [w, h, 1], [0, h, 1]], np.float64)
        placed = corners @ turn.T
        low = placed.min(axis=0)
        size = np.ceil(placed.max(axis=0) - low - 1e-6).astype(int)
        turn[:, 2] -= low  # the whole turned photo on the new canvas
        out = resized
        if self.degrees % 360.0:
            out = cv2.warpAffine(resized, turn, (int(size[0]), int(size[1])),
                                 flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                                 borderValue=border_colour(image))
        forward = np.vstack([turn, [0.0, 0.0, 1.0]]) @ scaled
        return out, cv2.invertAffineTransform(forward[:2])


def border_colour(image: np.ndarray) -> list[float]:
    """The median colour of an image's outermost pixels (what a crop's surroundings look like)."""
    border = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
    return np.median(border.reshape(len(border), -1), axis=0).tolist()


def map_back(back: np.ndarray, x: float, y: float) -> tuple[float, float]:
    """A point of the changed image in the original photo's pixels."""
    px, py = back @ np.array([x, y, 1.0])
    return float(px), float(py)
