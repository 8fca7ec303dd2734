"""The offline driver's races: the first hand to reach a token gets it."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gamenight.bots.base import Agent
from gamenight.engine.core import CHANCE, View
from gamenight.engine.match import Match
from gamenight.sim.driver import Standing, agent_rngs, is_among, step
from tests.engine.grab_bag import Bid, Grab, GrabBag, GrabBagConfig, Pot


class Steady(Agent):
    """Bids ``bid``, then grabs, always taking ``delay`` seconds to reach; counts its decisions."""

    def __init__(self, game: GrabBag, seat: int, bid: int, delay: float) -> None:
        super().__init__(game, seat, f"steady{seat}")
        self.bid, self.delay, self.decisions = bid, delay, 0
        self.told: list[tuple[object, bool]] = []

    def act(self, view: View, legal: Sequence[object], rng: random.Random) -> object:
        return Bid(self.bid) if Bid(self.bid) in legal else legal[0]

    def reaction_time(self, view: View, action: object, rng: random.Random) -> float:
        self.decisions += 1  # asked once per fresh decision in a race
        return self.delay

    def outpaced(self, action: object, closed: bool = False) -> None:
        self.told.append((action, closed))


def race(delays: list[float], bids: list[int], after: int = 0) -> tuple[list[int], list[Steady]]:
    """Play one round's race from a pot of 4 (and ``after`` steps more); returns who grabbed,
    in order, and the agents."""
    game = GrabBag(GrabBagConfig(players=len(delays), rounds=1))
    agents = [Steady(game, i, bids[i], d) for i, d in enumerate(delays)]
    match = Match(game, seed=1)
    match.apply_trusted(CHANCE, Pot(4))
    for seat, bid in enumerate(bids):
        match.submit(seat, Bid(bid))
    rngs, standing = agent_rngs(match.seed, len(agents)), Standing()
    order = []
    while match.pending.window == "grab":
        seat, _ = step(match, agents, rngs, standing)
        order.append(seat)
    for _ in range(after):
        step(match, agents, rngs, standing)
    return order, agents


def test_a_decision_keeps_its_time_while_its_token_is_still_there() -> None:
    """In a real scramble the first hand to reach a card gets it: seat 0 reached at time 0 and
    needs 1.0 s, so it arrives at 1.0 s, before seat 2's second grab (decided at 0.6 s, arriving
    at 1.2 s), although seat 2 is quicker per grab."""
    order, _agents = race([1.0, 0.5, 0.6], [1, 1, 2])
    assert order == [1, 2, 0, 2]


def test_only_a_player_whose_target_went_decides_again() -> None:
    """Grabs by others leave a standing decision alone: seat 0 decides once in the race."""
    _order, agents = race([1.0, 0.5, 0.6], [1, 1, 2])
    assert agents[0].decisions == 1
    assert agents[0].told == []


def test_a_decision_left_when_the_race_ends_is_told_it_closed() -> None:
    """A grab still on its way when the pot empties is dropped, and its agent is told the
    window closed (not that another hand beat it)."""
    order, agents = race([0.1, 0.25, 5.0], [2, 2, 1], after=1)
    assert order == [0, 0, 1, 1]
    assert agents[2].told == [(Grab(), True)]
    assert agents[2].decisions == 2  # one grab kept through all four grabs, then its answer


def test_a_move_is_found_among_the_legal_ones_by_identity_or_by_equality() -> None:
    """``is_among`` takes the same object at once and an equal one made anew (as ``Steady``
    makes its bids) after, and refuses a move that is not there."""
    legal = (Bid(1), Bid(2), Bid(3))
    assert is_among(legal[2], legal)
    assert is_among(Bid(2), legal)
    assert not is_among(Bid(4), legal)
    assert not is_among(Grab(), ())
