"""The ``gamenight`` command: one Typer app, one module per group of subcommands.

- ``play``: ``list``, ``rules``, ``play``, ``replay``;
- ``simulate``: ``simulate``;
- ``study``: ``sweep``, ``report``, ``solve``, ``ladder``;
- ``serve``: ``serve``;
- ``verify``: ``verify`` (a served record's signature, then its steps).
"""

from __future__ import annotations

import sys

import typer
from rich.markup import escape

from gamenight.cli import play, serve, simulate, study, verify
from gamenight.cli.app import app, err

__all__ = ["app", "main", "play", "serve", "simulate", "study", "verify"]


def main() -> None:
    """Entry point of the ``gamenight`` command.

    A mistake in the command line itself (an option misspelt, a value of the wrong kind, a
    missing argument) is one ``error:`` line naming the help to read, exit status 2, like every
    other usage error of the command."""
    try:
        status = app(standalone_mode=False, prog_name="gamenight")
    except typer.TyperException as exc:  # the command line parser's own refusals
        ctx = getattr(exc, "ctx", None)
        where = ctx.command_path if ctx is not None else "gamenight"
        message = exc.format_message().strip()
        if type(exc).__name__ == "NoArgsIsHelpError" or not message:
            app(
                ["--help"] if ctx is None else [*ctx.command_path.split()[1:], "--help"],
                prog_name="gamenight",
            )
            return
        err.print(f"[bold red]error:[/] {escape(message)} (see: {where} --help)")
        sys.exit(exc.exit_code)
    except typer.Abort:  # Ctrl+C or end of input at a prompt of the command line's own
        err.print("Aborted.")
        sys.exit(1)
    sys.exit(status if isinstance(status, int) else 0)
