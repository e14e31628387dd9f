"""The finder's second, more sensitive look: faint cream dice and small dice beside a tray's
wall are found, and its places are reported only when their face reads.

Two drawn scenes, both as in phone photos of a whole tray (dice 22-30 px, slightly soft, with
sensor noise):
- a light grey tray compartment, 120 px wide between white paper, with a dark wall: the table
  estimate sized for the largest dice takes the paper's white there, so a white die on the
  tray is not brighter than it;
- a cream die as bright as the light grey table and yellower by only 9 (Lab b).
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

import vision.photo.candidates
import vision.photo.regions
from calibration.dice_art import draw_die, paste_die
from vision.photo.config import PHOTO
from vision.photo.finder import find_dice, reportable
from vision.photo.regions import each_difference_mask, estimate_table, regions
from vision.photo.sources import FAINT, is_faint
from vision.top.types import Candidate, DieDetection

PAPER, TRAY, WALL = (246, 247, 248), (200, 202, 204), (60, 60, 70)
GREY_TABLE_LAB = (190, 129, 130)
DIE = 22            # px: a small die, as in a phone photo of a whole tray
SEARCH = (12, 150)  # the die sizes searched for, as in the accuracy benchmark
LOW, HIGH = 0.8 * SEARCH[0], 1.15 * SEARCH[1]  # the region sizes find_dice searches for
FACES = [(seed, face) for seed in range(2) for face in range(1, 7)]


def _soft(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    img = cv2.GaussianBlur(img, (0, 0), 1.0) + rng.normal(0.0, 3.0, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def tray_scene(seed: int, face: int) -> tuple[np.ndarray, tuple[float, float]]:
    """A white die on the tray 20-40 px from its wall."""
    rng = np.random.default_rng(seed)
    img = np.empty((640, 640, 3), np.float32)
    img[:] = PAPER
    img[:, 400:520] = TRAY
    img[:, 400:412] = WALL
    die, alpha = draw_die(face, "white", DIE, float(rng.uniform(0, 90)), seed=seed)
    at = (430.0 + 10 * (seed % 3), 320.0)
    paste_die(img, die, alpha, at)
    return _soft(img, rng), at


def cream_scene(seed: int, face: int) -> np.ndarray:
    """A faint cream die, 30 px, on a light grey table: a drawn white die dimmed to the
    table's lightness and tinted yellow (its dark pips take little of the tint)."""
    rng = np.random.default_rng(seed)
    die, alpha = draw_die(face, "white", 30, float(rng.uniform(0, 90)), seed=seed)
    lab = cv2.cvtColor(die, cv2.COLOR_BGR2LAB).astype(np.float32)
    lab[:, :, 0] *= GREY_TABLE_LAB[0] / 245.0
    lab[:, :, 2] += 9.0 * lab[:, :, 0] / GREY_TABLE_LAB[0]
    die = cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)
    img = np.empty((320, 320, 3), np.float32)
    img[:] = cv2.cvtColor(np.uint8([[GREY_TABLE_LAB]]), cv2.COLOR_LAB2BGR)[0, 0]
    paste_die(img, die, alpha, (160.0, 160.0))
    return _soft(img, rng)


def _regions_at(regs: list[Candidate], at: tuple[float, float], kind: str) -> list[Candidate]:
    return [c for c in regs if c.source.startswith(kind)
            and np.hypot(c.cx - at[0], c.cy - at[1]) < DIE / 2]


def test_the_wide_table_estimate_hides_the_die_and_the_local_one_finds_it():
    img, at = tray_scene(0, 4)
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB)
    table = estimate_table(lab, HIGH)
    wide = [c for name, mask in each_difference_mask(lab, table)
            for c in regions(mask, LOW, HIGH, name)]
    assert not _regions_at(wide, at, "bright")  # the paper's white leaked into the estimate
    found = _regions_at(vision.photo.regions.faint_regions(lab, table, LOW, HIGH, []), at, "bright")
    assert found and all(is_faint(c) for c in found)
    assert all(c.source.endswith("-local" + FAINT) for c in found)
    assert all(abs(c.size - DIE) < 0.3 * DIE for c in found)


def test_the_second_look_skips_places_already_found():
    img, at = tray_scene(0, 4)
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB)
    there = Candidate(at[0], at[1], DIE, DIE, 0.0, 1.0, "edges")
    table = estimate_table(lab, HIGH)
    near = [c for c in vision.photo.regions.faint_regions(lab, table, LOW, HIGH, [there])
            if np.hypot(c.cx - at[0], c.cy - at[1]) < DIE]
    assert near == []


def _right(scenes: list[np.ndarray], faces: list[int]) -> int:
    right = 0
    for img, face in zip(scenes, faces, strict=True):
        dets = find_dice(img, min_size=SEARCH[0], max_size=SEARCH[1])
        assert all(d.face in (None, face) for d in dets), dets  # never a wrong face
        right += [d.face for d in dets] == [face]
    return right


def test_small_dice_beside_a_wall_are_read(monkeypatch):
    scenes = [tray_scene(seed, face)[0] for seed, face in FACES]
    faces = [face for _, face in FACES]
    everything = _right(scenes, faces)
    # the half-size look finds some of these dice too: the local table is measured without it
    monkeypatch.setattr(vision.photo.candidates, "PHOTO", replace(PHOTO, octave=float("inf")))
    # and so does the second look's fainter outline: it is measured without it too
    strong = (PHOTO.edge_low, PHOTO.edge_high)
    monkeypatch.setattr(vision.photo.regions, "PHOTO", replace(PHOTO, faint_edges=strong))
    with_local = _right(scenes, faces)
    # the wide estimate only
    monkeypatch.setattr(vision.photo.regions, "PHOTO",
                        replace(PHOTO, local_table=float("inf"), faint_edges=strong))
    without = _right(scenes, faces)
    assert with_local >= 10, with_local   # of 12
    assert without < with_local, (without, with_local)
    assert everything >= with_local, (everything, with_local)


def test_faint_cream_dice_are_read(monkeypatch):
    scenes = [cream_scene(seed, face) for seed, face in FACES]
    faces = [face for _, face in FACES]
    everything = _right(scenes, faces)
    # the second look's fainter outline finds some of these dice too: measured without it
    strong = (PHOTO.edge_low, PHOTO.edge_high)
    monkeypatch.setattr(vision.photo.regions, "PHOTO", replace(PHOTO, faint_edges=strong))
    with_cream = _right(scenes, faces)
    # the per-pixel masks only
    monkeypatch.setattr(vision.photo.regions, "PHOTO",
                        replace(PHOTO, faint_cream=float("inf"), faint_edges=strong))
    without = _right(scenes, faces)
    assert with_cream >= 8, with_cream    # of 12
    assert without < with_cream, (without, with_cream)
    assert everything >= with_cream, (everything, with_cream)


def _die(face: int | None, size: float, reason: str = "") -> DieDetection:
    return DieDetection(0.0, 0.0, size, 0.0, face, "white", 0.9 if face else 0.0, reason)


def test_a_faint_place_is_reported_only_when_read_at_a_searched_size():
    faint = [Candidate(0.0, 0.0, 20.0, 20.0, 0.0, 0.9, "cream" + FAINT)]
    plain = [Candidate(0.0, 0.0, 20.0, 20.0, 0.0, 0.9, "bright14")]
    assert reportable(faint, _die(3, 20.0), 12.0)
    assert not reportable(faint, _die(None, 20.0), 12.0)   # unreadable: more often clutter
    assert not reportable(faint, _die(1, 10.0), 12.0)      # smaller than any die searched for
    # a face read surely on pips squeezed as a leaning die shows them: a die to straighten
    assert reportable(faint, _die(None, 20.0, "cocked"), 12.0)
    assert not reportable(faint, _die(None, 10.0, "cocked"), 12.0)
    for reason in ("blurred", "cut off", "unclear pips", "unsure"):  # unreadable
        assert not reportable(faint, _die(None, 20.0, reason), 12.0)
    assert reportable(plain, _die(None, 20.0), 12.0)       # elsewhere abstentions are reported
    split = Candidate(0.0, 0.0, 20.0, 20.0, 0.0, 0.9, "bright14-local" + FAINT + "+split")
    assert not reportable([split], _die(None, 20.0), 12.0)


def test_each_difference_mask_gives_the_signed_differences_above_each_level():
    rng = np.random.default_rng(3)
    lab = rng.integers(0, 256, (40, 50, 3), dtype=np.uint8)
    table = rng.integers(0, 256, (40, 50, 3), dtype=np.uint8)
    diff = lab.astype(np.int16) - table.astype(np.int16)
    signed = {"bright": diff[..., 0], "dark": -diff[..., 0], "red": diff[..., 1],
              "green": -diff[..., 1], "yellow": diff[..., 2], "blue": -diff[..., 2]}
    masks = dict(each_difference_mask(lab, table))
    expected = [f"{name}{int(level)}" for name in signed
                for level in PHOTO.mask_levels + (PHOTO.cream_level,) * (name == "yellow")]
    assert list(masks) == expected
    for name, mask in masks.items():
        level = int(name.lstrip("abcdefghijklmnopqrstuvwxyz"))
        assert mask.dtype == np.uint8 and set(np.unique(mask)) <= {0, 255}
        assert np.array_equal(mask > 0, signed[name.rstrip("0123456789")] > level), name


def test_each_difference_mask_makes_the_masks_one_at_a_time_in_their_order():
    """Each mask is made when asked for, in the order of all of them: the first is there
    before the second is made (a generator, not a list)."""
    rng = np.random.default_rng(5)
    lab = rng.integers(0, 256, (30, 40, 3), dtype=np.uint8)
    table = rng.integers(0, 256, (30, 40, 3), dtype=np.uint8)
    lazy = each_difference_mask(lab, table)
    first_name, first = next(lazy)
    whole = dict(each_difference_mask(lab, table))
    assert first_name == next(iter(whole)) and np.array_equal(first, whole[first_name])
    rest = list(lazy)
    assert [name for name, _ in rest] == list(whole)[1:]
    assert all(np.array_equal(mask, whole[name]) for name, mask in rest)


def test_a_region_is_apart_only_beyond_half_the_larger_size_from_every_other():
    others = [Candidate(100.0, 100.0, 20.0, 20.0, 0.0, 1.0, "bright14"),
              Candidate(200.0, 100.0, 40.0, 30.0, 0.0, 1.0, "dark14")]
    assert vision.photo.regions.apart(Candidate(110.5, 100.0, 20.0, 20.0, 0.0, 1.0, "x"), others)
    assert not vision.photo.regions.apart(Candidate(110.0, 100.0, 20.0, 20.0, 0.0, 1.0, "x"),
                                          others)
    # half the larger of the two: 17.5 for the second, whatever the region's own size
    assert not vision.photo.regions.apart(Candidate(200.0, 117.0, 10.0, 10.0, 0.0, 1.0, "x"),
                                          others)
    assert vision.photo.regions.apart(Candidate(200.0, 117.6, 10.0, 10.0, 0.0, 1.0, "x"), others)
    assert vision.photo.regions.apart(Candidate(0.0, 0.0, 10.0, 10.0, 0.0, 1.0, "x"), [])
