"""A small learned classifier of die tops: a second opinion for the classical pip reader.

``classify_tops`` takes die crops (any size: a rectified die top, or a box around one die) and
returns, per crop, probabilities of 7 classes: 0 = not a readable die top (table, die side, two
dice, half a die, a cocked or smeared die), 1..6 = the face on top. The network is a tiny CNN
trained on synthetic crops only (bench/train_die_top.py, bench/die_top_data.py); it ships as
``vision/photo/models/die_top.onnx`` with ``die_top.json`` (input size, classes, seed, data) and
runs with OpenCV's ``cv2.dnn``. It is loaded once, lazily, on first use.

May import ``vision.errors``, numpy and OpenCV only (nothing from device, calibration or bench).
"""

from __future__ import annotations

import json
import logging
import threading
from importlib import resources

import cv2
import numpy as np

from vision.errors import VisionError

log = logging.getLogger(__name__)

MODEL_FILE = "die_top.onnx"
INFO_FILE = "die_top.json"
INPUT_SIZE = 32
CLASSES = 7
NOT_A_TOP = 0


class ClassifierError(VisionError, RuntimeError):
    """The die-top model file is missing or OpenCV cannot read it."""


_lock = threading.Lock()
_net: cv2.dnn.Net | None = None


def prepare(crops_bgr: list[np.ndarray], size: int = INPUT_SIZE) -> np.ndarray:
    """Crops -> the network's input blob (N, 3, size, size) float32.

    Each crop is resized to ``size`` x ``size`` (area averaging when shrinking) and normalised
    by its own mean and spread, so overall brightness and contrast do not matter. Grey crops
    are accepted and treated as BGR.

    Args:
        crops_bgr: BGR (or grey) uint8 images, any size of at least 1x1.
        size: side of the network's input.

    Returns:
        The float32 blob, channels first.

    Raises:
        ValueError: an empty or non-image crop.
    """
    blob = np.empty((len(crops_bgr), 3, size, size), np.float32)
    for i, crop in enumerate(crops_bgr):
        blob[i] = normalise(resized(crop, size, i)).transpose(2, 0, 1)
    return blob


def resized(crop: np.ndarray, size: int = INPUT_SIZE, index: int = 0) -> np.ndarray:
    """A crop as ``prepare`` sizes it, before normalising: BGR uint8, ``size`` x ``size``
    (area averaging when shrinking). The training data stores crops so.

    Raises:
        ValueError: an empty or non-image crop (``index`` names it in the message).
    """
    return _resize(_as_bgr(crop, index), size)


def normalise(img: np.ndarray) -> np.ndarray:
    """A ``resized`` crop as the network takes it (HxWx3 float32): less its own mean, over
    its own spread, so overall brightness and contrast do not matter."""
    x = img.astype(np.float32)
    out: np.ndarray = (x - x.mean()) / (x.std() + 8.0)
    return out


def classify_tops(crops_bgr: list[np.ndarray]) -> np.ndarray:
    """Class probabilities of die crops.

    Args:
        crops_bgr: BGR uint8 crops of single dice, any size (resized here).

    Returns:
        (N, 7) float32 array; each row sums to 1. Column 0 is "not a readable die top",
        columns 1..6 the faces.

    Raises:
        ValueError: a crop that is not an image.
        ClassifierError: the model file cannot be loaded.
    """
    if len(crops_bgr) == 0:
        return np.zeros((0, CLASSES), np.float32)
    blob = prepare(crops_bgr)
    with _lock:
        net = _load()
        net.setInput(blob)
        logits = np.asarray(net.forward(), np.float32).reshape(len(crops_bgr), CLASSES)
    return _softmax(logits)


def model_info() -> dict[str, object]:
    """The JSON description shipped beside the model (input size, classes, seed, data)."""
    try:
        text = resources.files("vision.photo").joinpath("models", INFO_FILE).read_text("utf-8")
        info: dict[str, object] = json.loads(text)
        return info
    except (OSError, ValueError) as exc:
        raise ClassifierError(f"cannot read vision/photo/models/{INFO_FILE}: {exc}; reinstall "
                              "dicekeeper or retrain with bench/train_die_top.py") from exc


def _load() -> cv2.dnn.Net:
    global _net
    if _net is None:
        try:
            data = resources.files("vision.photo").joinpath("models", MODEL_FILE).read_bytes()
            _net = cv2.dnn.readNetFromONNX(np.frombuffer(data, np.uint8))
        except (OSError, cv2.error) as exc:
            raise ClassifierError("cannot load the die-top model "
                                  f"vision/photo/models/{MODEL_FILE}: {exc}; reinstall "
                                  "dicekeeper or retrain with "
                                  "bench/train_die_top.py") from exc
        log.debug("loaded die-top classifier (%d bytes)", len(data))
    return _net


def _as_bgr(crop: np.ndarray, index: int) -> np.ndarray:
    arr = np.asarray(crop)
    if arr.ndim == 2:
        arr = cv2.cvtColor(arr.astype(np.uint8), cv2.COLOR_GRAY2BGR)
    if arr.ndim != 3 or arr.shape[2] != 3 or arr.shape[0] < 1 or arr.shape[1] < 1:
        raise ValueError(f"crop {index} is not a BGR image (shape {arr.shape}); pass HxWx3 uint8")
    return arr.astype(np.uint8, copy=False)


def _resize(crop: np.ndarray, size: int) -> np.ndarray:
    h, w = crop.shape[:2]
    shrink = h > size or w > size
    interp = cv2.INTER_AREA if shrink else cv2.INTER_LINEAR
    return cv2.resize(crop, (size, size), interpolation=interp)


def _softmax(logits: np.ndarray) -> np.ndarray:
    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    out: np.ndarray = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
    return out
