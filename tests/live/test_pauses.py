"""The live table's pauses for people: bots react as a person on a phone would, the table
waits a moment after the start, and again after a round is won, before the next is dealt."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

from gamenight.engine import Kind, Match, make_game
from gamenight.engine.core import TURN_STARTED
from gamenight.games.toss_up.game import TossUp
from gamenight.live import Applied, LiveMatch, LiveSettings
from gamenight.live.clock import VirtualClock
from gamenight.live.decisions import bot_delay
from tests.live.helpers import Recorder, quick, run, walk


def test_bots_react_at_the_rooms_speed_and_the_floor_and_cap_bound_them() -> None:
    """A bot's race reaction is a person's on a phone at the room's speed: ``relaxed`` slower
    than ``normal``, ``normal`` slower than ``quick``; the room's floor and cap bound it (the
    cap wins if lower than the floor)."""
    match = Match(make_game("toss-your-cookies"), seed=1)
    walk(match, random.Random(1), lambda m: m.pending.kind is Kind.RACE)
    seat = match.pending.players[0]
    bot = Recorder(match.game, seat)
    grab = match.game.legal_actions(match.state, seat)[0]

    def delays(settings: LiveSettings) -> list[float]:
        rng = random.Random(3)
        return sorted(
            bot_delay(settings, Kind.RACE, bot, match.game, match.state, grab, rng)
            for _ in range(201)
        )

    medians = {s: delays(LiveSettings(bot_speed=s))[100] for s in ("relaxed", "normal", "quick")}
    assert medians["relaxed"] > medians["normal"] > medians["quick"] > 0.5
    assert all(d >= 0.9 for d in delays(LiveSettings(reaction_floor=0.9)))
    assert all(d == 0.5 for d in delays(LiveSettings(reaction_floor=0.9, reaction_cap=0.5)))


def timed_steps(game: Any, settings: LiveSettings, steps: int) -> list[tuple[float, Applied]]:
    """Bots play ``game`` live on virtual time; each of the first ``steps`` steps with the
    virtual time it was stored at, from the start."""

    async def main() -> list[tuple[float, Applied]]:
        match = Match(game, seed=5)
        stored: list[tuple[float, Applied]] = []
        clock = VirtualClock()

        async def persist(applied: Applied) -> None:
            stored.append((clock.now(), applied))

        bots = ["random"] * game.players
        live = LiveMatch(match, settings, controllers=bots, persist=persist, clock=clock)
        async with live:
            await clock.run_while(lambda: len(stored) < steps)
        return stored[:steps]

    return run(main(), limit=60)


def test_the_table_waits_after_the_start_before_the_first_step() -> None:
    """With a start pause, nothing is dealt or played before it is over; without one, at once."""
    game = make_game("toss-your-cookies", players=3)
    paused = timed_steps(game, quick(start_pause=0.4), 3)
    assert paused[0][0] == 0.4
    at_once = timed_steps(game, quick(start_pause=0.0), 3)
    assert at_once[0][0] == 0.0


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
