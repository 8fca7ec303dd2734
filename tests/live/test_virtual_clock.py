"""The virtual clock the live tests run on: time moves only when told, timers run in order."""

from __future__ import annotations

import asyncio

from gamenight.live.clock import VirtualClock
from tests.live.helpers import run


def test_a_sleeper_wakes_only_once_the_clock_is_advanced_far_enough() -> None:
    """``sleep(1.0)`` waits for the clock, not for the wall: half a second is not enough."""

    async def main() -> list[float]:
        clock, woke = VirtualClock(), []

        async def sleeper() -> None:
            await clock.sleep(1.0)
            woke.append(clock.now())

        task = asyncio.get_running_loop().create_task(sleeper())
        await clock.advance(0.5)
        assert woke == []
        await clock.advance(0.5)
        await task
        return woke

    assert run(main()) == [1.0]


def test_a_cancelled_timer_never_runs_and_timers_at_one_moment_run_in_the_order_set() -> None:
    """A cancelled call is skipped; two calls due at the same moment keep their order."""

    async def main() -> list[str]:
        clock, seen = VirtualClock(), []
        clock.call_later(1.0, seen.append, "first")
        clock.call_later(0.5, seen.append, "cancelled").cancel()
        clock.call_later(1.0, seen.append, "second")
        await clock.advance(2.0)
        return seen

    assert run(main()) == ["first", "second"]


def test_jumping_moves_time_to_each_timer_while_the_block_waits() -> None:
    """Inside ``jumping()``, a chain of timers 10 s apart runs to its end at once in real
    time, at the virtual moments it was set for."""

    async def main() -> list[float]:
        clock, at = VirtualClock(), []
        done = asyncio.get_running_loop().create_future()

        def tick() -> None:
            at.append(clock.now())
            if len(at) < 3:
                clock.call_later(10.0, tick)
            else:
                done.set_result(None)

        async with clock.jumping():
            clock.call_later(10.0, tick)
            await done
        return at

    assert run(main(), limit=30) == [10.0, 20.0, 30.0]
