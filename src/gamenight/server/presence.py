"""Comings and goings in a room, told at most once per interval.

Each arrival or departure changes the room (who is connected, how many watch), and each change
was once sent to every socket of the room at once: 300 spectators arriving and leaving cost the
server about 90,000 messages. Now a room's presence changes are coalesced: the first change in a
quiet room is told at once, and every change after it within ``interval`` seconds is told by one
message at the end of that interval, carrying the room as it is then.

The clock and the timer are injected, so tests run on virtual time:

>>> sent, timers, now = [], [], [0.0]
>>> presence = Presence(
...     0.5, sent.append, clock=lambda: now[0],
...     later=lambda delay, fire: timers.append((now[0] + delay, fire)),
... )
>>> for _ in range(300):
...     presence.changed("ROOM22")
>>> sent, [at for at, _fire in timers]
(['ROOM22'], [0.5])
>>> now[0] = 0.5; timers.pop()[1]()
>>> sent
['ROOM22', 'ROOM22']
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol


class Timer(Protocol):
    """What :meth:`Presence.changed` keeps of a scheduled flush (an ``asyncio.TimerHandle``)."""

    def cancel(self) -> None:
        """Do not fire."""


def _loop_time() -> float:
    return asyncio.get_running_loop().time()


def _call_later(delay: float, fire: Callable[[], None]) -> Timer:
    return asyncio.get_running_loop().call_later(delay, fire)


class Presence:
    """Tells a room's presence changes through ``send(code)`` at most once per ``interval``
    seconds per room (``interval`` 0: at once, every time)."""

    def __init__(
        self,
        interval: float,
        send: Callable[[str], None],
        *,
        clock: Callable[[], float] = _loop_time,
        later: Callable[[float, Callable[[], None]], Timer | None] = _call_later,
    ) -> None:
        self.interval = interval
        self.send = send
        self.clock = clock
        self.later = later
        self._last: dict[str, float] = {}
        self._pending: dict[str, Timer | None] = {}

    def changed(self, code: str) -> None:
        """Someone came or went in room ``code``: tell the room now, or at the end of the
        interval when it was told less than ``interval`` seconds ago."""
        if self.interval <= 0:
            self.send(code)
            return
        if code in self._pending:
            return  # a message is on its way, and will carry this change too
        now = self.clock()
        wait = self._last.get(code, -self.interval) + self.interval - now
        if wait <= 0:
            self._told(code, now)
            self.send(code)
            return
        self._pending[code] = None  # before scheduling: a timer that fires at once finds it
        self._pending[code] = self.later(wait, lambda: self._flush(code))

    def told(self, code: str) -> None:
        """The room was just told how it is by other means (a seat changed, a match began):
        a presence message still waiting is not needed, and the interval starts again."""
        timer = self._pending.pop(code, None)
        if timer is not None:
            timer.cancel()
        if self.interval > 0:
            self._told(code, self.clock())

    def forget(self, code: str) -> None:
        """The room is no longer served here: drop what is kept of it."""
        timer = self._pending.pop(code, None)
        if timer is not None:
            timer.cancel()
        self._last.pop(code, None)

    def _flush(self, code: str) -> None:
        if code not in self._pending:
            return
        del self._pending[code]
        self._told(code, self.clock())
        self.send(code)

    def _told(self, code: str, now: float) -> None:
        self._last[code] = now
        if len(self._last) > 4096:  # forget the rooms told longer ago than one interval
            quiet = [c for c, at in self._last.items() if now - at > self.interval]
            for c in quiet:
                if c not in self._pending:
                    del self._last[c]
