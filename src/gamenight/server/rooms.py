"""The room service: rooms, seats and tokens, hosts, who is connected, and their matches.

Every change goes to the store first and to memory second, so what the server shows is what it
would load after a restart. :class:`RoomService` deals with the lobby, the seats and presence;
running the matches is its base class's part (:class:`~gamenight.server.matches.MatchRunner`),
and a room as held in memory is a :class:`~gamenight.server.seats.Room`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import time
from dataclasses import replace
from typing import Any

from gamenight.engine.errors import ConfigError, GameError, UnknownGame
from gamenight.engine.registry import game_class
from gamenight.server.catalog import room_config
from gamenight.server.coaching import CoachWorker
from gamenight.server.errors import Conflict, Forbidden, Invalid, NotFound, Unauthorized
from gamenight.server.matches import MatchRunner, live_settings
from gamenight.server.presence import Presence
from gamenight.server.protocol import RoomInfo, SeatInfo
from gamenight.server.seats import (
    Listener,
    Room,
    check_bot,
    gave_up,
    name_key,
    new_code,
    new_token,
    plausible,
    seat_names,
)
from gamenight.server.settings import Limits, Settings
from gamenight.server.storage import RoomRow, SeatRow, Store, token_digest

__all__ = [
    "Listener",
    "Room",
    "RoomService",
    "check_bot",
    "live_settings",
    "name_key",
    "new_code",
    "new_token",
    "seat_names",
]


class RoomService(MatchRunner):
    """Creates rooms, seats people and bots, starts and resumes matches, serves records."""

    def __init__(self, store: Store, settings: Settings, record_key: bytes) -> None:
        super().__init__(store, settings, record_key)
        #: Comings and goings, told at most once per ``presence_seconds`` per room.
        self.presence = Presence(settings.presence_seconds, self._tell_presence)
        #: The coach's worker process (started at the first question).
        self.coach = CoachWorker(settings.coach_cpu_seconds, settings.coach_cache_size)

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
                row = await self.store.load_room(code) if plausible(code) else None
                if row is None:
                    raise NotFound(f"no room {code!r}: check the code you were given", "no_room")
                room = self.rooms[code] = Room(row)
                if row.status == "over":  # its last match, to show how it ended
                    await self._load_finished(room)
                self._await_host(room)  # the host's grace period starts now
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
                    left=gave_up(s),
                )
                for s in row.seats
            ],
            host=row.host_seat,
            limits=Limits(**row.limits),
            spectators=sum(1 for listener in room.listeners if listener.seat is None),
            paused_by=room.paused_by,
            storage="reconnecting" if room.code in self.waiting else "ok",
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
        """Pass for the host token, or the host's seat token; ``Unauthorized`` without a token,
        ``Forbidden`` with another one."""
        if not token:
            raise Unauthorized(
                "this needs the host's token: the room's host token, or the host's seat token "
                "(Authorization: Bearer ...)"
            )
        digest = token_digest(token)
        if hmac.compare_digest(room.row.host_hash, digest):
            return
        host = room.row.host_seat
        held = room.row.seats[host].token_hash if host is not None else None
        if held is not None and hmac.compare_digest(held, digest):
            return
        if host is not None:
            name = seat_names(room.row.seats)[host]
            raise Forbidden(f"that is not the host's token: {name} (seat {host}) is the host")
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
        """A new room; returns it, the host token and (when ``name`` is given) seat 0's token:
        its creator then sits in seat 0, the host's seat."""
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
                host_seat=0 if seat_token is not None else None,
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
                    "the match has started; join as a spectator (a rematch keeps the same seats)",
                    "match_started",
                )
            taken = {name_key(s.name): s.name for s in row.seats if s.kind == "human" and s.name}
            if name_key(name) in taken:
                held = taken[name_key(name)]
                alike = "" if held == name else f" (it looks like {held!r})"
                raise Conflict(
                    f"the name {name!r} is taken in this room{alike}; choose another", "name_taken"
                )
            open_seats = [s.index for s in row.seats if s.kind == "open"]
            if wanted is None:
                if not open_seats:
                    raise Conflict("every seat is taken; join as a spectator", "room_full")
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
            if index == room.row.host_seat and room.row.seats[index].kind == "human":
                raise Conflict(f"seat {index} is the host's own: to give it up, leave it")
            await self._set_seat(room, SeatRow(index))
        return room

    def _lobby_seat(self, room: Room, index: int) -> SeatRow:
        if room.row.status != "lobby":
            raise Conflict("seats change only before the first match starts")
        if not 0 <= index < len(room.row.seats):
            raise Invalid(f"there is no seat {index}; seats are 0 to {len(room.row.seats) - 1}")
        return room.row.seats[index]

    async def _set_seat(self, room: Room, seat: SeatRow, *, announce: bool = True) -> None:
        await self.store.save_seat(room.code, seat)
        seats = list(room.row.seats)
        seats[seat.index] = seat
        room.row = replace(room.row, seats=tuple(seats))
        if announce:
            self.announce(room)

    # ---- leaving, and the host role ----------------------------------------------------------
    async def leave(self, code: str, token: str | None) -> tuple[Room, str | None]:
        """A person gives up their seat (``token`` is its token, which holds it no more).

        Before the first match the seat is open again; once the matches have begun the
        room's stand-in bot plays it at once, to the end of the room's matches. The person
        watches from then on. When they were the host, the role passes to the next seated
        person (see :meth:`_pass_host`); with nobody to take it, they stay the host and get a
        fresh host token, returned here (``None`` otherwise)."""
        room = await self.room(code)
        async with room.lock:
            seat = self.seat_of(room, token)
            if seat is None:
                raise Unauthorized("leaving needs your seat's token (Authorization: Bearer ...)")
            held = room.row.seats[seat]
            lobby = room.row.status == "lobby"
            left = SeatRow(seat) if lobby else replace(held, token_hash=None)
            await self._set_seat(room, left, announce=False)
            await self._stand_in(room, seat)  # at once, no grace period (none in the lobby)
            info = self.info(room)
            for listener in [x for x in room.listeners if x.seat == seat]:
                listener.unseat(info)
                if room.live is not None:
                    listener.follow(room.live, room.row.match_number)
            host_token = None
            if room.row.host_seat == seat:
                host_token = await self._pass_host(room, seat, present_only=False)
            self.announce(room)
        return room, host_token

    async def hand_host(self, code: str, host: str | None, index: int) -> Room:
        """The host hands the host role to another seated person (their seat token is the
        host's from now on; the host token and the old host seat's token are not)."""
        room = await self.room(code)
        self.check_host(room, host)
        async with room.lock:
            if not 0 <= index < len(room.row.seats):
                raise Invalid(f"there is no seat {index}; seats are 0 to {len(room.row.seats) - 1}")
            seat = room.row.seats[index]
            if seat.kind != "human" or seat.token_hash is None:
                raise Conflict(f"seat {index} holds no person; the host role goes to a person")
            await self._set_host(room, index)
            self.announce(room)
        return room

    async def _pass_host(self, room: Room, leaving: int, *, present_only: bool) -> str | None:
        """The host's seat ``leaving`` is given up (or its person stayed away): the host role
        passes to the seated person connected with the lowest seat number, else (unless
        ``present_only``) to the first seated person. With nobody to take it, the role stays
        with the host token: a fresh one is made and returned (``present_only``: nothing
        changes, ``None``)."""
        seated = [
            s.index
            for s in room.row.seats
            if s.kind == "human" and s.token_hash is not None and s.index != leaving
        ]
        here = [index for index in seated if room.present(index)]
        heir = here[0] if here else None if present_only or not seated else seated[0]
        if heir is not None:
            await self._set_host(room, heir)
            return None
        if present_only:
            return None
        token = new_token()
        await self._set_host(room, None, token)
        return token

    async def _set_host(self, room: Room, seat: int | None, token: str | None = None) -> None:
        """Store the new host: ``seat`` and ``token`` (default: a token nobody is given, so
        the old host token no longer works)."""
        digest = token_digest(token or new_token())
        await self.store.save_host(room.code, digest, seat)
        room.row = replace(room.row, host_hash=digest, host_seat=seat)

    # ---- matches -----------------------------------------------------------------------------
    async def start(self, code: str, host: str | None) -> Room:
        """The host starts the first match once every seat is taken."""
        room = await self.room(code)
        self.check_host(room, host)
        async with room.lock:
            if room.row.status != "lobby":
                raise Conflict(
                    "the first match has started already; a rematch follows its end",
                    "match_started",
                )
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

    async def pause(self, code: str, host: str | None, paused: bool) -> Room:
        """The host pauses the match (its clocks stand still, moves wait) or lets it go on."""
        room = await self.room(code)
        self.check_host(room, host)
        async with room.lock:
            live = room.live
            if paused and (room.row.status != "playing" or live is None or not live.running):
                raise Conflict("a match is paused while it is being played", "not_playing")
            if paused and room.paused_by is None:
                seat = room.row.host_seat
                names = seat_names(room.row.seats)
                room.paused_by = names[seat] if seat is not None else "the host"
                room.clock.pause()
            elif not paused and room.paused_by is not None:
                room.paused_by = None
                room.clock.resume()
        self.announce(room)
        return room

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
        self.presence.changed(room.code)

    def detach(self, room: Room, listener: Listener) -> None:
        """A connection closed: the seat's grace period starts if nobody else holds it."""
        room.listeners.discard(listener)
        seat = listener.seat
        if seat is not None and not room.present(seat):
            self._start_grace(room, seat)
        self.presence.changed(room.code)

    def _start_grace(self, room: Room, seat: int) -> None:
        """Start the seat's grace period: during a match, or for the host's seat at any time."""
        playing = room.live is not None and room.live.running
        if seat in room.grace or not (playing or seat == room.row.host_seat):
            return
        room.grace[seat] = asyncio.create_task(self._grace(room, seat))

    async def _grace(self, room: Room, seat: int) -> None:
        """The seat's person stayed away for the grace period: the stand-in plays their seat
        (during a match) and the host role, if theirs, passes to a person who is here."""
        await asyncio.sleep(Limits(**room.row.limits).grace_seconds)
        room.grace.pop(seat, None)
        if room.present(seat):
            return
        await self._stand_in(room, seat)
        if seat == room.row.host_seat:
            async with room.lock:
                if seat == room.row.host_seat and not room.present(seat):
                    await self._pass_host(room, seat, present_only=True)
        self.announce(room)

    async def _stand_in(self, room: Room, seat: int) -> None:
        """The room's stand-in bot plays ``seat`` from now on, if a match is running."""
        task = room.grace.pop(seat, None)
        if task is not None:
            task.cancel()
        live = room.live
        if live is None or not live.running:
            return
        room.stand_ins.add(seat)
        with contextlib.suppress(GameError):
            await live.set_controller(seat, live.settings.stand_in)

    def react(self, room: Room, seat: int, reaction: str) -> None:
        """Tell every connection of the room that ``seat`` sent ``reaction`` (never stored)."""
        for listener in list(room.listeners):
            listener.react(seat, reaction)

    async def set_reactions(self, code: str, host: str | None, on: bool) -> Room:
        """The host turns reactions on or off for the room (stored with its limits)."""
        room = await self.room(code)
        self.check_host(room, host)
        async with room.lock:
            limits = {**room.row.limits, "reactions": on}
            await self.store.save_limits(room.code, limits)
            room.row = replace(room.row, limits=limits)
        self.announce(room)
        return room

    def announce(self, room: Room) -> None:
        """Tell every connection of the room how the room is now (and so any presence change
        still waiting to be told)."""
        self.presence.told(room.code)
        info = self.info(room)
        for listener in list(room.listeners):
            listener.room_changed(info)

    def _tell_presence(self, code: str) -> None:
        """The coalesced presence message of room ``code`` (see :class:`Presence`)."""
        room = self.rooms.get(code)
        if room is None:
            self.presence.forget(code)
            return
        info = self.info(room)
        for listener in list(room.listeners):
            listener.room_changed(info)
