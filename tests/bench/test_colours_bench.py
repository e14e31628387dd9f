"""Tests of ``bench colours``: sticker manifests (both label columns), what is counted, the
figures and the exact last line; the real sticker sets only when present, on a few images.

Tiny manifests and photos are written in tmp_path.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
from pathlib import Path

import cv2
import numpy as np

from bench import colours
from bench.cli import main as bench_main
from bench.realdata import LabelledSticker, read_sticker_images

REALDATA = Path(__file__).resolve().parents[2].parent / "shared" / "realdata"
LINE = re.compile(r"^stickers \d+ \| colour acc \d+\.\d% \| abstained \d+\.\d% \| "
                  r"ms/sticker \d+\.\d\d$")
BGR = {"white": (228, 230, 232), "red": (40, 30, 190), "yellow": (30, 205, 235),
       "orange": (10, 120, 245), "blue": (190, 90, 20)}


def write_manifest(folder: Path, header: list[str], rows: list[dict]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "manifest.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=header, lineterminator="\r\n")
        w.writeheader()
        w.writerows(rows)


def face_photo(folder: Path, name: str, stickers: list[str]) -> list[dict]:
    """A photo of a cube face (black body, a row of stickers) on a white cloth."""
    image = np.full((120, 60 + 50 * len(stickers), 3), (236, 238, 240), np.uint8)
    image[20:100, 20:40 + 50 * len(stickers)] = (25, 25, 25)
    boxes = []
    for i, colour in enumerate(stickers):
        x = 30 + 50 * i
        image[35:75, x:x + 40] = BGR[colour]
        boxes.append({"colour": colour, "x0": x, "y0": 35, "x1": x + 40, "y1": 75})
    (folder / "images").mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(folder / "images" / name), image)
    return boxes


def sticker_set(root: Path) -> Path:
    """One ``stickers_json`` source and one ``boxes_json`` source (with a face box)."""
    a = root / "tracker"
    boxes = face_photo(a, "f1.png", ["white", "red", "yellow", "orange"])
    write_manifest(a, ["file", "width", "height", "n_stickers", "stickers_json", "side"],
                   [{"file": "images/f1.png", "width": 260, "height": 120, "n_stickers": 4,
                     "stickers_json": json.dumps([dict(b, row=0, col=i, square=i + 1)
                                                  for i, b in enumerate(boxes)]), "side": "U"}])
    b = root / "lazy"
    boxes = face_photo(b, "f2.png", ["red", "white", "blue"])
    labelled = [{"label": x.pop("colour"), **x} for x in boxes]
    labelled.append({"label": "face", "x0": 20, "y0": 20, "x1": 190, "y1": 100})
    write_manifest(b, ["file", "width", "height", "n_stickers", "boxes_json"],
                   [{"file": "images/f2.png", "width": 210, "height": 120, "n_stickers": 3,
                     "boxes_json": json.dumps(labelled)}])
    return root


def test_both_label_columns_are_read_and_face_boxes_left_out(tmp_path):
    root = sticker_set(tmp_path)
    [a] = list(read_sticker_images(root / "tracker"))
    assert [s.colour for s in a.stickers] == ["white", "red", "yellow", "orange"]
    assert a.stickers[0] == LabelledSticker("white", (30.0, 35.0, 70.0, 75.0))
    [b] = list(read_sticker_images(root / "lazy"))
    assert [s.colour for s in b.stickers] == ["red", "white", "blue"]


def test_white_and_red_are_called_and_other_colours_abstain(tmp_path):
    tally, notes = colours.evaluate(sticker_set(tmp_path))
    assert not notes
    assert tally.calls[("white", "white")] == 2 and tally.calls[("red", "red")] == 2
    assert tally.calls[("yellow", "")] == 1 and tally.calls[("blue", "")] == 1
    f = tally.figures()
    assert f["stickers"] == 7 and f["wrong"] == tally.calls[("orange", "red")]


def test_only_the_colours_asked_for_are_counted(tmp_path):
    tally, _ = colours.evaluate(sticker_set(tmp_path), {"white", "red"})
    assert tally.stickers == 4 and tally.figures()["colour_acc_pct"] == 100.0


def test_a_call_of_a_sticker_that_is_no_cube_colour_is_wrong():
    tally = colours.ColourTally()
    tally.calls.update({("orange", "red"): 1, ("red", "red"): 3, ("white", ""): 1})
    f = tally.figures()
    assert (f["called"], f["right"], f["wrong"], f["abstained"]) == (4, 3, 1, 1)
    assert colours.summary_line(tally).startswith("stickers 5 | colour acc 75.0% | "
                                                  "abstained 20.0% |")


def test_command_ends_with_the_exact_line_and_json(tmp_path, capsys):
    root = sticker_set(tmp_path)
    args = argparse.Namespace(dataset=str(root), colours="white,red", json=True, limit=None)
    assert colours.command(args) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert LINE.match(lines[-1]), lines[-1]
    figures = json.loads(lines[-2])
    assert figures["stickers"] == 4 and figures["colours"] == ["red", "white"]
    assert bench_main(["colours", "--dataset", str(root)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith("stickers 7 |")


def test_missing_dataset_is_skipped_cleanly(tmp_path, capsys):
    args = argparse.Namespace(dataset=str(tmp_path / "nowhere"), colours=None, json=False)
    assert colours.command(args) == 0
    assert "skipped: dataset" in capsys.readouterr().out


def test_real_sticker_sets_when_present(capsys):
    for name in ("dwalton76_rubiks_cube_tracker", "sawaxv_lazycube_rubik_squares"):
        folder = REALDATA / name
        if not (folder / "manifest.csv").is_file():
            continue  # the development set is not on this machine
        args = argparse.Namespace(dataset=str(folder), colours="white,red", json=False,
                                  limit=3)
        assert colours.command(args) == 0
        assert LINE.match(capsys.readouterr().out.strip().splitlines()[-1])
