"""Tests of the ink benchmark's pieces: its scenes and how it scores a view."""

from __future__ import annotations

import argparse
import re

from bench.ink import Tally, _count_cell, command, ink_scene
from engine.table import Colour, Item, ItemKind


def test_scenes_are_seeded_vary_and_cover_both_games() -> None:
    assert ink_scene(5) == ink_scene(5)
    scenes = [ink_scene(n) for n in range(12)]
    assert {s.scene.board.name for s in scenes} == {"horizontal-vertical", "no-gaps"}
    assert len({s.scene.pose for s in scenes}) == 12
    assert all(len(s.scene.ink) == len(s.inked) + len(s.ticked) for s in scenes)
    assert any(s.die_cell is not None for s in scenes) and any(s.ticked for s in scenes)
    assert {m.kind for s in scenes for m in s.scene.ink} == {"digit", "x", "hatch", "tick"}


def test_a_cell_counts_as_found_unsure_false_or_missed() -> None:
    tally = Tally()
    ink = Item(None, Colour.WHITE, 1.0, kind=ItemKind.INK)
    faint = Item(None, Colour.WHITE, 0.55, kind=ItemKind.INK)
    _count_cell(tally, True, ink)
    _count_cell(tally, True, faint)
    _count_cell(tally, True, None)      # missed
    _count_cell(tally, False, ink)      # false ink
    _count_cell(tally, False, Item(3))  # a die, not ink: not false ink
    assert (tally.cells, tally.inked, tally.found, tally.unsure, tally.false) == (5, 3, 2, 1, 1)
    assert "missed 1" in tally.line()


def test_the_command_prints_one_summary_line(capsys) -> None:
    assert command(argparse.Namespace(boards=2)) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"ink: boards 2 \| board not found 0 \| cells \d+ \| inked \d+ \| "
                        r"found \d+ \(unsure \d+\) \| false ink 0 \| missed 0 \| pass boxes 3 "
                        r"\| ticked \d \| found \d \| false 0 \| dice on cells \d \| taken for "
                        r"ink 0 \| find_ink [\d.]+ ms/board", line), line
