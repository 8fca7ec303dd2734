"""Toss Up! for a batched learning environment: N matches stepped at once, compiled by numba.

The ``vector`` part of the game (read by ``gamenight.adapters.vector``). One seat of every
match is the learner's; the other seats are played by the fast kernel's bots (random, hold:T,
smart: ``kernel.parse_policy``) inside the same compiled loop. A step takes the learner's
action in every match (0 roll again, 1 bank: the game's action ids), plays on until each match
reaches the learner's next decision (after a roll that did not run a red light), and writes the
learner's observation, the same vector as the game's ``encode`` of its view, into one array.
A match that ends in a step reports the learner's reward and the observation at its end, and
the next match starts at once in the same row (Gymnasium's same-step auto-reset); a match that
would end before the learner's first decision (every roll of theirs a red light) is dealt again,
as the single-match environment does.

The rules are those of ``resolve.py`` and the bots those of ``kernel.py``, through the compiled
kernel's own functions (``compiled.py``); ``tests/adapters/test_vector.py`` replays recorded
matches through the engine and checks every observation and reward.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gamenight.engine.errors import ConfigError
from gamenight.engine.game import Game
from gamenight.games.toss_up import compiled as c
from gamenight.games.toss_up.bots import POLICY_CAP, solve_turn_policy
from gamenight.games.toss_up.encode import SEAT_FIELDS, TURN_FIELDS, observation_size
from gamenight.games.toss_up.game import TossUp
from gamenight.games.toss_up.kernel import MAX_ROLLS, parse_policy

#: The learner's actions, as the game numbers them.
ROLL, BANK = 0, 1
#: Entries of the trace of row 0 (``record=True``): seat (-1: a new match), then green, yellow
#: and red of a roll and -1, or 0, 0, 0 and 1 for a bank.
TRACE_FIELDS = 5


def alias_tables(game: TossUp) -> tuple[NDArray[np.float64], NDArray[np.int64], NDArray[np.int64]]:
    """Walker's alias tables of a roll of each number of dice (Vose's construction): a roll is
    then one uniform number, one comparison. Returns (probability, alias, faces) with one row per
    number of dice; ``faces[k, j]`` is outcome ``j``'s green, yellow and red counts and a last
    column with the number of outcomes of ``k`` dice."""
    dice = game.config.dice
    tables = [game.law.outcomes(k) for k in range(dice + 1)]
    width = max(len(t) for t in tables)
    prob = np.ones((dice + 1, width), np.float64)
    alias = np.zeros((dice + 1, width), np.int64)
    faces = np.zeros((dice + 1, width, 4), np.int64)
    for k, outcomes in enumerate(tables):
        m = len(outcomes) or 1
        faces[k, :, 3] = m
        for j, (roll, _) in enumerate(outcomes):
            faces[k, j, :3] = (roll.green, roll.yellow, roll.red)
        scaled = [p * m for _, p in outcomes] or [1.0]
        small = [j for j, q in enumerate(scaled) if q < 1.0]
        large = [j for j, q in enumerate(scaled) if q >= 1.0]
        while small and large:
            less, more = small.pop(), large.pop()
            prob[k, less], alias[k, less] = scaled[less], more
            scaled[more] -= 1.0 - scaled[less]
            (small if scaled[more] < 1.0 else large).append(more)
        for j in small + large:  # what rounding leaves: a whole column each
            prob[k, j], alias[k, j] = 1.0, j
    return prob, alias, faces


@c.njit(cache=True, inline="always")
def _rotl(x: Any, k: int) -> Any:
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@c.njit(cache=True, inline="always")
def _uniform(s: Any) -> float:
    """The next number in [0, 1) of xoshiro256** (state ``s``: four uint64 words)."""
    result = _rotl(s[1] * np.uint64(5), 7) * np.uint64(9)
    t = s[1] << np.uint64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return float(result >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@c.njit(cache=True, inline="always")
def _roll(s: Any, dice: int, laws: Any, counts: Any) -> None:
    """A roll of ``dice`` dice into ``counts`` (green, yellow, red), by the alias tables."""
    prob, alias, faces = laws
    x = _uniform(s) * faces[dice, 0, 3]
    j = int(x)
    if x - j >= prob[dice, j]:
        j = alias[dice, j]
    counts[0], counts[1], counts[2] = faces[dice, j, 0], faces[dice, j, 1], faces[dice, j, 2]


@c.njit(cache=True, inline="always")
def _observe(b: Any, i: int, seat: int, last: Any, rules: Any, bust: Any, out: Any) -> None:
    """Write the learner's observation of match ``i`` into row ``i`` of ``out`` (``encode.py``'s
    layout)."""
    p, dice_count, target, strict, _shared, _cap = rules
    half = 0.5 / target
    done = b.done[i]
    player, trigger = b.player[i], b.trigger[i]
    here = c._offset(player, trigger, p)
    k = 0
    for j in range(p):
        s = (seat + j) % p
        score = b.scores[i, s] * half
        out[i, k] = score if score < 1.0 else 1.0
        out[i, k + 1] = 1.0 if s == player else 0.0
        pool = b.contenders[i, s] if b.sudden[i] else s != trigger
        later = c._offset(s, trigger, p) >= here
        out[i, k + 2] = (
            1.0 if trigger >= 0 and not done and b.left[i] > 0 and pool and later else 0.0
        )
        out[i, k + 3] = 1.0 if b.sudden[i] and not done and b.contenders[i, s] else 0.0
        out[i, k + 4] = 1.0 if s == trigger else 0.0
        out[i, k + 5] = 1.0 if done and b.winners[i, s] else 0.0
        k += SEAT_FIELDS
    points = b.points[i]
    mine = player == seat
    banked = b.scores[i, seat] + (points if mine else 0)
    best = -(2**62)
    for s in range(p):
        if s != seat and b.scores[i, s] > best:
            best = b.scores[i, s]
    share = points / target
    out[i, k] = share if share < 1.0 else 1.0
    out[i, k + 1] = b.dice[i] / dice_count
    for colour in range(3):
        out[i, k + 2 + colour] = 0.0 if done else last[i, colour] / dice_count
    out[i, k + 5] = bust[b.dice[i]]
    out[i, k + 6] = 1.0 if trigger >= 0 else 0.0
    out[i, k + 7] = 1.0 if mine and c._over(banked, target, strict) else 0.0
    lead = ((banked - best) / target + 1.0) / 2.0
    out[i, k + 8] = 0.0 if lead < 0.0 else 1.0 if lead > 1.0 else lead


@c.njit(cache=True, inline="always")
def _deal(b: Any, i: int, first: int, dice_count: int) -> None:
    """A new match in row ``i``."""
    for s in range(b.p):
        b.scores[i, s] = 0
        b.contenders[i, s] = False
        b.winners[i, s] = False
    b.player[i], b.points[i], b.dice[i] = first, 0, dice_count
    b.trigger[i], b.left[i], b.sudden[i], b.done[i], b.turns[i] = -1, 0, False, False, 0


@c.njit(cache=True, inline="always")
def _reward(b: Any, i: int, seat: int) -> float:
    """The learner's final reward: winners share (n / k - 1) / (n - 1), the others -1 / (n - 1)."""
    p: int = b.p
    k = 0
    for s in range(p):
        k += int(b.winners[i, s])
    if not b.winners[i, seat]:
        return -1.0 / (p - 1)
    return (p / k - 1.0) / (p - 1)


@c.njit(cache=True, inline="always")
def _note(trace: Any, t: int, seat: int, counts: Any, banked: int) -> int:
    """Write one entry of row 0's trace, if it has room; the number of entries after it."""
    if t >= trace.shape[0]:
        return t
    trace[t, 0], trace[t, 4] = seat, banked
    for colour in range(3):
        trace[t, 1 + colour] = counts[colour] if banked < 0 else 0
    return t + 1


@c.njit(cache=True)
def advance(
    rng: Any,
    b: Any,
    last: Any,
    kinds: Any,
    thresholds: Any,
    table: Any,
    rules: Any,
    laws: Any,
    bust: Any,
    setting: Any,
    actions: Any,
    obs: Any,
    rewards: Any,
    ended: Any,
    final: Any,
    trace: Any,
) -> int:
    """Apply the learner's ``actions`` (none when ``setting[2]`` is 0: a reset) and play every
    match on to the learner's next decision. Returns how many trace entries row 0 wrote (-1: a
    match reached no decision within ``MAX_ROLLS`` rolls)."""
    seat, first, acting = setting[0], setting[1], setting[2]
    dice_count = rules[1]
    counts = np.zeros(3, np.int64)
    t = 0
    for i in range(b.player.shape[0]):
        rewards[i] = 0.0
        ended[i] = False
        if acting and actions[i] == BANK:
            b.scores[i, seat] += b.points[i]
            if i == 0:
                t = _note(trace, t, seat, counts, 1)
            c._end_turn(b, i, rules)
        decided = False
        dealt = False
        for _ in range(MAX_ROLLS):
            if b.done[i]:
                if acting and not dealt:  # the match the learner played in has ended
                    rewards[i] = _reward(b, i, seat)
                    ended[i] = True
                    _observe(b, i, seat, last, rules, bust, final)
                _deal(b, i, first, dice_count)  # (again, if it ended before a decision)
                dealt = True
                if i == 0:
                    counts[:] = 0
                    t = _note(trace, t, -1, counts, -1)
                continue
            player = b.player[i]
            _roll(rng, b.dice[i], laws, counts)
            if i == 0:
                t = _note(trace, t, player, counts, -1)
            if counts[0] == 0 and counts[2] > 0:
                c._end_turn(b, i, rules)
                continue
            b.points[i] += counts[0]
            left = b.dice[i] - counts[0]
            b.dice[i] = dice_count if left == 0 else left
            last[i, 0], last[i, 1], last[i, 2] = counts[0], counts[1], counts[2]
            if player == seat:
                _observe(b, i, seat, last, rules, bust, obs)
                decided = True
                break
            kind = kinds[player]
            if kind == c.RANDOM:
                banks = _uniform(rng) < 0.5
            else:
                banks = c._banks(b, i, kind, thresholds[player], table, rules)
            if banks:
                b.scores[i, player] += b.points[i]
                if i == 0:
                    t = _note(trace, t, player, counts, 1)
                c._end_turn(b, i, rules)
        if not decided:
            return -1
    return t


class TossUpBatch:
    """``num_envs`` matches of Toss Up!, the learner at ``seat`` of each, the other seats played
    by ``opponents`` (one fast-kernel bot spec per seat, or one for all)."""

    def __init__(
        self,
        game: Game[Any, Any],
        num_envs: int,
        seat: int,
        opponents: Sequence[str],
        record: bool = False,
    ) -> None:
        if not isinstance(game, TossUp):
            raise ConfigError(f"this batched environment plays toss-up, not {game.id}")
        p = game.players
        specs = list(opponents) * (p - 1) if len(opponents) == 1 else list(opponents)
        if len(specs) != p - 1:
            raise ConfigError(f"give one opponent for each of the {p - 1} other seats, or one")
        policies = [parse_policy(spec) for spec in specs]
        policies.insert(seat, ("hold", 1))  # the learner's seat: its policy is never read
        config = game.config
        self.game, self.num_envs, self.seat = game, num_envs, seat
        self.observation_size = observation_size(game)
        self.num_actions = game.num_actions
        dice = config.dice
        self.rules = (p, dice, config.target, config.strict, config.shared_victory, POLICY_CAP)
        self.setting = np.array([seat, config.first_player, 0], np.int64)
        self.kinds = np.array(
            [{"random": c.RANDOM, "hold": c.HOLD, "smart": c.SMART}[k] for k, _ in policies]
        )
        self.thresholds = np.array([t for _, t in policies], np.int64)
        p_face = np.array(game.p_face, np.float64)
        self.table = np.array(solve_turn_policy(dice, tuple(game.p_face), POLICY_CAP), np.bool_)
        self.laws = alias_tables(game)
        self.bust = np.array([game.bust_chance(d) for d in range(dice + 1)], np.float64)
        self.arrays = c.Arrays(
            p,
            p_face,
            np.zeros((num_envs, p), np.int64),
            np.zeros(num_envs, np.int64),
            np.zeros(num_envs, np.int64),
            np.zeros(num_envs, np.int64),
            np.zeros(num_envs, np.int64),
            np.zeros(num_envs, np.int64),
            np.zeros(num_envs, np.bool_),
            np.zeros((num_envs, p), np.bool_),
            np.ones(num_envs, np.bool_),  # done: every row is dealt at the first reset
            np.zeros((num_envs, p), np.bool_),
            np.zeros(num_envs, np.int64),
            np.zeros(p, np.int64),
            np.zeros(p, np.int64),
            np.zeros(p, np.int64),
            np.zeros(1, np.int64),
            np.zeros(p, np.bool_),
        )
        self.last = np.zeros((num_envs, 3), np.int64)
        self.obs = np.zeros((num_envs, self.observation_size), np.float32)
        self.final = np.zeros_like(self.obs)
        self.rewards = np.zeros(num_envs, np.float64)
        self.ended = np.zeros(num_envs, np.bool_)
        self.trace = np.zeros((100_000 if record else 0, TRACE_FIELDS), np.int64)
        #: Row 0's rolls and banks of the last call, when ``record`` (for the tests).
        self.recorded: NDArray[np.int64] = self.trace[:0]
        #: xoshiro256** state, seeded through numpy's ``SeedSequence`` at each seeded reset.
        self.rng = np.random.SeedSequence(0).generate_state(4, np.uint64)
        self.mask = np.ones((num_envs, self.num_actions), np.bool_)  # roll or bank, always
        assert SEAT_FIELDS * p + TURN_FIELDS == self.observation_size

    def reset(self, seed: int | None = None) -> NDArray[np.float32]:
        """Deal every match again and play to the learner's first decisions."""
        if seed is not None:
            self.rng = np.random.SeedSequence(seed).generate_state(4, np.uint64)
        self.arrays.done[:] = True
        return self._advance(np.zeros(self.num_envs, np.int64), acting=False)

    def step(self, actions: NDArray[np.int64]) -> NDArray[np.float32]:
        """The learner's action in every match; ``self.rewards``, ``self.ended`` and
        ``self.final`` say which matches ended in it, with what reward and last observation."""
        return self._advance(actions, acting=True)

    def masks(self) -> NDArray[np.bool_]:
        """The legal actions of every row: after a roll that did not bust, roll or bank."""
        return self.mask

    def _advance(self, actions: NDArray[np.int64], acting: bool) -> NDArray[np.float32]:
        self.setting[2] = 1 if acting else 0
        written = advance(
            self.rng,
            self.arrays,
            self.last,
            self.kinds,
            self.thresholds,
            self.table,
            self.rules,
            self.laws,
            self.bust,
            self.setting,
            actions,
            self.obs,
            self.rewards,
            self.ended,
            self.final,
            self.trace,
        )
        if written < 0:
            raise ConfigError(f"a match did not reach a decision within {MAX_ROLLS:,} rolls")
        self.recorded = self.trace[:written]
        return self.obs


def make_batch(
    game: Game[Any, Any], num_envs: int, seat: int, opponents: Sequence[str], record: bool = False
) -> TossUpBatch:
    """The ``vector`` part's entry: see :class:`TossUpBatch`."""
    return TossUpBatch(game, num_envs, seat, opponents, record)
