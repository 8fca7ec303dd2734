"""A PostgreSQL outage in the middle of a match, for real: a server process on a throwaway
PostgreSQL cluster, two people on WebSockets and a bot playing Toss Up! as fast as they can; the
database is restarted (``pg_ctl restart -m fast``) 20 times and stopped once for 10 seconds.

Every time, the match goes on by itself once the database is back (nobody restarts the server
or does anything but play); while it is stopped ``/healthz`` says ``degraded`` (503) and every
connection hears that the room is reconnecting to storage, and after it ``ok`` again; and every
step any client was shown, ``sync`` answers included, is in the database afterwards.

About a minute: ``slow`` (``make test`` runs it; ``pytest -m "not slow"`` leaves it out).
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from gamenight.engine.match import replay
from gamenight.engine.registry import game_class
from gamenight.server.storage import make_engine
from gamenight.server.storage import tables as t
from tests.server.helpers import Client, ServerProcess, host_call
from tests.server.pgcluster import Cluster, free_port, running_cluster
from tests.server.test_ws import table

pytestmark = pytest.mark.slow

RESTARTS = 20
STOP_SECONDS = 10.0
#: How long the match may take to go on after the database is back (a guard, not a speed check).
RESUME_LIMIT = 60.0


class Table:
    """The people of one room playing random legal moves as fast as the server lets them."""

    def __init__(self, base: str, made: dict[str, Any], clients: dict[int, Client]) -> None:
        self.base, self.made, self.clients = base, made, clients
        self.rng = random.Random(31)
        self.number = 1
        #: per seat, the update it last acted on (how many it had) and the quiet waits since
        self.acted: dict[int, tuple[int, int]] = {}
        self.stopping = False

    def version(self) -> tuple[int, int]:
        """(match number, version): the furthest any client has been shown."""
        return max(
            ((u["match_number"], u["version"]) for c in self.clients.values() for u in c.updates()),
            default=(0, 0),
        )

    def storage_states(self) -> list[str]:
        """The storage state of every ``room`` message each client got, in order, joined."""
        return [
            m["room"]["storage"]
            for c in self.clients.values()
            for m in c.messages
            if m["type"] in ("room", "welcome")
        ]

    async def play(self) -> None:
        """Until told to stop: each person plays a legal move of their newest view (again if
        nothing came of it for a while); the host starts a rematch when a match is over."""
        quiet = 0
        while not self.stopping:
            for seat, client in self.clients.items():
                update = client.latest()
                if update is None or update["match_number"] != self.number:
                    continue
                legal = update["view"]["legal"]
                key = (len(client.updates()), quiet // 20)  # again after 20 quiet waits
                if legal and self.acted.get(seat) != key:
                    self.acted[seat] = key
                    action = self.rng.choice(legal)
                    await client.send(
                        {"type": "act", "action": action, "version": update["version"]}
                    )
            if all(
                any(m["type"] == "over" and m["match_number"] == self.number for m in c.messages)
                for c in self.clients.values()
            ):
                await self.rematch()
            quiet = 0 if await self.clients[0].news(0.1) else quiet + 1

    async def rematch(self) -> None:
        path = f"/api/rooms/{self.made['code']}/rematch"
        answer = await asyncio.to_thread(
            host_call, self.base, "POST", path, self.made["host_token"]
        )
        if answer.status_code == 200:
            self.number += 1

    async def goes_on(self, since: tuple[int, int]) -> None:
        """Wait until a client is shown a step past ``since`` (the match went on)."""
        deadline = asyncio.get_running_loop().time() + RESUME_LIMIT
        while self.version() <= (since[0], since[1] + 2):
            left = deadline - asyncio.get_running_loop().time()
            assert left > 0, f"the match did not go on after {since}: {self.version()}"
            await self.clients[1].news(min(left, 0.5))

    async def sync_all(self) -> None:
        """Every client asks for its whole view again (what a sync shows is checked later)."""
        for client in self.clients.values():
            await client.send({"type": "sync"})


def health(base: str) -> tuple[int, dict[str, Any]]:
    answer = httpx.get(base + "/healthz", timeout=10)
    body: dict[str, Any] = answer.json()
    return answer.status_code, body


async def until_health(
    base: str, status: int, client: Client, limit: float = 30.0
) -> dict[str, Any]:
    """Poll ``/healthz`` until it answers ``status``, between polls waiting for the client's
    next message (at most 0.2 s)."""
    deadline = asyncio.get_running_loop().time() + limit
    while True:
        code, body = await asyncio.to_thread(health, base)
        if code == status:
            return body
        assert asyncio.get_running_loop().time() < deadline, (status, code, body)
        await client.news(0.2)


async def scenario(server: ServerProcess, pg: Cluster) -> tuple[Table, int]:
    base = server.url
    made, clients, _tokens = await table(
        base, "toss-up", ["Ann", "Bob"], bots=["random"], options={"target": 1000}
    )
    room = Table(base, made, clients)
    player = asyncio.create_task(room.play())
    try:
        await room.goes_on((1, 0))
        for _ in range(RESTARTS):
            since = room.version()
            restart = asyncio.create_task(asyncio.to_thread(pg.restart_server))
            while not restart.done():  # syncs while the database is away
                await room.sync_all()
                await room.clients[0].news(0.05)
            await restart
            await room.goes_on(since)
        # a longer outage: 10 s without the database
        since = room.version()
        await asyncio.to_thread(pg.stop_server)
        loop = asyncio.get_running_loop()
        back_at = loop.time() + STOP_SECONDS
        degraded = await until_health(base, 503, room.clients[1])
        assert degraded["status"] == "degraded", degraded
        while "reconnecting" not in room.storage_states():
            assert loop.time() < back_at, "nobody was told the room waits for storage"
            await room.clients[0].news(0.5)
        while loop.time() < back_at:  # the outage lasts: ask for views, check the health
            await room.sync_all()
            code, body = await asyncio.to_thread(health, base)
            assert code == 503 and body["status"] == "degraded", body
            await room.clients[0].news(0.5)
        await asyncio.to_thread(pg.start_server)
        await room.goes_on(since)
        assert (await until_health(base, 200, room.clients[1]))["status"] == "ok"
        assert room.storage_states()[-1] == "ok"
        assert room.version() > since
    finally:
        room.stopping = True
        await player
    await room.sync_all()
    for client in clients.values():
        await client.news(1.0)
        await client.close()
    log = server.log.read_text()
    return room, log.count("database back after")


def test_matches_ride_out_postgresql_restarts_and_a_stop(tmp_path: Path) -> None:
    """20 restarts and a 10 s stop of PostgreSQL mid-match: the match goes on by itself each
    time, and every step shown to any client (updates and sync answers) is stored, by the
    player it was shown as made by; finished matches' records replay."""
    with running_cluster() as pg:
        url = pg.new_database()
        server = ServerProcess(
            url,
            free_port(),
            tmp_path / "server.log",
            GAMENIGHT_RATE_PER_SECOND="500",
            GAMENIGHT_RATE_BURST="500",
        )
        server.start()
        try:
            room, outages = asyncio.run(scenario(server, pg))
        finally:
            server.stop()
        steps = stored_steps(url, room.made["code"])
        finished = [
            httpx.get(f"{server.url}/api/rooms/{room.made['code']}/matches/{n}/record")
            for n in range(1, room.number)
        ]
    assert outages >= RESTARTS // 2, f"the outages hardly touched the match: {outages}"
    shown = 0
    for client in room.clients.values():
        for update in client.updates():
            number, version = update["match_number"], update["version"]
            kept = steps.get(number, [])
            assert version <= len(kept), (client.name, number, version, len(kept))
            if update["reason"] == "step":
                assert kept[version - 1][0] == update["actor"], (number, version)
            shown += 1
    assert shown > 100
    print(f"{outages} outages ridden out, {shown} updates shown, {room.number} match(es)")
    for record in finished:
        assert record.status_code == 200
        assert replay(record.json(), game_class("toss-up")).finished


def stored_steps(url: str, code: str) -> dict[int, list[tuple[int | None, Any]]]:
    """Each match's stored steps (player, action), straight from the database."""
    engine = make_engine(url)
    try:
        with engine.connect() as c:
            rows = c.execute(
                select(t.steps)
                .where(t.steps.c.room == code)
                .order_by(t.steps.c.number, t.steps.c.idx)
            )
            found: dict[int, list[tuple[int | None, Any]]] = {}
            for row in rows:
                kept = found.setdefault(row.number, [])
                assert row.idx == len(kept)
                kept.append((row.player, row.action))
            return found
    finally:
        engine.dispose()
