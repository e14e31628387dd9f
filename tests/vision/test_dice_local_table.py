"""Small dice near a tray's wall: found against a local table estimate, reported only when read.

The drawn scene is a light grey tray compartment, 120 px wide between white paper, with a dark
wall on one side: the table estimate sized for the largest dice takes the paper's white there,
so a white die on the tray is not brighter than it.
"""

from __future__ import annotations

import cv2
import numpy as np

import vision.dice_candidates as candidates
from calibration.dice_art import draw_die, paste_die
from vision.dice import DieDetection, _reportable, find_dice
from vision.dice_candidates import LOCAL, Candidate, difference_masks, estimate_table, regions

PAPER, TRAY, WALL = (246, 247, 248), (200, 202, 204), (60, 60, 70)
DIE = 22            # px: a small die, as in a phone photo of a whole tray
SEARCH = (12, 150)  # the die sizes searched for, as in the accuracy benchmark
SCENES = [(seed, face) for seed in range(2) for face in range(1, 7)]


def tray_scene(seed: int, face: int) -> tuple[np.ndarray, tuple[float, float]]:
    """A white die on the tray 20-40 px from its wall, slightly soft, with sensor noise."""
    rng = np.random.default_rng(seed)
    img = np.empty((640, 640, 3), np.float32)
    img[:] = PAPER
    img[:, 400:520] = TRAY
    img[:, 400:412] = WALL
    die, alpha = draw_die(face, "white", DIE, float(rng.uniform(0, 90)), seed=seed)
    at = (430.0 + 10 * (seed % 3), 320.0)
    paste_die(img, die, alpha, at)
    img = cv2.GaussianBlur(img, (0, 0), 1.0) + rng.normal(0.0, 3.0, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8), at


def _bright_regions_at(regs: list[Candidate], at: tuple[float, float]) -> list[Candidate]:
    return [c for c in regs if c.source.startswith("bright")
            and np.hypot(c.cx - at[0], c.cy - at[1]) < DIE / 2]


def test_the_wide_table_estimate_hides_the_die_and_the_local_one_finds_it():
    img, at = tray_scene(0, 4)
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB)
    low, high = 0.8 * SEARCH[0], 1.15 * SEARCH[1]
    wide = [c for name, mask in difference_masks(lab, estimate_table(lab, high)).items()
            for c in regions(mask, low, high, name)]
    assert not _bright_regions_at(wide, at)  # the paper's white leaked into the estimate
    local = candidates.local_regions(lab, low, [])
    found = _bright_regions_at(local, at)
    assert found and all(candidates.is_local(c) for c in found)
    assert all(abs(c.size - DIE) < 0.3 * DIE for c in found)


def test_local_regions_skip_places_already_found():
    img, at = tray_scene(0, 4)
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB)
    there = Candidate(at[0], at[1], DIE, DIE, 0.0, 1.0, "edges")
    near = [c for c in candidates.local_regions(lab, 9.6, [there])
            if np.hypot(c.cx - at[0], c.cy - at[1]) < DIE]
    assert near == []


def _reads() -> int:
    right = 0
    for seed, face in SCENES:
        img, _ = tray_scene(seed, face)
        dets = find_dice(img, min_size=SEARCH[0], max_size=SEARCH[1])
        assert all(d.face in (None, face) for d in dets), dets  # never a wrong face
        right += [d.face for d in dets] == [face]
    return right


def test_small_dice_beside_a_wall_are_read(monkeypatch):
    with_local = _reads()
    monkeypatch.setattr(candidates, "LOCAL_TABLE", float("inf"))  # the wide estimate only
    without = _reads()
    assert with_local >= 10, with_local   # of 12
    assert without < with_local, (without, with_local)


def _die(face: int | None, size: float) -> DieDetection:
    return DieDetection(0.0, 0.0, size, 0.0, face, "white", 0.9 if face else 0.0)


def test_a_local_place_is_reported_only_when_read_at_a_searched_size():
    local = [Candidate(0.0, 0.0, 20.0, 20.0, 0.0, 0.9, "bright14" + LOCAL)]
    wide = [Candidate(0.0, 0.0, 20.0, 20.0, 0.0, 0.9, "bright14")]
    assert _reportable(local, _die(3, 20.0), 12.0)
    assert not _reportable(local, _die(None, 20.0), 12.0)   # unreadable: more often clutter
    assert not _reportable(local, _die(1, 10.0), 12.0)      # smaller than any die searched for
    assert _reportable(wide, _die(None, 20.0), 12.0)        # elsewhere abstentions are reported
    split = Candidate(0.0, 0.0, 20.0, 20.0, 0.0, 0.9, "bright14" + LOCAL + "+split")
    assert not _reportable([split], _die(None, 20.0), 12.0)
