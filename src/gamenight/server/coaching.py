"""The coach, worked out in a worker process under a CPU budget, with a bounded cache.

A seat's ``coach`` question may need the game solved for its room's options first (Toss Up!:
about ten seconds for the usual options, and far more for odd ones: a target of 200 with 30 dice
took 85 s of CPU and 109 MiB). Done in the server's own process, that work stopped every other
room. So the coach runs in one worker process at a lower priority, which answers:

* at once for options solved ahead of time (``gamenight solve`` writes them to the cache folder,
  which the worker reads; the server writes no new file there) or kept in memory, the
  ``coach_cache_size`` most recently used (least recently used dropped first);
* for other options, only if solving them takes at most ``coach_cpu_seconds`` of CPU time (the
  worker's CPU limit stops it past that, ``RLIMIT_CPU``); options that went over are refused
  from then on without trying again: "the coach is not available for these options".

Questions wait their turn for the one worker; past :data:`WAITING` waiting, a question is
answered "the coach is busy" at once.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import math
import multiprocessing
import os
import resource
import signal
import time
from collections import OrderedDict
from types import FrameType
from typing import Any

from gamenight.engine.config import config_from_json
from gamenight.engine.errors import GameError
from gamenight.engine.registry import discover, game_class, game_part

log = logging.getLogger("gamenight.server")

#: Questions that may wait for the worker before more are answered "busy".
WAITING = 16
#: Option sets remembered as over the budget.
REFUSED_KEPT = 1024
#: The refusal for options that cannot be solved within the budget.
NOT_AVAILABLE = "the coach is not available for these options"
#: The worker runs at a lower priority than the server (``nice``).
NICENESS = 10


#: In the worker: the solutions each coach keeps in memory; whether a question is under way.
_keep = [4]
_budget_on = [False]


class OverBudget(Exception):
    """The worker spent its CPU budget on one question."""


def _over_budget(_signum: int, _frame: FrameType | None) -> None:
    if _budget_on[0]:  # a late signal, once the question is answered, is let go
        raise OverBudget


def _start_worker(keep: int) -> None:
    """The worker's set-up: lower priority, the games found, each coach's memory bounded."""
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    discover()
    signal.signal(signal.SIGXCPU, _over_budget)
    _keep[0] = keep


def advise_within(
    game_id: str, config: dict[str, Any], state: Any, cpu_seconds: float
) -> tuple[str, Any]:
    """In the worker: the coach's advice for ``state`` (a seat's own view) in a game of
    ``game_id`` with ``config``, within ``cpu_seconds`` of CPU time. Returns ``("advice",
    advice)``, ``("message", text)`` (no advice, and why), or ``("over", None)``."""
    part = game_part(game_id, "coach")
    advise = getattr(part, "advise", None)
    if advise is None:
        return "message", f"{game_class(game_id).title} has no coach"
    limit = getattr(part, "limit", None)
    if limit is not None:
        limit(_keep[0], False)
    cls = game_class(game_id)
    game = cls(config_from_json(cls.config_type, config))
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    until = math.ceil(time.process_time() + cpu_seconds)
    if hard != resource.RLIM_INFINITY:
        until = min(until, hard)
    try:
        _budget_on[0] = True
        resource.setrlimit(resource.RLIMIT_CPU, (until, hard))
        advice = advise(game, state)
    except OverBudget:
        return "over", None
    except ImportError:
        return "message", "the coach needs numpy on the server (gamenight[study])"
    except GameError as exc:
        return "message", f"no advice here: {exc}"
    finally:
        _budget_on[0] = False
        with contextlib.suppress(OverBudget):
            resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
    if advice is None:
        return "message", "nothing to choose yet"
    return "advice", advice


class CoachWorker:
    """The server's side of the coach's worker process (started at the first question)."""

    def __init__(self, cpu_seconds: float, keep: int) -> None:
        self.cpu_seconds = cpu_seconds
        self.keep = keep
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._refused: OrderedDict[str, None] = OrderedDict()
        self._waiting = 0

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(self.keep,),
            )
        return self._pool

    async def advise(
        self, game_id: str, config: dict[str, Any], state: Any
    ) -> tuple[dict[str, Any] | None, str | None]:
        """The advice for a seat's own ``state``, or ``None`` and the sentence saying why."""
        key = json.dumps([game_id, config], sort_keys=True)
        if key in self._refused:
            self._refused.move_to_end(key)
            return None, NOT_AVAILABLE
        if self._waiting >= WAITING:
            return None, "the coach is busy; ask again in a moment"
        self._waiting += 1
        try:
            loop = asyncio.get_running_loop()
            call = loop.run_in_executor(
                self._executor(), advise_within, game_id, config, state, self.cpu_seconds
            )
            # The CPU limit ends the work; the wall-clock limit is for a worker that gets no CPU
            # at all (a machine this loaded answers nobody in time anyway).
            kind, value = await asyncio.wait_for(call, max(60.0, 20 * self.cpu_seconds))
        except (TimeoutError, concurrent.futures.process.BrokenProcessPool):
            self._restart()
            kind, value = "over", None
        finally:
            self._waiting -= 1
        if kind == "over":
            log.warning("the coach went over its CPU budget for %s %s", game_id, config)
            self._refused[key] = None
            while len(self._refused) > REFUSED_KEPT:
                self._refused.popitem(last=False)
            return None, NOT_AVAILABLE
        if kind == "advice":
            return value, None
        return None, str(value)

    def _restart(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            for process in list(getattr(pool, "_processes", {}).values()):
                with contextlib.suppress(Exception):
                    process.kill()
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the worker."""
        self._restart()
