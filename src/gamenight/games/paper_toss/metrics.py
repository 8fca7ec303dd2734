"""Paper Toss! figures: tosses per game, how often a Hazard stands, Bullies and Flat Tires.

Per seat: tosses per game; the share of that seat's Hazards the tosser did not counter.
Overall: tosses per game, the hazard success rate (Hazards not countered / Hazards played),
Hazards, Counters, Bullies, Flat Tires, Energy Drinks and skipped turns per game, and the mean
tokens a toss gains.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gamenight.engine.core import Event, Outcome
from gamenight.sim.metrics import Metrics, add_counts, add_into


class PaperTossMetrics(Metrics):
    """Tallies tosses, Hazards and their fate, and the out-of-turn cards, from events."""

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.games = 0
        self.tosses = [0] * players
        self.gained = [0] * players
        self.hazards = [0] * players
        self.stood = [0] * players
        self.totals = dict.fromkeys(
            ("countered", "bullied", "flat_tire", "energy_drink", "turn_skipped"), 0
        )

    mergeable = True

    def merge(self, other: Metrics) -> None:
        """Add a later chunk's tallies."""
        if not isinstance(other, PaperTossMetrics):
            raise TypeError(f"cannot merge {type(other).__name__} into PaperTossMetrics")
        self.games += other.games
        for mine, theirs in (
            (self.tosses, other.tosses),
            (self.gained, other.gained),
            (self.hazards, other.hazards),
            (self.stood, other.stood),
        ):
            add_into(mine, theirs)
        add_counts(self.totals, other.totals)

    def on_events(self, seat: int, events: tuple[Event, ...]) -> None:
        """Count the events of one step."""
        for event in events:
            kind, data = event.kind, event.data
            if kind == "tossed":
                self.tosses[data["player"]] += 1
            elif kind == "hazard":
                self.hazards[data["player"]] += 1
            elif kind == "hazard_stands":
                self.stood[data["player"]] += 1
            elif kind == "scored":
                self.gained[data["player"]] += data["change"]
            elif kind in self.totals:
                self.totals[kind] += 1

    def on_game_end(self, outcome: Outcome) -> None:
        """Count the game."""
        self.games += 1

    def _per_game(self, value: float) -> float:
        return value / self.games if self.games else 0.0

    EXPLAINED: ClassVar[Mapping[str, str]] = {
        "tosses_per_game": "tosses the seat made per game",
        "hazard_success": "share of the seat's Hazards that stood (not countered)",
    }

    def per_seat(self) -> list[dict[str, Any]]:
        """Tosses per game and the seat's Hazard success rate."""
        return [
            {
                "tosses_per_game": self._per_game(self.tosses[i]),
                "hazard_success": self.stood[i] / self.hazards[i] if self.hazards[i] else 0.0,
            }
            for i in range(self.players)
        ]

    def overall(self) -> dict[str, Any]:
        """The figures over every game."""
        tosses, hazards = sum(self.tosses), sum(self.hazards)
        return {
            "tosses_per_game": self._per_game(tosses),
            "hazard_success_rate": sum(self.stood) / hazards if hazards else 0.0,
            "hazards_per_game": self._per_game(hazards),
            "tokens_per_toss": sum(self.gained) / tosses if tosses else 0.0,
            **{f"{k}_per_game": self._per_game(v) for k, v in self.totals.items()},
        }


#: This game's statistics collector (the ``metrics`` part of its plugin).
METRICS = PaperTossMetrics
