"""Running a room's matches: starting, storing, finishing, resuming after a restart.

:class:`MatchRunner` is the half of the room service (:class:`~gamenight.server.rooms.RoomService`)
that deals with live matches; the lobby, seats, hosts and presence are the other half. Each
room's live match is a ``LiveMatch`` (``gamenight.live``) whose ``persist`` hook stores the step,
and at the end the signed record, before any connection hears of it; at start-up :meth:`resume`
rebuilds every unfinished match from its stored steps, with the same seed and so the same chance
to come.

While the database is away the match waits: the ``persist`` hook tries again with backoff for as
long as it takes (nobody is told of the step meanwhile, and the room says it is reconnecting to
storage), and a match that stopped all the same on a storage failure is rebuilt from what was
stored once the database answers again.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, TypeVar

from gamenight.engine.config import config_from_json
from gamenight.engine.errors import GameError, UnknownGame
from gamenight.engine.game import Game
from gamenight.engine.match import RECORD_FORMAT, Match, replay
from gamenight.engine.records import sign_record
from gamenight.engine.registry import game_class
from gamenight.live.runtime import LiveMatch, Persist
from gamenight.live.settings import LiveSettings
from gamenight.live.updates import Applied
from gamenight.server.seats import Room, gave_up, seat_names
from gamenight.server.settings import Limits, Settings
from gamenight.server.storage import (
    Backoff,
    MatchRow,
    RoomRow,
    StepRow,
    StorageError,
    StorageUnavailable,
    Store,
    retrying,
)

T = TypeVar("T")

log = logging.getLogger("gamenight.server")

#: A room whose step has waited this long on the database says it is reconnecting to storage.
STORAGE_SLOW_SECONDS = 1.0


def live_settings(limits: Limits, settings: Settings) -> LiveSettings:
    """The live runtime's clock for a room: its limits and bot speed, and the server's bot
    delay scale."""
    return replace(
        LiveSettings().paced(settings.bot_delay),
        turn_limit=limits.turn_seconds,
        window_limit=limits.reaction_seconds,
        race_limit=limits.race_seconds,
        bot_speed=limits.bot_speed,
        own_code_bots=False,  # specs come from other people: registered bots only
    )


class MatchRunner:
    """Starts, stores, finishes and resumes the rooms' live matches (the base of the room
    service, which says how a room is announced and when a seat's grace period starts)."""

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
        #: Whether this process owns a room in the database (cluster mode; ``None``: one
        #: process serves every room): a match is rebuilt here only by its owner.
        self.owns: Callable[[str], Awaitable[bool]] | None = None
        #: The waits between tries while a match waits for the database (``retry.Backoff``).
        self.backoff = Backoff()
        #: The rooms whose match is waiting for the database now (they show ``reconnecting``).
        self.waiting: set[str] = set()
        self._rng = random.Random()

    def announce(self, room: Room) -> None:
        """Tell every connection of the room how the room is now (the room service says how)."""
        raise NotImplementedError

    def _start_grace(self, room: Room, seat: int) -> None:
        """Start the seat's grace period (the room service says what it is)."""
        raise NotImplementedError

    def _await_host(self, room: Room) -> None:
        """A room just loaded from the store (after a restart, or taken over from another
        process) has nobody connected yet: an absent host who holds a seat gets their grace
        period from now, as if they had just gone, so that the role passes to a person who is
        here unless the host comes back in time."""
        host = room.row.host_seat
        seated = host is not None and room.row.seats[host].token_hash is not None
        if host is not None and seated and not room.present(host):
            self._start_grace(room, host)

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
        until a grace period without a connection hands the seat to a bot; a seat its person
        gave up is the stand-in's from the start)."""
        room.paused_by = None  # a new match starts on a running clock
        room.clock.resume()
        live = room.live = self._live(room, match, self._persister(room, number))
        room.stand_ins = {s.index for s in room.row.seats if gave_up(s)}
        live.start()
        room.watcher = asyncio.create_task(self._watch(room, live))
        for listener in list(room.listeners):
            listener.follow(live, number)
        for seat in room.row.seats:
            if seat.token_hash is not None and not room.present(seat.index):
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
        clock = live_settings(Limits(**room.row.limits), self.settings)
        return LiveMatch(
            match,
            clock,
            controllers=[
                s.bot if s.kind == "bot" else clock.stand_in if gave_up(s) else None for s in seats
            ],
            names=seat_names(seats),
            persist=persist,
            clock=room.clock,
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
            await self._patiently(room, lambda: self.store.append_step(room.code, number, step))
            live = room.live
            if live is not None and live.match.finished:
                match = live.match
                await self._patiently(room, lambda: self._finish(room, match, number))

        return persist

    async def _patiently(self, room: Room, call: Callable[[], Awaitable[T]]) -> T:
        """``call()`` (a write of the room's live match), tried again with backoff for as long
        as the database is away; the room says it is reconnecting to storage while the write
        fails or has waited ``STORAGE_SLOW_SECONDS``, and says it no more once it is done."""
        slow = asyncio.get_running_loop().call_later(
            STORAGE_SLOW_SECONDS, self._storage_waiting, room, True
        )
        try:
            return await retrying(
                call,
                budget=None,
                backoff=self.backoff,
                waiting=lambda _exc: self._storage_waiting(room, True),
                rng=self._rng,
            )
        finally:
            slow.cancel()
            self._storage_waiting(room, False)

    def _storage_waiting(self, room: Room, waiting: bool) -> None:
        """Mark the room as waiting for the database (or no more), and tell its connections."""
        if waiting == (room.code in self.waiting):
            return
        if waiting:
            self.waiting.add(room.code)
            log.warning("room %s: the match waits for the database", room.code)
        else:
            self.waiting.discard(room.code)
        self.announce(room)

    async def _finish(self, room: Room, match: Match, number: int) -> None:
        record = sign_record(
            {**match.record(), "seat_names": seat_names(room.row.seats)}, self.record_key
        )
        await self.store.finish_match(room.code, number, record)
        room.row = replace(room.row, status="over")

    async def _watch(self, room: Room, live: LiveMatch) -> None:
        """Wait for the end of a live match; tell the room; say so if it failed, and rebuild
        it from the database if it failed on a storage error."""
        try:
            await live.finished()
        except GameError as exc:
            if not self.closing:
                log.error("room %s: the live match stopped: %s", room.code, exc)
        except StorageError as exc:
            if not self.closing:
                log.error("room %s: %s; resuming the match from the database", room.code, exc)
                await self._recover(room, live)
                return
        except Exception:
            log.exception("room %s: the live match failed", room.code)
        host = room.row.host_seat  # a host away keeps their grace period: a rematch needs one
        for seat in [seat for seat in room.grace if seat != host]:
            room.grace.pop(seat).cancel()
        self.announce(room)

    async def _recover(self, room: Room, failed: LiveMatch) -> None:
        """Rebuild a match that stopped on a storage failure from what is stored (its last
        step, never stored, was never shown), once the database answers; every connection of
        the room then follows the new one, from its whole current view."""
        number = room.row.match_number

        async def reload() -> None:
            stored = await self.store.load_match(room.code, number)
            if stored is not None:
                await self._resume_room(room, stored)

        def serving() -> bool:
            mine = self.owned is None or room.code in self.owned
            return mine and room.live is failed and not self.closing

        attempt = 0
        try:
            while serving():
                try:
                    if self.owns is not None and not await self.owns(room.code):
                        log.warning("room %s: another process serves it now", room.code)
                        break  # the lease keeper drops it here
                    await reload()
                except StorageError as exc:
                    if not isinstance(exc, StorageUnavailable):
                        log.error("room %s: resuming the match failed: %s", room.code, exc)
                    self._storage_waiting(room, True)
                    await asyncio.sleep(self.backoff.delay(attempt, self._rng))
                    attempt += 1
                    continue
                break
        finally:
            self._storage_waiting(room, False)

    async def resume(self) -> int:
        """Rebuild and restart every unfinished match from the store; returns how many."""
        resumed = 0
        for row, stored in await self.store.live_matches():
            room = self.rooms.get(row.code) or Room(row)
            room.row = row
            self.rooms[row.code] = room
            if await self._resume_room(room, stored):
                resumed += 1
            self._await_host(room)
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
        self._await_host(room)

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

    async def close(self) -> None:
        """Stop every live match (their steps are stored; a restart resumes them)."""
        self.closing = True
        for room in self.rooms.values():
            await self._stop_room(room)
