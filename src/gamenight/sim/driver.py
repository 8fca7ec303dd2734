"""The match driver: asks agents for decisions and applies them, for every kind of pending.

- chance: sampled from the match's private RNG;
- single / simultaneous: each listed player decides in turn (views hide the others' secret
  commitments, so the order does not matter);
- race / reaction: every listed player decides and says how long it takes; the fastest action is
  applied, then everyone decides again on the new state. Bots' times come from their seeded RNGs,
  a human's is measured, so an off-line race replays exactly from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from gamenight.bots.base import Agent
from gamenight.engine.core import Event, Kind, View
from gamenight.engine.errors import IllegalAction
from gamenight.engine.match import Match

EventSink = Callable[[int, tuple[Event, ...]], None]


def agent_rngs(seed: int, seats: int) -> list[random.Random]:
    """One RNG per seat, derived from the match seed and apart from the chance RNG."""
    return [random.Random(f"gamenight-agent:{seed}:{seat}") for seat in range(seats)]


#: Decisions made in an open race or reaction window: seat -> (view, action, reaction time).
Standing = dict[int, tuple[View, Any, float]]


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
        view = game.observe(state, agent.seat)
    action = agent.act(view, legal, rng)
    if action not in legal:
        raise IllegalAction(f"{agent.name} (seat {agent.seat}) chose an illegal {action!r}")
    return action


def step(
    match: Match,
    agents: Sequence[Agent],
    rngs: Sequence[random.Random],
    standing: Standing | None = None,
) -> tuple[int, tuple[Event, ...]]:
    """Advance the match by one step; returns who acted (``CHANCE`` is -1) and the events.

    In a race or reaction window every listed player decides and the fastest action is applied.
    A decision stands (with its reaction time) while the player's view is unchanged and the
    action still legal, so a pass by someone else does not make everyone answer again; any
    change a player can see makes them decide anew, and an agent whose decision is dropped
    unplayed (outpaced, or the window closed) is told so through ``Agent.outpaced``.
    """
    pending = match.pending
    kind = pending.kind
    if standing is None:
        standing = {}
    if kind is not Kind.RACE and kind is not Kind.REACTION:
        for seat, (_view, action, _delay) in standing.items():
            agents[seat].outpaced(action)
        standing.clear()
    if kind is Kind.CHANCE:
        return -1, match.roll_chance()
    if kind is Kind.SINGLE or kind is Kind.SIMULTANEOUS:
        seat = pending.players[0]
        return seat, match.apply_trusted(seat, decide(match, agents[seat], rngs[seat]))
    if kind is Kind.RACE or kind is Kind.REACTION:
        best: tuple[float, int, Any] | None = None
        for seat in pending.players:
            view = match.game.observe(match.state, seat)
            legal = match.game.legal_actions(match.state, seat)
            kept = standing.get(seat)
            if kept is not None and kept[0] == view and kept[1] in legal:
                action, delay = kept[1], kept[2]
            else:
                if kept is not None:
                    agents[seat].outpaced(kept[1])
                action = decide(match, agents[seat], rngs[seat], view, legal)
                delay = agents[seat].reaction_time(view, action, rngs[seat])
                standing[seat] = (view, action, delay)
            if best is None or delay < best[0]:
                best = (delay, seat, action)
        if best is None:
            raise IllegalAction(f"a {kind.value} window with nobody in it")
        standing.pop(best[1], None)
        return best[1], match.apply_trusted(best[1], best[2])
    raise IllegalAction("the match is over")


def run(
    match: Match,
    agents: Sequence[Agent],
    on_events: EventSink | None = None,
    max_steps: int = 1_000_000,
) -> Match:
    """Play ``match`` to the end with ``agents`` (one per seat); ``on_events`` sees each step."""
    rngs = agent_rngs(match.seed, len(agents))
    standing: Standing = {}
    for _ in range(max_steps):
        if match.finished:
            for seat, (_view, action, _delay) in standing.items():
                agents[seat].outpaced(action)
            return match
        seat, events = step(match, agents, rngs, standing)
        if on_events is not None and events:
            on_events(seat, events)
    raise IllegalAction(f"the match did not end within {max_steps} steps")
