"""Keep Python's cyclic garbage collector from pausing the server for long.

A server holding hundreds of matches keeps hundreds of thousands of live objects (states, step
logs, views, connections). Python's collector walks every one of them in a full collection, and
with the default thresholds it ran one every few seconds under load: pauses of 0.3 to 0.7 s of
CPU, during which no message is answered (measured by ``bench/bench_server.py``; figures in
``docs/server.md``). Nearly all of those objects are freed by reference counting anyway; the
collector is only needed for reference cycles.

:class:`CollectorPolicy` therefore, every ``freeze_seconds``, moves every object alive at that
moment into the collector's permanent generation (``gc.freeze``), so that the frequent young
collections only look at what was made since. Objects frozen are still freed by reference
counting as usual; only a cycle among them waits for the full collection that runs every
``full_collection_minutes`` (``gc.unfreeze`` then ``gc.collect``): one pause in that many
minutes instead of one every few seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time

log = logging.getLogger("gamenight.server")


class CollectorPolicy:
    """Freeze the live objects every ``freeze_seconds``; collect everything every
    ``full_collection_minutes``. ``freeze_seconds`` of 0 leaves the collector as Python set it."""

    def __init__(self, freeze_seconds: float, full_collection_minutes: float) -> None:
        self.freeze_seconds = freeze_seconds
        self.full_collection_seconds = full_collection_minutes * 60
        self._task: asyncio.Task[None] | None = None
        self.full_collections = 0

    def start(self) -> None:
        """Begin (inside the running event loop); does nothing when turned off."""
        if self.freeze_seconds <= 0 or self._task is not None:
            return
        gc.collect()
        gc.freeze()
        self._task = asyncio.create_task(self._run(), name="gamenight-collector")

    async def stop(self) -> None:
        """Stop, and give every frozen object back to the collector."""
        task, self._task = self._task, None
        if task is None:
            return
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        gc.unfreeze()

    async def _run(self) -> None:
        last_full = time.monotonic()
        while True:
            await asyncio.sleep(self.freeze_seconds)
            if time.monotonic() - last_full >= self.full_collection_seconds:
                started = time.perf_counter()
                gc.unfreeze()
                found = gc.collect()
                self.full_collections += 1
                last_full = time.monotonic()
                log.debug(
                    "full collection: %d unreachable objects in %.0f ms",
                    found,
                    (time.perf_counter() - started) * 1000,
                )
            gc.freeze()
