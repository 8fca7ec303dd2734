"""The steps before a resume, told again: a match rebuilt from its record (a server restart,
``play --resume``) keeps its steps but not the events they caused, which a screen that joins
lists under "what happened"."""

from __future__ import annotations

from gamenight.engine.core import CHANCE
from gamenight.engine.match import Match, step_json
from gamenight.live.decisions import takes_out_only
from gamenight.live.updates import Applied


def recalled(match: Match, count: int) -> list[Applied]:
    """The last ``count`` steps of ``match`` with their events, worked out again by playing its
    steps on a fresh match of the same game and seed (a match rebuilt from its record keeps
    its steps but not their events). Who made a player's step is not recorded: ``person``."""
    steps = match.steps
    if not steps:
        return []
    again = Match(match.game, seed=match.seed)
    start = max(0, len(steps) - count)
    out: list[Applied] = []
    for index, step in enumerate(steps):
        before = again.pending
        events = again.apply_trusted(step.player, step.action)
        if index < start:
            continue
        chance = step.player == CHANCE
        out.append(
            Applied(
                version=again.version,
                player=step.player,
                action=step.action,
                events=events,
                by="chance" if chance else "person",
                pending=before,
                took_out_only=not chance and takes_out_only(before, again.pending, step.player),
                record=step_json(match.game, step.player, step.action),
            )
        )
    return out
