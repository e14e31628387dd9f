"""Board localisation profiles, printable boards with markers, and the synthetic photo renderer.

May import ``vision`` and ``engine``; never ``device``.
"""
