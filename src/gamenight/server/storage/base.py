"""What the server stores, and the interface every store provides.

A room has seats and a numbered series of matches (a rematch is the next number); a match is its
config, its seed and its steps, and once it is over its signed record. Seat and host tokens are
never stored, only their SHA-256 digests. The server calls nothing but :class:`Store`, so a store
on another database is one more class.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

SeatKind = Literal["open", "human", "bot"]
RoomStatus = Literal["lobby", "playing", "over"]
MatchStatus = Literal["live", "over"]


def token_digest(token: str) -> str:
    """The stored form of a secret token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class StorageError(Exception):
    """The store refused a write or could not be reached; the message says which."""


class StepConflict(StorageError):
    """A step with that index is already stored (another writer got there first)."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat of a room: open, taken by a person (who holds a token) or by a bot. A person's
    seat without a token is one its person gave up once the matches had begun (a stand-in
    plays it)."""

    index: int
    kind: SeatKind = "open"
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None


@dataclass(frozen=True, slots=True)
class RoomRow:
    """A room: its game and config, time limits, host, status and seats.

    ``match_number`` is the number of the current (or last) match, 0 before the first starts.
    ``host_seat`` is the seat whose token is the host's too (``None``: only the host token);
    the host role moves to another seat when its person leaves or stays away.
    """

    code: str
    game: str
    config: dict[str, Any]
    limits: dict[str, Any]  # a room's Limits as JSON (seconds, and the bots' speed)
    host_hash: str
    status: RoomStatus = "lobby"
    match_number: int = 0
    seats: tuple[SeatRow, ...] = field(default_factory=tuple)
    created_at: float = 0.0
    host_seat: int | None = None


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One match of a room. ``record`` is set (signed) once the match is over."""

    room: str
    number: int
    seed: int
    config: dict[str, Any]
    status: MatchStatus = "live"
    record: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class StepRow:
    """One stored step: who acted (``None`` for chance) and the action as JSON data."""

    index: int
    player: int | None
    action: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Owner:
    """Which server process serves a room (``cluster`` mode), and until when its lease runs."""

    owner: str | None
    url: str | None
    lease_until: float


class Store(Protocol):
    """Durable storage of rooms, seats, matches and steps. Every method is a coroutine; a write
    has reached the database when it returns."""

    async def ping(self) -> None:
        """Raise :class:`StorageError` unless the database answers."""

    async def meta(self, key: str, default: str) -> str:
        """The value stored under ``key``; stores ``default`` first if there is none (the first
        writer wins, so every process sees the same value)."""

    async def create_room(self, room: RoomRow) -> bool:
        """Store a new room with its seats; ``False`` if its code is taken."""

    async def load_room(self, code: str) -> RoomRow | None:
        """The room with that code, with its seats, or ``None``."""

    async def save_seat(self, code: str, seat: SeatRow) -> None:
        """Store one seat of a room as it is now."""

    async def save_host(self, code: str, host_hash: str, host_seat: int | None) -> None:
        """Store who the room's host is now: the host token's digest and the host's seat."""

    async def save_limits(self, code: str, limits: dict[str, Any]) -> None:
        """Store the room's limits as the host changed them."""

    async def begin_match(self, code: str, number: int, seed: int, config: dict[str, Any]) -> None:
        """Store a new live match and make it the room's current one (status ``playing``)."""

    async def append_step(self, code: str, number: int, step: StepRow) -> None:
        """Store one step of a live match; :class:`StepConflict` if that index is stored."""

    async def finish_match(self, code: str, number: int, record: dict[str, Any]) -> None:
        """Mark the match over with its record, and the room ``over``."""

    async def load_match(self, code: str, number: int) -> MatchRow | None:
        """One match of a room, or ``None``."""

    async def load_steps(self, code: str, number: int) -> list[StepRow]:
        """Every stored step of a match, in order."""

    async def live_matches(self) -> list[tuple[RoomRow, MatchRow]]:
        """Every match still being played, with its room (to resume them at start-up)."""

    # ---- several processes (cluster mode) -------------------------------------------------------
    async def room_owner(self, code: str) -> Owner | None:
        """The room's owner and lease, or ``None`` when there is no such room."""

    async def claim_room(self, code: str, owner: str, url: str, until: float, now: float) -> bool:
        """Make ``owner`` the room's owner until ``until`` if the room has no owner, is
        ``owner``'s already, or its owner's lease ran out before ``now``."""

    async def renew_rooms(self, owner: str, until: float) -> set[str]:
        """Extend every lease ``owner`` holds; returns the codes of the rooms it still owns."""

    async def orphaned_rooms(self, now: float) -> list[str]:
        """Rooms with a match on whose owner's lease ran out before ``now``."""

    async def release_rooms(self, owner: str) -> None:
        """End every lease ``owner`` holds (a clean shut-down: others take over at once)."""

    async def notify(self, payload: str) -> None:
        """Tell every process listening (PostgreSQL ``NOTIFY gamenight``); a no-op elsewhere."""

    async def close(self) -> None:
        """Release the connections."""
