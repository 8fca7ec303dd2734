"""Latency-fair races over a real WebSocket: the server probes each connection's round trip and
clock (``clock``), a grab carries when its update reached the device and when the person
tapped, and a forged early tap sent by a raw client is refused (``forged_tap``), never played."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gamenight.live.fair_grabs import FIRST_PROBES
from tests.server.helpers import Client, create_room, host_call, serving

#: The raw client's clock reads this far ahead of the server's (milliseconds): offsets are
#: measured, so it makes no difference to an honest client.
DEVICE_AHEAD = 7_654_321.0


def device_now() -> float:
    """The raw client's own clock, in milliseconds."""
    return time.monotonic() * 1000 + DEVICE_AHEAD


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'gamenight.db'}"


class Device:
    """A raw client that reads its messages in order, answers the server's clock probes at
    once (as a browser does) and stamps when each update reached it."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.read = 0
        self.answered = 0
        self.seen: dict[int, float] = {}

    async def until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read on, answering probes, up to the first message for which ``wanted`` holds."""
        while True:
            message = await self.client.wait(lambda m: True, timeout=30, start=self.read)
            self.read += 1
            if message["type"] == "clock":
                reply = {"type": "clock", "server": message["server"], "device": device_now()}
                await self.client.send(reply)
                self.answered += 1
            elif message["type"] == "update":
                self.seen.setdefault(message["version"], device_now())
            if wanted(message):
                return message


def test_a_forged_early_tap_is_refused_and_an_honest_one_is_played(sqlite_url: str) -> None:
    """Ann's raw client answers the clock probes (five when the connection opens), then rolls
    in Toss Up! claiming she saw her turn five seconds before the server sent it: refused as a
    forged early tap, and nothing is played. A tap claimed before the update reached her is
    refused too. The same roll with honest times is played."""

    async def go(base: str) -> tuple[list[dict[str, Any]], int, int]:
        made = create_room(base, "toss-up", 2, name="Ann")
        code, host = made["code"], made["host_token"]
        bot = host_call(base, "PUT", f"/api/rooms/{code}/seats/1/bot", host, json={"bot": "random"})
        assert bot.status_code == 200, bot.text
        ann = await Client.open(made["ws_url"], "Ann")
        device = Device(ann)
        try:
            await device.until(lambda m: device.answered >= FIRST_PROBES)
            started = host_call(base, "POST", f"/api/rooms/{code}/start", host)
            assert started.status_code == 200, started.text
            mine = await device.until(
                lambda m: (
                    m["type"] == "update"
                    and 0 in m["view"]["pending"]["players"]
                    and bool(m["view"]["legal"])
                )
            )
            version = mine["version"]
            seen = device.seen[version]
            roll = {"type": "act", "action": mine["view"]["legal"][0], "version": version}
            errors = []
            for forged in (
                {"seen": seen - 5000, "tapped": seen - 4900},  # seen before it was sent
                {"seen": seen, "tapped": seen - 30},  # tapped before it was seen
            ):
                await ann.send({**roll, **forged, "ref": "forged"})
                errors.append(await device.until(lambda m: m.get("ref") == "forged"))
            await ann.send({**roll, "seen": seen, "tapped": device_now(), "ref": "honest"})
            after = await device.until(
                lambda m: (
                    m.get("ref") == "honest" or (m["type"] == "update" and m["version"] != version)
                )
            )
            return errors, after.get("version", -1), version
        finally:
            await ann.close()

    with serving(sqlite_url, bot_delay=0.05) as server:
        errors, after, version = asyncio.run(go(server.url))
    assert [e["code"] for e in errors] == ["forged_tap", "forged_tap"]
    assert errors[0]["message"].startswith(
        f"forged early tap: it says version {version} reached the device"
    )
    assert "before the server sent it" in errors[0]["message"]
    assert errors[1]["message"].startswith("forged early tap: the tap")
    assert after == version + 1  # the honest roll was played
