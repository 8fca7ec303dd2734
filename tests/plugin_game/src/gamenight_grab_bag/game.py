"""Grab Bag: a tiny game, installed from its own package, proving that the engine carries what
the card games need and that a game plugs in without a line of gamenight naming it.

Each round: chance sets a pot of 2 to 4 tokens; every player secretly bids 0 to 2 (simultaneous,
hidden until the last bid is in); then a race: players with a bid grab one token at a time, first
grab wins, at most their bid each, until the pot is empty or nobody can grab; then a reaction
window asks every player (holding a token or not) to object or pass: the first objection costs
the objector a token and takes one from the leader. Most tokens after the rounds wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from gamenight.engine import (
    CHANCE_PENDING,
    TERMINAL_PENDING,
    Config,
    ConfigError,
    Event,
    Game,
    Kind,
    Outcome,
    Pending,
    View,
)


@dataclass(frozen=True)
class GrabBagConfig(Config):
    """Grab Bag options."""

    min_players = 2
    max_players = 4
    players: int = 3
    rounds: int = field(default=2, metadata={"help": "rounds to play"})

    def validate(self) -> None:
        """Rounds from 1 to 10."""
        if not 1 <= self.rounds <= 10:
            raise ConfigError(f"rounds must be from 1 to 10, got {self.rounds}")


@dataclass(frozen=True, slots=True)
class Pot:
    """Chance: the pot holds ``size`` tokens."""

    size: int


@dataclass(frozen=True, slots=True)
class Bid:
    """Secretly bid how many tokens you will try to grab."""

    amount: int


@dataclass(frozen=True, slots=True)
class Grab:
    """Grab one token from the pot."""


@dataclass(frozen=True, slots=True)
class Object:
    """Pay a token to take one from the leader."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Let the window go by."""


Action = Pot | Bid | Grab | Object | Pass


@dataclass(slots=True)
class GrabBagState:
    """Phase is one of pot, bid, grab, object, over."""

    phase: str
    round: int
    pot: int
    bids: tuple[int | None, ...]
    grabbed: tuple[int, ...]
    tokens: tuple[int, ...]
    asked: tuple[int, ...]


class GrabBag(Game[GrabBagState, Action]):
    """The test-only game."""

    id = "grab-bag"
    title = "Grab Bag"
    summary = "Test-only: secret bids, a token race and an objection window."
    config_type = GrabBagConfig
    action_types = (Pot, Bid, Grab, Object, Pass)
    config: GrabBagConfig

    def initial_state(self) -> GrabBagState:
        """Round 0 starts with the pot being filled."""
        n = self.players
        return GrabBagState("pot", 0, 0, (None,) * n, (0,) * n, (0,) * n, ())

    def pending(self, state: GrabBagState) -> Pending:
        """Chance, simultaneous bids, a race, a reaction window, or the end."""
        if state.phase == "pot":
            return CHANCE_PENDING
        if state.phase == "bid":
            waiting = tuple(i for i, b in enumerate(state.bids) if b is None)
            return Pending(Kind.SIMULTANEOUS, waiting, window="bid")
        if state.phase == "grab":
            return Pending(Kind.RACE, self._grabbers(state), window="grab")
        if state.phase == "object":
            return Pending(Kind.REACTION, state.asked, window="object")
        return TERMINAL_PENDING

    def _grabbers(self, state: GrabBagState) -> tuple[int, ...]:
        return tuple(i for i, b in enumerate(state.bids) if b is not None and state.grabbed[i] < b)

    def legal_actions(self, state: GrabBagState, player: int) -> Sequence[Action]:
        """Bids 0 to 2; a grab while under your bid; object (holding a token) or pass."""
        if player not in self.pending(state).players:
            return ()
        if state.phase == "bid":
            return (Bid(0), Bid(1), Bid(2))
        if state.phase == "grab":
            return (Grab(),)
        return (Object(), Pass()) if state.tokens[player] > 0 else (Pass(),)

    def chance_outcomes(self, state: GrabBagState) -> Sequence[tuple[Action, float]]:
        """A pot of 2, 3 or 4 tokens, equally likely."""
        return [(Pot(2), 1 / 3), (Pot(3), 1 / 3), (Pot(4), 1 / 3)]

    def apply(
        self, state: GrabBagState, player: int, action: Action
    ) -> tuple[GrabBagState, tuple[Event, ...]]:
        """Apply one action."""
        n = self.players
        if isinstance(action, Pot):
            new = replace(state, phase="bid", pot=action.size, bids=(None,) * n, grabbed=(0,) * n)
            return new, (Event("pot", {"size": action.size}),)
        if isinstance(action, Bid):
            bids = list(state.bids)
            bids[player] = action.amount
            committed = Event(
                "bid", {"player": player}, {"amount": action.amount}, frozenset({player})
            )
            if any(b is None for b in bids):
                return replace(state, bids=tuple(bids)), (committed,)
            new = replace(state, phase="grab", bids=tuple(bids))
            reveal = Event("bids_revealed", {"bids": list(bids)})
            return self._after_grab(new), (committed, reveal)
        if isinstance(action, Grab):
            grabbed = list(state.grabbed)
            grabbed[player] += 1
            tokens = list(state.tokens)
            tokens[player] += 1
            new = replace(state, pot=state.pot - 1, grabbed=tuple(grabbed), tokens=tuple(tokens))
            return self._after_grab(new), (Event("grabbed", {"player": player}),)
        if isinstance(action, Object):
            tokens = list(state.tokens)
            leader = max(range(n), key=lambda i: (tokens[i], -i))
            tokens[player] -= 1
            tokens[leader] = max(0, tokens[leader] - 1)
            event = Event("objected", {"player": player, "leader": leader})
            return self._next_round(replace(state, tokens=tuple(tokens))), (event,)
        asked = tuple(i for i in state.asked if i != player)
        if asked:
            return replace(state, asked=asked), (Event("passed", {"player": player}),)
        return self._next_round(state), (Event("passed", {"player": player}),)

    def _after_grab(self, state: GrabBagState) -> GrabBagState:
        if state.pot > 0 and self._grabbers(state):
            return state
        return replace(state, phase="object", asked=tuple(range(self.players)))

    def _next_round(self, state: GrabBagState) -> GrabBagState:
        if state.round + 1 >= self.config.rounds:
            return replace(state, phase="over", asked=())
        return replace(state, phase="pot", round=state.round + 1, asked=())

    def observe(self, state: GrabBagState, viewer: int | None) -> View:
        """Bids are hidden until all are in; a player sees their own."""
        hidden = state.phase == "bid"
        bids = [
            (b if not hidden or i == viewer else None) if b is not None else None
            for i, b in enumerate(state.bids)
        ]
        return {
            "phase": state.phase,
            "round": state.round,
            "pot": state.pot,
            "bids": bids,
            "committed": [b is not None for b in state.bids],
            "grabbed": list(state.grabbed),
            "tokens": list(state.tokens),
            "asked": list(state.asked),
        }

    def shuffle_hidden(
        self, state: GrabBagState, viewer: int | None, rng: random.Random
    ) -> GrabBagState:
        """During bidding, the other players' committed bids are re-drawn."""
        if state.phase != "bid":
            return state
        bids = tuple(
            b if b is None or i == viewer else rng.randrange(3) for i, b in enumerate(state.bids)
        )
        return replace(state, bids=bids)

    def outcome(self, state: GrabBagState) -> Outcome:
        """Most tokens wins; ties share."""
        top = max(state.tokens)
        winners = tuple(i for i, t in enumerate(state.tokens) if t == top)
        return Outcome(winners, tuple(float(t) for t in state.tokens), state.round + 1)

    def all_actions(self) -> Sequence[Action]:
        """Bid 0..2, grab, object, pass."""
        return (Bid(0), Bid(1), Bid(2), Grab(), Object(), Pass())
