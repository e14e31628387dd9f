"""The configuration file: one TOML file for the device's hardware and start-up game.

Where it is: ``$DICEKEEPER_CONFIG`` when set (then it must exist), else
``/etc/dicekeeper/dicekeeper.toml`` on a Raspberry Pi (written by ``systemd/install.sh``), else
``~/.config/dicekeeper/dicekeeper.toml``. No file means every default. Every key is optional;
unknown sections and keys are refused, and each fault is one line naming the key and the fix
(``ConfigError.problems``). ``dicekeeper run`` reads it at start; its command-line options win
over the file. ``template_text()`` is the commented file install.sh writes
(``systemd/dicekeeper.toml``), ``settings_text()`` what ``dicekeeper config show`` prints.

May import: the standard library, ``device.errors``, ``device.host``, ``device.records`` and
``engine.games`` (game and side names are checked against the registry).
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import os
import re
import shlex
import textwrap
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from device.errors import ConfigError
from device.host import is_raspberry_pi

CONFIG_ENV = "DICEKEEPER_CONFIG"
SYSTEM_CONFIG = Path("/etc/dicekeeper/dicekeeper.toml")
EX_CONFIG = 78  # sysexits.h: the unit does not restart on it (RestartPreventExitStatus)
I2C_PINS = {2: "SDA", 3: "SCL"}  # BCM pins of I2C bus 1, the OLED's


def _key(default: Any, help_text: str, *, choices: tuple[Any, ...] = (),
         low: float | None = None, high: float | None = None, hex_int: bool = False) -> Any:
    """A field of a section: its default, its help line and what values it allows."""
    return field(default=default, metadata={"help": help_text, "choices": choices, "low": low,
                                            "high": high, "hex": hex_int})


@dataclass(frozen=True)
class CameraSettings:
    """``[camera]``."""

    source: str = _key("auto", "auto (the Pi camera on a Pi, else webcam 0), picamera, webcam, "
                               "webcam:N, a video file, a folder of frames or a recorded "
                               "session folder")
    width: int = _key(1280, "pixels across asked of a live camera (Camera Module 3's 16:9 "
                            "sensor is cropped to a 4:3 picture)", low=160, high=4608)
    height: int = _key(960, "pixels down asked of a live camera", low=120, high=3496)
    focus: str = _key("continuous", "Camera Module 3: \"continuous\" autofocus, or \"fixed\" at "
                                    "lens_position", choices=("continuous", "fixed"))
    lens_position: float = _key(2.5, "dioptres (1 / metres from lens to table) when focus = "
                                     "\"fixed\"; 2.5 is 40 cm", low=0.0, high=15.0)


@dataclass(frozen=True)
class DisplaySettings:
    """``[display]``."""

    type: str = _key("auto", "ssd1306 (0.96\"), sh1106 (1.3\"), auto (ssd1306 when /dev/i2c-1 "
                             "exists, else emulator), emulator (PNG + GIF), text, dummy",
                     choices=("auto", "ssd1306", "sh1106", "emulator", "text", "dummy"))
    i2c_port: int = _key(1, "I2C bus number (/dev/i2c-N)", low=0, high=31)
    i2c_address: int = _key(0x3C, "the panel's I2C address: 0x3c, or 0x3d on some modules",
                            low=0x03, high=0x77, hex_int=True)
    rotate: int = _key(0, "quarter turns clockwise: 2 = panel mounted upside down",
                       choices=(0, 1, 2, 3))
    dim_after: float = _key(120.0, "seconds without a press or a table change before the "
                                   "screen dims and its picture moves a pixel now and then "
                                   "(against OLED burn-in); 0 = never", low=0, high=86400)
    blank_after: float = _key(600.0, "seconds without a press or a table change before the "
                                     "screen goes dark but for one moving dot (never while a "
                                     "game's clock runs); 0 = never", low=0, high=86400)
    dim_contrast: int = _key(16, "the panel's contrast while dimmed, 0-255 (an SSD1306's own "
                                 "is 207, an SH1106's 127)", low=0, high=255)


@dataclass(frozen=True)
class ButtonSettings:
    """``[buttons]``."""

    type: str = _key("auto", "gpio, keyboard, none, or auto (gpio on a Pi, else keyboard)",
                     choices=("auto", "gpio", "keyboard", "none"))
    pin_a: int = _key(5, "BCM pin of button A (up / next)", low=0, high=27)
    pin_b: int = _key(6, "BCM pin of button B (select)", low=0, high=27)
    pin_c: int = _key(13, "BCM pin of button C (back; held 1 s and let go: menu)", low=0,
                      high=27)


@dataclass(frozen=True)
class BuzzerSettings:
    """``[buzzer]``."""

    type: str = _key("auto", "gpio, none, or auto (gpio on a Pi); a buzzer that cannot be "
                             "opened means silence and a warning", choices=("auto", "gpio", "none"))
    pin: int = _key(12, "BCM pin of the active buzzer", low=0, high=27)
    active_high: bool = _key(True, "false for buzzer modules that sound when the pin is low")


@dataclass(frozen=True)
class GameSettings:
    """``[game]``."""

    name: str = _key("", "the game played at start, without the menu (\"\": the menu), e.g. "
                         "\"unification\"")
    side: str = _key("", "its board side (\"\": the game's first side), e.g. \"simple\"")


@dataclass(frozen=True)
class RecordSettings:
    """``[records]``."""

    folder: str = _key("", "where game records go (\"\": $DICEKEEPER_RECORDS, else "
                           "~/.local/share/dicekeeper/records)")


@dataclass(frozen=True)
class DeviceSettings:
    """``[device]``."""

    shutdown_command: str = _key("auto", "what a shutdown confirmed on the buttons (C held 3 s, "
                                         "or Shut down in the menu) runs after closing the "
                                         "record: auto (systemctl poweroff on a Pi, nothing "
                                         "elsewhere: the app only stops), none, or a command")


SECTIONS: dict[str, type] = {
    "camera": CameraSettings, "display": DisplaySettings, "buttons": ButtonSettings,
    "buzzer": BuzzerSettings, "game": GameSettings, "records": RecordSettings,
    "device": DeviceSettings,
}


@dataclass(frozen=True)
class Settings:
    """The configuration in effect: the file's keys over the defaults.

    Attributes:
        path: the file read, or None when there was none (all defaults).
        given: the keys the file set, as "section.key".
    """

    camera: CameraSettings = field(default_factory=CameraSettings)
    display: DisplaySettings = field(default_factory=DisplaySettings)
    buttons: ButtonSettings = field(default_factory=ButtonSettings)
    buzzer: BuzzerSettings = field(default_factory=BuzzerSettings)
    game: GameSettings = field(default_factory=GameSettings)
    records: RecordSettings = field(default_factory=RecordSettings)
    device: DeviceSettings = field(default_factory=DeviceSettings)
    path: Path | None = None
    given: frozenset[str] = frozenset()


def config_path(env: Mapping[str, str] | None = None) -> tuple[Path, bool]:
    """The configuration file to read, and whether it was named explicitly
    (``$DICEKEEPER_CONFIG``), in which case it must exist."""
    env = os.environ if env is None else env
    if env.get(CONFIG_ENV):
        return Path(env[CONFIG_ENV]).expanduser(), True
    if is_raspberry_pi(env):
        return SYSTEM_CONFIG, False
    return Path.home() / ".config" / "dicekeeper" / "dicekeeper.toml", False


def load_settings(path: str | Path | None = None,
                  env: Mapping[str, str] | None = None) -> Settings:
    """Read and check the configuration file.

    Args:
        path: the file (``--config``); None: ``config_path(env)``. A file named here or by
            ``$DICEKEEPER_CONFIG`` must exist; the default one may be missing (all defaults).

    Raises:
        ConfigError: unreadable, not TOML, or bad sections, keys or values; one line each.
    """
    where, explicit = (Path(path).expanduser(), True) if path else config_path(env)
    try:
        text = where.read_text(encoding="utf-8")
    except FileNotFoundError:
        if explicit:
            raise ConfigError(f"{where}: no such configuration file: create it (sudo "
                              f"systemd/install.sh writes one with every key) or name another "
                              f"with --config / ${CONFIG_ENV}") from None
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{where}: cannot read it ({exc}): check its permissions "
                          f"(the service reads it as the dicekeeper user)") from exc
    return parse_settings(text, where)


def parse_settings(text: str, where: Path | str = "dicekeeper.toml") -> Settings:
    """Settings from the text of a configuration file.

    Raises:
        ConfigError: not TOML, or bad sections, keys or values; one line each.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where}: not valid TOML ({exc}): fix that line") from exc
    problems: list[str] = []
    sections: dict[str, Any] = {}
    given: set[str] = set()
    for name, table in data.items():
        section = _section(name, table, problems)
        if section is not None:
            values = _values(name, table, section, problems)
            given.update(f"{name}.{key}" for key in values)
            sections[name] = dataclasses.replace(section(), **values)
    settings = Settings(**sections, path=Path(where), given=frozenset(given))
    problems += _cross_checks(settings)
    if problems:
        raise ConfigError([f"{where}: {problem}" for problem in problems])
    return settings


def _section(name: str, table: object, problems: list[str]) -> type | None:
    section = SECTIONS.get(name)
    if section is None:
        problems.append(f"unknown section [{_name(name)}]{_did_you_mean(name, SECTIONS)}: the "
                        f"sections are {', '.join(f'[{s}]' for s in SECTIONS)}")
        return None
    if not isinstance(table, dict):
        problems.append(f"{_name(name)} = {_toml(table)} must be a table: write [{name}] on its "
                        f"own line and its keys below it")
        return None
    return section


def _values(section_name: str, table: dict[str, Any], section: type,
            problems: list[str]) -> dict[str, Any]:
    fields = {f.name: f for f in dataclasses.fields(section)}
    values = {}
    for key, value in table.items():
        spec = fields.get(key)
        if spec is None:
            problems.append(f"[{section_name}] unknown key {_name(key)}"
                            f"{_did_you_mean(key, fields)}: the keys of [{section_name}] are "
                            f"{', '.join(fields)}")
            continue
        problem = _check_value(spec, value)
        if problem:
            problems.append(f"[{section_name}] {key} = {_toml(value)}: {problem}")
            continue
        values[key] = float(value) if isinstance(spec.default, float) else value
    return values


def _did_you_mean(word: str, known: Mapping[str, Any]) -> str:
    close = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean {_name(close[0])}?)" if close else ""


def _check_value(spec: dataclasses.Field[Any], value: object) -> str:
    """What is wrong with ``value`` for the key ``spec`` ("" when nothing)."""
    meta = spec.metadata
    kind = type(spec.default)
    if not _is_kind(value, kind):
        return f"must be {_KIND_WORDS[kind]}, e.g. {spec.name} = {_toml(spec.default, meta)}"
    if meta["choices"] and value not in meta["choices"]:
        return f"must be one of {', '.join(_toml(c) for c in meta['choices'])}"
    low, high = meta["low"], meta["high"]
    if low is not None and high is not None and not low <= value <= high:
        return f"must be from {_toml(low, meta)} to {_toml(high, meta)}"
    return ""


_KIND_WORDS = {str: "text in quotes", int: "a whole number", float: "a number",
               bool: "true or false"}


def _is_kind(value: object, kind: type) -> bool:
    if kind is bool or isinstance(value, bool):
        return isinstance(value, bool) and kind is bool
    if kind is float:
        return isinstance(value, int | float)
    return isinstance(value, kind)


def _cross_checks(settings: Settings) -> list[str]:
    return (_source_problems(settings.camera) + _pin_clashes(settings)
            + _game_problems(settings.game) + _command_problems(settings.device))


def _command_problems(device: DeviceSettings) -> list[str]:
    try:
        shlex.split(device.shutdown_command)
    except ValueError as exc:
        text = _toml(device.shutdown_command)
        return [f"[device] shutdown_command = {text}: not a command line ({exc}): close it"]
    return []


def _source_problems(camera: CameraSettings) -> list[str]:
    kind, colon, number = camera.source.strip().lower().partition(":")
    if not camera.source.strip():
        return ['[camera] source = "": name a camera, e.g. source = "auto"']
    if kind == "webcam" and colon and not number.isdigit():
        return [(f"[camera] source = {_toml(camera.source)}: webcam:N needs a number, "
                 f"e.g. \"webcam:1\"")]
    return []


def _pin_clashes(settings: Settings) -> list[str]:
    buttons, buzzer = settings.buttons, settings.buzzer
    pins = {"A": buttons.pin_a, "B": buttons.pin_b, "C": buttons.pin_c}
    problems = []
    if len(set(pins.values())) < 3:
        problems.append(f"[buttons] pin_a, pin_b, pin_c = {buttons.pin_a}, {buttons.pin_b}, "
                        f"{buttons.pin_c}: each button needs its own BCM pin (defaults 5, 6, 13)")
    if buzzer.type != "none" and buzzer.pin in pins.values():
        problems.append(f"[buzzer] pin = {buzzer.pin} is a button's pin: give the buzzer its "
                        f"own (default 12), or set [buzzer] type = \"none\"")
    used = {**{f"[buttons] pin_{k.lower()}": v for k, v in pins.items()},
            **({"[buzzer] pin": buzzer.pin} if buzzer.type != "none" else {})}
    if settings.display.type in ("auto", "ssd1306", "sh1106") and settings.display.i2c_port == 1:
        problems += [f"{key} = {pin} is the OLED's I2C {I2C_PINS[pin]} pin: choose another "
                     f"(docs/wiring.md)" for key, pin in used.items() if pin in I2C_PINS]
    return problems


def _game_problems(game: GameSettings) -> list[str]:
    from engine.games import GAMES

    if not game.name:
        return [(f"[game] side = {_toml(game.side)} needs [game] name: name the game too, "
                 f"or remove side")] if game.side else []
    if game.name not in GAMES:
        return [(f"[game] name = {_toml(game.name)}{_did_you_mean(game.name, GAMES)}: not "
                 f"a game; the games are {', '.join(GAMES)} (or \"\" for the menu)")]
    sides = GAMES[game.name].info.sides
    if game.side and game.side not in sides:
        return [(f"[game] side = {_toml(game.side)}: {game.name} has the sides "
                 f"{', '.join(sides)}")]
    return []


# ------------------------------------------------------------------------------ printing

def _toml(value: object, meta: Mapping[str, Any] | None = None) -> str:
    """A value as TOML writes it (hex for I2C addresses)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and meta is not None and meta.get("hex"):
        return f"0x{value:02x}"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string, on one line
    return repr(value)


def _name(word: str) -> str:
    """A section or key name as TOML writes it: bare when it can be, else quoted."""
    return word if _BARE.fullmatch(word) else json.dumps(word, ensure_ascii=False)


_BARE = re.compile(r"[A-Za-z0-9_-]+")


def template_text() -> str:
    """The configuration file with every key commented out at its default, with its help."""
    lines = ["# Dicekeeper configuration (TOML). Every key is optional: delete the \"# \" before",
             "# a key to change it. `dicekeeper config check` checks this file, `dicekeeper",
             "# config show` prints what the device uses. Options given to `dicekeeper run`",
             "# win over this file. Wiring and pins: docs/wiring.md.", ""]
    for name, section in SECTIONS.items():
        lines.append(f"[{name}]")
        for spec in dataclasses.fields(section):
            lines += [f"# {line}" for line in textwrap.wrap(spec.metadata["help"], 88)]
            lines.append(f"# {spec.name} = {_toml(spec.default, spec.metadata)}")
        lines.append("")
    return "\n".join(lines)


def settings_text(settings: Settings, env: Mapping[str, str] | None = None) -> str:
    """The configuration in effect as TOML, each key marked with where its value came from."""
    source = str(settings.path) if settings.path else "no file: the defaults"
    lines = [f"# dicekeeper configuration in effect ({source})"]
    for name in SECTIONS:
        lines.append(f"[{name}]")
        section = getattr(settings, name)
        for spec in dataclasses.fields(section):
            value = getattr(section, spec.name)
            origin = "from the file" if f"{name}.{spec.name}" in settings.given else "default"
            note = _effective_note(name, spec.name, value, env)
            lines.append(f"{spec.name} = {_toml(value, spec.metadata)}  # {origin}{note}")
    return "\n".join(lines) + "\n"


def _effective_note(section: str, key: str, value: object,
                    env: Mapping[str, str] | None) -> str:
    """What an empty value means here and now (the records folder, the game's side)."""
    if value != "":
        return ""
    if (section, key) == ("records", "folder"):
        from device.records import default_records_dir

        return f": {default_records_dir(env)}"
    if (section, key) == ("game", "name"):
        return ": the menu"
    return ""  # an empty side: the game's first side
