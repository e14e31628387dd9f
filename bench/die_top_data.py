"""Synthetic training crops for the learned die-top classifier (``vision.photo.classifier``).

Each sample is a small BGR crop as a die finder would cut it out of a photo, and a class:
0 = not a readable die top (table, half a die, two dice, a cocked die, a side face, a smeared
die), 1..6 = the face on top. Dice come from ``calibration.dice_art.draw_die`` (white, cream,
red, translucent red; black or white pips; any rotation; tilt for cocked dice and for the side
faces a camera at an angle sees), composited with a soft shadow on procedural table textures
(grey card, white paper, wood, green felt, dark cloth), then photographed badly: colour casts
(including a red/blue swap, which makes blue dice), framing jitter of the crop rectangle,
perspective squash, blur, noise, JPEG and low resolution. Everything is seeded.

May import numpy, OpenCV and calibration.dice_art. Used only by bench/train_die_top.py and tests.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from calibration.dice_art import draw_die, paste_die

NOT_A_TOP = 0
BODIES = ("white", "cream", "red", "translucent-red")
BODY_WEIGHTS = (0.35, 0.15, 0.25, 0.25)
TABLES = ("card", "paper", "wood", "felt", "cloth")
NEGATIVE_KINDS = ("table", "half", "pair", "cocked", "side", "smeared")
POSITIVE_SHARE = 0.62


def make_samples(count: int, seed: int) -> tuple[list[np.ndarray], np.ndarray]:
    """``count`` crops (BGR uint8, sizes vary) and their classes (0..6), from ``seed``."""
    rng = np.random.default_rng(seed)
    crops, labels = [], np.zeros(count, np.int64)
    for i in range(count):
        crop, label = make_sample(rng)
        crops.append(crop)
        labels[i] = label
    return crops, labels


def make_sample(rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """One crop and its class."""
    if rng.random() < POSITIVE_SHARE:
        return _positive(rng)
    kind = NEGATIVE_KINDS[int(rng.integers(len(NEGATIVE_KINDS)))]
    return _negative(kind, rng), NOT_A_TOP


def table_texture(kind: str, side: int, rng: np.random.Generator) -> np.ndarray:
    """A square BGR patch of a table surface: ``card``, ``paper``, ``wood``, ``felt``, ``cloth``."""
    fine = rng.normal(0, 1, (side, side, 1)).astype(np.float32)
    coarse = cv2.resize(rng.normal(0, 1, (4, 4, 1)).astype(np.float32), (side, side),
                        interpolation=cv2.INTER_CUBIC)[..., None]
    if kind == "card":
        base = np.full(3, rng.uniform(150, 215)) + rng.uniform(-8, 8, 3)
        img = base + 6 * coarse + 3 * fine
    elif kind == "paper":
        base = np.full(3, rng.uniform(205, 250)) + rng.uniform(-6, 6, 3)
        img = base + 4 * coarse + 2 * fine
    elif kind == "wood":
        img = _wood(side, rng) + 3 * fine
    elif kind == "felt":
        base = np.array([rng.uniform(20, 70), rng.uniform(80, 150), rng.uniform(10, 60)])
        img = base + 8 * coarse + 10 * fine
    else:
        base = np.full(3, rng.uniform(15, 70)) + rng.uniform(-10, 15, 3)
        img = base + 5 * coarse + 6 * fine
    return np.clip(img, 0, 255).astype(np.uint8)


def _wood(side: int, rng: np.random.Generator) -> np.ndarray:
    y, x = np.mgrid[0:side, 0:side].astype(np.float32)
    a = rng.uniform(0, math.pi)
    t = x * math.cos(a) + y * math.sin(a)
    wobble = cv2.resize(rng.normal(0, 1, (3, 3)).astype(np.float32), (side, side),
                        interpolation=cv2.INTER_CUBIC)
    grain = np.sin(t / rng.uniform(2.0, 6.0) + 3 * wobble)[..., None]
    base = np.array([rng.uniform(50, 110), rng.uniform(100, 160), rng.uniform(150, 210)])
    return base * (1 + 0.08 * grain)


def _draw(face: int, size: int, rng: np.random.Generator, tilt: float = 0.0,
          angle: float | None = None) -> tuple[np.ndarray, np.ndarray, float]:
    body = str(rng.choice(BODIES, p=BODY_WEIGHTS))
    pips = None
    if rng.random() < 0.1:
        pips = str(rng.choice(["black", "white", "gold", "blue"]))
    ang = float(rng.uniform(0, 360)) if angle is None else angle
    bgr, alpha = draw_die(face, body, size, ang, pip_colour=pips, tilt=tilt,
                          seed=int(rng.integers(1 << 30)))
    if rng.random() < 0.85:
        bgr = grow_pips(bgr, alpha, float(rng.uniform(0.0, 0.06)) * size)
    return bgr, alpha, ang


def grow_pips(bgr: np.ndarray, alpha: np.ndarray, grow_px: float) -> np.ndarray:
    """Widen the pips by about ``grow_px`` pixels: real dice have larger pips than drawn ones.

    Pips are the pixels of the die whose lightness is far from the body's median; they are
    dilated and the ring is painted with the pips' own mean colour (soft-edged).
    """
    if grow_px < 0.3:
        return bgr
    inside = alpha > 250
    if inside.sum() < 20:
        return bgr
    rim = 2 * round(0.09 * math.sqrt(float(inside.sum()))) + 1  # keep off the shaded bevel
    inside = cv2.erode(inside.astype(np.uint8), np.ones((rim, rim), np.uint8)) > 0
    light = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
    body = float(np.median(light[inside]))
    pips = (np.abs(light - body) > 45) & inside
    if not pips.any():
        return bgr
    pip_colour = bgr[pips].mean(axis=0)
    k = 2 * math.ceil(grow_px) + 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    grown = cv2.dilate(pips.astype(np.uint8), disc).astype(np.float32)
    grown = cv2.GaussianBlur(grown, (0, 0), 0.6) * (alpha.astype(np.float32) / 255.0)
    grown = np.maximum(grown, pips.astype(np.float32))[..., None]
    out = bgr.astype(np.float32) * (1 - grown) + pip_colour[None, None, :] * grown
    return np.clip(out, 0, 255).astype(np.uint8)


def _paste_with_shadow(canvas: np.ndarray, bgr: np.ndarray, alpha: np.ndarray,
                       centre: tuple[float, float], size: int, rng: np.random.Generator) -> None:
    if rng.random() < 0.7:
        k = max(3, int(size * 0.25) | 1)
        shadow = cv2.GaussianBlur(alpha, (k, k), 0)
        dark = np.zeros_like(bgr)
        strength = (shadow.astype(np.float32) * rng.uniform(0.2, 0.55)).astype(np.uint8)
        off = rng.uniform(-0.12, 0.12, 2) * size
        paste_die(canvas, dark, strength, (centre[0] + off[0], centre[1] + off[1]))
    paste_die(canvas, bgr, alpha, centre)


class _Scene:
    """A table canvas with a die at its centre, and where the crop is cut from it."""

    def __init__(self, size: int, rng: np.random.Generator, scale: float = 3.4):
        self.size = size
        self.side = int(size * scale)
        self.canvas = table_texture(TABLES[int(rng.integers(len(TABLES)))], self.side, rng)
        self.centre = (self.side / 2.0, self.side / 2.0)

    def add_neighbours(self, rng: np.random.Generator, chance: float = 0.35) -> None:
        """Maybe put another die or two near (not on) the central one."""
        for _ in range(2):
            if rng.random() > chance:
                continue
            d = rng.uniform(1.15, 1.7) * self.size
            a = rng.uniform(0, 2 * math.pi)
            bgr, alpha, _ = _draw(int(rng.integers(1, 7)), self.size, rng)
            c = (self.centre[0] + d * math.cos(a), self.centre[1] + d * math.sin(a))
            _paste_with_shadow(self.canvas, bgr, alpha, c, self.size, rng)


def _positive(rng: np.random.Generator) -> tuple[np.ndarray, int]:
    face = int(rng.integers(1, 7))
    size = int(rng.integers(14, 57))
    scene = _Scene(size, rng)
    scene.add_neighbours(rng)
    tilt = float(rng.uniform(0, 18)) if rng.random() < 0.35 else 0.0
    bgr, alpha, angle = _draw(face, size, rng, tilt=tilt)
    _paste_with_shadow(scene.canvas, bgr, alpha, scene.centre, size, rng)
    crop_centre = np.array(scene.centre) + rng.uniform(-0.15, 0.15, 2) * size
    blur = float(rng.uniform(0, 0.05)) * size if rng.random() < 0.5 else 0.0
    crop = _photograph(scene.canvas, crop_centre, size * rng.uniform(0.9, 1.55),
                       _crop_angle(angle, rng), blur, rng)
    return crop, face


def _crop_angle(die_angle: float, rng: np.random.Generator) -> float:
    """Half the crops follow the die's edges (a rectifying finder), half are arbitrary (boxes)."""
    if rng.random() < 0.5:
        return -die_angle + float(rng.uniform(-15, 15)) + 90.0 * int(rng.integers(4))
    return float(rng.uniform(0, 360))


def _negative(kind: str, rng: np.random.Generator) -> np.ndarray:
    size = int(rng.integers(14, 57))
    scene = _Scene(size, rng)
    face = int(rng.integers(1, 7))
    centre = np.array(scene.centre)
    crop_side = size * rng.uniform(0.9, 1.55)
    blur = float(rng.uniform(0, 0.04)) * size
    angle = float(rng.uniform(0, 360))
    if kind == "table":
        if rng.random() < 0.5:
            scene.add_neighbours(rng, 0.5)
        crop_side = size * rng.uniform(0.6, 1.8)
    elif kind == "half":
        scene.add_neighbours(rng, 0.2)
        bgr, alpha, angle = _draw(face, size, rng)
        _paste_with_shadow(scene.canvas, bgr, alpha, scene.centre, size, rng)
        a = rng.uniform(0, 2 * math.pi)
        centre = centre + rng.uniform(0.5, 0.85) * size * np.array([math.cos(a), math.sin(a)])
    elif kind == "pair":
        a = rng.uniform(0, 2 * math.pi)
        half = rng.uniform(0.5, 0.7) * size * np.array([math.cos(a), math.sin(a)])
        for c in (centre - half, centre + half):
            bgr, alpha, _ = _draw(int(rng.integers(1, 7)), size, rng)
            _paste_with_shadow(scene.canvas, bgr, alpha, (c[0], c[1]), size, rng)
        crop_side = size * rng.uniform(1.1, 1.8)
    elif kind in ("cocked", "side"):
        tilt = float(rng.uniform(35, 60))
        bgr, alpha, angle = _draw(face, size, rng, tilt=tilt)
        _paste_with_shadow(scene.canvas, bgr, alpha, scene.centre, size, rng)
        if kind == "side":
            t = math.radians(tilt)
            v = math.cos(t) / 2 * size
            a = math.radians(angle)
            centre = centre + np.array([math.sin(a) * v, math.cos(a) * v])
            crop_side = size * rng.uniform(0.6, 1.1)
    else:  # smeared: motion or focus blur that wipes the pips out
        bgr, alpha, angle = _draw(face, size, rng)
        _paste_with_shadow(scene.canvas, bgr, alpha, scene.centre, size, rng)
        blur = float(rng.uniform(0.16, 0.3)) * size
    return _photograph(scene.canvas, centre, crop_side, float(rng.uniform(0, 360)), blur, rng,
                       smear=kind == "smeared")


def _photograph(canvas: np.ndarray, centre: np.ndarray, crop_side: float, crop_angle: float,
                blur: float, rng: np.random.Generator, smear: bool = False) -> np.ndarray:
    """Light, blur, noise and compress the canvas, then cut the (jittered) crop rectangle."""
    img = canvas.astype(np.float32)
    if blur > 0.3:
        img = _blur(img, blur, rng, smear)
    img = _colour_cast(img, rng)
    img += rng.normal(0, rng.uniform(0, 7), img.shape).astype(np.float32)
    img8 = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        _ok, buf = cv2.imencode(".jpg", img8, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 96))])
        img8 = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    squash = rng.uniform(0.8, 1.0)
    w, h = (crop_side, crop_side * squash) if rng.random() < 0.5 else (crop_side * squash,
                                                                       crop_side)
    out = max(12, round(crop_side * rng.uniform(0.8, 1.2)))
    return _cut(img8, (float(centre[0]), float(centre[1])), (w, h), crop_angle, out)


def _blur(img: np.ndarray, sigma: float, rng: np.random.Generator, smear: bool) -> np.ndarray:
    if smear and rng.random() < 0.6:
        length = max(3, int(sigma * 3))
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1.0 / length
        rot = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5),
                                      float(rng.uniform(0, 180)), 1.0)
        kernel = cv2.warpAffine(kernel, rot, (length, length))
        return cv2.filter2D(img, -1, kernel / max(kernel.sum(), 1e-6))
    return cv2.GaussianBlur(img, (0, 0), sigma)


def _colour_cast(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    if rng.random() < 0.12:
        img = img[..., ::-1]  # red <-> blue: blue dice, orange light
    gain = rng.uniform(0.85, 1.15, 3) * rng.uniform(0.55, 1.3)
    img = img * gain.astype(np.float32)
    if rng.random() < 0.3:
        gamma = rng.uniform(0.7, 1.4)
        img = 255.0 * (np.clip(img, 0, 255) / 255.0) ** gamma
    return img


def _cut(img: np.ndarray, centre: tuple[float, float], wh: tuple[float, float], angle: float,
         out: int) -> np.ndarray:
    """Warp the rotated rectangle (centre, wh, angle) to an ``out`` x ``out`` upright square."""
    pts = cv2.boxPoints((centre, wh, angle)).astype(np.float32)
    dst = np.array([[0, out], [0, 0], [out, 0]], np.float32)
    m = cv2.getAffineTransform(pts[:3], dst)
    shrink = max(wh) / out
    if shrink > 1.5:
        img = cv2.GaussianBlur(img, (0, 0), 0.45 * shrink)
    return cv2.warpAffine(img, m, (out, out), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)
