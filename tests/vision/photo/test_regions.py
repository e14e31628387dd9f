"""The mask clean-up of ``vision.photo.regions``: worked out in the box around a mask's true
pixels, it gives the outlines the whole mask gives."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.photo.regions import cleaned_outlines


def whole_mask_outlines(mask: np.ndarray, k: int) -> list[np.ndarray]:
    """The opening, closing and outline search over the whole mask."""
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    closed = cv2.morphologyEx(opened, cv2.MORPH_CLOSE, kernel)
    contours, _ = cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return list(contours)


def speckled(seed: int, shape: tuple[int, int] = (120, 160)) -> np.ndarray:
    """Noise specks, blobs and a bar across a corner: regions inside the image, one touching
    its border, and specks the opening removes."""
    rng = np.random.default_rng(seed)
    mask = np.where(rng.random(shape) < 0.02, 255, 0).astype(np.uint8)
    for _ in range(6):
        x, y = int(rng.integers(0, shape[1])), int(rng.integers(0, shape[0]))
        cv2.circle(mask, (x, y), int(rng.integers(2, 14)), (255,), -1)
    cv2.rectangle(mask, (0, shape[0] - 9), (25, shape[0] - 1), (255,), -1)
    return mask


@pytest.mark.parametrize("k", [3, 5, 7])
@pytest.mark.parametrize("seed", range(8))
def test_the_outlines_are_those_of_the_whole_mask(seed, k):
    mask = speckled(seed)
    got = cleaned_outlines(mask, k)
    want = whole_mask_outlines(mask, k)
    assert len(got) == len(want) > 0
    for a, b in zip(got, want, strict=True):
        assert a.dtype == b.dtype and np.array_equal(a, b)


def test_a_region_in_the_middle_keeps_its_image_pixels():
    """Outlines found in the box are placed in the image, not in the box."""
    mask = np.zeros((200, 300), np.uint8)
    cv2.rectangle(mask, (150, 90), (189, 129), (255,), -1)
    (outline,) = cleaned_outlines(mask, 3)
    x, y, w, h = cv2.boundingRect(outline)
    assert (x, y, w, h) == (150, 90, 40, 40)


def test_an_empty_mask_has_no_outlines():
    assert len(cleaned_outlines(np.zeros((50, 60), np.uint8), 5)) == 0
