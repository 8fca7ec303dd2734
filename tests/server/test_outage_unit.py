"""Riding out a database that is away, in the normal suite (fast): the retry with backoff, a live
match that waits for its step to be stored and goes on by itself, one rebuilt from the database
after a storage failure, and a real SQLite file locked by another connection. Nothing a store
has not kept is ever shown. The real PostgreSQL outage (restarts, a stop) is
``test_outage_chaos.py``."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy.exc import IntegrityError, OperationalError

from gamenight.engine import Match, make_game
from gamenight.engine.match import replay
from gamenight.engine.registry import game_class
from gamenight.live import Applied, LiveMatch, MatchStopped, Update
from gamenight.live.runtime import LiveMatch as Live
from gamenight.server.app import health
from gamenight.server.protocol import RoomInfo
from gamenight.server.rooms import RoomService
from gamenight.server.settings import Limits, Settings
from gamenight.server.storage import (
    Backoff,
    RoomRow,
    SeatRow,
    SqlStore,
    StepRow,
    StorageError,
    StorageHealth,
    StorageUnavailable,
    retrying,
)
from gamenight.server.storage.retry import unavailable
from tests.live.helpers import quick, run

# ---- the retry itself, on virtual time -----------------------------------------------------------


class VirtualTime:
    """A clock that moves only when something waits on it: ``sleep`` records the wait."""

    def __init__(self) -> None:
        self.now = 0.0
        self.waits: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += seconds


def failing(times: int, error: StorageError | None = None) -> tuple[Any, list[int]]:
    """A call that fails ``times`` times (unavailable, or ``error``), then answers 42."""
    calls: list[int] = []

    async def call() -> int:
        calls.append(1)
        if len(calls) <= times:
            raise error if error is not None else StorageUnavailable("database error: away")
        return 42

    return call, calls


def test_a_call_that_fails_a_few_times_is_tried_again_with_growing_jittered_waits() -> None:
    """Six failures, then an answer: seven tries, six waits, each drawn from [d/2, d] with d
    doubling from 0.05 s up to the 1 s cap; the health says down during the outage and up
    after; ``waiting`` hears each failure."""
    time, health, heard = VirtualTime(), StorageHealth(), []
    call, calls = failing(6)

    async def go() -> int:
        def waiting(exc: StorageUnavailable) -> None:
            heard.append(str(exc))
            assert health.down

        return await retrying(
            call,
            budget=None,
            health=health,
            waiting=waiting,
            rng=random.Random(3),
            sleep=time.sleep,
            clock=time.clock,
        )

    assert asyncio.run(go()) == 42
    assert len(calls) == 7 and len(heard) == 6
    tops = [0.05, 0.1, 0.2, 0.4, 0.8, 1.0]
    assert len(time.waits) == 6
    for wait, top in zip(time.waits, tops, strict=True):
        assert top / 2 <= wait <= top
    assert len(set(time.waits)) == 6  # jittered, not a fixed schedule
    assert not health.down


def test_a_budget_ends_the_tries_and_other_failures_are_not_tried_again() -> None:
    """With a 5 s budget a database that never answers is given up on before 5 s of waiting
    (the last failure is raised); a failure that is not about the database being away (a
    refused write) is raised at once, after one try."""
    time = VirtualTime()
    never, calls = failing(10_000)

    async def go() -> None:
        with pytest.raises(StorageUnavailable):
            await retrying(never, budget=5.0, sleep=time.sleep, clock=time.clock)
        refused, once = failing(3, StorageError("database error: refused"))
        with pytest.raises(StorageError, match="refused"):
            await retrying(refused, budget=None, sleep=time.sleep, clock=time.clock)
        assert len(once) == 1

    asyncio.run(go())
    assert 3 <= sum(time.waits) <= 5.0
    assert len(calls) == len(time.waits) + 1
    # doubling to the cap: 0.05 0.1 0.2 0.4 0.8 then 1 s waits
    assert 8 <= len(calls) <= 12


def test_the_backoff_is_bounded() -> None:
    """However many tries, no wait is longer than the cap."""
    rng = random.Random(1)
    waits = [Backoff().delay(n, rng) for n in range(200)]
    assert max(waits) <= 1.0 and min(waits) >= 0.025


# ---- the live runtime: nothing unstored is shown ---------------------------------------------


def test_after_a_step_fails_to_store_a_sync_shows_nothing_of_it() -> None:
    """A step whose store failed stops the match; a viewer who asks again (a ``sync``, a new
    connection) then gets no view at all, never one holding the step that was not stored (it
    used to get the unstored version)."""

    async def main() -> None:
        match = Match(make_game("toss-up"), seed=8)
        stored: list[int] = []

        async def persist(applied: Applied) -> None:
            if applied.by == "person":
                raise StorageError("database error: the database system is shutting down")
            stored.append(applied.version)

        live = LiveMatch(match, quick(turn_limit=None), persist=persist)
        sub = live.subscribe(None)
        async with live:
            while True:
                now = await sub.get()
                assert now is not None
                if now.view["pending"]["kind"] == "single":
                    break
            seat = now.view["pending"]["players"][0]
            action = live.game.legal_actions(match.state, seat)[0]
            with pytest.raises(MatchStopped):
                await live.submit(seat, action, now.version)
            with pytest.raises(StorageError):
                await live.finished()
            assert match.version == max(stored) + 1  # the match holds the unstored step
            again = live.subscribe(0)  # a sync after the failure
            seen = [u.version async for u in again]
            assert seen == [] or max(seen) <= max(stored), seen
            with pytest.raises(MatchStopped, match="could not be stored"):
                await live.view(0)

    run(main())


def test_a_decision_clock_starts_when_the_step_is_told_not_while_it_waits_for_the_store() -> None:
    """A step waits 40 s (virtual) for the store; the turn it opens has a 30 s limit. Its
    update says the whole 30 s are left and nobody's stand-in played it (before, the clock ran
    while the step waited, and the stand-in played at once)."""

    async def main() -> list[Update]:
        loop = asyncio.get_running_loop()
        real_time = loop.time
        shift = [0.0]
        loop.time = lambda: real_time() + shift[0]  # type: ignore[method-assign]
        match = Match(make_game("toss-up"), seed=8)

        async def persist(applied: Applied) -> None:
            if applied.version == 1:  # the first step: the first turn opens with it
                shift[0] += 40.0  # the database was away for 40 s

        live = LiveMatch(match, quick(turn_limit=30.0), persist=persist)
        sub = live.subscribe(None)
        updates: list[Update] = []
        async with live:
            while True:
                update = await sub.get()
                assert update is not None
                updates.append(update)
                if update.version >= 1 and update.view["pending"]["kind"] == "single":
                    break
            await asyncio.sleep(0)  # a timeout due now would be handled here
            assert live.version == update.version  # nobody played the turn
        return updates

    updates = run(main())
    told = updates[-1]
    assert told.time_left is not None and told.time_left > 29.0, told.time_left
    assert all(u.by != "stand-in" for u in updates)


# ---- the server's matches: waiting for the store, and rebuilt from it ------------------------


class FlakyStore(SqlStore):
    """A real SQLite store whose step writes fail as a database away would: ``fail_at`` maps a
    step index to how many times its write fails (``StorageUnavailable``), ``refuse_at`` to a
    failure that is not about the database being away (``StorageError``, once). ``stored`` counts
    the steps committed, per match."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.fail_at: dict[int, int] = {}
        self.refuse_at: set[int] = set()
        self.stored: dict[int, int] = {}

    async def append_step(self, code: str, number: int, step: StepRow) -> None:
        if self.fail_at.get(step.index, 0) > 0:
            self.fail_at[step.index] -= 1
            raise StorageUnavailable("database error: the database system is shutting down")
        if step.index in self.refuse_at:
            self.refuse_at.discard(step.index)
            raise StorageError("database error: refused")
        await super().append_step(code, number, step)
        self.stored[number] = max(self.stored.get(number, 0), step.index + 1)


class Watcher:
    """A spectator's connection, as the room service sees it: it keeps every room state and
    checks, as each update arrives, that its version is stored."""

    seat = None

    def __init__(self, store: FlakyStore) -> None:
        self.store = store
        self.storage: list[str] = []
        self.versions: list[int] = []
        self.follows = 0
        self.shown_unstored: list[int] = []
        self.over = asyncio.Event()
        self._feed: asyncio.Task[None] | None = None

    def room_changed(self, info: RoomInfo) -> None:
        if not self.storage or self.storage[-1] != info.storage:
            self.storage.append(info.storage)

    def follow(self, live: Live, number: int) -> None:
        self.follows += 1
        if self._feed is not None:
            self._feed.cancel()
        self._feed = asyncio.create_task(self._read(live, number))

    async def _read(self, live: Live, number: int) -> None:
        sub = live.subscribe(None)
        async for update in sub:
            if update.version > self.store.stored.get(number, 0):
                self.shown_unstored.append(update.version)
            self.versions.append(update.version)
            if update.outcome is not None:
                self.over.set()

    def moved(self) -> None:
        raise AssertionError("one process: no room moves")

    def unseat(self, info: RoomInfo) -> None:
        raise AssertionError("nobody leaves")


async def bots_match(store: FlakyStore, tmp_path: Path) -> tuple[RoomService, Watcher, str]:
    """Three bots playing Toss Up! (no delays), watched from the start."""
    await store.open()
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'gamenight.db'}", bot_delay=0.0)
    service = RoomService(store, settings, b"key")
    service.backoff = Backoff(first=0.0, cap=0.0)  # tries again at once: no real waits here
    room, host, _token = await service.create("toss-up", 3, {"target": 30}, Limits(), None)
    for seat in range(3):
        await service.set_bot(room.code, host, seat, "random")
    watcher = Watcher(store)
    await service.attach(room, watcher)
    await service.start(room.code, host)
    return service, watcher, room.code


def test_a_match_waits_for_the_store_and_goes_on_by_itself(tmp_path: Path) -> None:
    """Steps 5, 10 and 15 each fail to store three times (the database away): the match waits,
    the room says ``reconnecting`` meanwhile and ``ok`` after, and the match plays to its end;
    no update ever showed a step before it was stored, and the stored record replays."""
    store = FlakyStore(f"sqlite:///{tmp_path / 'gamenight.db'}")
    store.fail_at = {5: 3, 10: 3, 15: 3}

    async def go() -> tuple[Watcher, dict[str, Any]]:
        service, watcher, code = await bots_match(store, tmp_path)
        await asyncio.wait_for(watcher.over.wait(), 60)
        record = await service.record(code, 1)
        await service.close()
        await store.close()
        return watcher, record

    watcher, record = run(go())
    assert all(n == 0 for n in store.fail_at.values())  # every planned failure happened
    assert watcher.shown_unstored == []
    assert "reconnecting" in watcher.storage and watcher.storage[-1] == "ok"
    assert watcher.follows == 1  # waited: never stopped nor rebuilt
    assert replay(record, game_class("toss-up")).finished
    assert watcher.versions[-1] == len(record["steps"])


def test_a_match_stopped_by_a_storage_failure_is_rebuilt_from_the_database(
    tmp_path: Path,
) -> None:
    """Step 8's write is refused (not a database away: the runtime stops): the match is rebuilt
    from the 8 stored steps at once and every connection follows the new one; step 8 was never
    shown, the match plays to its end and its record replays."""
    store = FlakyStore(f"sqlite:///{tmp_path / 'gamenight.db'}")
    store.refuse_at = {8}

    async def go() -> tuple[Watcher, dict[str, Any]]:
        service, watcher, code = await bots_match(store, tmp_path)
        await asyncio.wait_for(watcher.over.wait(), 60)
        record = await service.record(code, 1)
        await service.close()
        await store.close()
        return watcher, record

    watcher, record = run(go())
    assert store.refuse_at == set()
    assert watcher.shown_unstored == []
    assert watcher.follows == 2  # the match, then the one rebuilt from the database
    assert replay(record, game_class("toss-up")).finished


def test_healthz_says_degraded_while_a_match_waits_for_the_database(tmp_path: Path) -> None:
    """``ok`` while the database answers; 503 ``degraded`` (with how many rooms wait) while a
    room's match waits for it."""

    async def go() -> None:
        store = SqlStore(f"sqlite:///{tmp_path / 'gamenight.db'}")
        await store.open()
        service = RoomService(store, Settings(db_url=store.url), b"key")
        ok = await health(store, service)
        assert not hasattr(ok, "status_code") and ok.status == "ok"  # type: ignore[union-attr]
        service.waiting.add("ABC234")
        degraded = await health(store, service)
        assert getattr(degraded, "status_code", None) == 503
        body = bytes(degraded.body).decode()  # type: ignore[union-attr]
        assert '"status":"degraded"' in body and '"waiting_rooms":1' in body
        await store.close()

    asyncio.run(go())


def test_a_locked_sqlite_file_is_waited_for(tmp_path: Path) -> None:
    """Another program holds the SQLite file's write lock: a step write fails as unavailable
    (``database is locked``), the health says down, and the write is tried again until the lock
    is released; then the step is stored once and the health is up again."""
    path = tmp_path / "gamenight.db"

    async def go() -> list[StepRow]:
        store = SqlStore(f"sqlite:///{path}", busy_seconds=0.02, budget=60.0)
        await store.open()
        await store.create_room(room_row())
        await store.begin_match("ABC234", 1, 7, {})
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        write = asyncio.create_task(store.append_step("ABC234", 1, StepRow(0, None, {"n": 1})))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while not store.health.down:  # a real lock: wait for its real effect
            assert loop.time() < deadline and not write.done()
            await asyncio.sleep(0)
        assert "locked" in store.health.error
        other.execute("COMMIT")
        other.close()
        await asyncio.wait_for(write, 30)
        assert not store.health.down
        steps = await store.load_steps("ABC234", 1)
        await store.close()
        return steps

    assert asyncio.run(go()) == [StepRow(0, None, {"n": 1})]


def room_row() -> RoomRow:
    return RoomRow(
        code="ABC234",
        game="toss-up",
        config={"players": 2},
        limits={},
        host_hash="0" * 64,
        seats=(SeatRow(0), SeatRow(1)),
    )


def test_which_database_errors_are_worth_another_try() -> None:
    """A locked or unreachable SQLite file, and any PostgreSQL connection failure, are tried
    again; a missing table or a refused write is not."""

    def sqlite_error(text: str) -> OperationalError:
        return OperationalError("INSERT", {}, sqlite3.OperationalError(text))

    assert unavailable(sqlite_error("database is locked"))
    assert unavailable(sqlite_error("unable to open database file"))
    assert not unavailable(sqlite_error("no such table: steps"))
    shutting = psycopg.OperationalError("FATAL:  the database system is shutting down")
    assert unavailable(OperationalError("SELECT 1", {}, shutting))
    refused = sqlite3.IntegrityError("UNIQUE constraint failed: steps.idx")
    assert not unavailable(IntegrityError("INSERT", {}, refused))
