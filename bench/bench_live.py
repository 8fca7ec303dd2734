"""The live runtime's own cost: steps per second of many live matches in one event loop.

Every seat is a random bot with no delay (bot think times, reaction times and limits at zero or
off), and every seat plus one spectator is subscribed and read, so each step pays for what a
server pays: the command queue, the store hook, one view and one redaction per viewer. Printed
per game, beside the same games played by the offline driver (``sim.driver.run``) in the same
run, bare and with the same views built for every viewer after each step, and the ratio of
live to the latter: what the queue, the timers, the store hook and the updates cost on top of
the views a server must build anyway. Peak memory last.

Run: ``.venv/bin/python bench/bench_live.py [--matches 200] [--game toss-your-cookies]``.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import time

from gamenight.bots import RandomBot
from gamenight.engine import Match
from gamenight.engine.registry import game_ids, make_game
from gamenight.live import Applied, LiveMatch, LiveSettings, Subscription
from gamenight.sim.driver import run

NO_DELAYS = LiveSettings(
    bot_think=(0.0, 0.0),
    bot_forced=(0.0, 0.0),
    reaction_scale=0.0,
    turn_limit=None,
    window_limit=None,
    race_limit=None,
)


async def live_matches(game_id: str, matches: int, seed: int) -> tuple[int, float]:
    """Play ``matches`` live matches at once; returns steps and seconds."""

    async def one(index: int) -> int:
        game = make_game(game_id)
        match = Match(game, seed=seed + index)
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        live = LiveMatch(match, NO_DELAYS, controllers=["random"] * game.players, persist=persist)
        readers = [live.subscribe(v) for v in [*range(game.players), None]]

        async def drain(sub: Subscription) -> None:
            async for _ in sub:
                pass

        tasks = [asyncio.create_task(drain(r)) for r in readers]
        async with live:
            await live.finished()
        await asyncio.gather(*tasks)
        return match.version

    start = time.perf_counter()
    steps = await asyncio.gather(*(one(i) for i in range(matches)))
    return sum(steps), time.perf_counter() - start


def offline(game_id: str, matches: int, seed: int, views: bool) -> tuple[int, float]:
    """The same games through the offline driver (building every viewer's view after each
    step if ``views``); returns steps and seconds."""
    steps = 0
    start = time.perf_counter()
    for index in range(matches):
        game = make_game(game_id)
        match = Match(game, seed=seed + index)
        viewers = [*range(game.players), None]

        def build(
            _seat: int, _events: object, match: Match = match, viewers: list[int | None] = viewers
        ) -> None:
            for viewer in viewers:
                match.view(viewer)

        agents = [RandomBot(game, s, "random") for s in range(game.players)]
        run(match, agents, on_events=build if views else None)
        steps += match.version
    return steps, time.perf_counter() - start


def main() -> None:
    """Print the figures for each game (or the one asked for)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="live matches at once")
    parser.add_argument("--game", choices=game_ids(), help="one game only")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.matches} matches at once, random bots with no delays, every seat subscribed")
    print(f"{'steps/s':>20} {'live':>8} {'offline+views':>14} {'offline':>8} {'live/(off+v)':>13}")
    for game_id in [args.game] if args.game else game_ids():
        steps, seconds = asyncio.run(live_matches(game_id, args.matches, args.seed))
        viewed, viewed_seconds = offline(game_id, args.matches, args.seed, views=True)
        bare, bare_seconds = offline(game_id, args.matches, args.seed, views=False)
        live, with_views = steps / seconds, viewed / viewed_seconds
        print(
            f"{game_id:>20} {live:>8,.0f} {with_views:>14,.0f} {bare / bare_seconds:>8,.0f} "
            f"{live / with_views:>13.2f}"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory: {peak:.0f} MB")


if __name__ == "__main__":
    main()
