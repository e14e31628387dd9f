"""Tests of ``bench cubes``: its scenes, their truth, the tally and the exact last line (two
rendered scenes; the benchmark itself is run by hand)."""

from __future__ import annotations

import argparse
import json
import re

from bench import cubes
from bench.cubes import CubeTally, Truth, cube_scene, truths
from engine.table import Cell, Colour, Item, ItemKind, TableView

LINE = re.compile(r"^scenes \d+ \| board not found \d+ \| cubes \d+ \| read \d+\.\d% \| "
                  r"abstained \d+\.\d% \| wrong \d+ \| stacks \d+\.\d%$")


def test_scenes_are_games_of_eight_cubes_and_the_same_for_the_same_number():
    assert cube_scene(7) == cube_scene(7) and cube_scene(7) != cube_scene(8)
    for n in range(20):
        scene = cube_scene(n)
        assert len(scene.cubes) == 8
        assert sum(c.ringed for c in scene.cubes) <= 1
        for truth in truths(scene):
            cell = cubes.G.cell_at_mm(truth.x_mm, truth.y_mm)
            zone = cubes.G.zone_at(truth.x_mm, truth.y_mm)
            assert cell is not None or (zone is not None and zone.name == "off_board")


def test_a_stack_is_one_truth_showing_its_upper_cube():
    scene = next(s for s in map(cube_scene, range(50))
                 if sum(c.z_mm > 0 for c in s.cubes) == 1)
    upper = next(c for c in scene.cubes if c.z_mm > 0)
    [stack] = [t for t in truths(scene) if t.stacked]
    assert stack.colour == upper.top and len(truths(scene)) == 8 - 1


def _view(item: Item | None) -> TableView:
    grid = tuple(tuple(item if (r, c) == (0, 0) else None for c in range(3)) for r in range(3))
    return TableView(grid=grid, zones=(("off_board", ()),))


def test_the_tally_counts_wrong_colours_false_stacks_and_phantoms():
    x, y = cubes.G.cell_centre_mm(Cell(0, 0))
    truth = Truth("red", x, y, False, False)
    tally = CubeTally()
    tally._count(1, truth, Item(None, Colour.RED, 0.9, x, y, kind=ItemKind.CUBE))
    tally._count(2, truth, Item(None, Colour.BLACK, 0.9, x, y, kind=ItemKind.CUBE))
    tally._count(3, truth, Item(None, Colour.RED, 0.9, x, y, kind=ItemKind.CUBE, stacked=True))
    tally._count(4, truth, Item(None, Colour.RED, 0.5, x, y, kind=ItemKind.CUBE))
    tally._count(5, truth, None)
    f = tally.figures()
    assert (tally.read, tally.abstained, f["wrong"]) == (2, 2, 2)
    assert tally.wrong_colour == [2] and tally.false_stacks == [3]


def test_command_on_two_scenes_ends_with_the_exact_line(capsys):
    args = argparse.Namespace(scenes=2, first=3, json=True)
    assert cubes.command(args) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert LINE.match(lines[-1]), lines[-1]
    figures = json.loads(lines[-2])
    assert figures["scenes"] == 2 and figures["wrong"] == 0
