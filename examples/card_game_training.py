"""Train a Paper Toss! player with a small policy-gradient learner in numpy, against ``random``.

The learner plays seat 0 of a 2-player Paper Toss! through the Gymnasium environment, seeing
only its own seat's encoded view and choosing among the legal moves (the action mask). It is
REINFORCE with a learned baseline (an actor-critic without bootstrapping): a network with one
hidden layer of ``--hidden`` tanh units gives a softmax over the legal moves and a value
estimate; after each batch of matches the log-probability of every move made is pushed up by
how much better the match ended (+1 a win, -1 a loss) than the value expected, with Adam.
Moves with a single legal choice are played without learning from them.

Before and after training the greedy and the sampling policies play fresh seeded matches
against ``random``; the script prints the win rates (0.5 is random's own level).

Run: ``.venv/bin/python examples/card_game_training.py`` (the ``rl`` extra); ``--matches``,
``--batch`` and ``--games`` set the sizes (the tests run it tiny).
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from gamenight.adapters.gymnasium import GamenightEnv


class Network:
    """One tanh hidden layer, a policy head (logits per action id) and a value head."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator):
        scale = 1.0 / np.sqrt(inputs)
        self.params = {
            "w1": rng.normal(0.0, scale, (inputs, hidden)),
            "b1": np.zeros(hidden),
            "wp": rng.normal(0.0, 0.01, (hidden, actions)),
            "bp": np.zeros(actions),
            "wv": np.zeros(hidden),
            "bv": np.zeros(1),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.updates = 0

    def forward(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
        """Hidden units, move probabilities (0 off the mask) and the value of one observation."""
        p = self.params
        hidden = np.tanh(x @ p["w1"] + p["b1"])
        logits = hidden @ p["wp"] + p["bp"]
        logits = np.where(mask, logits, -np.inf)
        logits -= logits.max()
        probs = np.exp(logits)
        probs /= probs.sum()
        return hidden, probs, float(hidden @ p["wv"] + p["bv"][0])

    def learn(self, steps: list[tuple[np.ndarray, np.ndarray, int, float]], rate: float) -> None:
        """One Adam step on a batch of (observation, mask, action, final reward)."""
        x = np.stack([s[0] for s in steps])
        mask = np.stack([s[1] for s in steps]).astype(bool)
        actions = np.array([s[2] for s in steps])
        returns = np.array([s[3] for s in steps])
        p = self.params
        hidden = np.tanh(x @ p["w1"] + p["b1"])
        logits = np.where(mask, hidden @ p["wp"] + p["bp"], -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        values = hidden @ p["wv"] + p["bv"][0]
        advantage = returns - values
        n = len(steps)
        # The loss: -advantage * log pi(a|s) for the policy, 0.5 (return - value)^2 for the value.
        dlogits = probs.copy()
        dlogits[np.arange(n), actions] -= 1.0
        dlogits *= advantage[:, None] / n
        dvalues = -(advantage) / n
        dhidden = dlogits @ p["wp"].T + np.outer(dvalues, p["wv"])
        dpre = dhidden * (1.0 - hidden**2)
        grads = {
            "wp": hidden.T @ dlogits,
            "bp": dlogits.sum(axis=0),
            "wv": hidden.T @ dvalues,
            "bv": np.array([dvalues.sum()]),
            "w1": x.T @ dpre,
            "b1": dpre.sum(axis=0),
        }
        self.updates += 1
        for name, grad in grads.items():
            m, v = self.moments[name]
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad**2
            m_hat = m / (1 - 0.9**self.updates)
            v_hat = v / (1 - 0.999**self.updates)
            p[name] -= rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def play(
    env: GamenightEnv, net: Network, seed: int, rng: np.random.Generator, greedy: bool
) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One match at seat 0; returns the final reward and the choices made among several."""
    observation, info = env.reset(seed=seed)
    choices = []
    while True:
        mask = info["action_mask"]
        legal = np.flatnonzero(mask)
        if len(legal) == 1:
            action = int(legal[0])
        else:
            _hidden, probs, _value = net.forward(observation, mask.astype(bool))
            action = int(probs.argmax()) if greedy else int(rng.choice(len(probs), p=probs))
            choices.append((observation, mask, action))
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return float(reward), choices


def win_rate(env: GamenightEnv, net: Network, games: int, greedy: bool) -> float:
    """The share of ``games`` fresh seeded matches won against random."""
    rng = np.random.default_rng(7)
    return sum(play(env, net, 10**6 + g, rng, greedy)[0] > 0 for g in range(games)) / games


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
    """An argparse type: a count or a size, at least 1."""
    return whole_number(text, 1)


def non_negative_int(text: str) -> int:
    """An argparse type: a seed, at least 0 (numpy and Gymnasium refuse negative seeds)."""
    return whole_number(text, 0)


def positive_float(text: str) -> float:
    """An argparse type: a finite number above 0 (a step size)."""
    refusal = argparse.ArgumentTypeError(f"expected a number above 0, got {text!r}")
    try:
        value = float(text)
    except ValueError:
        raise refusal from None
    if not (math.isfinite(value) and value > 0):
        raise refusal
    return value


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The options; a bad value ends the script with argparse's one-line error (status 2)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--matches", type=positive_int, default=3_000, help="training matches (at least 1)"
    )
    parser.add_argument(
        "--batch",
        type=positive_int,
        default=10,
        help="matches per update (at least 1, at most --matches)",
    )
    parser.add_argument(
        "--games", type=positive_int, default=500, help="evaluation matches (at least 1)"
    )
    parser.add_argument(
        "--hidden",
        type=positive_int,
        default=64,
        help="tanh units in the hidden layer (at least 1)",
    )
    parser.add_argument(
        "--rate", type=positive_float, default=3e-3, help="Adam's step size (above 0)"
    )
    parser.add_argument(
        "--seed",
        type=non_negative_int,
        default=1,
        help="seed of the network, the moves sampled and the training matches (at least 0); "
        "the evaluation matches keep their own fixed seeds",
    )
    args = parser.parse_args(argv)
    if args.batch > args.matches:
        parser.error(
            f"argument --batch: {args.batch} matches per update is more than the "
            f"{args.matches} training matches (--matches): the network would never learn"
        )
    return args


def main(argv: list[str] | None = None) -> None:
    """Measure, train, measure again."""
    args = parse_args(argv)
    env = GamenightEnv("paper-toss", opponents=["random"], seat=0)
    rng = np.random.default_rng(args.seed)
    net = Network(env.observation_space.shape[0], env.game.num_actions, args.hidden, rng)
    before = win_rate(env, net, args.games, greedy=False)
    start = time.perf_counter()
    batch: list[tuple[np.ndarray, np.ndarray, int, float]] = []
    recent: list[float] = []
    for match in range(args.matches):
        reward, choices = play(env, net, args.seed * 10**7 + match, rng, greedy=False)
        batch += [(obs, mask, action, reward) for obs, mask, action in choices]
        recent.append(reward > 0)
        if (match + 1) % args.batch == 0 and batch:
            net.learn(batch, args.rate)
            batch = []
        if (match + 1) % max(1, args.matches // 10) == 0:
            print(f"  {match + 1} matches: won {np.mean(recent):.3f} of the last {len(recent)}")
            recent = []
    trained = time.perf_counter() - start
    sampled = win_rate(env, net, args.games, greedy=False)
    greedy = win_rate(env, net, args.games, greedy=True)
    print(f"trained on {args.matches} matches in {trained:.0f}s")
    print(f"untrained (sampling) vs random: won {before:.3f} of {args.games}")
    print(f"trained, sampling    vs random: won {sampled:.3f} of {args.games}")
    print(f"trained, greedy      vs random: won {greedy:.3f} of {args.games}")


if __name__ == "__main__":
    main()
