"""Two server processes on one PostgreSQL database serve one match, a player connected to each;
one process is killed mid-game and the other carries the match on, clocks included."""

from __future__ import annotations

import asyncio
import json
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
from tests.server.helpers import (
    Client,
    ServerProcess,
    create_room,
    drive,
    drive_to,
    host_call,
    join,
    past,
    ws_address,
)
from tests.server.pgcluster import Cluster, free_port
from tests.server.test_restart import live_seeds
from tests.server.test_secrecy import expected_messages

# Real servers, browsers and clocks: under a loaded machine a step can miss its time limit, so
# these end-to-end tests get two more tries (pytest-rerunfailures); a real fault fails all three.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)

CLUSTER_ENV = {
    "GAMENIGHT_CLUSTER": "true",
    "GAMENIGHT_LEASE_SECONDS": "1.5",
    "GAMENIGHT_RATE_PER_SECOND": "500",
    "GAMENIGHT_RATE_BURST": "500",
}


def owner_url(db_url: str, code: str) -> str:
    """The URL of the process that serves the room, read from the database."""
    engine = make_engine(db_url)
    try:
        with engine.connect() as c:
            url: str = c.execute(
                select(t.rooms.c.owner_url).where(t.rooms.c.code == code)
            ).scalar_one()
            return url
    finally:
        engine.dispose()


def test_two_processes_serve_one_match_and_one_dies(pg_cluster: Cluster, tmp_path: Path) -> None:
    """Ann plays through process A, Bob through process B (which relays to A, the room's
    owner; Bob's join, the bot and the start go through B too). A gets SIGKILL mid-game: B takes
    the room over once A's lease runs out, resumes the match from the database, and its clock
    runs (a turn nobody plays is played by a stand-in); Ann reconnects to B and the match ends.
    The record has the seed from before the kill, replays, and holds every update sent before."""
    db = pg_cluster.new_database()
    a = ServerProcess(db, free_port(), tmp_path / "a.log", **CLUSTER_ENV)
    b = ServerProcess(db, free_port(), tmp_path / "b.log", **CLUSTER_ENV)
    a.start()
    b.start()
    try:
        record, before, seed, resumed = asyncio.run(scenario(a, b, db))
    finally:
        a.stop()
        b.stop()
    assert record["seed"] == seed
    final = replay(record, game_class("toss-your-cookies"))
    assert final.finished
    assert len(record["steps"]) > resumed
    views, _states, _events = expected_messages(record, list(before))
    for seat, messages in before.items():
        for message in messages:
            if message["type"] == "update":
                expected = json.loads(json.dumps(views[(seat, message["version"])]))
                assert message["view"] == expected, (seat, message["version"])


async def scenario(
    a: ServerProcess, b: ServerProcess, db: str
) -> tuple[dict[str, Any], dict[int, list[dict[str, Any]]], int, int]:
    made = create_room(a.url, "toss-your-cookies", 3, limits={"turn_seconds": 1.0}, name="Ann")
    code, host = made["code"], made["host_token"]
    assert owner_url(db, code) == a.url
    bob = join(b.url, code, "Bob")
    seated = host_call(b.url, "PUT", f"/api/rooms/{code}/seats/2/bot", host, json={"bot": "random"})
    assert seated.status_code == 200, seated.text
    ann_ws = await Client.open(ws_address(a.url, code, made["token"]), "Ann@A")
    bob_ws = await Client.open(ws_address(b.url, code, bob["token"]), "Bob@B")
    started = host_call(b.url, "POST", f"/api/rooms/{code}/start", host)
    assert started.status_code == 200, started.text
    clients = {0: ann_ws, 1: bob_ws}
    _seat, found = await drive_to(b.url, made, clients, random.Random(1), past(15))
    number = found["match_number"]
    await asyncio.sleep(0.2)
    seed = live_seeds(db)[code][1]
    before = {  # the messages of this match (not of one that ended at its deal)
        seat: [m for m in c.messages if m.get("match_number", number) == number]
        for seat, c in clients.items()
    }
    seen = max(m["version"] for ms in before.values() for m in ms if m["type"] == "update")
    welcomes = sum(1 for m in bob_ws.messages if m["type"] == "welcome")
    mark = len(bob_ws.messages)  # what Bob is sent from here on comes after the kill

    await asyncio.to_thread(a.kill)
    # Bob stays connected to B; B takes the room over and serves him itself.
    await bob_ws.wait(lambda m: m["type"] == "welcome", timeout=20, start=mark)
    assert sum(1 for m in bob_ws.messages if m["type"] == "welcome") == welcomes + 1
    assert owner_url(db, code) == b.url
    resumed = await bob_ws.wait(
        lambda m: m["type"] == "update" and m["reason"] == "joined", start=mark
    )
    assert resumed["version"] >= seen, "nothing sent before the kill is lost"
    # Nobody acts: the resumed clock runs out and a stand-in plays for a person.
    await bob_ws.wait(
        lambda m: m["type"] == "update" and m["by"] in ("stand-in", "system"),
        timeout=30,
        start=mark,
    )
    ann_again = await Client.open(ws_address(b.url, code, made["token"]), "Ann@B")
    clients = {0: ann_again, 1: bob_ws}
    assert await drive(clients, random.Random(2), number=number) is None
    over = await bob_ws.wait(lambda m: m["type"] == "over" and m["match_number"] == number)
    record = httpx.get(b.url + over["record_url"], timeout=10).json()
    for client in clients.values():
        await client.close()
    await ann_ws.close()
    return record, before, seed, resumed["version"]
