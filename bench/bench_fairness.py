"""Are live races fair to people? A modelled person against bots at each speed, on virtual time.

For each kind of contest (Toss Your Cookies' race for the tossed milk, the first card of a
scramble, a Paper Toss! reaction window) the script walks seeded matches to that contest, seats a
modelled person at one of the seats in it and ``default`` bots everywhere else, and runs the
real ``LiveMatch`` on a ``VirtualClock`` (no real sleeps). The person reacts by the same model as
the bots (``gamenight.bots.reaction`` at ``normal``), but over a phone's network: the update
reaches the phone after a one-way delay, the tap comes back after another (each log-normal,
median 40 ms). A contest is won by whoever's answer lands first.

Printed per contest and bot speed: the person's share of contests won with a 95% Wilson
interval, the fair share (1 / the number of players in the contest, averaged), and the share
won by a person who always taps at the model's median (plus the median network) against the
same bots: such a person must never lose every race.

Run: ``.venv/bin/python bench/bench_fairness.py [--trials 2000] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import gamenight.games  # noqa: F401  (registers the games)
from gamenight.bots.reaction import NETWORK, SPEEDS, reaction_time
from gamenight.engine import Kind, Match, make_game
from gamenight.live import Applied, LiveMatch, LiveSettings
from gamenight.live.clock import VirtualClock

#: The one-way network delay of the person's phone: log-normal, median 40 ms.
ONE_WAY_MEDIAN = NETWORK / 2
ONE_WAY_SIGMA = 0.5


@dataclass(frozen=True)
class Contest:
    """A kind of contest: its game, and when a walked match has reached one."""

    name: str
    game: str
    reached: Callable[[Match], bool]


def _race(window: str) -> Callable[[Match], bool]:
    def reached(m: Match) -> bool:
        pending = m.pending
        return pending.kind is Kind.RACE and pending.window == window and len(pending.players) > 1

    return reached


def _window(m: Match) -> bool:
    pending = m.pending
    return pending.kind is Kind.REACTION and len(pending.players) > 1


CONTESTS = (
    Contest("Toss Your Cookies: milk race", "toss-your-cookies", _race("milk_race")),
    Contest("Toss Your Cookies: scramble, first card", "toss-your-cookies", _race("scramble")),
    Contest("Paper Toss!: reaction window, first answer", "paper-toss", _window),
)


def situations(contest: Contest, count: int, seed: int) -> list[tuple[int, int]]:
    """``count`` (match seed, version) pairs where a seeded random walk reaches the contest."""
    found: list[tuple[int, int]] = []
    game = make_game(contest.game)
    s = seed
    while len(found) < count:
        match, rng = Match(game, seed=s), random.Random(s)
        for _ in range(3000):
            if contest.reached(match):
                found.append((s, match.version))
                break
            if not _walk_step(match, rng):
                break
        s += 1
    return found


def _walk_step(match: Match, rng: random.Random) -> bool:
    pending = match.pending
    if pending.kind is Kind.TERMINAL:
        return False
    if pending.kind is Kind.CHANCE:
        match.roll_chance()
        return True
    seat = pending.players[0]
    legal = match.game.legal_actions(match.state, seat)
    match.submit(seat, legal[rng.randrange(len(legal))], match.version)
    return True


def rebuild(game_id: str, seed: int, version: int) -> Match:
    """The situation again: the same seeded walk, stopped at ``version``."""
    match, rng = Match(make_game(game_id), seed=seed), random.Random(seed)
    while match.version < version:
        _walk_step(match, rng)
    return match


async def one_contest(
    match: Match, person: int, speed: str, rng: random.Random, median_person: bool
) -> bool:
    """Play one contest live on virtual time; whether the person's answer landed first."""
    clock = VirtualClock()
    first: list[Applied] = []
    start = match.version

    async def persist(applied: Applied) -> None:
        if applied.version > start and not first and applied.player >= 0:
            first.append(applied)

    game = match.game
    controllers: list[Any] = ["default"] * game.players
    controllers[person] = None
    settings = LiveSettings(
        bot_speed=speed, start_pause=0.0, turn_limit=None, window_limit=None, race_limit=None
    )
    live = LiveMatch(
        match,
        settings,
        controllers=controllers,
        persist=persist,
        rng=random.Random(rng.getrandbits(64)),
        clock=clock,
    )
    legal = game.legal_actions(match.state, person)
    action = legal[rng.randrange(len(legal))]
    window = match.pending.kind is Kind.REACTION
    if median_person:
        mid = random.Random(0)
        draws = [reaction_time(mid, "normal", len(legal), window=window) for _ in range(301)]
        delay = statistics.median(draws)
    else:
        down = rng.lognormvariate(math.log(ONE_WAY_MEDIAN), ONE_WAY_SIGMA)
        up = rng.lognormvariate(math.log(ONE_WAY_MEDIAN), ONE_WAY_SIGMA)
        delay = reaction_time(rng, "normal", len(legal), window=window, network=down + up)

    async def tap() -> None:
        try:
            await live.submit(person, action, start)
        except Exception:  # too slow: someone else's answer landed first
            return

    tasks: list[asyncio.Task[None]] = []
    clock.call_later(delay, lambda: tasks.append(asyncio.ensure_future(tap())))
    async with live:
        await clock.run_while(lambda: not first, limit=60)
        if tasks:
            await asyncio.gather(*tasks)
    return bool(first) and first[0].player == person


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


async def measure(trials: int, seed: int, median_trials: int) -> None:
    """Print one table row per contest and bot speed."""
    print("| contest | bots | person's share (95% interval) | fair share | median tapper's share |")
    print("|---|---|---|---|---|")
    for contest in CONTESTS:
        places = situations(contest, 60, seed)
        for speed in SPEEDS:
            rng = random.Random(f"{seed}:{contest.name}:{speed}")
            wins = median_wins = 0
            fair: list[float] = []
            for trial in range(trials + median_trials):
                at = places[trial % len(places)]
                match = rebuild(contest.game, *at)
                racers = match.pending.players
                person = racers[rng.randrange(len(racers))]
                median = trial >= trials
                won = await one_contest(match, person, speed, rng, median)
                if median:
                    median_wins += won
                else:
                    wins += won
                    fair.append(1 / len(racers))
            low, high = wilson(wins, trials)
            print(
                f"| {contest.name} | {speed} | {wins / trials:.3f} ({low:.3f}-{high:.3f}) | "
                f"{statistics.fmean(fair):.3f} | {median_wins / median_trials:.3f} |",
                flush=True,
            )


def main() -> None:
    """Parse the arguments and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=2000, help="contests per row")
    parser.add_argument("--median-trials", type=int, default=300, help="for the median tapper")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(measure(args.trials, args.seed, args.median_trials))


if __name__ == "__main__":
    main()
