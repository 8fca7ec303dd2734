"""The Toss Up! kernel's loop compiled by numba: the same games as ``kernel.py``, number for number.

``kernel.play_batch`` plays every running game one roll per round with numpy's array
operations. This module plays the same rounds as plain loops compiled by numba (the optional
``fast`` extra), and draws from the same numpy ``Generator`` in the same order: each round, one
multinomial roll per running game in order, then for each seat in turn one uniform number per
running game of that seat whose bot is random. The multinomial is numpy's own algorithm written
out (a binomial per colour, by inversion, which numpy uses whenever the expected count is at most
30: always, with at most 30 dice), so both loops give the same results to the last game; a test
checks this.
"""

from __future__ import annotations

import math
from collections import namedtuple
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit as _njit

F = TypeVar("F", bound=Callable[..., Any])


def njit(**options: Any) -> Callable[[F], F]:
    """numba's ``njit``, typed for the type checker (a compiled function keeps its signature)."""
    return cast(Callable[[F], F], _njit(**options))


#: The policy codes of :func:`play`: uniformly random, hold at a threshold, the solved policy.
RANDOM, HOLD, SMART = 0, 1, 2

#: The arrays of a batch of games, as ``kernel.Batch`` holds them (``rolls``: one counter;
#: ``leaders``: room for one game's leaders), handed to :func:`play` as one value.
Arrays = namedtuple(
    "Arrays",
    "p p_face scores player points dice trigger left sudden contenders done winners turns "
    "seat_turns seat_points seat_busts rolls leaders",
)


@njit(cache=True)
def _laws(p_face: Any, dice: int) -> Any:
    """What numpy's multinomial works out for each binomial of a roll of up to ``dice`` dice,
    computed once, by the same operations numpy repeats at every draw.

    Colour ``j`` (all but the last) is a binomial with ``p`` the colour's odds among the colours
    not yet drawn. numpy draws it by inversion with ``p`` or, above one half, with ``1 - p``
    (and takes the draw from ``n``): ``flip[j]`` is 1 when flipped, -1 when nothing is drawn
    (``p`` is 0). Inversion walks the odds of 0, 1, 2, ... successes, each worked out from the
    last: ``px[j, n, x]``, up to the search bound ``bound[j, n]``.
    """
    colours = p_face.shape[0] - 1
    flip = np.zeros(colours, np.int64)
    px = np.zeros((colours, dice + 1, dice + 2))
    bound = np.zeros((colours, dice + 1), np.int64)
    remaining = 1.0
    for j in range(colours):
        if remaining == 0.0:  # never reached: the colour before took every die left
            flip[j] = -1
            continue
        p = p_face[j] / remaining
        remaining -= p_face[j]
        if p == 0.0:
            flip[j] = -1
            continue
        if p > 0.5:
            flip[j] = 1
            p = 1.0 - p
        q = 1.0 - p
        for n in range(dice + 1):
            mean = n * p
            top = min(n, int(mean + 10.0 * math.sqrt(mean * q + 1)))
            bound[j, n] = top
            odds = math.exp(n * math.log(q))
            px[j, n, 0] = odds
            for x in range(1, top + 1):
                odds = ((n - x + 1) * p * odds) / (x * q)
                px[j, n, x] = odds
    return flip, px, bound


@njit(cache=True, inline="always")
def _roll(rng: Any, n: int, laws: Any, counts: Any) -> None:
    """numpy's ``random_multinomial`` (binomials by ``random_binomial_inversion``): ``n`` dice
    over the face odds, into ``counts``."""
    flip, pxs, bounds = laws
    d = counts.shape[0]
    for j in range(d):
        counts[j] = 0
    left = n
    for j in range(d - 1):
        x = 0
        if left != 0 and flip[j] >= 0:
            px = pxs[j, left]
            bound = bounds[j, left]
            u = rng.random()
            while u > px[x]:
                u -= px[x]
                x += 1
                if x > bound:
                    x = 0
                    u = rng.random()
            if flip[j] == 1:
                x = left - x
        counts[j] = x
        left -= x
        if left <= 0:
            break
    if left > 0:
        counts[d - 1] = left


@njit(cache=True, inline="always")
def _over(total: int, target: int, strict: bool) -> bool:
    return total > target if strict else total >= target


@njit(cache=True, inline="always")
def _offset(seat: int, trigger: int, p: int) -> int:
    """A seat's place in the order from the trigger's left."""
    return (seat - trigger - 1) % p


@njit(cache=True)
def _first_contender(b: Any, i: int, after: int) -> int:
    """The first contender (from the trigger's left) placed after ``after`` (-1: any), as
    numpy's ``argmin`` picks it: the lowest seat of the smallest offset; seat 0 if none."""
    p = b.p
    best_seat, best = 0, p + 1
    for s in range(p):
        off = _offset(s, b.trigger[i], p)
        value = off if b.contenders[i, s] and off > after else p + 1
        if value < best:
            best_seat, best = s, value
    return best_seat


@njit(cache=True)
def _resolve(b: Any, i: int, shared: bool) -> None:
    """After a final or sudden-death round: a winner, or a tie-break among the leaders."""
    p = b.p
    top = -2
    for s in range(p):
        if (not b.sudden[i] or b.contenders[i, s]) and b.scores[i, s] > top:
            top = b.scores[i, s]
    if top < -1:
        top = -1
    count = 0
    for s in range(p):
        pooled = not b.sudden[i] or b.contenders[i, s]
        lead = pooled and b.scores[i, s] == top
        b.leaders[s] = lead
        count += lead
    if count == 1 or shared:
        b.done[i] = True
        for s in range(p):
            b.winners[i, s] = b.leaders[s]
        return
    b.sudden[i] = True
    for s in range(p):
        b.contenders[i, s] = b.leaders[s]
    b.left[i] = count
    b.player[i] = _first_contender(b, i, -1)


@njit(cache=True, inline="always")
def _end_turn(b: Any, i: int, rules: Any) -> None:
    """Pass the dice on in game ``i``: final round, sudden death, end of game."""
    p, dice_count, target, strict, shared, _cap = rules
    seat = b.player[i]
    b.seat_turns[seat] += 1
    b.turns[i] += 1
    b.points[i] = 0
    b.dice[i] = dice_count
    if b.trigger[i] < 0:
        if _over(b.scores[i, seat], target, strict):
            b.trigger[i] = seat
            b.left[i] = p - 1
    else:
        b.left[i] -= 1
        if b.left[i] == 0:
            _resolve(b, i, shared)
            return
    if b.sudden[i]:
        mine = _offset(b.player[i], b.trigger[i], p)
        b.player[i] = _first_contender(b, i, mine)
    else:
        b.player[i] = (b.player[i] + 1) % p


@njit(cache=True, inline="always")
def _banks(b: Any, i: int, kind: int, threshold: int, table: Any, rules: Any) -> bool:
    """Whether game ``i``'s player banks now by a hold or smart policy (random is drawn apart)."""
    p, _dice_count, target, strict, _shared, cap = rules
    points = b.points[i]
    if kind == HOLD:
        return bool(points >= threshold)
    seat = b.player[i]
    mine = b.scores[i, seat] + points
    best = -1
    for s in range(p):
        if s != seat and b.scores[i, s] > best:
            best = b.scores[i, s]
    lead = mine > best
    trigger = b.trigger[i]
    if (trigger >= 0 and seat != trigger) or b.sudden[i]:
        return bool(lead)
    rolls = points < cap and table[min(points, cap), b.dice[i]]
    return (_over(mine, target, strict) and lead) or not rolls


@njit(cache=True)
def play(
    rng: Any, b: Any, kinds: Any, thresholds: Any, table: Any, rules: Any, max_rolls: int
) -> int:
    """Play every game of ``b`` to the end; the number of games still running (0 unless
    ``max_rolls`` rounds were not enough).

    Each round draws as ``kernel.play_batch`` does: first every running game's roll, in order;
    then, seat by seat, a uniform number for each game (in order) whose roll did not bust and
    whose player is that seat, when that seat's bot is random. Everything else follows from
    each game's own numbers.
    """
    n = b.player.shape[0]
    p, dice_count = rules[0], rules[1]
    active = np.arange(n)
    nact = n
    green = np.empty(n, np.int64)
    # per running game of the round: 0 roll on, 1 bank, 2 red light
    fate = np.zeros(n, np.int64)
    counts = np.zeros(b.p_face.shape[0], np.int64)
    red = b.p_face.shape[0] - 1
    laws = _laws(b.p_face, dice_count)
    random_seats = 0
    for s in range(p):
        random_seats += kinds[s] == RANDOM
    for _ in range(max_rolls):
        if nact == 0:
            return 0
        for k in range(nact):  # one roll per running game, in order
            _roll(rng, b.dice[active[k]], laws, counts)
            green[k] = counts[0]
            fate[k] = 2 if counts[0] == 0 and counts[red] > 0 else 0
        b.rolls[0] += nact
        for k in range(nact):  # greens set aside; hold and smart bots decide
            i = active[k]
            if fate[k] == 2:
                b.seat_busts[b.player[i]] += 1
                continue
            b.points[i] += green[k]
            left = b.dice[i] - green[k]
            b.dice[i] = dice_count if left == 0 else left
            kind = kinds[b.player[i]]
            if kind != RANDOM and _banks(b, i, kind, thresholds[b.player[i]], table, rules):
                fate[k] = 1
        if random_seats:  # random bots draw seat by seat, in game order
            for s in range(p):
                if kinds[s] != RANDOM:
                    continue
                for k in range(nact):
                    if fate[k] != 2 and b.player[active[k]] == s and rng.random() < 0.5:
                        fate[k] = 1
        kept = 0
        for k in range(nact):  # banks, turn ends, and the games still running
            i = active[k]
            if fate[k] == 1:
                seat = b.player[i]
                b.scores[i, seat] += b.points[i]
                b.seat_points[seat] += b.points[i]
            if fate[k] != 0:
                _end_turn(b, i, rules)
            if not b.done[i]:
                active[kept] = i
                kept += 1
        nact = kept
    return int(nact)


def play_batch(
    batch: Any, policies: list[tuple[str, int]], table: Any, cap: int, max_rolls: int
) -> int:
    """Play the games of ``batch`` (a ``kernel.Batch``) to the end with its generator, the
    smart policy reading ``table`` below ``cap`` points; the number of games still running
    after ``max_rolls`` rounds (0: all ended)."""
    codes = {"random": RANDOM, "hold": HOLD, "smart": SMART}
    kinds = np.array([codes[kind] for kind, _ in policies], np.int64)
    thresholds = np.array([threshold for _, threshold in policies], np.int64)
    rolls = np.zeros(1, np.int64)
    arrays = Arrays(
        batch.p,
        batch.p_face.astype(np.float64),
        batch.scores,
        batch.player,
        batch.points,
        batch.dice,
        batch.trigger,
        batch.left,
        batch.sudden,
        batch.contenders,
        batch.done,
        batch.winners,
        batch.turns,
        batch.seat_turns,
        batch.seat_points,
        batch.seat_busts,
        rolls,
        np.zeros(batch.p, np.bool_),
    )
    rules = (batch.p, batch.dice_count, batch.target, batch.strict, batch.shared, cap)
    running = int(play(batch.rng, arrays, kinds, thresholds, table, rules, max_rolls))
    batch.rolls += int(rolls[0])
    return running
