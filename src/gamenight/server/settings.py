"""Server settings: from command-line flags or the environment (``GAMENIGHT_*``).

Every setting has a default that runs with no set-up: a SQLite file in the user's data directory,
loopback only, time limits that suit a family at a table.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from gamenight.server.storage.base import StorageError
from gamenight.server.storage.sql import parse_url


def default_db_path() -> Path:
    """Where the SQLite database lives by default: ``$XDG_DATA_HOME/gamenight/gamenight.db``
    (``~/.local/share/gamenight/gamenight.db`` when ``XDG_DATA_HOME`` is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "gamenight" / "gamenight.db"


def default_db_url() -> str:
    """The default database URL: the SQLite file of :func:`default_db_path`."""
    return f"sqlite:///{default_db_path()}"


class Limits(BaseModel):
    """A room's time limits, in seconds. The defaults suit a family at a table.

    A turn or a choice not made in time is made by the seat's stand-in bot; a reaction window
    nobody answers in time closes by itself (everyone still asked passes); a race that runs out
    is finished, for each person who went ``race_seconds`` without a grab, by their stand-in.
    """

    model_config = ConfigDict(extra="forbid")

    turn_seconds: float = Field(
        default=60.0, gt=0, le=3600, description="time for a turn or a simultaneous choice"
    )
    reaction_seconds: float = Field(
        default=6.0, gt=0, le=600, description="time a reaction window stays open"
    )
    race_seconds: float = Field(
        default=10.0,
        gt=0,
        le=600,
        description="time a person may go without a grab in a race before a stand-in grabs",
    )
    bot_speed: Literal["relaxed", "normal", "quick"] = Field(
        default="normal",
        description="how quickly bots react in races and windows (normal: an adult on a phone)",
    )
    reactions: bool = Field(
        default=True,
        description="seated people may send reactions (a fixed set of emoji, no text); the "
        "host can turn them off at any time",
    )
    grace_seconds: float = Field(
        default=30.0,
        ge=0,
        le=3600,
        description="how long a player who left keeps their seat before a bot plays it",
    )


class Settings(BaseSettings):
    """Everything the server can be told. Environment variables are ``GAMENIGHT_<NAME>``."""

    model_config = SettingsConfigDict(
        env_prefix="GAMENIGHT_", env_nested_delimiter="__", extra="ignore"
    )

    host: str = Field(default="127.0.0.1", description="address to listen on")
    port: int = Field(default=8000, ge=0, le=65535, description="port to listen on")
    db_url: str = Field(
        default_factory=default_db_url,
        description="database URL: sqlite:///path (the default) or postgresql://user@host/db",
    )
    public_url: str | None = Field(
        default=None,
        description="base URL of invite links (default: the address the request came to)",
    )
    record_key: str | None = Field(
        default=None,
        description="key that signs match records (default: made once, kept in the database)",
    )
    limits: Limits = Field(default_factory=Limits, description="default time limits of a room")
    max_message_bytes: int = Field(
        default=4096, ge=256, description="largest WebSocket message a client may send"
    )
    rate_per_second: float = Field(
        default=10.0, gt=0, description="messages a connection may send per second, sustained"
    )
    rate_burst: int = Field(
        default=20, ge=1, description="messages a connection may send in a burst"
    )
    bot_delay: float = Field(
        default=1.0,
        ge=0,
        description=(
            "scale of the bots' human-like delays and of the table's pauses before the first "
            "deal and after a round (0: bots act at once, no pauses)"
        ),
    )
    migrate: bool = Field(default=True, description="upgrade the database schema at start-up")
    ws_compression: bool = Field(
        default=False, description="compress WebSocket messages (permessage-deflate)"
    )
    cluster: bool = Field(
        default=False,
        description="several processes serve the same rooms through one PostgreSQL database",
    )
    advertise_url: str | None = Field(
        default=None,
        description="where the other processes reach this one (default http://host:port)",
    )
    gc_freeze_seconds: float = Field(
        default=1.0,
        ge=0,
        le=3600,
        description="how often live objects are set aside from the garbage collector "
        "(0: Python's own collector settings)",
    )
    gc_full_minutes: float = Field(
        default=10.0,
        gt=0,
        le=1440,
        description="how often the garbage collector looks at every object",
    )
    lease_seconds: float = Field(
        default=5.0,
        gt=0.2,
        le=600,
        description="how long a room stays with a process that stopped renewing its lease",
    )

    room_sockets: int = Field(
        default=100,
        ge=0,
        description="WebSockets a room takes from spectators (seats always get in; 0: no limit)",
    )
    address_sockets: int = Field(
        default=32,
        ge=0,
        description="WebSockets one client address may hold open at once (0: no limit)",
    )
    rooms_per_minute: float = Field(
        default=10.0,
        ge=0,
        description="rooms one client address may create per minute, sustained (0: no limit)",
    )
    rooms_burst: int = Field(
        default=20, ge=1, description="rooms one client address may create in a burst"
    )
    presence_seconds: float = Field(
        default=0.5,
        ge=0,
        le=60,
        description="comings and goings in a room are told at most once per this interval "
        "(0: at once, one message each)",
    )
    coach_cpu_seconds: float = Field(
        default=10.0,
        ge=1,
        le=3600,
        description="CPU time the coach may spend on a question (solving options not solved "
        "ahead of time with gamenight solve)",
    )
    coach_cache_size: int = Field(
        default=4, ge=1, le=1000, description="solved option sets the coach keeps in memory"
    )

    @field_validator("db_url")
    @classmethod
    def _database(cls, url: str) -> str:
        try:
            parse_url(url)
        except StorageError as exc:
            raise ValueError(str(exc)) from None
        return url

    @field_validator("public_url", "advertise_url")
    @classmethod
    def _address(cls, url: str | None) -> str | None:
        if url is None:
            return None
        parts = urlsplit(url.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(
                f"{url!r} is not a web address: write it in full, as https://games.example.com"
            )
        if parts.query or parts.fragment:
            raise ValueError(f"{url!r} has a ?query or #fragment; give the address alone")
        return url.strip().rstrip("/")

    @model_validator(mode="after")
    def _cluster_database(self) -> Settings:
        if self.cluster and parse_url(self.db_url).get_backend_name() != "postgresql":
            raise ValueError("cluster mode needs PostgreSQL: --db postgresql://user@host/db")
        return self
