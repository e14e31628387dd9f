"""The scripts of the recorded game sessions beyond Unification's (``calibration.session_script``):
one module per game, each playing a short game with the real engine and giving its frames.
"""
