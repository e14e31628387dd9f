"""Board-definition files: find, read and parse ``<game>-<side>.json``.

The packaged defaults live in ``calibration/boards/``; a user's edited copy wins when it is in
(first match) the ``override_dir`` argument, ``$DICEKEEPER_BOARDS`` or
``~/.config/dicekeeper/boards/``. This module does the I/O; the game module parses the dict.
May import ``engine``; never ``device``.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from engine.errors import BoardDataError
from engine.games import find_game
from engine.layout import Layout

log = logging.getLogger(__name__)

ENV_VAR = "DICEKEEPER_BOARDS"
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")  # a file name, never a path


class BoardFileError(BoardDataError):
    """A board file that is missing, unreadable or invalid; the message names the file and fix."""


def user_board_dirs(override_dir: Path | None = None) -> list[Path]:
    """The folders searched for a user's board files, in priority order."""
    dirs = []
    if override_dir is not None:
        dirs.append(Path(override_dir))
    if os.environ.get(ENV_VAR):
        dirs.append(Path(os.environ[ENV_VAR]))
    dirs.append(Path.home() / ".config" / "dicekeeper" / "boards")
    return dirs


def load_board_data(game: str, side: str, override_dir: Path | None = None) -> dict[str, Any]:
    """The board-definition dict of ``game`` / ``side``: a user copy if any, else the default.

    Raises:
        UnknownGameError: ``game`` is not registered.
        BoardFileError: no file for that side, or a file that is not a JSON object.
    """
    info = find_game(game).info
    if not _NAME.fullmatch(side):
        raise BoardFileError(f"bad board side name {side!r}: use e.g. {', '.join(info.sides)}")
    filename = f"{game}-{side}.json"
    for folder in user_board_dirs(override_dir):
        path = folder / filename
        try:
            found = path.is_file()
        except OSError as exc:  # an unreadable folder in the search path
            raise BoardFileError(f"cannot look for board file {path}: {exc.strerror or exc}") \
                from exc
        if found:
            log.info("using board file %s", path)
            return _read_json(path.read_bytes, str(path))
    packaged = resources.files("calibration").joinpath("boards", filename)
    if packaged.is_file():
        return _read_json(packaged.read_bytes, f"packaged {filename}")
    raise BoardFileError(f"no board file {filename}: known sides of {game} are "
                         f"{', '.join(info.sides)}, or put your own file in "
                         f"{user_board_dirs(override_dir)[-1]}")


def _read_json(read: Any, where: str) -> dict[str, Any]:
    try:
        data = json.loads(read())
    except OSError as exc:
        raise BoardFileError(f"cannot read board file {where}: {exc}") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BoardFileError(f"board file {where} is not valid JSON ({exc}): fix it or delete "
                             f"it to use the default board") from exc
    if not isinstance(data, dict):
        raise BoardFileError(f"board file {where} must hold a JSON object")
    return data


def load_board(game: str, side: str | None = None, override_dir: Path | None = None,
               options: Mapping[str, str] | None = None) -> Any:
    """The parsed board of ``game`` / ``side`` (``find_game(game).load_board(side, data)``).

    Args:
        game: registry name. side: board side (default: the game's first side).
        override_dir: a folder searched first for the user's copy of the file.
        options: game options overriding the file's (``--option NAME=VALUE``).

    Raises:
        UnknownGameError: ``game`` is not registered.
        BoardFileError: missing, unreadable or invalid file, or a bad option; the message says
            what to fix.
    """
    return load_board_and_data(game, side, override_dir, options)[0]


def load_board_and_data(game: str, side: str | None = None, override_dir: Path | None = None,
                        options: Mapping[str, str] | None = None) -> tuple[Any, dict[str, Any]]:
    """``load_board``'s board and the file's dict it was parsed from (a game record keeps the
    dict), with the same errors."""
    side = side or find_game(game).info.sides[0]
    data = load_board_data(game, side, override_dir)
    try:
        return find_game(game).load_board(side, data, options), data
    except BoardFileError:
        raise
    except BoardDataError as exc:
        raise BoardFileError(f"board file {game}-{side}.json: {exc}") from exc
    except (TypeError, ValueError, KeyError, AttributeError) as exc:  # a parser's own gap
        log.exception("board file %s-%s.json broke its parser", game, side)
        raise BoardFileError(f"board file {game}-{side}.json is not a valid {game} board "
                             f"({type(exc).__name__}: {exc}): fix it or delete it to use the "
                             f"default board") from exc


def load_layout(game: str, side: str | None = None, override_dir: Path | None = None) -> Layout:
    """The printed board of ``game`` / ``side`` (``Game.layout`` of its board file).

    Raises:
        UnknownGameError: ``game`` is not registered.
        BoardFileError: missing, unreadable or invalid file; the message says what to fix.
    """
    return find_game(game).layout(load_board(game, side, override_dir))
