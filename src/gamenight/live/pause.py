"""A clock a host can stop: a paused match's clocks stand still for everyone.

A live match reads time only through its ``Clock`` (``live/clock.py``): its turn and window
limits, its races' clocks, its bots' thinking and reaction delays. Wrapping that clock in a
``PausableClock`` pauses all of them at once: while paused, ``now()`` stands still and no timer
fires; on ``resume()`` every timer goes on with the time it had left, and ``now()`` goes on from
where it stood (the pause is not counted), so a person who had 7 s left still has 7 s.

>>> import asyncio
>>> from gamenight.live.clock import VirtualClock
>>> async def demo() -> list[str]:
...     real, seen = VirtualClock(), []
...     clock = PausableClock(real)
...     clock.call_later(2.0, seen.append, "due at 2")
...     await real.advance(1.0)
...     clock.pause()
...     await real.advance(60.0)  # a minute of pause: nothing fires, the clock stands still
...     seen.append(f"paused at {clock.now()}")
...     clock.resume()
...     await real.advance(1.0)
...     return seen
>>> asyncio.run(demo())
['paused at 1.0', 'due at 2']
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from gamenight.live.clock import Clock, Timer


class PausableTimer:
    """A call on a ``PausableClock``: set on the inner clock while the clock runs."""

    __slots__ = ("args", "callback", "clock", "handle", "when")

    def __init__(
        self, clock: PausableClock, when: float, callback: Callable[..., Any], args: tuple[Any, ...]
    ) -> None:
        self.clock = clock
        self.when = when
        self.callback = callback
        self.args = args
        self.handle: Timer | None = None

    def cancel(self) -> None:
        """Do not make the call."""
        self.clock._timers.discard(self)
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None

    def fire(self) -> None:
        """Make the call (set on the inner clock)."""
        self.clock._timers.discard(self)
        self.handle = None
        self.callback(*self.args)

    def arm(self) -> None:
        """Set the call on the inner clock for the time it has left."""
        self.handle = self.clock.inner.call_later(max(0.0, self.when - self.clock.now()), self.fire)


class PausableClock:
    """``inner``'s time, less every pause; see the module."""

    def __init__(self, inner: Clock) -> None:
        self.inner = inner
        self._paused_at: float | None = None
        self._lost = 0.0
        self._timers: set[PausableTimer] = set()

    @property
    def paused(self) -> bool:
        """Whether the clock stands still now."""
        return self._paused_at is not None

    def now(self) -> float:
        """The inner clock's time, less the time spent paused."""
        at = self._paused_at if self._paused_at is not None else self.inner.now()
        return at - self._lost

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer:
        """Call ``callback(*args)`` once ``delay`` seconds of running time have passed."""
        timer = PausableTimer(self, self.now() + max(0.0, delay), callback, args)
        self._timers.add(timer)
        if self._paused_at is None:
            timer.arm()
        return timer

    async def sleep(self, delay: float) -> None:
        """Wait ``delay`` seconds of running time."""
        if delay <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        timer = self.call_later(delay, _wake, future)
        try:
            await future
        finally:
            timer.cancel()

    def pause(self) -> None:
        """Stop the clock: no timer fires and ``now()`` stands still until :meth:`resume`."""
        if self._paused_at is not None:
            return
        self._paused_at = self.inner.now()
        for timer in self._timers:
            if timer.handle is not None:
                timer.handle.cancel()
                timer.handle = None

    def resume(self) -> None:
        """Start the clock again where it stood; every timer keeps the time it had left."""
        if self._paused_at is None:
            return
        self._lost += self.inner.now() - self._paused_at
        self._paused_at = None
        for timer in list(self._timers):
            timer.arm()


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
