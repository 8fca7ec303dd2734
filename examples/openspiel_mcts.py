"""OpenSpiel's Python MCTS bot plays Toss Up! through the OpenSpiel adapter.

``gamenight.adapters.openspiel.register()`` makes ``gamenight_toss_up`` loadable with
``pyspiel.load_game``; every roll is an explicit chance node, so OpenSpiel's MCTS (random
rollouts to the end of the match, UCT) searches the real game. Toss Up! hides nothing, so the
search sees exactly what a player sees. Its opponent is gamenight's ``hold:20`` bot (or any bot
spec), asked through the engine: the OpenSpiel state carries the gamenight state
(``state.engine_state``), whose view of the bot's seat the bot reads. Seats alternate from match
to match; the script prints the MCTS bot's wins.

Run: ``.venv/bin/python examples/openspiel_mcts.py`` (the ``rl`` extra); ``--games``,
``--simulations`` and ``--target`` set the sizes (the tests run it tiny).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from gamenight.adapters.openspiel import register
from gamenight.bots import make_bot


def play_match(
    game: pyspiel.Game, searcher: mcts.MCTSBot, opponent_spec: str, mcts_seat: int, seed: int
) -> list[float]:
    """One match: MCTS at ``mcts_seat``, the bot elsewhere; chance by its odds. The returns."""
    engine = game.engine
    rng = random.Random(seed)
    bot_rng = random.Random(seed + 1)
    opponent = make_bot(opponent_spec, engine, 1 - mcts_seat)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, odds)[0])
        elif state.current_player() == mcts_seat:
            state.apply_action(searcher.step(state))
        else:
            seat = state.current_player()
            legal = engine.legal_actions(state.engine_state, seat)
            choice = opponent.act(engine.observe(state.engine_state, seat), legal, bot_rng)
            state.apply_action(engine.action_id(choice))
    return list(state.returns())


def main(argv: list[str] | None = None) -> None:
    """MCTS against a bot over a number of matches, seats alternating."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="matches to play")
    parser.add_argument("--simulations", type=int, default=100, help="MCTS simulations a move")
    parser.add_argument("--opponent", default="hold:20", help="the gamenight bot to face")
    parser.add_argument("--target", type=int, default=100, help="Toss Up!'s target")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    register()
    game = pyspiel.load_game(f"gamenight_toss_up(players=2,target={args.target})")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed))
    searcher = mcts.MCTSBot(
        game, 2.0, args.simulations, evaluator, random_state=np.random.RandomState(args.seed)
    )
    wins = 0.0
    start = time.perf_counter()
    for match in range(args.games):
        seat = match % 2
        wins += play_match(game, searcher, args.opponent, seat, args.seed * 1000 + match)[seat] > 0
    elapsed = time.perf_counter() - start
    print(
        f"OpenSpiel MCTS ({args.simulations} simulations a move) vs {args.opponent}, "
        f"to {args.target}: "
        f"won {wins:.0f} of {args.games} matches ({wins / args.games:.3f}) in {elapsed:.0f}s"
    )


if __name__ == "__main__":
    main()
