"""Accuracy of the die finder and reader on labelled photos (``dicekeeper bench accuracy``).

Runs ``vision.photo.finder.find_dice`` on each whole image of every dice source under a folder in
the realdata manifest format, matches detections to labelled dice (``bench.matching``) and prints
the figures, the per-face confusion table and, last, the one-line summary. ``--outcomes FILE`` also
writes what became of each labelled die and each false detection, one CSV row each (it holds the
dataset's labels: keep it out of the repository).

May import vision, OpenCV and numpy. Prints (it is a command module).
"""

from __future__ import annotations

import csv
import json
import logging
import statistics
import time
from pathlib import Path

import cv2
import numpy as np

from bench.matching import Outcome, Seen, Tally, outcomes
from bench.realdata import DatasetError, LabelledImage, manifest_kind, read_images, source_folders
from bench.reframing import Reframing, border_colour, map_back
from vision.photo.finder import find_dice

log = logging.getLogger(__name__)

MIN_SIZE = 12.0   # px: the smallest dice in phone photos of a whole tray
CROP_PAD = 0.3    # a crop is padded by this fraction of its side so its die is not "cut off"
AS_TAKEN = Reframing()  # the photos as they are


def run_image(item: LabelledImage, reframing: Reframing = AS_TAKEN
              ) -> tuple[list[Seen], float] | None:
    """Find dice in one labelled image (scaled and turned first by ``reframing``, the
    detections mapped back to the photo's pixels); None when it cannot be read."""
    image = cv2.imread(str(item.path), cv2.IMREAD_COLOR)
    if image is None:
        return None
    pad = 0
    if item.crop:
        pad = round(CROP_PAD * max(image.shape[:2]))
        image = pad_crop(image, pad)
    image, back = reframing.apply(image)
    max_size = max(150.0, 0.6 * min(image.shape[:2])) if item.crop else 150.0
    t0 = time.perf_counter()
    dets = find_dice(image, min_size=MIN_SIZE, max_size=max_size)
    ms = (time.perf_counter() - t0) * 1000.0
    seen = []
    for d in dets:
        x, y = map_back(back, d.x, d.y)
        seen.append(Seen(x - pad, y - pad, d.size / reframing.scale, d.angle, d.face, d.colour,
                         d.reason))
    return seen, ms


def pad_crop(image: np.ndarray, pad: int) -> np.ndarray:
    """Surround a one-die crop with its own border colour, so the die lies inside the image."""
    return cv2.copyMakeBorder(image, pad, pad, pad, pad, cv2.BORDER_CONSTANT,
                              value=border_colour(image))


def evaluate(root: Path, colours: set[str] | None = None, limit: int | None = None,
             rows: list[tuple[str, str, Outcome]] | None = None,
             reframing: Reframing = AS_TAKEN,
             ) -> tuple[dict[str, Tally], list[float], list[str]]:
    """Run the finder over every dice source under ``root``.

    Args:
        rows: when given, gets (source, image file, outcome) for every die counted and every
            false detection.
        reframing: how each photo is scaled and turned before the finder sees it.

    Returns:
        (tally per source, ms per image, notes on skipped sources and unreadable images).
    """
    tallies: dict[str, Tally] = {}
    times: list[float] = []
    notes: list[str] = []
    for folder in source_folders(root):
        kind = manifest_kind(folder)
        if kind != "dice":
            notes.append(f"skipped {folder.name}: {kind} dataset (cube stickers are not dice)")
            continue
        tally = tallies.setdefault(folder.name, Tally())
        for n, item in enumerate(read_images(folder)):
            if limit is not None and n >= limit:
                break
            result = run_image(item, reframing)
            if result is None:
                notes.append(f"unreadable image skipped: {item.path.name}")
                continue
            image = outcomes(result[0], list(item.dice), colours)
            tally.add_outcomes(image)
            times.append(result[1])
            if rows is not None:
                rows.extend((folder.name, item.path.name, o) for o in image)
    return tallies, times, notes


OUTCOME_COLUMNS = ("source", "file", "outcome", "value", "label_colour", "label_x", "label_y",
                   "read", "colour", "reason", "x", "y", "size")


def write_outcomes(path: Path, rows: list[tuple[str, str, Outcome]]) -> None:
    """``OUTCOME_COLUMNS`` per row: the label's value, colour and box centre (empty for a false
    detection), the detection's face (empty when abstained or missed), colour, reason, place."""
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(OUTCOME_COLUMNS)
        for source, file, o in rows:
            lab, seen = o.label, o.seen
            label = ["", "", "", ""] if lab is None else [
                lab.value, lab.colour or "", round(lab.centre[0], 1), round(lab.centre[1], 1)]
            read = ["", "", "", "", "", ""] if seen is None else [
                "" if seen.face is None else seen.face, seen.colour, seen.reason,
                round(seen.x, 1), round(seen.y, 1), round(seen.size, 1)]
            out.writerow([source, file, o.kind, *label, *read])


def summary_line(t: Tally, ms: float) -> str:
    """The last line of the report, in the exact agreed format."""
    f = t.figures()
    return (f"dice {f['dice']} | found {f['found_pct']:.1f}% | face acc {f['face_acc_pct']:.1f}% "
            f"| colour acc {f['colour_acc_pct']:.1f}% | abstained {f['abstained_pct']:.1f}% "
            f"| false {f['false']} | ms/img {ms:.1f}")


def confusion_table(t: Tally) -> str:
    """Rows: labelled face; columns: face read, '?' abstained, '-' missed."""
    cols = [1, 2, 3, 4, 5, 6, 0, -1]
    head = "true\\read " + " ".join(f"{c:>4}" for c in ["1", "2", "3", "4", "5", "6", "?", "-"])
    rows = [head]
    for v in range(1, 7):
        rows.append(f"{v:>9} " + " ".join(f"{t.confusion.get((v, c), 0):>4}" for c in cols))
    return "\n".join(rows)


def merged(tallies: dict[str, Tally]) -> Tally:
    total = Tally()
    for t in tallies.values():
        for name in ("dice", "found", "read", "correct", "abstained", "colour_labelled",
                     "colour_correct", "false", "images"):
            setattr(total, name, getattr(total, name) + getattr(t, name))
        total.confusion.update(t.confusion)
    return total


def command(args) -> int:
    """``dicekeeper bench accuracy``: print the figures; exit 0 also when the data is absent."""
    root = Path(args.dataset).expanduser()
    if not source_folders(root):
        print(f"skipped: dataset {root} not found (no manifest.csv in it or its sub-folders)")
        return 0
    colours = {c.strip() for c in args.colours.split(",") if c.strip()} if args.colours else None
    try:
        reframing = Reframing(args.scale, args.turn)
    except ValueError as exc:
        print(f"error: {exc}")
        return 2
    cv2.setNumThreads(1)
    out_path = Path(args.outcomes).expanduser() if args.outcomes else None
    if out_path is not None:
        try:
            out_path.write_text("", encoding="utf-8")  # fail now, not after the whole run
        except OSError as exc:
            print(f"error: cannot write {out_path}: {exc.strerror or exc}")
            return 2
    rows: list[tuple[str, str, Outcome]] | None = [] if out_path else None
    try:
        tallies, times, notes = evaluate(root, colours, args.limit, rows, reframing)
    except DatasetError as exc:
        print(f"error: {exc}")
        return 2
    if out_path is not None and rows is not None:
        write_outcomes(out_path, rows)
        print(f"outcomes of {len(rows)} dice and false detections in {out_path}")
    for note in notes:
        print(note)
    if not reframing.identity:
        print(f"every photo scaled x{reframing.scale:g} and turned {reframing.degrees:g} deg; "
              "detections mapped back to the labels' pixels")
    if not tallies:
        print(f"skipped: no dice dataset under {root}")
        return 0
    ms = statistics.median(times) if times else 0.0
    total = merged(tallies)
    for name, t in tallies.items():
        f = t.figures()
        print(f"{name}: {f['images']} images, {f['dice']} dice, found {f['found']}, "
              f"read {f['read']} ({f['wrong']} wrong), abstained {f['abstained']}, "
              f"colour labelled {f['colour_labelled']}, false {f['false']}")
    print(confusion_table(total))
    if args.json:
        print(json.dumps(dict(total.figures(), ms_per_image=round(ms, 2),
                              colours=sorted(colours) if colours else None)))
    print(summary_line(total, ms))
    return 0
