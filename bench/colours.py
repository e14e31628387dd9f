"""Cube-face colours on real photos of cube stickers (``dicekeeper bench colours``).

The Rubik's-cube sticker sets of ``../shared/realdata`` (the manifest format's
``stickers_json`` and ``boxes_json`` sources) stand in for the faces of real CubeCourier cubes
under real light. Every labelled sticker is classified by the board reader's own classifier
(``vision.top.cube_colour.classify_face``, default references: a sticker set has no
calibration): its box's middle (``INSET`` of the box left out each side, away from the cube's
black body and a loose box's edge), against the photo's paper (``paper_colour``, the
brightest calm pixels of the photo shrunk to ``PAPER_SIDE``: a white cloth, a wall).

A sticker labelled black, red or white is right when called that colour; a sticker of any other
colour (yellow, orange, green, blue) is no cube colour, so every call of it is wrong and only an
abstention is right. ``--colours white,red`` counts only the stickers labelled with those
colours. ``colour acc`` is the share of the called stickers called right; ``abstained`` the
share of the counted stickers not called; ``ms/sticker`` the classification's CPU time per
sticker, the paper's estimate shared among its photo's stickers (image decoding left out).

Per label colour it prints the stickers and what they were called, then ends with exactly
``stickers N | colour acc C% | abstained X% | ms/sticker M``. Reads photos only from the folder
given; says so and exits 0 when it is absent.

May import bench.realdata, vision, OpenCV and numpy. Prints (command module).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from bench.realdata import (
    DatasetError,
    LabelledSticker,
    manifest_kind,
    read_sticker_images,
    source_folders,
)
from vision.top.cube_colour import COLOURS, classify_face, paper_colour

INSET = 0.2          # of a sticker box's width and height, left out on each side
PAPER_SIDE = 480     # px: the photo is shrunk to this longest side to find its paper


@dataclass
class ColourTally:
    """Outcomes of the counted stickers: (label, call) counts, call "" for an abstention."""

    calls: Counter[tuple[str, str]] = field(default_factory=Counter)
    seconds: float = 0.0
    images: int = 0

    @property
    def stickers(self) -> int:
        return sum(self.calls.values())

    @property
    def abstained(self) -> int:
        return sum(n for (_, call), n in self.calls.items() if not call)

    @property
    def right(self) -> int:
        return sum(n for (label, call), n in self.calls.items() if call and call == label)

    def figures(self) -> dict[str, object]:
        called = self.stickers - self.abstained
        return {"stickers": self.stickers, "images": self.images,
                "called": called, "right": self.right, "wrong": called - self.right,
                "abstained": self.abstained,
                "colour_acc_pct": round(100.0 * self.right / called, 2) if called else 0.0,
                "abstained_pct": round(100.0 * self.abstained / self.stickers, 2)
                if self.stickers else 0.0,
                "ms_per_sticker": round(1000.0 * self.seconds / self.stickers, 3)
                if self.stickers else 0.0}


def sticker_pixels(image: np.ndarray, sticker: LabelledSticker) -> np.ndarray:
    """The pixels of the middle of a sticker's box (at least one pixel)."""
    x0, y0, x1, y1 = sticker.box
    dx, dy = INSET * (x1 - x0), INSET * (y1 - y0)
    h, w = image.shape[:2]
    left, top = int(np.clip(round(x0 + dx), 0, w - 1)), int(np.clip(round(y0 + dy), 0, h - 1))
    right = int(np.clip(round(x1 - dx), left + 1, w))
    bottom = int(np.clip(round(y1 - dy), top + 1, h))
    return image[top:bottom, left:right].reshape(-1, 3)


def photo_paper(image: np.ndarray) -> tuple[float, float, float] | None:
    """The paper's colour of a photo (``paper_colour`` of a copy shrunk to ``PAPER_SIDE``)."""
    scale = PAPER_SIDE / max(image.shape[:2])
    small = image if scale >= 1 else cv2.resize(image, None, fx=scale, fy=scale,
                                                interpolation=cv2.INTER_AREA)
    return paper_colour(small)


def evaluate(root: Path, colours: set[str] | None = None,
             limit: int | None = None) -> tuple[ColourTally, list[str]]:
    """Classify every counted sticker under ``root``: (the tally, notes on what was skipped)."""
    tally, notes = ColourTally(), []
    for folder in source_folders(root):
        if manifest_kind(folder) != "stickers":
            notes.append(f"skipped {folder.name}: not a sticker dataset")
            continue
        for n, item in enumerate(read_sticker_images(folder)):
            if limit is not None and n >= limit:
                break
            counted = [s for s in item.stickers if colours is None or s.colour in colours]
            if not counted:
                continue
            image = cv2.imread(str(item.path), cv2.IMREAD_COLOR)
            if image is None:
                notes.append(f"unreadable image skipped: {item.path.name}")
                continue
            _classify_image(tally, image, counted)
    return tally, notes


def _classify_image(tally: ColourTally, image: np.ndarray,
                    stickers: list[LabelledSticker]) -> None:
    start = time.process_time()  # CPU time: the machine may be shared
    paper = photo_paper(image)
    calls = []
    for sticker in stickers:
        reading = classify_face(sticker_pixels(image, sticker), paper) if paper else None
        calls.append((sticker.colour, reading.colour if reading else ""))
    tally.seconds += time.process_time() - start
    tally.images += 1
    tally.calls.update(calls)


def label_table(tally: ColourTally) -> list[str]:
    """One line per label colour: stickers, then how many were called each cube colour."""
    labels = sorted({label for label, _ in tally.calls},
                    key=lambda c: (c not in COLOURS, c))
    lines = []
    for label in labels:
        row = {call: n for (lab, call), n in tally.calls.items() if lab == label}
        total = sum(row.values())
        called = ", ".join(f"{c} {row.get(c, 0)}" for c in COLOURS)
        lines.append(f"{label}: {total} stickers | called {called} | abstained {row.get('', 0)}")
    return lines


def summary_line(tally: ColourTally) -> str:
    """The last line of the report, in the exact agreed format."""
    f = tally.figures()
    return (f"stickers {f['stickers']} | colour acc {f['colour_acc_pct']:.1f}% | "
            f"abstained {f['abstained_pct']:.1f}% | ms/sticker {f['ms_per_sticker']:.2f}")


def command(args) -> int:
    """``dicekeeper bench colours``: print the figures; exit 0 also when the data is absent."""
    root = Path(args.dataset).expanduser()
    if not source_folders(root):
        print(f"skipped: dataset {root} not found (no manifest.csv in it or its sub-folders)")
        return 0
    colours = {c.strip() for c in args.colours.split(",") if c.strip()} if args.colours else None
    cv2.setNumThreads(1)
    try:
        tally, notes = evaluate(root, colours, getattr(args, "limit", None))
    except DatasetError as exc:
        print(f"error: {exc}")
        return 2
    for note in notes:
        print(note)
    if not tally.stickers:
        print(f"skipped: no labelled stickers{' of ' + args.colours if colours else ''} "
              f"under {root}")
        return 0
    for line in label_table(tally):
        print(line)
    if args.json:
        print(json.dumps(dict(tally.figures(), colours=sorted(colours) if colours else None)))
    print(summary_line(tally))
    return 0
