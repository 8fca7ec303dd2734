"""Races at the live table: a person who presses first wins, whatever the bots planned; a card
keeps its key while it stays in the middle; keys pressed in a burst are all played."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from gamenight.engine import Kind, Match, make_game
from gamenight.games.toss_your_cookies.state import Grab
from gamenight.live import LiveSettings
from gamenight.live.clock import VirtualClock
from gamenight.terminal.table.app import TableApp
from tests.live.helpers import walk
from tests.table.helpers import asked, board_text, events_text, kind_of, session

#: Bots react in one to three seconds (twice their own reaction time, no cap): slower than a
#: scripted person, who presses as soon as the table shows the race.
SLOW_BOTS = LiveSettings.fast(
    start_pause=0.0,
    reaction_scale=2.0,
    reaction_cap=None,
    turn_limit=None,
    window_limit=None,
    race_limit=None,
)


def race_for_seat_0(window: str, more: int = 1, seed: int = 1) -> Match:
    """Toss Your Cookies (4 players, seed 1) walked to its first ``window`` race that seat 0
    is in, with ``more`` grabs still allowed to seat 0 and at least three kinds of card."""

    def found(m: Match) -> bool:
        pending, state = m.pending, m.state
        if pending.kind is not Kind.RACE or pending.window != window or 0 not in pending.players:
            return False
        return window != "scramble" or (
            state.quota[0] - state.grabbed[0] >= more and len(set(state.centre)) >= 3
        )

    return walk(Match(make_game("toss-your-cookies"), seed=seed), random.Random(seed), found)


async def until(pilot: Any, holds: Any, limit: int = 5000) -> None:
    """Let the table run until ``holds()``."""
    for _ in range(limit):
        if holds():
            return
        await pilot.pause(0.001)
    raise AssertionError("the table never got there")


def test_a_person_who_presses_first_wins_the_milk_race_against_slower_bots() -> None:
    """Toss Your Cookies: "the first player to grab the milk takes it". The bots have planned
    their grabs on their own (slower) clocks; the person presses m as soon as the race shows,
    and their grab is the step that takes the milk."""

    async def main() -> None:
        match = race_for_seat_0("milk_race")
        start = match.version
        app = TableApp(
            session(
                "toss-your-cookies",
                "human,default,default,default",
                match=match,
                settings=SLOW_BOTS,
                clock=VirtualClock(),  # the bots' clocks stand still until the person pressed
            )
        )
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: asked(app) == 0)
            assert kind_of(app, 0) is Kind.RACE
            keys = dict(zip(app.legal[0], app.keys[0], strict=True))
            assert keys[Grab("milk")] == "m"
            assert "the first hand on the milk gets it: press m, fast!" in board_text(app)
            await pilot.press("m")
            await until(pilot, lambda: match.version > start)
            step = match.steps[start]
            assert (step.player, step.action) == (0, Grab("milk"))
            await until(pilot, lambda: "You grabbed the milk!" in events_text(app))

    asyncio.run(main())


def test_keys_pressed_in_a_burst_are_all_played_and_cards_keep_their_keys() -> None:
    """A scramble with three grabs allowed: three keys pressed at once grab those three cards
    in that order (each key is played once the grab before it comes back), and every card
    still in the middle keeps the key it had when the scramble opened."""

    async def main() -> None:
        match = race_for_seat_0("scramble", more=3)
        start = match.version
        app = TableApp(
            session(
                "toss-your-cookies",
                "human,default,default,default",
                match=match,
                settings=SLOW_BOTS,
                clock=VirtualClock(),  # the bots' clocks stand still until the person pressed
            )
        )
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: asked(app) == 0)
            opened = dict(zip(app.legal[0], app.keys[0], strict=True))
            wanted = [Grab(card) for card in sorted({a.card for a in opened})][:3]
            await pilot.press(*(str(opened[g]) for g in wanted))
            await until(pilot, lambda: sum(s.player == 0 for s in match.steps[start:]) == 3)
            mine = [s.action for s in match.steps[start:] if s.player == 0]
            assert mine == wanted
            now = dict(zip(app.legal[0], app.keys[0], strict=True))
            assert all(opened[a] == k for a, k in now.items() if a in opened)

    asyncio.run(main())


#: A seed whose seeded walk reaches a Toss All scramble with six or more grabs for seat 0.
TOSS_ALL_SEED = 2


def test_pressing_every_0_4_s_does_not_take_a_whole_scramble_from_normal_bots() -> None:
    """A reach keeps its time while its card is in the middle: a person pressing a key every
    0.4 s (virtual time) in a Toss All scramble (six or more cards to grab back) no longer holds
    off ``normal`` bots, whose reaction restarted at every grab before: bots take cards while
    the person is still pressing."""

    async def main() -> None:
        match = race_for_seat_0("scramble", more=6, seed=TOSS_ALL_SEED)
        start = match.version
        clock = VirtualClock()
        settings = LiveSettings(start_pause=0.0, turn_limit=None, bot_speed="normal")
        app = TableApp(
            session(
                "toss-your-cookies",
                "human,default,default,default",
                match=match,
                settings=settings,
                clock=clock,
            )
        )
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: asked(app) == 0)
            presses = []
            while match.pending.kind is Kind.RACE and match.pending.window == "scramble":
                if asked(app) == 0 and match.pending.kind is Kind.RACE:
                    keyed = [k for k in app.keys[0] if k is not None]
                    presses.append(clock.now())
                    await pilot.press(str(keyed[0]))
                    await until(pilot, lambda: not app.inflight)
                await clock.advance(0.4)
                await pilot.pause(0.001)
            grabs = [(s.player, s) for s in match.steps[start:]]
            mine = [i for i, (player, _) in enumerate(grabs) if player == 0]
            theirs = [i for i, (player, _) in enumerate(grabs) if player != 0]
            assert len(presses) >= 2 and mine and theirs
            assert min(theirs) < max(mine), "the bots waited until the person stopped"

    asyncio.run(main())
