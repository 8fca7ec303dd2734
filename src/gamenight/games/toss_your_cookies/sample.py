"""Toss Your Cookies states drawn from a seat's view.

The view shows the table: the phase, the roll, every hand's size, who has committed, the centre,
the scramble's counts, who placed the cards in limbo, the blind draws, where everyone knows the
milk is, the score. What the seat cannot see is dealt again:

- the cards it has not seen (the whole deck minus its hand, the shown hands, the centre and the
  limbo cards it may see) go uniformly to the other hands, the undealt deck, face-down limbo
  cards it did not place and cards in transit, at their sizes;
- the milk stays where everyone saw it (``milk_seen``), and at the end of the match the
  winner's hand is the one everyone was shown;
- a hand never wins while the game goes on (a winning hand ends the round at once), so a deal
  that would give the milk to a winning hand is drawn again: the deal is uniform among those
  the view allows;
- another player's commitment is drawn uniformly from the distinct commitments their drawn
  hand can make.
"""

from __future__ import annotations

import random
from collections import Counter

from gamenight.engine.core import View
from gamenight.engine.errors import ImpossibleView
from gamenight.engine.sampling import deal, unseen
from gamenight.games.toss_your_cookies.cards import MILK, MILK_FACE, is_winning
from gamenight.games.toss_your_cookies.config import TossYourCookiesConfig
from gamenight.games.toss_your_cookies.deck import build_deck
from gamenight.games.toss_your_cookies.rules import commitments
from gamenight.games.toss_your_cookies.state import BlindDraw, Phase, TossYourCookiesState

#: How many deals to try before a view is taken to allow none (a winning hand every time).
MAX_TRIES = 10_000


def sample_state(
    config: TossYourCookiesConfig, view: View, seat: int, rng: random.Random
) -> TossYourCookiesState:
    """A state showing ``seat`` its ``view``, the unseen cards dealt uniformly (see above)."""
    n = config.players
    phase = Phase(view["phase"])
    sizes = [int(k) for k in view["hand_sizes"]]
    transit_sizes = [int(k) for k in view["in_transit"]]
    if len(sizes) != n or len(transit_sizes) != n:
        raise ImpossibleView(f"the view has {len(sizes)} hands for {n} players")
    roll = view["roll"]
    winners = [int(p) for p in view["winners"]]
    last_win = view["last_win"]
    owner = view["limbo_owner"]
    # Hands everyone can see: the seat's, those shown while evening up, the winner's at the end.
    known: dict[int, tuple[str, ...]] = {seat: _cards(view["hand"])}
    if len(known[seat]) != sizes[seat]:
        raise ImpossibleView(
            f"the view's hand has {len(known[seat])} cards, but seat {seat} holds {sizes[seat]}: "
            "is it another seat's view?"
        )
    for p, shown in enumerate(view["shown_hands"]):
        if shown is not None:
            known[p] = _cards(shown)
    if phase == Phase.OVER and winners and last_win is not None:
        known[int(last_win["player"])] = _cards(last_win["hand"])
    if phase != Phase.OVER and any(is_winning(hand) for hand in known.values()):
        raise ImpossibleView("the view shows a winning hand, yet the round goes on")
    limbo_seen = view["limbo"]
    public_limbo = limbo_seen is not None and seat != owner
    if seat == owner:
        public_limbo = roll is not None and roll[1] == MILK_FACE
    shown_cards = [c for hand in known.values() for c in hand]
    shown_cards += _cards(view["centre"])
    if limbo_seen is not None:
        shown_cards += _cards(limbo_seen)
    pool = unseen(Counter(build_deck(n)), shown_cards, "deck")
    hidden = [p for p in range(n) if p not in known]
    milk_at = view["milk_seen"]
    pinned = milk_at if milk_at in hidden and MILK in pool else None
    if pinned is not None:
        pool.remove(MILK)
    limbo_count = int(view["limbo_count"])
    places = [
        *(sizes[p] - (p == pinned) for p in hidden),
        int(view["deck_left"]),
        0 if limbo_seen is not None else limbo_count,
        *transit_sizes,
    ]
    for _ in range(MAX_TRIES):
        dealt = deal(pool, places, rng)
        hands = [known.get(p, ()) for p in range(n)]
        for p, cards in zip(hidden, dealt, strict=False):
            hands[p] = tuple(sorted((*cards, MILK))) if p == pinned else cards
        if phase == Phase.OVER or not any(MILK in h and is_winning(h) for h in hands):
            break
    else:
        raise ImpossibleView(
            f"no deal of the unseen cards fits this view ({MAX_TRIES} tries): the milk's hand "
            "wins every time, yet the round goes on"
        )
    rest = dealt[len(hidden) :]
    limbo = _cards(limbo_seen) if limbo_seen is not None else rest[1]
    number = int(view["number"])
    commits = []
    for p, committed in enumerate(view["committed"]):
        if p == seat:
            mine = view["my_commit"]
            commits.append(_cards(mine) if mine is not None else None)
        elif committed:
            options = commitments(hands[p], number)
            commits.append(options[rng.randrange(len(options))].cards)
        else:
            commits.append(None)
    drawer = view["drawer"]
    return TossYourCookiesState(
        phase=phase,
        hands=tuple(hands),
        deck=rest[0],
        turn=int(view["turn"]),
        roll=(str(roll[0]), str(roll[1])) if roll is not None else None,
        commits=tuple(commits),
        target=_seat(view["target"]),
        centre=_cards(view["centre"]),
        quota=tuple(int(q) for q in view["quota"]),
        grabbed=tuple(int(g) for g in view["grabbed"]),
        tosser=_seat(view["tosser"]),
        limbo=limbo,
        limbo_owner=_seat(owner),
        limbo_public=public_limbo,
        transit=tuple(rest[2:]),
        draw=(
            BlindDraw(int(drawer), int(view["draw_from"]), int(view["draws"]))
            if drawer is not None
            else None
        ),
        milk_seen=_seat(milk_at),
        round_wins=tuple(int(w) for w in view["round_wins"]),
        round=int(view["round"]),
        starter=int(view["starter"]),
        winner=winners[0] if winners else None,
        last_win=(
            (int(last_win["player"]), _cards(last_win["hand"])) if last_win is not None else None
        ),
        rolls=int(view["rolls"]),
    )


def _cards(cards: list[str]) -> tuple[str, ...]:
    """Cards as the state keeps them: a sorted tuple of card ids."""
    return tuple(sorted(str(c) for c in cards))


def _seat(value: int | None) -> int | None:
    return None if value is None else int(value)
