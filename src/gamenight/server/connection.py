"""One WebSocket: a seat's (with its token) or a spectator's.

Messages in are checked in this order: rate (``rate_limited``), size (``too_large``), shape
(``malformed``); then an ``act`` goes to the live match, whose refusals come back typed
(``not_your_decision``, ``stale_version`` with the "too slow" sentence, ``illegal`` with the rule,
``game_over``). Every refusal is answered with an ``error`` and the connection stays open. A
``coach`` is answered with an ``advice`` from the seat's own view.

Latency-fair races: the connection probes the round trip and the device's clock (``clock``
messages, a few when it opens and one after each ``ping``; the answers to its own probes are not
rate-limited), remembers when it sent each version's update, and turns an ``act``'s ``seen`` and
``tapped`` into the grab's fair time (``gamenight.live.fair_grabs``), refusing a forged one
(``forged_tap``). It tells the match how much credit its seat's grabs may get (``set_reach``).

Messages out go through one queue per connection, written by one task: updates are made per
viewer by the live match (that seat's own view, its events redacted for it), never one message
broadcast to all. A reader too slow to keep up is disconnected; reconnecting gives the full view.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections import OrderedDict
from typing import Any, cast

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from gamenight.engine.errors import (
    GameError,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourDecision,
    StaleVersion,
)
from gamenight.engine.game import Game
from gamenight.engine.registry import game_part
from gamenight.live.fair_grabs import FIRST_PROBES, ForgedTap, LinkClock, fair_tap
from gamenight.live.runtime import LiveMatch, MatchStopped
from gamenight.live.updates import Subscription
from gamenight.live.updates import Update as LiveUpdate
from gamenight.server.protocol import (
    Act,
    Advice,
    ClockAnswer,
    ClockProbe,
    Coach,
    Error,
    ErrorCode,
    Ping,
    React,
    Reaction,
    ReactionName,
    Room,
    RoomInfo,
    ServerBase,
    Sync,
    Welcome,
    client_message,
    printable,
    safe_ref,
)
from gamenight.server.ratelimit import TokenBucket
from gamenight.server.rooms import Room as RoomState
from gamenight.server.rooms import RoomService
from gamenight.server.settings import Limits, Settings
from gamenight.server.wire import over_text, pong_text, update_text

log = logging.getLogger("gamenight.server")

#: Messages that may wait for a slow reader before it is disconnected.
OUTBOX_SIZE = 2000
#: How long an action may wait for the match task before the client is told to retry.
SUBMIT_TIMEOUT = 30.0


#: Reactions a connection may send: one every two seconds on average, three in a burst.
REACTION_RATE, REACTION_BURST = 0.5, 3

#: How many versions' send times a connection remembers (a grab names the version it was made at).
SENT_KEPT = 64
#: A clock answer longer than this is no clock answer (it goes through the usual checks).
CLOCK_ANSWER_BYTES = 200


def loop_time() -> float:
    """The server's clock: the event loop's, which the rooms' live matches run on too."""
    return asyncio.get_running_loop().time()


#: How deeply a client message may nest arrays and objects (an ``act`` needs three or four).
MAX_DEPTH = 32
#: A ``ping`` as clients write it, with a plain ``ref`` or none: answered at once, without
#: the protocol's model (anything else, a ``ping`` written otherwise included, goes through it).
PLAIN_PING = re.compile(
    r'\{\s*"type"\s*:\s*"ping"\s*(?:,\s*"ref"\s*:\s*"([A-Za-z0-9_.:-]{0,64})"\s*)?\}'
)


def describe(error: ValidationError) -> str:
    """A short sentence for a message that does not fit the protocol (never the input itself:
    what it quotes, a field's name, is made :func:`printable`)."""
    first = error.errors(include_input=False, include_url=False)[0]
    where = ".".join(str(part) for part in first.get("loc", ()))
    text = str(first.get("msg", "invalid"))
    kinds = "act, ping, sync, coach, react, clock"
    return printable(
        f"not a valid message ({where + ': ' if where else ''}{text}); types are: {kinds}"
    )


def nesting(raw: str | bytes) -> int:
    """How deeply the JSON text ``raw`` nests arrays and objects (brackets inside strings do not
    count), reading no further than :data:`MAX_DEPTH` + 1 levels."""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        elif c in "]}":
            depth -= 1
    return deepest


def too_deep(raw: str | bytes) -> bool:
    """Whether ``raw`` nests deeper than :data:`MAX_DEPTH` (a message with no more opening
    brackets than that cannot: counting them is cheap, reading it character by character not)."""
    if isinstance(raw, str):
        opening = raw.count("[") + raw.count("{")
    else:
        opening = raw.count(b"[") + raw.count(b"{")
    return opening > MAX_DEPTH and nesting(raw) > MAX_DEPTH


def ref_of(raw: str | bytes) -> str | None:
    """The ``ref`` of a message refused as malformed, when it has one that may be echoed (see
    :func:`safe_ref`); never an exception."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    return safe_ref(data.get("ref")) if isinstance(data, dict) else None


#: The last ``room`` message written, and the room info it was written from.
_last_room: tuple[RoomInfo | None, str] = (None, "")
#: The last ``update`` message written, with the live update and match number it was written
#: from (a match makes one update per viewer: the spectators of a room share theirs).
_last_update: tuple[LiveUpdate | None, int, str] = (None, 0, "")


class Connection:
    """A WebSocket held open for one seat (or a spectator, ``seat is None``) of one room."""

    def __init__(
        self,
        ws: WebSocket,
        service: RoomService,
        room: RoomState,
        seat: int | None,
        settings: Settings,
    ) -> None:
        self.ws = ws
        self.service = service
        self.room = room
        self.seat = seat
        self.settings = settings
        self.bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
        #: Messages to send: models, or JSON text already written (``wire``).
        self._outbox: asyncio.Queue[ServerBase | str | None] = asyncio.Queue(maxsize=OUTBOX_SIZE)
        #: The live match followed, and the subscription its updates come through.
        self._following: tuple[LiveMatch, Subscription] | None = None
        #: Reactions: one every two seconds on average, three in a burst.
        self.reactions = TokenBucket(REACTION_RATE, REACTION_BURST)
        self._closing = False
        self._closer: asyncio.Task[None] | None = None
        #: The link's round trip and the device's clock (latency-fair races).
        self.link = LinkClock()
        #: When each (match, version)'s first update was sent on this connection.
        self._sent: OrderedDict[tuple[int, int], float] = OrderedDict()

    # ---- what the service calls --------------------------------------------------------------
    def room_changed(self, info: RoomInfo) -> None:
        """Send the room as it is now (written once for all the room's connections: the room
        service hands each the same ``info``)."""
        global _last_room
        if _last_room[0] is not info:
            _last_room = (info, Room(room=info).model_dump_json())
        self.push(_last_room[1])

    def react(self, seat: int, reaction: str) -> None:
        """Tell this connection that ``seat`` sent ``reaction``."""
        self.push(Reaction(seat=seat, reaction=cast(ReactionName, reaction)))

    def moved(self) -> None:
        """Another process serves the room now: close (1012), so the client connects again."""
        self._closing = True
        self._closer = asyncio.create_task(self._close(1012, "the room moved: connect again"))

    def unseat(self, info: RoomInfo) -> None:
        """The seat's person gave it up: watch from now on, and say so with a new ``welcome``
        (the room service then subscribes the connection again, to the public view)."""
        self.seat = None
        self.push(Welcome(room=info, seat=None))

    def follow(self, live: LiveMatch, number: int) -> None:
        """Subscribe to ``live`` (a match started, resumed, or the client asked for a sync); the
        first update is the seat's whole current view. Each update is written for this
        connection as the match tells it, and queued in its outbox."""
        if self._closing:
            return
        self._unfollow()
        sub = live.subscribe(self.seat)
        self._following = (live, sub)
        sub.listen(lambda update: self._tell(number, update, live.game))
        self._reach(live)

    def _unfollow(self) -> None:
        if self._following is not None:
            live, sub = self._following
            self._following = None
            live.unsubscribe(sub)

    def _reach(self, live: LiveMatch | None) -> None:
        """Tell the match how much credit this seat's grabs may get over this link."""
        if live is not None and self.seat is not None:
            live.set_reach(self.seat, self.link.bound())

    # ---- the connection's life ---------------------------------------------------------------
    async def serve(self, welcome: ServerBase) -> None:
        """Run until the client goes away, or until sending to it or reading from it fails: a
        failure is logged and the connection closed (1011), so that the seat shows as away
        and its grace period starts, never a seat that looks connected and hears nothing."""
        sender = asyncio.create_task(self._send_loop())
        self.push(welcome)
        self.push(ClockProbe(server=0.0))  # stamped as it is sent
        receiver: asyncio.Task[None] | None = None
        try:
            await self.service.attach(self.room, self)
            receiver = asyncio.create_task(self._receive_loop())
            done, _ = await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
            failed = False
            for task, doing in ((sender, "sending to"), (receiver, "receiving from")):
                failure = task.exception() if task in done and not task.cancelled() else None
                if failure is not None:
                    failed = True
                    log.error(
                        "room %s: %s %s failed; closing the connection",
                        self.room.code,
                        doing,
                        self.who,
                        exc_info=failure,
                    )
            if failed or sender in done:  # nothing more can reach the client: end it
                await self._close(1011, "server error: reconnect")
        finally:
            self._closing = True
            self.service.detach(self.room, self)
            self._unfollow()
            for running in (sender, receiver):
                if running is not None:
                    running.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await running

    @property
    def who(self) -> str:
        """The connection in a log line: ``seat 2`` or ``a spectator``."""
        return f"seat {self.seat}" if self.seat is not None else "a spectator"

    def push(self, message: ServerBase | str) -> None:
        """Queue a message for the client, a model or its JSON text (a reader that fell too far
        behind is disconnected)."""
        if self._closing:
            return
        try:
            self._outbox.put_nowait(message)
        except asyncio.QueueFull:
            self._closing = True
            log.warning("room %s: a reader fell %d messages behind", self.room.code, OUTBOX_SIZE)
            self._closer = asyncio.create_task(
                self._close(1013, "too far behind: reconnect for the full view")
            )

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code, reason)

    async def _send_loop(self) -> None:
        while True:
            message = await self._outbox.get()
            if message is None or self.ws.application_state is WebSocketState.DISCONNECTED:
                return
            if isinstance(message, ClockProbe):  # stamped as it is sent
                message = ClockProbe(server=self.link.probe(loop_time()))
            text = message if isinstance(message, str) else message.model_dump_json()
            try:
                await self.ws.send_text(text)
            except (WebSocketDisconnect, RuntimeError, OSError):
                return

    def _tell(self, number: int, update: LiveUpdate, game: Game[Any, Any]) -> None:
        """Queue one update of match ``number`` (and ``over`` after its last); called by the
        live match as it tells its subscribers, so nothing may escape from here."""
        global _last_update
        try:
            if _last_update[0] is not update or _last_update[1] != number:
                _last_update = (update, number, update_text(number, update, game))
            # when this version went out to this connection (latency-fair races: a grab's fair
            # time counts from it); queued now, sent as soon as the outbox gets to it
            self._sent.setdefault((number, update.version), loop_time())
            while len(self._sent) > SENT_KEPT:
                self._sent.popitem(last=False)
            self.push(_last_update[2])
            if update.outcome is not None:
                record_url = f"/api/rooms/{self.room.code}/matches/{number}/record"
                self.push(over_text(number, update.outcome, record_url))
        except Exception:  # a bug here must show, not silently stop this seat's updates
            log.exception("room %s: updates to seat %s failed", self.room.code, self.seat)
            self._closing = True
            self._closer = asyncio.create_task(self._close(1011, "server error: reconnect"))

    async def _receive_loop(self) -> None:
        limit = self.settings.max_message_bytes
        while True:
            try:
                message = await self.ws.receive()
            except (WebSocketDisconnect, RuntimeError):
                return
            if message["type"] == "websocket.disconnect":
                return
            raw: str | bytes | None = message.get("text")
            if raw is None:
                raw = message.get("bytes")
            if raw is None:
                continue
            arrived = loop_time()
            if self._clock_answer(raw, arrived):
                continue
            if not self.bucket.take():
                self.error(
                    "rate_limited",
                    f"too many messages: at most {self.settings.rate_per_second:g} a second "
                    f"(bursts of {self.settings.rate_burst}); this one was dropped",
                )
                continue
            size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
            if size > limit:
                self.error("too_large", f"a message may be {limit} bytes at most; got {size}")
                continue
            if isinstance(raw, str) and (ping := PLAIN_PING.fullmatch(raw)) is not None:
                self.push(pong_text(ping.group(1)))
                self.push(ClockProbe(server=0.0))  # keep the link's clock samples fresh
                continue
            if too_deep(raw):
                self.error("malformed", f"a message may not be nested more than {MAX_DEPTH} deep")
                continue
            try:
                parsed = client_message.validate_json(raw)
            except ValidationError as exc:
                self.error("malformed", describe(exc), ref_of(raw))
                continue
            await self.handle(parsed, arrived)

    def _clock_answer(self, raw: str | bytes, arrived: float) -> bool:
        """Take ``raw`` if it answers a probe of this connection (such answers are not
        rate-limited: there are no more of them than probes sent); probe again while the link
        has fewer than ``FIRST_PROBES`` samples."""
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        if len(text) > CLOCK_ANSWER_BYTES or '"clock"' not in text:
            return False  # (a quick look first: most short messages are pings)
        try:
            answer = ClockAnswer.model_validate_json(raw)
        except ValidationError:
            return False
        if not self.link.answer(answer.server, answer.device, arrived):
            return False
        if self.link.samples < FIRST_PROBES:
            self.push(ClockProbe(server=0.0))
        self._reach(self.room.live)
        return True

    # ---- messages ----------------------------------------------------------------------------
    def error(
        self, code: ErrorCode, message: str, ref: str | None = None, rule: str | None = None
    ) -> None:
        """Answer a refused message (what it says is made :func:`printable`, the ``ref`` is
        dropped unless :func:`safe_ref`)."""
        self.push(Error(code=code, message=printable(message), ref=safe_ref(ref), rule=rule))

    async def handle(
        self,
        message: Act | Ping | Sync | Coach | React | ClockAnswer,
        arrived: float | None = None,
    ) -> None:
        """Answer one well-formed message (that arrived at ``arrived`` on the server's clock)."""
        if isinstance(message, Ping):
            self.push(pong_text(message.ref))
            self.push(ClockProbe(server=0.0))  # keep the link's clock samples fresh
            return
        if isinstance(message, ClockAnswer):
            return  # an answer to no probe of this connection (or a late one): nothing learnt
        live = self.room.live
        if isinstance(message, Sync):
            if live is not None:
                self.follow(live, self.room.row.match_number)
            else:
                self.room_changed(self.service.info(self.room))
            return
        if self.seat is None:
            self.error("spectator", "spectators watch; only a seat's token can act", message.ref)
            return
        if isinstance(message, React):
            self._react(message)
            return
        if live is None:
            self.error("not_started", "no match is on in this room yet", message.ref)
            return
        if isinstance(message, Coach):
            await self._coach(live, self.seat, message.ref)
            return
        if self.room.paused_by is not None:
            who = self.room.paused_by
            self.error("paused", f"{who} paused the game: moves wait until it goes on", message.ref)
            return
        await self._act(live, self.seat, message, loop_time() if arrived is None else arrived)

    def _react(self, message: React) -> None:
        """Pass a seated person's reaction on to the whole room, as the room allows."""
        assert self.seat is not None
        if not Limits(**self.room.row.limits).reactions:
            self.error("reactions_off", "the host has turned reactions off", message.ref)
        elif not self.reactions.take():
            self.error("rate_limited", "one reaction every two seconds, please", message.ref)
        else:
            self.service.react(self.room, self.seat, message.reaction)

    async def _coach(self, live: LiveMatch, seat: int, ref: str | None) -> None:
        """Answer ``coach`` from the seat's own view (the advice is worked out in the coach's
        worker process: the first use of a config may solve the game, within a CPU budget)."""
        try:
            view = await live.view(seat)  # as told: never a step that is not stored yet
        except MatchStopped as exc:
            self.error("not_started", f"the match is not running: {exc}", ref)
            return
        version = int(view["version"])
        try:
            advise = getattr(game_part(self.room.row.game, "coach"), "advise", None)
        except ImportError as exc:  # a coach part that cannot load is no coach, not a crash
            log.error("room %s: the coach part does not load: %s", self.room.code, exc)
            advise = None
        message = None
        if advise is None:
            message = f"{self.service.info(self.room).title} has no coach"
        elif seat not in view["pending"]["players"]:
            message = "the coach speaks when it is your decision"
        if advise is None or message is not None:
            self.push(Advice(version=version, advice=None, message=message, ref=ref))
            return
        try:  # in the coach's worker process, within its CPU budget (server/coaching.py)
            row = self.room.row
            advice, message = await self.service.coach.advise(row.game, row.config, view["state"])
        except Exception:  # a bug in a coach must show in the log, not end the connection
            log.exception("room %s: the coach failed", self.room.code)
            advice, message = None, "the coach failed; the server's log says why"
        self.push(Advice(version=version, advice=advice, message=message, ref=ref))

    async def _act(self, live: LiveMatch, seat: int, message: Act, arrived: float) -> None:
        ref = message.ref
        try:
            action: Any = live.game.action_from_json(message.action)
            tap = None
            if message.seen is not None and message.tapped is not None:
                number, version = self.room.row.match_number, message.version
                sent_at = self._sent.get((number, version))
                fair = fair_tap(self.link, version, sent_at, arrived, message.seen, message.tapped)
                tap = fair.at
            async with asyncio.timeout(SUBMIT_TIMEOUT):  # no task of its own, unlike wait_for
                await live.submit(seat, action, message.version, tap=tap)
        except ForgedTap as exc:
            log.warning("room %s: %s sent a forged tap: %s", self.room.code, self.who, exc)
            self.error("forged_tap", str(exc), ref)
        except StaleVersion as exc:
            self.error("stale_version", str(exc), ref)
        except MalformedAction as exc:
            self.error("malformed", str(exc), ref)
        except NotYourDecision as exc:
            self.error("not_your_decision", str(exc), ref)
        except IllegalAction as exc:
            rule = None
            with contextlib.suppress(Exception):
                rule = live.game.explain_illegal(live.match.state, seat, action)
            self.error("illegal", str(exc), ref, rule)
        except GameOver as exc:
            self.error("game_over", str(exc), ref)
        except MatchStopped as exc:
            self.error("not_started", f"the match is not running: {exc}", ref)
        except GameError as exc:
            self.error("illegal", str(exc), ref)
        except TimeoutError:
            self.error("not_started", "the match did not answer in time; try again", ref)
