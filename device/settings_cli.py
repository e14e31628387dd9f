"""``dicekeeper config check`` and ``dicekeeper config show``.

``check`` prints one line per fault of the configuration file (each naming the key and the fix)
and exits 1 when there is one, or says which file is in effect and exits 0. ``show`` prints the
configuration in effect as TOML, each key marked as coming from the file or the default. A
``--config`` file that does not exist is a command-line error: one line on stderr, exit 2.

May import: ``device.settings``, ``device.errors``; prints (a command).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from device.errors import ConfigError, one_line
from device.settings import config_path, load_settings, settings_text

USAGE_ERROR = 2


def command(args: argparse.Namespace) -> int:
    """Entry point of ``dicekeeper config``."""
    prog = f"dicekeeper config {args.action}"
    if args.config and not Path(args.config).expanduser().is_file():
        print(one_line(f"{prog}: error: --config {args.config}: no such file"), file=sys.stderr)
        return USAGE_ERROR
    try:
        settings = load_settings(args.config)
    except ConfigError as exc:
        for problem in exc.problems:
            print(one_line(problem))
        return 1
    if args.action == "show":
        print(settings_text(settings), end="")
        return 0
    if settings.path is None:
        print(f"ok: no configuration file at {config_path()[0]}: every key has its default "
              f"(sudo systemd/install.sh writes one)")
    else:
        print(f"ok: {settings.path} ({len(settings.given)} keys set, the rest default)")
    return 0
