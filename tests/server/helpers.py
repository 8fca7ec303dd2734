"""Helpers of the server tests: a real uvicorn server on a loopback port (in a thread, or in a
subprocess that can be killed), HTTP calls, and WebSocket clients that keep every message."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from gamenight.server.app import create_app
from gamenight.server.settings import Limits, Settings
from tests.server.pgcluster import free_port

#: Bots act at once; test clients that play every move may send far more than a person, and
#: a test makes more rooms than a person (the rate limit on new rooms has tests of its own).
FAST = {"bot_delay": 0.0, "rate_per_second": 500.0, "rate_burst": 500, "rooms_per_minute": 0}


def settings_for(db_url: str, **changes: Any) -> Settings:
    """Server settings for a test: the database, bots that act at once, and ``changes``."""
    values: dict[str, Any] = {"db_url": db_url, "port": 0, **FAST, **changes}
    return Settings(**values)


class ServerThread:
    """The app served by uvicorn on 127.0.0.1 in a background thread."""

    def __init__(self, settings: Settings) -> None:
        self.port = free_port()
        config = uvicorn.Config(
            create_app(settings),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws_max_size=1 << 20,
            ws_per_message_deflate=False,
            lifespan="on",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        """The server's HTTP base URL."""
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


@contextlib.contextmanager
def serving(db_url: str, **changes: Any) -> Iterator[ServerThread]:
    """A running server on ``db_url`` for the ``with`` block."""
    with ServerThread(settings_for(db_url, **changes)) as server:
        yield server


class ServerProcess:
    """``python -m gamenight.server`` in a subprocess, which a test may SIGKILL."""

    def __init__(
        self, db_url: str, port: int, log: Path, log_level: str = "warning", **env: str
    ) -> None:
        self.db_url, self.port, self.log, self.env = db_url, port, log, env
        self.log_level = log_level
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's HTTP base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait until ``/healthz`` answers."""
        env = {**os.environ, "GAMENIGHT_BOT_DELAY": "0", **self.env}
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [
                    *(sys.executable, "-m", "gamenight.server", "--port", str(self.port)),
                    *("--db", self.db_url, "--log-level", self.log_level),
                ],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/healthz", timeout=2).status_code == 200:
                    return
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing but what was already stored survives."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        """Stop the server if it still runs."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)


# ---- HTTP --------------------------------------------------------------------------------------
def create_room(
    base: str,
    game: str,
    seats: int,
    options: dict[str, Any] | None = None,
    limits: dict[str, float] | None = None,
    name: str | None = None,
) -> dict[str, Any]:
    """Create a room; the answer's JSON (code, host_token, ...)."""
    body: dict[str, Any] = {"game": game, "seats": seats, "options": options or {}}
    if limits is not None:
        body["limits"] = {**Limits().model_dump(), **limits}
    if name is not None:
        body["name"] = name
    answer = httpx.post(base + "/api/rooms", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def join(base: str, code: str, name: str, seat: int | None = None) -> dict[str, Any]:
    """Take a seat; the answer's JSON (seat, token, ws_url)."""
    body: dict[str, Any] = {"name": name} | ({"seat": seat} if seat is not None else {})
    answer = httpx.post(f"{base}/api/rooms/{code}/join", json=body, timeout=10)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def host_call(base: str, method: str, path: str, host: str, **kwargs: Any) -> httpx.Response:
    """A host request (bearer token)."""
    headers = {"Authorization": f"Bearer {host}"}
    return httpx.request(method, base + path, headers=headers, timeout=10, **kwargs)


def ws_address(base: str, code: str, token: str | None) -> str:
    """The WebSocket URL of a seat (or a spectator, without a token)."""
    url = base.replace("http://", "ws://") + f"/ws/{code}"
    return url + (f"?token={token}" if token else "")


# ---- WebSocket clients -------------------------------------------------------------------------
class Client:
    """One WebSocket connection that keeps every message it receives (raw and parsed)."""

    def __init__(self, ws: ClientConnection, name: str) -> None:
        self.ws = ws
        self.name = name
        self.raw: list[str] = []
        self.messages: list[dict[str, Any]] = []
        self._new = asyncio.Event()
        self._reader = asyncio.create_task(self._read())
        self.closed = False

    @classmethod
    async def open(cls, url: str, name: str = "client") -> Client:
        """Connect to ``url``."""
        ws = await connect(url, max_size=1 << 22, open_timeout=20)
        return cls(ws, name)

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                assert isinstance(text, str)
                self.raw.append(text)
                self.messages.append(json.loads(text))
                self._new.set()
        except Exception:  # the connection closed (a kill, a refusal): the test checks it
            pass
        finally:
            self.closed = True
            self._new.set()

    async def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict is sent as JSON)."""
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def wait(
        self, test: Callable[[dict[str, Any]], bool], timeout: float = 20.0, start: int = 0
    ) -> dict[str, Any]:
        """The first message from index ``start`` on that passes ``test`` (waits for it)."""
        deadline = time.monotonic() + timeout
        while True:
            for message in self.messages[start:]:
                if test(message):
                    return message
            if self.closed:
                raise AssertionError(f"{self.name}: closed while waiting; got {self.tail()}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{self.name}: timed out waiting; got {self.tail()}")
            self._new.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new.wait(), left)

    async def news(self, timeout: float) -> bool:
        """Wait until a message comes (``True``) or ``timeout`` seconds pass (``False``)."""
        self._new.clear()
        try:
            await asyncio.wait_for(self._new.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def reply(self, message: dict[str, Any], timeout: float = 20.0) -> dict[str, Any]:
        """Send ``message`` (with a fresh ``ref``) and wait for the error or pong naming it."""
        ref = f"r{random.getrandbits(40)}"
        start = len(self.messages)
        await self.send({**message, "ref": ref})
        return await self.wait(lambda m: m.get("ref") == ref, timeout, start)

    def updates(self) -> list[dict[str, Any]]:
        """Every ``update`` received."""
        return [m for m in self.messages if m["type"] == "update"]

    def latest(self) -> dict[str, Any] | None:
        """The newest ``update`` received."""
        found = self.updates()
        return found[-1] if found else None

    def tail(self) -> str:
        """The last few messages, for failure messages."""
        return json.dumps(self.messages[-3:])[-1500:]

    async def close(self) -> None:
        """Close the connection."""
        await self.ws.close()
        with contextlib.suppress(Exception):
            await self._reader


Until = Callable[[int, dict[str, Any]], bool]


async def drive(
    clients: dict[int, Client],
    rng: random.Random,
    until: Until | None = None,
    number: int = 1,
    limit: float = 120.0,
) -> tuple[int, dict[str, Any]] | None:
    """Play a random legal action for each seat whenever its newest view offers one, until
    ``until(seat, update)`` holds for a seat's newest update (returns them) or the match ends
    (returns ``None``)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    acted: dict[int, int] = {}
    while loop.time() < deadline:
        if all(
            any(m["type"] == "over" and m["match_number"] == number for m in c.messages)
            for c in clients.values()
        ):
            return None
        latest = {seat: c.latest() for seat, c in clients.items()}
        for seat, update in latest.items():
            mine = update is not None and update["match_number"] == number
            if mine and update is not None and until is not None and until(seat, update):
                return seat, update
        for seat, update in latest.items():
            if update is None or update["match_number"] != number:
                continue
            legal = update["view"]["legal"]
            if legal and acted.get(seat) != update["version"]:
                acted[seat] = update["version"]
                action = rng.choice(legal)
                await clients[seat].send(
                    {"type": "act", "action": action, "version": update["version"]}
                )
        await asyncio.sleep(0.003)
    report = {
        seat: {
            "latest": {k: v for k, v in (c.latest() or {}).items() if k != "view"},
            "pending": (c.latest() or {}).get("view", {}).get("pending"),
            "errors": [m for m in c.messages if m["type"] == "error"][-3:],
        }
        for seat, c in clients.items()
    }
    raise AssertionError(f"the match did not end in time: {json.dumps(report)[:3000]}")


def past(version: int) -> Until:
    """``until`` for :func:`drive_to`: the match has passed ``version`` and someone decides
    (the deal is over: each dealt card is a step of its own, and a deal can end the match)."""

    def holds(seat: int, update: dict[str, Any]) -> bool:
        kind = update["view"]["pending"]["kind"]
        return bool(update["version"] >= version and kind not in ("chance", "terminal"))

    return holds


async def drive_to(
    base: str,
    made: dict[str, Any],
    clients: dict[int, Client],
    rng: random.Random,
    until: Until,
    tries: int = 6,
) -> tuple[int, dict[str, Any]]:
    """``drive`` the room ``made`` until ``until`` holds. A match that ends before it (a Toss
    Your Cookies deal hands someone a Snickerdoodle about once in forty deals, which ends a
    one-round match before anyone moves) is followed by the host's rematch, with a new secret
    seed, up to ``tries`` matches; the update found says which match it is in."""
    for number in range(1, tries + 1):
        found = await drive(clients, rng, until, number)
        if found is not None:
            return found
        path = f"/api/rooms/{made['code']}/rematch"
        again = host_call(base, "POST", path, made["host_token"])
        assert again.status_code == 200, again.text
    raise AssertionError(f"{tries} matches in a row ended before the state sought")


async def play_to_end(clients: list[Client], number: int = 1, seed: int = 7) -> None:
    """Every client plays random legal actions (seeded) until the match is over."""
    await drive(dict(enumerate(clients)), random.Random(seed), None, number)
