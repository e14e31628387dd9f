"""The games: rules, legality, move inference, timer and scoring.

Pure Python, standard library only. It imports nothing from ``vision``, ``device`` or
``calibration`` and never imports cv2, numpy or PIL; time and dice results come in as arguments.
"""
