"""Latency-fair races: each connection's round trip and clock offset, a grab's fair time, and
the short collection window in which near-simultaneous grabs are put in fair order.

A person's grab is judged by their own reaction time, from the moment the update carrying the
race (or window) reached their device to the moment they tapped, both stamped by the device in
its own clock. The server measures each connection's round trip and clock offset itself
(:class:`LinkClock`, NTP-style probes), and from those works out the grab's **fair time**
(:func:`fair_tap`): when the update was sent to that connection, plus the reaction time. The
difference between the grab's arrival and its fair time, its **credit**, is what its network
cost it; the credit is held to the connection's measured round trip (plus a little for jitter)
and never more than :data:`MAX_CREDIT`. Claims that cannot be true (a tap before the update
reached the device, an update seen before the server sent it, a tap after the grab reached the
server) are refused as :class:`ForgedTap`.

The match task (``LiveMatch``) then holds the first grab of a race for a short
**collection window** (:class:`Collection`), no longer than the largest credit another person
in the race could still be given, and applies the grabs that came in meanwhile in order of
their fair times. With nobody on a measured link (the terminal, bots alone) nothing is held:
arrival order, as before. ``docs/live.md`` ("Latency-fair races") gives the whole account.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from gamenight.bots.reaction import NETWORK
from gamenight.engine.core import Kind, Pending
from gamenight.engine.errors import GameError
from gamenight.live.clock import Clock, Timer
from gamenight.live.commands import BotMove, Submit

#: What a collection window holds: a person's grab or a bot's.
Grab = Submit | BotMove

#: The most a grab is ever credited for its network, seconds: a slow link's whole round trip
#: up to this (a phone on 4G is 50-100 ms, slow Wi-Fi 200 ms), and what a liar can gain at most.
MAX_CREDIT = 0.25
#: Added to a connection's smallest measured round trip for what the round trip of the moment
#: may be more (jitter), seconds.
JITTER = 0.03
#: Slack in the checks of what a device claims, seconds, beyond what the measured offset may
#: be wrong by (half the round trip): clocks drift apart a little between two probes.
TOLERANCE = 0.02
#: How many clock samples a connection keeps (the newest); the one with the smallest round trip
#: gives the offset.
SAMPLES = 8
#: How many probes a connection sends one after the other when it opens.
FIRST_PROBES = 5
#: Probes not answered are forgotten after this many newer ones.
OUTSTANDING = 4


class ForgedTap(GameError):
    """A grab's timing cannot be true (a tap claimed before the race reached the device)."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One probe answered: the round trip and the device clock's offset, seconds
    (server time = device time + ``offset``)."""

    rtt: float
    offset: float


class LinkClock:
    """A connection's round trip and clock offset, measured by the server.

    The server sends a probe stamped with its own time (``probe``); the device answers with the
    stamp and its own time (``answer``). The round trip is measured on the server's clock
    alone, so a device can only make its link look slower (by answering late), never quicker;
    an answer to a probe never sent is ignored. Wire stamps are milliseconds.
    """

    def __init__(self, keep: int = SAMPLES) -> None:
        self._samples: deque[Sample] = deque(maxlen=keep)
        self._waiting: deque[float] = deque(maxlen=OUTSTANDING)

    def probe(self, now: float) -> float:
        """A probe's stamp (the server's ``now`` in milliseconds), remembered until answered."""
        stamp = now * 1000.0
        self._waiting.append(stamp)
        return stamp

    def answer(self, server_ms: float, device_ms: float, now: float) -> bool:
        """Take an answer to the probe ``server_ms`` that the device stamped ``device_ms`` and
        that arrived at ``now``; ``False`` (and nothing learnt) if no such probe is waiting."""
        if server_ms not in self._waiting or not math.isfinite(device_ms):
            return False
        self._waiting.remove(server_ms)
        sent = server_ms / 1000.0
        rtt = max(0.0, now - sent)
        offset = (sent + now) / 2.0 - device_ms / 1000.0
        self._samples.append(Sample(rtt, offset))
        return True

    @property
    def samples(self) -> int:
        """How many samples are kept."""
        return len(self._samples)

    def best(self) -> Sample | None:
        """The kept sample with the smallest round trip (``None`` before the first)."""
        return min(self._samples, key=lambda s: s.rtt, default=None)

    def bound(self) -> float:
        """The most a grab on this link may be credited, seconds: the smallest measured round
        trip plus :data:`JITTER`, at most :data:`MAX_CREDIT` (0 before the first sample)."""
        best = self.best()
        return 0.0 if best is None else min(MAX_CREDIT, best.rtt + JITTER)


@dataclass(frozen=True, slots=True)
class Tap:
    """A grab's fair time on the server's clock, and the credit it was given for its network
    (``clamped``: it claimed more than its link's bound allows, and got the bound)."""

    at: float
    credit: float
    clamped: bool = False


def fair_tap(
    link: LinkClock,
    version: int,
    sent_at: float | None,
    arrived: float,
    seen_ms: float,
    tapped_ms: float,
) -> Tap:
    """The fair time of a grab that ``arrived`` (server clock, seconds), made from the view of
    ``version``, whose update was sent to this connection at ``sent_at`` (``None``: not known,
    so no credit); the device says the update reached it at ``seen_ms`` and the person tapped
    at ``tapped_ms`` (its own clock, milliseconds).

    The fair time is ``sent_at`` plus the reaction time (``tapped_ms - seen_ms``), held to at
    most the link's :meth:`LinkClock.bound` before the arrival (clamped), and never after it.
    Raises :class:`ForgedTap` for a claim that cannot be true: a tap before the update reached
    the device, an update seen before the server sent it, or a tap after the grab reached the
    server (each beyond what the offset may be wrong by: half the round trip, plus
    :data:`TOLERANCE`).
    """
    if not (math.isfinite(seen_ms) and math.isfinite(tapped_ms)):
        raise ForgedTap("forged early tap: its times are not finite numbers")
    reaction = (tapped_ms - seen_ms) / 1000.0
    if reaction < 0:
        raise ForgedTap(
            f"forged early tap: the tap ({-reaction * 1000:.0f} ms) comes before version "
            f"{version} reached the device"
        )
    best = link.best()
    if sent_at is None or best is None:
        return Tap(arrived, 0.0)
    slack = best.rtt / 2.0 + TOLERANCE
    seen = seen_ms / 1000.0 + best.offset
    if seen < sent_at - slack:
        raise ForgedTap(
            f"forged early tap: it says version {version} reached the device "
            f"{(sent_at - seen) * 1000:.0f} ms before the server sent it"
        )
    tapped = tapped_ms / 1000.0 + best.offset
    if tapped > arrived + slack:
        raise ForgedTap(
            f"forged tap: it says the tap came {(tapped - arrived) * 1000:.0f} ms after the "
            "grab reached the server"
        )
    credit = arrived - (sent_at + reaction)
    bound = link.bound()
    if credit > bound:
        return Tap(arrived - bound, bound, clamped=True)
    credit = max(0.0, credit)
    return Tap(arrived - credit, credit)


def hold_until(at: float, now: float, others: list[float]) -> float | None:
    """When a collection window opened by a grab of fair time ``at`` closes, given the bounds
    (the most credit) of the other people still in the race: the latest moment a grab with an
    earlier fair time could still arrive. ``None``: it could not any more (nobody is on a
    measured link), so nothing is held."""
    until = at + max(others, default=0.0)
    return until if until > now else None


@dataclass(slots=True)
class Held:
    """A command held in a collection window, with its fair time and arrival order."""

    at: float
    order: int
    command: Grab


class Collection:
    """The commands of one collection window: the first grab of a race opens it, every grab
    that arrives before it closes joins it, and on closing they come back in fair order (fair
    time, then arrival). ``release`` is called with the window's token when it closes."""

    def __init__(self, clock: Clock, release: Callable[[int], None]) -> None:
        self.clock = clock
        self.release = release
        self.held: list[Held] = []
        self.closes_at: float | None = None
        self.token = 0
        self._timer: Timer | None = None
        self._order = 0

    @property
    def open(self) -> bool:
        """Whether a window is open now."""
        return self.closes_at is not None

    def start(self, until: float) -> None:
        """Open a window that closes at ``until`` (on the clock)."""
        self.token += 1
        self.closes_at = until
        delay = max(0.0, until - self.clock.now())
        self._timer = self.clock.call_later(delay, self.release, self.token)

    def add(self, command: Grab, at: float) -> None:
        """Hold ``command`` (fair time ``at``) until the window closes."""
        self._order += 1
        self.held.append(Held(at, self._order, command))

    def close(self, token: int | None = None) -> list[Grab]:
        """Close the window (``token``: only if it is still this one) and give its commands in
        fair order; an old token gives nothing."""
        if token is not None and token != self.token:
            return []
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self.closes_at = None, None
        held, self.held = self.held, []
        return [h.command for h in sorted(held, key=lambda h: (h.at, h.order))]


class FairOrder(Collection):
    """The match task's collection windows, and each person's link bound (``reach``, set by
    the server through ``LiveMatch.set_reach``)."""

    def __init__(self, clock: Clock, release: Callable[[int], None]) -> None:
        super().__init__(clock, release)
        self.reach: dict[int, float] = {}

    def hold(self, command: Grab, pending: Pending, is_person: Callable[[int], bool]) -> bool:
        """Hold a grab in a race or a window while a grab made sooner may still come from a
        slower link: in the open window, or in a new one (``False``: apply it now). A bot is
        credited the network round trip its reaction counts (``NETWORK``), a person their
        fair time (``Submit.tap``)."""
        now = self.clock.now()
        at = now - NETWORK if isinstance(command, BotMove) else command.arrived
        if isinstance(command, Submit) and command.tap is not None:
            at = min(at, command.tap)
        if self.open:
            self.add(command, at)
            return True
        if pending.kind not in (Kind.RACE, Kind.REACTION):
            return False
        seat = command.seat
        others = [self.reach.get(s, 0.0) for s in pending.players if s != seat and is_person(s)]
        until = hold_until(at, now, others)
        if until is None:
            return False
        self.start(until)
        self.add(command, at)
        return True
