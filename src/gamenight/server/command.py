"""``gamenight serve``: run the server with uvicorn.

Flags override the environment (``GAMENIGHT_HOST``, ``GAMENIGHT_PORT``, ``GAMENIGHT_DB_URL``,
...), which overrides the defaults in :class:`~gamenight.server.settings.Settings`.
"""

from __future__ import annotations

import logging
from typing import Any

import uvicorn

from gamenight.server.app import create_app
from gamenight.server.settings import Settings

#: The largest WebSocket frame uvicorn accepts at all; messages past ``max_message_bytes`` but
#: under this get a typed ``too_large`` error and the connection stays open.
WS_MAX_FRAME = 1 << 20


def settings_from(
    host: str | None = None, port: int | None = None, db_url: str | None = None, **more: Any
) -> Settings:
    """Settings from the environment, with the given flags (those not ``None``) on top."""
    given = {"host": host, "port": port, "db_url": db_url, **more}
    return Settings(**{k: v for k, v in given.items() if v is not None})


def serve(
    host: str | None = None,
    port: int | None = None,
    db_url: str | None = None,
    *,
    public_url: str | None = None,
    cluster: bool | None = None,
    advertise_url: str | None = None,
    log_level: str = "info",
) -> None:
    """Run the server until interrupted (Ctrl-C stops it; every match resumes at the next start).

    With ``cluster``, several processes share the rooms of one PostgreSQL database (see
    ``docs/server.md``); ``advertise_url`` is where the others reach this one.
    """
    settings = settings_from(
        host,
        port,
        db_url,
        public_url=public_url,
        cluster=cluster,
        advertise_url=advertise_url,
    )
    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level=log_level,
        ws_max_size=WS_MAX_FRAME,
        # Updates are a kilobyte or two: compressing each costs more server time than the
        # bytes it saves (measured by bench/bench_server.py); a proxy may compress instead.
        ws_per_message_deflate=settings.ws_compression,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
    )
