"""Scripts of the recorded sessions other than Unification's (``calibration.session_script``):
one module per game, each building the frames ``calibration.make_fixtures`` renders.

Each builds, deterministically, a short game played with the real engine and the camera frames
that show it (``calibration.synthetic`` scenes with the table view a perfect reader reports);
``frames`` holds what Growing Nine's and Pairing Five's scripts share.
"""
