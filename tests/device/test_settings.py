"""device.settings: the TOML configuration file, its checks, `dicekeeper config check|show`,
and `dicekeeper run` taking its hardware and game from it."""

from __future__ import annotations

import argparse
import re
import tomllib
from pathlib import Path

import pytest

from device.cli import main
from device.config import config_from_args
from device.errors import ConfigError, DeviceError
from device.settings import (
    SECTIONS,
    SYSTEM_CONFIG,
    Settings,
    config_path,
    load_settings,
    parse_settings,
    settings_text,
    template_text,
)

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "systemd" / "dicekeeper.toml"
KEY_LINE = re.compile(r"^# (\w+) = (.+)$")


def _problems(text: str) -> list[str]:
    with pytest.raises(ConfigError) as err:
        parse_settings(text, "t.toml")
    assert isinstance(err.value, DeviceError) and isinstance(err.value, ValueError)
    assert all("\n" not in p and p.startswith("t.toml: ") for p in err.value.problems)
    return err.value.problems


def test_the_template_lists_every_key_commented_at_its_default():
    text = template_text()
    assert parse_settings(text) == Settings(path=Path("dicekeeper.toml"))  # all commented out
    keys = [KEY_LINE.match(line).group(1) for line in text.splitlines() if KEY_LINE.match(line)]
    assert sorted(keys) == sorted(f.name for s in SECTIONS.values()
                                  for f in s.__dataclass_fields__.values())
    uncommented = "\n".join(line[2:] if KEY_LINE.match(line) else line
                            for line in text.splitlines())
    settings = parse_settings(uncommented)
    assert len(settings.given) == len(keys)
    assert settings == Settings(path=settings.path, given=settings.given)  # the same defaults


def test_the_shipped_file_is_the_template():
    assert SHIPPED.read_text() == template_text(), (
        "regenerate it: .venv/bin/python -c 'from device.settings import template_text; "
        "print(template_text(), end=\"\")' > systemd/dicekeeper.toml")


def test_a_full_file_is_read_into_typed_settings():
    settings = parse_settings("""
[camera]
source = "webcam:1"
width = 1640
height = 1232
focus = "fixed"
lens_position = 3
[display]
type = "sh1106"
i2c_address = 0x3d
rotate = 2
[buttons]
pin_a = 17
pin_b = 27
pin_c = 22
[buzzer]
type = "none"
pin = 17
[game]
name = "cubecourier"
[records]
folder = "/srv/records"
""", "t.toml")
    assert settings.camera.source == "webcam:1"
    assert (settings.camera.width, settings.camera.height) == (1640, 1232)
    assert settings.camera.lens_position == 3.0 and isinstance(settings.camera.lens_position,
                                                               float)
    assert settings.display.type == "sh1106" and settings.display.i2c_address == 0x3D
    assert settings.display.rotate == 2 and settings.display.i2c_port == 1  # the default
    assert (settings.buttons.pin_a, settings.buttons.pin_b, settings.buttons.pin_c) == (17, 27, 22)
    assert settings.buzzer.type == "none"  # silent: sharing a pin is no clash then
    assert settings.game.name == "cubecourier" and settings.records.folder == "/srv/records"
    assert "display.rotate" in settings.given and "display.i2c_port" not in settings.given


@pytest.mark.parametrize("text, words", [
    ("[camra]\nsource = 'auto'", ["unknown section [camra]", "did you mean camera?",
                                   "[camera], [display]"]),
    ("[display]\nadress = 0x3c", ["[display] unknown key adress", "did you mean i2c_address?",
                                  "i2c_port, i2c_address, rotate"]),
    ("display = 3", ["display = 3 must be a table", "[display] on its own line"]),
    ("[display]\nrotate = '2'", ['[display] rotate = "2": must be a whole number',
                                 "e.g. rotate = 0"]),
    ("[display]\nrotate = 5", ["[display] rotate = 5: must be one of 0, 1, 2, 3"]),
    ("[display]\ni2c_address = 0x80", ["i2c_address = 128: must be from 0x03 to 0x77"]),
    ("[camera]\nwidth = true", ["width = true: must be a whole number"]),
    ("[buzzer]\nactive_high = 1", ["active_high = 1: must be true or false"]),
    ("[camera]\nfocus = 'macro'", ['focus = "macro": must be one of "continuous", "fixed"']),
    ("[camera]\nsource = 'webcam:front'", ["webcam:N needs a number"]),
    ("[buttons]\npin_a = 40", ["pin_a = 40: must be from 0 to 27"]),
    ("[buttons]\npin_a = 6", ["pin_a, pin_b, pin_c = 6, 6, 13", "its own BCM pin"]),
    ("[buzzer]\npin = 13", ["[buzzer] pin = 13 is a button's pin", 'type = "none"']),
    ("[buttons]\npin_c = 3", ["[buttons] pin_c = 3 is the OLED's I2C SCL pin"]),
    ("[game]\nname = 'unifcation'", ['name = "unifcation" (did you mean unification?)',
                                     "the games are unification, growing-nine"]),
    ("[game]\nname = 'unification'\nside = 'hard'", ["unification has the sides simple, complex"]),
    ("[game]\nside = 'simple'", ["side = \"simple\" needs [game] name"]),
    ("[display\ntype = 'ssd1306'", ["not valid TOML", "line 1", "fix that line"]),
    ('[game]\nname = "two\\nlines"', ['name = "two\\nlines"']),  # still one line
])
def test_each_fault_is_one_line_naming_the_key_and_the_fix(text, words):
    problems = _problems(text)
    joined = " | ".join(problems)
    for word in words:
        assert word in joined


def test_every_fault_is_reported_not_only_the_first():
    problems = _problems("[display]\nrotate = 7\ncolour = 'blue'\n[buttons]\npin_a = -1\n")
    assert len(problems) == 3


def test_the_file_and_where_it_is(tmp_path, monkeypatch):
    monkeypatch.delenv("DICEKEEPER_CONFIG", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert config_path({"DICEKEEPER_PI": "0"}) == (
        tmp_path / ".config" / "dicekeeper" / "dicekeeper.toml", False)
    assert config_path({"DICEKEEPER_PI": "1"}) == (SYSTEM_CONFIG, False)
    named = tmp_path / "mine.toml"
    assert config_path({"DICEKEEPER_CONFIG": str(named)}) == (named, True)
    assert load_settings(env={"DICEKEEPER_PI": "0"}) == Settings()  # no file: the defaults
    with pytest.raises(ConfigError, match="no such configuration file"):
        load_settings(env={"DICEKEEPER_CONFIG": str(named)})  # named: it must exist
    named.write_text("[display]\nrotate = 2\n")
    assert load_settings(env={"DICEKEEPER_CONFIG": str(named)}).display.rotate == 2
    named.write_bytes(b"\xff\xfe[display]")
    with pytest.raises(ConfigError, match="cannot read it"):
        load_settings(named)


def test_run_arguments_win_over_the_file():
    settings = parse_settings("[game]\nname = 'unification'\nside = 'complex'\n"
                              "[records]\nfolder = '/srv/r'\n")
    env = {"WATCHDOG_USEC": ""}
    none = argparse.Namespace(game=None, side=None, records=None, profile=None)
    config = config_from_args(none, env, settings)
    assert (config.game, config.side, config.records_dir) == ("unification", "complex",
                                                              Path("/srv/r"))
    given = argparse.Namespace(game="no-gaps", side=None, records="/tmp/x", profile=None)
    config = config_from_args(given, env, settings)
    assert (config.game, config.side, config.records_dir) == ("no-gaps", "a", Path("/tmp/x"))
    first_side = config_from_args(none, env, parse_settings("[game]\nname = 'growing-nine'"))
    assert first_side.side == "a"


# ---------------------------------------------------------------- the commands

def test_config_check_says_ok_or_names_each_fault(tmp_path, capsys):
    path = tmp_path / "d.toml"
    path.write_text("[display]\ntype = 'sh1106'\n")
    assert main(["config", "check", "--config", str(path)]) == 0
    assert capsys.readouterr().out == f"ok: {path} (1 keys set, the rest default)\n"
    path.write_text("[display]\ntype = 'hdmi'\nrotate = 9\n")
    assert main(["config", "check", "--config", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all(line.startswith(f"{path}: [display] ") for line in lines)


def test_config_check_without_a_file_uses_the_defaults(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert main(["config", "check"]) == 0
    assert "no configuration file at" in capsys.readouterr().out


def test_config_show_prints_toml_with_where_each_value_comes_from(tmp_path, capsys):
    path = tmp_path / "d.toml"
    path.write_text("[display]\nrotate = 2\n")
    assert main(["config", "show", "--config", str(path)]) == 0
    out = capsys.readouterr().out
    assert "rotate = 2  # from the file" in out and "i2c_address = 0x3c  # default" in out
    shown = tomllib.loads(out)  # what it prints is a configuration file itself
    assert parse_settings(out).display.rotate == shown["display"]["rotate"] == 2
    assert settings_text(parse_settings(out)).count("# from the file") == len(
        [f for s in SECTIONS.values() for f in s.__dataclass_fields__])


def test_a_missing_config_file_on_the_command_line_is_exit_2(tmp_path, capsys):
    assert main(["config", "check", "--config", str(tmp_path / "nope.toml")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "no such file" in captured.err
