"""Learn a Toss Up! policy by tabular Q-learning through the Gymnasium environment.

The agent sits at seat 0 against the ``hold:20`` bot (roll until the turn is worth 20, then
bank). Its state is a coarse reading of the observation vector: both totals in steps of 10, the
turn's points in steps of 5, the dice left to roll, and whether the final round is on. Rewards
come at the end only (+1 a win, -1 a loss), so plain Q-learning with no discount learns which
risks pay. After training, the greedy policy plays fresh seeded matches against ``hold:20``; the
script prints its win rate beside ``hold:20``'s own from the same seat.

Run: ``.venv/bin/python examples/toss_up_q_learning.py`` (the ``rl`` extra);
``--episodes`` and ``--games`` set the sizes (the tests run it tiny).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

import numpy as np

from gamenight.adapters.gymnasium import GamenightEnv

#: Where the fields sit in Toss Up!'s vector for 2 players (see toss_up/encode.py): six values
#: per seat (yours first), then the turn.
MY_SCORE, THEIR_SCORE, TURN_POINTS, DICE_LEFT, FINAL_ROUND = 0, 6, 12, 13, 18
ROLL, BANK = 0, 1

Key = tuple[int, int, int, int, int]


def key(observation: np.ndarray) -> Key:
    """A coarse, hashable reading of the observation (scores are divided by 2 x target)."""
    return (
        min(int(observation[MY_SCORE] * 200) // 10, 11),
        min(int(observation[THEIR_SCORE] * 200) // 10, 11),
        min(round(observation[TURN_POINTS] * 100) // 5, 12),
        round(observation[DICE_LEFT] * 10),
        int(observation[FINAL_ROUND] > 0.5),
    )


def train(episodes: int, seed: int, alpha: float = 0.05) -> dict[Key, list[float]]:
    """Q-learning with an exploration rate falling from 0.3 to 0.02."""
    env = GamenightEnv("toss-up", opponents=["hold:20"], seat=0)
    rng = random.Random(seed)
    q: dict[Key, list[float]] = defaultdict(lambda: [0.0, 0.0])
    observation, _ = env.reset(seed=seed)
    for episode in range(episodes):
        explore = max(0.02, 0.3 * (1 - episode / max(1, episodes)))
        state = key(observation)
        while True:
            values = q[state]
            action = rng.randrange(2) if rng.random() < explore else int(values[1] > values[0])
            observation, reward, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                values[action] += alpha * (float(reward) - values[action])
                observation, _ = env.reset()
                break
            following = key(observation)
            values[action] += alpha * (max(q[following]) - values[action])
            state = following
    return q


def win_rate(choose: object, games: int, seed: int) -> float:
    """The share of ``games`` seeded matches won at seat 0 against hold:20."""
    env = GamenightEnv("toss-up", opponents=["hold:20"], seat=0)
    wins = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        while True:
            action = choose(observation)  # type: ignore[operator]
            observation, reward, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                wins += float(reward) > 0
                break
    return wins / games


def whole_number(text: str, low: int) -> int:
    """``text`` as a whole number of at least ``low``, or argparse's error saying so."""
    refusal = argparse.ArgumentTypeError(f"expected a whole number of at least {low}, got {text!r}")
    try:
        value = int(text)
    except ValueError:
        raise refusal from None
    if value < low:
        raise refusal
    return value


def positive_int(text: str) -> int:
    """An argparse type: a count, at least 1."""
    return whole_number(text, 1)


def non_negative_int(text: str) -> int:
    """An argparse type: a seed, at least 0 (Gymnasium refuses negative seeds)."""
    return whole_number(text, 0)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The options; a bad value ends the script with argparse's one-line error (status 2)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--episodes", type=positive_int, default=100_000, help="training matches (at least 1)"
    )
    parser.add_argument(
        "--games", type=positive_int, default=4_000, help="evaluation matches (at least 1)"
    )
    parser.add_argument(
        "--seed",
        type=non_negative_int,
        default=1,
        help="seed of the training matches and the exploration (at least 0); the evaluation "
        "matches keep their own fixed seeds",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    """Train, then measure against hold:20 beside hold:20 itself."""
    args = parse_args(argv)
    start = time.perf_counter()
    q = train(args.episodes, args.seed)
    trained = time.perf_counter() - start

    def greedy(observation: np.ndarray) -> int:
        values = q.get(key(observation), [0.0, 0.0])
        return int(values[1] > values[0])

    def hold20(observation: np.ndarray) -> int:
        return BANK if round(observation[TURN_POINTS] * 100) >= 20 else ROLL

    learned = win_rate(greedy, args.games, seed=10**6)
    baseline = win_rate(hold20, args.games, seed=10**6)
    print(f"trained on {args.episodes} matches in {trained:.1f}s ({len(q)} states visited)")
    print(f"Q-learning policy vs hold:20: won {learned:.3f} of {args.games} matches (seat 0)")
    print(f"hold:20 itself    vs hold:20: won {baseline:.3f} of {args.games} matches (seat 0)")


if __name__ == "__main__":
    main()
