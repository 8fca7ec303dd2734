"""The deck and the score: a fresh round's table, the chance distributions, a player's Dough.

The deck is kept as a count per card plus the number of cards left in its top half (which holds
no mixer): drawing a uniformly random card from what is left, from the top half while it lasts,
is the same as drawing from the shuffled, split deck.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from gamenight.games.cover_your_cookies.state import (
    CARDS,
    COMPONENTS,
    CookiesConfig,
    CookiesState,
)

INDEX = {c.id: i for i, c in enumerate(CARDS)}
MIXER_INDEX = frozenset(i for i, c in enumerate(CARDS) if c.kind == "mixer")
#: Cards left in the box with the 3-player rules (the Swap mixers), from ``components.json``.
SMALL_TABLE_REMOVED = frozenset(str(c) for c in COMPONENTS["three_player_removed"])


def new_round(
    config: CookiesConfig,
    round_no: int = 0,
    first: int | None = None,
    turns: int = 0,
    totals: tuple[int, ...] | None = None,
    round_wins: tuple[int, ...] | None = None,
    last_scores: tuple[int, ...] | None = None,
) -> CookiesState:
    """The table before a round's deal: every card in the deck or the box, nothing dealt."""
    n = config.players
    deck = [c.count for c in CARDS]
    box: list[str] = []
    for i, card in enumerate(CARDS):
        if card.kind != "mixer":
            continue
        unused = not config.mixers or (config.small_table and card.id in SMALL_TABLE_REMOVED)
        if unused:
            box.extend([card.id] * card.count)
            deck[i] = 0
    zero = (0,) * n
    return CookiesState(
        phase="deal",
        round=round_no,
        first=config.first_player if first is None else first,
        turn=config.first_player if first is None else first,
        turns=turns,
        hands=((),) * n,
        deck=tuple(deck),
        upper=-1,
        discard=(),
        stacks=((),) * n,
        swiped=zero,
        mixer_discard=(),
        box=tuple(sorted(box)),
        waiting=zero,
        next_batch=0,
        dealt=0,
        acted=0,
        queue=(),
        resume="next",
        duel=None,
        mixer="",
        drawer=-1,
        transit=((),) * n,
        takers=(),
        exchange_count=0,
        forbidden=-1,
        fudge=(False,) * n,
        turns_taken=zero,
        totals=totals if totals is not None else zero,
        round_wins=round_wins if round_wins is not None else zero,
        last_scores=last_scores if last_scores is not None else zero,
        winners=(),
        owed=(),
    )


def draw_weights(state: CookiesState) -> list[int]:
    """How many of each card could come off the deck now (no mixer above the split)."""
    if state.upper == 0:
        return list(state.deck)
    return [0 if i in MIXER_INDEX else k for i, k in enumerate(state.deck)]


def take_outcomes(hand: tuple[str, ...], count: int) -> list[tuple[tuple[str, ...], float]]:
    """The cards ``count`` blind picks from ``hand`` can yield, with their probabilities."""
    total = comb(len(hand), count)
    seen: dict[tuple[str, ...], int] = {}
    for picked in combinations(range(len(hand)), count):
        key = tuple(sorted(hand[i] for i in picked))
        seen[key] = seen.get(key, 0) + 1
    return [(k, v / total) for k, v in sorted(seen.items())]


def dough_of(config: CookiesConfig, state: CookiesState, player: int) -> int:
    """A player's Dough: every card in their stack plus their Crumb Collector bonus."""
    track = config.crumb_track
    stack = sum(b.value for b in state.stacks[player])
    return stack + track[min(state.swiped[player], len(track) - 1)]
