"""The ``gamenight`` command's entry point, kept apart so that it imports almost nothing.

The command's modules (Typer, Rich, the engine, the games) take a fraction of a second to load.
Ctrl-C in that time ends the command as Ctrl-C does once it runs, with one line and status
130, not with Python's traceback of the import that was cut short.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Load the command, then run it (:func:`gamenight.cli.main`)."""
    try:
        from gamenight.cli import main as command
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(130) from None
    command()
