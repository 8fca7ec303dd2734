"""OpenSpiel's Python ISMCTS bot plays a card game against random seats through the adapter.

``ISMCTSBot`` searches from the seat's information state: each simulation draws a world with
``state.resample_from_infostate(seat, sampler)``, which the adapter answers through the game's
own ``sample_state`` (a full state that shows the seat exactly its view), and keys its tree by
the adapter's perfect-recall information state strings. The bot (random rollouts, UCT) takes
seat 0, 1, ... in turn, every other seat plays uniformly at random; the script prints its wins
beside the share a random seat would expect (1 / players).

Run: ``.venv/bin/python examples/openspiel_ismcts.py`` (the ``rl`` extra); ``--game``,
``--players``, ``--games`` and ``--simulations`` set the sizes (the tests run it tiny).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from gamenight.adapters.openspiel import register

CARD_GAMES = ("paper-toss", "toss-your-cookies", "cover-your-cookies")


def whole_number(text: str, low: int, high: int) -> int:
    """``text`` as a whole number from ``low`` to ``high``, or argparse's error saying so."""
    refusal = argparse.ArgumentTypeError(
        f"expected a whole number from {low} to {high}, got {text!r}"
    )
    try:
        value = int(text)
    except ValueError:
        raise refusal from None
    if not low <= value <= high:
        raise refusal
    return value


def count(text: str) -> int:
    """An argparse type: matches or simulations, 1 to 100,000."""
    return whole_number(text, 1, 100_000)


def players_int(text: str) -> int:
    """An argparse type: players, 2 to 8 (the game checks its own range)."""
    return whole_number(text, 2, 8)


def seed_int(text: str) -> int:
    """An argparse type: a seed numpy takes, 0 to 2**32 - 1."""
    return whole_number(text, 0, 2**32 - 1)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The options, checked before any match (argparse's one-line error, status 2)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=CARD_GAMES, default="paper-toss", help="the card game")
    parser.add_argument(
        "--players", type=players_int, default=2, help="players (as the game allows)"
    )
    parser.add_argument("--games", type=count, default=20, help="matches (1 to 100,000)")
    parser.add_argument(
        "--simulations", type=count, default=50, help="ISMCTS simulations a move (1 to 1e5)"
    )
    parser.add_argument(
        "--seed", type=seed_int, default=1, help="seed of the search and the matches"
    )
    args = parser.parse_args(argv)
    register()
    try:
        load(args)
    except ValueError as exc:
        parser.error(f"argument --players: {exc}")
    return args


def load(args: argparse.Namespace) -> pyspiel.Game:
    """The OpenSpiel game of the options."""
    name = "gamenight_" + args.game.replace("-", "_")
    return pyspiel.load_game(f"{name}(players={args.players})")


def play(game: pyspiel.Game, bot: ismcts.ISMCTSBot, seat: int, rng: random.Random) -> float:
    """One match: ISMCTS at ``seat``, uniform random elsewhere; ``seat``'s return."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, odds)[0])
        elif state.current_player() == seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return float(state.returns()[seat])


def main(argv: list[str] | None = None) -> None:
    """ISMCTS against random seats over a number of matches, its seat rotating."""
    args = parse_args(argv)
    game = load(args)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed))
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, args.simulations, random_state=np.random.RandomState(args.seed)
    )
    worlds = random.Random(args.seed)  # seeded world draws, so a run replays
    bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, worlds.random))
    rng = random.Random(args.seed + 1)
    start = time.perf_counter()
    wins = sum(play(game, bot, match % args.players, rng) > 0 for match in range(args.games))
    elapsed = time.perf_counter() - start
    print(
        f"OpenSpiel ISMCTS ({args.simulations} simulations a move) vs random at {args.game}, "
        f"{args.players} players: won {wins / args.games:.3f} ({wins} of {args.games} "
        f"matches; a random seat expects {1 / args.players:.3f}) in {elapsed:.0f}s"
    )


if __name__ == "__main__":
    main()
