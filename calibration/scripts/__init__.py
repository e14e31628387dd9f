"""Scripts of the recorded sessions other than Unification's (``calibration.session_script``):
one module per game, each building the frames ``calibration.make_fixtures`` renders."""
