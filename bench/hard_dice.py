"""Wrong faces on hard drawn dice (``dicekeeper bench hard``).

The real photos of ``bench accuracy`` hold few cocked, touching or moving dice, and a wrong
face called on one of those is the worst outcome (it breaks refereeing). This benchmark
draws them (``calibration.dice_art``) in numbers, seeded, and runs ``vision.photo.finder.find_dice``
on each scene as on a photo:

- clean: one die lying flat (the control);
- cocked: one die leaning ``TILT_RANGE`` (25-42) degrees on an edge, showing a side face
  (past 45 degrees the side face is the upper one, and reading it would not be wrong);
- touching: two dice side by side along their own axis, edges touching (edges up to 75 px);
- heap: three dice touching in a heap, each turned its own way, beside three lone dice of the
  same set (edges 25-60 px);
- blurred: one die smeared by motion over half its edge;
- glare: one glossy red die lying flat with a highlight on its top, a streak or an arc as
  light as its white pips, through pips or beside them.

Each kind draws ``--seeds`` scenes over faces 1-6, white / cream / red / translucent-red bodies, die
edges 25-150 px, light, dark and wooden tables, any rotation. Per kind it prints the dice drawn, the
share read (a face called that the die shows on top), abstained on (found with no face), and the
scenes with a wrong face: a face called with the referee's confidence (``READER.min_confidence``)
that no die of the scene shows on top. A blurred die should not be read at all, so its line also
gives the share read. The last line sums the wrong scenes over the kinds.

Figures, not a test: ``make test`` keeps the few seeds it asserts on; this one is for
before-and-after comparisons of a change to the reader.

May import calibration, vision, OpenCV and numpy. Prints (command module).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import cv2
import numpy as np

from calibration.dice_art import draw_die, paste_die
from vision.photo.finder import find_dice
from vision.top.config import READER

TABLES = {"light": (200, 205, 210), "dark": (50, 60, 70), "wood": (90, 140, 180)}
BODIES = ("white", "cream", "red", "translucent-red")
SIZE_RANGE = (25, 150)   # die edge, px (the range for free dice)
TILT_RANGE = (25.0, 42.0)  # degrees a cocked die leans (past 45 its side face is the upper one)
NEAR = 0.75              # of a die edge: a detection this close to a drawn die is of it


def table(side: int, kind: str, seed: int) -> np.ndarray:
    """A plain table of ``TABLES[kind]`` with sensor noise."""
    rng = np.random.default_rng(seed)
    img = np.empty((side, side, 3), np.float32)
    img[:] = TABLES[kind]
    img += rng.normal(0.0, 3.0, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


@dataclass(frozen=True)
class HardScene:
    """A drawn scene: the image, each die's centre and top face, and the die edge."""

    image: np.ndarray
    dice: tuple[tuple[float, float, int], ...]  # x, y, face on top
    size: int


@dataclass
class KindTally:
    """Outcomes of one kind of scene."""

    dice: int = 0
    read: int = 0
    abstained: int = 0
    scenes: int = 0
    wrong: list[int] = field(default_factory=list)  # seeds of the scenes with a wrong face

    def add(self, seed: int, scene: HardScene, found: list) -> None:
        self.scenes += 1
        self.dice += len(scene.dice)
        tops = {face for *_, face in scene.dice}
        for x, y, face in scene.dice:
            near = [d for d in found if np.hypot(d.x - x, d.y - y) < NEAR * scene.size]
            if any(d.face == face for d in near):
                self.read += 1
            elif any(d.face is None for d in near):
                self.abstained += 1
        if any(d.face is not None and d.face not in tops and d.confidence >= READER.min_confidence
               for d in found):
            self.wrong.append(seed)


def _choice(rng: np.random.Generator, options) -> str:
    return str(options[int(rng.integers(len(options)))])


def _one(seed: int, tilt: tuple[float, float] | None) -> HardScene:
    rng = np.random.default_rng(seed)
    face, size = int(rng.integers(1, 7)), int(rng.integers(SIZE_RANGE[0], SIZE_RANGE[1] + 1))
    lean = float(rng.uniform(*tilt)) if tilt else 0.0
    img = table(4 * size, _choice(rng, list(TABLES)), seed)
    bgr, alpha = draw_die(face, _choice(rng, BODIES), size, float(rng.uniform(0, 90)),
                          tilt=lean, seed=seed)
    paste_die(img, bgr, alpha, (2 * size, 2 * size))
    return HardScene(img, ((2.0 * size, 2.0 * size, face),), size)


def clean_scene(seed: int) -> HardScene:
    """One die lying flat."""
    return _one(seed, None)


def cocked_scene(seed: int) -> HardScene:
    """One die leaning ``TILT_RANGE`` degrees on an edge."""
    return _one(seed, TILT_RANGE)


def touching_scene(seed: int) -> HardScene:
    """Two dice of one colour side by side, their edges touching, both turned alike."""
    rng = np.random.default_rng(seed)
    size = int(rng.integers(SIZE_RANGE[0], SIZE_RANGE[1] // 2 + 1))
    faces = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
    body, angle = _choice(rng, BODIES), float(rng.uniform(0, 90))
    img = table(4 * size, _choice(rng, list(TABLES)), seed)
    a = np.radians(angle)
    dice = []
    for sign, face in zip((-1, 1), faces, strict=True):
        # along the dice's own axis: (cos, -sin) on screen, where y grows downwards
        x = 2 * size + sign * size / 2 * np.cos(a)
        y = 2 * size - sign * size / 2 * np.sin(a)
        bgr, alpha = draw_die(face, body, size, angle, seed=2 * seed + (sign > 0))
        paste_die(img, bgr, alpha, (x, y))
        dice.append((float(x), float(y), face))
    return HardScene(img, tuple(dice), size)


HEAP_SIZES = (25, 60)  # die edges of a heap scene (its canvas is ten edges wide)


def heap_scene(seed: int) -> HardScene:
    """Three dice of one set touching in a heap, each turned its own way (as a roll leaves
    them: a corner against a side, seldom two along one axis), beside three lone dice of the
    set."""
    rng = np.random.default_rng(seed)
    size = int(rng.integers(HEAP_SIZES[0], HEAP_SIZES[1] + 1))
    body = _choice(rng, BODIES)
    img = table(10 * size, _choice(rng, list(TABLES)), seed)
    taken = np.zeros(img.shape[:2], bool)
    dice = []
    for k, (x, y) in enumerate([(1.5, 1.5), (8.5, 1.5), (1.5, 8.5)]):
        face = int(rng.integers(1, 7))
        bgr, alpha = draw_die(face, body, size, float(rng.uniform(0, 90)), seed=seed + 7 * k)
        paste_die(img, bgr, alpha, (x * size, y * size))
        dice.append((x * size, y * size, face))
    first = 5.5 * size
    heading = float(rng.uniform(0.0, 2.0 * np.pi))
    for k in range(3):
        face = int(rng.integers(1, 7))
        bgr, alpha = draw_die(face, body, size, float(rng.uniform(0, 90)), seed=seed + 7 * k + 3)
        way = heading + k * float(rng.uniform(1.2, 1.9))  # the next die a quarter turn round
        body_there = alpha >= 128  # the die's own outline, not its edge faded into the table
        x, y = (_touching(taken, body_there, (first, first), way, size) if k
                else (first, first))
        paste_die(img, bgr, alpha, (x, y))
        _occupy(taken, body_there, (x, y))
        dice.append((x, y, face))
    return HardScene(img, tuple(dice), size)


def _touching(taken: np.ndarray, footprint: np.ndarray, start: tuple[float, float],
              way: float, size: int) -> tuple[float, float]:
    """The centre nearest ``start`` along ``way`` (radians) where a die of ``footprint`` lies
    on no taken pixel: against the dice there, touching them."""
    for step in range(size // 2, 3 * size):
        x, y = start[0] + step * np.cos(way), start[1] + step * np.sin(way)
        if not _window(taken, footprint.shape, (x, y))[footprint].any():
            return x, y
    raise ValueError("no room beside the heap")


def _window(taken: np.ndarray, shape: tuple[int, ...], centre: tuple[float, float]
            ) -> np.ndarray:
    """The pixels of ``taken`` a drawn die of ``shape`` centred at ``centre`` covers (as
    ``paste_die`` places it; the canvas holds it whole)."""
    x0, y0 = round(centre[0] - shape[1] / 2), round(centre[1] - shape[0] / 2)
    return taken[y0:y0 + shape[0], x0:x0 + shape[1]]


def _occupy(taken: np.ndarray, footprint: np.ndarray, centre: tuple[float, float]) -> None:
    _window(taken, footprint.shape, centre)[footprint] = True


def blurred_scene(seed: int) -> HardScene:
    """One die smeared by motion over half its edge, in any direction."""
    scene = clean_scene(seed)
    rng = np.random.default_rng(10_000 + seed)
    image = smear(scene.image, scene.size // 2 + 1, float(rng.uniform(0, 180)))
    return HardScene(image, scene.dice, scene.size)


GLOSSY = ("red", "translucent-red")  # the bodies a highlight shows on as a white streak
GLARE_LENGTH = (0.3, 0.9)  # of the die edge
GLARE_WIDTH = (0.03, 0.1)  # of the die edge
GLARE_LAB = (245.0, 134.0, 132.0)  # the light's colour, a little of the body's


def glare_scene(seed: int) -> HardScene:
    """One glossy (red) die lying flat with a highlight on its top: a streak or an arc as
    light as its white pips, anywhere on the top, through pips or beside them."""
    rng = np.random.default_rng(seed)
    face, size = int(rng.integers(1, 7)), int(rng.integers(SIZE_RANGE[0], SIZE_RANGE[1] + 1))
    img = table(4 * size, _choice(rng, list(TABLES)), seed)
    bgr, alpha = draw_die(face, _choice(rng, GLOSSY), size, float(rng.uniform(0, 90)),
                          seed=seed)
    centre = (2 * size, 2 * size)
    paste_die(img, bgr, alpha, centre)
    on_die = np.zeros_like(img)
    paste_die(on_die, np.full_like(bgr, 255), alpha, centre)
    shine = highlight(img.shape[:2], centre, size, rng)
    shine = shine * (on_die[..., 0] / 255.0) * float(rng.uniform(0.8, 1.0))
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB).astype(np.float32)
    lab += shine[..., None] * (np.array(GLARE_LAB, np.float32) - lab)
    img = cv2.cvtColor(np.clip(lab + 0.5, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)
    return HardScene(img, ((float(centre[0]), float(centre[1]), face),), size)


def highlight(shape: tuple[int, ...], centre: tuple[float, float], size: int,
              rng: np.random.Generator) -> np.ndarray:
    """A highlight's coverage (0..1, float32, ``shape``): a straight streak or an arc
    (``GLARE_LENGTH``, ``GLARE_WIDTH`` of the die edge ``size``) starting within the middle
    0.8 of a die top centred at ``centre``, in any direction."""
    k = 4  # drawn 4x and shrunk: smooth edges
    canvas = np.zeros((shape[0] * k, shape[1] * k), np.uint8)
    start = np.array(centre) + rng.uniform(-0.4, 0.4, 2) * size
    length = float(rng.uniform(*GLARE_LENGTH)) * size
    width = max(1, round(k * float(rng.uniform(*GLARE_WIDTH)) * size))
    heading = float(rng.uniform(0.0, 360.0))
    if rng.random() < 0.5:
        way = np.radians(heading)
        end = start + length * np.array([np.cos(way), np.sin(way)])
        cv2.line(canvas, _scaled_px(start, k), _scaled_px(end, k), 255, width, cv2.LINE_AA)
    else:
        radius = float(rng.uniform(0.25, 0.7)) * size
        sweep = np.degrees(length / radius)
        cv2.ellipse(canvas, _scaled_px(start, k),
                    (round(k * radius), round(k * radius)), heading, 0.0, min(sweep, 300.0),
                    255, width, cv2.LINE_AA)
    return cv2.resize(canvas, (shape[1], shape[0]), interpolation=cv2.INTER_AREA) / 255.0


def _scaled_px(point: np.ndarray, k: int) -> tuple[int, int]:
    """A point's pixel on a canvas ``k`` times as large (plain floats: round gives ints)."""
    x, y = point.tolist()
    return round(k * x), round(k * y)


def smear(image: np.ndarray, length: int, angle: float) -> np.ndarray:
    """Motion blur: each pixel averaged along a line ``length`` px long, turned ``angle``
    degrees (counter-clockwise on screen)."""
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2, :] = 1.0
    rot = cv2.getRotationMatrix2D((length / 2, length / 2), angle, 1.0)
    kernel = cv2.warpAffine(kernel, rot, (length, length))
    return cv2.filter2D(image, -1, kernel / kernel.sum())


KINDS: dict[str, Callable[[int], HardScene]] = {
    "clean": clean_scene, "cocked": cocked_scene, "touching": touching_scene,
    "heap": heap_scene, "blurred": blurred_scene, "glare": glare_scene,
}


def run_kind(make: Callable[[int], HardScene], seeds: int, first: int = 0) -> KindTally:
    """Draw and read ``seeds`` scenes of one kind."""
    tally = KindTally()
    for seed in range(first, first + seeds):
        scene = make(seed)
        tally.add(seed, scene, find_dice(scene.image))
    return tally


def first_numbers(numbers: list[int], shown: int = 12) -> str:
    """The first ``shown`` numbers (seeds, scenes), space-separated, "..." after more."""
    return " ".join(str(n) for n in numbers[:shown]) + (" ..." if len(numbers) > shown else "")


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a percentage with one decimal, "-" of nothing."""
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def command(args) -> int:
    """``dicekeeper bench hard``: one line per kind, then the total of wrong scenes."""
    cv2.setNumThreads(1)
    seeds = max(1, int(args.seeds))
    total = scenes = 0
    for name, make in KINDS.items():
        start = time.perf_counter()
        t = run_kind(make, seeds)
        total, scenes = total + len(t.wrong), scenes + t.scenes
        listed = first_numbers(t.wrong)
        print(f"{name}: dice {t.dice} | read {percent(t.read, t.dice)} | "
              f"abstained {percent(t.abstained, t.dice)} | wrong face in {len(t.wrong)} of "
              f"{t.scenes} scenes{' (seeds ' + listed + ')' if t.wrong else ''} | "
              f"{time.perf_counter() - start:.0f} s", flush=True)
    print(f"scenes {scenes} | wrong face in {total} ({percent(total, scenes)}) | "
          f"seeds {seeds} per kind")
    return 0
