"""The button presses a recorded session holds, replayed through the app's own button path.

A recorded session's ``session.json`` may list the presses the players made during the game,
each at its time on the session's clock (the frames' ``t``)::

    "presses": [{"t": 77.87, "button": "B"}, {"t": 77.95, "button": "A"}, ...]

``session_buttons`` turns them into the ``device.buttons.ScriptedButtons`` backend, which the
app polls with the time of the last frame it handled (``App.step``): a press comes out on the
first poll at or after its time and goes through ``App.handle_press`` like a real one (B
opens the game's offers, A steps, B enters the move). A session without presses gives no
buttons (the demo then runs as before).

May import ``device.buttons``, ``device.errors`` and the standard library.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from device.buttons import Press, ScriptedButtons
from device.errors import SessionFileError

FIX = "re-record the session or regenerate fixtures with `make fixtures`"


def session_presses(info: Mapping[str, Any]) -> list[tuple[float, Press]]:
    """The presses of a session's ``session.json`` object, in time order.

    Raises:
        SessionFileError: ``presses`` is not a list of ``{"t": seconds, "button": A|B|C|C_LONG}``.
    """
    entries = info.get("presses", [])
    if not isinstance(entries, list):
        raise SessionFileError(f'session.json: "presses" must be a list, got {entries!r}: {FIX}')
    return sorted((_press(n, entry) for n, entry in enumerate(entries)), key=lambda p: p[0])


def _press(n: int, entry: object) -> tuple[float, Press]:
    if isinstance(entry, dict):
        t, button = entry.get("t"), entry.get("button")
        if (isinstance(t, int | float) and not isinstance(t, bool) and math.isfinite(t)
                and button in Press.__members__):
            return float(t), Press(button)
    raise SessionFileError(f'session.json: press {n} needs {{"t": seconds, "button": '
                           f'"A"|"B"|"C"|"C_LONG"}}, got {entry!r}: {FIX}')


def session_buttons(info: Mapping[str, Any]) -> ScriptedButtons | None:
    """The scripted buttons of a session's presses, or None when it has none."""
    presses = session_presses(info)
    return ScriptedButtons(presses) if presses else None
