"""Several server processes serving the same rooms, through one PostgreSQL database.

Each room is served by one process at a time, its *owner*, named in the ``rooms`` table with a
lease that the owner renews every third of ``lease_seconds``. A request about a room that reaches
another process is forwarded to the owner (HTTP), and a WebSocket is relayed to the owner's, so
every match still runs in exactly one ``LiveMatch`` (one task, arrival order, one clock) and each
seat's updates are still made for that seat alone.

When an owner dies its lease runs out; the first process to notice (each looks every third of a
lease) claims the room with one conditional ``UPDATE``, rebuilds the match from its stored seed
and steps, and starts it again: the timers and the bots go on. It announces the move with
``NOTIFY gamenight``; relays waiting on the dead owner hear it and connect to the new one at once
(they also look again every half second, so a lost notification costs only a moment). Two
processes that both believe they own a room cannot both extend a match: a step's index is a
primary key, so the second write fails and that process stops its copy.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
import uuid
from typing import Any

import httpx
from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket, WebSocketState
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from gamenight.server.limits import RELAYED, relay_mark
from gamenight.server.rooms import RoomService
from gamenight.server.settings import Settings
from gamenight.server.storage import SqlStore, StorageError

log = logging.getLogger("gamenight.server")

#: The header a forwarded request carries, so that it is never forwarded twice.
FORWARDED = "x-gamenight-forwarded"
#: Paths about one room: ``/api/rooms/{code}`` and below.
ROOM_PATH = re.compile(r"^/api/rooms/([^/]+)(/.*)?$")
#: Close codes that end a relayed connection for good (a refusal, not a dead owner).
FINAL_CLOSES = {1000, 1008, 1009, 1013, 4403, 4404}


class Cluster:
    """This process's part in a cluster: its id and URL, its leases, and the notifications."""

    def __init__(self, store: SqlStore, settings: Settings, service: RoomService) -> None:
        self.store = store
        self.settings = settings
        self.service = service
        self.me = uuid.uuid4().hex
        self.url = (settings.advertise_url or f"http://{settings.host}:{settings.port}").rstrip("/")
        self.lease = settings.lease_seconds
        self._moved: dict[str, asyncio.Event] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self.http = httpx.AsyncClient(timeout=30)

    async def start(self) -> None:
        """Start renewing leases, adopting orphaned rooms and listening for moves."""
        service = self.service
        service.owned = set()
        service.owns = self.owns
        self._tasks = [
            asyncio.create_task(self._keep_leases(), name="gamenight-leases"),
            asyncio.create_task(self._listen(), name="gamenight-listen"),
        ]

    async def stop(self) -> None:
        """Stop, and let the other processes take this one's rooms at once."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.service.close()
        with contextlib.suppress(Exception):
            await self.store.release_rooms(self.me)
        await self.http.aclose()

    # ---- ownership ---------------------------------------------------------------------------
    async def claim(self, code: str) -> bool:
        """Take the room if it is free or its owner's lease ran out; adopt it; announce it."""
        now = time.time()
        if not await self.store.claim_room(code, self.me, self.url, now + self.lease, now):
            return False
        owned = self.service.owned
        if owned is not None and code not in owned:
            owned.add(code)
            await self.service.adopt(code)
            await self.store.notify(json.dumps({"room": code, "owner": self.me, "url": self.url}))
            log.info("room %s is served here now", code)
        return True

    async def owns(self, code: str) -> bool:
        """Whether the database names this process the room's owner now."""
        owner = await self.store.room_owner(code.strip().upper())
        return owner is not None and owner.owner == self.me

    async def locate(self, code: str) -> str | None:
        """``None`` when this process serves the room (claimed now if it was free or its owner
        is gone, or no such room: the local handler says so); else the owner's URL."""
        code = code.strip().upper()
        owned = self.service.owned
        if owned is not None and code in owned:
            return None
        owner = await self.store.room_owner(code)
        if owner is None or owner.owner == self.me:
            return None
        if owner.owner is not None and owner.url and owner.lease_until > time.time():
            return owner.url
        if await self.claim(code):
            return None
        owner = await self.store.room_owner(code)
        return owner.url if owner is not None and owner.owner != self.me else None

    async def wait_moved(self, code: str, timeout: float) -> None:
        """Wait until the room may have a new owner (a notification, or ``timeout``)."""
        event = self._moved.setdefault(code.strip().upper(), asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    async def _keep_leases(self) -> None:
        while True:
            try:
                now = time.time()
                kept = await self.store.renew_rooms(self.me, now + self.lease)
                owned = self.service.owned or set()
                for code in owned - kept:
                    log.warning("room %s: the lease was lost; another process serves it", code)
                    await self.service.drop(code)
                for code in await self.store.orphaned_rooms(now):
                    await self.claim(code)
            except asyncio.CancelledError:
                raise
            except StorageError as exc:  # the database is away: the next round tries again
                log.warning("cluster: the leases were not renewed: %s", exc)
            except Exception:
                log.exception("cluster: keeping the leases failed; trying again")
            await asyncio.sleep(self.lease / 3)

    async def _listen(self) -> None:
        """``LISTEN gamenight``: wake the relays of a room that moved; drop a room taken."""
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.store.listen_url(), autocommit=True
                ) as conn:
                    await conn.execute("LISTEN gamenight")
                    async for note in conn.notifies():
                        data = json.loads(note.payload)
                        code = str(data.get("room", ""))
                        event = self._moved.pop(code, None)
                        if event is not None:
                            event.set()
                        owned = self.service.owned or set()
                        if data.get("owner") != self.me and code in owned:
                            await self.service.drop(code)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster: listening failed; trying again")
                await asyncio.sleep(1.0)

    # ---- forwarding --------------------------------------------------------------------------
    async def forward(self, request: Request, url: str) -> Response:
        """Send an HTTP request about a room to its owner; return the owner's answer."""
        body = await request.body()
        headers = {FORWARDED: self.me}
        for name in ("authorization", "content-type"):
            if name in request.headers:
                headers[name] = request.headers[name]
        try:
            answer = await self.http.request(
                request.method,
                url + request.url.path,
                params=dict(request.query_params),
                content=body,
                headers=headers,
            )
        except httpx.HTTPError:
            problem = {"error": "unavailable", "message": "the room is moving; try again"}
            return Response(json.dumps(problem), 503, media_type="application/json")
        media = answer.headers.get("content-type", "application/json")
        return Response(answer.content, answer.status_code, media_type=media)

    async def relay(self, ws: WebSocket, url: str, code: str, token: str | None) -> bool:
        """Pipe the client's WebSocket to the owner's until one side closes. ``True``: done
        (the client left, or the owner refused it); ``False``: the owner went away."""
        target = url.replace("http://", "ws://").replace("https://", "wss://") + f"/ws/{code}"
        if token:
            target += f"?token={token}"
        try:
            mark = {RELAYED: relay_mark(self.service.record_key, code)}  # counted here
            upstream = await connect(
                target, max_size=1 << 20, open_timeout=10, additional_headers=mark
            )
        except (OSError, InvalidStatus, TimeoutError):
            return False
        client_left = asyncio.Event()

        async def down() -> None:
            async for message in upstream:
                if isinstance(message, str):
                    await ws.send_text(message)
                else:
                    await ws.send_bytes(message)

        async def up() -> None:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    client_left.set()
                    return
                if message.get("text") is not None:
                    await upstream.send(message["text"])
                elif message.get("bytes") is not None:
                    await upstream.send(message["bytes"])

        tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, ConnectionClosed, Exception):
                    await task
            await upstream.close()
        if client_left.is_set() or ws.application_state is WebSocketState.DISCONNECTED:
            return True
        closed = upstream.close_code
        if closed in FINAL_CLOSES and upstream.protocol.close_rcvd is not None:
            with contextlib.suppress(Exception):
                await ws.close(closed)
            return True
        return False


def room_code(path: str) -> str | None:
    """The room code of a path about one room, or ``None``."""
    found = ROOM_PATH.match(path)
    return found.group(1) if found else None


async def serve_or_forward(request: Request, call_next: Any, cluster: Cluster) -> Response:
    """HTTP middleware: a request about a room served elsewhere goes to its owner."""
    code = room_code(request.url.path)
    if code is None or FORWARDED in request.headers:
        response: Response = await call_next(request)
        return response
    try:
        where = await cluster.locate(code)
    except StorageError as exc:  # the database is away (after the store's own tries)
        log.error("database: %s", exc)
        problem = {"error": "unavailable", "message": "the database cannot be reached"}
        return Response(json.dumps(problem), 503, media_type="application/json")
    if where is None:
        response = await call_next(request)
        return response
    return await cluster.forward(request, where)
