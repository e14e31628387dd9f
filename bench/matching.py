"""Match detected dice to labelled dice in one image, and tally the figures of a benchmark.

A detection and a label match when their boxes overlap (IoU >= 0.3) or when the label box's
centre lies inside the detected die (labels that surround only the pips, as matteop65's do).
Each detection and each label is used at most once, nearest centres first. ``outcomes`` says
what became of each labelled die (and which detections match none); ``Tally`` counts them.

Standard library only.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from bench.realdata import LabelledDie

MIN_IOU = 0.3
COLOUR_WORDS = {"white": "white", "red": "red"}  # other labelled colours should read "unknown"


@dataclass(frozen=True)
class Seen:
    """A detection as the benchmark needs it (a rotated square and its reading)."""

    x: float
    y: float
    size: float
    angle: float
    face: int | None
    colour: str
    reason: str = ""  # why the reader abstained (face None)


def square_corners(d: Seen) -> list[tuple[float, float]]:
    """Corners of a detection's rotated square."""
    a = math.radians(d.angle)
    c, s, h = math.cos(a), math.sin(a), d.size / 2.0
    return [(d.x + c * u - s * v, d.y + s * u + c * v) for u, v in
            ((-h, -h), (h, -h), (h, h), (-h, h))]


def bounding_box(d: Seen) -> tuple[float, float, float, float]:
    pts = square_corners(d)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def iou(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def contains(d: Seen, point: tuple[float, float]) -> bool:
    """Whether a point lies inside a detection's rotated square."""
    a = math.radians(d.angle)
    dx, dy = point[0] - d.x, point[1] - d.y
    u = dx * math.cos(a) + dy * math.sin(a)
    v = -dx * math.sin(a) + dy * math.cos(a)
    return abs(u) <= d.size / 2.0 and abs(v) <= d.size / 2.0


def match(dets: list[Seen], labels: list[LabelledDie]) -> list[tuple[int, int]]:
    """(detection index, label index) pairs, one-to-one, nearest centres first."""
    pairs = []
    for i, d in enumerate(dets):
        box = bounding_box(d)
        for j, lab in enumerate(labels):
            if iou(box, lab.box) >= MIN_IOU or contains(d, lab.centre):
                cx, cy = lab.centre
                pairs.append((math.hypot(d.x - cx, d.y - cy), i, j))
    used_d: set[int] = set()
    used_l: set[int] = set()
    out = []
    for _, i, j in sorted(pairs):
        if i not in used_d and j not in used_l:
            used_d.add(i)
            used_l.add(j)
            out.append((i, j))
    return out


@dataclass(frozen=True)
class Outcome:
    """What became of one labelled die, or a detection that matches no label (``label`` None).

    ``kind`` is "right", "wrong", "abstained", "missed" (``seen`` None) or "false".
    """

    kind: str
    label: LabelledDie | None
    seen: Seen | None


def outcomes(dets: list[Seen], labels: list[LabelledDie],
             colours: set[str] | None = None) -> list[Outcome]:
    """Each counted label's outcome, and each detection that matches no label.

    With ``colours``, only labels of those colours count: a detection matched to another
    labelled die is neither found nor false.
    """
    counted = [colours is None or (lab.colour in colours) for lab in labels]
    pairs = dict(match(dets, labels))
    matched = set(pairs.values())
    out = [Outcome("missed", lab, None) for j, lab in enumerate(labels)
           if counted[j] and j not in matched]
    for i, d in enumerate(dets):
        j = pairs.get(i)
        if j is None:
            out.append(Outcome("false", None, d))
        elif counted[j]:
            lab = labels[j]
            kind = "abstained" if d.face is None else "right" if d.face == lab.value else "wrong"
            out.append(Outcome(kind, lab, d))
    return out


@dataclass
class Tally:
    """Running figures of an accuracy benchmark."""

    dice: int = 0
    found: int = 0
    read: int = 0
    correct: int = 0
    abstained: int = 0
    colour_labelled: int = 0
    colour_correct: int = 0
    false: int = 0
    images: int = 0
    confusion: Counter = field(default_factory=Counter)  # (true, read) with read 0=abstain, -1=miss

    def add_outcomes(self, image: list[Outcome]) -> None:
        """Count one image's ``outcomes``."""
        self.images += 1
        for o in image:
            if o.label is None:
                self.false += 1
                continue
            self.dice += 1
            if o.seen is None:
                self.confusion[(o.label.value, -1)] += 1
            else:
                self._count_found(o.kind, o.seen, o.label)

    def _count_found(self, kind: str, d: Seen, lab: LabelledDie) -> None:
        self.found += 1
        if kind == "abstained":
            self.abstained += 1
            self.confusion[(lab.value, 0)] += 1
        else:
            self.read += 1
            self.correct += int(kind == "right")
            self.confusion[(lab.value, d.face)] += 1
        if lab.colour is not None:
            self.colour_labelled += 1
            self.colour_correct += int(d.colour == COLOUR_WORDS.get(lab.colour, "unknown"))

    def figures(self) -> dict[str, float]:
        """Percentages as the report prints them (abstentions and face accuracy over found)."""
        def pct(a: int, b: int) -> float:
            return 100.0 * a / b if b else 0.0
        return {"dice": self.dice, "found_pct": pct(self.found, self.dice),
                "face_acc_pct": pct(self.correct, self.read),
                "colour_acc_pct": pct(self.colour_correct, self.colour_labelled),
                "abstained_pct": pct(self.abstained, self.found), "false": self.false,
                "images": self.images, "found": self.found, "read": self.read,
                "wrong": self.read - self.correct, "abstained": self.abstained,
                "colour_labelled": self.colour_labelled}
