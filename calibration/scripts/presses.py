"""The button presses that enter a script's moves through the device's walk.

A recorded session lists the moves the player enters with the buttons (``GameScript.entered``);
the device enters them by walking the legal moves (``engine.panel.Walk``, ``device.app``): B
opens the walk (or, while the panel offers moves or the clock waits to be started, the actions
list, whose last item the walk is), then at each step A to the choice and B to take it.
``presses_for`` gives those presses at the time of each entry, from the session as the device
has it then (the frames replayed with the moves entered before).

May import: calibration.scripts.frames, engine.
"""

from __future__ import annotations

from calibration.scripts.frames import GameScript, replay
from engine.session import Session


def presses_for(script: GameScript) -> list[dict[str, object]]:
    """The presses entering each of ``script.entered`` through the device's walk, at its
    time (``buttons_for``)."""
    presses: list[dict[str, object]] = []
    for index, entry in enumerate(script.entered):
        t = float(str(entry["t"]))
        session = _before_entry(script, t, index)
        presses += [{"t": t, "button": b} for b in buttons_for(session, t, str(entry["move"]))]
    return presses


def _before_entry(script: GameScript, t: float, index: int) -> Session:
    """The session as the device has it when the ``index``-th entered move is pressed."""
    session = None
    for frame, session, _ in replay(script.game, script.side, script.frames,
                                    entered=script.entered[:index]):
        if frame.t >= t:
            break
    assert session is not None
    return session


def buttons_for(session: Session, t: float, move: str) -> list[str]:
    """The buttons entering ``move`` in ``session`` as the device's walk offers it."""
    panel = session.summary_view(t).panel
    walk = panel.walk
    if walk is None:
        raise ValueError(f"no walk to enter {move}")
    offers = len(panel.offers) + (session.clock.counts_down and not session.clock.started)
    keys = ["B"] + (["A"] * (offers + (panel.entry is not None)) + ["B"] if offers else [])
    for i in walk.indices(move):
        keys += ["A"] * i + ["B"]
    return keys


__all__ = ["buttons_for", "presses_for"]
