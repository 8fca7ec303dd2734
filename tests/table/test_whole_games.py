"""Whole games at the live table, driven headlessly through its keys: every game to its end,
with the person's moves pressed as keys and the bots acting on their own clocks."""

from __future__ import annotations

import random

import pytest

from gamenight.terminal.table.app import TableApp
from tests.table.helpers import GAMES, play_through, session


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_is_played_through_the_keys(game_id: str) -> None:
    """The person answers every decision put to them by pressing a move's key; the match
    reaches its end, every step is the runtime's, and the table says who won."""

    async def main() -> None:
        app = TableApp(session(game_id, "human,default,random"))
        async with app.run_test(size=(100, 32)) as pilot:
            pressed = await play_through(app, pilot, random.Random(3))
            await pilot.pause()
            match = app.session.match
            assert match.finished
            assert pressed > 0
            assert any(step.player == 0 for step in match.steps)
            prompt = str(app.query_one("#prompt").render())
            assert prompt.startswith("Game over:"), prompt

    import asyncio

    asyncio.run(main())
