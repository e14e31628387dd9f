"""Tests of the hard-dice benchmark's pieces: its scenes and how it scores them."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from bench import hard_dice
from bench.hard_dice import KINDS, HardScene, KindTally, glare_scene, heap_scene, touching_scene
from vision.top.types import DieDetection


def test_every_kind_draws_its_dice_where_it_says():
    for name, make in KINDS.items():
        scene = make(3)
        assert len(scene.dice) == {"touching": 2, "heap": 6}.get(name, 1)
        for x, y, face in scene.dice:
            assert 1 <= face <= 6
            assert 0 < x < scene.image.shape[1] and 0 < y < scene.image.shape[0]
            # the die is drawn there: its centre differs from the table in the corner
            assert np.abs(scene.image[int(y), int(x)].astype(int)
                          - scene.image[2, 2].astype(int)).max() > 20
    cocked = KINDS["cocked"]
    assert cocked(3).image.tobytes() == cocked(3).image.tobytes()  # seeded


@pytest.mark.parametrize("seed", range(1, 6))
def test_touching_dice_lie_edge_to_edge(seed):
    """The two dice make one rectangle twice as long as wide: side by side along their own
    axis, neither overlapping nor staggered."""
    scene = touching_scene(seed)
    img = scene.image.astype(int)
    on_dice = (np.abs(img - img[2, 2]).max(axis=2) > 30).astype(np.uint8)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(on_dice)
    largest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    pts = np.column_stack(np.nonzero(labels == largest)[::-1]).astype(np.float32)
    _, (w, h), _ = cv2.minAreaRect(pts)
    assert abs(max(w, h) / min(w, h) - 2.0) < 0.06
    assert abs(min(w, h) / scene.size - 1.0) < 0.05


@pytest.mark.parametrize("seed", range(1, 6))
def test_a_heaps_dice_touch_without_overlapping(seed):
    """The heap's three dice make one region (they touch: their drawn edges, faded into the
    table, lie within two pixels) as large as three lone dice of the scene (none hides part of
    another)."""
    scene = heap_scene(seed)
    img = scene.image.astype(int)
    away = cv2.medianBlur(np.abs(img - img[2, 2]).max(axis=2).astype(np.uint8), 3)
    on_dice = cv2.dilate((away > 20).astype(np.uint8), np.ones((5, 5), np.uint8))
    _, labels, stats, _ = cv2.connectedComponentsWithStats(on_dice)
    lone = [labels[int(y), int(x)] for x, y, _ in scene.dice[:3]]
    heap = {labels[int(y), int(x)] for x, y, _ in scene.dice[3:]}
    assert len(heap) == 1 and not heap & set(lone)
    one_die = np.mean([stats[k, cv2.CC_STAT_AREA] for k in lone])
    # the widened outlines overlap where the dice touch: a little less than three
    assert 2.8 < stats[heap.pop(), cv2.CC_STAT_AREA] / one_die < 3.05


@pytest.mark.parametrize("seed", range(1, 6))
def test_a_highlight_lies_on_the_die_and_is_light(seed, monkeypatch):
    """The glare kind's highlight changes only the die's own pixels, and makes them lighter:
    the same scene drawn without it differs from it nowhere else."""
    with_glare = glare_scene(seed).image.astype(int)
    monkeypatch.setattr(hard_dice, "highlight", lambda shape, *a: np.zeros(shape, np.float32))
    plain = glare_scene(seed)
    changed = np.abs(with_glare - plain.image.astype(int)).max(axis=2) > 8
    assert changed.any()
    (x, y, _), = plain.dice
    ys, xs = np.nonzero(changed)
    # a die turned any way lies within half its diagonal of its centre
    assert np.hypot(xs - x, ys - y).max() <= plain.size * np.sqrt(0.5) + 1
    lighter = with_glare.sum(axis=2) > plain.image.astype(int).sum(axis=2)
    assert (lighter[changed]).mean() > 0.9


def _det(x: float, face: int | None, confidence: float = 0.9) -> DieDetection:
    return DieDetection(x, 50.0, 40.0, 0.0, face, "white", confidence)


def test_the_tally_counts_read_abstained_and_wrong_scenes():
    scene = HardScene(np.zeros((100, 200, 3), np.uint8), ((50.0, 50.0, 3), (150.0, 50.0, 5)), 40)
    tally = KindTally()
    tally.add(0, scene, [_det(52.0, 3), _det(150.0, None)])
    tally.add(1, scene, [_det(50.0, 5), _det(148.0, 5)])     # a face of the other die: allowed
    tally.add(2, scene, [_det(50.0, 4)])                     # no die shows a 4: wrong
    tally.add(3, scene, [_det(50.0, 4, confidence=0.3)])     # not called: not wrong
    tally.add(4, scene, [_det(100.0 + 50.0, 3, confidence=0.9), _det(90.0, 6)])  # 6 far off
    assert tally.scenes == 5 and tally.dice == 10
    assert tally.read == 2          # scene 0's 3, scene 1's 5
    assert tally.abstained == 1     # scene 0's 5
    assert tally.wrong == [2, 4]
