"""Shared set-ups for the live runtime tests: settings, seeded walks, scripted people, records."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, TypeVar

import gamenight.bots
import gamenight.games  # registers the four games
from gamenight.bots import RandomBot
from gamenight.engine import (
    Game,
    IllegalAction,
    Kind,
    Match,
    NotYourDecision,
    Pending,
    StaleVersion,
    game_ids,
    make_game,
)
from gamenight.live import Applied, LiveMatch, LiveSettings, Subscription

T = TypeVar("T")

GAMES = ("cover-your-cookies", "paper-toss", "toss-up", "toss-your-cookies")

assert set(game_ids()) >= set(GAMES), game_ids()
assert gamenight.bots.make_bot  # the generic bots are registered


def run(coro: Coroutine[Any, Any, T], limit: float = 120.0) -> T:
    """Run a test coroutine on a fresh event loop (a guard against hanging, not a speed check)."""
    return asyncio.run(asyncio.wait_for(coro, limit))


def quick(**changes: Any) -> LiveSettings:
    """Tiny delays and limits, for whole games in a moment."""
    return LiveSettings.fast(**changes)


def walk(
    match: Match, rng: random.Random, until: Callable[[Match], bool], steps: int = 5000
) -> Match:
    """Play seeded random legal moves (first listed player) until ``until(match)`` holds."""
    for _ in range(steps):
        if until(match):
            return match
        pending = match.pending
        if pending.kind is Kind.TERMINAL:
            break
        if pending.kind is Kind.CHANCE:
            match.roll_chance()
            continue
        seat = pending.players[0]
        legal = match.game.legal_actions(match.state, seat)
        match.submit(seat, legal[rng.randrange(len(legal))], match.version)
    raise AssertionError("the walk never reached the situation it was looking for")


def walk_to(game_id: str, kind: Kind, seed: int, **options: Any) -> Match:
    """A match of ``game_id`` walked (seeded) to the first decision of ``kind``."""
    players = options.pop("players", None)
    game = make_game(game_id, [f"{k}={v}" for k, v in options.items()], players=players)
    match = Match(game, seed=seed)
    return walk(match, random.Random(seed), lambda m: m.pending.kind is kind)


class Recorder(RandomBot):
    """A random bot that remembers every planned move it was told was outpaced."""

    def __init__(self, game: Game[Any, Any], seat: int, speed: float = 1.0) -> None:
        super().__init__(game, seat, "recorder", speed)
        self.dropped: list[Any] = []

    def outpaced(self, action: Any) -> None:
        """Remember the dropped move."""
        self.dropped.append(action)


async def person(
    live: LiveMatch,
    seat: int,
    sub: Subscription,
    rng: random.Random,
    choose: Callable[[list[Any]], Any] | None = None,
) -> dict[str, int]:
    """A scripted person at ``seat``: answers each decision of theirs from the latest update.

    Returns counts: ``moves`` accepted, ``late`` refused as too slow (a race lost, a window
    closed), ``other`` refused otherwise (never expected).
    """
    game = live.game
    counts = {"moves": 0, "late": 0, "other": 0}
    async for update in sub:
        if sub.pending() or not update.view["legal"]:
            continue  # act only on the newest view
        legal = [game.action_from_json(a) for a in update.view["legal"]]
        action = choose(legal) if choose else legal[rng.randrange(len(legal))]
        try:
            await live.submit(seat, action, update.version)
            counts["moves"] += 1
        except StaleVersion:
            counts["late"] += 1
        except (NotYourDecision, IllegalAction):
            counts["other"] += 1
    return counts


def record_of(match: Match, stored: Sequence[Applied]) -> dict[str, Any]:
    """The match record as a store rebuilds it: what it knew at the start (game, config, seed)
    and the steps it received, nothing about the end."""
    whole = match.record()
    return {
        **{key: whole[key] for key in ("format", "game", "config", "seed")},
        "steps": [a.record for a in stored],
    }


def fresh_copy(match: Match) -> Match:
    """A new match of the same game and seed, before any step."""
    return Match(type(match.game)(match.game.config), seed=match.seed)


def seat_decides(pending: Pending, seat: int) -> bool:
    """Whether ``seat`` is among those deciding (never chance)."""
    return pending.kind is not Kind.CHANCE and seat in pending.players
