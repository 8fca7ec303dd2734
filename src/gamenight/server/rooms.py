"""The room service: rooms, seats and tokens, and the live matches played in them.

Every change goes to the store first and to memory second, so what the server shows is what it
would load after a restart. Each room's live match is a ``LiveMatch`` (``gamenight.live``) whose
``persist`` hook stores the step, and at the end the signed record, before any connection hears
of it; at start-up :meth:`RoomService.resume` rebuilds every unfinished match from its stored
steps, with the same seed and so the same chance to come.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import time
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from gamenight.bots.registry import UnknownBot, make_bot
from gamenight.engine.config import config_from_json
from gamenight.engine.errors import ConfigError, GameError, UnknownGame
from gamenight.engine.game import Game
from gamenight.engine.match import RECORD_FORMAT, Match, replay
from gamenight.engine.records import sign_record
from gamenight.engine.registry import game_class
from gamenight.live.runtime import LiveMatch, Persist
from gamenight.live.settings import LiveSettings
from gamenight.live.updates import Applied
from gamenight.server.catalog import room_config
from gamenight.server.errors import Conflict, Forbidden, Invalid, NotFound, Unauthorized
from gamenight.server.protocol import RoomInfo, SeatInfo
from gamenight.server.settings import Limits, Settings
from gamenight.server.storage import MatchRow, RoomRow, SeatRow, StepRow, Store, token_digest

log = logging.getLogger("gamenight.server")

#: Room codes use letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_code() -> str:
    """A fresh room code: six characters, about 2**29 of them, read aloud easily."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A fresh secret token (seat or host): 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


class Listener(Protocol):
    """A connection to a room, as the service sees it."""

    seat: int | None

    def room_changed(self, info: RoomInfo) -> None:
        """The room changed (seats, presence, status)."""

    def follow(self, live: LiveMatch, number: int) -> None:
        """A match started (or resumed) in the room: subscribe to it."""

    def moved(self) -> None:
        """Another process serves the room now: close, so that the client connects again."""


@dataclass(eq=False)
class Room:
    """A room held in memory: its stored row, its live match and who is connected."""

    row: RoomRow
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    live: LiveMatch | None = None
    listeners: set[Listener] = field(default_factory=set)
    grace: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    stand_ins: set[int] = field(default_factory=set)
    watcher: asyncio.Task[None] | None = None

    @property
    def code(self) -> str:
        """The room's code."""
        return self.row.code

    def present(self, seat: int) -> bool:
        """Whether someone holding the seat's token is connected."""
        return any(listener.seat == seat for listener in self.listeners)


def name_key(name: str) -> str:
    """What two names that look the same have in common: compatibility-normalised, without
    invisible format characters (a zero-width space), spaces collapsed, case folded. Two people
    whose names have the same key cannot sit in one room (``Host`` and ``Host`` + a zero-width
    space would be told apart by nobody)."""
    shown = "".join(
        c for c in unicodedata.normalize("NFKC", name) if unicodedata.category(c) != "Cf"
    )
    return " ".join(shown.split()).casefold()


def seat_names(seats: Iterable[SeatRow]) -> list[str]:
    """Display names of the seats: the person's name, ``<bot> bot`` for a bot (numbered when two
    bots share a spec), ``seat N`` for an open seat."""
    rows = list(seats)
    specs = [s.bot for s in rows if s.kind == "bot"]
    names = []
    for s in rows:
        if s.kind == "human" and s.name:
            names.append(s.name)
        elif s.kind == "bot":
            names.append(f"{s.bot} bot" + (f" {s.index + 1}" if specs.count(s.bot) > 1 else ""))
        else:
            names.append(f"seat {s.index + 1}")
    return names


def live_settings(limits: Limits, settings: Settings) -> LiveSettings:
    """The live runtime's clock for a room: its limits, and the server's bot delay scale."""
    return replace(
        LiveSettings().paced(settings.bot_delay),
        turn_limit=limits.turn_seconds,
        window_limit=limits.reaction_seconds,
        race_limit=limits.race_seconds,
        own_code_bots=False,  # specs come from other people: registered bots only
    )


class RoomService:
    """Creates rooms, seats people and bots, starts and resumes matches, serves records."""

    def __init__(self, store: Store, settings: Settings, record_key: bytes) -> None:
        self.store = store
        self.settings = settings
        self.record_key = record_key
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        #: Set while the server shuts down (matches stop; a restart resumes them).
        self.closing = False
        #: The rooms this process serves, when several processes share the database (``None``:
        #: this process serves every room).
        self.owned: set[str] | None = None

    # ---- looking rooms up --------------------------------------------------------------------
    async def room(self, code: str) -> Room:
        """The room of that code (loaded from the store on first use); ``NotFound`` else."""
        code = code.strip().upper()
        room = self.rooms.get(code)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(code)
            if room is None:
                row = await self.store.load_room(code) if _plausible(code) else None
                if row is None:
                    raise NotFound(f"no room {code!r}: check the code you were given")
                room = self.rooms[code] = Room(row)
                if row.status == "over":  # its last match, to show how it ended
                    await self._load_finished(room)
        return room

    def info(self, room: Room) -> RoomInfo:
        """The room as anyone with its code sees it."""
        row = room.row
        cls = game_class(row.game)
        names = seat_names(row.seats)
        return RoomInfo(
            code=row.code,
            game=row.game,
            title=cls.title,
            config=row.config,
            status=row.status,
            match_number=row.match_number,
            seats=[
                SeatInfo(
                    index=s.index,
                    kind=s.kind,
                    name=names[s.index] if s.kind != "open" else None,
                    bot=s.bot,
                    connected=room.present(s.index),
                    stand_in=s.index in room.stand_ins,
                )
                for s in row.seats
            ],
            limits=Limits(**row.limits),
            spectators=sum(1 for listener in room.listeners if listener.seat is None),
        )

    def seat_of(self, room: Room, token: str | None) -> int | None:
        """The seat whose token this is (``None``: no token or an empty one, a spectator);
        ``Forbidden`` for a token of no seat of this room."""
        if not token:
            return None
        digest = token_digest(token)
        for seat in room.row.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.index
        raise Forbidden("that token holds no seat in this room")

    def check_host(self, room: Room, token: str | None) -> None:
        """``Unauthorized`` without a token, ``Forbidden`` with another one."""
        if not token:
            raise Unauthorized("this needs the room's host token (Authorization: Bearer ...)")
        if not hmac.compare_digest(room.row.host_hash, token_digest(token)):
            raise Forbidden("that is not this room's host token")

    # ---- the lobby ---------------------------------------------------------------------------
    async def create(
        self,
        game: str,
        seats: int,
        options: dict[str, Any],
        limits: Limits,
        name: str | None,
    ) -> tuple[Room, str, str | None]:
        """A new room; returns it, the host token and (when ``name`` is given) seat 0's token."""
        try:
            config = room_config(game, seats, options)
        except (UnknownGame, ConfigError) as exc:
            raise Invalid(str(exc)) from None
        host = new_token()
        seat_token = new_token() if name is not None else None
        rows = [SeatRow(i) for i in range(seats)]
        if name is not None and seat_token is not None:
            rows[0] = SeatRow(0, "human", name, None, token_digest(seat_token))
        for _attempt in range(20):
            row = RoomRow(
                code=new_code(),
                game=game,
                config=config.to_json(),
                limits=limits.model_dump(),
                host_hash=token_digest(host),
                seats=tuple(rows),
                created_at=time.time(),
            )
            if await self.store.create_room(row):
                room = self.rooms[row.code] = Room(row)
                return room, host, seat_token
        raise Conflict("no free room code was found; try again")  # pragma: no cover

    async def join(self, code: str, name: str, wanted: int | None) -> tuple[Room, int, str]:
        """Seat a person; returns the room, their seat and its token."""
        room = await self.room(code)
        async with room.lock:
            row = room.row
            if row.status != "lobby":
                raise Conflict(
                    "the match has started; join as a spectator (a rematch keeps the same seats)"
                )
            taken = [name_key(s.name) for s in row.seats if s.kind == "human" and s.name]
            if name_key(name) in taken:
                raise Conflict(f"the name {name!r} is taken in this room; choose another")
            open_seats = [s.index for s in row.seats if s.kind == "open"]
            if wanted is None:
                if not open_seats:
                    raise Conflict("every seat is taken; join as a spectator")
                wanted = open_seats[0]
            elif not 0 <= wanted < len(row.seats):
                raise Invalid(f"there is no seat {wanted}; seats are 0 to {len(row.seats) - 1}")
            elif wanted not in open_seats:
                free = ", ".join(map(str, open_seats)) or "none"
                raise Conflict(f"seat {wanted} is taken; open seats: {free}")
            token = new_token()
            await self._set_seat(room, SeatRow(wanted, "human", name, None, token_digest(token)))
        return room, wanted, token

    async def set_bot(self, code: str, host: str | None, index: int, bot: str) -> Room:
        """The host seats a bot (any level the game has) in an open or bot seat: only the
        game's registered bots, never code named by module (see :func:`check_bot`)."""
        room = await self.room(code)
        self.check_host(room, host)
        async with room.lock:
            seat = self._lobby_seat(room, index)
            if seat.kind == "human":
                raise Conflict(f"seat {index} is taken by {seat.name}; clear it first")
            check_bot(bot, self._game(room.row), index)
            await self._set_seat(room, SeatRow(index, "bot", None, bot.strip()))
        return room

    async def clear_seat(self, code: str, host: str | None, index: int) -> Room:
        """The host opens a seat again (a bot removed, or a person asked to leave)."""
        room = await self.room(code)
        self.check_host(room, host)
        async with room.lock:
            self._lobby_seat(room, index)
            await self._set_seat(room, SeatRow(index))
        return room

    def _lobby_seat(self, room: Room, index: int) -> SeatRow:
        if room.row.status != "lobby":
            raise Conflict("seats change only before the first match starts")
        if not 0 <= index < len(room.row.seats):
            raise Invalid(f"there is no seat {index}; seats are 0 to {len(room.row.seats) - 1}")
        return room.row.seats[index]

    async def _set_seat(self, room: Room, seat: SeatRow) -> None:
        await self.store.save_seat(room.code, seat)
        seats = list(room.row.seats)
        seats[seat.index] = seat
        room.row = replace(room.row, seats=tuple(seats))
        self.announce(room)

    # ---- matches -----------------------------------------------------------------------------
    async def start(self, code: str, host: str | None) -> Room:
        """The host starts the first match once every seat is taken."""
        room = await self.room(code)
        self.check_host(room, host)
        async with room.lock:
            if room.row.status != "lobby":
                raise Conflict("the first match has started already; a rematch follows its end")
            open_seats = [str(s.index) for s in room.row.seats if s.kind == "open"]
            if open_seats:
                raise Conflict(
                    f"seat(s) {', '.join(open_seats)} are open: wait for players or seat bots"
                )
            await self._begin(room, 1)
        return room

    async def rematch(self, code: str, host: str | None) -> Room:
        """The host starts the next match with the same seats once the last one is over."""
        room = await self.room(code)
        self.check_host(room, host)
        async with room.lock:
            if room.row.status != "over":
                raise Conflict("a rematch is offered once the current match is over")
            await self._begin(room, room.row.match_number + 1)
        return room

    def _game(self, row: RoomRow) -> Game[Any, Any]:
        cls = game_class(row.game)
        return cls(config_from_json(cls.config_type, row.config))

    async def _begin(self, room: Room, number: int) -> None:
        match = Match(self._game(room.row))  # a fresh secret seed
        await self.store.begin_match(room.code, number, match.seed, room.row.config)
        room.row = replace(room.row, status="playing", match_number=number)
        self._run(room, match, number)

    def _run(self, room: Room, match: Match, number: int) -> None:
        """Wrap ``match`` in a live match and start it (every seat's person assumed present
        until a grace period without a connection hands the seat to a bot)."""
        live = room.live = self._live(room, match, self._persister(room, number))
        room.stand_ins.clear()
        live.start()
        room.watcher = asyncio.create_task(self._watch(room, live))
        for listener in list(room.listeners):
            listener.follow(live, number)
        for seat in room.row.seats:
            if seat.kind == "human" and not room.present(seat.index):
                self._start_grace(room, seat.index)
        self.announce(room)

    async def _load_finished(self, room: Room) -> None:
        """Rebuild a room's finished last match from the store (after a restart), so that
        whoever comes back sees how it ended, and the host may offer a rematch."""
        number = room.row.match_number
        stored = await self.store.load_match(room.code, number)
        if stored is None:
            return
        match = await self._stored_match(room, stored)
        if match is not None and match.finished:
            self._show_finished(room, match, number)

    def _show_finished(self, room: Room, match: Match, number: int) -> None:
        """A finished match, wrapped to be followed: each connection gets its last view and
        how it ended; moves are refused (the match is over)."""
        live = room.live = self._live(room, match)
        live.start()  # ends at once: the match is over
        for listener in list(room.listeners):
            listener.follow(live, number)

    def _live(self, room: Room, match: Match, persist: Persist | None = None) -> LiveMatch:
        """``match`` wrapped for the room: its clock, its seats' bots and names."""
        seats = room.row.seats
        return LiveMatch(
            match,
            live_settings(Limits(**room.row.limits), self.settings),
            controllers=[s.bot if s.kind == "bot" else None for s in seats],
            names=seat_names(seats),
            persist=persist,
        )

    async def _stored_match(self, room: Room, stored: MatchRow) -> Match | None:
        """A stored match rebuilt from its seed and steps (``None``, logged, if its game is not
        installed or it does not replay)."""
        try:
            cls = game_class(room.row.game)
        except UnknownGame:
            log.error("room %s: game %s is not installed", room.code, room.row.game)
            return None
        steps = await self.store.load_steps(room.code, stored.number)
        record = {
            "format": RECORD_FORMAT,
            "game": room.row.game,
            "config": stored.config,
            "seed": stored.seed,
            "steps": [{"player": s.player, "action": s.action} for s in steps],
        }
        try:
            return replay(record, cls)
        except GameError as exc:
            log.error("room %s: match %d does not replay: %s", room.code, stored.number, exc)
            return None

    def _persister(self, room: Room, number: int) -> Persist:
        async def persist(applied: Applied) -> None:
            step = StepRow(applied.index, applied.record["player"], applied.record["action"])
            await self.store.append_step(room.code, number, step)
            live = room.live
            if live is not None and live.match.finished:
                await self._finish(room, live.match, number)

        return persist

    async def _finish(self, room: Room, match: Match, number: int) -> None:
        record = sign_record(
            {**match.record(), "seat_names": seat_names(room.row.seats)}, self.record_key
        )
        await self.store.finish_match(room.code, number, record)
        room.row = replace(room.row, status="over")

    async def _watch(self, room: Room, live: LiveMatch) -> None:
        """Wait for the end of a live match; tell the room; say so if it failed."""
        try:
            await live.finished()
        except GameError as exc:
            if not self.closing:
                log.error("room %s: the live match stopped: %s", room.code, exc)
        except Exception:
            log.exception("room %s: the live match failed", room.code)
        for task in room.grace.values():
            task.cancel()
        room.grace.clear()
        self.announce(room)

    async def resume(self) -> int:
        """Rebuild and restart every unfinished match from the store; returns how many."""
        resumed = 0
        for row, stored in await self.store.live_matches():
            room = self.rooms.get(row.code) or Room(row)
            room.row = row
            self.rooms[row.code] = room
            if await self._resume_room(room, stored):
                resumed += 1
        return resumed

    async def _resume_room(self, room: Room, stored: MatchRow) -> bool:
        """Rebuild a live match from its seed and stored steps and start it again."""
        match = await self._stored_match(room, stored)
        if match is None:
            return False
        if match.finished:  # its last step was stored, its end was not
            await self._finish(room, match, stored.number)
            self._show_finished(room, match, stored.number)
            return False
        self._run(room, match, stored.number)
        return True

    async def adopt(self, code: str) -> None:
        """Serve a room from now on (this process claimed it): load it, resume its match."""
        old = self.rooms.pop(code, None)
        if old is not None:
            await self._stop_room(old)
        row = await self.store.load_room(code)
        if row is None:
            return
        room = self.rooms[code] = Room(row)
        if row.status == "playing":
            stored = await self.store.load_match(code, row.match_number)
            if stored is not None and stored.status == "live":
                await self._resume_room(room, stored)
        elif row.status == "over":
            await self._load_finished(room)

    async def drop(self, code: str) -> None:
        """Stop serving a room (another process has it now); its connections are closed."""
        if self.owned is not None:
            self.owned.discard(code)
        room = self.rooms.pop(code, None)
        if room is not None:
            await self._stop_room(room)
            for listener in list(room.listeners):
                listener.moved()

    async def _stop_room(self, room: Room) -> None:
        for task in room.grace.values():
            task.cancel()
        room.grace.clear()
        if room.watcher is not None:
            room.watcher.cancel()
        if room.live is not None:
            await room.live.stop()

    async def record(self, code: str, number: int | None) -> dict[str, Any]:
        """The signed record of a finished match (default: the room's last one)."""
        room = await self.room(code)
        number = room.row.match_number if number is None else number
        stored = await self.store.load_match(room.code, number)
        if stored is None:
            raise NotFound(f"room {room.code} has no match {number}")
        if stored.record is None:
            raise Conflict(
                f"match {number} of room {room.code} is still being played; its record "
                "(with the seed) is served once it is over"
            )
        return stored.record

    # ---- presence ----------------------------------------------------------------------------
    async def attach(self, room: Room, listener: Listener) -> None:
        """A connection opened: a person back within their grace period keeps the seat; one
        whose seat a bot took over gets it back."""
        room.listeners.add(listener)
        seat = listener.seat
        if seat is not None:
            task = room.grace.pop(seat, None)
            if task is not None:
                task.cancel()
            if seat in room.stand_ins and room.live is not None and room.live.running:
                room.stand_ins.discard(seat)
                with contextlib.suppress(GameError):
                    await room.live.set_controller(seat, None)
        if room.live is not None:
            listener.follow(room.live, room.row.match_number)
        self.announce(room)

    def detach(self, room: Room, listener: Listener) -> None:
        """A connection closed: the seat's grace period starts if nobody else holds it."""
        room.listeners.discard(listener)
        seat = listener.seat
        if seat is not None and not room.present(seat):
            self._start_grace(room, seat)
        self.announce(room)

    def _start_grace(self, room: Room, seat: int) -> None:
        if room.live is None or not room.live.running or seat in room.grace:
            return
        room.grace[seat] = asyncio.create_task(self._grace(room, seat))

    async def _grace(self, room: Room, seat: int) -> None:
        await asyncio.sleep(Limits(**room.row.limits).grace_seconds)
        room.grace.pop(seat, None)
        live = room.live
        if live is None or not live.running or room.present(seat):
            return
        room.stand_ins.add(seat)
        with contextlib.suppress(GameError):
            await live.set_controller(seat, live.settings.stand_in)
        self.announce(room)

    def announce(self, room: Room) -> None:
        """Tell every connection of the room how the room is now."""
        info = self.info(room)
        for listener in list(room.listeners):
            listener.room_changed(info)

    async def close(self) -> None:
        """Stop every live match (their steps are stored; a restart resumes them)."""
        self.closing = True
        for room in self.rooms.values():
            await self._stop_room(room)


def check_bot(spec: str, game: Game[Any, Any], seat: int) -> None:
    """Build the bot ``spec`` names once, as a check; ``Invalid`` unless it is one of the game's
    registered bots (``module:Name`` is never imported: the spec comes from a remote caller)
    and builds."""
    try:
        make_bot(spec, game, seat, own_code=False)
    except UnknownBot as exc:
        raise Invalid(str(exc)) from None
    except Exception as exc:  # a registered bot that fails on its argument: say so, no 500
        log.warning("bot %r for %s did not build: %r", spec, game.id, exc)
        reason = str(exc) or type(exc).__name__
        raise Invalid(f"the bot {spec.strip()!r} cannot play {game.id}: {reason}") from None


def _plausible(code: str) -> bool:
    return len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code)
