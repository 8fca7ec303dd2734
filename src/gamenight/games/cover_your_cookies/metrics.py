"""Cover Your Cookies figures: swipes per game, duel lengths, score spread, Dough per seat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gamenight.engine.core import Event, Outcome
from gamenight.sim.metrics import Metrics, add_counts, add_into


class CoverYourCookiesMetrics(Metrics):
    """Counts swipe attempts and successes, duel lengths, round scores and their spread."""

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.games = 0
        self.rounds = 0
        self.attempts = [0] * players
        self.swipes = [0] * players
        self.lost = [0] * players
        self.dough = [0] * players
        self.duels = 0
        self.duel_plays = 0
        self.duel_cards = 0
        self.longest = 0
        self.lengths: dict[int, int] = {}
        self.spread = 0
        self.mixers = 0

    mergeable = True

    def merge(self, other: Metrics) -> None:
        """Add a later chunk's tallies (the longest duel is the longer of the two)."""
        if not isinstance(other, CoverYourCookiesMetrics):
            raise TypeError(f"can't merge {type(other).__name__} into CoverYourCookiesMetrics")
        self.games += other.games
        self.rounds += other.rounds
        for mine, theirs in (
            (self.attempts, other.attempts),
            (self.swipes, other.swipes),
            (self.lost, other.lost),
            (self.dough, other.dough),
        ):
            add_into(mine, theirs)
        self.duels += other.duels
        self.duel_plays += other.duel_plays
        self.duel_cards += other.duel_cards
        self.longest = max(self.longest, other.longest)
        add_counts(self.lengths, other.lengths)
        self.spread += other.spread
        self.mixers += other.mixers

    def on_events(self, seat: int, events: tuple[Event, ...]) -> None:
        """Tally swipes, duels, mixers and round scores."""
        for event in events:
            kind, data = event.kind, event.data
            if kind == "swipe":
                self.attempts[data["player"]] += 1
            elif kind == "duel_over":
                self.duels += 1
                plays = int(data["plays"])
                self.duel_plays += plays
                self.duel_cards += int(data["cards_played"])
                self.longest = max(self.longest, plays)
                self.lengths[plays] = self.lengths.get(plays, 0) + 1
                if data["swiped"]:
                    self.swipes[data["challenger"]] += 1
                    self.lost[data["defender"]] += 1
            elif kind == "mixer_drawn":
                self.mixers += 1
            elif kind == "round_over":
                self.rounds += 1
                scores = [int(s) for s in data["scores"]]
                self.spread += max(scores) - min(scores)
                for p, s in enumerate(scores):
                    self.dough[p] += s

    def on_game_end(self, outcome: Outcome) -> None:
        """Count the game."""
        self.games += 1

    EXPLAINED: ClassVar[Mapping[str, str]] = {
        "dough_per_round": "Dough the seat scored per round",
        "swipe_attempts_per_game": "swipes the seat tried per game",
        "swipes_per_game": "swipes the seat won per game",
        "batches_lost_per_game": "the seat's Batches swiped by others per game",
    }

    def per_seat(self) -> list[dict[str, Any]]:
        """Mean Dough per round, swipe attempts and successful swipes per game, Batches lost."""
        g, r = max(self.games, 1), max(self.rounds, 1)
        return [
            {
                "dough_per_round": self.dough[i] / r,
                "swipe_attempts_per_game": self.attempts[i] / g,
                "swipes_per_game": self.swipes[i] / g,
                "batches_lost_per_game": self.lost[i] / g,
            }
            for i in range(self.players)
        ]

    def overall(self) -> dict[str, Any]:
        """Swipes per game, duel lengths (cards laid down per duel), score spread per round."""
        g, r, d = max(self.games, 1), max(self.rounds, 1), max(self.duels, 1)
        return {
            "swipes_per_game": sum(self.swipes) / g,
            "swipe_attempts_per_game": sum(self.attempts) / g,
            "swipe_success_rate": sum(self.swipes) / d,
            "mean_duel_length": self.duel_plays / d,
            "mean_cards_per_duel": self.duel_cards / d,
            "longest_duel": self.longest,
            "duel_lengths": {str(k): v for k, v in sorted(self.lengths.items())},
            "mean_score_spread": self.spread / r,
            "mixers_per_game": self.mixers / g,
        }


#: This game's statistics collector (the ``metrics`` part of its plugin).
METRICS = CoverYourCookiesMetrics
