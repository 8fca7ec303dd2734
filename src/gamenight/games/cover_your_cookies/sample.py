"""Cover Your Cookies states drawn from a seat's view.

Everything on the table is public and comes from the view: stacks, discards, the duel, the mixer
in play, the score, and the facts the view carries for this (who is still to draw, the takes of
an Exchange, the cards left in the deck's top half). Where each mixer is is known too: in the
box, on the mixer discard pile, in play, beside or inside a stack (Enhance), else still in the
deck, so the deck keeps its mixers by kind. The cookies and milk the seat has not seen (the
whole set minus its hand, the discards, the stacks and the duel's plays) are dealt uniformly to
the other hands, the cards taken in an Exchange and the rest of the deck, at their sizes.

Standing with the single-cookie first Batch: the seat's own is in its view; for the others the
view says only who has begun their first turn. One who has not is ``before_first_turn``; one who
has, with a Batch in their stack, ``pairs_only``; one whose stack is still empty is taken as
unable to start a Batch on their first turn (``single_allowed``, or during that turn
``first_turn_blocked`` when their drawn hand could not start one): a player who could start a
Batch almost always does.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from gamenight.engine.core import View
from gamenight.engine.errors import ImpossibleView
from gamenight.engine.sampling import deal, unseen
from gamenight.games.cover_your_cookies.cards import CARDS, ENHANCE
from gamenight.games.cover_your_cookies.config import CoverYourCookiesConfig
from gamenight.games.cover_your_cookies.deck import INDEX, new_round
from gamenight.games.cover_your_cookies.rules import pair_forms
from gamenight.games.cover_your_cookies.state import (
    PHASES,
    Batch,
    CoverYourCookiesState,
    DrawOrder,
    Duel,
    FirstBatch,
    MixerInPlay,
)

#: Cookies and milk, with how many of each the game has.
_HAND_CARDS = Counter({c.id: c.count for c in CARDS if c.kind != "mixer"})
_STANDINGS = ("before_first_turn", "first_turn_blocked", "pairs_only", "single_allowed")


def sample_state(
    config: CoverYourCookiesConfig, view: View, seat: int, rng: random.Random
) -> CoverYourCookiesState:
    """A state showing ``seat`` its ``view``, the unseen cookies and milk dealt uniformly."""
    n = config.players
    phase = view["phase"]
    if phase not in PHASES:
        raise ImpossibleView(f"{phase!r} is not a phase of Cover Your Cookies")
    sizes = [int(k) for k in view["hand_sizes"]]
    transit_sizes = [int(k) for k in view["exchange_in_transit"]]
    if len(sizes) != n or len(transit_sizes) != n:
        raise ImpossibleView(f"the view has {len(sizes)} hands for {n} players")
    stacks = tuple(
        tuple(Batch(int(b["id"]), str(b["flavour"]), _cards(b["cards"])) for b in stack)
        for stack in view["stacks"]
    )
    discard = _cards(view["discard"])
    duel = _duel(view["duel"])
    mine = tuple(sorted(_cards(view["hand"])))
    if len(mine) != sizes[seat]:
        raise ImpossibleView(
            f"the view's hand has {len(mine)} cards, but seat {seat} holds {sizes[seat]}: "
            "is it another seat's view?"
        )
    shown = [*mine, *discard, *(c for st in stacks for b in st for c in b.cards)]
    if duel is not None:
        shown += [c for _, cards in duel.plays for c in cards]
    pool = unseen(_HAND_CARDS, (c for c in shown if c in _HAND_CARDS), "deck")
    mixer = view["mixer"]
    in_play = MixerInPlay(str(mixer["card"]), int(mixer["player"])) if mixer else None
    mixer_discard = _cards(view["mixer_discard"])
    waiting = tuple(int(w) for w in view["waiting_enhance"])
    fresh = new_round(config)
    mixers = _mixers_in_deck(fresh.deck, mixer_discard, in_play, stacks, waiting)
    if sum(mixers.values()) != int(view["mixers_in_deck"]):
        raise ImpossibleView(
            f"the view counts {view['mixers_in_deck']} mixers in the deck, but the mixers "
            f"seen elsewhere leave {sum(mixers.values())}"
        )
    others = [p for p in range(n) if p != seat]
    deck_cookies = int(view["deck"]) - sum(mixers.values())
    dealt = deal(pool, [*(sizes[p] for p in others), *transit_sizes, deck_cookies], rng)
    hands = [mine] * n
    for p, hand in zip(others, dealt, strict=False):
        hands[p] = hand
    transit = tuple(dealt[len(others) : len(others) + n])
    deck = [0] * len(CARDS)
    for card in dealt[-1]:
        deck[INDEX[card]] += 1
    for card, count in mixers.items():
        deck[INDEX[card]] = count
    turn = int(view["turn"])
    first_batch = _first_batches(config, view, seat, turn, hands, stacks, discard)
    top = view["top_half_left"]
    forbidden = view["forbidden_batch"]
    round_no = int(view["round"])
    return CoverYourCookiesState(
        phase=phase,
        round=round_no,
        first=(config.first_player + round_no) % n,
        turn=turn,
        turns=int(view["turns"]),
        hands=tuple(hands),
        deck=tuple(deck),
        top_half_left=None if top is None else int(top),
        discard=discard,
        mixer_discard=mixer_discard,
        box=fresh.box,
        stacks=stacks,
        crumbs=tuple(int(c) for c in view["crumbs"]),
        waiting_enhance=waiting,
        actions_taken=int(view["actions_taken"]),
        draw_queue=tuple(
            DrawOrder(int(p), None if k is None else int(k)) for p, k in view["draw_queue"]
        ),
        resume="second_action" if view["resume"] == "second_action" else "next_turn",
        defenders_to_draw=tuple(int(p) for p in view["defenders_to_draw"]),
        duel=duel,
        mixer=in_play,
        transit=transit,
        takers=tuple((int(g), int(t)) for g, t in view["takers"]),
        exchange_count=int(view["exchange_count"]),
        forbidden_batch=None if forbidden is None else int(forbidden),
        first_batch=first_batch,
        totals=tuple(int(t) for t in view["totals"]),
        round_wins=tuple(int(w) for w in view["round_wins"]),
        last_scores=tuple(int(s) for s in view["last_scores"]),
        winners=tuple(int(w) for w in view["winners"]),
    )


def _cards(cards: list[Any]) -> tuple[str, ...]:
    """Card ids as a tuple, in the order given; an id the game does not have is refused."""
    out = tuple(str(c) for c in cards)
    strange = [c for c in out if c not in INDEX]
    if strange:
        raise ImpossibleView(
            f"the view shows a card Cover Your Cookies does not have: {strange[0]!r}"
        )
    return out


def _duel(data: dict[str, Any] | None) -> Duel | None:
    """The duel in progress, as the view shows it."""
    if data is None:
        return None
    plays = tuple((int(p), _cards(cards)) for p, cards in data["plays"])
    return Duel(
        int(data["challenger"]),
        int(data["defender"]),
        int(data["batch"]),
        str(data["flavour"]),
        plays,
        int(data["need"]),
    )


def _mixers_in_deck(
    full: tuple[int, ...],
    used: tuple[str, ...],
    in_play: MixerInPlay | None,
    stacks: tuple[tuple[Batch, ...], ...],
    waiting: tuple[int, ...],
) -> Counter[str]:
    """The mixers still in the deck, by kind: those of the round minus every one seen."""
    left = Counter({c.id: k for c, k in zip(CARDS, full, strict=True) if c.kind == "mixer" and k})
    left.subtract(used)
    if in_play is not None:
        left[in_play.card] -= 1
    left[ENHANCE] -= sum(waiting) + sum(b.cards.count(ENHANCE) for st in stacks for b in st)
    if any(k < 0 for k in left.values()):
        raise ImpossibleView("the view shows more mixers than the round has")
    return +left


def _first_batches(
    config: CoverYourCookiesConfig,
    view: View,
    seat: int,
    turn: int,
    hands: list[tuple[str, ...]],
    stacks: tuple[tuple[Batch, ...], ...],
    discard: tuple[str, ...],
) -> tuple[FirstBatch, ...]:
    """Each player's standing with the single-cookie first Batch (see the module's notes)."""
    mine = view["my_first_batch"]
    if mine not in _STANDINGS:
        raise ImpossibleView(f"{mine!r} is not a standing with the first Batch")
    out: list[FirstBatch] = []
    for p, begun in enumerate(view["first_turn_begun"]):
        standing: FirstBatch
        if p == seat:
            standing = mine
        elif not begun:
            standing = "before_first_turn"
        elif stacks[p]:
            standing = "pairs_only"
        elif p == turn and not pair_forms(config, hands[p], discard):
            standing = "first_turn_blocked"
        else:
            standing = "single_allowed"
        out.append(standing)
    return tuple(out)
