"""``gamenight serve``: the game server for playing together in browsers (see docs/server.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from gamenight.cli.app import app, fail


@app.command()
def serve(
    host: Annotated[
        str | None, typer.Option(help="address to listen on (default 127.0.0.1; 0.0.0.0: all)")
    ] = None,
    port: Annotated[int | None, typer.Option(min=1, max=65535, help="port (default 8000)")] = None,
    db: Annotated[
        str | None,
        typer.Option(help="sqlite:///path or postgresql://user:pw@host/db (default: SQLite file)"),
    ] = None,
    public_url: Annotated[
        str | None, typer.Option(help="the address people open, for invite links behind a proxy")
    ] = None,
    cluster: Annotated[
        bool | None, typer.Option(help="share rooms with other servers on one PostgreSQL")
    ] = None,
    advertise_url: Annotated[
        str | None, typer.Option(help="with --cluster: where the other servers reach this one")
    ] = None,
    log_level: Annotated[
        str, typer.Option(help="how much the server logs: debug, info, warning, error")
    ] = "info",
) -> None:
    """Run the game server: rooms, seats, bots and clocks, for phones and browsers."""
    from gamenight.server.command import BadSetting
    from gamenight.server.command import serve as run_server
    from gamenight.server.storage import StorageError

    if log_level.lower() not in {"critical", "error", "warning", "info", "debug"}:
        fail(f"--log-level takes debug, info, warning or error, got {log_level!r}")
    try:
        run_server(
            host,
            port,
            db,
            public_url=public_url,
            cluster=cluster,
            advertise_url=advertise_url,
            log_level=log_level.lower(),
        )
    except BadSetting as exc:
        fail(str(exc))
    except StorageError as exc:
        fail(f"the database cannot be used: {exc}", 1)
