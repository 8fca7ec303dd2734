"""Cover Your Cookies as a fixed numpy vector, for learning agents (the ``encode`` part).

Built from a seat's view alone: the viewer's own hand, the others' hand sizes and everything on
the table. Every value is in [0, 1]; counts and Dough are divided by a scale and clipped. With
``C`` cookies, ``M`` milks and ``X`` mixers (from ``components.json``) and ``n`` seats:

- the phase, one-hot over the 8 phases (``PHASES``);
- your hand per cookie and milk / hand size (``C + M``);
- one block per seat, in table order starting with the viewer: hand size / hand size,
  Batches / 10, the top Batch's flavour (one-hot, ``C``), its cards / 8 and its Dough / 200,
  Dough on the table / 500, times swiped / 6, Enhance cards waiting / 2, whose turn, the
  challenger, the defender and the player to answer in a duel, who drew the mixer, cards in
  transit / 2, match total / 1000, rounds won / 5, last round's Dough / 500 (``16 + C``);
- the discard pile per cookie and milk / 10, the discards usable to form a Batch (``2(C + M)``);
- the deck / its full size, the deck is out, mixers in the deck / their count, the mixer
  discard pile per mixer (``X``);
- the duel: on, its flavour (``C``), cards needed / 2, plays made / 6, the Batch's Dough / 200;
- the mixer being resolved (``X``); actions taken this turn / 2, may lay a single card, the
  Extra Strength and Two Actions options.

:func:`encode_state` gives the same vector straight from the state (no view built first), for
the learning adapters' inner loops; the test suite checks that both agree.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

import numpy as np

from gamenight.engine.codec import float32_bytes, float32_packed
from gamenight.engine.config import load_components
from gamenight.engine.core import View
from gamenight.engine.game import Game
from gamenight.games.cover_your_cookies import rules
from gamenight.games.cover_your_cookies.cards import CARDS

PHASES = ("deal", "flip", "turn", "duel", "draw", "mixer", "exchange", "over")

_DATA = load_components(__package__ or "gamenight.games.cover_your_cookies")
COOKIES: tuple[str, ...] = tuple(str(c["id"]) for c in _DATA["cookies"])
MILKS: tuple[str, ...] = tuple(str(c["id"]) for c in _DATA["milk"])
MIXERS: tuple[str, ...] = tuple(str(c["id"]) for c in _DATA["mixers"])
HELD = COOKIES + MILKS
MIXER_COUNTS: tuple[int, ...] = tuple(max(1, int(c["count"])) for c in _DATA["mixers"])
ALL_CARDS = sum(int(c["count"]) for key in ("cookies", "milk", "mixers") for c in _DATA[key])
SEAT_FIELDS = 16 + len(COOKIES)


def _vector(values: list[float]) -> np.ndarray:
    """``numpy.array(values, numpy.float32)``, made through ``struct`` (quicker)."""
    return np.frombuffer(float32_bytes(values), np.float32)


def observation_size(game: Game[Any, Any]) -> int:
    """The length of the vector (see the module's layout)."""
    c, held, x = len(COOKIES), len(HELD), len(MIXERS)
    return len(PHASES) + held + game.players * SEAT_FIELDS + 2 * held + 3 + x + 4 + c + x + 4


def max_chance_outcomes(game: Game[Any, Any]) -> int:
    """The most distinct outcomes of one chance step: a card of any kind off the deck, or the
    cards taken blindly in an Exchange (up to two of the cookies and milks in a hand)."""
    held = len(HELD)
    return max(len(HELD) + len(MIXERS), held * (held + 1) // 2)


def _rows(order: tuple[str, ...]) -> dict[Any, list[float]]:
    """One-hot rows by value (``None``, and any value not in ``order``: all zeros)."""
    return {k: [1.0 if j == k else 0.0 for j in order] for k in order}


_PHASE_ROWS, _COOKIE_ROWS, _MIXER_ROWS = _rows(PHASES), _rows(COOKIES), _rows(MIXERS)
_NO_PHASE, _NO_COOKIE, _NO_MIXER = [0.0] * len(PHASES), [0.0] * len(COOKIES), [0.0] * len(MIXERS)


def encode(game: Game[Any, Any], view: View, seat: int) -> np.ndarray:
    """The view of ``seat`` as a float32 vector of :func:`observation_size` values."""
    n = int(view["players"])
    out: list[float] = list(_PHASE_ROWS.get(view["phase"], _NO_PHASE))
    limit = float(view["hand_limit"]) or 1.0
    hand = view["hand"] or ()
    out += [hand.count(k) / limit for k in HELD]
    duel = view["duel"]
    mixer = view["mixer"]
    turn = view["turn"]
    challenger = duel["challenger"] if duel else None
    defender = duel["defender"] if duel else None
    responder = duel["responder"] if duel else None
    drawer = mixer["player"] if mixer else None
    sizes, stacks, dough = view["hand_sizes"], view["stacks"], view["dough"]
    crumbs, waiting, transit = view["crumbs"], view["waiting_enhance"], view["exchange_in_transit"]
    totals, wins, last = view["totals"], view["round_wins"], view["last_scores"]
    batch_value = 0.0
    for i in range(n):
        p = (seat + i) % n
        stack = stacks[p]
        top = stack[-1] if stack else None
        out += (sizes[p] / limit, len(stack) / 10)
        out += _COOKIE_ROWS.get(top["flavour"], _NO_COOKIE) if top else _NO_COOKIE
        out += (
            len(top["cards"]) / 8 if top else 0.0,
            top["value"] / 200 if top else 0.0,
            dough[p] / 500,
            crumbs[p] / 6,
            waiting[p] / 2,
            1.0 if p == turn else 0.0,
            1.0 if p == challenger else 0.0,
            1.0 if p == defender else 0.0,
            1.0 if p == responder else 0.0,
            1.0 if p == drawer else 0.0,
            transit[p] / 2,
            totals[p] / 1000,
            wins[p] / 5,
            last[p] / 500,
        )
        if duel and p == defender:
            batch_value = next((b["value"] for b in stack if b["id"] == duel["batch"]), 0)
    discard = view["discard"]
    out += [discard.count(k) / 10 for k in HELD]
    usable = view["usable_discards"]
    out += [1.0 if k in usable else 0.0 for k in HELD]
    mixer_discard = view["mixer_discard"]
    out += (
        view["deck"] / ALL_CARDS,
        1.0 if view["deck_out"] else 0.0,
        view["mixers_in_deck"] / sum(MIXER_COUNTS),
    )
    out += [mixer_discard.count(k) / c for k, c in zip(MIXERS, MIXER_COUNTS, strict=True)]
    out += (
        1.0 if duel else 0.0,
        duel["need"] / 2 if duel else 0.0,
        len(duel["plays"]) / 6 if duel else 0.0,
        batch_value / 200,
    )
    out += _COOKIE_ROWS.get(duel["flavour"], _NO_COOKIE) if duel else _NO_COOKIE
    out += _MIXER_ROWS.get(mixer["card"], _NO_MIXER) if mixer else _NO_MIXER
    options = view["options"]
    out += (
        view["actions_taken"] / 2,
        1.0 if view["may_lay_single"] else 0.0,
        1.0 if options["extra_strength"] else 0.0,
        1.0 if options["two_actions"] else 0.0,
    )
    vector = _vector(out)
    np.minimum(vector, 1.0, out=vector)
    return vector


#: The places of the mixers in the deck's count vector.
_MIXER_PLACES = tuple(i for i, c in enumerate(CARDS) if c.kind == "mixer")
#: The deck's count of each mixer, as a tuple (``itemgetter`` of one place gives no tuple).
_MIXERS_OF = (
    operator.itemgetter(*_MIXER_PLACES)
    if len(_MIXER_PLACES) > 1
    else lambda counts: tuple(counts[i] for i in _MIXER_PLACES)
)
_HELD_INDEX = {k: i for i, k in enumerate(HELD)}
_MIXER_INDEX = {k: i for i, k in enumerate(MIXERS)}
_ALL_MIXERS = sum(MIXER_COUNTS)


def _per_kind(cards: Any, index: dict[str, int], scale: float) -> list[float]:
    """Per kind of ``index``, how many of ``cards`` / ``scale``."""
    counts = [0] * len(index)
    for card in cards:
        place = index.get(card)
        if place is not None:
            counts[place] += 1
    return [c / scale for c in counts]


#: Worked-out Dough by the identity of the immutable Batch or stack (kept with the object, so
#: an id is never confused with a later object's); emptied when full.
_DOUGH: dict[int, tuple[Any, Any]] = {}
_DOUGH_MAX = 1 << 15


def _batch_dough(batch: Any) -> int:
    """``batch.value``, worked out once per Batch object."""
    hit = _DOUGH.get(id(batch))
    if hit is not None and hit[0] is batch:
        found: int = hit[1]
        return found
    value = int(batch.value)
    if len(_DOUGH) >= _DOUGH_MAX:
        _DOUGH.clear()
    _DOUGH[id(batch)] = (batch, value)
    return value


def _stack_dough(stack: tuple[Any, ...]) -> int:
    """The Dough of every card in a stack, worked out once per stack object."""
    hit = _DOUGH.get(id(stack))
    if hit is not None and hit[0] is stack:
        found: int = hit[1]
        return found
    value = sum(map(_batch_dough, stack))
    if len(_DOUGH) >= _DOUGH_MAX:
        _DOUGH.clear()
    _DOUGH[id(stack)] = (stack, value)
    return value


def _top(batch: Any) -> tuple[float, ...]:
    """A top Batch's part of a seat block: its flavour (one-hot), cards / 8 and Dough / 200,
    made once per Batch object."""
    key = -id(batch) - 1  # apart from the Dough kept under the same object's id
    hit = _DOUGH.get(key)
    if hit is not None and hit[0] is batch:
        part: tuple[float, ...] = hit[1]
        return part
    part = (
        *_COOKIE_ROWS.get(batch.flavour, _NO_COOKIE),
        len(batch.cards) / 8,
        _batch_dough(batch) / 200,
    )
    if len(_DOUGH) >= _DOUGH_MAX:
        _DOUGH.clear()
    _DOUGH[key] = (batch, part)
    return part


_NO_TOP = (*_NO_COOKIE, 0.0, 0.0)
#: The places in a seat block of the one-seat flags: whose turn, the challenger, the defender,
#: the player to answer, who drew the mixer.
_FLAGS = tuple(len(COOKIES) + 7 + i for i in range(5))
_KEPT = 1 << 14


_PHASE_BYTES = {k: float32_packed(row) for k, row in _PHASE_ROWS.items()}
_NO_PHASE_BYTES = float32_packed(_NO_PHASE)
_MIXER_BYTES = {k: float32_packed(row) for k, row in _MIXER_ROWS.items()}
_NO_MIXER_BYTES = float32_packed(_NO_MIXER)
_NO_DUEL_BYTES = float32_packed((0.0, 0.0, 0.0, 0.0, *_NO_COOKIE))
#: The one-seat flags of a seat block, packed, for each set of them (bit ``i`` for the
#: ``i``-th).
_FLAG_BYTES = tuple(
    float32_packed([1.0 if mark >> bit & 1 else 0.0 for bit in range(len(_FLAGS))])
    for mark in range(1 << len(_FLAGS))
)


class _Plan(NamedTuple):
    """What :func:`encode_state` works out once per game object, with the parts of vectors
    already made, packed as float32 bytes: for values met before (hands, mixers used; emptied
    when full), and for the fields last met, by identity (the state's fields are immutable,
    and a new state keeps the objects of the fields it does not change)."""

    limit: float
    track: tuple[int, ...]
    orders: tuple[tuple[int, ...], ...]
    #: The last values: whether the seat may lay a single cookie, and the two options; by the
    #: first.
    tails: tuple[bytes, bytes]
    config: Any
    made: dict[Any, bytes]
    #: The discard pile last encoded, its part, its count per kind held and those packed.
    last: list[Any]
    #: The fields shared by every seat block last met (swipes, Enhance cards waiting, cards in
    #: transit, match totals, rounds won, last scores), and per seat its stack and its
    #: block's packed parts before and after the one-seat flags (hand size aside).
    blocks: list[Any]
    #: A seat block's first part by hand size, and the actions taken's part by their count.
    sizes: dict[int, bytes]
    actions: dict[int, bytes]
    #: The mixer discard pile last met and its part.
    mixers: list[Any]
    #: The deck last met, whether the table was being dealt, and their part.
    deck: list[Any]
    #: 1.0 per value, to clip a vector with.
    ones: np.ndarray


@functools.lru_cache(maxsize=64)
def _plan(game: Game[Any, Any]) -> _Plan:
    config: Any = game.config
    n = game.players
    options = (1.0 if config.extra_strength else 0.0, 1.0 if config.two_actions else 0.0)
    return _Plan(
        float(config.cards_in_hand) or 1.0,
        tuple(config.crumb_track),
        tuple(tuple((seat + i) % n for i in range(n)) for seat in range(n)),
        (float32_packed((0.0, *options)), float32_packed((1.0, *options))),
        config,
        {},
        [None, b"", [0] * len(HELD), b""],
        [None, [None] * n],
        {},
        {},
        [None, b""],
        [None, False, b""],
        np.ones(observation_size(game), np.float32),
    )


def _made(plan: _Plan, key: Any) -> bytes:
    """The packed part of the vector for ``key``: ``("hand", cards)`` (per kind / the hand
    size), ``("usable", cookies)`` (1 for each kind held that may start a Batch from the pile)
    or ``("mixers", cards)`` (per mixer / its count)."""
    made = plan.made
    part = made.get(key)
    if part is not None:
        return part
    what, cards = key
    values: Sequence[float]
    if what == "hand":
        values = _per_kind(cards, _HELD_INDEX, plan.limit)
    elif what == "usable":
        values = [1.0 if k in cards else 0.0 for k in HELD]
    else:
        used = _per_kind(cards, _MIXER_INDEX, 1)
        values = [u / c for u, c in zip(used, MIXER_COUNTS, strict=True)]
    if len(made) >= _KEPT:
        made.clear()
    part = made[key] = float32_packed(values)
    return part


def _discard(plan: _Plan, discard: tuple[str, ...]) -> bytes:
    """The discard pile's part: per kind held / 10, and which may start a Batch. Kept while the
    pile is the same object; a card laid on the pile last met adds one to its count (one value
    packed again), anything else counts the pile again."""
    kept = plan.last
    before = kept[0]
    if before is discard:
        part: bytes = kept[1]
        return part
    counts: list[int]
    if (
        before is not None
        and len(discard) == len(before) + 1
        and discard[-1] in _HELD_INDEX
        and discard[:-1] == before
    ):
        counts = kept[2].copy()
        place = _HELD_INDEX[discard[-1]]
        counts[place] += 1
        packed: bytes = kept[3]
        at = 4 * place
        packed = packed[:at] + float32_packed((counts[place] / 10,)) + packed[at + 4 :]
    else:
        counts = [0] * len(HELD)
        for card in discard:
            where = _HELD_INDEX.get(card)
            if where is not None:
                counts[where] += 1
        packed = float32_packed([c / 10 for c in counts])
    part = packed + _made(plan, ("usable", rules.pile_cookies(plan.config, discard)))
    kept[0], kept[1], kept[2], kept[3] = discard, part, counts, packed
    return part


def encode_state(game: Game[Any, Any], state: Any, seat: int) -> np.ndarray:
    """The same vector as :func:`encode` of ``game.observe(state, seat)``, from the state."""
    return state_encoder(game)(state, seat)


@functools.lru_cache(maxsize=64)
def state_encoder(game: Game[Any, Any]) -> Callable[[Any, int], np.ndarray]:
    """:func:`encode_state` bound to ``game`` (its plan looked up once)."""
    plan = _plan(game)
    ones, frombuffer, float32, minimum = plan.ones, np.frombuffer, np.float32, np.minimum

    def encode(state: Any, seat: int) -> np.ndarray:
        vector: np.ndarray = minimum(frombuffer(_seat_rows(plan, state, (seat,))[0], float32), ones)
        return vector

    return encode


def encode_seats(game: Game[Any, Any], state: Any) -> list[np.ndarray]:
    """:func:`encode_state` for every seat, what they see alike worked out once."""
    plan = _plan(game)
    seats = len(plan.orders)
    packed = b"".join(_seat_rows(plan, state, range(seats)))
    return list(np.minimum(np.frombuffer(packed, np.float32).reshape(seats, -1), plan.ones))


def _seat_blocks(plan: _Plan, state: Any) -> list[tuple[bytes, ...]]:
    """Every seat's block, packed in four parts, by seat: its hand size; its stack, swipes and
    Enhance cards waiting; the one-seat flags; its cards in transit, match total, rounds won
    and last scores. The second and fourth are made again only when the seat's stack or a
    field every block reads has changed. A stack's Dough counts as the rules count it
    (``deck.stack_dough``): its cards and the Crumb Collector bonus for the times it was
    swiped."""
    hands, stacks, crumbs = state.hands, state.stacks, state.crumbs
    waiting, transit = state.waiting_enhance, state.transit
    totals, wins, scores = state.totals, state.round_wins, state.last_scores
    kept = plan.blocks
    shared = kept[0]
    per_seat: list[Any] = kept[1]
    if not (
        shared is not None
        and shared[0] is crumbs
        and shared[1] is waiting
        and shared[2] is transit
        and shared[3] is totals
        and shared[4] is wins
        and shared[5] is scores
    ):
        kept[0] = (crumbs, waiting, transit, totals, wins, scores)
        per_seat = kept[1] = [None] * len(per_seat)
    n = len(per_seat)
    flags = [_FLAG_BYTES[0]] * n
    duel, mixer = state.duel, state.mixer
    turn = state.turn
    if duel or mixer:
        marks = [0] * n
        if 0 <= turn < n:
            marks[turn] = 1
        if duel:
            for bit, who in ((2, duel.challenger), (4, duel.defender), (8, duel.responder)):
                if who is not None and 0 <= who < n:
                    marks[who] |= bit
        if mixer and 0 <= mixer.drawer < n:
            marks[mixer.drawer] |= 16
        flags = [_FLAG_BYTES[mark] for mark in marks]
    elif 0 <= turn < n:
        flags[turn] = _FLAG_BYTES[1]
    blocks: list[tuple[bytes, ...]] = []
    sizes, limit, track = plan.sizes, plan.limit, plan.track
    for p, stack in enumerate(stacks):
        size = len(hands[p])
        head = sizes.get(size)
        if head is None:
            head = sizes[size] = float32_packed((size / limit,))
        seat_kept = per_seat[p]
        if seat_kept is None or seat_kept[0] is not stack:
            swiped = crumbs[p]
            before = float32_packed(
                (
                    len(stack) / 10,
                    *(_top(stack[-1]) if stack else _NO_TOP),
                    (_stack_dough(stack) + track[min(swiped, len(track) - 1)]) / 500,
                    swiped / 6,
                    waiting[p] / 2,
                )
            )
            after = float32_packed(
                (len(transit[p]) / 2, totals[p] / 1000, wins[p] / 5, scores[p] / 500)
            )
            seat_kept = per_seat[p] = (stack, before, after)
        blocks.append((head, seat_kept[1], flags[p], seat_kept[2]))
    return blocks


def _table(plan: _Plan, state: Any) -> bytes:
    """The values after the seat blocks that every seat sees alike, packed: the discard pile,
    the deck, the mixers used, the duel, the mixer being resolved and the actions taken."""
    duel, mixer = state.duel, state.mixer
    kept = plan.deck
    counts = state.deck
    dealing = state.phase in ("deal", "flip")
    if kept[0] is not counts or kept[1] != dealing:
        left = sum(counts)
        kept[0], kept[1] = counts, dealing
        kept[2] = float32_packed(
            (
                left / ALL_CARDS,
                1.0 if left == 0 and not dealing else 0.0,
                sum(_MIXERS_OF(counts)) / _ALL_MIXERS,
            )
        )
    used = plan.mixers
    if used[0] is not state.mixer_discard:
        used[0], used[1] = state.mixer_discard, _made(plan, ("mixers", state.mixer_discard))
    taken = plan.actions.get(state.actions_taken)
    if taken is None:
        taken = plan.actions[state.actions_taken] = float32_packed((state.actions_taken / 2,))
    if duel:
        batch_value = next(
            (_batch_dough(b) for b in state.stacks[duel.defender] if b.id == duel.batch), 0
        )
        duel_part = float32_packed(
            (
                1.0,
                duel.need / 2,
                len(duel.plays) / 6,
                batch_value / 200,
                *_COOKIE_ROWS.get(duel.flavour, _NO_COOKIE),
            )
        )
    else:
        duel_part = _NO_DUEL_BYTES
    return b"".join(
        (
            _discard(plan, state.discard),
            kept[2],
            used[1],
            duel_part,
            _MIXER_BYTES.get(mixer.card, _NO_MIXER_BYTES) if mixer else _NO_MIXER_BYTES,
            taken,
        )
    )


def _seat_rows(plan: _Plan, state: Any, seats: Iterable[int]) -> list[bytes]:
    """The observations of ``seats`` as float32 bytes, joined from the per-player blocks and
    the table part made once."""
    blocks = _seat_blocks(plan, state)
    table = _table(plan, state)
    phase = _PHASE_BYTES.get(state.phase, _NO_PHASE_BYTES)
    hands, tails = state.hands, plan.tails
    rows = []
    for seat in seats:
        parts = [phase, _made(plan, ("hand", hands[seat]))]
        for p in plan.orders[seat]:
            parts += blocks[p]
        parts.append(table)
        parts.append(tails[rules.may_lay_single(state, seat)])
        rows.append(b"".join(parts))
    return rows
