"""Secrets stay out of the server's log: a seat's token, which a browser sends in the WebSocket
address, is hidden in every line the web server writes about that address."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.server.helpers import Client, ServerProcess, create_room, ws_address
from tests.server.pgcluster import free_port

# A real server process: under a loaded machine its start can be slow.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)


def test_a_seat_token_never_reaches_the_log(tmp_path: Path) -> None:
    """With the access log on (``--log-level info``), a seat's WebSocket connection is logged
    with its address, but the token in it reads ``[hidden]``."""
    db = f"sqlite:///{tmp_path / 'gamenight.db'}"
    server = ServerProcess(db, free_port(), tmp_path / "server.log", log_level="info")
    server.start()
    try:
        made = create_room(server.url, "toss-up", 2, name="Ann")
        token = made["token"]

        async def connect() -> None:
            client = await Client.open(ws_address(server.url, made["code"], token), "Ann")
            await client.wait(lambda m: m["type"] == "welcome")
            await client.close()

        asyncio.run(connect())
    finally:
        server.stop()
    log = (tmp_path / "server.log").read_text()
    assert f"/ws/{made['code']}?token=[hidden]" in log
    assert token not in log
