"""Train a Paper Toss! player in numpy that beats the project's heuristic bot, ``smart``.

The learner takes one seat of a 2-player Paper Toss! against ``smart`` (the game's default
bot), through the Gymnasium environment: it sees its own seat's encoded view only and chooses
among the legal moves (the action mask). Seats alternate match by match, so one policy learns
both. The policy is a small actor-critic (one hidden layer of tanh units, a softmax over the
legal moves and a value estimate), trained in two stages within one CPU budget:

1. **imitation** (``--imitate``, a share of the budget): the learner watches ``smart`` play its
   seat and learns to pick the same moves (cross-entropy), and its value head learns how such
   positions end. This gives a policy about as good as ``smart`` within a minute or two;
2. **PPO** (the rest): the learner plays its own moves, and after each batch of matches every
   move is pushed up or down by its advantage (generalised advantage estimation from the value
   head, rewards +1 a win and -1 a loss at the end only), with PPO's clipped ratio, a few
   passes of minibatches, and Adam. Moves with a single legal choice are not learnt from.

Then the untrained and the trained network (greedy) play ``--games`` fresh seeded matches
against ``smart``, seats rotated (half at each seat), and ``smart`` itself plays the same
matches from the same seats: the script prints the three win rates with 95% Wilson intervals
and the fair share (0.5), which is also ``smart``'s own rate in expectation (seats rotated, the
two sides are alike). "Beats" means the learner's interval lies above it. Last, it says how
often the learner's move was ``smart``'s, by phase, and its commonest other moves.

Run: ``.venv/bin/python examples/train_paper_toss.py`` (the ``rl`` extra); ``--minutes`` is the
training budget in CPU minutes (``time.process_time``), ``--games`` the evaluation's size.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from gamenight.adapters.gymnasium import GamenightEnv
from gamenight.bots.base import Agent
from gamenight.bots.registry import make_bot

GAME = "paper-toss"
PLAYERS = 2
#: The heuristic bot the learner is trained and measured against.
HEURISTIC = "smart"
#: Seeds of the evaluation matches start here, far from the training seeds.
EVAL_SEED = 10**9


class Network:
    """One tanh hidden layer, a policy head (logits per action id) and a value head, with Adam."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator):
        self.params = {
            "w1": rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "wp": rng.normal(0.0, 0.01, (hidden, actions)),
            "bp": np.zeros(actions),
            "wv": np.zeros(hidden),
            "bv": np.zeros(1),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.updates = 0

    def act(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, float]:
        """Move probabilities (0 off the mask) and the value of one observation."""
        p = self.params
        hidden = np.tanh(x @ p["w1"] + p["b1"])
        logits = np.where(mask, hidden @ p["wp"] + p["bp"], -np.inf)
        probs = np.exp(logits - logits.max())
        return probs / probs.sum(), float(hidden @ p["wv"] + p["bv"][0])

    def batch(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Hidden units, move probabilities and values of a batch of observations."""
        p = self.params
        hidden = np.tanh(x @ p["w1"] + p["b1"])
        logits = np.where(mask, hidden @ p["wp"] + p["bp"], -np.inf)
        probs = np.exp(logits - logits.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        return hidden, probs, hidden @ p["wv"] + p["bv"][0]

    def step(
        self,
        x: np.ndarray,
        hidden: np.ndarray,
        dlogits: np.ndarray,
        dvalues: np.ndarray,
        rate: float,
    ) -> None:
        """Backpropagate the loss's gradients at the logits and values; one Adam step."""
        p = self.params
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
            self.params[name] -= rate * m_hat / (np.sqrt(v_hat) + 1e-8)


@dataclass
class Steps:
    """The learner's choices among several moves, over a batch of matches."""

    obs: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    probs: list[float] = field(default_factory=list)  # of the move made, when it was made
    advantages: list[float] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.actions)


class Table:
    """Two environments, the learner at seat 0 in one and seat 1 in the other, and ``smart``
    ready to play the learner's seat (for imitation and for the baseline)."""

    def __init__(self) -> None:
        self.envs = [
            GamenightEnv(GAME, opponents=[HEURISTIC], seat=seat, players=PLAYERS)
            for seat in range(PLAYERS)
        ]
        self.heuristics: list[Agent] = [
            make_bot(HEURISTIC, env.game, env.seat) for env in self.envs
        ]
        self.size = self.envs[0].encoder.size
        self.actions = self.envs[0].game.num_actions

    def heuristic_move(self, env: GamenightEnv, rng: random.Random) -> int:
        """The id of the move ``smart`` would make now at the learner's seat."""
        legal = env.turns.legal(env.seat)
        action = self.heuristics[env.seat].act(env.turns.view(env.seat), legal, rng)
        return env.game.action_id(action)


#: A chooser: (environment, observation, mask) -> the action id to play.
Chooser = Callable[[GamenightEnv, np.ndarray, np.ndarray], int]


def play(env: GamenightEnv, seed: int, choose: Chooser, record: Steps | None) -> float:
    """One match from the environment's seat; returns the learner's final reward. With
    ``record``, each choice among several moves is kept with its reward-to-go and advantage
    filled in at the end (``choose`` then records the move, its probability and the value)."""
    observation, info = env.reset(seed=seed)
    start = len(record) if record is not None else 0
    while True:
        mask = info["action_mask"].astype(bool)
        action = choose(env, observation, mask)
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            if record is not None:
                record.returns[start:] = [float(reward)] * (len(record) - start)
            return float(reward)


def finish_advantages(steps: Steps, values: list[float], start: int, lam: float) -> None:
    """Generalised advantage estimation over one match's choices (no discount; the reward, in
    ``steps.returns``, comes at the end): advantage = sum of lam^k TD errors, return =
    advantage + value."""
    reward = steps.returns[start] if len(steps) > start else 0.0
    following, running = 0.0, 0.0
    for i in range(len(steps) - 1, start - 1, -1):
        target = reward if i == len(steps) - 1 else following
        delta = target - values[i - start]
        running = delta + lam * running
        steps.advantages[i] = running
        steps.returns[i] = running + values[i - start]
        following = values[i - start]


class Learner:
    """The network and how it learns: imitation, then PPO."""

    def __init__(self, table: Table, hidden: int, rate: float, seed: int) -> None:
        self.table = table
        self.rng = np.random.default_rng(seed)
        self.net = Network(table.size, table.actions, hidden, self.rng)
        self.rate = rate

    # ---- imitation -------------------------------------------------------------------------
    def imitate(self, env: GamenightEnv, seed: int, bot_rng: random.Random, steps: Steps) -> None:
        """Play one match as ``smart`` would, keeping its choices as labels."""

        def choose(env: GamenightEnv, obs: np.ndarray, mask: np.ndarray) -> int:
            if mask.sum() == 1:
                return int(mask.argmax())
            action = self.table.heuristic_move(env, bot_rng)
            steps.obs.append(obs)
            steps.masks.append(mask)
            steps.actions.append(action)
            steps.probs.append(1.0)
            steps.advantages.append(0.0)
            steps.returns.append(0.0)
            return action

        play(env, seed, choose, steps)

    def learn_imitation(
        self, steps: Steps, epochs: int = 8, minibatch: int = 256, rate: float = 3e-3
    ) -> None:
        """Cross-entropy towards ``smart``'s moves, and the value towards the final reward.
        Each batch is gone over several times at a larger step than PPO's: labels, unlike
        advantages, do not go stale as the policy changes."""
        x, mask, actions, returns = self._arrays(steps)
        for _ in range(epochs):
            for idx in self._minibatches(len(steps), minibatch):
                hidden, probs, values = self.net.batch(x[idx], mask[idx])
                n = len(idx)
                dlogits = probs.copy()
                dlogits[np.arange(n), actions[idx]] -= 1.0
                dlogits /= n
                dvalues = 0.5 * (values - returns[idx]) / n
                self.net.step(x[idx], hidden, dlogits, dvalues, rate)

    # ---- PPO -------------------------------------------------------------------------------
    def explore(self, env: GamenightEnv, seed: int, steps: Steps, lam: float) -> float:
        """Play one match by sampling the policy; record its choices with their advantages."""
        start = len(steps)
        values: list[float] = []

        def choose(env: GamenightEnv, obs: np.ndarray, mask: np.ndarray) -> int:
            if mask.sum() == 1:
                return int(mask.argmax())
            probs, value = self.net.act(obs, mask)
            action = int(self.rng.choice(len(probs), p=probs))
            steps.obs.append(obs)
            steps.masks.append(mask)
            steps.actions.append(action)
            steps.probs.append(float(probs[action]))
            steps.advantages.append(0.0)
            steps.returns.append(0.0)
            values.append(value)
            return action

        reward = play(env, seed, choose, steps)
        finish_advantages(steps, values, start, lam)
        return reward

    def learn_ppo(
        self,
        steps: Steps,
        epochs: int = 3,
        minibatch: int = 512,
        clip: float = 0.2,
        entropy: float = 0.01,
    ) -> None:
        """PPO's clipped surrogate, a squared value error and an entropy bonus."""
        x, mask, actions, returns = self._arrays(steps)
        old = np.array(steps.probs)
        adv = np.array(steps.advantages)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        for _ in range(epochs):
            for idx in self._minibatches(len(steps), minibatch):
                n = len(idx)
                hidden, probs, values = self.net.batch(x[idx], mask[idx])
                taken = probs[np.arange(n), actions[idx]]
                ratio = taken / old[idx]
                a = adv[idx]
                # The clipped term's gradient is 0 where the clip binds on the side it favours.
                active = ~(((ratio > 1 + clip) & (a > 0)) | ((ratio < 1 - clip) & (a < 0)))
                onehot = np.zeros_like(probs)
                onehot[np.arange(n), actions[idx]] = 1.0
                # d(-ratio * a)/dlogits = -a * ratio * (onehot - probs)
                dlogits = (-(a * ratio * active))[:, None] * (onehot - probs)
                logp = np.log(np.where(probs > 0, probs, 1.0))
                ent = -(probs * logp).sum(axis=1)
                dlogits += entropy * probs * (logp + ent[:, None])
                dlogits /= n
                dvalues = 0.5 * (values - returns[idx]) / n
                self.net.step(x[idx], hidden, dlogits, dvalues, self.rate)

    # ---- playing -----------------------------------------------------------------------------
    def greedy(self, env: GamenightEnv, obs: np.ndarray, mask: np.ndarray) -> int:
        """The policy's likeliest legal move."""
        if mask.sum() == 1:
            return int(mask.argmax())
        return int(self.net.act(obs, mask)[0].argmax())

    def _arrays(self, steps: Steps) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        return (
            np.stack(steps.obs).astype(np.float64),
            np.stack(steps.masks),
            np.array(steps.actions),
            np.array(steps.returns),
        )

    def _minibatches(self, count: int, size: int) -> list[np.ndarray]:
        order = self.rng.permutation(count)
        return [order[i : i + size] for i in range(0, count, size)]


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return max(0.0, centre - half / (1 + z * z / games)), min(
        1.0, centre + half / (1 + z * z / games)
    )


def evaluate(table: Table, choose: Chooser, games: int) -> float:
    """Wins (shared wins count as the reward says) of ``games`` seeded matches, seats rotated."""
    wins = 0.0
    for g in range(games):
        env = table.envs[g % PLAYERS]
        wins += play(env, EVAL_SEED + g, choose, None) > 0
    return wins


def train(
    args: argparse.Namespace, table: Table, learner: Learner, say: Callable[[str], None]
) -> int:
    """Imitation, then PPO, until the CPU budget is spent (or ``--matches`` are played);
    returns the matches played."""
    budget = args.minutes * 60.0
    start = time.process_time()
    imitation_end = start + budget * args.imitate
    cap = args.matches if args.matches is not None else math.inf
    bot_rng = random.Random(args.seed)
    match, report, recent = 0, start, []
    while time.process_time() < imitation_end and match < cap * args.imitate:
        steps = Steps()
        for _ in range(args.batch):
            learner.imitate(table.envs[match % PLAYERS], args.seed * 10**7 + match, bot_rng, steps)
            match += 1
        if len(steps):
            learner.learn_imitation(steps)
    imitated = match
    say(f"imitated {HEURISTIC} for {imitated} matches ({time.process_time() - start:.0f}s CPU)")
    while time.process_time() - start < budget and match < cap:
        steps = Steps()
        for _ in range(args.batch):
            env = table.envs[match % PLAYERS]
            recent.append(learner.explore(env, args.seed * 10**7 + match, steps, args.lam) > 0)
            match += 1
        if len(steps):
            learner.learn_ppo(steps)
        if time.process_time() - report >= budget / 10:
            report = time.process_time()
            say(
                f"  {match} matches, {report - start:.0f}s CPU: won {np.mean(recent):.3f} "
                f"of the last {len(recent)} (sampling)"
            )
            recent = []
    return match


# ---- the command line ------------------------------------------------------------------------


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


def bounded_float(low: float, high: float | None, low_open: bool = True) -> Callable[[str], float]:
    """An argparse type: a finite number above ``low`` (or from it), up to ``high``."""
    says = f"above {low:g}" if low_open else f"from {low:g}"
    if high is not None:
        says += f" to {high:g}"

    def parse(text: str) -> float:
        refusal = argparse.ArgumentTypeError(f"expected a number {says}, got {text!r}")
        try:
            value = float(text)
        except ValueError:
            raise refusal from None
        if not math.isfinite(value) or value < low or (low_open and value == low):
            raise refusal
        if high is not None and value > high:
            raise refusal
        return value

    return parse


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The options; a bad value ends the script with argparse's one-line error (status 2)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--minutes",
        type=bounded_float(0.0, None),
        default=5.0,
        help="training budget in CPU minutes (time.process_time), above 0",
    )
    parser.add_argument(
        "--matches",
        type=positive_int,
        default=None,
        help="stop training after this many matches even if CPU time is left (at least 1; "
        "the share --imitate of them imitating): a run that replays on any machine",
    )
    parser.add_argument(
        "--imitate",
        type=bounded_float(0.0, 1.0, low_open=False),
        default=0.2,
        help="share of the budget spent imitating smart before PPO (0 to 1)",
    )
    parser.add_argument(
        "--games",
        type=positive_int,
        default=2_000,
        help="evaluation matches, seats rotated (at least 1)",
    )
    parser.add_argument(
        "--batch", type=positive_int, default=32, help="matches per update (at least 1)"
    )
    parser.add_argument(
        "--hidden", type=positive_int, default=128, help="tanh units in the hidden layer"
    )
    parser.add_argument(
        "--rate",
        type=bounded_float(0.0, None),
        default=1e-3,
        help="Adam's step size in PPO (above 0)",
    )
    parser.add_argument(
        "--lam",
        type=bounded_float(0.0, 1.0, low_open=False),
        default=0.95,
        help="GAE's lambda (0 to 1): 1 credits every move with the final reward",
    )
    parser.add_argument(
        "--seed",
        type=non_negative_int,
        default=1,
        help="seed of the network, the moves sampled and the training matches (at least 0); "
        "the evaluation matches keep their own fixed seeds",
    )
    return parser.parse_args(argv)


#: Where the learner's greedy move and smart's differ: (phase, smart's move, the learner's).
Tally = Counter[tuple[str, str, str]]


def beside_heuristic(table: Table, learner: Learner, tally: Tally) -> Chooser:
    """The learner's greedy chooser, tallying its moves against smart's at each decision with a
    choice (the move's text, its target seat left out)."""
    rng = random.Random(EVAL_SEED + 1)

    def text(env: GamenightEnv, action_id: int) -> str:
        return re.sub(r" \d+$", "", env.game.action_to_text(env.game.action_from_id(action_id)))

    def choose(env: GamenightEnv, obs: np.ndarray, mask: np.ndarray) -> int:
        action = learner.greedy(env, obs, mask)
        if mask.sum() > 1:
            phase = env.turns.view(env.seat)["phase"]
            theirs = table.heuristic_move(env, rng)
            tally[(phase, text(env, theirs), text(env, action))] += 1
        return action

    return choose


def report_departures(tally: Tally, say: Callable[[str], None], top: int = 8) -> None:
    """How often the learner plays smart's move, by phase, and its commonest other moves."""
    total = sum(tally.values())
    same = sum(n for (_phase, theirs, ours), n in tally.items() if theirs == ours)
    say(f"the learner's move is smart's at {same / max(1, total):.0%} of {total:,} decisions:")
    phases: Counter[str] = Counter()
    agree: Counter[str] = Counter()
    for (phase, theirs, ours), n in tally.items():
        phases[phase] += n
        agree[phase] += n if theirs == ours else 0
    for phase, n in phases.most_common():
        say(f"  {phase:<10} {n:>7,} decisions, smart's move at {agree[phase] / n:.0%}")
    departures = [(n, key) for key, n in tally.items() if key[1] != key[2]]
    for n, (phase, theirs, ours) in sorted(departures, reverse=True)[:top]:
        say(f"  {n:>7,} x {phase}: {ours!r} where smart plays {theirs!r}")


def main(argv: list[str] | None = None) -> None:
    """Train within the budget, then measure the learner and smart itself against smart."""
    args = parse_args(argv)
    table = Table()
    learner = Learner(table, args.hidden, args.rate, args.seed)
    untrained = evaluate(table, learner.greedy, args.games)
    cpu = time.process_time()
    matches = train(args, table, learner, print)
    trained = time.process_time() - cpu
    print(f"trained on {matches} matches in {trained:.0f}s CPU ({trained / 60:.1f} min)")
    bot_rng = random.Random(EVAL_SEED)
    fair = 1 / PLAYERS
    tally: Tally = Counter()
    rows: list[tuple[str, Chooser | float]] = [
        ("untrained (greedy)", untrained),
        ("learner (greedy)", beside_heuristic(table, learner, tally)),
        (f"{HEURISTIC} itself", lambda env, _obs, _mask: table.heuristic_move(env, bot_rng)),
    ]
    for name, choose in rows:
        wins = choose if isinstance(choose, float) else evaluate(table, choose, args.games)
        low, high = wilson(wins, args.games)
        print(
            f"{name:<18} vs {HEURISTIC}: won {wins / args.games:.3f} "
            f"(95% {low:.3f}-{high:.3f}) of {args.games} matches, seats rotated; "
            f"fair share {fair:.3f}"
        )
    report_departures(tally, print)


if __name__ == "__main__":
    main()
