"""``gamenight serve``: run the server with uvicorn.

Flags override the environment (``GAMENIGHT_HOST``, ``GAMENIGHT_PORT``, ``GAMENIGHT_DB_URL``,
...), which overrides the defaults in :class:`~gamenight.server.settings.Settings`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import uvicorn
from pydantic import ValidationError

from gamenight.server.app import create_app
from gamenight.server.settings import Settings
from gamenight.server.storage import SqlStore, StorageError

#: The command-line flag of each setting that has one, for messages about a bad setting.
FLAGS = {
    "db_url": "--db",
    "public_url": "--public-url",
    "advertise_url": "--advertise-url",
    "cluster": "--cluster",
    "host": "--host",
    "port": "--port",
}


class BadSetting(ValueError):
    """A server setting (flag or ``GAMENIGHT_*`` variable) that cannot work; the message names
    it and says what it takes."""


#: The largest WebSocket frame uvicorn accepts at all; messages past ``max_message_bytes`` but
#: under this get a typed ``too_large`` error and the connection stays open.
WS_MAX_FRAME = 1 << 20


def settings_from(
    host: str | None = None, port: int | None = None, db_url: str | None = None, **more: Any
) -> Settings:
    """Settings from the environment, with the given flags (those not ``None``) on top."""
    given = {"host": host, "port": port, "db_url": db_url, **more}
    return Settings(**{k: v for k, v in given.items() if v is not None})


def checked_settings(**given: Any) -> Settings:
    """:func:`settings_from` with every problem in one :class:`BadSetting` sentence, naming each
    setting by its flag, or its variable when it has no flag (``--db: unsupported database
    'mysql': ...``, ``GAMENIGHT_LIMITS__TURN_SECONDS: ...``)."""
    try:
        return settings_from(**given)
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            where = [str(p) for p in error["loc"]]
            message = str(error["msg"]).removeprefix("Value error, ")
            variable = "GAMENIGHT_" + "__".join(where).upper()
            name = FLAGS.get(".".join(where), variable) if where else ""
            problems.append(f"{name}: {message}" if name else message)
        raise BadSetting("bad server setting: " + "; ".join(problems)) from None


def check_database(settings: Settings) -> None:
    """Open the database once before serving (which makes a SQLite file, migrates the schema
    and checks that it answers), so that a database that cannot be used is one clear
    :class:`~gamenight.server.storage.StorageError`, not a failed start-up."""

    async def opened() -> None:
        store = SqlStore(settings.db_url, run_migrations=settings.migrate)
        try:
            await store.open()
        finally:
            await store.close()

    try:
        asyncio.run(opened())
    except StorageError:
        raise
    except Exception as exc:  # a migration that cannot run (Alembic), a file not writable
        raise StorageError(f"the database cannot be opened: {exc}") from None


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

    Before it listens, a bad setting raises :class:`BadSetting` and a database that cannot be
    used :class:`~gamenight.server.storage.StorageError`.

    With ``cluster``, several processes share the rooms of one PostgreSQL database (see
    ``docs/server.md``); ``advertise_url`` is where the others reach this one.
    """
    settings = checked_settings(
        host=host,
        port=port,
        db_url=db_url,
        public_url=public_url,
        cluster=cluster,
        advertise_url=advertise_url,
    )
    check_database(settings)
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
