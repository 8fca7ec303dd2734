"""Paper Toss! bots: ``smart`` (the default), a heuristic that plays the table, and ``tosser``,
a baseline that only tosses.

``smart`` keeps its Paper Toss and Counter cards for its own tosses and digs for a Paper Toss
when it has none; it throws Hazards at the leading tosser (choosing the Hazard whose counter is
most used up), bullies the leading opponent, Flat-Tires a player close to winning (in a two-player
game, at once), always drinks Energy Drink after a clean window, always counters a Hazard on its
own toss, and takes the Sprinklers token when it can. With two Toss cards to choose from it picks
the best for itself, or the worst for the tosser it hazarded.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamenight.bots.base import Agent
from gamenight.bots.halving import SearchSettings
from gamenight.bots.registry import BotSpec
from gamenight.engine.core import View
from gamenight.engine.game import Game
from gamenight.games.paper_toss.cards import (
    BULLY,
    COUNTER_OF,
    COUNTERS,
    ENERGY_DRINK,
    FLAT_TIRE,
    HAZARDS,
    PAPER_TOSS,
    SPRINKLERS,
    TOKEN_VALUE,
    WILD_COUNTER,
)
from gamenight.games.paper_toss.evaluate import evaluator
from gamenight.games.paper_toss.state import (
    PASS,
    READY,
    WINDOWS,
    Bully,
    Choose,
    Counter,
    Discard,
    Drink,
    EndTurn,
    FlatTire,
    FlipOne,
    Hazard,
    Sprinkle,
    Toss,
)

#: How many times longer ``smart`` takes to pass a window than to play a card.
PATIENCE = 20.0


#: How much ``smart`` wants to keep a card when digging for a Paper Toss (higher: keep).
KEEP_VALUE = {
    PAPER_TOSS: 9,
    WILD_COUNTER: 6,
    FLAT_TIRE: 5,
    BULLY: 5,
    ENERGY_DRINK: 4,
    **dict.fromkeys(COUNTER_OF.values(), 3),
    **dict.fromkeys(HAZARDS, 2),
}
#: With no Paper Toss in hand, ``smart`` keeps at most this many cards, so it always draws.
DIG_KEEP = 3


def discards_wanted(hand: Sequence[str]) -> list[str]:
    """The cards ``smart`` would rather trade for fresh draws, from a hand.

    Keeps up to two Paper Tosses, two different Counters (the wild one first), two Hazards, one
    Energy Drink and every Bully and Flat Tire. With no Paper Toss in hand it digs: it keeps
    only its best few cards (at most ``DIG_KEEP``), so that it always draws some.
    """
    limits = {PAPER_TOSS: 2, ENERGY_DRINK: 1, BULLY: 9, FLAT_TIRE: 9}
    out: list[str] = []
    for card in dict.fromkeys(hand):  # each kind once, in the hand's order
        count = hand.count(card)
        if card in limits and count > limits[card]:
            out.extend([card] * (count - limits[card]))
    counters = sorted(
        (c for c in hand if c in COUNTERS), key=lambda c: (c != WILD_COUNTER, hand.count(c), c)
    )
    kept: list[str] = []
    for card in counters:
        if len(kept) < 2 and card not in kept:
            kept.append(card)
        else:
            out.append(card)
    hazards = [c for c in hand if c in HAZARDS]
    out.extend(hazards[2:])
    if PAPER_TOSS not in hand:
        rest = list(hand)
        for card in out:
            rest.remove(card)
        rest.sort(key=lambda c: -KEEP_VALUE.get(c, 0))
        out.extend(rest[DIG_KEEP:])
    return out


class SmartBot(Agent):
    """The default Paper Toss! bot (see the module docstring)."""

    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Choose by the phase of the turn and the state of the race."""
        phase = view["phase"]
        hand: list[str] = view["hand"]
        if phase == "discard":
            wanted = discards_wanted(hand)
            return Discard(wanted[0]) if wanted else READY
        if phase == "main":
            return _first(legal, Toss) or _first(legal, EndTurn)
        if phase == "launch":
            return _first(legal, Drink) or _first(legal, FlipOne)
        if phase == "sprinklers":
            return Sprinkle(True) if Sprinkle(True) in legal else Sprinkle(False)
        if phase == "choose":
            return self.choose(view, legal)
        return self.respond(view, legal)

    def reaction_time(self, view: View, action: Any, rng: random.Random) -> float:
        """Cards are played at the usual speed; a pass waits to see what the others do, so a
        person at the table is not asked the same window again because a bot passed first."""
        base = super().reaction_time(view, action, rng)
        return base * PATIENCE if action == PASS else base

    def choose(self, view: View, legal: Sequence[Any]) -> Any:
        """Best Toss card for itself as the tosser, worst for the tosser it hazarded."""
        tosser = view["turn"]
        tokens = int(view["tokens"][tosser])
        mine = tosser == self.seat
        has_second = view["hand"].count(PAPER_TOSS) >= 1

        def gain(action: Choose) -> float:
            value: float = TOKEN_VALUE[action.card]
            if action.card == SPRINKLERS:
                value = (1 if has_second else 0) if mine else 0.5
            return max(0.0, tokens + value) - tokens

        options = [a for a in legal if isinstance(a, Choose)]
        return max(options, key=gain) if mine else min(options, key=gain)

    def respond(self, view: View, legal: Sequence[Any]) -> Any:
        """A response window: counter on its own toss, hazard a threat, bully, flat-tire, pass."""
        counters = [a for a in legal if isinstance(a, Counter)]
        if counters:  # the wild counter last: it answers any Hazard
            return min(counters, key=lambda a: a.card == WILD_COUNTER)
        hazards = [a for a in legal if isinstance(a, Hazard)]
        if hazards and self.threat(view, view["turn"]):
            used = view["paper_discard"]
            return max(hazards, key=lambda a: used.get(COUNTER_OF[a.card], 0))
        leader = self.leader(view)
        tokens = view["tokens"]
        if leader is not None:
            bully = Bully(leader)
            if bully in legal and tokens[leader] >= max(1, tokens[self.seat]):
                return bully
            flat = FlatTire(leader)
            close = tokens[leader] >= view["target"] - 4 or view["players"] == 2
            if flat in legal and close and view["flat_tires"][leader] == 0:
                return flat
        return PASS

    def leader(self, view: View) -> int | None:
        """The opponent with the most tokens (ties: whoever plays soonest)."""
        n = view["players"]
        others = [(self.seat + i) % n for i in range(1, n)]
        tokens = view["tokens"]
        return max(others, key=lambda p: tokens[p]) if others else None

    def threat(self, view: View, player: int) -> bool:
        """Whether hazarding ``player``'s toss is worth a card: they lead or are close to us."""
        if player == self.seat:
            return False
        tokens = view["tokens"]
        best = max(t for i, t in enumerate(tokens) if i != self.seat)
        return bool(tokens[player] >= best or tokens[player] >= tokens[self.seat])


class BoldBot(SmartBot):
    """``smart``, playing its attacks whenever they can hurt the leader or a tosser.

    It throws a Hazard at every other player's toss (``smart`` spares a tosser who neither
    leads nor is ahead of it), bullies the leading opponent whenever that player holds a token
    (``smart`` only when they are at least as far along as itself), and Flat-Tires the leading
    opponent whenever none is waiting on them (``smart`` only when they are within four of
    ten). Cards are cheap in Paper Toss!: the hand is drawn up to five every turn, so a card
    kept for later mostly costs a draw. Everything else is ``smart``'s.
    """

    def respond(self, view: View, legal: Sequence[Any]) -> Any:
        """A response window: counter on its own toss, hazard any tosser, then bully or
        flat-tire the leader."""
        counters = [a for a in legal if isinstance(a, Counter)]
        if counters:
            return super().respond(view, legal)
        hazards = [a for a in legal if isinstance(a, Hazard)]
        if hazards:
            used = view["paper_discard"]
            return max(hazards, key=lambda a: used.get(COUNTER_OF[a.card], 0))
        leader = self.leader(view)
        if leader is not None:
            if Bully(leader) in legal and view["tokens"][leader] >= 1:
                return Bully(leader)
            if FlatTire(leader) in legal and view["flat_tires"][leader] == 0:
                return FlatTire(leader)
        return PASS


class TosserBot(SmartBot):
    """A baseline: tosses whenever it can and plays out the toss well, discards its whole hand
    when it holds no Paper Toss, and never plays a Hazard, Counter, Bully or Flat Tire."""

    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Toss, flip or drink, choose and sprinkle like ``smart``; pass every window."""
        if view["phase"] == "discard":
            hand: list[str] = view["hand"]
            return READY if PAPER_TOSS in hand or not hand else Discard(hand[0])
        if view["phase"] in WINDOWS:
            return PASS
        return super().act(view, legal, rng)


def _first(legal: Sequence[Any], cls: type[Any]) -> Any:
    return next((a for a in legal if isinstance(a, cls)), None)


def _smart(game: Game[Any, Any], seat: int, arg: str | None) -> Agent:
    return SmartBot(game, seat, "smart")


def _bold(game: Game[Any, Any], seat: int, arg: str | None) -> Agent:
    return BoldBot(game, seat, "bold")


def _tosser(game: Game[Any, Any], seat: int, arg: str | None) -> Agent:
    return TosserBot(game, seat, "tosser")


#: The bots of this game (the ``bots`` part of its plugin), and the one ``default`` means.
BOTS = (
    BotSpec(
        "tosser",
        "baseline: always tosses, redraws a hand with no toss, passes every window",
        _tosser,
    ),
    BotSpec(
        "smart",
        "keeps counters for its tosses, hazards and bullies the leader, flat-tires a near winner",
        _smart,
    ),
    BotSpec(
        "bold",
        "smart, attacking more: a Hazard at every toss, Bully and Flat Tire the leader at once",
        _bold,
    ),
)
DEFAULT_BOT = "smart"


#: Decisions the searching bot answers as its own bot without search: tossing (always worth
#: it), drinking (two flips are never worse than one) and choosing between two Toss cards.
PLAIN_PHASES = frozenset({"main", "launch", "choose"})
#: The searching bot searches only once some player is this many tokens or fewer short of the
#: target: earlier, a round's playouts barely move the evaluation and the search kept its bot's
#: move almost always.
SEARCH_REACH = 2


def worth_searching(view: View, legal: Sequence[Any]) -> bool:
    """Whether the searching bot searches this decision: not a plain one (``PLAIN_PHASES``),
    and some player is within ``SEARCH_REACH`` tokens of the target."""
    if view["phase"] in PLAIN_PHASES:
        return False
    return max(int(t) for t in view["tokens"]) >= int(view["target"]) - SEARCH_REACH


def one_round(game: Game[Any, Any]) -> int:
    """A turn for every player: how far the searching bot's playouts look."""
    return game.players


#: The searching bot's default level in Paper Toss! (see docs/ismcts.md): the seat plays
#: ``bold``, and searches only once someone is near the target (``worth_searching``), with 200
#: playouts a decision; playouts (``bold`` for the seat, ``smart`` for the others) stop after a
#: round (every player has had a turn, unless a Flat Tire took it) and are scored by the fitted
#: evaluation; another move than ``bold``'s is played only if it gains a win chance of more
#: than 0.015 (besides the usual 1.64 standard errors).
SEARCH = SearchSettings(
    iterations=200,
    turns=one_round,
    evaluate=evaluator,
    searches=worth_searching,
    margin=0.015,
    bot="bold",
)
