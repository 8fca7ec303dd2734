"""The SQL store: SQLite (a file, the default) or PostgreSQL, through SQLAlchemy 2.

Database calls are blocking, so they run on worker threads and never stall the event loop.
Steps are written with group commit: every step that arrives while a write is under way goes
into the next transaction together, so many matches share one commit; each ``append_step``
returns only once its own step is committed.

A call that fails because the database is away (restarting, connection lost, file locked) is
tried again with backoff for up to ``budget`` seconds (``retry``), then raises
:class:`~gamenight.server.storage.retry.StorageUnavailable`; ``health`` says whether the
database answers now. Writes are safe to try again: a step whose commit was lost with the
connection, and then found stored with the same player and action, counts as stored.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config as AlembicConfig
from sqlalchemy import Connection, Engine, create_engine, event, insert, select, text, update
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import IntegrityError, NoSuchModuleError, SQLAlchemyError

from gamenight.server.storage import tables as t
from gamenight.server.storage.base import (
    MatchRow,
    Owner,
    RoomRow,
    SeatRow,
    StepConflict,
    StepRow,
    StorageError,
)
from gamenight.server.storage.retry import (
    BACKOFF,
    REQUEST_BUDGET,
    Backoff,
    StorageHealth,
    StorageUnavailable,
    retrying,
    unavailable,
)

T = TypeVar("T")

#: How long connecting to PostgreSQL may take before the server says it cannot.
CONNECT_SECONDS = 10
#: How long a SQLite call waits for a lock held by another connection before it fails (and is
#: tried again, see ``retry``).
SQLITE_BUSY_SECONDS = 5.0

_PendingStep = tuple[str, int, StepRow, "asyncio.Future[None]"]


def normalise_url(url: str) -> str:
    """Pick the driver SQLAlchemy uses: psycopg 3 for PostgreSQL, unless the URL names one."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


def parse_url(url: str) -> URL:
    """``url`` parsed, for SQLite or PostgreSQL; :class:`StorageError` saying what a database
    URL looks like for anything else."""
    try:
        parsed = make_url(normalise_url(url))
    except Exception:  # SQLAlchemy raises ArgumentError and ValueError alike here
        raise StorageError(
            f"not a database URL: {url!r}; use sqlite:///path or "
            "postgresql://user:password@host/database"
        ) from None
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise StorageError(
            f"unsupported database {parsed.get_backend_name()!r}: use sqlite:///path or "
            "postgresql://user:password@host/database"
        )
    return parsed


def make_engine(url: str, busy_seconds: float = SQLITE_BUSY_SECONDS) -> Engine:
    """An engine for ``url``; a SQLite file gets its folder made and WAL journaling, and waits
    up to ``busy_seconds`` for a lock held elsewhere."""
    parsed = parse_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            parsed, connect_args={"check_same_thread": False, "timeout": busy_seconds}
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            # WAL keeps every committed step through a killed process; NORMAL skips the fsync
            # per commit that only a power cut would need.
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    try:
        return create_engine(
            parsed,
            pool_size=8,
            max_overflow=8,
            pool_pre_ping=True,
            # A server that does not answer is reported after seconds, not the system's minutes.
            connect_args={"connect_timeout": CONNECT_SECONDS},
        )
    except (NoSuchModuleError, ModuleNotFoundError):
        raise StorageError(
            "PostgreSQL needs the psycopg driver: pip install 'gamenight[postgres]'"
        ) from None


def describe(exc: SQLAlchemyError) -> str:
    """A database error in one line: the driver's words without SQLAlchemy's statement and
    background link."""
    cause = getattr(exc, "orig", None) or exc
    lines = [
        line.strip()
        for line in str(cause).splitlines()
        if line.strip() and not line.lstrip().startswith(("[SQL", "[parameters", "(Background"))
    ]
    return f"{cause.__class__.__name__}: {'; '.join(lines)}"


def migrate(engine: Engine) -> None:
    """Upgrade the schema to the newest migration (Alembic, run from code).

    On PostgreSQL an advisory lock makes processes starting together migrate one at a time.
    """
    config = AlembicConfig()
    config.set_main_option(
        "script_location", str(resources.files("gamenight.server").joinpath("migrations"))
    )
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(4242001)"))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _room_from(row: Any, seat_rows: list[Any]) -> RoomRow:
    seats = tuple(
        SeatRow(index=s.idx, kind=s.kind, name=s.name, bot=s.bot, token_hash=s.token_hash)
        for s in sorted(seat_rows, key=lambda s: s.idx)
    )
    return RoomRow(
        code=row.code,
        game=row.game,
        config=json.loads(row.config),
        limits=json.loads(row.limits),
        host_hash=row.host_hash,
        host_seat=row.host_seat,
        status=row.status,
        match_number=row.match_number,
        seats=seats,
        created_at=row.created_at,
    )


def _match_from(row: Any) -> MatchRow:
    return MatchRow(
        room=row.room,
        number=row.number,
        seed=int(row.seed),
        config=json.loads(row.config),
        status=row.status,
        record=json.loads(row.record) if row.record is not None else None,
    )


class SqlStore:
    """A :class:`~gamenight.server.storage.base.Store` on SQLite or PostgreSQL."""

    def __init__(
        self,
        url: str,
        *,
        run_migrations: bool = True,
        budget: float = REQUEST_BUDGET,
        backoff: Backoff = BACKOFF,
        busy_seconds: float = SQLITE_BUSY_SECONDS,
    ) -> None:
        self.url = url
        self.engine = make_engine(url, busy_seconds)
        #: Seconds a call keeps trying while the database is away, then ``StorageUnavailable``.
        self.budget = budget
        self.backoff = backoff
        #: Whether the database answered the last call (``/healthz`` reads it).
        self.health = StorageHealth()
        self.dialect = self.engine.dialect.name
        # SQLite has one writer at a time: one thread keeps it from ever waiting on itself.
        workers = 1 if self.dialect == "sqlite" else 8
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="gamenight-db")
        self._pending: list[_PendingStep] = []
        self._flusher: asyncio.Task[None] | None = None
        self._migrate = run_migrations

    async def _once(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, fn, *args)
        except SQLAlchemyError as exc:
            if unavailable(exc):
                raise StorageUnavailable(f"database error: {describe(exc)}") from None
            raise StorageError(f"database error: {describe(exc)}") from None

    async def _run(self, fn: Callable[..., T], *args: Any, budget: float | None = None) -> T:
        """``fn(*args)`` on a worker thread, tried again while the database is away (for
        ``budget`` seconds, by default the store's)."""
        return await retrying(
            lambda: self._once(fn, *args),
            budget=self.budget if budget is None else budget,
            backoff=self.backoff,
            health=self.health,
        )

    async def open(self) -> None:
        """Check the database answers and bring its schema up to date (once: a database that
        cannot be used at start-up stops the server)."""
        if self._migrate:
            await self._once(migrate, self.engine)
        await self._once(self._select_one)

    async def check(self) -> bool:
        """Whether the database answers now (one try, no waiting; ``health`` is updated)."""
        try:
            await self._run(self._select_one, budget=0.0)
        except StorageError:
            return False
        return True

    # ---- reading -----------------------------------------------------------------------------
    async def ping(self) -> None:
        """Raise :class:`StorageError` unless the database answers."""
        await self._run(self._select_one)

    def _select_one(self) -> None:
        with self.engine.connect() as c:
            c.execute(text("SELECT 1"))

    async def load_room(self, code: str) -> RoomRow | None:
        """The room with that code, with its seats, or ``None``."""

        def work() -> RoomRow | None:
            with self.engine.connect() as c:
                row = c.execute(select(t.rooms).where(t.rooms.c.code == code)).first()
                if row is None:
                    return None
                seat_rows = list(c.execute(select(t.seats).where(t.seats.c.room == code)))
                return _room_from(row, seat_rows)

        return await self._run(work)

    async def load_match(self, code: str, number: int) -> MatchRow | None:
        """One match of a room, or ``None``."""

        def work() -> MatchRow | None:
            with self.engine.connect() as c:
                row = c.execute(
                    select(t.matches).where(t.matches.c.room == code, t.matches.c.number == number)
                ).first()
                return _match_from(row) if row is not None else None

        return await self._run(work)

    async def load_steps(self, code: str, number: int) -> list[StepRow]:
        """Every stored step of a match, in order."""

        def work() -> list[StepRow]:
            with self.engine.connect() as c:
                rows = c.execute(
                    select(t.steps)
                    .where(t.steps.c.room == code, t.steps.c.number == number)
                    .order_by(t.steps.c.idx)
                )
                return [StepRow(r.idx, r.player, json.loads(r.action)) for r in rows]

        return await self._run(work)

    async def live_matches(self) -> list[tuple[RoomRow, MatchRow]]:
        """Every match still being played, with its room."""

        def work() -> list[tuple[RoomRow, MatchRow]]:
            with self.engine.connect() as c:
                found = []
                for m in c.execute(select(t.matches).where(t.matches.c.status == "live")):
                    room = c.execute(select(t.rooms).where(t.rooms.c.code == m.room)).one()
                    seat_rows = list(c.execute(select(t.seats).where(t.seats.c.room == m.room)))
                    found.append((_room_from(room, seat_rows), _match_from(m)))
                return found

        return await self._run(work)

    # ---- writing -----------------------------------------------------------------------------
    async def meta(self, key: str, default: str) -> str:
        """The value stored under ``key``, storing ``default`` first if there is none."""

        def work() -> str:
            try:
                with self.engine.begin() as c:
                    c.execute(insert(t.meta).values(key=key, value=default))
            except IntegrityError:
                pass
            with self.engine.connect() as c:
                value: str = c.execute(
                    select(t.meta.c.value).where(t.meta.c.key == key)
                ).scalar_one()
                return value

        return await self._run(work)

    async def create_room(self, room: RoomRow) -> bool:
        """Store a new room with its seats; ``False`` if its code is taken."""

        def work() -> bool:
            try:
                with self.engine.begin() as c:
                    c.execute(
                        insert(t.rooms).values(
                            code=room.code,
                            game=room.game,
                            config=json.dumps(room.config),
                            limits=json.dumps(room.limits),
                            host_hash=room.host_hash,
                            host_seat=room.host_seat,
                            status=room.status,
                            match_number=room.match_number,
                            created_at=room.created_at,
                        )
                    )
                    for seat in room.seats:
                        _write_seat(c, room.code, seat, new=True)
            except IntegrityError:
                return False
            return True

        return await self._run(work)

    async def save_seat(self, code: str, seat: SeatRow) -> None:
        """Store one seat of a room as it is now."""

        def work() -> None:
            with self.engine.begin() as c:
                _write_seat(c, code, seat, new=False)

        await self._run(work)

    async def save_limits(self, code: str, limits: dict[str, Any]) -> None:
        """Store the room's limits as the host changed them."""

        def work() -> None:
            with self.engine.begin() as c:
                c.execute(
                    update(t.rooms).where(t.rooms.c.code == code).values(limits=json.dumps(limits))
                )

        await self._run(work)

    async def save_host(self, code: str, host_hash: str, host_seat: int | None) -> None:
        """Store who the room's host is now: the host token's digest and the host's seat."""

        def work() -> None:
            with self.engine.begin() as c:
                c.execute(
                    update(t.rooms)
                    .where(t.rooms.c.code == code)
                    .values(host_hash=host_hash, host_seat=host_seat)
                )

        await self._run(work)

    async def begin_match(self, code: str, number: int, seed: int, config: dict[str, Any]) -> None:
        """Store a new live match and make it the room's current one."""

        def work() -> None:
            with self.engine.begin() as c:
                c.execute(
                    insert(t.matches).values(
                        room=code,
                        number=number,
                        seed=str(seed),
                        config=json.dumps(config),
                        status="live",
                        record=None,
                    )
                )
                c.execute(
                    update(t.rooms)
                    .where(t.rooms.c.code == code)
                    .values(status="playing", match_number=number)
                )

        await self._run(work)

    async def finish_match(self, code: str, number: int, record: dict[str, Any]) -> None:
        """Mark the match over with its record, and the room ``over``."""

        def work() -> None:
            with self.engine.begin() as c:
                c.execute(
                    update(t.matches)
                    .where(t.matches.c.room == code, t.matches.c.number == number)
                    .values(status="over", record=json.dumps(record))
                )
                c.execute(
                    update(t.rooms)
                    .where(t.rooms.c.code == code, t.rooms.c.match_number == number)
                    .values(status="over")
                )

        await self._run(work)

    async def append_step(self, code: str, number: int, step: StepRow) -> None:
        """Store one step; returns once it is committed. :class:`StepConflict` if that index of
        that match is stored already."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((code, number, step, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await future

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                failed = await self._run(self._insert_steps, batch)
            except Exception as exc:  # every waiter hears of it; the flusher goes on
                for *_rest, future in batch:
                    if not future.done():
                        future.set_exception(
                            exc if isinstance(exc, StorageError) else StorageError(str(exc))
                        )
                continue
            for index, (code, number, step, future) in enumerate(batch):
                if future.done():
                    continue
                if index in failed:
                    future.set_exception(
                        StepConflict(f"step {step.index} of match {code}/{number} is stored")
                    )
                else:
                    future.set_result(None)

    def _insert_steps(self, batch: list[_PendingStep]) -> set[int]:
        """Insert the batch in one transaction; on a conflict, one by one. Returns the indexes
        (in the batch) of the steps that conflicted: another step is stored at that index. A
        step found stored as it is (its commit went through on a connection lost before the
        answer, and this is the try again) counts as stored."""
        rows = [
            {
                "room": code,
                "number": number,
                "idx": step.index,
                "player": step.player,
                "action": json.dumps(step.action),
            }
            for code, number, step, _future in batch
        ]
        try:
            with self.engine.begin() as c:
                c.execute(insert(t.steps), rows)
            return set()
        except IntegrityError:
            failed = set()
            for index, row in enumerate(rows):
                try:
                    with self.engine.begin() as c:
                        c.execute(insert(t.steps), [row])
                except IntegrityError:
                    if not self._stored_as(row):
                        failed.add(index)
            return failed

    def _stored_as(self, row: dict[str, Any]) -> bool:
        """Whether the step stored at ``row``'s index has ``row``'s player and action."""
        s = t.steps.c
        with self.engine.connect() as c:
            found = c.execute(
                select(s.player, s.action).where(
                    s.room == row["room"], s.number == row["number"], s.idx == row["idx"]
                )
            ).first()
        return (
            found is not None
            and found.player == row["player"]
            and json.loads(found.action) == json.loads(row["action"])
        )

    # ---- several processes (cluster mode) -------------------------------------------------------
    async def room_owner(self, code: str) -> Owner | None:
        """The room's owner and lease, or ``None`` when there is no such room."""

        def work() -> Owner | None:
            with self.engine.connect() as c:
                row = c.execute(
                    select(t.rooms.c.owner, t.rooms.c.owner_url, t.rooms.c.lease_until).where(
                        t.rooms.c.code == code
                    )
                ).first()
                if row is None:
                    return None
                return Owner(row.owner, row.owner_url, row.lease_until or 0.0)

        return await self._run(work)

    async def claim_room(self, code: str, owner: str, url: str, until: float, now: float) -> bool:
        """Take the room if it is free, already ours, or its owner's lease ran out."""
        r = t.rooms.c

        def work() -> bool:
            with self.engine.begin() as c:
                done = c.execute(
                    update(t.rooms)
                    .where(
                        r.code == code,
                        (r.owner.is_(None)) | (r.owner == owner) | (r.lease_until < now),
                    )
                    .values(owner=owner, owner_url=url, lease_until=until)
                )
                return done.rowcount == 1

        return await self._run(work)

    async def renew_rooms(self, owner: str, until: float) -> set[str]:
        """Extend every lease ``owner`` holds; the rooms it still owns."""

        def work() -> set[str]:
            with self.engine.begin() as c:
                c.execute(update(t.rooms).where(t.rooms.c.owner == owner).values(lease_until=until))
                rows = c.execute(select(t.rooms.c.code).where(t.rooms.c.owner == owner))
                return {row.code for row in rows}

        return await self._run(work)

    async def orphaned_rooms(self, now: float) -> list[str]:
        """Rooms with a match on whose owner's lease ran out."""

        def work() -> list[str]:
            with self.engine.connect() as c:
                rows = c.execute(
                    select(t.rooms.c.code).where(
                        t.rooms.c.status == "playing",
                        (t.rooms.c.lease_until.is_(None)) | (t.rooms.c.lease_until < now),
                    )
                )
                return [row.code for row in rows]

        return await self._run(work)

    async def release_rooms(self, owner: str) -> None:
        """End every lease ``owner`` holds."""

        def work() -> None:
            with self.engine.begin() as c:
                c.execute(update(t.rooms).where(t.rooms.c.owner == owner).values(lease_until=0.0))

        await self._run(work)

    async def notify(self, payload: str) -> None:
        """``NOTIFY gamenight`` on PostgreSQL (delivered to listeners at commit)."""
        if self.dialect != "postgresql":
            return

        def work() -> None:
            with self.engine.begin() as c:
                c.execute(text("SELECT pg_notify('gamenight', :payload)"), {"payload": payload})

        await self._run(work)

    def listen_url(self) -> str:
        """The libpq URL of the database (for a dedicated ``LISTEN`` connection)."""
        url = self.engine.url.set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    async def close(self) -> None:
        """Wait for pending writes, then release the connections."""
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)
        self._pool.shutdown(wait=True)
        self.engine.dispose()


def _write_seat(c: Connection, code: str, seat: SeatRow, *, new: bool) -> None:
    values = {"kind": seat.kind, "name": seat.name, "bot": seat.bot, "token_hash": seat.token_hash}
    if new:
        c.execute(insert(t.seats).values(room=code, idx=seat.index, **values))
    else:
        c.execute(
            update(t.seats)
            .where(t.seats.c.room == code, t.seats.c.idx == seat.index)
            .values(**values)
        )
