"""A step the table's runtime makes for a person on time-out is told to that person only: at a
shared screen (hot seat) the events pane shows the ordinary pass, and the person is told when
the curtain hands them the screen."""

from __future__ import annotations

import asyncio

from gamenight.live import LiveSettings
from gamenight.live.clock import VirtualClock
from gamenight.terminal.table.app import TableApp
from gamenight.terminal.table.screens import Curtain
from tests.paper_toss.helpers import game as paper_toss
from tests.paper_toss.helpers import match_at, state_at
from tests.table.helpers import events_text, session
from tests.table.test_races import until


def test_at_a_shared_screen_a_pass_made_on_time_out_is_told_to_its_person_only() -> None:
    """Two people at one screen: a Hazard is played against Player 1 and nobody answers the
    window in time, so the runtime passes for both. The shared events pane never says so (it
    would tell the table who could have answered); Player 1, handed the screen next to choose
    which Toss card to follow, reads "Time's up: you passed."."""

    async def main() -> None:
        g = paper_toss(3)
        match = match_at(g, state_at(g, "hazard", [["dog"], ["kid"], ["food"]], turn=1))
        hurried = LiveSettings.fast(turn_limit=None, window_limit=5.0, reaction_scale=1000.0)
        clock = VirtualClock()
        app = TableApp(
            session("paper-toss", "human,human,default", match=match, settings=hurried, clock=clock)
        )
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, Curtain))
            await clock.advance(6.0)  # nobody answers: the window runs out
            await until(pilot, lambda: 0 in app.time_up and 1 in app.time_up)
            assert app.time_up[0] == app.time_up[1] == "Time's up: you passed."
            shared = events_text(app)
            assert "Time" not in shared and "passed for" not in shared, shared
            await until(pilot, lambda: isinstance(app.screen, Curtain) and app.curtain is not None)
            assert app.curtain is not None and app.curtain[0] == 1
            await pilot.press("enter")
            await until(pilot, lambda: app.shown == 1)
            assert "Time's up: you passed." in str(app.status.render())
            assert 1 not in app.time_up and 0 in app.time_up
            assert "Time" not in events_text(app)

    asyncio.run(main())
