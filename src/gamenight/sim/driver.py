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
from gamenight.engine.core import Event, Kind
from gamenight.engine.errors import IllegalAction
from gamenight.engine.match import Match

EventSink = Callable[[int, tuple[Event, ...]], None]


def agent_rngs(seed: int, seats: int) -> list[random.Random]:
    """One RNG per seat, derived from the match seed and apart from the chance RNG."""
    return [random.Random(f"gamenight-agent:{seed}:{seat}") for seat in range(seats)]


def decide(match: Match, agent: Agent, rng: random.Random) -> Any:
    """Ask ``agent`` for its action now; checks that it chose a legal one."""
    game, state = match.game, match.state
    legal = game.legal_actions(state, agent.seat)
    if len(legal) == 1 and agent.auto_single:
        return legal[0]
    action = agent.act(game.observe(state, agent.seat), legal, rng)
    if action not in legal:
        raise IllegalAction(f"{agent.name} (seat {agent.seat}) chose an illegal {action!r}")
    return action


def step(
    match: Match, agents: Sequence[Agent], rngs: Sequence[random.Random]
) -> tuple[int, tuple[Event, ...]]:
    """Advance the match by one step; returns who acted (``CHANCE`` is -1) and the events."""
    pending = match.pending
    kind = pending.kind
    if kind is Kind.CHANCE:
        return -1, match.roll_chance()
    if kind is Kind.SINGLE or kind is Kind.SIMULTANEOUS:
        seat = pending.players[0]
        return seat, match.apply_trusted(seat, decide(match, agents[seat], rngs[seat]))
    if kind is Kind.RACE or kind is Kind.REACTION:
        best: tuple[float, int, Any] | None = None
        for seat in pending.players:
            action = decide(match, agents[seat], rngs[seat])
            view = match.game.observe(match.state, seat)
            delay = agents[seat].reaction_time(view, action, rngs[seat])
            if best is None or delay < best[0]:
                best = (delay, seat, action)
        if best is None:
            raise IllegalAction(f"a {kind.value} window with nobody in it")
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
    for _ in range(max_steps):
        if match.finished:
            return match
        seat, events = step(match, agents, rngs)
        if on_events is not None and events:
            on_events(seat, events)
    raise IllegalAction(f"the match did not end within {max_steps} steps")
