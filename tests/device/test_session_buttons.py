"""The presses a recorded session holds (device.session_buttons), replayed through the app's
button path at their times."""

from __future__ import annotations

import pytest

from device.buttons import Press
from device.errors import SessionFileError
from device.session_buttons import session_buttons, session_presses


def test_presses_come_in_time_order_and_none_give_no_buttons():
    info = {"presses": [{"t": 3.5, "button": "B"}, {"t": 1, "button": "A"},
                        {"t": 3.6, "button": "C_LONG"}]}
    assert session_presses(info) == [(1.0, Press.A), (3.5, Press.B), (3.6, Press.C_LONG)]
    assert session_buttons({"frames": []}) is None and session_buttons({"presses": []}) is None


def test_the_scripted_buttons_give_each_press_once_its_time_has_come():
    buttons = session_buttons({"presses": [{"t": 2.0, "button": "B"},
                                           {"t": 2.1, "button": "A"}]})
    assert buttons is not None
    assert buttons.poll(1.9) == []
    assert buttons.poll(2.05) == [Press.B]
    assert buttons.poll(5.0) == [Press.A] and buttons.poll(9.0) == []


@pytest.mark.parametrize("presses", ["B", [{"t": 1.0}], [{"t": "1", "button": "B"}],
                                     [{"t": 1.0, "button": "D"}], [{"t": float("nan"),
                                                                    "button": "A"}],
                                     [{"t": True, "button": "A"}]])
def test_malformed_presses_name_the_entry_and_the_fix(presses):
    with pytest.raises(SessionFileError, match="make fixtures"):
        session_presses({"presses": presses})
