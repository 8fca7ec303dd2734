"""Toss Your Cookies as a fixed numpy vector, for learning agents (the ``encode`` part).

Built from a seat's view alone: the viewer's own hand and commitment, the others' hand sizes,
what lies face up, and a hand only while the rules show it. Every value is in [0, 1]; card
counts are divided by the hand size (7) and clipped. With ``K`` card kinds in play (the
cookies, wild, half-eaten and milk, in sorted order) and ``n`` seats:

- the phase, one-hot over the 11 phases (``PHASES``);
- your hand per kind and your commitment per kind (``2K``);
- the roll: the action die one-hot (4), the number die one-hot (5), cards to move / 7;
- one block per seat, in table order starting with the viewer: hand size / 7, committed, may
  grab back / 7, grabbed / 7, the roller, tossed the milk, placed the face-down cards, receives
  them (the swap target), cards on their way / 7, draws blindly, is drawn from, known to hold
  the milk, rounds won / rounds needed, started the round, winner, and that seat's hand per kind
  when it is shown to everyone (``15 + K``);
- the middle per kind (a toss), the face-down cards in front of the target per kind when you may
  see them and how many there are, blind draws left / 7, cards left to deal / (7 x n), rounds
  played / rounds agreed, and whether the scramble is free.

:func:`encode_state` gives the same vector straight from the state (no view built first), for
the learning adapters' inner loops; the test suite checks that both agree.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, TypeVar

import numpy as np

from gamenight.engine.codec import float32_bytes, float32_packed
from gamenight.engine.core import View
from gamenight.engine.game import Game
from gamenight.games.toss_your_cookies.cards import ACTIONS, HAND_SIZE, NUMBERS
from gamenight.games.toss_your_cookies.rules import number, shown_hands

PHASES = (
    "deal",
    "roll",
    "target",
    "swap_cards",
    "commit",
    "scramble",
    "milk_race",
    "pick",
    "draw",
    "even_up",
    "over",
)
_PHASE_ROWS = {p: tuple(1.0 if q == p else 0.0 for q in PHASES) for p in PHASES}
_NO_PHASE = (0.0,) * len(PHASES)
SEAT_FIELDS = 15


@functools.lru_cache(maxsize=64)
def kinds(game: Game[Any, Any]) -> tuple[str, ...]:
    """The card kinds of ``game``, in its canonical order (those of its ``grab`` moves)."""
    return tuple(
        str(data["card"])
        for data in map(game.action_to_json, game.all_actions())
        if data["type"] == "grab"
    )


def _vector(values: list[float]) -> np.ndarray:
    """``numpy.array(values, numpy.float32)``, made through ``struct`` (quicker)."""
    return np.frombuffer(float32_bytes(values), np.float32)


def observation_size(game: Game[Any, Any]) -> int:
    """The length of the vector (see the module's layout)."""
    k = len(kinds(game))
    return (
        len(PHASES)
        + 2 * k
        + len(ACTIONS)
        + len(NUMBERS)
        + 1
        + game.players * (SEAT_FIELDS + k)
        + 2 * k
        + 5
    )


def max_chance_outcomes(game: Game[Any, Any]) -> int:
    """The most distinct outcomes of one chance step: a card of any kind, or the two dice."""
    return max(len(kinds(game)), len(ACTIONS) * len(NUMBERS))


def _per_kind(cards: Any, order: tuple[str, ...]) -> list[float]:
    if not cards:
        return [0.0] * len(order)
    return [cards.count(k) / HAND_SIZE for k in order]


def encode(game: Game[Any, Any], view: View, seat: int) -> np.ndarray:
    """The view of ``seat`` as a float32 vector of :func:`observation_size` values."""
    order = kinds(game)
    n = int(view["players"])
    phase = view["phase"]
    out: list[float] = list(_PHASE_ROWS.get(phase, _NO_PHASE))
    out += _per_kind(view["hand"], order)
    out += _per_kind(view["my_commit"], order)
    roll = view["roll"] or (None, None)
    out += [1.0 if roll[0] == a else 0.0 for a in ACTIONS]
    out += [1.0 if roll[1] == f else 0.0 for f in NUMBERS]
    out.append(view["number"] / HAND_SIZE)
    turn, tosser, owner, target = view["turn"], view["tosser"], view["limbo_owner"], view["target"]
    drawer, source, milk = view["drawer"], view["draw_from"], view["milk_seen"]
    starter, winners = view["starter"], view["winners"]
    needed = float(view["rounds_to_win"]) or 1.0
    sizes, committed, quota = view["hand_sizes"], view["committed"], view["quota"]
    grabbed, transit, wins, shown = (
        view["grabbed"],
        view["in_transit"],
        view["round_wins"],
        view["shown_hands"],
    )
    for i in range(n):
        p = (seat + i) % n
        out += (
            sizes[p] / HAND_SIZE,
            1.0 if committed[p] else 0.0,
            quota[p] / HAND_SIZE,
            grabbed[p] / HAND_SIZE,
            1.0 if p == turn else 0.0,
            1.0 if p == tosser else 0.0,
            1.0 if p == owner else 0.0,
            1.0 if p == target else 0.0,
            transit[p] / HAND_SIZE,
            1.0 if p == drawer else 0.0,
            1.0 if p == source else 0.0,
            1.0 if p == milk else 0.0,
            wins[p] / needed,
            1.0 if p == starter else 0.0,
            1.0 if p in winners else 0.0,
        )
        out += _per_kind(shown[p], order)
    out += _per_kind(view["centre"], order)
    out += _per_kind(view["limbo"], order)
    out += (
        view["limbo_count"] / HAND_SIZE,
        view["draws"] / HAND_SIZE,
        view["deck_left"] / (HAND_SIZE * n),
        view["round"] / max(1, view["rounds"]),
        1.0 if view["free_scramble"] else 0.0,
    )
    vector = _vector(out)
    np.minimum(vector, 1.0, out=vector)
    return vector


_ACTION_ROWS = {a: tuple(1.0 if b == a else 0.0 for b in ACTIONS) for a in ACTIONS}
_NUMBER_ROWS = {f: tuple(1.0 if g == f else 0.0 for g in NUMBERS) for f in NUMBERS}
_NO_ACTION, _NO_NUMBER = (0.0,) * len(ACTIONS), (0.0,) * len(NUMBERS)
_T = TypeVar("_T")


def _packed(values: Sequence[float]) -> bytes:
    """``values`` clipped to 1, as consecutive float32 bytes: the bytes of
    ``numpy.minimum(numpy.array(values, numpy.float32), 1.0)`` (rounding to float32 never
    takes a value past 1). Parts of a vector packed on their own join into the vector's bytes,
    so the vector needs no clip of its own."""
    return float32_packed([value if value < 1.0 else 1.0 for value in values])


_PHASE_BYTES = {k: _packed(row) for k, row in _PHASE_ROWS.items()}
_NO_PHASE_BYTES = _packed(_NO_PHASE)


class _Plan(NamedTuple):
    """What :func:`encode_state` works out once per game object, with the parts of vectors
    already made, packed as float32 bytes, for values met before (emptied when full): card
    tuples per kind, seat blocks, rolls and the last values."""

    places: dict[str, int]
    zeros: bytes
    needed: float
    rounds: int
    deal: int
    free: float
    orders: tuple[tuple[int, ...], ...]
    #: Card tuples per kind / the hand size.
    made: dict[tuple[str, ...], bytes]
    #: Seat blocks by their values (see :func:`_rows`).
    blocks: dict[Any, bytes]
    #: The one-seat flags per seat, by who holds each (see :func:`_rows`).
    marks: dict[Any, tuple[int, ...]]
    #: The roll's part by the roll, and the last values' part by those values.
    rolls: dict[Any, bytes]
    tails: dict[Any, bytes]


#: The places in a seat block of the one-seat flags: whose turn, the tosser, the limbo owner,
#: the target, the drawer, the source, the milk, the starter, the winner.
_FLAGS = (4, 5, 6, 7, 9, 10, 11, 13, 14)
#: Parts kept by :class:`_Plan` in one table before it is emptied.
_KEPT = 1 << 14


@functools.lru_cache(maxsize=64)
def _plan(game: Game[Any, Any]) -> _Plan:
    order = kinds(game)
    options = game.config.to_json()
    n = game.players
    rounds = int(options["rounds"])
    k = len(order)
    orders = tuple(tuple((seat + i) % n for i in range(n)) for seat in range(n))
    return _Plan(
        {kind: i for i, kind in enumerate(order)},
        _packed((0.0,) * k),
        float(getattr(game.config, "rounds_to_win")) or 1.0,  # noqa: B009 (a property)
        max(1, rounds),
        HAND_SIZE * n,
        1.0 if options["free_scramble"] else 0.0,
        orders,
        {},
        {},
        {},
        {},
        {},
    )


def _kept(table: dict[Any, _T], key: Any, value: _T) -> _T:
    """``value`` kept in ``table`` under ``key`` (the table emptied first when full)."""
    if len(table) >= _KEPT:
        table.clear()
    table[key] = value
    return value


def _counted(cards: Any, plan: _Plan) -> bytes:
    """Per kind, how many of ``cards`` / the hand size, packed (zeros for no cards)."""
    if not cards:
        return plan.zeros
    made = plan.made
    key = tuple(cards)
    found = made.get(key)
    if found is not None:
        return found
    index = plan.places
    counts = [0] * len(index)
    for card in cards:
        place = index.get(card)
        if place is not None:
            counts[place] += 1
    return _kept(made, key, _packed([c / HAND_SIZE for c in counts]))


def encode_state(game: Game[Any, Any], state: Any, seat: int) -> np.ndarray:
    """The same vector as :func:`encode` of ``game.observe(state, seat)``, from the state."""
    return state_encoder(game)(state, seat)


@functools.lru_cache(maxsize=64)
def state_encoder(game: Game[Any, Any]) -> Callable[[Any, int], np.ndarray]:
    """:func:`encode_state` bound to ``game`` (its plan looked up once)."""
    plan = _plan(game)
    frombuffer, float32 = np.frombuffer, np.float32

    def encode(state: Any, seat: int) -> np.ndarray:
        return frombuffer(bytearray(_rows(plan, state, (seat,))[0]), float32)

    return encode


def encode_seats(game: Game[Any, Any], state: Any) -> list[np.ndarray]:
    """:func:`encode_state` for every seat, what they see alike worked out once."""
    plan = _plan(game)
    seats = len(plan.orders)
    packed = bytearray(b"".join(_rows(plan, state, range(seats))))
    return list(np.frombuffer(packed, np.float32).reshape(seats, -1))


def _marks(plan: _Plan, named: tuple[int | None, ...]) -> tuple[int, ...]:
    """Per seat, the one-seat flags it carries (bit ``i`` for the ``i``-th of ``named``, who
    holds each flag), made once per ``named``."""
    n = len(plan.orders)
    marks = [0] * n
    for bit, who in enumerate(named):
        if who is not None and 0 <= who < n:
            marks[who] |= 1 << bit
    return _kept(plan.marks, named, tuple(marks))


def _block(plan: _Plan, key: tuple[Any, ...]) -> bytes:
    """A seat block, packed, from its values: hand size, committed, may grab back, grabbed,
    cards on their way, rounds won, its flags and its hand if shown."""
    size, committed, quota, grabbed, transit, wins, mark, held = key
    values = [
        size / HAND_SIZE,
        1.0 if committed else 0.0,
        quota / HAND_SIZE,
        grabbed / HAND_SIZE,
        0.0,
        0.0,
        0.0,
        0.0,
        transit / HAND_SIZE,
        0.0,
        0.0,
        0.0,
        wins / plan.needed,
        0.0,
        0.0,
    ]
    for bit, offset in enumerate(_FLAGS):
        if mark >> bit & 1:
            values[offset] = 1.0
    packed = _packed(values) + (plan.zeros if held is None else _counted(held, plan))
    return _kept(plan.blocks, key, packed)


def _rows(plan: _Plan, state: Any, seats: Iterable[int]) -> list[bytes]:
    """The observations of ``seats`` as float32 bytes, joined from parts made once: the
    per-player blocks (by their values), the roll's part (by the roll) and card counts (by the
    cards)."""
    roll = state.roll
    dice = plan.rolls.get(roll)
    if dice is None:
        values: list[float] = []
        if roll:
            values += _ACTION_ROWS.get(roll[0], _NO_ACTION)
            values += _NUMBER_ROWS.get(roll[1], _NO_NUMBER)
        else:
            values += _NO_ACTION
            values += _NO_NUMBER
        values.append(number(state) / HAND_SIZE)
        dice = _kept(plan.rolls, roll, _packed(values))
    owner = state.limbo_owner
    draw = state.draw
    named = (
        state.turn,
        state.tosser,
        owner,
        state.target,
        draw.drawer if draw else None,
        draw.source if draw else None,
        state.milk_seen,
        state.starter,
        state.winner,
    )
    marks = plan.marks.get(named)
    if marks is None:
        marks = _marks(plan, named)
    hands, commits, quota = state.hands, state.commits, state.quota
    grabbed, transit, wins = state.grabbed, state.transit, state.round_wins
    shown = shown_hands(state)
    made = plan.blocks
    blocks = []
    for p, hand in enumerate(hands):
        key = (
            len(hand),
            commits[p] is not None,
            quota[p],
            grabbed[p],
            len(transit[p]),
            wins[p],
            marks[p],
            shown[p],
        )
        block = made.get(key)
        blocks.append(_block(plan, key) if block is None else block)
    centre = _counted(state.centre, plan)
    limbo = state.limbo
    seen = _counted(limbo, plan)
    shared = state.limbo_public
    last = (len(limbo), draw.left if draw else 0, len(state.deck), state.round)
    tail = plan.tails.get(last)
    if tail is None:
        tail = _kept(
            plan.tails,
            last,
            _packed(
                (
                    last[0] / HAND_SIZE,
                    last[1] / HAND_SIZE,
                    last[2] / plan.deal,
                    last[3] / plan.rounds,
                    plan.free,
                )
            ),
        )
    phase = _PHASE_BYTES.get(state.phase, _NO_PHASE_BYTES)
    rows = []
    for seat in seats:
        parts = [phase, _counted(hands[seat], plan), _counted(commits[seat], plan), dice]
        parts += [blocks[p] for p in plan.orders[seat]]
        parts += (centre, seen if shared or seat == owner else plan.zeros, tail)
        rows.append(b"".join(parts))
    return rows
