"""Toss Up! as a fixed numpy vector, for learning agents (the ``encode`` part).

Built from a seat's view alone (everything in Toss Up! is public), every value in [0, 1]:

- one block of 6 per seat, in table order starting with the viewer (block 0 is you, block 1
  the next seat to play after you): score / (2 x target), whose turn it is, still to play in the
  final round, in sudden death, triggered the final round, winner;
- then 9 values for the turn: turn points / target, dice left to roll / dice, the last roll's
  greens, yellows and reds / dice, the chance that the next roll busts, whether the final round
  is on, whether banking now would take your total past the target, and your lead over the best
  other total once you bank, (lead / target + 1) / 2.

Numbers that can grow past their scale (scores, turn points) are clipped to 1.

:func:`encode_state` gives the same vector straight from the state (no view built first), for
the learning adapters' inner loops; the test suite checks that both agree.
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from gamenight.engine.codec import float32_bytes, float32_packed
from gamenight.engine.core import View
from gamenight.engine.game import Game

SEAT_FIELDS = 6
TURN_FIELDS = 9
#: Packs the 9 values of the turn.
_TAIL = struct.Struct(f"{TURN_FIELDS}f")


def _vector(values: list[float]) -> np.ndarray:
    """``numpy.array(values, numpy.float32)``, made through ``struct`` (quicker)."""
    return np.frombuffer(float32_bytes(values), np.float32)


def observation_size(game: Game[Any, Any]) -> int:
    """The length of the vector: 6 per seat and 9 for the turn."""
    return SEAT_FIELDS * game.players + TURN_FIELDS


def max_chance_outcomes(game: Game[Any, Any]) -> int:
    """The most distinct outcomes of one roll: green/yellow/red counts of every die."""
    dice = _dice(game)
    return (dice + 1) * (dice + 2) // 2


def _dice(game: Game[Any, Any]) -> int:
    """The number of dice (the ``dice`` option)."""
    return int(vars(game.config)["dice"])


def encode(game: Game[Any, Any], view: View, seat: int) -> np.ndarray:
    """The view of ``seat`` as a float32 vector of :func:`observation_size` values."""
    n = view["players"]
    dice = vars(game.config)["dice"]
    target = view["target"]
    half = 0.5 / target
    scores = view["scores"]
    turn = view["turn"]
    to_play = view["to_play"]
    sudden = view["sudden_death"]
    trigger = view["trigger"]
    winners = view["winners"]
    out: list[float] = []
    extend = out.extend
    for p in (*range(seat, n), *range(seat)):
        score = scores[p] * half
        extend(
            (
                score if score < 1.0 else 1.0,
                1.0 if p == turn else 0.0,
                1.0 if to_play and p in to_play else 0.0,
                1.0 if sudden and p in sudden else 0.0,
                1.0 if p == trigger else 0.0,
                1.0 if winners and p in winners else 0.0,
            )
        )
    points = view["turn_points"]
    last = view["last_roll"]
    mine = turn == seat
    banked = scores[seat] + (points if mine else 0)
    best_other = max(scores[:seat] + scores[seat + 1 :])
    past = banked > target if view["strict"] else banked >= target
    lead = ((banked - best_other) / target + 1.0) / 2.0
    extend(
        (
            min(1.0, points / target),
            view["dice_to_roll"] / dice,
            last["green"] / dice if last else 0.0,
            last["yellow"] / dice if last else 0.0,
            last["red"] / dice if last else 0.0,
            view["bust_chance"],
            1.0 if view["final_round"] else 0.0,
            1.0 if past and mine else 0.0,
            0.0 if lead < 0.0 else 1.0 if lead > 1.0 else lead,
        )
    )
    return _vector(out)


class _Plan(NamedTuple):
    """What :func:`encode_state` works out once per game object, with the seat parts of the
    turn last met (they change only when a turn ends)."""

    orders: tuple[tuple[int, ...], ...]
    dice: int
    target: int
    half: float
    strict: bool
    bust: tuple[float, ...]
    #: The fields read for the seat parts, by identity (a turn's states share them), and per
    #: seat: its blocks in its order, its total, the best other total and the blocks packed.
    last: list[Any]


@functools.lru_cache(maxsize=64)
def _plan(game: Game[Any, Any]) -> _Plan:
    n = game.players
    dice = _dice(game)
    target = int(vars(game.config)["target"])
    bust_chance = getattr(game, "bust_chance")  # noqa: B009 (Toss Up!'s own method)
    return _Plan(
        tuple((*range(seat, n), *range(seat)) for seat in range(n)),
        dice,
        target,
        0.5 / target,
        bool(vars(game.config)["strict"]),
        tuple(float(bust_chance(d)) for d in range(dice + 1)),
        [None, ()],
    )


def encode_state(game: Game[Any, Any], state: Any, seat: int) -> np.ndarray:
    """The same vector as :func:`encode` of ``game.observe(state, seat)``, from the state."""
    return state_encoder(game)(state, seat)


@functools.lru_cache(maxsize=64)
def state_encoder(game: Game[Any, Any]) -> Callable[[Any, int], np.ndarray]:
    """:func:`encode_state` bound to ``game``: the plan read once, the seat blocks packed once
    per turn, and only the turn's 9 values packed at each call (:func:`_turn` written out for
    one seat: this runs at every decision)."""
    plan = _plan(game)
    dice, target, strict, bust = plan.dice, plan.target, plan.strict, plan.bust
    pack = _TAIL.pack
    frombuffer, float32 = np.frombuffer, np.float32
    kept = plan.last

    def encode(state: Any, seat: int) -> np.ndarray:
        key = kept[0]  # :func:`_seats`' check, written out
        if (
            key is not None
            and key[0] is state.scores
            and key[1] == state.player
            and key[2] is state.final
            and key[3] is state.contenders
            and key[4] == state.trigger
            and key[5] is state.winners
        ):
            _blocks, total, best_other, packed = kept[1][seat]
        else:
            _blocks, total, best_other, packed = _seats(game, plan, state)[seat]
        left, last, points = state.dice_left, state.last_roll, state.turn_points
        share = points / target
        mine = state.player == seat
        banked = total + points if mine else total
        past = mine and (banked > target if strict else banked >= target)
        lead = ((banked - best_other) / target + 1.0) / 2.0
        tail = pack(
            share if share < 1.0 else 1.0,
            left / dice,
            last.green / dice if last else 0.0,
            last.yellow / dice if last else 0.0,
            last.red / dice if last else 0.0,
            bust[left] if 0 <= left <= dice else _bust_of(game, left),
            1.0 if state.trigger is not None else 0.0,
            1.0 if past else 0.0,
            0.0 if lead < 0.0 else 1.0 if lead > 1.0 else lead,
        )
        return frombuffer(bytearray(packed + tail), float32)

    return encode


def encode_seats(game: Game[Any, Any], state: Any) -> list[np.ndarray]:
    """:func:`encode_state` for every seat, what they see alike worked out once: each seat's
    blocks packed once per turn, the turn's values once, and per seat its two own values."""
    plan = _plan(game)
    roll, seats = _turn(game, plan, state), _seats(game, plan, state)
    target, strict, points, turn = plan.target, plan.strict, state.turn_points, state.player
    parts = []
    for seat, (_blocks, total, best_other, packed) in enumerate(seats):
        mine = turn == seat
        banked = total + points if mine else total
        past = mine and (banked > target if strict else banked >= target)
        lead = ((banked - best_other) / target + 1.0) / 2.0
        parts.append(packed)
        parts.append(
            _TAIL.pack(
                *roll, 1.0 if past else 0.0, 0.0 if lead < 0.0 else 1.0 if lead > 1.0 else lead
            )
        )
    vectors = np.frombuffer(bytearray(b"".join(parts)), np.float32)
    return list(vectors.reshape(len(seats), -1))


SeatParts = tuple[tuple[list[float], int, int, bytes], ...]


def _seats(game: Game[Any, Any], plan: _Plan, state: Any) -> SeatParts:
    """Per seat: the seat blocks in its order, its total and the best other total; made once
    per turn (the fields read stay the same objects through a turn's states)."""
    scores, turn = state.scores, state.player
    to_play, sudden, trigger, winners = state.final, state.contenders, state.trigger, state.winners
    key = plan.last[0]
    if (
        key is not None
        and key[0] is scores
        and key[1] == turn
        and key[2] is to_play
        and key[3] is sudden
        and key[4] == trigger
        and key[5] is winners
    ):
        parts: SeatParts = plan.last[1]
        return parts
    half = plan.half
    blocks = []
    for p in range(len(plan.orders)):
        score = scores[p] * half
        blocks.append(
            (
                score if score < 1.0 else 1.0,
                1.0 if p == turn else 0.0,
                1.0 if p in to_play else 0.0,
                1.0 if p in sudden else 0.0,
                1.0 if p == trigger else 0.0,
                1.0 if p in winners else 0.0,
            )
        )
    made = []
    for seat, order in enumerate(plan.orders):
        out: list[float] = []
        for p in order:
            out += blocks[p]
        made.append(
            (out, scores[seat], max(scores[:seat] + scores[seat + 1 :]), float32_packed(out))
        )
    parts = tuple(made)
    plan.last[0], plan.last[1] = (scores, turn, to_play, sudden, trigger, winners), parts
    return parts


def _turn(game: Game[Any, Any], plan: _Plan, state: Any) -> tuple[float, ...]:
    """The turn's values every seat sees alike: points, dice, the last roll, the bust chance
    and whether the final round is on."""
    dice, left, last = plan.dice, state.dice_left, state.last_roll
    bust = plan.bust[left] if 0 <= left <= dice else _bust_of(game, left)
    points = state.turn_points / plan.target
    return (
        points if points < 1.0 else 1.0,
        left / dice,
        last.green / dice if last else 0.0,
        last.yellow / dice if last else 0.0,
        last.red / dice if last else 0.0,
        bust,
        1.0 if state.trigger is not None else 0.0,
    )


def _bust_of(game: Game[Any, Any], left: int) -> float:
    """The bust chance of a roll of ``left`` dice, outside the plan's table."""
    return float(getattr(game, "bust_chance")(left))  # noqa: B009 (Toss Up!'s own method)
