"""Toss Up! simulation speed against OpenSpiel's ``pig``, measured in the same run.

Prints games per second of uniformly random play, on one core:

* gamenight Toss Up! (2 players, to 100) through the engine API: ``pending`` /
  ``legal_actions`` / ``apply`` / ``sample_chance``, the same loop an RL or search client runs;
* gamenight through the full match stack (``Match`` + the seeded driver + random bots), as
  ``gamenight simulate`` runs it;
* gamenight's numpy kernel (``simulate --fast``): the same rules and random policy, thousands of
  games at once (a test shows it draws the same distribution as the engine);
* OpenSpiel's C++ ``pig`` (2 players, to 100) driven from a Python loop, and from its own C++
  loop (``pyspiel.evaluate_bots`` with its uniform random bots);

and the ratios of gamenight's engine-API figure to each peer. Both games are push-your-luck
dice races to 100, so games per second compare like with like; steps per game are printed too.

Run: ``make bench`` (installs the optional ``bench`` extra: open_spiel).
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gamenight.bots import RandomBot
from gamenight.engine import CHANCE, Kind, Match
from gamenight.engine.registry import make_game
from gamenight.sim.driver import run
from gamenight.sim.kernels import fast_simulate
from openspiel_pig import pig_cpp_loop, pig_python_loop


def toss_up_engine_loop(games: int, seed: int, stats: dict[str, float] | None = None) -> float:
    """Random play through the engine API; returns games per second."""
    game = make_game("toss-up", players=2)
    pending, legal, apply, sample = game.pending, game.legal_actions, game.apply, game.sample_chance
    terminal, chance = Kind.TERMINAL, Kind.CHANCE
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
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
                state, _events = apply(state, player, actions[rng.randrange(len(actions))])
            steps += 1
    elapsed = time.perf_counter() - start
    if stats is not None:
        stats["mean_steps"] = steps / games
    return games / elapsed


def toss_up_match_loop(games: int, seed: int, stats: dict[str, float] | None = None) -> float:
    """Random bots through Match and the driver (views built per decision); games per second."""
    game = make_game("toss-up", players=2)
    agents = [RandomBot(game, seat, "random") for seat in range(2)]
    steps = 0
    start = time.perf_counter()
    for index in range(games):
        steps += len(run(Match(game, seed=seed + index), agents).steps)
    elapsed = time.perf_counter() - start
    if stats is not None:
        stats["mean_steps"] = steps / games
    return games / elapsed


def toss_up_kernel(games: int, seed: int, stats: dict[str, float] | None = None) -> float:
    """Random play by the numpy kernel; games per second."""
    game = make_game("toss-up", players=2)
    start = time.perf_counter()
    report = fast_simulate(game, ["random", "random"], games, seed)
    elapsed = time.perf_counter() - start
    if stats is not None:
        # Engine steps per turn: every roll is a chance step and every roll that does not bust
        # is followed by one decision (roll on or bank).
        busts = sum(seat["bust_rate"] for seat in report.per_seat) / len(report.per_seat)
        per_turn = 2 * report.overall["rolls_per_turn"] - busts
        stats["mean_steps"] = report.mean_turns * per_turn
    return games / elapsed


def main(argv: list[str] | None = None) -> None:
    """Run every loop ``--repeat`` times and print medians and ratios."""
    parser = argparse.ArgumentParser(description="Toss Up! speed against OpenSpiel pig")
    parser.add_argument("--games", type=int, default=20_000, help="games per Python-loop run")
    parser.add_argument("--cpp-games", type=int, default=200_000, help="games per C++-loop run")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each loop (median kept)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    loops = [
        ("gamenight toss-up, engine API", toss_up_engine_loop, args.games),
        ("gamenight toss-up, Match + driver", toss_up_match_loop, args.games // 4),
        ("gamenight toss-up, numpy kernel", toss_up_kernel, args.cpp_games),
        ("OpenSpiel pig, Python loop", pig_python_loop, args.games),
        ("OpenSpiel pig, C++ loop", pig_cpp_loop, args.cpp_games),
    ]
    print(f"Python {sys.version.split()[0]}, one core, {args.repeat} runs each (median)")
    rates: dict[str, float] = {}
    for name, loop, games in loops:
        runs, steps = [], 0.0
        for r in range(args.repeat):
            stats: dict[str, float] = {}
            runs.append(loop(games, args.seed + r, stats))
            steps = stats["mean_steps"]
        rates[name] = statistics.median(runs)
        spread = (max(runs) - min(runs)) / rates[name] * 100
        print(
            f"{name:36s} {rates[name]:10,.0f} games/s  (±{spread / 2:.0f}%)  "
            f"{steps:6.1f} steps/game  {rates[name] * steps:12,.0f} steps/s"
        )
    print()
    for mine in ("gamenight toss-up, engine API", "gamenight toss-up, numpy kernel"):
        for name in ("OpenSpiel pig, Python loop", "OpenSpiel pig, C++ loop"):
            label = f"{mine.removeprefix('gamenight toss-up, ')} / {name}"
            print(f"{label:50s} {rates[mine] / rates[name]:7.2f}x")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of this process: {peak:.0f} MiB")


if __name__ == "__main__":
    main()
