"""Storage of rooms, seats, matches and steps, behind the :class:`Store` interface."""

from gamenight.server.storage.base import (
    MatchRow,
    Owner,
    RoomRow,
    SeatRow,
    StepConflict,
    StepRow,
    StorageError,
    Store,
    token_digest,
)
from gamenight.server.storage.retry import (
    Backoff,
    StorageHealth,
    StorageUnavailable,
    retrying,
)
from gamenight.server.storage.sql import SqlStore, make_engine, migrate

__all__ = [
    "Backoff",
    "MatchRow",
    "Owner",
    "RoomRow",
    "SeatRow",
    "SqlStore",
    "StepConflict",
    "StepRow",
    "StorageError",
    "StorageHealth",
    "StorageUnavailable",
    "Store",
    "make_engine",
    "migrate",
    "retrying",
    "token_digest",
]
