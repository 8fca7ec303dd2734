"""The table says it is busy: when the machine keeps it waiting (its 0.25 s tick comes late),
the title says "busy…", so a key that takes seconds to act is not a key lost; once the ticks
come on time again for two seconds, the sign goes. The table's clock is a test's own."""

from __future__ import annotations

import asyncio

from gamenight.terminal.table.app import TableApp
from tests.table.helpers import session


def test_a_late_tick_puts_busy_in_the_title_until_the_ticks_are_on_time_again() -> None:
    async def main() -> list[bool]:
        app = TableApp(session("toss-up", "human,hold:20"))
        now = [100.0]
        app.monotonic = lambda: now[0]
        seen = []
        async with app.run_test(size=(100, 30)):

            def tick(after: float) -> None:
                now[0] += after
                app._tick()
                seen.append("busy…" in str(app.title_bar.render()))

            tick(0.25)  # the first tick the test drives
            tick(0.25)  # on time
            tick(3.0)  # the machine kept the table waiting three seconds
            for _ in range(7):
                tick(0.25)  # on time again, for 1.75 s
            tick(0.25)  # two seconds on time: the sign goes
        return seen

    assert asyncio.run(main()) == [False, False, True, *[True] * 7, False]
