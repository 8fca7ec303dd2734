"""The host's pause over real connections: everyone sees who paused, moves wait (refused with
``paused``), only the host pauses and resumes, and the match goes on after."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.server.helpers import host_call, serving
from tests.server.test_ws import table


def test_the_host_pauses_and_resumes_and_moves_wait_in_between(tmp_path: Path) -> None:
    """Ann hosts Toss Up! against Bob: she pauses, both see "paused by Ann" in the room, Bob
    cannot pause or resume (he is not the host), Ann's roll is refused as paused; she resumes
    and her roll is played."""

    async def go(base: str) -> None:
        made, clients, tokens = await table(base, "toss-up", ["Ann", "Bob"])
        code, host = made["code"], made["host_token"]
        ann, bob = clients[0], clients[1]
        update = await ann.wait(lambda m: m["type"] == "update" and m["view"]["legal"])
        refused = host_call(base, "POST", f"/api/rooms/{code}/pause", tokens[1])
        assert refused.status_code in (401, 403), refused.text
        paused = host_call(base, "POST", f"/api/rooms/{code}/pause", host)
        assert paused.status_code == 200 and paused.json()["paused_by"] == "Ann", paused.text
        for client in (ann, bob):
            room = await client.wait(lambda m: m["type"] == "room" and m["room"]["paused_by"])
            assert room["room"]["paused_by"] == "Ann"
        act = {"type": "act", "action": {"type": "roll"}, "version": update["version"]}
        answer = await ann.reply({**act, "ref": "while-paused"})
        assert answer["code"] == "paused" and "Ann paused the game" in answer["message"]
        assert host_call(base, "POST", f"/api/rooms/{code}/resume", tokens[1]).status_code in (
            401,
            403,
        )
        resumed = host_call(base, "POST", f"/api/rooms/{code}/resume", host)
        assert resumed.status_code == 200 and resumed.json()["paused_by"] is None
        await bob.wait(lambda m: m["type"] == "room" and m["room"]["paused_by"] is None)
        await ann.send({**act, "ref": "after"})
        played = await ann.wait(
            lambda m: m["type"] == "update" and m["version"] > update["version"]
        )
        assert played["reason"] == "step"
        for client in clients.values():
            await client.close()

    with serving(f"sqlite:///{tmp_path / 'gamenight.db'}") as server:
        asyncio.run(go(server.url))


def test_a_room_in_its_lobby_cannot_be_paused(tmp_path: Path) -> None:
    """Before the first match there is nothing to pause: a conflict that says so."""
    from tests.server.helpers import create_room

    with serving(f"sqlite:///{tmp_path / 'gamenight.db'}") as server:
        made = create_room(server.url, "toss-up", 2, name="Ann")
        answer = host_call(
            server.url, "POST", f"/api/rooms/{made['code']}/pause", made["host_token"]
        )
        assert answer.status_code == 409
        assert "paused while it is being played" in answer.json()["message"]
