"""Frames -> what is on the table, as ``engine.table`` types.

May import ``engine`` (its domain types), OpenCV and numpy; never ``device`` or ``calibration``.
"""
