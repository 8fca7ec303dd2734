"""Per-game statistics gathered from events during simulation.

A game's ``metrics`` part defines ``METRICS``, a :class:`Metrics` subclass; games without one
get only the generic figures.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from gamenight.engine.core import Event, Outcome
from gamenight.engine.registry import game_part


class Metrics:
    """Collects figures over many games of one game from their events and outcomes."""

    def __init__(self, players: int) -> None:
        self.players = players

    #: What each figure of ``per_seat`` counts, by its key, printed under the table.
    EXPLAINED: ClassVar[Mapping[str, str]] = {}

    def on_events(self, seat: int, events: tuple[Event, ...]) -> None:
        """Called with the events of every step of every game."""

    def on_game_end(self, outcome: Outcome) -> None:
        """Called once per finished game."""

    def per_seat(self) -> list[dict[str, Any]]:
        """Figures per seat (one dict each, may be empty)."""
        return [{} for _ in range(self.players)]

    def overall(self) -> dict[str, Any]:
        """Figures over all games."""
        return {}

    #: Whether ``merge`` is implemented, so that simulation may run in several processes.
    mergeable = False

    def merge(self, other: Metrics) -> None:
        """Add the tallies of ``other`` (a later chunk of games) into this collector.

        Collectors that set ``mergeable = True`` implement this; simulation then splits its
        games over worker processes and merges the chunks in order, so the figures are the same
        as in one process.
        """
        raise TypeError(f"{type(self).__name__} cannot merge; run with one worker")


def add_into(mine: list[int], theirs: list[int]) -> None:
    """Add per-seat counts elementwise (for ``merge``)."""
    for i, value in enumerate(theirs):
        mine[i] += value


def add_counts(mine: dict[Any, int], theirs: dict[Any, int]) -> None:
    """Add keyed counts (for ``merge``)."""
    for key, value in theirs.items():
        mine[key] = mine.get(key, 0) + value


def explained(game_id: str) -> dict[str, str]:
    """What the game's per-seat figures count (``EXPLAINED`` of its ``METRICS``), by key."""
    part = game_part(game_id, "metrics")
    factory = getattr(part, "METRICS", Metrics) if part else Metrics
    return dict(getattr(factory, "EXPLAINED", {}))


def metrics_for(game_id: str, players: int) -> Metrics:
    """A fresh collector for ``game_id`` (the generic, empty one if it has none)."""
    part = game_part(game_id, "metrics")
    factory: Callable[[int], Metrics] = getattr(part, "METRICS", Metrics) if part else Metrics
    return factory(players)
