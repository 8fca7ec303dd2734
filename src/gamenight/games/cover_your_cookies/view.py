"""What each seat sees (``observe``) and a state it can't tell apart (``shuffle_hidden``).

Besides the table, the view carries the public facts a state is rebuilt from (``sample.py``):
who is still to draw and what follows, the takes still to come in an Exchange, the cards left in
the deck's top half, who has begun their first turn, and the seat's own standing with the
single-cookie first Batch.

A viewer that is not a seat of this table (``None``, ``-1``, a seat past the last, ``True``) is
a spectator: it sees the public table and no hand.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from gamenight.engine.core import View
from gamenight.games.cover_your_cookies import deck, rules
from gamenight.games.cover_your_cookies.cards import CARDS
from gamenight.games.cover_your_cookies.config import CoverYourCookiesConfig
from gamenight.games.cover_your_cookies.state import CoverYourCookiesState


def seat_of(config: CoverYourCookiesConfig, viewer: Any) -> int | None:
    """The seat a viewer sits at, or ``None`` for a spectator (anything that is not a seat).

    >>> config = CoverYourCookiesConfig(players=4)
    >>> [seat_of(config, v) for v in (0, 3, 4, -1, None, True, "1")]
    [0, 3, None, None, None, None, None]
    """
    if isinstance(viewer, bool) or not isinstance(viewer, int):
        return None
    return viewer if 0 <= viewer < config.players else None


def observe(config: CoverYourCookiesConfig, state: CoverYourCookiesState, viewer: Any) -> View:
    """Public table, the viewer's own hand, sizes of the others' hands."""
    seat = seat_of(config, viewer)
    duel = state.duel
    mixer = state.mixer
    deck_counts = state.deck
    mixers_left = sum(deck_counts[i] for i in deck.MIXER_INDEX)
    deck_size = rules.deck_size(state)
    stacks: list[list[dict[str, Any]]] = [
        [
            {"id": b.id, "flavour": b.flavour, "cards": list(b.cards), "value": b.value}
            for b in stack
        ]
        for stack in state.stacks
    ]
    return {
        "players": config.players,
        "you": seat,
        "round": state.round,
        "phase": state.phase,
        "turn": state.turn,
        "turns": state.turns,
        "actions_taken": state.actions_taken,
        "hand": list(state.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "hand_limit": config.cards_in_hand,
        "may_lay_single": rules.may_lay_single(state, seat) if seat is not None else False,
        "my_first_batch": state.first_batch[seat] if seat is not None else None,
        "first_turn_begun": [f != "before_first_turn" for f in state.first_batch],
        "stacks": stacks,
        "discard": list(state.discard),
        "discard_row": config.small_table,
        "usable_discards": list(rules.pile_cookies(config, state.discard)),
        "deck": deck_size,
        "deck_out": deck_size == 0 and state.phase not in ("deal", "flip"),
        "top_half_left": state.top_half_left,
        "mixers_in_deck": mixers_left,
        "mixer_discard": list(state.mixer_discard),
        "waiting_enhance": list(state.waiting_enhance),
        "crumbs": list(state.crumbs),
        # each player's Dough (``deck.dough_of``) from the Batch values just read
        "dough": [
            sum(b["value"] for b in stack) + deck.crumb_bonus(config, crumbs)
            for stack, crumbs in zip(stacks, state.crumbs, strict=True)
        ],
        "duel": (
            {
                "challenger": duel.challenger,
                "defender": duel.defender,
                "batch": duel.batch,
                "flavour": duel.flavour,
                "plays": [[p, list(cards)] for p, cards in duel.plays],
                "need": duel.need,
                "responder": duel.responder,
            }
            if duel is not None
            else None
        ),
        "mixer": {"card": mixer.card, "player": mixer.drawer} if mixer is not None else None,
        "exchange_in_transit": [len(t) for t in state.transit],
        "takers": [[giver, taker] for giver, taker in state.takers],
        "exchange_count": state.exchange_count,
        "draw_queue": [[d.player, d.count] for d in state.draw_queue],
        "resume": state.resume,
        "defenders_to_draw": list(state.defenders_to_draw),
        "forbidden_batch": state.forbidden_batch,
        "options": {
            "extra_strength": config.extra_strength,
            "two_actions": config.two_actions,
            "mixers": config.mixers,
            "match": config.match,
        },
        "totals": list(state.totals),
        "round_wins": list(state.round_wins),
        "last_scores": list(state.last_scores),
        "winners": list(state.winners),
    }


def shuffle_hidden(
    config: CoverYourCookiesConfig,
    state: CoverYourCookiesState,
    viewer: Any,
    rng: random.Random,
) -> CoverYourCookiesState:
    """Re-deal what the viewer cannot see: other hands, cards in transit, the deck's cookies
    and milk (mixers stay where they are: their count is public)."""
    seat = seat_of(config, viewer)
    unknown: list[str] = []
    for p, hand in enumerate(state.hands):
        if p != seat:
            unknown.extend(hand)
    for t in state.transit:
        unknown.extend(t)
    for card, k in zip(CARDS, state.deck, strict=True):
        if card.kind != "mixer":
            unknown.extend([card.id] * k)
    rng.shuffle(unknown)
    hands = list(state.hands)
    for p, hand in enumerate(state.hands):
        if p != seat:
            hands[p] = tuple(sorted(unknown[: len(hand)]))
            del unknown[: len(hand)]
    transit = []
    for t in state.transit:
        transit.append(tuple(sorted(unknown[: len(t)])))
        del unknown[: len(t)]
    counts = [k if c.kind == "mixer" else 0 for c, k in zip(CARDS, state.deck, strict=True)]
    for name in unknown:
        counts[deck.INDEX[name]] += 1
    return replace(state, hands=tuple(hands), transit=tuple(transit), deck=tuple(counts))
