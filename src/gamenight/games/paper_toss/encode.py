"""Paper Toss! as a fixed numpy vector, for learning agents (the ``encode`` part).

Built from a seat's view alone, so it holds the viewer's own hand and nothing of the others'
hands but their sizes. Every value is in [0, 1]; counts are divided by a scale and clipped.
With ``K`` Paper card kinds, ``H`` Hazards, ``T`` Toss card kinds and ``n`` seats:

- the phase, one-hot over the 12 phases (``PHASES``);
- your hand: how many of each Paper kind / hand size (``K``);
- one block of 7 per seat, in table order starting with the viewer: hand size / hand size,
  Paper Tokens / target, Flat Tires waiting / 3, whose turn, who chooses between two Toss
  cards, who played the Hazard waiting for a Counter, winner;
- the Paper deck's size / its full size; the Paper discard pile per kind / that kind's count in
  the deck (``K``); the Toss deck and the Toss discard pile per kind / that kind's count (``2T``);
- the toss: a Paper Toss played this turn, the Hazard waiting (one-hot, ``H``), Hazards played
  on this toss / 3, the Toss cards face up per kind / 2 (``T``), turns begun / turn limit (0
  without a limit).

Card kinds come from the game's action codec (the cards of its ``discard``, ``hazard`` and
``choose`` moves), deck counts from its ``paper_deck`` and ``toss_deck`` options.

:func:`encode_state` gives the same vector straight from the state (no view built first), for
the learning adapters' inner loops; the test suite checks that both agree.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from gamenight.engine.codec import float32_bytes, float32_packed
from gamenight.engine.core import View
from gamenight.engine.game import Game
from gamenight.games.paper_toss.cards import PAPER_KINDS, TOSS_KINDS

PHASES = (
    "deal",
    "draw",
    "discard",
    "main",
    "hazard",
    "counter",
    "launch",
    "flip",
    "choose",
    "sprinklers",
    "after",
    "over",
)
_PHASE_ROWS = {p: tuple(1.0 if q == p else 0.0 for q in PHASES) for p in PHASES}
_NO_PHASE = (0.0,) * len(PHASES)
SEAT_FIELDS = 7


_PHASE_BYTES = {k: float32_packed(row) for k, row in _PHASE_ROWS.items()}
_NO_PHASE_BYTES = float32_packed(_NO_PHASE)


class Layout(NamedTuple):
    """What the vector of one game is made of."""

    paper: tuple[str, ...]
    hazards: tuple[str, ...]
    toss: tuple[str, ...]
    paper_counts: tuple[int, ...]
    toss_counts: tuple[int, ...]
    size: int


@functools.lru_cache(maxsize=64)
def layout(game: Game[Any, Any]) -> Layout:
    """The card kinds and deck counts of ``game`` (worked out once per game object)."""
    cards: dict[str, list[str]] = {"discard": [], "hazard": [], "choose": []}
    for action in game.all_actions():
        data = game.action_to_json(action)
        if data["type"] in cards:
            cards[data["type"]].append(str(data["card"]))
    paper, hazards, toss = (tuple(cards[k]) for k in ("discard", "hazard", "choose"))
    options = game.config.to_json()
    paper_counts = _counts(options["paper_deck"], paper)
    toss_counts = _counts(options["toss_deck"], toss)
    size = len(PHASES) + len(paper) + SEAT_FIELDS * game.players
    size += 1 + len(paper) + 2 * len(toss) + 1 + len(hazards) + 1 + len(toss) + 1
    return Layout(paper, hazards, toss, paper_counts, toss_counts, size)


def _counts(entries: list[str], kinds: tuple[str, ...]) -> tuple[int, ...]:
    """Per kind, the count named by ``name:count`` option entries (at least 1, to divide by)."""
    named = {}
    for entry in entries:
        name, _, count = str(entry).partition(":")
        named[name.strip()] = int(count)
    return tuple(max(1, named.get(k, 0)) for k in kinds)


def _clip(value: float) -> float:
    """``value``, at most 1."""
    return value if value < 1.0 else 1.0


def _vector(values: list[float]) -> np.ndarray:
    """``numpy.array(values, numpy.float32)``, made through ``struct`` (quicker)."""
    return np.frombuffer(float32_bytes(values), np.float32)


def observation_size(game: Game[Any, Any]) -> int:
    """The length of the vector (see the module's layout)."""
    return layout(game).size


def max_chance_outcomes(game: Game[Any, Any]) -> int:
    """The most distinct outcomes of one chance step: a card of any Paper or Toss kind."""
    shape = layout(game)
    return max(len(shape.paper), len(shape.toss))


def encode(game: Game[Any, Any], view: View, seat: int) -> np.ndarray:
    """The view of ``seat`` as a float32 vector of :func:`observation_size` values."""
    shape = layout(game)
    n = int(view["players"])
    phase = view["phase"]
    out: list[float] = list(_PHASE_ROWS.get(phase, _NO_PHASE))
    hand_size = float(view["hand_size"]) or 1.0
    hand = view["hand"] or ()
    out += [hand.count(k) / hand_size for k in shape.paper]
    target = float(view["target"]) or 1.0
    turn = view["turn"]
    chooser = view["chooser"]
    hazard = view["hazard"]
    hazard_player = hazard["player"] if hazard else None
    winners = view.get("winners")
    if winners is None:
        winner = view.get("winner")
        winners = [winner] if winner is not None and winner >= 0 else []
    sizes, tokens, tires = view["hand_sizes"], view["tokens"], view["flat_tires"]
    for i in range(n):
        p = (seat + i) % n
        out += (
            sizes[p] / hand_size,
            tokens[p] / target,
            tires[p] / 3,
            1.0 if p == turn else 0.0,
            1.0 if p == chooser else 0.0,
            1.0 if p == hazard_player else 0.0,
            1.0 if p in winners else 0.0,
        )
    out.append(view["paper_deck_size"] / sum(shape.paper_counts))
    discard = view["paper_discard"]
    out += [discard.get(k, 0) / c for k, c in zip(shape.paper, shape.paper_counts, strict=True)]
    for pile in (view["toss_deck"], view["toss_discard"]):
        out += [pile.get(k, 0) / c for k, c in zip(shape.toss, shape.toss_counts, strict=True)]
    out.append(1.0 if view["tossed"] else 0.0)
    waiting = hazard["card"] if hazard else None
    out += [1.0 if waiting == k else 0.0 for k in shape.hazards]
    out.append(view["hazards_played"] / 3)
    flipped = view["flipped"]
    out += [flipped.count(k) / 2 for k in shape.toss]
    limit = view["turn_limit"]
    out.append(view["turns"] / limit if limit else 0.0)
    vector = _vector(out)
    np.minimum(vector, 1.0, out=vector)
    return vector


class _Plan(NamedTuple):
    """What :func:`encode_state` works out once per game object, with the parts of vectors
    already made for values met before (hands, face-up cards; emptied when full) and for the
    piles last met."""

    players: int
    hand_size: float
    target: float
    limit: int
    paper_index: dict[str, int]
    #: Per layout kind, its place in the state's count vectors (-1: never there) and its count.
    paper_places: tuple[tuple[int, int], ...]
    toss_places: tuple[tuple[int, int], ...]
    paper_total: int
    hazard_rows: dict[str | None, tuple[float, ...]]
    toss: tuple[str, ...]
    orders: tuple[tuple[int, ...], ...]
    #: Hands (packed) and face-up cards by value.
    made: dict[Any, Any]
    #: Seat blocks, packed, by their values (see :func:`_block`).
    blocks: dict[tuple[int, ...], bytes]
    #: The Paper discard, the Toss deck and the Toss discard last encoded, each with its part
    #: (they stay the same objects while unchanged).
    last: list[Any]
    #: The fields the seat blocks were last made from, and the blocks (by seat).
    seats: list[Any]
    #: The fields the table part was last made from, and the part.
    table: list[Any]


#: Parts kept by :class:`_Plan` before they are dropped and made again.
_KEPT = 1 << 14


@functools.lru_cache(maxsize=64)
def _plan(game: Game[Any, Any]) -> _Plan:
    shape = layout(game)
    options = game.config.to_json()
    n = game.players
    hazard_rows: dict[str | None, tuple[float, ...]] = {
        k: tuple(1.0 if k == h else 0.0 for h in shape.hazards) for k in shape.hazards
    }
    hazard_rows[None] = (0.0,) * len(shape.hazards)
    return _Plan(
        n,
        float(options["hand_size"]) or 1.0,
        float(options["target"]) or 1.0,
        int(options["turn_limit"] or 0),
        {k: i for i, k in enumerate(shape.paper)},
        _places(shape.paper, shape.paper_counts, PAPER_KINDS),
        _places(shape.toss, shape.toss_counts, TOSS_KINDS),
        sum(shape.paper_counts),
        hazard_rows,
        shape.toss,
        tuple(tuple((seat + i) % n for i in range(n)) for seat in range(n)),
        {},
        {},
        [None, b"", None, b"", None, b""],
        [None, ()],
        [None, ()],
    )


def _places(
    kinds: tuple[str, ...], counts: tuple[int, ...], order: tuple[str, ...]
) -> tuple[tuple[int, int], ...]:
    return tuple(
        (order.index(k) if k in order else -1, c) for k, c in zip(kinds, counts, strict=True)
    )


def _pile(pile: tuple[int, ...], places: tuple[tuple[int, int], ...]) -> bytes:
    """A pile's counts per kind / that kind's count, clipped to 1, packed."""
    shares = [(pile[i] if i >= 0 else 0) / c for i, c in places]
    return float32_packed([share if share < 1.0 else 1.0 for share in shares])


def _hand(plan: _Plan, hand: tuple[str, ...]) -> bytes:
    """Per Paper kind, how many of ``hand`` / the hand size."""
    index = plan.paper_index
    counts = [0] * len(index)
    for card in hand:
        place = index.get(card)
        if place is not None:
            counts[place] += 1
    hand_size = plan.hand_size
    return float32_packed([_clip(c / hand_size) for c in counts])


def _block(plan: _Plan, values: tuple[int, ...]) -> bytes:
    """A seat's block, packed, from its hand size, Paper Tokens, Flat Tires waiting and
    whether it holds the turn, chooses, played the Hazard waiting and has won."""
    size, tokens, tires, turn, chooser, hazard, winner = values
    return float32_packed(
        (
            _clip(size / plan.hand_size),
            _clip(tokens / plan.target),
            _clip(tires / 3),
            1.0 if turn else 0.0,
            1.0 if chooser else 0.0,
            1.0 if hazard else 0.0,
            1.0 if winner else 0.0,
        )
    )


def _part(plan: _Plan, key: Any, make: Any) -> Any:
    """The part kept for ``key``, else ``make(plan, key[1])``, kept."""
    made = plan.made
    part = made.get(key)
    if part is None:
        if len(made) >= _KEPT:
            made.clear()
        part = made[key] = make(plan, key[1])
    return part


def _flipped(plan: _Plan, flipped: tuple[str, ...]) -> tuple[float, ...]:
    return tuple(_clip(flipped.count(k) / 2) for k in plan.toss)


def _public(plan: _Plan, state: Any) -> tuple[bytes, list[bytes], bytes]:
    """What every seat sees alike: the phase, each seat's block (by seat) and the table."""
    turn = state.turn
    chooser = state.chooser
    hazard = state.hazard
    hazard_player = hazard.player if hazard else None
    winners = state.winners
    hands, tokens, tires = state.hands, state.tokens, state.skips
    # The blocks change only with these fields; the tuples stay the same objects while their
    # values do, so the blocks last made are kept.
    kept_seats = plan.seats
    key = kept_seats[0]
    if (
        key is not None
        and key[0] is hands
        and key[1] is tokens
        and key[2] is tires
        and key[3] == turn
        and key[4] == chooser
        and key[5] == hazard_player
        and key[6] is winners
    ):
        blocks = kept_seats[1]
    else:
        made = plan.blocks
        blocks = []
        for p in range(plan.players):
            values = (
                len(hands[p]),
                tokens[p],
                tires[p],
                p == turn,
                p == chooser,
                p == hazard_player,
                p in winners,
            )
            block = made.get(values)
            if block is None:
                if len(made) >= _KEPT:
                    made.clear()
                block = made[values] = _block(plan, values)
            blocks.append(block)
        kept_seats[0] = (hands, tokens, tires, turn, chooser, hazard_player, winners)
        kept_seats[1] = blocks
    paper_deck, flipped, turns = state.paper_deck, state.flipped, state.turns
    discard, deck, used = state.paper_discard, state.toss_deck, state.toss_discard
    tossed, played = state.tossed, state.hazards_played
    kept_table = plan.table
    key = kept_table[0]
    if (
        key is not None
        and key[0] is paper_deck
        and key[1] is discard
        and key[2] is deck
        and key[3] is used
        and key[4] is hazard
        and key[5] is flipped
        and key[6] == tossed
        and key[7] == played
        and key[8] == turns
    ):
        packed: bytes = kept_table[1]
    else:
        last = plan.last
        if last[0] is not discard:
            last[0], last[1] = discard, _pile(discard, plan.paper_places)
        if last[2] is not deck:
            last[2], last[3] = deck, _pile(deck, plan.toss_places)
        if last[4] is not used:
            last[4], last[5] = used, _pile(used, plan.toss_places)
        table = [1.0 if tossed else 0.0]
        waiting = hazard.card if hazard else None
        row = plan.hazard_rows.get(waiting)
        table += row if row is not None else plan.hazard_rows[None]
        table.append(_clip(played / 3))
        table += _part(plan, ("flipped", flipped), _flipped)
        limit = plan.limit
        table.append(_clip(turns / limit) if limit else 0.0)
        packed = b"".join(
            (
                float32_packed((_clip(sum(paper_deck) / plan.paper_total),)),
                last[1],
                last[3],
                last[5],
                float32_packed(table),
            )
        )
        kept_table[0] = (paper_deck, discard, deck, used, hazard, flipped, tossed, played, turns)
        kept_table[1] = packed
    return _PHASE_BYTES.get(state.phase, _NO_PHASE_BYTES), blocks, packed


def _row(plan: _Plan, state: Any, seat: int, public: Any) -> bytes:
    """``seat``'s observation as float32 bytes: its hand, then :func:`_public`'s parts in its
    order."""
    phase, blocks, table = public
    parts = [phase, _part(plan, ("hand", state.hands[seat]), _hand)]
    parts += [blocks[p] for p in plan.orders[seat]]
    parts.append(table)
    return b"".join(parts)


def encode_state(game: Game[Any, Any], state: Any, seat: int) -> np.ndarray:
    """The same vector as :func:`encode` of ``game.observe(state, seat)``, from the state."""
    return state_encoder(game)(state, seat)


@functools.lru_cache(maxsize=64)
def state_encoder(game: Game[Any, Any]) -> Callable[[Any, int], np.ndarray]:
    """:func:`encode_state` bound to ``game`` (its plan looked up once; :func:`_row` written
    out)."""
    plan = _plan(game)
    orders, made = plan.orders, plan.made
    frombuffer, float32, join = np.frombuffer, np.float32, b"".join

    def encode(state: Any, seat: int) -> np.ndarray:
        phase, blocks, table = _public(plan, state)
        key = ("hand", state.hands[seat])
        hand = made.get(key)
        if hand is None:
            hand = _part(plan, key, _hand)
        parts = [phase, hand]
        parts += [blocks[p] for p in orders[seat]]
        parts.append(table)
        # Every value is clipped to 1 as its part is made (parts are kept), so no clip here.
        return frombuffer(bytearray(join(parts)), float32)

    return encode


def encode_seats(game: Game[Any, Any], state: Any) -> list[np.ndarray]:
    """:func:`encode_state` for every seat, what they see alike worked out once."""
    plan = _plan(game)
    public = _public(plan, state)
    packed = b"".join([_row(plan, state, seat, public) for seat in range(plan.players)])
    return list(np.frombuffer(bytearray(packed), np.float32).reshape(plan.players, -1))
