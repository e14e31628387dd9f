"""Frames -> what is on the table, as ``engine.table`` types.

Three packages, by role:

- ``vision.board``: the board path the device runs (markers, warp, the board dice reader, hand
  check, occupancy, settle detector, the pipeline ``BoardReader``, calibration profile, board
  geometry).
- ``vision.top``: the reader of one die's top face that both finders share (pips and layouts,
  ``read_top``, the die's square and edges, colour, glare, blur, skin colour, the shared types
  and the reader's ``ReaderConfig``).
- ``vision.photo``: the photo finder the benchmarks measure (``find_dice``: candidates, heaps,
  pip groups, the held-in-hand check, the ONNX classifier).

``board`` and ``photo`` never import each other; ``top`` imports neither (checked by the
import-linter contracts in pyproject.toml). ``vision.errors`` is a leaf all three may import.

May import ``engine`` (its domain types), OpenCV and numpy; never ``device``, ``calibration`` or
``bench``.
"""
