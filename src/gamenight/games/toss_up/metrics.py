"""Toss Up! figures: mean banked points per turn for each seat (a bust counts 0), bust rate."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gamenight.engine.core import Event
from gamenight.sim.metrics import Metrics


class TossUpMetrics(Metrics):
    """Counts turns, banked points and busts per seat."""

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.turns = [0] * players
        self.points = [0] * players
        self.busts = [0] * players
        self.rolls = 0

    def on_events(self, seat: int, events: tuple[Event, ...]) -> None:
        """Tally banks, busts and rolls."""
        for event in events:
            kind = event.kind
            if kind == "rolled":
                self.rolls += 1
            elif kind == "banked":
                p = event.data["player"]
                self.turns[p] += 1
                self.points[p] += event.data["points"]
            elif kind == "busted":
                p = event.data["player"]
                self.turns[p] += 1
                self.busts[p] += 1

    mergeable = True

    def merge(self, other: Metrics) -> None:
        """Add another chunk's counts."""
        if not isinstance(other, TossUpMetrics):
            raise TypeError(f"cannot merge {type(other).__name__} into TossUpMetrics")
        for mine, theirs in (
            (self.turns, other.turns),
            (self.points, other.points),
            (self.busts, other.busts),
        ):
            for i, value in enumerate(theirs):
                mine[i] += value
        self.rolls += other.rolls

    EXPLAINED: ClassVar[Mapping[str, str]] = {
        "points_per_turn": "points banked per turn, a bust counting 0",
        "bust_rate": "share of the seat's turns that ended in a bust",
    }

    def per_seat(self) -> list[dict[str, Any]]:
        """Mean banked points per turn and bust rate, per seat."""
        return [
            {
                "points_per_turn": self.points[i] / self.turns[i] if self.turns[i] else 0.0,
                "bust_rate": self.busts[i] / self.turns[i] if self.turns[i] else 0.0,
            }
            for i in range(self.players)
        ]

    def overall(self) -> dict[str, Any]:
        """Rolls per turn over every game."""
        turns = sum(self.turns)
        return {"rolls_per_turn": self.rolls / turns if turns else 0.0}


#: This game's statistics collector (the ``metrics`` part of its plugin).
METRICS = TossUpMetrics
