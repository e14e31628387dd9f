"""``python -m bench colours|cubes ...``: the cube benchmarks (``bench.cli.main``)."""

import sys

from bench.cli import main

sys.exit(main())
