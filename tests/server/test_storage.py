"""The SQL store on SQLite and on a real PostgreSQL server: migrations, rooms, seats, matches,
steps written with group commit, and the conflict that keeps two writers from one step index."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import inspect

from gamenight.server.storage import (
    RoomRow,
    SeatRow,
    SqlStore,
    StepConflict,
    StepRow,
    StorageError,
    token_digest,
)
from gamenight.server.storage.tables import metadata


def room(code: str = "ABC234") -> RoomRow:
    return RoomRow(
        code=code,
        game="toss-up",
        config={"players": 3, "target": 100},
        limits={"turn_seconds": 90.0},
        host_hash=token_digest("host-secret"),
        seats=(
            SeatRow(0, "human", "Ann", None, token_digest("t0")),
            SeatRow(1, "bot", "smart", "smart"),
            SeatRow(2),
        ),
        created_at=1.5,
        host_seat=0,
    )


async def opened(url: str) -> SqlStore:
    store = SqlStore(url)
    await store.open()
    return store


def test_migrations_make_the_tables_the_code_uses(db_url: str) -> None:
    """Alembic's schema has every table and column of ``tables.py``, and upgrading twice (a
    restart) is a no-op."""

    async def go() -> None:
        store = await opened(db_url)
        await store.close()
        store = await opened(db_url)
        inspector = inspect(store.engine)
        for table in metadata.sorted_tables:
            columns = {c["name"] for c in inspector.get_columns(table.name)}
            assert columns == {c.name for c in table.columns}, table.name
        await store.close()

    asyncio.run(go())


def test_room_seats_matches_and_steps_round_trip(db_url: str) -> None:
    """What is stored is what is loaded: a room with its seats and host (handed on), a match
    with a 128-bit seed, its steps in order (chance steps with no player), and the record once
    it is over."""

    async def go() -> None:
        store = await opened(db_url)
        assert await store.create_room(room())
        assert not await store.create_room(room()), "a room code is taken once"
        loaded = await store.load_room("ABC234")
        assert loaded == room()
        assert await store.load_room("NOPE22") is None

        await store.save_seat("ABC234", SeatRow(2, "bot", "random", "random"))
        loaded = await store.load_room("ABC234")
        assert loaded is not None
        assert loaded.seats[2] == SeatRow(2, "bot", "random", "random")
        await store.save_host("ABC234", token_digest("new-host"), 2)
        loaded = await store.load_room("ABC234")
        assert loaded is not None
        assert (loaded.host_hash, loaded.host_seat) == (token_digest("new-host"), 2)

        seed = 2**127 + 12345
        await store.begin_match("ABC234", 1, seed, {"players": 3})
        steps = [
            StepRow(0, None, {"type": "Dice", "faces": [1, 2]}),
            StepRow(1, 0, {"type": "Roll"}),
            StepRow(2, 0, {"type": "Bank"}),
        ]
        await asyncio.gather(*(store.append_step("ABC234", 1, s) for s in steps))
        assert await store.load_steps("ABC234", 1) == steps
        live = await store.live_matches()
        assert [(r.code, m.number, m.seed) for r, m in live] == [("ABC234", 1, seed)]
        loaded = await store.load_room("ABC234")
        assert loaded is not None
        assert (loaded.status, loaded.match_number) == ("playing", 1)

        await store.finish_match("ABC234", 1, {"format": "x", "seed": str(seed)})
        match = await store.load_match("ABC234", 1)
        assert match is not None
        assert (match.status, match.record) == ("over", {"format": "x", "seed": str(seed)})
        assert await store.live_matches() == []
        loaded = await store.load_room("ABC234")
        assert loaded is not None
        assert loaded.status == "over"
        await store.close()

    asyncio.run(go())


def test_a_step_index_is_written_once(db_url: str) -> None:
    """Two writers of the same step index: the second is refused with ``StepConflict`` and the
    steps around it in the same batch are stored all the same."""

    async def go() -> None:
        store = await opened(db_url)
        await store.create_room(room())
        await store.begin_match("ABC234", 1, 7, {"players": 3})
        await store.append_step("ABC234", 1, StepRow(0, 1, {"type": "A"}))
        results = await asyncio.gather(
            store.append_step("ABC234", 1, StepRow(0, 2, {"type": "B"})),
            store.append_step("ABC234", 1, StepRow(1, 2, {"type": "C"})),
            return_exceptions=True,
        )
        assert isinstance(results[0], StepConflict)
        assert results[1] is None
        stored = await store.load_steps("ABC234", 1)
        assert [(s.index, s.action["type"]) for s in stored] == [(0, "A"), (1, "C")]
        await store.close()

    asyncio.run(go())


def test_group_commit_stores_many_matches_at_once(db_url: str) -> None:
    """Steps of 40 matches sent together are all stored, each match's in order."""

    async def go() -> None:
        store = await opened(db_url)
        codes = [f"R{n:05d}" for n in range(40)]
        for code in codes:
            await store.create_room(room(code))
            await store.begin_match(code, 1, 1, {})
        for index in range(5):
            await asyncio.gather(
                *(store.append_step(c, 1, StepRow(index, 0, {"i": index})) for c in codes)
            )
        for code in codes:
            assert [s.action["i"] for s in await store.load_steps(code, 1)] == [0, 1, 2, 3, 4]
        await store.close()

    asyncio.run(go())


def test_meta_keeps_the_first_value(db_url: str) -> None:
    """A server-wide value (the record key) is made once: a second default does not replace it."""

    async def go() -> None:
        store = await opened(db_url)
        assert await store.meta("record_key", "first") == "first"
        assert await store.meta("record_key", "second") == "first"
        await store.close()

    asyncio.run(go())


def test_bad_database_urls_are_refused_with_a_reason() -> None:
    """A URL that is not one, or a database the server does not support, is named."""
    with pytest.raises(StorageError, match="not a database URL"):
        SqlStore("::nonsense::")
    with pytest.raises(StorageError, match="unsupported database 'mysql'"):
        SqlStore("mysql://localhost/db")


def test_room_leases_go_to_one_owner_at_a_time(db_url: str) -> None:
    """A free room is claimed; another process cannot claim it while the lease runs, can once
    it ran out; the old owner's renewal then no longer names it; released leases lapse at once."""

    async def go() -> None:
        store = await opened(db_url)
        await store.create_room(room())
        assert await store.room_owner("NOPE22") is None
        assert await store.claim_room("ABC234", "a", "http://a", until=110.0, now=100.0)
        assert not await store.claim_room("ABC234", "b", "http://b", until=111.0, now=101.0)
        owner = await store.room_owner("ABC234")
        assert owner is not None
        assert (owner.owner, owner.url, owner.lease_until) == ("a", "http://a", 110.0)
        assert await store.renew_rooms("a", until=120.0) == {"ABC234"}
        await store.begin_match("ABC234", 1, 5, {})
        assert await store.orphaned_rooms(now=119.0) == []
        assert await store.orphaned_rooms(now=121.0) == ["ABC234"]
        assert await store.claim_room("ABC234", "b", "http://b", until=131.0, now=121.0)
        assert await store.renew_rooms("a", until=140.0) == set()
        await store.release_rooms("b")
        assert await store.orphaned_rooms(now=122.0) == ["ABC234"]
        await store.notify('{"room": "ABC234"}')  # PostgreSQL: NOTIFY; SQLite: nothing
        await store.close()

    asyncio.run(go())
