"""Reactions over real connections: a seated person's reaction reaches everyone in the room
by their seat; only the fixed set, no text; spectators don't send them; a burst is limited; the
host turns them off (stored with the room's limits)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.server.helpers import Client, host_call, serving, ws_address
from tests.server.test_ws import table


def test_a_reaction_reaches_everyone_in_the_room_by_its_seat(tmp_path: Path) -> None:
    """Ann sends "party": Ann, Bob and a spectator are told seat 0 reacted "party". A
    spectator's reaction is refused; a name outside the set, or text, is malformed."""

    async def go(base: str) -> None:
        made, clients, _tokens = await table(base, "toss-up", ["Ann", "Bob"])
        watcher = await Client.open(ws_address(base, made["code"], None), "watcher")
        await watcher.wait(lambda m: m["type"] == "welcome")
        await clients[0].send({"type": "react", "reaction": "party"})
        for client in (*clients.values(), watcher):
            told = await client.wait(lambda m: m["type"] == "reaction")
            assert told == {"type": "reaction", "seat": 0, "reaction": "party"}
        refused = await watcher.reply({"type": "react", "reaction": "party", "ref": "w"})
        assert refused["code"] == "spectator"
        for bad in ("poop", "hello everyone", 3):
            answer = await clients[1].reply({"type": "react", "reaction": bad, "ref": "b"})
            assert answer["code"] == "malformed", answer
        for client in (*clients.values(), watcher):
            await client.close()

    with serving(f"sqlite:///{tmp_path / 'gamenight.db'}") as server:
        asyncio.run(go(server.url))


def test_a_burst_is_limited_and_the_host_turns_reactions_off(tmp_path: Path) -> None:
    """Six reactions at once: three go through, and no more than the two-second rate allows
    for the time they took; the host turns reactions off (Bob, not the host, cannot), the room
    says so, and a reaction is then refused as off; on again, one goes through."""

    async def go(base: str) -> None:
        made, clients, tokens = await table(base, "toss-up", ["Ann", "Bob"])
        code, host = made["code"], made["host_token"]
        ann = clients[0]
        start = len(ann.messages)
        began = time.monotonic()
        for i in range(6):
            await ann.send({"type": "react", "reaction": "clap", "ref": f"r{i}"})
        await ann.reply({"type": "ping"})  # answered after the six, in order
        took = time.monotonic() - began
        got = ann.messages[start:]
        passed = [m for m in got if m["type"] == "reaction"]
        limited = [m for m in got if m.get("code") == "rate_limited"]
        assert len(passed) + len(limited) == 6, got
        assert 3 <= len(passed) <= 3 + took * 0.5, (len(passed), took)
        assert limited and "one reaction every two seconds" in limited[0]["message"]
        url = f"/api/rooms/{code}/reactions"
        assert host_call(base, "PUT", url, tokens[1], json={"on": False}).status_code in (401, 403)
        off = host_call(base, "PUT", url, host, json={"on": False})
        assert off.status_code == 200 and off.json()["limits"]["reactions"] is False
        await ann.wait(lambda m: m["type"] == "room" and not m["room"]["limits"]["reactions"])
        answer = await ann.reply({"type": "react", "reaction": "wow", "ref": "off"})
        assert answer["code"] == "reactions_off"
        assert host_call(base, "PUT", url, host, json={"on": "yes"}).status_code == 422
        on = host_call(base, "PUT", url, host, json={"on": True})
        assert on.json()["limits"]["reactions"] is True
        for client in clients.values():
            await client.close()

    with serving(f"sqlite:///{tmp_path / 'gamenight.db'}") as server:
        asyncio.run(go(server.url))
