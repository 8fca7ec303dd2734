"""A spectator flood (issue 31): 300 spectators join a room and leave it while a seated player
pings. Every arrival and departure used to be sent to every socket of the room: 52,310 messages
for 300 spectators, and the seated player's round trip went from 3 ms to 463 ms. Now presence is
told at most once per ``presence_seconds`` per room.

The test counts messages, which does not depend on how loaded the machine is: the room messages
the flood cost, against the bound coalescing sets. The seated player's round trips during the
flood are a speed figure, so a benchmark measures them, not this test: ``bench/bench_flood.py``
runs :func:`measure_flood` and prints the p50 and p99 before and during the flood (figures in
docs/server.md). The server runs in a process of its own; the seated player pings from a thread
of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import threading
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from tests.server.helpers import Client, ServerProcess, create_room, ws_address
from tests.server.pgcluster import free_port

SPECTATORS = 300
INTERVAL = 0.5


class Pinger(threading.Thread):
    """The seated player: pings one after another (10 ms apart) on its own event loop, keeping
    each round trip and the room messages it receives, until told to stop."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.round_trips: list[tuple[float, float]] = []  # (sent at, seconds)
        self.rooms: list[tuple[float, dict[str, Any]]] = []  # (received at, room)
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            asyncio.run(self._pings())
        except BaseException as exc:  # the test reads it
            self.failure = exc
            self.ready.set()

    async def _pings(self) -> None:
        async with connect(self.url, open_timeout=30, ping_interval=None) as ws:
            n = 0
            while not self.stop.is_set():
                n += 1
                ref = f"p{n}"
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "ping", "ref": ref}))
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    if message["type"] == "error":
                        raise AssertionError(f"the ping was refused: {message}")
                    if message["type"] == "room":
                        self.rooms.append((time.perf_counter(), message["room"]))
                    if message["type"] == "pong" and message["ref"] == ref:
                        break
                self.round_trips.append((sent, time.perf_counter() - sent))
                self.stop.wait(0.01)  # a person's pace: about a hundred a second at most
                if n == 5:
                    self.ready.set()


def measure_flood(folder: Path) -> dict[str, Any]:
    """Run a server in ``folder``, seat a player who pings, flood the room with 300 spectators
    who join and leave, and return what it cost: the room messages the seat and the crowd
    received during the flood, the flood's seconds, the seat's round trips (seconds) before and
    during it, the load average, and whether the seat was told that the crowd had gone."""
    server = ServerProcess(
        f"sqlite:///{folder / 'gamenight.db'}",
        free_port(),
        folder / "server.log",
        GAMENIGHT_ROOM_SOCKETS="0",
        GAMENIGHT_ADDRESS_SOCKETS="0",
        GAMENIGHT_RATE_PER_SECOND="1000",
        GAMENIGHT_RATE_BURST="1000",
        GAMENIGHT_PRESENCE_SECONDS=str(INTERVAL),
    )
    server.start()
    try:
        made = create_room(server.url, "toss-up", 2, name="Ann")
        code = made["code"]
        pinger = Pinger(ws_address(server.url, code, made["token"]))
        pinger.start()
        assert pinger.ready.wait(60) and pinger.failure is None, pinger.failure
        quiet_from = time.perf_counter()
        while time.perf_counter() - quiet_from < 2.0 and pinger.failure is None:
            pinger.stop.wait(0.05)  # the seated player pings alone for 2 s: the machine's own
        began = time.perf_counter()
        crowd = asyncio.run(flood(server.url, code))
        ended = time.perf_counter()
        load = os.getloadavg()[0]
        settled = wait_for(lambda: bool(pinger.rooms) and pinger.rooms[-1][1]["spectators"] == 0)
        pinger.stop.set()
        pinger.join(60)
    finally:
        server.stop()
    assert pinger.failure is None, (pinger.failure, len(pinger.round_trips), pinger.rooms[-3:])
    return {
        "seconds": ended - began,
        "seat_told": sum(1 for at, _ in pinger.rooms if began <= at),
        "crowd_told": sum(crowd),
        "quiet": [rt for at, rt in pinger.round_trips if quiet_from <= at < began],
        "flooded": [rt for at, rt in pinger.round_trips if began <= at < ended],
        "load": load,
        "settled": settled,
    }


def test_a_spectator_flood_costs_few_messages(tmp_path: Path) -> None:
    """300 spectators join and leave while a seated player pings: the room messages of the
    whole flood are bounded by one per interval per socket (about 90,000 before), the last
    one says nobody watches any more, and the seated player is answered all along."""
    cost = measure_flood(tmp_path)
    assert cost["settled"], "the seated player was never told that the spectators had gone"
    flushes = 2 + cost["seconds"] / INTERVAL  # the first change at once, then one per interval
    sockets = SPECTATORS + 1
    before = SPECTATORS * (SPECTATORS + 1)  # every arrival and departure to every socket
    told = cost["crowd_told"] + cost["seat_told"]
    assert cost["seat_told"] <= flushes, (cost["seat_told"], cost["seconds"])
    assert told <= flushes * sockets, (told, cost["seconds"])
    assert told < before / 10
    assert len(cost["quiet"]) >= 20 and len(cost["flooded"]) >= 20


def wait_for(test: Any, seconds: float = 30.0) -> bool:
    """Whether ``test()`` holds within ``seconds`` (looked at every 50 ms)."""
    deadline = time.monotonic() + seconds
    stop = threading.Event()
    while time.monotonic() < deadline:
        if test():
            return True
        stop.wait(0.05)
    return bool(test())


async def flood(base: str, code: str) -> list[int]:
    """Open ``SPECTATORS`` spectator sockets (50 at a time), wait for every welcome, close them
    all; the number of room messages each received."""
    url = ws_address(base, code, None)
    gate = asyncio.Semaphore(50)

    async def arrive(i: int) -> Client:
        async with gate:
            client = await Client.open(url, f"w{i}")
            await client.wait(lambda m: m["type"] == "welcome", timeout=60)
            return client

    crowd = await asyncio.gather(*(arrive(i) for i in range(SPECTATORS)))
    for client in crowd:
        with contextlib.suppress(Exception):
            await client.close()
    return [sum(1 for m in c.messages if m["type"] == "room") for c in crowd]
