"""Dice touching in a heap (``vision.photo.heaps``): found where their regions merged.

Drawn heaps come from ``bench hard``'s heap kind: three dice touching, each turned its own
way, beside three lone dice of the set that give the dice's size. The seeds below are scenes
in which the finder without heaps missed at least one of the heap's dice.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from bench.hard_dice import heap_scene
from vision.photo.config import PHOTO
from vision.photo.finder import find_dice, reportable
from vision.photo.heaps import heap_parts, typical_size
from vision.photo.regions import regions_and_heaps
from vision.photo.sources import HEAP
from vision.top.config import READER
from vision.top.types import Candidate, DieDetection

EDGE = 40.0


@pytest.mark.parametrize("seed", [1, 4, 10, 15, 21])
def test_the_dice_of_a_heap_are_found_and_read(seed):
    scene = heap_scene(seed)
    dets = find_dice(scene.image)
    for x, y, face in scene.dice:
        near = [d for d in dets if np.hypot(d.x - x, d.y - y) < 0.5 * scene.size]
        assert [d.face for d in near] == [face]
    tops = {face for *_, face in scene.dice}
    sure = [d for d in dets if d.face is not None and d.confidence >= READER.min_confidence]
    assert all(d.face in tops for d in sure)


# three squares of EDGE px touching in a heap: centre and turn (degrees)
HEAP_DICE = [((100.0, 100.0), 0.0), ((141.0, 112.0), 30.0), ((97.0, 143.0), 15.0)]


def _mask(squares, side: int = 260) -> np.ndarray:
    mask = np.zeros((side, side), np.uint8)
    for centre, turn in squares:
        corners = cv2.boxPoints((centre, (EDGE, EDGE), turn))
        cv2.fillConvexPoly(mask, np.round(corners).astype(np.int32), 255)
    return mask


def _lone(n: int) -> list[Candidate]:
    """``n`` single dice of EDGE px found elsewhere in the photo."""
    return [Candidate(20.0 + 50 * k, 240.0, EDGE, EDGE, 0.0, 0.95, "dark14") for k in range(n)]


def _parts(mask: np.ndarray, found: list[Candidate]) -> list[Candidate]:
    kept, heaps = regions_and_heaps(mask, 20.0, 80.0, "dark14")
    assert kept == []  # no square fits the heap as a whole
    return heap_parts([(outline, "dark14") for outline in heaps], found, mask.shape[:2])


def test_a_heap_is_cut_into_its_dice_squares():
    parts = _parts(_mask(HEAP_DICE), _lone(3))
    assert len(parts) == len(HEAP_DICE)
    for (x, y), turn in HEAP_DICE:
        part = min(parts, key=lambda p: np.hypot(p.cx - x, p.cy - y))
        assert np.hypot(part.cx - x, part.cy - y) < 3.0
        assert 0.85 * EDGE <= part.size <= 1.1 * EDGE
        apart = abs(part.angle % 90.0 - turn % 90.0)
        assert min(apart, 90.0 - apart) < 6.0
        assert part.source == "dark14+part" + HEAP


def test_no_heap_is_cut_without_single_dice_to_give_their_size():
    assert typical_size(_lone(2)) is None
    assert _parts(_mask(HEAP_DICE), _lone(2)) == []
    # halves of a pair, pip groups and the second look's regions say nothing of the size
    others = [Candidate(30.0, 30.0, EDGE, EDGE, 0.0, 0.9, source)
              for source in ("dark14+split", "pips4", "cream~faint", "dark14+part" + HEAP)]
    assert typical_size(_lone(2) + others) is None
    # one die found in three masks is one witness
    one_die = [Candidate(20.0 + k, 240.0, EDGE, EDGE, 0.0, 0.95, source)
               for k, source in enumerate(("dark14", "dark28", "edges"))]
    assert typical_size(one_die) is None
    assert typical_size(one_die + _lone(3)[1:]) == EDGE


def test_a_heap_is_cut_at_the_size_of_the_single_dice():
    small = [Candidate(20.0 + 50 * k, 240.0, 0.5 * EDGE, 0.5 * EDGE, 0.0, 0.95, "dark14")
             for k in range(3)]
    assert _parts(_mask(HEAP_DICE), small) == []


def test_a_region_running_out_of_the_frame_is_not_a_heap():
    at_the_edge = [((x - 80.0, y), turn) for (x, y), turn in HEAP_DICE]
    assert _parts(_mask(at_the_edge), _lone(3)) == []


def test_a_region_larger_than_a_heap_is_clutter(monkeypatch):
    # a tray's corner: two walls a die's edge wide, together more than PHOTO.heap_most dice
    mask = np.zeros((300, 300), np.uint8)
    mask[20:64, 20:280] = 255
    mask[20:280, 20:64] = 255
    outlines = [(h, "dark14") for h in regions_and_heaps(mask, 20.0, 80.0, "dark14")[1]]
    assert cv2.contourArea(outlines[0][0]) > PHOTO.heap_most * EDGE * EDGE
    assert heap_parts(outlines, _lone(3), mask.shape[:2]) == []
    # it would be cut into squares
    monkeypatch.setattr("vision.photo.heaps.PHOTO", replace(PHOTO, heap_most=20))
    assert heap_parts(outlines, _lone(3), mask.shape[:2]) != []


@pytest.mark.parametrize(("face", "reason", "reported"),
                         [(3, "", True), (None, "cocked", False), (None, "unclear pips", False)])
def test_a_heaps_part_is_reported_only_when_its_face_reads(face, reason, reported):
    part = Candidate(100.0, 100.0, EDGE, EDGE, 0.0, 0.9, "dark14+part" + HEAP)
    die = DieDetection(100.0, 100.0, EDGE, 0.0, face, "white", 0.9 if face else 0.0, reason)
    assert reportable([part], die, min_size=25.0) is reported
    assert not reportable([part], die, min_size=EDGE + 1.0)
