"""The live table's pauses for people: no bot reacts quicker than a person could, the table
waits a moment after the start, and again after a round is won, before the next is dealt."""

from __future__ import annotations

import asyncio
import random
from itertools import pairwise
from typing import Any

import pytest

from gamenight.engine import Kind, Match, make_game
from gamenight.engine.core import TURN_STARTED
from gamenight.games.toss_up.game import TossUp
from gamenight.live import Applied, LiveMatch, LiveSettings
from gamenight.live.decisions import bot_delay
from tests.live.helpers import Recorder, quick, run, walk

# Real clocks: the bounds below each way are wide, but a loaded machine can stretch a quick
# step past one. A rerun tells a slow machine from a real failure.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)


def test_no_bot_reacts_quicker_than_the_floor_and_the_cap_wins_if_lower() -> None:
    """A bot whose own reaction is a twentieth of a second waits the room's floor in a race
    (0.7 s by default); a cap lower than the floor wins."""
    match = Match(make_game("toss-your-cookies"), seed=1)
    walk(match, random.Random(1), lambda m: m.pending.kind is Kind.RACE)
    seat = match.pending.players[0]
    quick_bot = Recorder(match.game, seat, speed=0.05)  # reacts in 0.025 to 0.075 s
    grab = match.game.legal_actions(match.state, seat)[0]

    def delay(settings: LiveSettings) -> float:
        return bot_delay(settings, Kind.RACE, quick_bot, match.game, match.state, grab, rng)

    rng = random.Random(3)
    assert LiveSettings().reaction_floor == 0.7
    assert all(delay(LiveSettings()) == 0.7 for _ in range(20))
    assert delay(LiveSettings(reaction_floor=0.0)) < 0.1
    assert delay(LiveSettings(reaction_cap=0.5)) == 0.5


def timed_steps(game: Any, settings: LiveSettings, steps: int) -> list[tuple[float, Applied]]:
    """Bots play ``game`` live; each of the first ``steps`` steps with the loop time it was
    stored at, from the start."""

    async def main() -> list[tuple[float, Applied]]:
        match = Match(game, seed=5)
        stored: list[tuple[float, Applied]] = []
        loop = asyncio.get_running_loop()
        done = loop.create_future()

        async def persist(applied: Applied) -> None:
            stored.append((loop.time() - began, applied))
            if len(stored) >= steps and not done.done():
                done.set_result(None)

        bots = ["random"] * game.players
        live = LiveMatch(match, settings, controllers=bots, persist=persist)
        began = loop.time()
        async with live:
            await done
        return stored

    return run(main(), limit=60)


def test_the_table_waits_after_the_start_before_the_first_step() -> None:
    """With a start pause, nothing is dealt or played before it is over; without one, at once."""
    game = make_game("toss-your-cookies", players=3)
    paused = timed_steps(game, quick(start_pause=0.4), 3)
    assert paused[0][0] >= 0.4
    at_once = timed_steps(game, quick(start_pause=0.0), 3)
    assert at_once[0][0] < 0.4


class TossUpPausingEachTurn(TossUp):
    """Toss Up! with a pause after every turn's start (to see the pause without a long game)."""

    pause_after = frozenset({TURN_STARTED})


def test_the_table_waits_after_a_step_of_the_games_pause_after_kinds() -> None:
    """After a step with an event of the game's ``pause_after`` kinds (Toss Your Cookies' new
    round, Cover Your Cookies' round scored) the next step waits ``round_pause``; other steps
    follow on the bots' quick clocks."""
    assert make_game("toss-your-cookies").pause_after == frozenset({"new_round"})
    assert make_game("cover-your-cookies").pause_after == frozenset({"round_over"})
    game = TossUpPausingEachTurn(make_game("toss-up", players=2).config)
    stored = timed_steps(game, quick(round_pause=0.3), 12)
    gaps = [
        (later - at, any(e.kind == TURN_STARTED for e in applied.events))
        for (at, applied), (later, _) in pairwise(stored)
    ]
    assert any(paused for _, paused in gaps) and any(not paused for _, paused in gaps)
    assert all(gap >= 0.3 for gap, paused in gaps if paused)
    assert all(gap < 0.3 for gap, paused in gaps if not paused)
