"""The match driver: asks agents for decisions and applies them, for every kind of pending.

- chance: sampled from the match's private RNG;
- single / simultaneous: each listed player decides in turn (views hide the others' secret
  commitments, so the order does not matter);
- race / reaction: every listed player decides and says how long it takes; the first action to
  arrive is applied. In a race a decision keeps its time while what it reaches for is still there
  (the first hand to reach a card gets it), so only a player whose target was taken decides
  again; in a reaction window anything a player can see change makes them decide again. Bots'
  times come from their seeded RNGs, a human's is measured, so an off-line race replays exactly
  from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from gamenight.bots.base import Agent
from gamenight.bots.races import reach_stands
from gamenight.engine.core import CHANCE, Event, Kind, Pending, View
from gamenight.engine.errors import IllegalAction
from gamenight.engine.match import Match

EventSink = Callable[[int, tuple[Event, ...]], None]


def agent_rngs(seed: object, seats: int) -> list[random.Random]:
    """One RNG per seat, derived from the match seed (a whole number) and apart from the chance
    RNG."""
    # ``seed: object``: compiled by the mypyc of mypy 2.4 (see ``setup.py``), an int from 2**62
    # up turned into text kept a reference to it, about 40 bytes a match; an ``object`` is
    # formatted by Python itself.
    return [agent_rng(seed, seat) for seat in range(seats)]


def agent_rng(seed: object, seat: int) -> random.Random:
    """The RNG of one seat, as :func:`agent_rngs` derives it (for a caller that needs only some
    seats' RNGs)."""
    return random.Random(f"gamenight-agent:{seed}:{seat}")


class Decision:
    """A decision made in an open race or reaction window and not yet applied: what the agent
    saw, what it chose, the time still to go before it arrives (counted from the last applied
    action) and the window's name."""

    __slots__ = ("action", "delay", "view", "window")

    def __init__(self, view: View, action: Any, delay: float, window: str) -> None:
        self.view = view
        self.action = action
        self.delay = delay
        self.window = window


#: Decisions made in an open race or reaction window, by seat.
Standing = dict[int, Decision]


def is_among(action: Any, legal: Sequence[Any]) -> bool:
    """Whether ``action`` is one of ``legal``: first by identity (games hand out the same move
    objects again, and an agent picks one of them), then by equality. ``action in legal``
    alone calls each move's ``__eq__``, written in Python, for every move before a match."""
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal


def decide(
    match: Match,
    agent: Agent,
    rng: random.Random,
    view: View | None = None,
    legal: Sequence[Any] | None = None,
) -> Any:
    """Ask ``agent`` for its action now; checks that it chose a legal one."""
    game, state = match.game, match.state
    if legal is None:
        legal = game.legal_actions(state, agent.seat)
    if len(legal) == 1 and agent.auto_single:
        return legal[0]
    if view is None:
        view = game.observe(state, agent.seat) if agent.reads_view else {}
    action = agent.act(view, legal, rng)
    if not is_among(action, legal):
        raise IllegalAction(f"{agent.name} (seat {agent.seat}) chose an illegal {action!r}")
    return action


def step(
    match: Match,
    agents: Sequence[Agent],
    rngs: Sequence[random.Random],
    standing: Standing | None = None,
) -> tuple[int, tuple[Event, ...]]:
    """Advance the match by one step; returns who acted (``CHANCE`` for chance) and the events.

    In a race or reaction window every listed player decides and the first action to arrive is
    applied; the others' decisions stand with the time they still need. In a race a decision
    stands while its action is still legal (the card it reaches for is still there); in a
    reaction window, while the player's view is also unchanged, so a pass by someone else does
    not make everyone answer again but any change they can see does. An agent whose decision is
    dropped unplayed is told through ``Agent.outpaced``: beaten to it, or (``closed``) the window
    closed or the game ended first.
    """
    return _advance(match, match.pending, agents, rngs, standing)


def _advance(
    match: Match,
    pending: Pending,
    agents: Sequence[Agent],
    rngs: Sequence[random.Random],
    standing: Standing | None,
) -> tuple[int, tuple[Event, ...]]:
    """:func:`step`, given the match's pending."""
    kind = pending.kind
    if standing:
        window = pending.window if kind is Kind.RACE or kind is Kind.REACTION else None
        for decision in standing.values():
            if decision.window != window:  # some window closed: drop its decisions
                closed = [seat for seat, kept in standing.items() if kept.window != window]
                for seat in closed:
                    agents[seat].outpaced(standing.pop(seat).action, closed=True)
                break
    elif standing is None:
        standing = {}
    if kind is Kind.CHANCE:
        return CHANCE, match.roll_chance()
    if kind is Kind.SINGLE or kind is Kind.SIMULTANEOUS:
        seat = pending.players[0]
        return seat, match.apply_trusted(seat, decide(match, agents[seat], rngs[seat]))
    if kind is Kind.RACE or kind is Kind.REACTION:
        return _race(match, pending, agents, rngs, standing)
    raise IllegalAction("the match is over")


def _race(
    match: Match,
    pending: Pending,
    agents: Sequence[Agent],
    rngs: Sequence[random.Random],
    standing: Standing,
) -> tuple[int, tuple[Event, ...]]:
    """One step of a race or reaction window (see :func:`step`)."""
    game, state = match.game, match.state
    race = pending.kind is Kind.RACE
    unread: View = {}  # what an agent that reads no view is given (it is never read)
    best_delay, winner, best_action = 0.0, -1, None
    legal_actions, kept_for = game.legal_actions, standing.get
    for seat in pending.players:
        legal = legal_actions(state, seat)
        kept = kept_for(seat)
        if (
            race
            and kept is not None
            and reach_stands(pending, pending, seat, is_among(kept.action, legal))
        ):
            # A reach stands while its card is there (``gamenight.bots.races``; a decision of
            # another window was dropped above): no view is needed.
            action, delay = kept.action, kept.delay
        else:
            agent = agents[seat]
            view = game.observe(state, seat) if agent.reads_view else unread
            if kept is not None and is_among(kept.action, legal) and kept.view == view:
                action, delay = kept.action, kept.delay
            else:
                if kept is not None:
                    agent.outpaced(kept.action)
                rng = rngs[seat]
                action = decide(match, agent, rng, view, legal)
                delay = agent.reaction_time(view, action, rng)
                standing[seat] = Decision(view, action, delay, pending.window)
        if winner < 0 or delay < best_delay:
            best_delay, winner, best_action = delay, seat, action
    if winner < 0:
        raise IllegalAction(f"a {pending.kind.value} window with nobody in it")
    standing.pop(winner, None)
    for decision in standing.values():
        decision.delay -= best_delay
    return winner, match.apply_trusted(winner, best_action)


def run(
    match: Match,
    agents: Sequence[Agent],
    on_events: EventSink | None = None,
    max_steps: int = 1_000_000,
) -> Match:
    """Play ``match`` to the end with ``agents`` (one per seat); ``on_events`` sees each step."""
    rngs = agent_rngs(match.seed, len(agents))
    for agent in agents:
        agent.attach(lambda: match.state)
    standing: Standing = {}
    terminal, chance, single = Kind.TERMINAL, Kind.CHANCE, Kind.SINGLE
    for _ in range(max_steps):
        pending = match.pending
        kind = pending.kind
        if kind is terminal:
            for seat, decision in standing.items():
                agents[seat].outpaced(decision.action, closed=True)
            return match
        if standing:  # decisions stand in an open window: ``_advance`` keeps or drops them
            seat, events = _advance(match, pending, agents, rngs, standing)
        elif kind is chance:
            seat, events = CHANCE, match.roll_chance()
        elif kind is single:  # ``_advance`` for one decider, with no decision standing
            seat = pending.players[0]
            events = match.apply_trusted(seat, decide(match, agents[seat], rngs[seat]))
        else:
            seat, events = _advance(match, pending, agents, rngs, standing)
        if on_events is not None and events:
            on_events(seat, events)
    raise IllegalAction(f"the match did not end within {max_steps} steps")
