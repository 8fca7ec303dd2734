"""What each seat sees of a Paper Toss! game, and the states a seat cannot tell apart.

A seat sees its own hand; everyone's hand size, tokens and waiting Flat Tires; the face-up
discard piles, the Toss deck's make-up (the Toss discards show what is left) and the Paper
deck's size. Nobody sees another hand or the order of a deck.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache

from gamenight.engine.core import View
from gamenight.games.paper_toss.cards import PAPER_INDEX, PAPER_KINDS, TOSS_KINDS
from gamenight.games.paper_toss.config import PaperTossConfig
from gamenight.games.paper_toss.state import PaperTossState


def observe(config: PaperTossConfig, state: PaperTossState, viewer: int | None) -> View:
    """The view of ``viewer`` (a seat, or ``None``: a spectator), built field by field."""
    mine = viewer is not None and 0 <= viewer < config.players
    hazard = state.hazard
    return {
        "players": config.players,
        "phase": state.phase,
        "turn": state.turn,
        "hand": list(state.hands[viewer]) if mine and viewer is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "tokens": list(state.tokens),
        "flat_tires": list(state.skips),
        "target": config.target,
        "turn_limit": config.turn_limit,
        "hand_size": config.hand_size,
        "paper_deck_size": sum(state.paper_deck),
        "paper_discard": _counts(PAPER_KINDS, state.paper_discard),
        "toss_deck": _counts(TOSS_KINDS, state.toss_deck),
        "toss_discard": _counts(TOSS_KINDS, state.toss_discard),
        "tossed": state.tossed,
        "hazard": {"player": hazard.player, "card": hazard.card} if hazard else None,
        "hazards_played": state.hazards_played,
        "flipped": list(state.flipped),
        "chooser": state.chooser,
        "winners": list(state.winners),
        "turns": state.turns,
    }


def shuffle_hidden(
    config: PaperTossConfig, state: PaperTossState, viewer: int | None, rng: random.Random
) -> PaperTossState:
    """Re-deal the cards the viewer cannot see: other hands and the Paper deck, sizes kept."""
    hidden = [p for p in range(config.players) if p != viewer]
    pool: list[str] = []
    for kind, count in zip(PAPER_KINDS, state.paper_deck, strict=True):
        pool.extend([kind] * count)
    for p in hidden:
        pool.extend(state.hands[p])
    dealt = rng.sample(pool, sum(len(state.hands[p]) for p in hidden))
    hands = list(state.hands)
    deck = list(state.paper_deck)
    for p in hidden:
        for card in state.hands[p]:
            deck[PAPER_INDEX[card]] += 1
        size = len(hands[p])
        hands[p] = tuple(sorted(dealt[:size]))
        dealt = dealt[size:]
        for card in hands[p]:
            deck[PAPER_INDEX[card]] -= 1
    return replace(state, hands=tuple(hands), paper_deck=tuple(deck))


def _counts(kinds: tuple[str, ...], counts: tuple[int, ...]) -> dict[str, int]:
    """The kinds present in ``counts``, with their numbers (a new dict each time: views are the
    caller's to keep)."""
    return dict(_present(kinds, counts))


@lru_cache(maxsize=1024)
def _present(kinds: tuple[str, ...], counts: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """``(kind, count)`` for every kind with a count, remembered per counts (a pile's counts
    repeat from state to state, and a search builds many views of the same piles)."""
    return tuple((k, c) for k, c in zip(kinds, counts, strict=True) if c)
