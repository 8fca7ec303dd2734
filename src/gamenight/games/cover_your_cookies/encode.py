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
import itertools
from collections.abc import Iterable
from typing import Any, NamedTuple

import numpy as np

from gamenight.engine.codec import float32_bytes
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


def _matrix(rows: list[list[float]]) -> np.ndarray:
    """``numpy.array(rows, numpy.float32)`` for rows of one length, made through ``struct``."""
    flat = list(itertools.chain.from_iterable(rows))
    return np.frombuffer(float32_bytes(flat), np.float32).reshape(len(rows), -1)


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


class _Plan(NamedTuple):
    """What :func:`encode_state` works out once per game object, with the parts of vectors
    already made for values met before (hands, mixers used; emptied when full) and for the
    discard pile last met."""

    limit: float
    track: tuple[int, ...]
    orders: tuple[tuple[int, ...], ...]
    #: Per viewer, where each seat's block starts in the vector.
    starts: tuple[tuple[int, ...], ...]
    options: tuple[float, float]
    config: Any
    made: dict[Any, tuple[float, ...]]
    #: The discard pile last encoded and its part (the same object while unchanged).
    last: list[Any]


@functools.lru_cache(maxsize=64)
def _plan(game: Game[Any, Any]) -> _Plan:
    config: Any = game.config
    n = game.players
    head = len(PHASES) + len(HELD)
    return _Plan(
        float(config.cards_in_hand) or 1.0,
        tuple(config.crumb_track),
        tuple(tuple((seat + i) % n for i in range(n)) for seat in range(n)),
        tuple(tuple(head + SEAT_FIELDS * ((p - seat) % n) for p in range(n)) for seat in range(n)),
        (1.0 if config.extra_strength else 0.0, 1.0 if config.two_actions else 0.0),
        config,
        {},
        [None, ()],
    )


def _made(plan: _Plan, key: Any, keep: bool = True) -> tuple[float, ...]:
    """The part of the vector for ``key``: ``("hand", cards)``, ``("discard", cards)`` (per
    kind / 10 and which may start a Batch) or ``("mixers", cards)``."""
    made = plan.made
    part = made.get(key)
    if part is not None:
        return part
    what, cards = key
    if what == "hand":
        part = tuple(_per_kind(cards, _HELD_INDEX, plan.limit))
    elif what == "discard":
        usable = rules.pile_cookies(plan.config, cards)
        part = (*_per_kind(cards, _HELD_INDEX, 10), *(1.0 if k in usable else 0.0 for k in HELD))
    else:
        used = _per_kind(cards, _MIXER_INDEX, 1)
        part = tuple(u / c for u, c in zip(used, MIXER_COUNTS, strict=True))
    if keep:
        if len(made) >= _KEPT:
            made.clear()
        made[key] = part
    return part


def encode_state(game: Game[Any, Any], state: Any, seat: int) -> np.ndarray:
    """The same vector as :func:`encode` of ``game.observe(state, seat)``, from the state."""
    vector = _vector(_seat_rows(game, state, (seat,))[0])
    np.minimum(vector, 1.0, out=vector)
    return vector


def encode_seats(game: Game[Any, Any], state: Any) -> list[np.ndarray]:
    """:func:`encode_state` for every seat, what they see alike worked out once."""
    seats = range(len(_plan(game).orders))
    matrix = _matrix(_seat_rows(game, state, seats))
    return list(np.minimum(matrix, 1.0, out=matrix))


def _seat_rows(game: Game[Any, Any], state: Any, seats: Iterable[int]) -> list[list[float]]:
    """The observations of ``seats`` as lists, built on the per-player blocks made once. A
    stack's Dough counts as the rules count it (``deck.stack_dough``): its cards and the Crumb
    Collector bonus for the times it was swiped."""
    plan = _plan(game)
    n = len(plan.orders)
    phase = _PHASE_ROWS.get(state.phase, _NO_PHASE)
    limit = plan.limit
    duel = state.duel
    mixer = state.mixer
    hands, stacks, crumbs = state.hands, state.stacks, state.crumbs
    waiting, transit = state.waiting_enhance, state.transit
    totals, wins, scores = state.totals, state.round_wins, state.last_scores
    track = plan.track
    last_crumb = len(track) - 1
    blocks: list[list[float]] = []
    for p in range(n):
        stack = stacks[p]
        block = [len(hands[p]) / limit, len(stack) / 10]
        block += _top(stack[-1]) if stack else _NO_TOP
        block += (
            (_stack_dough(stack) + track[min(crumbs[p], last_crumb)]) / 500,
            crumbs[p] / 6,
            waiting[p] / 2,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            len(transit[p]) / 2,
            totals[p] / 1000,
            wins[p] / 5,
            scores[p] / 500,
        )
        blocks.append(block)
    batch_value = 0.0
    if duel:
        named = (state.turn, duel.challenger, duel.defender, duel.responder)
        batch_value = next(
            (_batch_dough(b) for b in stacks[duel.defender] if b.id == duel.batch), 0
        )
    else:
        named = (state.turn, None, None, None)
    for offset, who in zip(_FLAGS, (*named, mixer.drawer if mixer else None), strict=True):
        if who is not None and 0 <= who < n:
            blocks[who][offset] = 1.0
    kept = plan.last
    if kept[0] is not state.discard:
        kept[0], kept[1] = state.discard, _made(plan, ("discard", state.discard), keep=False)
    table: list[float] = list(kept[1])
    left = rules.deck_size(state)
    counts = state.deck
    table += (
        left / ALL_CARDS,
        1.0 if left == 0 and state.phase not in ("deal", "flip") else 0.0,
        sum([counts[i] for i in _MIXER_PLACES]) / _ALL_MIXERS,
    )
    table += _made(plan, ("mixers", state.mixer_discard))
    if duel:
        table += (1.0, duel.need / 2, len(duel.plays) / 6, batch_value / 200)
        table += _COOKIE_ROWS.get(duel.flavour, _NO_COOKIE)
    else:
        table += (0.0, 0.0, 0.0, batch_value / 200)
        table += _NO_COOKIE
    table += _MIXER_ROWS.get(mixer.card, _NO_MIXER) if mixer else _NO_MIXER
    table.append(state.actions_taken / 2)
    rows = []
    for seat in seats:
        out: list[float] = [*phase, *_made(plan, ("hand", hands[seat]))]
        for p in plan.orders[seat]:
            out += blocks[p]
        out += table
        out.append(1.0 if rules.may_lay_single(state, seat) else 0.0)
        out += plan.options
        rows.append(out)
    return rows
