"""A camera source of recorded views: a game played again through the app without images.

``dicekeeper run --source views:FILE`` reads a JSON file ``{"game": ..., "side": ...,
"views": [{"t": seconds, "view": "<view text>"}, ...]}`` (the view texts are the game's own:
``Game.view_to_text``), for instance written from a recorded session's ``expected.json``; an
optional ``"pace"`` is the seconds to wait between frames, as a live camera does (default 0: as
fast as read). Each frame's "image" is the parsed ``TableView`` and ``PassThroughReader`` hands
it on: the app, the settle detector, the session, the record, the screens and resuming run
exactly as with a camera, only the image reading is left out.

May import: the standard library, ``engine`` and ``device.errors``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from device.errors import CameraNotFoundError, SessionFileError
from engine.errors import EngineError
from engine.games import find_game
from engine.table import TableView, ViewStatus

PREFIX = "views:"


@dataclass(frozen=True)
class ViewFrame:
    """One recorded view at its time (``image`` is the view itself)."""

    image: TableView
    t: float
    index: int
    name: str = ""


class ViewsCamera:
    """The frames of a views file, in order; None at the end (see the module docstring).

    Raises:
        CameraNotFoundError: no such file. SessionFileError: not a views file.
    """

    def __init__(self, path: Path, *, pace: float | None = None,
                 sleep: Callable[[float], object] = time.sleep) -> None:
        self.path = Path(path)
        data = _read(self.path)
        self.game, self.side = str(data["game"]), str(data["side"])
        try:
            parse = find_game(self.game).view_from_text
            self._frames = [ViewFrame(parse(str(v["view"])), float(v["t"]), i, self.path.name)
                            for i, v in enumerate(data["views"])]
        except (EngineError, KeyError, TypeError, ValueError) as exc:
            raise SessionFileError(f"{self.path}: not a views file ({exc})") from exc
        self._next = 0
        self._pace = float(data.get("pace", 0.0)) if pace is None else pace
        self._sleep = sleep

    def __len__(self) -> int:
        return len(self._frames)

    def read(self) -> ViewFrame | None:
        if self._next >= len(self._frames):
            return None
        if self._pace and self._next:
            self._sleep(self._pace)
        frame = self._frames[self._next]
        self._next += 1
        return frame

    def close(self) -> None:
        self._next = len(self._frames)


def _read(path: Path) -> dict[str, Any]:
    if not path.is_file():
        raise CameraNotFoundError(f"no views file {path}: give --source views:FILE")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SessionFileError(f"{path}: not a views file ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("views"), list):
        raise SessionFileError(f'{path}: a views file holds {{"game", "side", "views": '
                               f'[{{"t", "view"}}, ...]}}')
    return data


class PassThroughReader:
    """The board reader of a views source: the frame is already the view."""

    def read(self, image: Any) -> TableView:
        if isinstance(image, TableView):
            return image
        return TableView.unsettled(ViewStatus.UNREADABLE, "not a recorded view")
