"""Each action is stored before its update is sent: a server process killed with SIGKILL in the
middle of a game of each of the four games, and started again, resumes every match with no action
lost and the same seed (so the same chance to come), on SQLite and on PostgreSQL."""

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
    drive,
    drive_to,
    host_call,
    past,
    ws_address,
)
from tests.server.pgcluster import free_port
from tests.server.test_secrecy import expected_messages
from tests.server.test_ws import table

# Real servers, browsers and clocks: under a loaded machine a step can miss its time limit, so
# these end-to-end tests get two more tries (pytest-rerunfailures); a real fault fails all three.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)

GAMES = ["toss-up", "paper-toss", "toss-your-cookies", "cover-your-cookies"]
KILL_AT = 20  # the version every match has passed when the server is killed


def live_seeds(db_url: str) -> dict[str, tuple[int, int]]:
    """Room code -> (match number, seed) of every live match, read straight from the database."""
    engine = make_engine(db_url)
    try:
        with engine.connect() as c:
            rows = c.execute(select(t.matches).where(t.matches.c.status == "live"))
            return {r.room: (r.number, int(r.seed)) for r in rows}
    finally:
        engine.dispose()


def test_a_killed_server_resumes_every_match_with_nothing_lost(db_url: str, tmp_path: Path) -> None:
    """Four matches (one of each game: two people and a bot) are played past version 20; the
    server gets SIGKILL; a new process on the same database resumes them; the people reconnect
    with their tokens and play to the end. Every update sent before the kill is in the final
    record; the record has the seed the match had before the kill, and replays (its chance steps
    after the restart are the ones that seed draws)."""
    server = ServerProcess(
        db_url,
        free_port(),
        tmp_path / "server.log",
        GAMENIGHT_RATE_PER_SECOND="500",
        GAMENIGHT_RATE_BURST="500",
    )
    server.start()
    try:
        results = asyncio.run(scenario(server, db_url))
    finally:
        server.stop()
    for game, (record, before, seed_before, resumed_at) in results.items():
        assert record["seed"] == seed_before, game
        final = replay(record, game_class(game))
        assert final.finished
        assert len(record["steps"]) > resumed_at >= KILL_AT, game
        views, _states, _events = expected_messages(record, list(before))
        sent = 0
        for seat, messages in before.items():
            for message in messages:
                if message["type"] == "update":
                    expected = json.loads(json.dumps(views[(seat, message["version"])]))
                    assert message["view"] == expected, (game, seat, message["version"])
                    sent += 1
        assert sent >= KILL_AT, game


async def scenario(server: ServerProcess, db_url: str) -> dict[str, Any]:
    base = server.url
    rooms = {}
    for n, game in enumerate(GAMES):
        made, clients, tokens = await table(base, game, ["Ann", "Bob"], bots=["random"])
        _seat, found = await drive_to(base, made, clients, random.Random(n), past(KILL_AT))
        rooms[game] = (made["code"], clients, tokens, found["match_number"])
    await asyncio.sleep(0.3)
    seeds = live_seeds(db_url)
    assert {code for code, *_rest in rooms.values()} <= set(seeds), "every match is live"
    before = {
        game: {  # the messages of the match the kill interrupts (not of one ended at its deal)
            seat: [m for m in c.messages if m.get("match_number", number) == number]
            for seat, c in clients.items()
        }
        for game, (_code, clients, _tokens, number) in rooms.items()
    }
    await asyncio.to_thread(server.kill)
    for _code, clients, _tokens, _number in rooms.values():
        for client in clients.values():
            await asyncio.wait_for(client._reader, 10)
            assert client.closed
    await asyncio.to_thread(server.start)
    results = {}
    for n, (game, (code, old, tokens, number)) in enumerate(rooms.items()):
        seen = max(
            m["version"] for c in old.values() for m in c.updates() if m["match_number"] == number
        )
        clients = {
            seat: await Client.open(ws_address(base, code, token), f"{game}:{seat}")
            for seat, token in tokens.items()
        }
        for client in clients.values():
            first = await client.wait(lambda m: m["type"] == "update")
            assert first["reason"] == "joined"
            assert first["version"] >= seen, "no update sent before the kill is lost"
        resumed_at = min(c.updates()[0]["version"] for c in clients.values())
        assert await drive(clients, random.Random(100 + n), number=number) is None
        (over,) = [  # drive saw it: the match is over for every client
            m for m in clients[0].messages if m["type"] == "over" and m["match_number"] == number
        ]
        record = httpx.get(base + over["record_url"], timeout=10).json()
        results[game] = (record, before[game], seeds[code][1], resumed_at)
        for client in clients.values():
            await client.close()
    return results


def test_a_room_whose_match_was_over_shows_its_end_after_a_restart(tmp_path: Path) -> None:
    """A match played to its end, then the server restarts: a person coming back gets the
    last view and how it ended (before, a blank page), a move is refused as the match is over,
    and the host can still offer a rematch."""
    db = f"sqlite:///{tmp_path / 'gamenight.db'}"
    server = ServerProcess(db, free_port(), tmp_path / "server.log")
    server.start()
    try:

        async def play() -> tuple[dict[str, Any], dict[int, str]]:
            # a short game (the final round starts past 20): the restart is what is tested
            made, clients, tokens = await table(
                server.url, "toss-up", ["Ann"], bots=["random"], options={"target": 20}
            )
            assert await drive(clients, random.Random(3)) is None
            await clients[0].wait(lambda m: m["type"] == "over")
            await clients[0].close()
            return made, tokens

        made, tokens = asyncio.run(play())
        server.stop()
        server.start()

        async def come_back() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
            address = ws_address(server.url, made["code"], tokens[0])
            client = await Client.open(address, "Ann")
            update = await client.wait(lambda m: m["type"] == "update")
            over = await client.wait(lambda m: m["type"] == "over")
            act = {"type": "act", "action": {"type": "roll"}, "version": update["version"]}
            await client.send({**act, "ref": "late"})
            refused = await client.wait(lambda m: m["type"] == "error")
            await client.close()
            return update, over, refused

        update, over, refused = asyncio.run(come_back())
        assert update["reason"] == "joined" and update["view"]["pending"]["kind"] == "terminal"
        assert over["match_number"] == 1 and over["outcome"]["winners"]
        assert "over" in refused["message"]
        rematch = host_call(
            server.url, "POST", f"/api/rooms/{made['code']}/rematch", made["host_token"]
        )
        assert rematch.status_code == 200, rematch.text
        assert rematch.json()["match_number"] == 2
    finally:
        server.stop()
