"""Building Cover Your Cookies tables for scenario tests, and the card-accounting invariant."""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import replace
from typing import Any

from gamenight.engine import CHANCE, Match
from gamenight.games.cover_your_cookies import (
    CoverYourCookies,
    CoverYourCookiesConfig,
    CoverYourCookiesState,
)
from gamenight.games.cover_your_cookies.cards import CARDS
from gamenight.games.cover_your_cookies.deck import INDEX, new_round
from gamenight.games.cover_your_cookies.resolve import Work
from gamenight.games.cover_your_cookies.state import Batch, Draw


def game(players: int = 4, **options: Any) -> CoverYourCookies:
    """A game with the given options."""
    return CoverYourCookies(CoverYourCookiesConfig(players=players, **options))


def batch(bid: int, flavour: str, *extra: str, count: int = 2) -> Batch:
    """A Batch of ``count`` cookies of ``flavour`` plus ``extra`` cards."""
    return Batch(bid, flavour, (*extra, *([flavour] * count)))


def deck_of(cards: dict[str, int]) -> tuple[int, ...]:
    """Deck counts (CARDS order) from a card -> count mapping."""
    counts = [0] * len(CARDS)
    for card, k in cards.items():
        counts[INDEX[card]] = k
    return tuple(counts)


def table(
    g: CoverYourCookies,
    hands: list[list[str]],
    stacks: list[list[Batch]] | None = None,
    discard: tuple[str, ...] = (),
    deck: dict[str, int] | None = None,
    top_half_left: int = 5,
    turn: int = 0,
    **fields: Any,
) -> CoverYourCookiesState:
    """A state at ``turn``'s turn (every player past their first turn unless told otherwise)."""
    n = g.players
    base = new_round(g.config)
    stacks = stacks if stacks is not None else [[] for _ in range(n)]
    values: dict[str, Any] = {
        "phase": "turn",
        "turn": turn,
        "hands": tuple(tuple(sorted(h)) for h in hands),
        "stacks": tuple(tuple(st) for st in stacks),
        "discard": discard,
        "deck": deck_of(deck if deck is not None else {"sugar": 10}),
        "top_half_left": top_half_left,
        "first_batch": ("pairs_only",) * n,
    }
    values.update(fields)
    return replace(base, **values)


def match_at(g: CoverYourCookies, state: CoverYourCookiesState, seed: int = 1) -> Match:
    """A match whose current state is ``state``."""
    match = Match(g, seed=seed)
    match.state = state
    return match


def begin_turn(match: Match, seat: int) -> CoverYourCookiesState:
    """The state after passing the turn to ``seat`` (as the end of the previous turn does)."""
    work = Work(match.game.config, match.state)
    work.begin_turn(seat)
    return work.freeze()


def force_draws(match: Match, *cards: str) -> list[Any]:
    """Apply the given cards as the next chance draws (the deck must hold them)."""
    events: list[Any] = []
    for card in cards:
        outcomes = dict(match.game.chance_outcomes(match.state))
        assert Draw(card) in outcomes, f"{card} cannot be drawn now"
        events.extend(match.apply_trusted(CHANCE, Draw(card)))
    return events


def snapshot(match: Match) -> tuple[Any, int]:
    """A deep copy of the state and the version, to prove a refused action changed nothing."""
    return copy.deepcopy(match.state), match.version


def all_cards(state: CoverYourCookiesState) -> Counter[str]:
    """Every card on the table, in any zone."""
    seen: Counter[str] = Counter()
    for hand in state.hands:
        seen.update(hand)
    for card, k in zip(CARDS, state.deck, strict=True):
        seen[card.id] += k
    seen.update(state.discard)
    for stack in state.stacks:
        for b in stack:
            seen.update(b.cards)
    seen.update(state.mixer_discard)
    if state.mixer is not None:
        seen[state.mixer.card] += 1  # a mixer being resolved
    seen.update(state.box)
    seen["enhance"] += sum(state.waiting_enhance)
    for t in state.transit:
        seen.update(t)
    if state.duel is not None:
        for _, cards in state.duel.plays:
            seen.update(cards)
    return seen


FULL_SET: Counter[str] = Counter({c.id: c.count for c in CARDS})


def check_accounting(g: Any, state: CoverYourCookiesState) -> None:
    """Conformance invariant: all 110 cards are somewhere, each exactly once."""
    seen = all_cards(state)
    assert +seen == +FULL_SET, f"cards lost or made: {(FULL_SET - seen) + (seen - FULL_SET)}"
    assert sum(seen.values()) == 110


__all__ = ["CHANCE", "FULL_SET", "batch", "check_accounting", "deck_of", "force_draws", "game"]
