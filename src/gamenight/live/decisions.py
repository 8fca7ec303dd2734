"""Pure rules of the live clock: when a decision goes on, what a pass is, what "too slow" says.

A *decision* is what a ``Pending`` asks for. A step *takes its maker out* when the same decision
(same kind, window and turn) stays open afterwards with exactly its maker gone from the list:
a pass in a reaction window, a commitment in a simultaneous choice. Such a step changes nothing
the others were answering, so their answers made before it still stand; any other step is news,
and an answer made before it is too slow.
"""

from __future__ import annotations

import logging
import random
import reprlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from gamenight.bots.base import Agent
from gamenight.bots.races import same_decision
from gamenight.bots.reaction import reaction_time
from gamenight.engine.core import Kind, Pending
from gamenight.engine.errors import NotYourDecision
from gamenight.engine.game import Game
from gamenight.live.settings import LiveSettings
from gamenight.live.updates import Applied, By

LOG = logging.getLogger("gamenight.live")

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 40

#: Kinds whose open decision survives a step that takes its maker out.
STANDING_KINDS = (Kind.SIMULTANEOUS, Kind.REACTION)


def takes_out_only(before: Pending, after: Pending, player: int) -> bool:
    """Whether a step by ``player`` only took them out of an open simultaneous choice or
    reaction window (a commitment or a pass): the others still decide, nothing else moved.

    >>> asked = Pending(Kind.REACTION, (1, 2, 0), turn=0, window="hazard")
    >>> takes_out_only(asked, Pending(Kind.REACTION, (2, 0), turn=0, window="hazard"), 1)
    True
    >>> takes_out_only(asked, Pending(Kind.REACTION, (1, 2, 0), turn=0, window="hazard"), 1)
    False
    """
    return (
        before.kind in STANDING_KINDS
        and same_decision(before, after)
        and player in before.players
        and set(after.players) == set(before.players) - {player}
    )


def find_pass(game: Game[Any, Any], state: Any, pending: Pending, seat: int) -> Any | None:
    """The seat's pass in an open reaction window: the legal action that only takes it out.

    It is found by trying each legal action on the (immutable) state, so it needs another
    player still in the window; with the seat alone in it, ``None`` (see ``LiveMatch``, which
    remembers passes seen earlier).
    """
    if pending.kind is not Kind.REACTION or len(pending.players) < 2:
        return None
    for action in game.legal_actions(state, seat):
        after, _events = game.apply(state, seat, action)
        if takes_out_only(pending, game.pending(after), seat):
            return action
    return None


def decide(agent: Agent, game: Game[Any, Any], state: Any, rng: random.Random) -> Any | None:
    """The agent's choice for its seat now (``None``: it has no legal action).

    A lone legal action is played without asking (as the offline driver does); the agent sees
    only ``observe(state, seat)``. An agent that fails or answers with an illegal action falls
    back to a uniformly random legal action, so a faulty bot never stops a live match.
    """
    legal: Sequence[Any] = game.legal_actions(state, agent.seat)
    if not legal:
        return None
    if len(legal) == 1 and agent.auto_single:
        return legal[0]
    try:
        action = agent.act(game.observe(state, agent.seat), legal, rng)
    except Exception:  # a bot's bug must not end the match for the people playing it
        LOG.exception(
            "bot %s at seat %d failed; playing a random legal move", agent.name, agent.seat
        )
        action = None
    if action not in legal:
        if action is not None:
            LOG.warning("bot %s at seat %d chose an illegal %r", agent.name, agent.seat, action)
        return legal[rng.randrange(len(legal))]
    return action


def bot_delay(
    settings: LiveSettings,
    kind: Kind,
    agent: Agent,
    game: Game[Any, Any],
    state: Any,
    action: Any,
    rng: random.Random,
    fresh: bool = True,
) -> float:
    """Seconds before a planned move lands. In a race or window: a person's reaction on a
    phone at the room's ``bot_speed`` (``gamenight.bots.reaction``: noticing, in a window
    deciding whether to answer at all, choosing among the distinct moves on offer, tapping),
    scaled, held to the room's floor and cap; ``fresh`` is ``False`` for the next grab of a
    seat that has just grabbed (it need not notice the race again). Else a think time (shorter
    for a lone legal move)."""
    legal = game.legal_actions(state, agent.seat)
    if kind in (Kind.RACE, Kind.REACTION):
        window = kind is Kind.REACTION
        drawn = reaction_time(rng, settings.bot_speed, len(legal), fresh=fresh, window=window)
        delay = max(drawn * settings.reaction_scale, settings.reaction_floor)
        if settings.reaction_cap is not None:
            delay = min(delay, settings.reaction_cap)
        return max(0.0, delay)
    low, high = settings.bot_forced if len(legal) == 1 else settings.bot_think
    return rng.uniform(low, high)


def too_slow(
    game: Game[Any, Any],
    seat: int,
    version: int,
    now: int,
    beaten_by: Applied | None,
    names: Sequence[str],
) -> str:
    """The "too slow" sentence for ``seat``'s answer made at ``version`` (the match is at
    ``now``), naming the step that beat it.

    The action itself is named only where it was played face up (a race or a reaction window)
    or was the seat's own; elsewhere the sentence says who moved, never what (a commitment or a
    swap of hidden cards stays hidden).
    """
    if beaten_by is None or beaten_by.seat is None:
        return f"too slow: the match moved on from version {version} to {now}"
    who = beaten_by.seat
    mine = who == seat
    shown = mine or beaten_by.pending.kind in (Kind.RACE, Kind.REACTION)
    text = repr(game.action_to_text(beaten_by.action)) if shown else ""
    if beaten_by.by == "system":
        window = beaten_by.pending.window or "response"
        return f"too slow: time ran out and the {window} window closed"
    if beaten_by.by == "stand-in":
        if mine:
            return f"too slow: your time ran out and your stand-in played {text} for you"
        return f"too slow: time ran out and {names[who]}'s stand-in played for them"
    if mine:
        return f"too slow: you already played {text} (at version {version})"
    if shown:
        return f"too slow: {names[who]} played {text} first"
    return f"too slow: {names[who]} moved first"


def beaten_by(log: Iterable[Applied], version: int) -> Applied | None:
    """The step that made an answer at ``version`` late: the first step since that did more
    than take its maker out (else the first step since); ``None`` if the log no longer
    reaches back to ``version``."""
    since = [a for a in log if a.index >= version]
    if not since or since[0].index != version:
        return None
    return next((a for a in since if not a.took_out_only), since[0])


def overdue_seat(
    kind: Kind, owed: Sequence[int], listed: Sequence[int], is_person: Callable[[int], bool]
) -> int | None:
    """The next seat the runtime plays for once a window or a choice has run out of time.

    In a window, every seat still asked when time ran out (``owed``), bots too; elsewhere, each
    person still deciding who was owed. (A race has no such moment: each person's own limit
    hands them to their stand-in, see ``LiveMatch._time_out``.)
    """
    return next(
        (s for s in owed if s in listed and (kind is Kind.REACTION or is_person(s))),
        None,
    )


def overdue_move(
    game: Game[Any, Any],
    state: Any,
    pending: Pending,
    seat: int,
    known_pass: Any | None,
    stand_in: Agent,
    rng: random.Random,
) -> tuple[Any, By]:
    """What the runtime plays for a seat out of time: its pass in a reaction window (a system
    action; ``known_pass`` is the pass last seen in a window of that name, for a seat alone in
    it), else its stand-in's choice (also for a bot seat in a window where no pass is found)."""
    if pending.kind is Kind.REACTION:
        action = find_pass(game, state, pending, seat)
        if action is None and known_pass is not None and game.is_legal(state, seat, known_pass):
            action = known_pass
        if action is not None:
            return action, "system"
    return decide(stand_in, game, state, rng), "stand-in"


def check_seat(players: int, seat: object, spectator: bool = False) -> None:
    """Refuse a seat that does not exist (``NotYourDecision``); ``None`` is a spectator."""
    valid = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players
    if not (spectator and seat is None) and not valid:
        extra = ", or None for a spectator" if spectator else ""
        raise NotYourDecision(f"there is no seat {seat!r}; seats are 0 to {players - 1}{extra}")


def brief(value: object) -> str:
    """A submitted value as an error message may show it: short, whatever was sent.

    >>> brief("x" * 100)
    "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
    """
    return _REPR.repr(value)
