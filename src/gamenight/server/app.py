"""``create_app(settings)``: the FastAPI application, its routes and its start-up.

Handlers are thin: they read the request, call the room service and shape the answer. Every
refusal is a :class:`~gamenight.server.api.Problem` (``{"error": code, "message": sentence}``).
At start-up the database schema is migrated, the record-signing key is loaded (made once and
kept in the database unless ``record_key`` is set) and every unfinished match is resumed.
"""

from __future__ import annotations

import asyncio
import html
import logging
import secrets
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Path, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from gamenight import __version__
from gamenight.server.api import (
    MAX_MATCH,
    MAX_SEATS,
    CreateRoom,
    HandHost,
    Health,
    Joined,
    JoinRoom,
    Left,
    Problem,
    ReactionsSwitch,
    RoomCreated,
    SetBot,
    Spectating,
)
from gamenight.server.catalog import GameInfo, catalog, discover
from gamenight.server.cluster import Cluster, serve_or_forward
from gamenight.server.collector import CollectorPolicy
from gamenight.server.connection import Connection
from gamenight.server.errors import Forbidden, NotFound, ServiceError, Unavailable
from gamenight.server.limits import (
    RELAYED,
    TOO_MANY_CLOSE,
    AddressRate,
    SocketLimits,
    TooManySockets,
    relayed,
)
from gamenight.server.logs import hide_tokens_in_logs
from gamenight.server.protocol import Error, ErrorCode, RoomInfo, Welcome
from gamenight.server.rooms import Room, RoomService
from gamenight.server.service_worker import mount_worker
from gamenight.server.settings import Settings
from gamenight.server.storage import SqlStore, StorageError
from gamenight.server.web import html_page, mount_web

log = logging.getLogger("gamenight.server")

#: How long ``/healthz`` waits for the database to answer before it says ``degraded``.
HEALTH_SECONDS = 2.0

bearer = HTTPBearer(auto_error=False, description="the room's host token, or the host's seat token")
HostToken = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
seat_bearer = HTTPBearer(auto_error=False, scheme_name="SeatToken", description="a seat's token")
SeatToken = Annotated[HTTPAuthorizationCredentials | None, Depends(seat_bearer)]
Code = Annotated[str, Path(min_length=1, max_length=16, description="the room code")]
SeatIndex = Annotated[int, Path(ge=0, le=MAX_SEATS - 1, description="the seat number, from 0")]
MatchNumber = Annotated[
    int, Path(ge=1, le=MAX_MATCH, description="the match's number in the room, from 1")
]
REFUSALS: dict[int | str, dict[str, Any]] = {
    status: {"model": Problem, "description": text}
    for status, text in [
        (401, "no token"),
        (403, "not the host's token (or, to leave, no seat's token)"),
        (404, "no such room or match"),
        (409, "the room is not in a state that allows it"),
        (422, "a value the game or the API refuses"),
    ]
}


def service_of(request: Request) -> RoomService:
    """The room service of the running application."""
    service: RoomService = request.app.state.service
    return service


Service = Annotated[RoomService, Depends(service_of)]


def base_url(request: Request, settings: Settings) -> str:
    """Where this server is reached from outside: ``public_url``, or where the request came."""
    return (settings.public_url or str(request.base_url)).rstrip("/")


def ws_url(base: str, code: str, token: str | None) -> str:
    """The WebSocket URL of a room (a seat's when ``token`` is given)."""
    scheme, _, rest = base.partition("://")
    ws = ("wss" if scheme == "https" else "ws") + "://" + rest
    return f"{ws}/ws/{code}" + (f"?token={token}" if token else "")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The gamenight server as an ASGI application."""
    settings = settings if settings is not None else Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hide_tokens_in_logs()  # after the web server has set up its loggers
        discover()
        store = SqlStore(settings.db_url, run_migrations=settings.migrate)
        await store.open()
        key = settings.record_key or await store.meta("record_key", secrets.token_hex(32))
        service = RoomService(store, settings, key.encode("utf-8"))
        app.state.store = store
        app.state.service = service
        app.state.cluster = None
        if settings.cluster:
            if store.dialect != "postgresql":
                await store.close()
                raise StorageError("cluster mode needs PostgreSQL (--db postgresql://...)")
            # The rooms of a process that stopped are taken over once their leases run out.
            app.state.cluster = Cluster(store, settings, service)
            await app.state.cluster.start()
        else:
            resumed = await service.resume()
            if resumed:
                log.info("resumed %d match(es) from the database", resumed)
        collector = CollectorPolicy(settings.gc_freeze_seconds, settings.gc_full_minutes)
        collector.start()
        try:
            yield
        finally:
            await collector.stop()
            service.coach.close()
            if app.state.cluster is not None:
                await app.state.cluster.stop()
            else:
                await service.close()
            await store.close()

    app = FastAPI(
        title="gamenight",
        version=__version__,
        summary="Four family tabletop games, played together online.",
        lifespan=lifespan,
    )
    # the page's modules, styles and JSON sent gzipped to a client that asks for it
    app.add_middleware(GZipMiddleware, minimum_size=1000)
    app.state.settings = settings
    sockets = SocketLimits(settings.room_sockets, settings.address_sockets)
    new_rooms = AddressRate(settings.rooms_per_minute, settings.rooms_burst)

    if settings.cluster:

        @app.middleware("http")
        async def _route(request: Request, call_next: Any) -> Response:
            return await serve_or_forward(request, call_next, request.app.state.cluster)

    @app.exception_handler(ServiceError)
    async def _refused(_request: Request, exc: ServiceError) -> JSONResponse:
        problem = Problem(
            error=exc.code,
            message=str(exc),
            option=getattr(exc, "option", None),
            reason=exc.reason,
        )
        return JSONResponse(problem.model_dump(exclude_none=True), status_code=exc.status)

    @app.exception_handler(StorageError)
    async def _storage(_request: Request, exc: StorageError) -> JSONResponse:
        log.error("database: %s", exc)
        problem = Problem(error=Unavailable.code, message="the database cannot be reached")
        return JSONResponse(problem.model_dump(exclude_none=True), status_code=Unavailable.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problem = Problem(error="invalid", message=validation_message(request, exc.errors()))
        return JSONResponse(problem.model_dump(exclude_none=True), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        message = str(exc.detail)
        if exc.status_code == 404 and message == "Not Found":
            message = f"nothing is served at {request.url.path}"
            if browsing(request):  # an address typed or followed in a browser: a page
                return HTMLResponse(not_found_page(request.url.path), status_code=404)
        elif exc.status_code == 405:
            message = f"{request.method} is not allowed on {request.url.path}"
        elif exc.status_code == 400 and message == "There was an error parsing the body":
            message = (  # JSON that Python's reader gives up on
                "the body could not be read as JSON: nested too deeply, or a number too long"
            )
        problem = Problem(error="http_" + str(exc.status_code), message=message)
        return JSONResponse(problem.model_dump(exclude_none=True), status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def _failed(_request: Request, _exc: Exception) -> JSONResponse:
        # The traceback is logged by the server; the caller gets a refusal of the usual shape.
        problem = Problem(error="internal", message="the server failed on this request")
        return JSONResponse(problem.model_dump(exclude_none=True), status_code=500)

    @app.get(
        "/healthz",
        tags=["server"],
        response_model_exclude_none=True,
        responses={503: {"model": Health, "description": "degraded: the database is away"}},
    )
    async def healthz(request: Request) -> Any:
        """``ok`` (200): the server is up and its database answers. ``degraded`` (503): the
        server is up, but the database does not answer or a match waits for it; matches go on
        by themselves once it is back (the process needs no restart)."""
        return await health(request.app.state.store, request.app.state.service)

    @app.get("/api/games", tags=["games"])
    async def games() -> list[GameInfo]:
        """Every game: player range, options with their help, bots (each a level to seat)."""
        return catalog()

    @app.post("/api/rooms", status_code=201, tags=["rooms"], responses=REFUSALS)
    async def create_room(body: CreateRoom, request: Request, service: Service) -> RoomCreated:
        """Open a room: a short code to share, an invite link and the host token."""
        new_rooms.check(request.client.host if request.client else "", "new rooms")
        room, host, token = await service.create(
            body.game, body.seats, body.options, body.limits, body.name
        )
        if request.app.state.cluster is not None:
            await request.app.state.cluster.claim(room.code)
        base = base_url(request, settings)
        return RoomCreated(
            code=room.code,
            invite_url=f"{base}/join/{room.code}",
            host_token=host,
            room=service.info(room),
            seat=0 if token else None,
            token=token,
            ws_url=ws_url(base, room.code, token) if token else None,
        )

    @app.get("/api/rooms/{code}", tags=["rooms"], responses=REFUSALS)
    async def get_room(code: Code, service: Service) -> RoomInfo:
        """The room as anyone with its code sees it."""
        return service.info(await service.room(code))

    @app.post("/api/rooms/{code}/join", tags=["rooms"], responses=REFUSALS)
    async def join(code: Code, body: JoinRoom, request: Request, service: Service) -> Joined:
        """Take a seat with a display name; the answer holds the seat's secret token."""
        room, seat, token = await service.join(code, body.name, body.seat)
        base = base_url(request, settings)
        return Joined(
            seat=seat, token=token, ws_url=ws_url(base, room.code, token), room=service.info(room)
        )

    @app.post("/api/rooms/{code}/spectate", tags=["rooms"], responses=REFUSALS)
    async def spectate(code: Code, request: Request, service: Service) -> Spectating:
        """Watch: where to connect (spectators see the public view only)."""
        room = await service.room(code)
        return Spectating(
            ws_url=ws_url(base_url(request, settings), room.code, None), room=service.info(room)
        )

    @app.post("/api/rooms/{code}/leave", tags=["rooms"], responses=REFUSALS)
    async def leave(code: Code, seat: SeatToken, service: Service) -> Left:
        """Give up your seat (its token as the bearer): in the lobby it is open again; once the
        matches have begun the stand-in bot plays it at once. You watch from then on."""
        room, host_token = await service.leave(code, _token(seat))
        return Left(room=service.info(room), host_token=host_token)

    @app.post("/api/rooms/{code}/host", tags=["host"], responses=REFUSALS)
    async def hand_host(code: Code, body: HandHost, host: HostToken, service: Service) -> RoomInfo:
        """(Host) Hand the host role to the person in another seat."""
        return service.info(await service.hand_host(code, _token(host), body.seat))

    @app.put("/api/rooms/{code}/seats/{seat}/bot", tags=["host"], responses=REFUSALS)
    async def seat_bot(
        code: Code, seat: SeatIndex, body: SetBot, host: HostToken, service: Service
    ) -> RoomInfo:
        """(Host) Seat a bot of any level in an open seat, or change a seated bot."""
        room = await service.set_bot(code, _token(host), seat, body.bot)
        return service.info(room)

    @app.delete("/api/rooms/{code}/seats/{seat}", tags=["host"], responses=REFUSALS)
    async def clear_seat(
        code: Code, seat: SeatIndex, host: HostToken, service: Service
    ) -> RoomInfo:
        """(Host) Open a seat again, before the first match."""
        return service.info(await service.clear_seat(code, _token(host), seat))

    @app.post("/api/rooms/{code}/start", tags=["host"], responses=REFUSALS)
    async def start(code: Code, host: HostToken, service: Service) -> RoomInfo:
        """(Host) Start the first match once every seat is taken."""
        return service.info(await service.start(code, _token(host)))

    @app.post("/api/rooms/{code}/pause", tags=["host"], responses=REFUSALS)
    async def pause(code: Code, host: HostToken, service: Service) -> RoomInfo:
        """(Host) Pause the match: every clock stands still and moves wait, for everyone."""
        return service.info(await service.pause(code, _token(host), paused=True))

    @app.post("/api/rooms/{code}/resume", tags=["host"], responses=REFUSALS)
    async def resume(code: Code, host: HostToken, service: Service) -> RoomInfo:
        """(Host) Let a paused match go on: every clock keeps the time it had left."""
        return service.info(await service.pause(code, _token(host), paused=False))

    @app.put("/api/rooms/{code}/reactions", tags=["host"], responses=REFUSALS)
    async def reactions(
        code: Code, body: ReactionsSwitch, host: HostToken, service: Service
    ) -> RoomInfo:
        """(Host) Turn the seats' reactions on or off."""
        return service.info(await service.set_reactions(code, _token(host), body.on))

    @app.post("/api/rooms/{code}/rematch", tags=["host"], responses=REFUSALS)
    async def rematch(code: Code, host: HostToken, service: Service) -> RoomInfo:
        """(Host) Start the next match with the same seats, once the last is over."""
        return service.info(await service.rematch(code, _token(host)))

    @app.get("/api/rooms/{code}/matches/{number}/record", tags=["records"], responses=REFUSALS)
    async def record(code: Code, number: MatchNumber, service: Service) -> dict[str, Any]:
        """A finished match's record (what ``gamenight replay`` reads), signed by the server;
        409 while the match is on (the record holds the seed)."""
        return await service.record(code, number)

    @app.websocket("/ws/{code}")
    async def websocket(ws: WebSocket, code: str, token: str | None = None) -> None:
        """A seat's connection (``?token=``) or a spectator's (no token)."""
        service: RoomService = ws.app.state.service
        cluster: Cluster | None = ws.app.state.cluster
        await ws.accept()
        address: str | None = ws.client.host if ws.client else ""
        if relayed(service.record_key, code.strip().upper(), ws.headers.get(RELAYED)):
            address = None  # the process that relayed it counted it
        try:
            ticket = sockets.open("", address, seated=True)
        except TooManySockets as exc:
            await _refuse(ws, "too_many", str(exc), TOO_MANY_CLOSE)
            return
        try:
            await _serve_socket(ws, code, token, service, cluster)
        finally:
            sockets.close(ticket)

    async def _serve_socket(
        ws: WebSocket, code: str, token: str | None, service: RoomService, cluster: Cluster | None
    ) -> None:
        while cluster is not None:
            try:
                where = await cluster.locate(code)
            except StorageError:  # the client connects again (1011), with its own backoff
                await _refuse(ws, "not_found", "the database cannot be reached", 1011)
                return
            if where is None:
                break
            if await cluster.relay(ws, where, code.strip().upper(), token):
                return
            await cluster.wait_moved(code, 0.5)
        try:
            room: Room = await service.room(code)
            seat = service.seat_of(room, token)
        except NotFound as exc:
            await _refuse(ws, "not_found", str(exc), 4404)
            return
        except Forbidden as exc:
            await _refuse(ws, "unauthorized", str(exc), 4403)
            return
        except StorageError:
            await _refuse(ws, "not_found", "the database cannot be reached", 1011)
            return
        try:
            ticket = sockets.open(room.code, None, seated=seat is not None)
        except TooManySockets as exc:
            await _refuse(ws, "too_many", str(exc), TOO_MANY_CLOSE)
            return
        try:
            connection = Connection(ws, service, room, seat, settings)
            await connection.serve(Welcome(room=service.info(room), seat=seat))
        finally:
            sockets.close(ticket)

    mount_web(app, lambda request: base_url(request, settings))
    mount_worker(app)
    return app


async def health(store: SqlStore, service: RoomService) -> Health | JSONResponse:
    """The answer of ``/healthz``: one quick try of the database, and the rooms waiting on it."""
    try:
        answers = await asyncio.wait_for(store.check(), HEALTH_SECONDS)
    except TimeoutError:
        answers = False
    waiting = len(service.waiting)
    if answers and not waiting:
        return Health(database=store.dialect)
    down = store.health.seconds_down()
    degraded = Health(
        status="degraded",
        database=store.dialect,
        message=(
            "the database does not answer; matches wait and go on by themselves once it is back"
            if not answers
            else "matches wait for the database to store their last step"
        ),
        down_seconds=round(down, 1) if down is not None else None,
        waiting_rooms=waiting,
    )
    return JSONResponse(degraded.model_dump(exclude_none=True), status_code=503)


def browsing(request: Request) -> bool:
    """Whether a request is a browser opening a page (a GET outside the API that asks for
    HTML), which is answered with a page rather than JSON."""
    return (
        request.method == "GET"
        and not request.url.path.startswith("/api/")
        and "text/html" in request.headers.get("accept", "")
    )


def not_found_page(path: str) -> str:
    """A small page in the shell's style for an address that serves nothing."""
    shown = html.escape(path)
    return html_page(
        "Nothing here: gamenight",
        f"<h1>Nothing here</h1>\n<p>Nothing is served at <code>{shown}</code>. A room's link looks "
        'like <code>/join/ABC234</code>.</p>\n<p><a href="/">Back to the start</a></p>\n',
    )


def validation_message(request: Request, errors: Sequence[Any]) -> str:
    """One sentence for a request the API models refuse: what the body must be, or each wrong
    field (up to five) with what it takes."""
    parts = []
    for error in errors[:5]:
        where = tuple(str(p) for p in error.get("loc", ()))
        kind = error.get("type", "")
        if kind == "json_invalid" or where == ("body",):  # the body as a whole is wrong
            return body_message(request, error)
        field = ".".join(p for p in where if p not in ("body", "path", "query", "header"))
        if kind == "extra_forbidden":
            parts.append(f"unknown field {field!r}")
        else:
            parts.append(f"{field}: {error.get('msg', 'invalid')}" if field else error["msg"])
    return "; ".join(parts) or "invalid request"


def body_message(request: Request, error: Any) -> str:
    """Why a body is not a JSON object, in words."""
    sent = request.headers.get("content-type", "")
    if error.get("type") == "json_invalid":
        reason = error.get("ctx", {}).get("error", "")
        return f"the body must be a JSON object; it is not valid JSON ({reason})"
    if error.get("type") == "missing":
        return "the body must be a JSON object; the request has none"
    if not sent.startswith("application/json"):
        shown = f"Content-Type {sent!r}" if sent else "no Content-Type"
        return (
            f"the body must be a JSON object sent as Content-Type: application/json (got {shown})"
        )
    got = error.get("input")
    kinds = [(bool, "true or false"), (int | float, "a number"), (str, "a string")]
    kind = next((name for cls, name in [*kinds, (list, "a list")] if isinstance(got, cls)), "null")
    return f"the body must be a JSON object ({{...}}), not {kind}"


def _token(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return credentials.credentials if credentials is not None else None


async def _refuse(ws: WebSocket, code: ErrorCode, message: str, close_code: int) -> None:
    await ws.send_text(Error(code=code, message=message).model_dump_json())
    await ws.close(close_code)
