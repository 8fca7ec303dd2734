"""A room as held in memory, and the words for its seats: codes, tokens, names and bot checks.

The room service (:mod:`gamenight.server.rooms`) keeps one :class:`Room` per room it serves;
what is here needs no store and no running match.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from gamenight.bots.registry import UnknownBot, make_bot
from gamenight.engine.game import Game
from gamenight.live.clock import LoopClock
from gamenight.live.pause import PausableClock
from gamenight.live.runtime import LiveMatch
from gamenight.server.errors import Invalid
from gamenight.server.names import name_key as name_key  # where the room service finds it
from gamenight.server.protocol import RoomInfo
from gamenight.server.storage import RoomRow, SeatRow

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


def plausible(code: str) -> bool:
    """Whether ``code`` could be a room code (worth asking the store about)."""
    return len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code)


class Listener(Protocol):
    """A connection to a room, as the service sees it."""

    seat: int | None

    def room_changed(self, info: RoomInfo) -> None:
        """The room changed (seats, presence, status)."""

    def follow(self, live: LiveMatch, number: int) -> None:
        """A match started (or resumed) in the room: subscribe to it."""

    def moved(self) -> None:
        """Another process serves the room now: close, so that the client connects again."""

    def react(self, seat: int, reaction: str) -> None:
        """A seat of the room sent a reaction."""

    def unseat(self, info: RoomInfo) -> None:
        """The seat's person gave it up: the connection watches from now on (``seat`` is
        ``None``), and says so."""


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
    #: The room's match clock: the host's pause stops it (``live/pause.py``).
    clock: PausableClock = field(default_factory=lambda: PausableClock(LoopClock()))
    #: Who paused the match (the host's name), while it is paused.
    paused_by: str | None = None

    @property
    def code(self) -> str:
        """The room's code."""
        return self.row.code

    def present(self, seat: int) -> bool:
        """Whether someone holding the seat's token is connected."""
        return any(listener.seat == seat for listener in self.listeners)


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


def gave_up(seat: SeatRow) -> bool:
    """Whether the seat's person gave it up once the matches had begun (it keeps their name,
    holds no token, and the stand-in plays it)."""
    return seat.kind == "human" and seat.token_hash is None


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
