"""Scripts of the recorded sessions shipped for ``dicekeeper demo`` and the end-to-end tests,
one module per game (Unification's is ``calibration.session_script``).

Each builds, deterministically, a short game played with the real engine and the camera frames
that show it (``calibration.synthetic`` scenes with the table view a perfect reader reports);
``calibration.make_fixtures`` renders them into ``device/sessions/<game>-<side>/``.

May import: calibration, engine, vision.board (the settle detector, the zones' reading order).
"""
