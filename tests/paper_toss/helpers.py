"""Shared set-ups for the Paper Toss! tests: games, hand-built states and matches."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from gamenight.engine import CHANCE, Match
from gamenight.games.paper_toss import PaperToss, PaperTossConfig, PaperTossState
from gamenight.games.paper_toss.cards import PAPER_KINDS, TOSS_KINDS
from gamenight.games.paper_toss.state import Draw, Flip


def game(players: int = 3, **options: Any) -> PaperToss:
    """A game with the default decks."""
    return PaperToss(PaperTossConfig(players=players, **options))


def state_at(
    g: PaperToss,
    phase: str,
    hands: list[list[str]],
    turn: int = 0,
    **changes: Any,
) -> PaperTossState:
    """A state in ``phase`` with the given hands; every other card is in the Paper deck."""
    deck = list(g.config.paper_counts)
    for hand in hands:
        for card in hand:
            deck[PAPER_KINDS.index(card)] -= 1
    assert min(deck) >= 0, "more cards in hands than the deck holds"
    state = replace(
        g.initial_state(),
        phase=phase,
        turn=turn,
        hands=tuple(tuple(sorted(h)) for h in hands),
        paper_deck=tuple(deck),
        turns=1,
    )
    if phase in ("hazard", "counter", "after"):
        n = g.players
        state = replace(state, asked=tuple((turn + i) % n for i in range(1, n + 1)))
    return replace(state, **changes)


def match_at(g: PaperToss, state: PaperTossState, seed: int = 1) -> Match:
    """A match that starts from ``state``."""
    match = Match(g, seed=seed)
    match.state = state
    return match


def flip(match: Match, *cards: str) -> None:
    """Turn over the given Toss cards (chance outcomes chosen by the test)."""
    for card in cards:
        assert card in TOSS_KINDS
        match.apply_trusted(CHANCE, Flip(card))


def draw(match: Match, *cards: str) -> None:
    """Draw the given Paper cards (chance outcomes chosen by the test)."""
    for card in cards:
        match.apply_trusted(CHANCE, Draw(card))


def pass_all(match: Match) -> None:
    """Everyone still asked passes the open window."""
    from gamenight.games.paper_toss.state import PASS

    window = match.state.phase
    while match.state.phase == window and match.state.asked:
        match.submit(match.state.asked[0], PASS, match.version)


def snapshot(match: Match) -> tuple[object, int]:
    """The match's state and version, to check a refused action changed nothing."""
    return copy.deepcopy(match.state), match.version


def total_cards(state: PaperTossState) -> int:
    """Every card in decks, discards, hands and face up."""
    return (
        sum(state.paper_deck)
        + sum(state.paper_discard)
        + sum(state.toss_deck)
        + sum(state.toss_discard)
        + sum(len(h) for h in state.hands)
        + len(state.flipped)
    )


def told(event: dict[str, Any], names: list[str], viewer: int | None = 0, lang: str = "en") -> str:
    """An event as the terminal tells it to ``viewer`` (the game's words, markup taken off)."""
    from rich.text import Text

    from gamenight.terminal.narrate import Narrator
    from gamenight.terminal.render import renderer_for

    line = Narrator(game(len(names)), renderer_for("paper-toss"), lang).line(event, names, viewer)
    assert line is not None, event
    return Text.from_markup(line).plain
