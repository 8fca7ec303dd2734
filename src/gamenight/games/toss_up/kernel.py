"""Toss Up! played by numpy, thousands of games at once, with the random, hold:T and smart bots.

Every loop rolls once for every game still running: the dice left are drawn as a multinomial
over the face colours, red lights end turns, the seats' policies decide to bank or roll on, and
turn ends advance the final round, sudden death and the end of the game exactly as
``resolve.py`` does.

With numba installed (the ``fast`` extra), the same loop runs compiled (``compiled.py``): the
same draws from the same generator in the same order, so the same report, several times faster.
Without it, the array operations below play.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gamenight.engine.errors import GameError
from gamenight.engine.game import Game
from gamenight.games.toss_up.bots import DEFAULT_BOT, MAX_HOLD, POLICY_CAP, solve_turn_policy
from gamenight.games.toss_up.game import TossUp
from gamenight.games.toss_up.metrics import TossUpMetrics
from gamenight.sim.kernels import NoKernel
from gamenight.sim.simulate import Tally, build_report

try:
    from gamenight.games.toss_up import compiled as _compiled
except ImportError:  # numba is optional: the array operations play instead
    _compiled = None  # type: ignore[assignment]

BATCH = 200_000
#: Rolls after which a batch is given up (no sensible game comes near it).
MAX_ROLLS = 100_000

Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]


def parse_policy(spec: str) -> tuple[str, int]:
    """``random``, ``hold:T`` or ``smart`` (``default`` is the game's default bot, smart) as
    (kind, threshold)."""
    name, _, arg = spec.partition(":")
    if name == "default" and not arg:
        name = DEFAULT_BOT
    if name in {"random", "smart"} and not arg:
        return name, 0
    if name == "hold" and arg.isdecimal() and 1 <= int(arg) <= MAX_HOLD:
        return "hold", int(arg)
    raise NoKernel(
        f"the fast kernel plays random, hold:T (T from 1 to {MAX_HOLD}) and smart, not {spec!r}"
    )


class Batch:
    """The state of ``n`` games of Toss Up!, one row each."""

    def __init__(self, game: TossUp, n: int, rng: np.random.Generator) -> None:
        config = game.config
        self.rng = rng
        self.p = game.players
        self.dice_count = config.dice
        self.target, self.strict, self.shared = config.target, config.strict, config.shared_victory
        self.p_face = np.array(game.p_face)
        self.scores = np.zeros((n, self.p), np.int64)
        self.player = np.full(n, config.first_player, np.int64)
        self.points = np.zeros(n, np.int64)
        self.dice = np.full(n, self.dice_count, np.int64)
        self.trigger = np.full(n, -1, np.int64)  # -1: no final round yet (arrays hold no None)
        self.left = np.zeros(n, np.int64)
        self.sudden = np.zeros(n, np.bool_)
        self.contenders = np.zeros((n, self.p), np.bool_)
        self.done = np.zeros(n, np.bool_)
        self.winners = np.zeros((n, self.p), np.bool_)
        self.turns = np.zeros(n, np.int64)
        self.seat_turns = np.zeros(self.p, np.int64)
        self.seat_points = np.zeros(self.p, np.int64)
        self.seat_busts = np.zeros(self.p, np.int64)
        self.rolls = 0

    def over(self, totals: Ints) -> Bools:
        """Whether totals pass the target (strictly over, or at least)."""
        return totals > self.target if self.strict else totals >= self.target

    def best_other(self, idx: Ints) -> Ints:
        """The best total among the other players of each game."""
        masked = self.scores[idx].copy()
        masked[np.arange(idx.size), self.player[idx]] = -1
        best: Ints = masked.max(axis=1)
        return best

    def end_turns(self, idx: Ints) -> None:
        """Pass the dice on in games ``idx``: final round, sudden death, end of game."""
        if idx.size == 0:
            return
        p = self.player[idx]
        np.add.at(self.seat_turns, p, 1)
        self.turns[idx] += 1
        self.points[idx] = 0
        self.dice[idx] = self.dice_count
        normal = self.trigger[idx] < 0
        totals = self.scores[idx, p]
        triggered = idx[normal & self.over(totals)]
        self.trigger[triggered] = self.player[triggered]
        self.left[triggered] = self.p - 1
        final = idx[~normal]
        self.left[final] -= 1
        moving = np.concatenate([idx[normal], final[self.left[final] > 0]])
        plain = moving[~self.sudden[moving]]
        self.player[plain] = (self.player[plain] + 1) % self.p
        self.next_contender(moving[self.sudden[moving]])
        self.resolve(final[self.left[final] == 0])

    def offsets(self, idx: Ints) -> Ints:
        """Each seat's place in the order from the trigger's left."""
        seats = np.arange(self.p)[None, :]
        offsets: Ints = (seats - self.trigger[idx, None] - 1) % self.p
        return offsets

    def next_contender(self, idx: Ints) -> None:
        """The next tied player after the current one, in order from the trigger's left."""
        if idx.size == 0:
            return
        off = self.offsets(idx)
        mine = off[np.arange(idx.size), self.player[idx]]
        later = self.contenders[idx] & (off > mine[:, None])
        self.player[idx] = np.argmin(np.where(later, off, self.p + 1), axis=1)

    def resolve(self, idx: Ints) -> None:
        """After the last turn of a final round or sudden-death round: a winner, or a tie-break."""
        if idx.size == 0:
            return
        pool = np.where(self.sudden[idx, None], self.contenders[idx], True)
        masked = np.where(pool, self.scores[idx], -1)
        leaders = pool & (masked == masked.max(axis=1)[:, None])
        count = leaders.sum(axis=1)
        ends = (count == 1) | self.shared
        finished = idx[ends]
        self.done[finished] = True
        self.winners[finished] = leaders[ends]
        tied = idx[~ends]
        self.sudden[tied] = True
        self.contenders[tied] = leaders[~ends]
        self.left[tied] = count[~ends]
        off = self.offsets(tied)
        self.player[tied] = np.argmin(np.where(self.contenders[tied], off, self.p + 1), axis=1)


def decide(batch: Batch, idx: Ints, policies: list[tuple[str, int]], table: Bools) -> Bools:
    """Whether each game's current player banks now, by that seat's policy."""
    seat = batch.player[idx]
    mine = batch.scores[idx, seat] + batch.points[idx]
    best = batch.best_other(idx)
    last = ((batch.trigger[idx] >= 0) & (seat != batch.trigger[idx])) | batch.sudden[idx]
    bank = np.zeros(idx.size, np.bool_)
    for s, (kind, threshold) in enumerate(policies):
        rows = seat == s
        if not rows.any():
            continue
        points, lead = batch.points[idx[rows]], mine[rows] > best[rows]
        if kind == "random":
            choice = batch.rng.random(int(rows.sum())) < 0.5
        elif kind == "hold":
            choice = points >= threshold
        else:
            rolls = (points < POLICY_CAP) & table[
                np.minimum(points, POLICY_CAP), batch.dice[idx[rows]]
            ]
            finish = batch.over(mine[rows]) & lead
            choice = np.where(last[rows], lead, finish | ~rolls)
        bank[rows] = choice
    return bank


def compiled_available() -> bool:
    """Whether the compiled loop can play (numba is installed)."""
    return _compiled is not None


def play_batch(
    game: TossUp,
    policies: list[tuple[str, int]],
    n: int,
    rng: np.random.Generator,
    compiled: bool | None = None,
) -> Batch:
    """Play ``n`` games to the end: by the compiled loop when numba is installed (or as
    ``compiled`` says), else by array operations. Both give the same games."""
    batch = Batch(game, n, rng)
    table = np.array(
        solve_turn_policy(batch.dice_count, tuple(batch.p_face), POLICY_CAP), dtype=np.bool_
    )
    if compiled is None:
        compiled = _compiled is not None
    if compiled:
        if _compiled is None:
            raise NoKernel("the compiled kernel needs numba: pip install 'gamenight[fast]'")
        running = _compiled.play_batch(batch, policies, table, POLICY_CAP, MAX_ROLLS)
        if running:
            raise GameError(f"{running} games did not end within {MAX_ROLLS:,} rolls; lower T")
        return batch
    active = np.arange(n)
    for _ in range(MAX_ROLLS):
        if not active.size:
            return batch
        counts = rng.multinomial(batch.dice[active], batch.p_face)
        green, red = counts[:, 0], counts[:, 2]
        batch.rolls += active.size
        bust = (green == 0) & (red > 0)
        busted = active[bust]
        np.add.at(batch.seat_busts, batch.player[busted], 1)
        going = active[~bust]
        batch.points[going] += green[~bust]
        left = batch.dice[going] - green[~bust]
        batch.dice[going] = np.where(left == 0, batch.dice_count, left)
        banks = decide(batch, going, policies, table)
        banked = going[banks]
        seats = batch.player[banked]
        batch.scores[banked, seats] += batch.points[banked]
        np.add.at(batch.seat_points, seats, batch.points[banked])
        batch.end_turns(np.concatenate([busted, banked]))
        active = active[~batch.done[active]]
    raise GameError(f"{active.size} games did not end within {MAX_ROLLS:,} rolls; lower T")


def simulate_fast(
    game: Game[Any, Any],
    bots: Sequence[str],
    games: int,
    seed: int,
    compiled: bool | None = None,
) -> Any:
    """Play ``games`` games between the bots; the same report as ``sim.simulate``.

    ``compiled`` chooses the loop (``None``: compiled when numba is installed); the report is
    the same either way.
    """
    if not isinstance(game, TossUp):
        raise NoKernel(f"this kernel plays toss-up, not {game.id}")
    policies = [parse_policy(spec) for spec in bots]
    rng = np.random.default_rng(seed)
    p = game.players
    metrics = TossUpMetrics(p)
    wins = [Fraction(0)] * p
    shared = np.zeros(p, np.int64)
    turns = 0
    for start in range(0, games, BATCH):
        batch = play_batch(game, policies, min(BATCH, games - start), rng, compiled)
        k = batch.winners.sum(axis=1)
        for ways in range(1, p + 1):
            counts = (batch.winners & (k == ways)[:, None]).sum(axis=0)
            wins = [w + Fraction(int(c), ways) for w, c in zip(wins, counts, strict=True)]
        shared += (batch.winners & (k > 1)[:, None]).sum(axis=0)
        turns += int(batch.turns.sum())
        chunk = TossUpMetrics(p)
        chunk.turns = [int(t) for t in batch.seat_turns]
        chunk.points = [int(t) for t in batch.seat_points]
        chunk.busts = [int(t) for t in batch.seat_busts]
        chunk.rolls = batch.rolls
        metrics.merge(chunk)
    tally = Tally(wins, [int(s) for s in shared], turns, metrics)
    names = [f"hold:{t}" if kind == "hold" else kind for kind, t in policies]
    return build_report(game, names, games, seed, tally, {"kernel": "numpy"})
