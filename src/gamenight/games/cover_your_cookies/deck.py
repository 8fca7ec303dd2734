"""The deck and the score: a fresh round's table, the chance distributions, a player's Dough,
the winners of a round and of the match.

The deck is kept as a count per card plus the number of cards left in its top half (which holds
no mixer): drawing a uniformly random card from what is left, from the top half while it lasts,
is the same as drawing from the shuffled, split deck.
"""

from __future__ import annotations

from collections.abc import Sequence, Sized
from itertools import accumulate, combinations
from math import comb

from gamenight.games.cover_your_cookies.cards import CARDS, COMPONENTS
from gamenight.games.cover_your_cookies.config import CoverYourCookiesConfig
from gamenight.games.cover_your_cookies.state import Batch, CoverYourCookiesState

INDEX = {c.id: i for i, c in enumerate(CARDS)}
MIXER_INDEX = frozenset(i for i, c in enumerate(CARDS) if c.kind == "mixer")
#: Cards left in the box with the 3-player rules (the Swap mixers), from ``components.json``.
SMALL_TABLE_REMOVED = frozenset(str(c) for c in COMPONENTS["three_player_removed"])


def new_round(
    config: CoverYourCookiesConfig,
    round_no: int = 0,
    first: int | None = None,
    turns: int = 0,
    totals: tuple[int, ...] | None = None,
    round_wins: tuple[int, ...] | None = None,
    last_scores: tuple[int, ...] | None = None,
) -> CoverYourCookiesState:
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
    start = config.first_player if first is None else first
    return CoverYourCookiesState(
        phase="deal",
        round=round_no,
        first=start,
        turn=start,
        turns=turns,
        hands=((),) * n,
        deck=tuple(deck),
        top_half_left=None,
        discard=(),
        mixer_discard=(),
        box=tuple(sorted(box)),
        stacks=((),) * n,
        crumbs=zero,
        waiting_enhance=zero,
        actions_taken=0,
        draw_queue=(),
        resume="next_turn",
        defenders_to_draw=(),
        duel=None,
        mixer=None,
        transit=((),) * n,
        takers=(),
        exchange_count=0,
        forbidden_batch=None,
        first_batch=tuple("before_first_turn" for _ in range(n)),
        totals=totals if totals is not None else zero,
        round_wins=round_wins if round_wins is not None else zero,
        last_scores=last_scores if last_scores is not None else zero,
        winners=(),
    )


def deal_receiver(first: int, hands: Sequence[Sized]) -> int:
    """Who receives the next card dealt: cards go round the table one at a time from the first
    player, so the count already dealt (every card in a hand) names the next seat.

    >>> deal_receiver(2, [["sugar"], ["sugar"], ["sugar"], []])
    1
    """
    return (first + sum(map(len, hands))) % len(hands)


def draw_weights(state: CoverYourCookiesState) -> list[int]:
    """How many of each card could come off the deck now (no mixer above the split)."""
    if state.top_half_left == 0:
        return list(state.deck)
    return [0 if i in MIXER_INDEX else k for i, k in enumerate(state.deck)]


#: How many kinds of card come before the mixers in ``CARDS`` (the catalogue lists the mixers
#: last, so the cards that may come off the top half are the first ``_HELD`` counts).
_HELD = min(MIXER_INDEX, default=len(CARDS))
assert all(i in MIXER_INDEX for i in range(_HELD, len(CARDS))), "mixers come last in CARDS"


def cumulative_weights(state: CoverYourCookiesState) -> list[int]:
    """The running sums of :func:`draw_weights` (the last is the number of cards that could
    come off the deck), for drawing by bisection; above the split they stop before the mixers
    (whose weights are all 0 there)."""
    if state.top_half_left == 0:
        return list(accumulate(state.deck))
    return list(accumulate(state.deck[:_HELD]))


def take_outcomes(hand: tuple[str, ...], count: int) -> list[tuple[tuple[str, ...], float]]:
    """The cards ``count`` blind picks from ``hand`` can yield, with their probabilities."""
    total = comb(len(hand), count)
    seen: dict[tuple[str, ...], int] = {}
    for picked in combinations(range(len(hand)), count):
        key = tuple(sorted(hand[i] for i in picked))
        seen[key] = seen.get(key, 0) + 1
    return [(k, v / total) for k, v in sorted(seen.items())]


def stack_dough(config: CoverYourCookiesConfig, stack: Sequence[Batch], crumbs: int) -> int:
    """The Dough of a stack plus the Crumb Collector bonus for being swiped ``crumbs`` times."""
    return sum(b.value for b in stack) + crumb_bonus(config, crumbs)


def crumb_bonus(config: CoverYourCookiesConfig, crumbs: int) -> int:
    """The Crumb Collector bonus for a stack swiped from ``crumbs`` times (the track's last
    bonus holds from there on)."""
    track = config.crumb_track
    return track[min(crumbs, len(track) - 1)]


def dough_of(config: CoverYourCookiesConfig, state: CoverYourCookiesState, player: int) -> int:
    """A player's Dough: every card in their stack plus their Crumb Collector bonus."""
    return stack_dough(config, state.stacks[player], state.crumbs[player])


def round_scores(
    config: CoverYourCookiesConfig, state: CoverYourCookiesState
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each player's Dough at the end of a round, and the round's winners: the most Dough, ties
    broken by the most Batches (players still tied all win)."""
    n = config.players
    scores = tuple(stack_dough(config, state.stacks[p], state.crumbs[p]) for p in range(n))
    batches = tuple(len(st) for st in state.stacks)
    best = max(zip(scores, batches, strict=True))
    return scores, tuple(p for p in range(n) if (scores[p], batches[p]) == best)


def match_winners(
    config: CoverYourCookiesConfig,
    round_no: int,
    round_winners: tuple[int, ...],
    totals: tuple[int, ...],
    wins: tuple[int, ...],
) -> tuple[int, ...]:
    """Who wins the match once round ``round_no`` is scored, with these winners of the round,
    total Dough and round wins; none while the match goes on."""
    n = config.players
    if config.match == "single":
        return round_winners
    if (config.match == "target" and max(totals) >= config.target) or (
        config.match == "rounds" and round_no + 1 >= config.rounds
    ):
        return tuple(p for p in range(n) if totals[p] == max(totals))
    if config.match == "wins" and max(wins) >= config.wins_needed:
        return tuple(p for p in range(n) if wins[p] == max(wins))
    return ()
