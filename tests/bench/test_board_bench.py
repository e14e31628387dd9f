"""Tests of the board benchmark's pieces: its scenes and how it scores them."""

from __future__ import annotations

import argparse
import re

from bench.board_dice import KindTally, board_scene, command, kind_of, strays
from calibration.board_files import load_layout
from calibration.synthetic import Die
from vision.board.geometry import BoardGeometry
from vision.top.types import DieDetection

G = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read


def test_scenes_are_seeded_and_vary() -> None:
    assert board_scene(7) == board_scene(7)
    scenes = [board_scene(n) for n in range(40)]
    assert len({s.pose for s in scenes}) == 40
    kinds = {kind_of(d, True) for s in scenes for d in s.grid_dice().values()}
    assert kinds == {"flat", "cocked", "moving"}
    assert any(s.loose for s in scenes) and any(s.red == "translucent-red" for s in scenes)


def _at(die: Die, face: int | None, dx_mm: float = 0.0) -> DieDetection:
    return DieDetection((die.x_mm + dx_mm) * G.px_per_mm, die.y_mm * G.px_per_mm, G.die_px, 0.0,
                        face, "white", 0.0 if face is None else 0.9)


def test_the_tally_counts_read_abstained_and_wrong_dice() -> None:
    die = Die(face=3, x_mm=60.0, y_mm=60.0)
    tally = KindTally()
    tally.add(0, die, [_at(die, 3)])
    tally.add(1, die, [_at(die, None)])
    tally.add(2, die, [_at(die, 5, dx_mm=1.0)])
    tally.add(3, die, [_at(die, 5, dx_mm=12.0)])          # far off: another die's, not found
    tally.add(4, die, [_at(die, 5, dx_mm=4.0), _at(die, 3)])  # the nearest detection counts
    assert (tally.dice, tally.read, tally.abstained, tally.wrong) == (5, 2, 1, [2])


def test_a_face_called_where_no_die_was_drawn_is_a_stray() -> None:
    scene = board_scene(3)
    die = next(iter(scene.grid_dice().values()))
    assert strays(scene, [_at(die, die.face)]) == 0
    far = DieDetection(5.0, 5.0, G.die_px, 0.0, 4, "white", 0.9)
    assert strays(scene, [far, DieDetection(5.0, 5.0, G.die_px, 0.0, None, "white", 0.0)]) == 1


def test_the_command_prints_a_line_per_kind_and_the_totals(capsys) -> None:
    assert command(argparse.Namespace(scenes=1)) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.split(":")[0] for line in lines[:4]] == ["flat", "cocked", "moving", "loose"]
    assert re.fullmatch(r"scenes 1 \| board not found 0 \| dice \d+ \| read [\d.]+% \| "
                        r"abstained [\d.]+% \| wrong 0 \| false 0 \| "
                        r"find_board_dice [\d.]+ ms/scene", lines[-1]), lines[-1]
