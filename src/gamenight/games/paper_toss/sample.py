"""Paper Toss! states drawn from a seat's view.

The view shows what is public: the phase, whose turn, every hand's size, tokens and Flat
Tires, both discard piles, the Toss deck's make-up, the card in the air and the Toss cards face
up. What the seat cannot see is the other hands and the Paper deck: the unseen Paper cards (the
whole deck minus the seat's hand and the discard pile) are dealt to them uniformly, at their
sizes.

Who is still to answer a response window is left out of the view on purpose (a pass by someone
else must not change a waiting player's view, or the driver would ask them again), so a drawn
state takes the seat as still to answer, with everyone after it in the window's order (from
the left of the player whose turn it is round to that player): the order in which the
players would answer one by one.
"""

from __future__ import annotations

import random
from collections import Counter

from gamenight.engine.core import View
from gamenight.engine.errors import ImpossibleView
from gamenight.engine.sampling import deal, unseen
from gamenight.games.paper_toss.cards import PAPER_INDEX, PAPER_KINDS, TOSS_KINDS
from gamenight.games.paper_toss.config import PaperTossConfig
from gamenight.games.paper_toss.resolve import window_order
from gamenight.games.paper_toss.state import PHASES, WINDOWS, PaperTossState, PlayedHazard


def sample_state(
    config: PaperTossConfig, view: View, seat: int, rng: random.Random
) -> PaperTossState:
    """A state showing ``seat`` its ``view``, the hidden Paper cards dealt uniformly."""
    n = config.players
    sizes = [int(k) for k in view["hand_sizes"]]
    if len(sizes) != n:
        raise ImpossibleView(f"the view has {len(sizes)} hands for {n} players")
    phase = view["phase"]
    if phase not in PHASES:
        raise ImpossibleView(f"{phase!r} is not a phase of Paper Toss!")
    mine = tuple(sorted(str(c) for c in view["hand"]))
    if len(mine) != sizes[seat]:
        raise ImpossibleView(
            f"the view's hand has {len(mine)} cards, but seat {seat} holds {sizes[seat]}: "
            "is it another seat's view?"
        )
    discard = _vector(view["paper_discard"], PAPER_KINDS)
    shown = [*mine, *(k for k, c in zip(PAPER_KINDS, discard, strict=True) for _ in range(c))]
    components = Counter(dict(zip(PAPER_KINDS, config.paper_counts, strict=True)))
    pool = unseen(components, shown, "Paper deck")
    others = [p for p in range(n) if p != seat]
    deck_size = int(view["paper_deck_size"])
    dealt = deal(pool, [*(sizes[p] for p in others), deck_size], rng)
    hands = [mine] * n
    for p, hand in zip(others, dealt, strict=False):
        hands[p] = hand
    paper_deck = [0] * len(PAPER_KINDS)
    for card in dealt[-1]:
        paper_deck[PAPER_INDEX[card]] += 1
    hazard = view["hazard"]
    chooser = view["chooser"]
    flipped = tuple(str(c) for c in view["flipped"])
    flips = (1 if chooser is None else 2) - len(flipped) if phase == "flip" else 0
    return PaperTossState(
        phase=phase,
        turn=int(view["turn"]),
        hands=tuple(hands),
        paper_deck=tuple(paper_deck),
        paper_discard=discard,
        toss_deck=_vector(view["toss_deck"], TOSS_KINDS),
        toss_discard=_vector(view["toss_discard"], TOSS_KINDS),
        tokens=tuple(int(t) for t in view["tokens"]),
        skips=tuple(int(s) for s in view["flat_tires"]),
        asked=_still_to_answer(config, phase, int(view["turn"]), seat),
        hazard=PlayedHazard(int(hazard["player"]), str(hazard["card"])) if hazard else None,
        hazards_played=int(view["hazards_played"]),
        flips_left=flips,
        flipped=flipped,
        chooser=None if chooser is None else int(chooser),
        tossed=bool(view["tossed"]),
        winners=tuple(int(p) for p in view["winners"]),
        turns=int(view["turns"]),
    )


def _still_to_answer(config: PaperTossConfig, phase: str, turn: int, seat: int) -> tuple[int, ...]:
    """In a response window: the seat and everyone after it in the window's order."""
    if phase not in WINDOWS:
        return ()
    order = window_order(config, turn)
    return order[order.index(seat) :]


def _vector(counts: dict[str, int], kinds: tuple[str, ...]) -> tuple[int, ...]:
    """A pile shown as ``{kind: count}`` as a count vector in ``kinds`` order."""
    strange = [k for k in counts if k not in kinds]
    if strange:
        raise ImpossibleView(f"the view shows a card Paper Toss! does not have: {strange[0]!r}")
    return tuple(int(counts.get(k, 0)) for k in kinds)
