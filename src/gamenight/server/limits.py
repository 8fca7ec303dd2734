"""Limits on the work anyone may make the server do without a token: WebSockets per room and per
client address, and rooms created per address.

A spectator needs no token, so without limits one client could open thousands of sockets into
one room (each arrival was told to every other socket) or create rooms without end. The limits
come from the server settings (``room_sockets``, ``address_sockets``, ``rooms_per_minute``,
``rooms_burst``); a value of 0 turns a limit off. A connection refused is told so with an
``error`` whose code is ``too_many`` and closed with code 4429; a room refused is answered 429
``rate_limited``.

>>> sockets = SocketLimits(per_room=2, per_address=3)
>>> first = sockets.open("ROOM22", "10.0.0.1", seated=False)
>>> second = sockets.open("ROOM22", "10.0.0.1", seated=False)
>>> sockets.open("ROOM22", "10.0.0.1", seated=False)
Traceback (most recent call last):
...
gamenight.server.limits.TooManySockets: room ROOM22 has 2 spectators, as many as it takes; ...
>>> seat = sockets.open("ROOM22", "10.0.0.1", seated=True)  # a seat always gets in
>>> sockets.close(first)
>>> sockets.counts("ROOM22", "10.0.0.1")
(1, 2)
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from gamenight.server.errors import ServiceError
from gamenight.server.ratelimit import TokenBucket

#: The WebSocket close code of a connection refused by a limit (as HTTP's 429).
TOO_MANY_CLOSE = 4429
#: Addresses remembered by a per-address rate limit at most (the oldest are forgotten).
ADDRESSES_KEPT = 50_000


class TooManySockets(Exception):
    """A WebSocket refused: the room or the client address holds as many as it may."""


class RateLimited(ServiceError):
    """An HTTP request refused because its address made too many of them lately."""

    status = 429
    code = "rate_limited"


@dataclass(frozen=True)
class Ticket:
    """One open WebSocket as the limits count it (given back to :meth:`SocketLimits.close`)."""

    room: str
    address: str | None
    spectator: bool


class SocketLimits:
    """Counts the open WebSockets of each room (spectators) and each client address."""

    def __init__(self, per_room: int, per_address: int) -> None:
        self.per_room = per_room
        self.per_address = per_address
        self._rooms: Counter[str] = Counter()
        self._addresses: Counter[str] = Counter()

    def open(self, room: str, address: str | None, *, seated: bool) -> Ticket:
        """Count a new socket, or raise :class:`TooManySockets` saying which limit it meets.

        A seat's socket (its token was checked) is not held to the room's limit, so spectators
        can never keep the players out; every socket counts towards its address's limit.
        ``address`` ``None`` (a socket relayed by another server process, which counted it
        there) is held to no address limit."""
        if address is not None and 0 < self.per_address <= self._addresses[address]:
            raise TooManySockets(
                f"this address holds {self._addresses[address]} connections to the server, as "
                "many as it may; close one and try again"
            )
        if not seated and 0 < self.per_room <= self._rooms[room]:
            raise TooManySockets(
                f"room {room} has {self._rooms[room]} spectators, as many as it takes; "
                "try again later"
            )
        if not seated:
            self._rooms[room] += 1
        if address is not None:
            self._addresses[address] += 1
        return Ticket(room, address, not seated)

    def close(self, ticket: Ticket) -> None:
        """The socket counted by ``ticket`` closed."""
        if ticket.spectator:
            _drop(self._rooms, ticket.room)
        if ticket.address is not None:
            _drop(self._addresses, ticket.address)

    def counts(self, room: str, address: str) -> tuple[int, int]:
        """The spectator sockets of ``room`` and the sockets of ``address`` now."""
        return self._rooms[room], self._addresses[address]


def _drop(counter: Counter[str], key: str) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


class AddressRate:
    """A token bucket per client address: ``per_minute`` on average, bursts of ``burst``
    (``per_minute`` 0: no limit). At most :data:`ADDRESSES_KEPT` addresses are remembered; the
    one unheard of longest is forgotten first (a forgotten address starts with a full bucket).

    >>> clock = iter([0.0, 0.0, 0.0, 30.0])
    >>> rate = AddressRate(per_minute=2, burst=2, clock=lambda: next(clock))
    >>> [rate.take("a"), rate.take("a"), rate.take("a"), rate.take("a")]
    [True, True, False, True]
    """

    def __init__(
        self, per_minute: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_minute = per_minute
        self.burst = burst
        self.clock = clock
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, address: str) -> bool:
        """Whether ``address`` may go ahead now (and spend a token for it)."""
        if self.per_minute <= 0:
            return True
        now = self.clock()
        bucket = self._buckets.pop(address, None)
        if bucket is None:
            bucket = TokenBucket(self.per_minute / 60.0, self.burst, now=now)
        self._buckets[address] = bucket
        while len(self._buckets) > ADDRESSES_KEPT:
            self._buckets.popitem(last=False)
        return bucket.take(now)

    def check(self, address: str, what: str) -> None:
        """Raise :class:`RateLimited` unless ``address`` may ``what`` now."""
        if not self.take(address):
            raise RateLimited(
                f"too many requests from this address: at most {self.burst} {what} at once and "
                f"{self.per_minute:g} a minute after that; wait a minute and try again"
            )


#: The header a server process sends when it relays a client's WebSocket to the room's owner.
RELAYED = "x-gamenight-relayed"


def relay_mark(key: bytes, code: str) -> str:
    """The value of :data:`RELAYED` for room ``code``: only a process that holds the record key
    (a process of the same cluster) can make it, so a client cannot claim to be relayed."""
    return hmac.new(key, b"relay:" + code.encode("utf-8"), hashlib.sha256).hexdigest()


def relayed(key: bytes, code: str, mark: str | None) -> bool:
    """Whether ``mark`` is :func:`relay_mark` for ``code``."""
    return mark is not None and hmac.compare_digest(mark, relay_mark(key, code))
