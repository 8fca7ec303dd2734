"""The replay viewer: a record shown step by step, forward and back, with the board and the
chosen seat's hand at each step."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from gamenight.bots import RandomBot
from gamenight.engine import GameError, Match, make_game
from gamenight.sim.driver import run
from gamenight.terminal.table.capture import board, plain
from gamenight.terminal.table.replay import ReplayApp


def finished_record(game_id: str, players: int, seed: int) -> dict[str, Any]:
    """The record of a whole game played by random bots, with the seats' names."""
    game = make_game(game_id, players=players)
    match = run(Match(game, seed=seed), [RandomBot(game, s, f"r{s}") for s in range(players)])
    return {**match.record(), "seat_names": ["Ann", "Bob", "Cat"][:players]}


def shown(app: ReplayApp) -> str:
    """The board the viewer shows now, as plain text."""
    view = app.game.view(app.states[app.at], app.viewer)
    return plain(board(app.renderer, view, app.viewer, app.names), width=120)


def test_the_viewer_steps_forward_and_back_through_the_same_boards() -> None:
    """→ steps on, ← steps back to exactly the board shown before, End shows the last step
    (the game over), Home the start."""

    async def main() -> None:
        record = finished_record("toss-up", 2, seed=7)
        app = ReplayApp(record, viewer=None)
        last = len(record["steps"])
        async with app.run_test(size=(100, 32)) as pilot:
            boards = []
            for _ in range(5):
                await pilot.press("right")
                boards.append(shown(app))
            assert app.at == 5
            title = str(app.query_one("#title").render())
            assert f"step 5 of {last}" in title
            for back in range(4, 0, -1):
                await pilot.press("left")
                assert app.at == back
                assert shown(app) == boards[back - 1]
            await pilot.press("end")
            assert app.at == last
            assert "Score sheet" in shown(app)
            await pilot.press("home")
            assert app.at == 0
            assert "The start" in str(app.query_one("#step").render())

    asyncio.run(main())


def test_the_chosen_seats_hand_is_shown_and_s_moves_to_the_next_seat() -> None:
    """Toss Your Cookies: with ``--seat 0`` the board shows seat 0's hand; ``s`` shows the next
    seat's, and after the last seat nobody's (what every player saw), then seat 0's again."""

    async def main() -> None:
        record = finished_record("toss-your-cookies", 3, seed=2)
        app = ReplayApp(record, viewer=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.press(*["right"] * 12)
            mine = shown(app)
            assert "Your hand" in mine
            expected = app.game.view(app.states[12], 0)["hand"]
            assert expected
            await pilot.press("s")
            assert app.viewer == 1 and "Your hand" in shown(app)
            assert shown(app) != mine
            await pilot.press("s", "s")
            assert app.viewer is None and "Your hand" not in shown(app)
            await pilot.press("s")
            assert app.viewer == 0 and shown(app) == mine
            assert "Ann's hand (seat 0)" in str(app.query_one("#title").render())

    asyncio.run(main())


def test_a_seat_not_in_the_match_is_refused_before_the_screen_opens() -> None:
    """``--seat 5`` in a three-seat match: one clear error, no screen."""
    record = finished_record("toss-your-cookies", 3, seed=2)
    with pytest.raises(GameError, match="there is no seat 5 in this match; seats are 0 to 2"):
        ReplayApp(record, viewer=5)
