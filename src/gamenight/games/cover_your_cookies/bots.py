"""Cover Your Cookies bots: ``baker`` (the default heuristic player).

``baker`` sees only its own view. On its turn it scores every legal action: a swipe by the value
of the exposed Batch times its chance of winning the duel (the chance that the defender's hand,
drawn from the cards it has not seen, holds fewer matching cards than it does), Batches by their
Dough (pairs of cookies first: milk is kept for duels, and a new Batch also covers the one
beneath), discards by the least valuable cookie. In a duel it defends or presses on while the
Batch is worth the card, playing its cheapest matching card. Mixer choices favour itself and hurt
the leader.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import chain
from math import comb
from typing import Any

from gamenight.bots.base import Agent
from gamenight.bots.registry import BotSpec
from gamenight.engine.core import View
from gamenight.engine.game import Game
from gamenight.games.cover_your_cookies.cards import CARDS, MILKS, dough, is_milk
from gamenight.games.cover_your_cookies.state import (
    AddToBatch,
    Answer,
    Discard,
    EndTurn,
    Exchange,
    FormBatch,
    Rotate,
    SwapBatches,
    Swipe,
    Yield,
)

#: What keeping a milk in hand for duels is worth, in Dough, over spending it elsewhere.
MILK_KEEP = 30.0


def _card_cost(card: str) -> float:
    """What playing ``card`` costs in a duel or a Batch: its Dough, plus the keep value of milk."""
    return dough(card) + (MILK_KEEP if is_milk(card) else 0.0)


def unseen(view: View) -> Counter[str]:
    """Cookies and milk the viewer has not seen: in the deck or in other players' hands."""
    stacked = (card for stack in view["stacks"] for b in stack for card in b["cards"])
    played = (card for _, cards in view["duel"]["plays"] for card in cards) if view["duel"] else ()
    seen: Counter[str] = Counter(chain(view["hand"] or (), stacked, view["discard"], played))
    return Counter({c.id: c.count - seen[c.id] for c in CARDS if c.kind != "mixer"})


def win_chance(
    view: View, target: int, flavour: str, ammo: int, pool: Counter[str] | None = None
) -> float:
    """The chance that ``target`` holds fewer matching cards than our ``ammo``, drawing their
    hand at random from the unseen cards (both sides playing on while they can); ``pool``, when
    given, is ``unseen(view)`` counted already."""
    if pool is None:
        pool = unseen(view)
    total = sum(pool.values())
    matching = pool[flavour] + sum(pool[m] for m in MILKS)
    hand = min(int(view["hand_sizes"][target]), total)
    if total <= 0:
        return 1.0
    ways = comb(total, hand)
    return sum(
        comb(matching, k) * comb(total - matching, hand - k) / ways
        for k in range(min(ammo, hand + 1))
    )


class BakerBot(Agent):
    """The default heuristic bot (see the module docstring)."""

    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Choose a move for the phase in view."""
        phase = view["phase"]
        if phase == "duel":
            return self.duel(view, legal)
        if phase == "mixer":
            return self.mixer(view, legal)
        pool = unseen(view) if any(isinstance(a, Swipe) for a in legal) else None
        scored = [(self.score(view, a, pool), i) for i, a in enumerate(legal)]
        return legal[max(scored)[1]]

    # ---- turn ----------------------------------------------------------------------------------
    def score(self, view: View, action: Any, pool: Counter[str] | None = None) -> float:
        """How good a turn action looks, in rough Dough (``pool``: ``unseen(view)``, if counted
        already)."""
        me = self.seat
        hand: list[str] = view["hand"]
        stacks: list[list[dict[str, Any]]] = view["stacks"]
        if isinstance(action, Swipe):
            top = stacks[action.target][-1]
            ammo = sum(1 for c in hand if c == top["flavour"] or is_milk(c))
            odds = win_chance(view, action.target, top["flavour"], ammo, pool)
            opener = _card_cost(action.card)
            return odds * (float(top["value"]) + opener) * 1.3 - (1 - odds) * opener - 8
        if isinstance(action, FormBatch):
            cards = [*action.cards, *([action.pile] if action.pile is not None else [])]
            value = sum(dough(c) for c in cards)
            milk = sum(MILK_KEEP for c in cards if is_milk(c))
            cover = 0.25 * stacks[me][-1]["value"] if stacks[me] else 10.0
            return value + cover - milk + (8 if action.pile is not None else 0)
        if isinstance(action, AddToBatch):
            return dough(action.card) + 1
        if isinstance(action, Discard):
            gift = 6 if action.card in hand and hand.count(action.card) == 1 else 0
            penalty = 20 if view["deck_out"] else 0
            return -_card_cost(action.card) - 10 - gift - penalty
        if isinstance(action, EndTurn):
            return -12.0
        return -100.0

    # ---- duels ---------------------------------------------------------------------------------
    def duel(self, view: View, legal: Sequence[Any]) -> Any:
        """Answer with the cheapest matching card while the Batch is worth it, else yield."""
        answers = [a for a in legal if isinstance(a, Answer)]
        yield_ = next(a for a in legal if isinstance(a, Yield))
        if not answers:
            return yield_
        duel = view["duel"]
        batch = next(b for stack in view["stacks"] for b in stack if b["id"] == duel["batch"])
        played = sum(dough(c) for _, cards in duel["plays"] for c in cards)
        stake = batch["value"] + played
        best = min(answers, key=lambda a: sum(_card_cost(c) for c in a.cards))
        cost = sum(_card_cost(c) for c in best.cards)
        if stake + 10 >= cost * 0.8:
            return best
        return yield_

    # ---- mixers --------------------------------------------------------------------------------
    def mixer(self, view: View, legal: Sequence[Any]) -> Any:
        """Rotate the way that pays, swap to hurt the leader, exchange 1 with milk in hand."""
        me, n = self.seat, view["players"]
        stacks: list[list[dict[str, Any]]] = view["stacks"]

        def top(p: int) -> int:
            return int(stacks[p][-1]["value"]) if stacks[p] else 0

        first = legal[0]
        if isinstance(first, Rotate):
            gain_left = top((me - 1) % n) - top(me)
            gain_right = top((me + 1) % n) - top(me)
            return legal[0] if gain_left >= gain_right else legal[1]
        if isinstance(first, SwapBatches):
            dough_now: list[int] = view["dough"]

            def worst_rival(a: SwapBatches) -> int:
                after = list(dough_now)
                after[a.first] += top(a.second) - top(a.first)
                after[a.second] += top(a.first) - top(a.second)
                return max(v for p, v in enumerate(after) if p != me)

            return min(legal, key=worst_rival)
        if isinstance(first, Exchange):
            keep = any(is_milk(c) for c in view["hand"])
            return next(a for a in legal if a.count == (1 if keep else 2))
        return first


class FirstBot(Agent):
    """A baseline: always the first legal move (forms the first Batch listed, swipes rarely,
    answers every duel while it can)."""

    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """The first legal move."""
        return legal[0]


def _baker(game: Game[Any, Any], seat: int, arg: str | None) -> Agent:
    return BakerBot(game, seat, "baker")


def _first(game: Game[Any, Any], seat: int, arg: str | None) -> Agent:
    return FirstBot(game, seat, "first")


#: The bots of this game (the ``bots`` part of its plugin), and the one ``default`` means.
BOTS = (
    BotSpec("baker", "forms rich Batches, swipes what it can win, keeps milk for duels", _baker),
    BotSpec("first", "always the first legal move (a baseline to measure bots against)", _first),
)
DEFAULT_BOT = "baker"

__all__ = ["BakerBot", "FirstBot"]
