"""The ``gamenight`` command: one Typer app, one module per group of subcommands.

- ``play``: ``list``, ``rules``, ``play``, ``replay``;
- ``simulate``: ``simulate``;
- ``study``: ``sweep``, ``report``, ``solve``, ``ladder``;
- ``serve``: ``serve``.
"""

from __future__ import annotations

from gamenight.cli import play, serve, simulate, study
from gamenight.cli.app import app

__all__ = ["app", "main", "play", "serve", "simulate", "study"]


def main() -> None:
    """Entry point of the ``gamenight`` command."""
    app()
