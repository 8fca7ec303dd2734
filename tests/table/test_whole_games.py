"""Whole games at the live table, driven headlessly through its keys: every game to its end,
with the person's moves pressed as keys and the bots acting on their own clocks."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from gamenight.terminal.table.app import TableApp
from tests.table.helpers import GAMES, JumpingClock, play_through, session

#: Who sits at each game (the person and bots), and the match seed (Toss Your Cookies: one
#: whose first round gives the person several decisions before a bot wins it).
SEATS = {
    "cover-your-cookies": ("human,default,random", 1),
    "paper-toss": ("human,default", 1),
    "toss-up": ("human,default,random", 1),
    "toss-your-cookies": ("human,default,random", 3),
}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_is_played_through_the_keys(game_id: str) -> None:
    """The person answers every decision put to them by pressing a move's key; the match
    reaches its end with moves of theirs in it, and the table says who won (and, once the
    screen is gone, every seat's final score). A move offered again in the same decision keeps
    its key."""
    before: dict[str, Any] = {"decision": None, "keys": {}}

    def same_keys(app: TableApp, seat: int) -> None:
        keys = dict(zip(app.legal[seat], app.keys[seat], strict=True))
        if app.decision[seat] == before["decision"]:
            for action in keys.keys() & before["keys"].keys():
                assert keys[action] == before["keys"][action], action
        before.update(decision=app.decision[seat], keys=keys)

    async def main() -> None:
        seats, seed = SEATS[game_id]
        app = TableApp(session(game_id, seats, seed=seed, clock=JumpingClock()))
        async with app.run_test(size=(100, 32)) as pilot:
            pressed = await play_through(app, pilot, random.Random(3), on_ask=same_keys)
            await pilot.pause(0.2)
            match = app.session.match
            assert match.finished
            assert pressed > 0
            assert any(step.player == 0 for step in match.steps)
            prompt = str(app.query_one("#prompt").render())
            assert prompt.startswith("Game over:"), prompt
            # what is printed once the screen is gone: who won and every seat's final score
            lines = app.session.result(app.names).lines
            scores = match.outcome().scores
            assert lines[1] == "Final scores: " + " · ".join(
                f"{name} {score:g}" for name, score in zip(app.names, scores, strict=True)
            )

    asyncio.run(main())
