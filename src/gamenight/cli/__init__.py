"""The ``gamenight`` command: one Typer app, one module per group of subcommands.

- ``play``: ``list``, ``rules``, ``play``, ``replay``;
- ``simulate``: ``simulate``.
"""

from __future__ import annotations

from gamenight.cli import play, simulate
from gamenight.cli.app import app

__all__ = ["app", "main", "play", "simulate"]


def main() -> None:
    """Entry point of the ``gamenight`` command."""
    app()
