"""Tests of the accuracy benchmark: manifest reading, matching, tallies, the summary line.

Tiny manifests are written in tmp_path; the real photos are only used when present
(``<repo>/../shared/realdata``), and then only through the command, on a few images.
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path

import numpy as np
import pytest

from bench import accuracy
from bench.matching import Seen, Tally, contains, match, outcomes
from bench.realdata import DatasetError, LabelledDie, manifest_kind, read_images, source_folders
from bench.reframing import Reframing, map_back
from calibration.dice_art import draw_die, paste_die

REALDATA = Path(__file__).resolve().parents[2].parent / "shared" / "realdata"


def write_manifest(folder: Path, header: list[str], rows: list[dict]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "manifest.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=header, lineterminator="\r\n")
        w.writeheader()
        w.writerows(rows)


def dice_row(file: str, dice: list[dict], **extra) -> dict:
    return {"file": file, "width": 200, "height": 160, "n_dice": len(dice),
            "dice_json": json.dumps(dice), **extra}


def test_reads_dice_json_with_unknown_columns_and_keys(tmp_path):
    dice = [{"value": 3, "x0": 10.5, "y0": 20, "x1": 40, "y1": 50.5, "colour_auto": "red",
             "colour_verified": "red", "future_key": 1},
            {"value": 6, "x0": 100, "y0": 20, "x1": 130, "y1": 50, "colour_verified": None}]
    write_manifest(tmp_path / "src", ["file", "split_in_source", "width", "height", "n_dice",
                                      "dice_json", "new_column"],
                   [dice_row("images/a.png", dice, split_in_source="train", new_column="x")])
    [item] = list(read_images(tmp_path / "src"))
    assert item.path == tmp_path / "src" / "images" / "a.png"
    assert (item.width, item.height, item.crop) == (200, 160, False)
    assert item.dice[0] == LabelledDie(3, (10.5, 20.0, 40.0, 50.5), "red")
    assert item.dice[1].colour is None


def test_reads_label_crops_as_one_die_filling_the_image(tmp_path):
    write_manifest(tmp_path / "crops", ["file", "label", "width", "height", "die_colour_derived"],
                   [{"file": "images/c.jpg", "label": "5", "width": 60, "height": 64,
                     "die_colour_derived": "blue"}])
    [item] = list(read_images(tmp_path / "crops"))
    assert item.crop
    assert item.dice == (LabelledDie(5, (0.0, 0.0, 60.0, 64.0), "blue"),)


def test_root_of_sources_and_sticker_sets(tmp_path):
    write_manifest(tmp_path / "b_dice", ["file", "width", "height", "dice_json"], [])
    write_manifest(tmp_path / "a_cube", ["file", "width", "height", "stickers_json"], [])
    (tmp_path / "not_a_source").mkdir()
    assert [p.name for p in source_folders(tmp_path)] == ["a_cube", "b_dice"]
    assert source_folders(tmp_path / "b_dice") == [tmp_path / "b_dice"]
    assert source_folders(tmp_path / "missing") == []
    assert manifest_kind(tmp_path / "a_cube") == "stickers"
    assert manifest_kind(tmp_path / "b_dice") == "dice"


def test_corrupt_row_names_the_line(tmp_path):
    write_manifest(tmp_path / "s", ["file", "width", "height", "dice_json"],
                   [{"file": "images/a.png", "width": "200", "height": "160",
                     "dice_json": "[{not json"}])
    with pytest.raises(DatasetError, match="line 2"):
        list(read_images(tmp_path / "s"))


def test_match_by_overlap_and_by_label_centre_inside():
    dets = [Seen(50, 50, 30, 0, 3, "white"), Seen(150, 50, 40, 30, 2, "red")]
    labels = [LabelledDie(3, (36, 36, 66, 66)),            # overlaps the first detection
              LabelledDie(2, (145, 45, 155, 55)),          # pips-only box inside the second
              LabelledDie(5, (300, 300, 330, 330))]        # nothing there
    assert sorted(match(dets, labels)) == [(0, 0), (1, 1)]
    assert contains(dets[1], (150 + 14, 50))
    assert not contains(dets[1], (150 + 25, 50 + 25))


def test_each_label_matches_one_detection_only():
    dets = [Seen(50, 50, 30, 0, 3, "white"), Seen(53, 50, 30, 0, 3, "white")]
    assert len(match(dets, [LabelledDie(3, (35, 35, 65, 65))])) == 1


def test_tally_counts_found_faces_abstentions_false_and_colour_filter():
    labels = [LabelledDie(1, (0, 0, 30, 30), "white"), LabelledDie(2, (100, 0, 130, 30), "red"),
              LabelledDie(4, (200, 0, 230, 30), "black"), LabelledDie(6, (300, 0, 330, 30))]
    dets = [Seen(15, 15, 30, 0, 1, "white"), Seen(115, 15, 30, 0, None, "red"),
            Seen(215, 15, 30, 0, 5, "unknown"), Seen(500, 500, 30, 0, 2, "white")]
    t = Tally()
    t.add_outcomes(outcomes(dets, labels))
    f = t.figures()
    assert (f["dice"], f["found"], f["read"], f["wrong"], f["abstained"], f["false"]) == \
        (4, 3, 2, 1, 1, 1)
    assert t.colour_correct == 3 and t.colour_labelled == 3  # black -> "unknown" is right
    assert t.confusion[(6, -1)] == 1 and t.confusion[(2, 0)] == 1 and t.confusion[(4, 5)] == 1
    only = Tally()
    only.add_outcomes(outcomes(dets, labels, colours={"white", "red"}))
    g = only.figures()
    # the black die's detection is ignored (neither found nor false); the stray one is false
    assert (g["dice"], g["found"], g["read"], g["wrong"], g["false"]) == (2, 2, 1, 0, 1)


def test_summary_line_format():
    t = Tally(dice=200, found=198, read=196, correct=195, abstained=2, colour_labelled=100,
              colour_correct=99, false=1, images=10)
    assert accuracy.summary_line(t, 4.25) == (
        "dice 200 | found 99.0% | face acc 99.5% | colour acc 99.0% | abstained 1.0% "
        "| false 1 | ms/img 4.2")


def test_outcomes_name_what_became_of_each_die_and_respect_the_colour_filter():
    labels = [LabelledDie(1, (0, 0, 30, 30), "white"), LabelledDie(2, (100, 0, 130, 30), "red"),
              LabelledDie(4, (200, 0, 230, 30), "black"), LabelledDie(6, (300, 0, 330, 30))]
    dets = [Seen(15, 15, 30, 0, 1, "white"), Seen(115, 15, 30, 0, None, "red", "cocked"),
            Seen(215, 15, 30, 0, 5, "unknown"), Seen(500, 500, 30, 0, 2, "white")]
    kinds = {(o.kind, o.label.value if o.label else None) for o in outcomes(dets, labels)}
    assert kinds == {("right", 1), ("abstained", 2), ("wrong", 4), ("missed", 6),
                     ("false", None)}
    only = outcomes(dets, labels, {"white", "red"})
    assert sorted(o.kind for o in only) == ["abstained", "false", "right"]
    assert next(o for o in only if o.kind == "abstained").seen.reason == "cocked"


def _args(dataset: Path, colours: str | None = None,
          outcomes_file: Path | None = None, scale: float = 1.0,
          turn: float = 0.0) -> argparse.Namespace:
    return argparse.Namespace(dataset=str(dataset), colours=colours, json=True, limit=None,
                              outcomes=str(outcomes_file) if outcomes_file else None,
                              scale=scale, turn=turn)


def drawn_dataset(tmp_path: Path) -> None:
    """Two white dice (2 and 5, 50 px) in two images, a missing image, a sticker set."""
    import cv2
    folder = tmp_path / "drawn"
    (folder / "images").mkdir(parents=True)
    rows = []
    for k, face in enumerate((2, 5)):
        img = np.full((160, 200, 3), (200, 205, 210), np.uint8)
        bgr, alpha = draw_die(face, "white", 50, 10.0 * k, seed=k)
        paste_die(img, bgr, alpha, (100, 80))
        cv2.imwrite(str(folder / "images" / f"{k}.png"), img)
        rows.append(dice_row(f"images/{k}.png", [{"value": face, "x0": 75, "y0": 55, "x1": 125,
                                                  "y1": 105, "colour_verified": "white"}]))
    rows.append(dice_row("images/missing.png", []))
    write_manifest(folder, ["file", "width", "height", "n_dice", "dice_json"], rows)
    write_manifest(tmp_path / "cube", ["file", "width", "height", "stickers_json"], [])


def test_command_on_a_drawn_dataset(tmp_path, capsys):
    drawn_dataset(tmp_path)
    rows_file = tmp_path / "outcomes.csv"
    assert accuracy.command(_args(tmp_path, "white,red", rows_file)) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert any("skipped cube" in line and "not dice" in line for line in out)
    assert any("unreadable image skipped: missing.png" in line for line in out)
    assert json.loads(out[-2])["dice"] == 2
    assert out[-1].startswith("dice 2 | found 100.0% | face acc 100.0% | colour acc 100.0% "
                              "| abstained 0.0% | false 0 | ms/img ")
    with rows_file.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [(r["file"], r["outcome"], r["value"], r["read"]) for r in rows] == [
        ("0.png", "right", "2", "2"), ("1.png", "right", "5", "5")]
    assert rows[0]["source"] == "drawn" and rows[0]["label_colour"] == "white"


@pytest.mark.parametrize("scale, turn", [(1.6, 0.0), (1.0, 30.0), (0.8, -65.0)])
def test_scaled_and_turned_photos_are_matched_in_the_labels_pixels(tmp_path, capsys,
                                                                   scale, turn):
    drawn_dataset(tmp_path)
    rows_file = tmp_path / "outcomes.csv"
    assert accuracy.command(_args(tmp_path, "white,red", rows_file, scale, turn)) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert f"scaled x{scale:g} and turned {turn:g} deg" in "\n".join(out)
    assert out[-1].startswith("dice 2 | found 100.0% | face acc 100.0%")
    with rows_file.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    # the detections are back where the dice are drawn, at their size in the photo
    for r in rows:
        assert abs(float(r["x"]) - 100) < 3 and abs(float(r["y"]) - 80) < 3
        assert 40 < float(r["size"]) < 60


def test_a_scale_out_of_range_stops_with_a_message(tmp_path, capsys):
    drawn_dataset(tmp_path)
    assert accuracy.command(_args(tmp_path, scale=0.0)) == 2
    assert capsys.readouterr().out.startswith("error: scale must lie in")


@pytest.mark.parametrize("scale, turn", [(2.0, 0.0), (0.5, 0.0), (1.0, 30.0), (1.5, 135.0)])
def test_reframing_maps_a_point_back_to_the_photo(scale, turn):
    image = np.zeros((90, 120, 3), np.uint8)
    image[20:24, 84:88] = 255  # a bright square centred on (85.5, 21.5)
    changed, back = Reframing(scale, turn).apply(image)
    ys, xs = np.nonzero(changed[:, :, 0] > 100)
    weights = changed[ys, xs, 0].astype(float)
    x, y = map_back(back, float((xs * weights).sum() / weights.sum()),
                    float((ys * weights).sum() / weights.sum()))
    assert abs(x - 85.5) < 0.3 and abs(y - 21.5) < 0.3
    # the whole photo is on the new canvas, with the photo's border colour in the corners
    assert changed.shape[0] >= round(90 * scale) - 1 and changed.shape[1] >= round(120 * scale) - 1
    assert changed[0, 0].tolist() == [0, 0, 0]


def test_an_outcomes_file_that_cannot_be_written_stops_before_the_run(tmp_path, capsys):
    write_manifest(tmp_path / "src", ["file", "width", "height", "n_dice", "dice_json"], [])
    assert accuracy.command(_args(tmp_path, None, tmp_path / "no" / "such" / "o.csv")) == 2
    assert capsys.readouterr().out.startswith("error: cannot write")


def test_missing_dataset_is_skipped_with_a_message(tmp_path, capsys):
    assert accuracy.command(_args(tmp_path / "nowhere")) == 0
    out = capsys.readouterr().out
    assert out.startswith("skipped:") and "not found" in out


@pytest.mark.skipif(not (REALDATA / "nellbyler_dice_detection").is_dir(),
                    reason=f"real photos not present at {REALDATA}")
def test_command_runs_on_a_few_real_photos(capsys):
    args = _args(REALDATA / "nellbyler_dice_detection", "white,red")
    args.limit = 3
    assert accuracy.command(args) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith("dice ")
