"""Horizontal & Vertical line conditions (HV-D2, HV-D3): the board file's condition grammar,
whether a full line satisfies its condition, and whether a line can still come to satisfy it.

Grammar (one condition per line, as text): ``le N``, ``eq N``, ``ge N`` (the sum of the
line's five numbers is at most / exactly / at least N), ``even``, ``odd`` (the sum's parity),
``same_ge N`` (some value appears at least N times in the line).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import BoardDataError

LINE = 5          # cells in a line
FACES = (1, 2, 3, 4, 5, 6)
KINDS = ("le", "eq", "ge", "even", "odd", "same_ge")
_TEXT = re.compile(r"^\s*(le|eq|ge|same_ge)\s+(\d{1,3})\s*$|^\s*(even|odd)\s*$")
_PRINTED = {"le": "≤{n}", "eq": "={n}", "ge": "≥{n}", "even": "even", "odd": "odd",
            "same_ge": "{n} same"}


@dataclass(frozen=True)
class Condition:
    """One line's condition.

    Attributes:
        kind: one of ``KINDS``.
        n: the number of ``le``/``eq``/``ge``/``same_ge``; None for ``even``/``odd``.
    """

    kind: str
    n: int | None = None

    def __str__(self) -> str:
        return self.kind if self.n is None else f"{self.kind} {self.n}"

    @property
    def printed(self) -> str:
        """What the printed board shows at the line's end (``≤14``, ``even``, ``3 same``)."""
        return _PRINTED[self.kind].format(n=self.n)

    def holds(self, values: Sequence[int]) -> bool:
        """Whether a complete line of ``values`` (five numbers 1-6) satisfies the condition."""
        total = sum(values)
        n = self.n if self.n is not None else 0
        if self.kind == "le":
            return total <= n
        if self.kind == "eq":
            return total == n
        if self.kind == "ge":
            return total >= n
        if self.kind == "even":
            return total % 2 == 0
        if self.kind == "odd":
            return total % 2 == 1
        return max(Counter(values).values(), default=0) >= n

    def reachable(self, values: Sequence[int], empty: int) -> bool:
        """Whether some numbers 1-6 written in the line's ``empty`` cells make the condition
        hold, the line already holding ``values`` (and no ``X``)."""
        low, high = sum(values) + empty, sum(values) + 6 * empty
        n = self.n if self.n is not None else 0
        if self.kind == "le":
            return low <= n
        if self.kind == "eq":
            return low <= n <= high
        if self.kind == "ge":
            return high >= n
        if self.kind in ("even", "odd"):
            return empty > 0 or self.holds(values)
        most = max(Counter(values).values(), default=0)
        return most + empty >= n


def parse_condition(key: str, value: object) -> Condition:
    """The condition of a board file's line ``key`` (``"rows.2"``) from its text.

    Raises:
        BoardDataError: not a string of the grammar, or a number out of range; the message
            names ``key`` and the grammar.
    """
    m = _TEXT.match(value) if isinstance(value, str) else None
    if m is None:
        raise BoardDataError(f"{key}: condition {value!r} is not one of 'le N', 'eq N', "
                             f"'ge N', 'even', 'odd', 'same_ge N'")
    if m.group(3):
        return Condition(m.group(3))
    kind, n = m.group(1), int(m.group(2))
    top = LINE if kind == "same_ge" else LINE * max(FACES)
    if not 1 <= n <= top:
        raise BoardDataError(f"{key}: in {value!r} N must be 1 to {top}")
    return Condition(kind, n)


__all__ = ["KINDS", "Condition", "parse_condition"]
