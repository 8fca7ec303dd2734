"""Shared set-ups for the Toss Your Cookies tests: games, hand-built states, matches."""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import replace
from typing import Any

from gamenight.engine import CHANCE, Match
from gamenight.games.toss_your_cookies import (
    TossYourCookies,
    TossYourCookiesConfig,
    TossYourCookiesState,
)
from gamenight.games.toss_your_cookies.deck import build_deck
from gamenight.games.toss_your_cookies.state import Dice, Draw, Phase, Pick


def make(players: int = 4, **options: Any) -> TossYourCookies:
    """A game for ``players`` with the given options."""
    return TossYourCookies(TossYourCookiesConfig(players=players, **options))


def hands_of(*words: str) -> tuple[tuple[str, ...], ...]:
    """Hands from space-separated card ids, one string per seat: ``"sugar sugar milk ..."``."""
    return tuple(tuple(sorted(w.split())) for w in words)


# A legal deal for 4 players (4 cookie sets, 2 wild, 1 half, 1 milk), seven cards each.
FOUR = hands_of(
    "sugar sugar sugar sugar ginger fortune milk",
    "ginger ginger ginger ginger sandwich sandwich wild",
    "fortune fortune fortune fortune sandwich sandwich half",
    "sugar sugar ginger fortune sandwich sandwich wild",
)


def at_rest(
    game: TossYourCookies,
    hands: tuple[tuple[str, ...], ...] = FOUR,
    turn: int = 0,
    **fields: Any,
) -> TossYourCookiesState:
    """A state between turns: everyone holds seven, ``turn`` is about to roll."""
    assert Counter(c for h in hands for c in h) == Counter(build_deck(game.players)), "bad deal"
    state = replace(game.initial_state(), phase=Phase.ROLL, hands=hands, deck=(), turn=turn)
    return replace(state, **fields) if fields else state


def match_at(
    game: TossYourCookies, state: TossYourCookiesState | None = None, seed: int = 1
) -> Match:
    """A match sitting on ``state`` (default: :func:`at_rest`)."""
    match = Match(game, seed=seed)
    match.state = state if state is not None else at_rest(game)
    return match


def roll(match: Match, action: str, number: str) -> tuple[Any, ...]:
    """Apply the dice outcome ``action`` / ``number`` (it must be possible)."""
    outcome = Dice(action, number)
    assert outcome in dict(match.game.chance_outcomes(match.state))
    return match.apply_trusted(CHANCE, outcome)


def chance(match: Match, outcome: Any) -> tuple[Any, ...]:
    """Apply a chance outcome after checking it is among the possible ones."""
    assert outcome in dict(match.game.chance_outcomes(match.state)), outcome
    return match.apply_trusted(CHANCE, outcome)


def blind(match: Match, card: str) -> tuple[Any, ...]:
    """The drawer picks the first face-down card and it turns out to be ``card``."""
    assert match.state.draw is not None
    drawer = match.state.draw.drawer
    events = match.submit(drawer, Pick(0), match.version)
    return events + chance(match, Draw(card))


def snapshot(match: Match) -> tuple[TossYourCookiesState, int]:
    """A deep copy of the match state and its version (to show a refusal changed nothing)."""
    return copy.deepcopy(match.state), match.version


def kinds(events: tuple[Any, ...]) -> list[str]:
    """The kinds of some events, in order."""
    return [e.kind for e in events]
