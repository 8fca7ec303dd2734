"""Paired games: the same seeded matches with each of several bots in seat 0.

Seat 0 plays each spec in turn on the same match seeds (the same deal, dice and draws until the
bots' moves differ), every other seat plays the game's default bot. Prints, per spec, seat 0's
win share, and for every spec after the first its paired difference from the first with the
standard error of that difference: a small edge shows far sooner than in a ladder, since most
matches come out the same whichever bot sits in seat 0.

Run: ``python bench/bench_paired.py toss-your-cookies --specs smart,ismcts:400 --games 112``.
"""

from __future__ import annotations

import argparse
import math

from gamenight.bots import make_bot
from gamenight.bots.registry import default_bot
from gamenight.engine import Match
from gamenight.engine.registry import make_game
from gamenight.sim.driver import agent_rngs, step


def seat_zero_share(game_id: str, spec: str, players: int, seed: int) -> float:
    """Seat 0's share of the win in the match of ``seed`` with ``spec`` in seat 0."""
    game = make_game(game_id, players=players)
    match = Match(game, seed=seed)
    others = default_bot(game_id)
    agents = [make_bot(spec, game, 0)] + [make_bot(others, game, s) for s in range(1, players)]
    for agent in agents:
        attach = getattr(agent, "attach", None)
        if attach is not None:
            attach(lambda: match.state)
    rngs = agent_rngs(seed, players)
    while not match.finished:
        step(match, agents, rngs)
    winners = game.outcome(match.state).winners
    return 1.0 / len(winners) if 0 in winners else 0.0


def main() -> None:
    """Play the paired matches and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--specs", required=True, help="comma list of seat 0's bots")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=50_000, help="the first match's seed")
    args = parser.parse_args()
    specs = [s.strip() for s in args.specs.split(",")]
    rows = [
        [seat_zero_share(args.game, spec, args.players, args.seed + g) for spec in specs]
        for g in range(args.games)
    ]
    n = len(rows)
    for j, spec in enumerate(specs):
        share = sum(r[j] for r in rows) / n
        line = f"{spec:20s} seat 0 won {share:6.1%}"
        if j:
            diffs = [r[j] - r[0] for r in rows]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else math.inf
            differ = sum(d != 0 for d in diffs)
            line += (
                f"   vs {specs[0]}: {100 * mean:+.1f} points (standard error "
                f"{100 * math.sqrt(var / n):.1f}); {differ} of {n} matches differ"
            )
        print(line)


if __name__ == "__main__":
    main()
