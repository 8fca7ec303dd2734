"""Paper Toss! decks: a fresh game's table, who is dealt the next card, and the chance of each
card a draw or a flip turns over.

A deck is a count per kind: drawing a uniformly random card from what is left is the same as
taking the top card of the shuffled deck.
"""

from __future__ import annotations

import random

from gamenight.games.paper_toss.cards import PAPER_KINDS, TOSS_KINDS
from gamenight.games.paper_toss.config import PaperTossConfig
from gamenight.games.paper_toss.state import Action, Draw, Flip, PaperTossState


def new_game(config: PaperTossConfig) -> PaperTossState:
    """Both decks shuffled, no hands yet, no tokens: the deal (chance) comes first."""
    n = config.players
    return PaperTossState(
        phase="deal",
        turn=config.first_player,
        hands=((),) * n,
        paper_deck=config.paper_counts,
        paper_discard=(0,) * len(PAPER_KINDS),
        toss_deck=config.toss_counts,
        toss_discard=(0,) * len(TOSS_KINDS),
        tokens=(0,) * n,
        skips=(0,) * n,
    )


def deal_receiver(config: PaperTossConfig, state: PaperTossState) -> int:
    """During the deal, who receives the next card: one at a time round the table, from the
    first player."""
    dealt = sum(len(h) for h in state.hands)
    return (config.first_player + dealt) % config.players


#: The chance actions of each Paper and Toss card kind, made once (actions are immutable; the
#: same objects are handed out again, as an action table's are).
_DRAWS: tuple[Draw, ...] = tuple(Draw(k) for k in PAPER_KINDS)
_FLIPS: tuple[Flip, ...] = tuple(Flip(k) for k in TOSS_KINDS)


def chance_outcomes(state: PaperTossState) -> list[tuple[Action, float]]:
    """The next Paper card (deal, draw) or Toss card (flip), by the cards left in the deck."""
    flipping = state.phase == "flip"
    deck = state.toss_deck if flipping else state.paper_deck
    actions: tuple[Action, ...] = _FLIPS if flipping else _DRAWS
    total = sum(deck)
    return [(a, c / total) for a, c in zip(actions, deck, strict=True) if c]


def sample_chance(state: PaperTossState, rng: random.Random) -> Action:
    """One card from the deck, each card equally likely (the law of ``chance_outcomes``)."""
    flipping = state.phase == "flip"
    deck = state.toss_deck if flipping else state.paper_deck
    actions: tuple[Action, ...] = _FLIPS if flipping else _DRAWS
    pick = rng.randrange(sum(deck))
    for action, count in zip(actions, deck, strict=True):
        if pick < count:
            return action
        pick -= count
    raise AssertionError("unreachable: the pick is below the deck size")
