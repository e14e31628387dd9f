"""``dicekeeper bench colours`` without ``--dataset`` (``bench.die_colours``): the six colours
drawn evenly, each die counted once, the summary lines."""

from __future__ import annotations

from collections import Counter

from bench import die_colours
from bench.die_colours import COLOURS, ColourTally, colour_scene
from calibration.synthetic import Die
from device.cli import main
from engine.table import Colour, Item, TableView


def test_scenes_draw_the_six_colours_evenly() -> None:
    drawn = Counter(d.colour for n in range(6) for d in colour_scene(n).grid_overrides.values())
    assert set(drawn) == set(COLOURS) and len(set(drawn.values())) == 1
    assert colour_scene(3) == colour_scene(3)


def test_a_die_is_right_unread_or_wrong_in_colour_or_face() -> None:
    die = Die(4, "yellow")
    grid = [[None] * 6 for _ in range(6)]
    tally = ColourTally()
    for item in (Item(4, Colour.YELLOW), Item(None, Colour.YELLOW), Item(4, Colour.GREEN),
                 Item(5, Colour.YELLOW), None):
        grid[0][0] = item
        tally.add(die, TableView(grid=tuple(tuple(r) for r in grid)), (0, 0))
    tally.add(die, None, (0, 0))
    assert (tally.dice, tally.right, tally.unread, tally.wrong_colour, tally.wrong_face) == (
        6, 1, 3, 1, 1)


def test_the_command_prints_a_line_per_colour_and_the_total(capsys) -> None:
    assert main(["bench", "colours", "--scenes", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.split(":")[0] for line in lines[:6]] == list(COLOURS)
    assert lines[-1].startswith("scenes 2 | hands drawn ") and "total: dice " in lines[-1]
    assert die_colours.DICE_PER_SCENE * 2 >= int(lines[-1].split("total: dice ")[1].split()[0])
