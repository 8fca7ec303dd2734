"""Races that are fair to people, on virtual time: a bot's reach keeps its time while its card
stays in the middle, and a race's time limit is each person's own time without a grab."""

from __future__ import annotations

import random

from gamenight.engine import Kind, Match, make_game
from gamenight.live import Applied, LiveMatch, LiveSettings
from gamenight.live.clock import VirtualClock
from tests.live.helpers import run, walk


def scramble(seed: int, cards: int) -> Match:
    """Toss Your Cookies (4 players) walked to a scramble that seat 0 is in, with at least
    ``cards`` grabs allowed to seat 0."""

    def found(m: Match) -> bool:
        pending, state = m.pending, m.state
        return (
            pending.kind is Kind.RACE
            and pending.window == "scramble"
            and 0 in pending.players
            and state.quota[0] - state.grabbed[0] >= cards
        )

    return walk(Match(make_game("toss-your-cookies"), seed=seed), random.Random(seed), found)


def play_scramble(
    match: Match, settings: LiveSettings, press_every: float, presses: int
) -> list[tuple[float, Applied]]:
    """Seat 0 is a person who grabs a card every ``press_every`` virtual seconds, ``presses``
    times at most, while the scramble lasts; the other seats are ``default`` bots. Returns the
    scramble's grabs with the virtual time each was stored at."""

    async def main() -> list[tuple[float, Applied]]:
        clock = VirtualClock()
        grabs: list[tuple[float, Applied]] = []
        window = match.pending.window

        async def persist(applied: Applied) -> None:
            if applied.pending.kind is Kind.RACE and applied.pending.window == window:
                grabs.append((clock.now(), applied))

        controllers = [None] + ["default"] * (match.game.players - 1)
        live = LiveMatch(
            match,
            settings,
            controllers=controllers,
            persist=persist,
            clock=clock,
            rng=random.Random(7),
        )
        began = match.version
        async with live:
            for _ in range(presses):
                await clock.advance(press_every)
                pending = live.match.pending
                if pending.kind is not Kind.RACE or 0 not in pending.players:
                    break
                legal = live.game.legal_actions(live.match.state, 0)
                await live.submit(0, legal[0], live.version)
            await clock.run_while(
                lambda: live.match.pending.kind is Kind.RACE and live.version > began, limit=60
            )
        return grabs

    return run(main(), limit=60)


SETTINGS = LiveSettings(start_pause=0.0, race_limit=10.0, turn_limit=None)


def test_a_bots_reach_is_not_restarted_by_a_person_grabbing_other_cards() -> None:
    """RULINGS, the toss scramble: "a player's reach keeps its time while the card it reaches
    for is still in the middle (only a player whose card was taken reaches again)". A person
    pressing every 0.4 s does not hold the bots off: they grab within their reaction time
    (about a second), while the person is still pressing."""
    match = scramble(seed=14, cards=3)
    grabs = play_scramble(match, SETTINGS, press_every=0.4, presses=20)
    mine = [at for at, a in grabs if a.player == 0]
    bots = [at for at, a in grabs if a.player != 0]
    assert mine and bots
    assert min(bots) < 2.0  # a bot's first grab lands about a second into the race
    assert min(bots) < max(mine)  # ... while the person is still grabbing


def test_a_person_still_grabbing_keeps_their_seat_and_an_idle_one_gets_a_stand_in() -> None:
    """The scramble has no single clock for everyone: a person who grabs every 3 s (under the
    10 s limit) makes every one of their grabs themselves; a person who stops gets a stand-in
    only once 10 s have passed since their last grab."""
    match = scramble(seed=14, cards=3)
    quota = match.state.quota[0] - match.state.grabbed[0]
    busy = play_scramble(scramble(seed=14, cards=3), SETTINGS, press_every=3.0, presses=quota)
    assert [a.by for _, a in busy if a.player == 0] == ["person"] * quota
    idle = play_scramble(match, SETTINGS, press_every=0.5, presses=1)
    for_me = [(at, a.by) for at, a in idle if a.player == 0]
    assert for_me[0] == (0.5, "person")
    stood_in = [at for at, by in for_me if by == "stand-in"]
    assert stood_in and min(stood_in) >= 0.5 + 10.0
