"""Riding out a database that is away for a while: which failures are worth another try, how
long to wait between tries, and how the store's health is told.

A database restart (PostgreSQL's ``pg_ctl restart`` takes about a second), a dropped connection
or a SQLite file locked by another program are *unavailable* failures: the same call succeeds
once the database is back. :func:`retrying` runs a call again after each such failure, waiting a
little longer each time (exponential backoff with jitter, :class:`Backoff`), for at most a
budget of seconds, or for as long as it takes when the budget is ``None`` (a live match waiting
to store its step). Any other failure (a refused write, a bug) is raised at once.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from sqlalchemy.exc import (
    DBAPIError,
    DisconnectionError,
    InterfaceError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeout

from gamenight.server.storage.base import StorageError

T = TypeVar("T")

log = logging.getLogger("gamenight.server")


#: The words of SQLite's errors that say the file is busy or out of reach, not that the call
#: is wrong ("no such table" is an OperationalError too).
SQLITE_UNAVAILABLE = ("locked", "busy", "unable to open", "disk i/o", "readonly", "disk is full")


def unavailable(exc: SQLAlchemyError) -> bool:
    """Whether a database error says the database is away or busy (worth another try later),
    rather than that the call is wrong."""
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    if isinstance(exc, InterfaceError | DisconnectionError | PoolTimeout):
        return True
    if isinstance(exc, OperationalError):
        if "sqlite" in type(exc.orig).__module__:
            text_ = str(exc.orig).lower()
            return any(words in text_ for words in SQLITE_UNAVAILABLE)
        return True  # PostgreSQL: shutting down, starting up, connection refused or lost
    return False


class StorageUnavailable(StorageError):
    """The database could not be reached or is busy (restarting, locked, connection lost): the
    same call may succeed later."""


@dataclass(frozen=True, slots=True)
class Backoff:
    """Exponential backoff with jitter: the n-th wait (from 0) is drawn uniformly from
    ``[d/2, d]`` where ``d = min(cap, first * factor**n)``. The defaults wait 0.025-0.05 s,
    then 0.05-0.1 s, ... up to 0.5-1 s between tries, so a database back from a restart is used
    again within a second, and many matches waiting together do not all knock at once."""

    first: float = 0.05
    factor: float = 2.0
    cap: float = 1.0

    def delay(self, attempt: int, rng: random.Random) -> float:
        """How long to wait after the failed try number ``attempt`` (from 0)."""
        top = min(self.cap, self.first * self.factor ** min(attempt, 64))
        return top / 2 + rng.uniform(0.0, top / 2)


#: The waits the server uses (see :class:`Backoff`).
BACKOFF = Backoff()

#: How long a call made for a request (a join, a start, loading a room) keeps trying before the
#: caller is answered 503 ``unavailable``.
REQUEST_BUDGET = 5.0


class StorageHealth:
    """Whether the database answered the last call: ``down_since`` is the ``time.monotonic()``
    of the first failure of an outage (``None``: it answers), ``error`` its one-line reason."""

    def __init__(self) -> None:
        self.down_since: float | None = None
        self.error = ""

    @property
    def down(self) -> bool:
        """Whether the database is away now."""
        return self.down_since is not None

    def failed(self, error: StorageError) -> None:
        """A call failed as unavailable: the outage starts now (if it had not already)."""
        if self.down_since is None:
            self.down_since = time.monotonic()
            log.warning("the database does not answer: %s", error)
        self.error = str(error)

    def answered(self) -> None:
        """A call succeeded: the outage, if any, is over."""
        if self.down_since is not None:
            log.warning("database back after %.1f s of outage", time.monotonic() - self.down_since)
        self.down_since = None
        self.error = ""

    def seconds_down(self) -> float | None:
        """How long the outage has lasted (``None``: no outage)."""
        return None if self.down_since is None else time.monotonic() - self.down_since


async def retrying(
    call: Callable[[], Awaitable[T]],
    *,
    budget: float | None = REQUEST_BUDGET,
    backoff: Backoff = BACKOFF,
    health: StorageHealth | None = None,
    waiting: Callable[[StorageUnavailable], None] | None = None,
    rng: random.Random | None = None,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> T:
    """``await call()``, again after each :class:`StorageUnavailable` with a backoff wait, until
    it succeeds; after ``budget`` seconds of trying (``None``: never) the last failure is
    raised. ``waiting`` hears each failure before the wait; ``health`` is told of failures and
    of the success. ``sleep`` and ``clock`` are the waiting and the time (a test passes virtual
    ones)."""
    started = clock()
    attempt = 0
    while True:
        try:
            result = await call()
        except StorageUnavailable as exc:
            if health is not None:
                health.failed(exc)
            if rng is None:  # made on the first failure only: most calls never need one
                rng = random.Random()
            pause = backoff.delay(attempt, rng)
            if budget is not None and clock() - started + pause > budget:
                raise
            if waiting is not None:
                waiting(exc)
            attempt += 1
            await sleep(pause)
            continue
        if health is not None:
            health.answered()
        return result
