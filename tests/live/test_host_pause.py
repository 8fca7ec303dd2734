"""The host's pause: a live match on a ``PausableClock`` stands still while paused (no time runs
out, no bot acts) and goes on with the time every clock had left (virtual time throughout)."""

from __future__ import annotations

import random

from gamenight.engine import Match, make_game
from gamenight.live import Applied, LiveMatch
from gamenight.live.clock import VirtualClock
from gamenight.live.pause import PausableClock
from tests.live.helpers import quick, run


def test_a_paused_turn_keeps_its_time_and_a_paused_bot_waits() -> None:
    """Toss Up!, a person's turn with 10 s on the clock: 4 s pass, the host pauses for ten
    minutes, and nothing is played; once resumed, the stand-in plays for the person only when
    the 6 s left have passed."""

    async def main() -> list[tuple[float, Applied]]:
        match = Match(make_game("toss-up"), seed=7)
        match.advance_chance()
        me = match.pending.players[0]
        real = VirtualClock()
        clock = PausableClock(real)
        stored: list[tuple[float, Applied]] = []

        async def persist(applied: Applied) -> None:
            stored.append((real.now(), applied))

        controllers = [None if seat == me else "random" for seat in range(2)]
        settings = quick(turn_limit=10.0)
        live = LiveMatch(
            match,
            settings,
            controllers=controllers,
            persist=persist,
            rng=random.Random(5),
            clock=clock,
        )
        async with live:
            await real.advance(4.0)
            clock.pause()
            await real.advance(600.0)
            assert stored == [] and clock.now() == 4.0
            clock.resume()
            await real.advance(5.9)
            assert stored == []  # 5.9 of the 6 s left
            await real.advance(0.2)
            assert stored[0][1].by == "stand-in" and stored[0][1].player == me
        return stored

    stored = run(main())
    assert 610.0 <= stored[0][0] <= 610.1
