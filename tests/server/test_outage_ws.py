"""Nothing unstored reaches a WebSocket while the database is away: another program holds the
SQLite file's write lock while a person moves, and a second connection of the same seat (a
second phone) asks the coach meanwhile; its answer comes once the step is stored, at a version
the database holds (it used to answer at once from the step not yet stored)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.server.helpers import Client, serving, ws_address
from tests.server.test_ws import table


def stored_steps(db: Path) -> int:
    with sqlite3.connect(db) as c:  # WAL: reading while another holds the write lock
        (count,) = c.execute("SELECT count(*) FROM steps").fetchone()
        return int(count)


def test_the_coach_never_answers_from_a_step_not_stored(tmp_path: Path) -> None:
    db = tmp_path / "gamenight.db"

    async def go(base: str) -> None:
        made, clients, tokens = await table(base, "paper-toss", ["Ann"], bots=["random"])
        ann = clients[0]
        update = await ann.wait(lambda m: m["type"] == "update" and bool(m["view"]["legal"]))
        phone = await Client.open(ws_address(base, made["code"], tokens[0]), "second phone")
        await phone.wait(lambda m: m["type"] == "update")
        other = sqlite3.connect(db, isolation_level=None, timeout=30)
        other.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
        try:
            move = {"type": "act", "action": update["view"]["legal"][0]}
            await ann.send({**move, "version": update["version"]})
            await ann.wait(lambda m: m["type"] == "room" and m["room"]["storage"] == "reconnecting")
            start = len(phone.messages)
            await phone.send({"type": "coach", "ref": "c1"})
            try:  # a probe: an answer now would come from the step not stored
                early = await phone.wait(lambda m: m.get("ref") == "c1", 2.0, start)
            except AssertionError:
                early = None
            held = stored_steps(db)
        finally:
            other.execute("COMMIT")
            other.close()
        if early is not None:
            assert early["version"] <= held, (early, held)
        advice = await phone.wait(lambda m: m.get("ref") == "c1", 30.0, start)
        assert advice["version"] <= stored_steps(db)
        await ann.wait(lambda m: m["type"] == "room" and m["room"]["storage"] == "ok")
        for client in (ann, phone):
            await client.close()

    with serving(f"sqlite:///{db}") as server:
        asyncio.run(go(server.url))
