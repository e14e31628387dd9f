"""Tests of the learned die-top classifier shipped in vision/photo/models (no torch needed)."""

from __future__ import annotations

import json
from importlib import resources

import cv2
import numpy as np
import pytest

from calibration.dice_art import draw_die, paste_die
from vision.photo.classifier import (
    CLASSES,
    INPUT_SIZE,
    NOT_A_TOP,
    classify_tops,
    model_info,
    prepare,
)


def _die_crop(face: int, colour: str, size: int, angle: float, seed: int) -> np.ndarray:
    """A clean die on light grey card, cut with a 20% margin and upright like a finder's crop."""
    bgr, alpha = draw_die(face, colour, size, angle, seed=seed)
    canvas = np.full((size * 3, size * 3, 3), (190, 192, 195), np.uint8)
    c = size * 1.5
    paste_die(canvas, bgr, alpha, (c, c))
    pts = cv2.boxPoints(((c, c), (size * 1.2, size * 1.2), -angle)).astype(np.float32)
    dst = np.array([[0, 48], [0, 0], [48, 0]], np.float32)
    m = cv2.getAffineTransform(pts[:3], dst)
    return cv2.warpAffine(canvas, m, (48, 48), flags=cv2.INTER_AREA)


def test_shipped_model_and_description_load() -> None:
    info = model_info()
    assert info["input_size"] == INPUT_SIZE
    assert len(info["classes"]) == CLASSES
    size = resources.files("vision.photo").joinpath("models", "die_top.onnx").read_bytes()
    assert 10_000 < len(size) < 300_000
    assert json.dumps(info)  # serialisable, so it can go into records


def test_probabilities_have_shape_n_by_7_and_sum_to_one() -> None:
    rng = np.random.default_rng(3)
    crops = [rng.integers(0, 256, (h, w, 3), np.uint8) for h, w in ((20, 20), (48, 60), (90, 90))]
    probs = classify_tops(crops)
    assert probs.shape == (3, CLASSES)
    assert np.all(probs >= 0)
    np.testing.assert_allclose(probs.sum(axis=1), 1.0, atol=1e-5)


def test_empty_list_gives_empty_result() -> None:
    assert classify_tops([]).shape == (0, CLASSES)


def test_a_non_image_crop_is_a_clear_value_error() -> None:
    with pytest.raises(ValueError, match="not a BGR image"):
        classify_tops([np.zeros((10, 10, 4), np.uint8)])


def test_prepare_normalises_brightness_away() -> None:
    crop = _die_crop(5, "white", 40, 10.0, seed=1)
    darker = (crop.astype(np.float32) * 0.5).astype(np.uint8)
    a, b = prepare([crop, darker])
    assert a.shape == (3, INPUT_SIZE, INPUT_SIZE)
    assert abs(float(a.mean())) < 1e-3
    assert float(np.abs(a - b).mean()) < 0.1


@pytest.mark.parametrize("colour", ["white", "red"])
def test_reads_clean_synthetic_dice_of_every_face(colour: str) -> None:
    crops, faces = [], []
    for face in range(1, 7):
        for size, angle in ((24, 0.0), (40, 33.0), (64, 71.0)):
            crops.append(_die_crop(face, colour, size, angle, seed=100 + face * 7 + size))
            faces.append(face)
    probs = classify_tops(crops)
    assert list(probs.argmax(axis=1)) == faces


def test_blank_table_patches_are_not_die_tops() -> None:
    rng = np.random.default_rng(5)
    patches = []
    for grey in (60, 190, 240):
        patch = np.full((48, 48, 3), grey, np.float32) + rng.normal(0, 3, (48, 48, 3))
        patches.append(np.clip(patch, 0, 255).astype(np.uint8))
    probs = classify_tops(patches)
    assert list(probs.argmax(axis=1)) == [NOT_A_TOP] * 3
