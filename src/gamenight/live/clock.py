"""The clock a live match reads: ``now``, ``call_later`` and ``sleep``, injected.

The runtime and its planner never touch ``loop.time()`` or ``asyncio.sleep`` themselves; they ask
a ``Clock``. The server and the live terminal pass nothing and get ``LoopClock`` (the running
event loop's own clock). Tests and benchmarks pass a ``VirtualClock``, which stands still until
it is advanced explicitly: ``await clock.advance(0.4)`` runs, in time order, every timer and
every sleeper due within the next 0.4 virtual seconds, letting the event loop handle what each
one sets off before the next. Nothing then depends on how loaded the machine is.

>>> import asyncio
>>> async def demo() -> list[str]:
...     clock, seen = VirtualClock(), []
...     clock.call_later(2.0, seen.append, "two")
...     clock.call_later(1.0, seen.append, "one")
...     await clock.advance(1.5)
...     seen.append(f"at {clock.now()}")
...     await clock.advance(1.0)
...     return seen
>>> asyncio.run(demo())
['one', 'at 1.5', 'two']
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
from collections.abc import AsyncIterator, Callable
from typing import Any, Protocol


class Timer(Protocol):
    """A scheduled call that can be cancelled (``asyncio.TimerHandle`` is one)."""

    def cancel(self) -> None:
        """Do not make the call (nothing happens if it was made already)."""


class Clock(Protocol):
    """What a live match reads time through."""

    def now(self) -> float:
        """Seconds on this clock (only differences mean anything)."""

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer:
        """Call ``callback(*args)`` in the event loop ``delay`` seconds from now."""

    async def sleep(self, delay: float) -> None:
        """Wait ``delay`` seconds."""


class LoopClock:
    """The running event loop's own clock: real time (the default everywhere)."""

    def now(self) -> float:
        """``loop.time()`` of the running loop."""
        return asyncio.get_running_loop().time()

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer:
        """``loop.call_later`` of the running loop."""
        return asyncio.get_running_loop().call_later(delay, callback, *args)

    async def sleep(self, delay: float) -> None:
        """``asyncio.sleep``."""
        await asyncio.sleep(delay)


class VirtualTimer:
    """A call scheduled on a ``VirtualClock``."""

    __slots__ = ("args", "callback", "cancelled", "when")

    def __init__(self, when: float, callback: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.when = when
        self.callback = callback
        self.args = args
        self.cancelled = False

    def cancel(self) -> None:
        """Do not make the call."""
        self.cancelled = True


class VirtualClock:
    """A clock that moves only when told to (``advance``, ``run_until``): for tests and benches.

    Timers due at the same moment run in the order they were set. Between two timers the event
    loop is let run until it has nothing left to do at once (``settle``), so a command a timer
    queues is handled, and the match's next timers set, before virtual time moves on.
    """

    def __init__(self, start: float = 0.0, settle_rounds: int = 64) -> None:
        self._now = start
        self._heap: list[tuple[float, int, VirtualTimer]] = []
        self._order = itertools.count()
        self._settle_rounds = settle_rounds
        #: Set when a timer is added (``autojump`` sleeps on it while no timer is set).
        self._added: asyncio.Event | None = None

    def now(self) -> float:
        """Virtual seconds since the clock was made (plus ``start``)."""
        return self._now

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer:
        """Call ``callback(*args)`` once the clock has been advanced ``delay`` seconds."""
        timer = VirtualTimer(self._now + max(0.0, delay), callback, args)
        heapq.heappush(self._heap, (timer.when, next(self._order), timer))
        if self._added is not None:
            self._added.set()
        return timer

    async def sleep(self, delay: float) -> None:
        """Wait until the clock has been advanced ``delay`` seconds (0: let others run once)."""
        if delay <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        timer = self.call_later(delay, _wake, future)
        try:
            await future
        finally:
            timer.cancel()

    def next_due(self) -> float | None:
        """When the next timer is due (``None``: none is set)."""
        self._drop_cancelled()
        return self._heap[0][0] if self._heap else None

    async def settle(self) -> None:
        """Let the event loop run everything that is ready now (a few rounds of ``sleep(0)``)."""
        for _ in range(self._settle_rounds):
            await asyncio.sleep(0)

    async def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` forward, running every timer due on the way, in order."""
        await self.run_until(self._now + seconds)

    async def run_until(self, when: float) -> None:
        """Move the clock to ``when``, running every timer due by then, in order."""
        await self.settle()
        while True:
            due = self.next_due()
            if due is None or due > when:
                break
            _when, _order, timer = heapq.heappop(self._heap)
            self._now = max(self._now, timer.when)
            timer.callback(*timer.args)
            await self.settle()
        self._now = max(self._now, when)
        await self.settle()

    async def run_while(self, busy: Callable[[], bool], limit: float = 3600.0) -> None:
        """Run timers in order while ``busy()`` holds and one is due within ``limit`` virtual
        seconds from now (a match plays on by itself until it ends or waits on someone)."""
        end = self._now + limit
        await self.settle()
        while busy():
            due = self.next_due()
            if due is None or due > end:
                return
            await self.run_until(due)

    async def autojump(self) -> None:
        """Forever: whenever the event loop has nothing ready, jump to the next timer and run
        it (time moves only when nothing else can happen first). Run it as a task, or use
        ``jumping()``."""
        added = self._added = asyncio.Event()
        while True:
            await self.settle()
            due = self.next_due()
            if due is None:  # nothing can happen in virtual time until a timer is set
                added.clear()
                await added.wait()
            else:
                await self.run_until(due)

    @contextlib.asynccontextmanager
    async def jumping(self) -> AsyncIterator[VirtualClock]:
        """``async with clock.jumping():`` runs ``autojump`` for the block: a match plays on by
        itself in virtual time while the block awaits what it wants to see."""
        task = asyncio.get_running_loop().create_task(self.autojump())
        try:
            yield self
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def _drop_cancelled(self) -> None:
        heap = self._heap
        while heap and heap[0][2].cancelled:
            heapq.heappop(heap)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
