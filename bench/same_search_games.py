"""Check that a speed change left the search's moves alone: seeded games with ``ismcts`` in
seat 0 and the default bot elsewhere, digested per game.

``bench/same_results.py`` covers simulations with the default and random bots; the search
draws worlds and plays out with the rollout bots, so a change to a bot, a view or a sampler
could change its moves while leaving those digests alone. Run it on two trees and compare:

    .venv/bin/python bench/same_search_games.py > after.txt
    PYTHONPATH=/path/to/old/tree/src .venv/bin/python bench/same_search_games.py > before.txt
    diff before.txt after.txt

Two 4-player games per card game by default (``--games``), about half a minute in all.
"""

from __future__ import annotations

import argparse
import hashlib
import json

from gamenight.bots import make_bot
from gamenight.bots.registry import default_bot
from gamenight.engine import Match
from gamenight.engine.registry import make_game
from gamenight.sim.driver import agent_rngs, step

GAMES = ("toss-your-cookies", "cover-your-cookies", "paper-toss")


def steps_of(game_id: str, seed: int, players: int = 4) -> list[object]:
    """The recorded steps of the seeded game ``seed``, the search in seat 0."""
    game = make_game(game_id, players=players)
    match = Match(game, seed=seed)
    others = default_bot(game_id)
    agents = [make_bot("ismcts", game, 0)]
    agents += [make_bot(others, game, seat) for seat in range(1, players)]
    for agent in agents:
        agent.attach(lambda: match.state)
    rngs = agent_rngs(seed, players)
    while not match.finished:
        step(match, agents, rngs)
    steps: list[object] = match.record()["steps"]
    return steps


def digest(game_id: str, games: int) -> str:
    """SHA-256 (first 16 hex digits) of the steps of seeds 0 to ``games - 1``."""
    sha = hashlib.sha256()
    for seed in range(games):
        sha.update(json.dumps(steps_of(game_id, seed), sort_keys=True, default=str).encode())
    return sha.hexdigest()[:16]


def main() -> None:
    """Print one digest per card game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="seeded games per card game")
    args = parser.parse_args()
    for game_id in GAMES:
        print(f"{game_id:20s} {digest(game_id, args.games)}")


if __name__ == "__main__":
    main()
