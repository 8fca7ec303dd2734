"""What unpredictable chance costs: Toss Up! games per second with each chance generator.

Prints games per second of uniformly random 2-player Toss Up! (to 100), on one core:

* through the engine API (``pending`` / ``legal_actions`` / ``apply`` / ``sample_chance``, the
  loop of ``bench_toss_up.py``) with chance drawn from Python's Mersenne Twister
  (``random.Random``, the generator matches used before) and from ``ChanceRng`` (SHAKE-256 in
  counter mode, what a match uses now);
* through the full match stack (``Match`` + the driver + random bots, as ``gamenight simulate``
  runs it), which draws chance from the match's own generator and takes its lock on every step.

Rates are per second of this process's CPU time, and the runs of each loop are interleaved with
the median kept, so a machine busy with other work weighs on both sides alike. Run it on a tree
from before the change too (``PYTHONPATH=<old tree>/src``): there the second engine line is
missing and the match line shows the old stack.

Run: ``.venv/bin/python bench/bench_chance.py [--games N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from gamenight.bots import RandomBot
from gamenight.engine import CHANCE, Kind, Match
from gamenight.engine.registry import make_game
from gamenight.sim.driver import run

try:
    from gamenight.engine.chance import ChanceRng
except ImportError:  # a tree from before the chance generator
    ChanceRng = None  # type: ignore[assignment,misc]


def engine_loop(games: int, rng: random.Random, seed: int) -> float:
    """Random play through the engine API, chance drawn from ``rng``; games per second.

    The random policy draws from its own Mersenne Twister, as a bot does beside a match.
    """
    game = make_game("toss-up", players=2)
    pending, legal, apply, sample = game.pending, game.legal_actions, game.apply, game.sample_chance
    terminal, chance = Kind.TERMINAL, Kind.CHANCE
    policy = random.Random(seed)
    start = time.process_time()
    for _ in range(games):
        state = game.initial_state()
        while True:
            decision = pending(state)
            kind = decision.kind
            if kind is terminal:
                break
            if kind is chance:
                state, _events = apply(state, CHANCE, sample(state, rng))
            else:
                player = decision.players[0]
                actions = legal(state, player)
                state, _events = apply(state, player, actions[policy.randrange(len(actions))])
    return games / (time.process_time() - start)


def match_loop(games: int, seed: int) -> float:
    """Random bots through ``Match`` and the driver; games per second."""
    game = make_game("toss-up", players=2)
    agents = [RandomBot(game, seat, "random") for seat in range(2)]
    start = time.process_time()
    for index in range(games):
        run(Match(game, seed=seed + index), agents)
    return games / (time.process_time() - start)


def main(argv: list[str] | None = None) -> None:
    """Run every loop ``--repeat`` times, interleaved, and print medians and ratios."""
    parser = argparse.ArgumentParser(description="Toss Up! speed with each chance generator")
    parser.add_argument("--games", type=int, default=20_000, help="games per engine-loop run")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each loop (median kept)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    loops: list[tuple[str, Callable[[int], float]]] = [
        ("engine API, Mersenne Twister", lambda r: engine_loop(args.games, random.Random(r), r)),
    ]
    if ChanceRng is not None:
        loops.append(("engine API, ChanceRng", lambda r: engine_loop(args.games, ChanceRng(r), r)))
    loops.append(("Match + driver + random bots", lambda r: match_loop(args.games // 4, r)))
    runs: dict[str, list[float]] = {name: [] for name, _loop in loops}
    for r in range(args.repeat):
        for name, loop in loops:
            runs[name].append(loop(args.seed + r))
    print(f"Python {sys.version.split()[0]}, CPU time, {args.repeat} runs each (median)")
    rates = {name: statistics.median(values) for name, values in runs.items()}
    for name, rate in rates.items():
        spread = (max(runs[name]) - min(runs[name])) / rate * 100
        print(f"{name:32s} {rate:10,.0f} games/s  (±{spread / 2:.0f}%)")
    if ChanceRng is not None:
        ratio = rates["engine API, ChanceRng"] / rates["engine API, Mersenne Twister"]
        print(f"\nengine API, ChanceRng / Mersenne Twister: {ratio:.3f}x")


if __name__ == "__main__":
    main()
