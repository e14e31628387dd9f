"""Read labelled photo folders in the realdata manifest format (see ../shared/realdata/README.md).

A folder is either one source folder (holding ``manifest.csv``) or a root holding several. Each
manifest row is one image with exactly one label column: ``dice_json`` (dice with boxes in a
whole photo), ``label`` (one die filling a crop), ``stickers_json`` or ``boxes_json`` (cube
stickers: ``read_images`` reads the dice sources, ``read_sticker_images`` the sticker sources).
Unknown columns and JSON keys are ignored.

Standard library only (images are opened by the caller).
"""

from __future__ import annotations

import csv
import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

DICE_COLUMNS = ("dice_json", "label")
STICKER_COLUMNS = ("stickers_json", "boxes_json")


class DatasetError(ValueError):
    """A manifest is missing, unreadable or has no known label column."""


@dataclass(frozen=True)
class LabelledDie:
    """One labelled die: its value, box (x0, y0, x1, y1) and colour word when labelled."""

    value: int
    box: tuple[float, float, float, float]
    colour: str | None = None

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return ((x0 + x1) / 2.0, (y0 + y1) / 2.0)


@dataclass(frozen=True)
class LabelledImage:
    """One manifest row of a dice source: the image path, its size, whether it is a crop."""

    source: str
    path: Path
    width: int
    height: int
    dice: tuple[LabelledDie, ...]
    crop: bool = False


def source_folders(root: Path) -> list[Path]:
    """The source folders under ``root`` (``root`` itself when it holds a manifest)."""
    if (root / "manifest.csv").is_file():
        return [root]
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / "manifest.csv").is_file())


def manifest_kind(folder: Path) -> str:
    """"dice", "stickers" or "unknown", from the manifest's header."""
    with (folder / "manifest.csv").open(newline="", encoding="utf-8") as f:
        header = next(csv.reader(f), [])
    if any(c in header for c in DICE_COLUMNS):
        return "dice"
    if any(c in header for c in STICKER_COLUMNS):
        return "stickers"
    return "unknown"


def read_images(folder: Path) -> Iterator[LabelledImage]:
    """Every labelled image of one dice source folder.

    Raises:
        DatasetError: the manifest cannot be parsed; the message names the row.
    """
    with (folder / "manifest.csv").open(newline="", encoding="utf-8") as f:
        for n, row in enumerate(csv.DictReader(f), start=2):
            try:
                yield _parse_row(folder, row)
            except (KeyError, ValueError, TypeError) as exc:
                raise DatasetError(f"{folder / 'manifest.csv'} line {n}: {exc!r}; "
                                   "check the row against the manifest format") from exc


def _parse_row(folder: Path, row: dict[str, str]) -> LabelledImage:
    w, h = int(row["width"]), int(row["height"])
    path = folder / row["file"]
    if row.get("dice_json") is not None and "dice_json" in row:
        dice = tuple(_die(o) for o in json.loads(row["dice_json"]))
        return LabelledImage(folder.name, path, w, h, dice)
    colour = row.get("die_colour_derived") or None
    die = LabelledDie(int(row["label"]), (0.0, 0.0, float(w), float(h)), colour)
    return LabelledImage(folder.name, path, w, h, (die,), crop=True)


def _die(obj: dict) -> LabelledDie:
    box = (float(obj["x0"]), float(obj["y0"]), float(obj["x1"]), float(obj["y1"]))
    colour = obj.get("colour_verified") or obj.get("colour_derived")
    return LabelledDie(int(obj["value"]), box, colour)


@dataclass(frozen=True)
class LabelledSticker:
    """One labelled sticker of a cube face: its colour word and box (x0, y0, x1, y1)."""

    colour: str
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class StickerImage:
    """One manifest row of a sticker source: the image path, its size and its stickers (face
    boxes and stickers without a colour left out)."""

    source: str
    path: Path
    width: int
    height: int
    stickers: tuple[LabelledSticker, ...]


def read_sticker_images(folder: Path) -> Iterator[StickerImage]:
    """Every labelled image of one sticker source folder (``stickers_json``: ``colour`` per
    sticker; ``boxes_json``: ``label`` per box, ``face`` boxes skipped).

    Raises:
        DatasetError: the manifest cannot be parsed; the message names the row.
    """
    with (folder / "manifest.csv").open(newline="", encoding="utf-8") as f:
        for n, row in enumerate(csv.DictReader(f), start=2):
            try:
                yield _sticker_row(folder, row)
            except (KeyError, ValueError, TypeError) as exc:
                raise DatasetError(f"{folder / 'manifest.csv'} line {n}: {exc!r}; "
                                   "check the row against the manifest format") from exc


def _sticker_row(folder: Path, row: dict[str, str]) -> StickerImage:
    if row.get("stickers_json"):
        objects = [(o.get("colour"), o) for o in json.loads(row["stickers_json"])]
    else:
        objects = [(o.get("label"), o) for o in json.loads(row["boxes_json"])]
    stickers = tuple(
        LabelledSticker(str(colour), (float(o["x0"]), float(o["y0"]), float(o["x1"]),
                                      float(o["y1"])))
        for colour, o in objects if colour and colour != "face")
    return StickerImage(folder.name, folder / row["file"], int(row["width"]),
                        int(row["height"]), stickers)
