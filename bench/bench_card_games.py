"""The card games' simulation speed against RLCard's ``uno``, measured in the same run.

Prints, for each card game at 4 players, player decisions per second of random play through the
full match stack (``Match`` + the seeded driver + random bots, as ``gamenight simulate`` runs
it), beside RLCard's ``uno`` (4 players) with its random agents, in transitions (player actions)
per second; then each ratio. Rounds are interleaved (each game, then uno, every round) and the
medians are printed, so load on the machine hits both sides alike. One core; every rate is per
second of CPU time (``time.process_time``), which a busy machine disturbs far less than wall
time.

Run: ``.venv/bin/python bench/bench_card_games.py`` (needs the ``bench`` extra: rlcard).

``--games N --only GAME`` plays seeds 0 to N-1 of one game once, with no timing and no uno, and
prints the decisions made: a fixed amount of work for an instruction counter, which a shared
machine does not disturb, e.g. the difference between two runs of
``valgrind --tool=callgrind --callgrind-out-file=/dev/null`` with ``--games 30`` and
``--games 60`` (``PYTHONHASHSEED=0``) is the cost of games 30 to 59.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")  # rlcard's numpy on one core too
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from gamenight.bots import make_bot
from gamenight.engine import CHANCE, Match
from gamenight.engine.registry import make_game
from gamenight.sim.driver import run

GAMES = ("toss-your-cookies", "paper-toss", "cover-your-cookies")


def gamenight_rate(game_id: str, seconds: float, seed: int) -> float:
    """Player decisions per second of random 4-player games, for about ``seconds``."""
    game = make_game(game_id, players=4)
    agents = [make_bot("random", game, seat) for seat in range(4)]
    decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        match = run(Match(game, seed=seed), agents)
        decisions += sum(1 for step in match.steps if step.player != CHANCE)
        seed += 1
    return decisions / (time.process_time() - start)


def play_games(game_id: str, games: int) -> int:
    """Play seeds 0 to ``games - 1`` of random 4-player ``game_id``; the decisions made."""
    game = make_game(game_id, players=4)
    agents = [make_bot("random", game, seat) for seat in range(4)]
    decisions = 0
    for seed in range(games):
        match = run(Match(game, seed=seed), agents)
        decisions += sum(1 for step in match.steps if step.player != CHANCE)
    return decisions


def uno_rate(seconds: float, seed: int) -> float:
    """RLCard uno transitions per second with 4 random agents, for about ``seconds``."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": seed, "game_num_players": 4})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])
    transitions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        trajectories, _payoffs = env.run(is_training=False)
        # each player's trajectory alternates state, action, state, ...: count the actions
        transitions += sum((len(t) - 1) // 2 for t in trajectories)
    return transitions / (time.process_time() - start)


def main() -> None:
    """Interleaved rounds; medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one round")
    parser.add_argument("--repeat", type=int, default=5, help="rounds per loop")
    parser.add_argument("--games", type=int, help="play this many seeded games once (no timing)")
    parser.add_argument("--only", choices=GAMES, help="the game played with --games")
    args = parser.parse_args()
    if args.games is not None:
        if args.only is None:
            parser.error("--games needs --only GAME")
        print(f"{args.only}: {play_games(args.only, args.games)} decisions in {args.games} games")
        return
    rates: dict[str, list[float]] = {name: [] for name in (*GAMES, "rlcard uno")}
    for game_id in GAMES:  # warm up (imports, first-use caches) before timing
        gamenight_rate(game_id, 0.2, 10**6)
    uno_rate(0.2, 10**6)
    for round_ in range(args.repeat):
        for game_id in GAMES:
            rates[game_id].append(gamenight_rate(game_id, args.seconds, 1000 * round_))
            rates["rlcard uno"].append(uno_rate(args.seconds, round_))
    uno = statistics.median(rates["rlcard uno"])
    print(
        f"CPU time, {args.repeat} interleaved rounds of {args.seconds:g} s (median); "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(f"{'loop (4 players, random play)':<44} {'decisions/s':>12} {'vs uno':>8}")
    print(f"{'rlcard uno, random agents':<44} {uno:>12,.0f} {'1.00x':>8}")
    for game_id in GAMES:
        rate = statistics.median(rates[game_id])
        label = f"gamenight {game_id}, Match + driver"
        print(f"{label:<44} {rate:>12,.0f} {rate / uno:>7.2f}x")


if __name__ == "__main__":
    main()
