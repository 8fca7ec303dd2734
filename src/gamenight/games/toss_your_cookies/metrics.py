"""Toss Your Cookies figures: how often each roll came up, game length in rolls and rounds,
where wins happen, milk races and scramble grabs per seat."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from gamenight.engine.core import GAME_OVER, Event, Outcome
from gamenight.games.toss_your_cookies.cards import MILK
from gamenight.sim.metrics import Metrics, add_into


class TossYourCookiesMetrics(Metrics):
    """Counts rolls by face, rolls per game, round wins by moment, races won per seat."""

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.actions: Counter[str] = Counter()
        self.rolls = 0
        self.game_rolls: list[int] = []
        self.wins_off_turn = [0] * players
        self.milk_races = [0] * players
        self.milk_grabs = [0] * players
        self.moments: Counter[str] = Counter()
        self.rounds = 0

    mergeable = True
    EXPLAINED: ClassVar[Mapping[str, str]] = {
        "wins_off_turn": "rounds the seat won (its Snickerdoodle) on another's turn, all games",
        "milk_races_won": "milk races the seat won (first hand on a tossed milk), all games",
        "milk_scrambled": "times the seat grabbed the milk in a toss scramble, all games",
    }

    def merge(self, other: Metrics) -> None:
        """Add a later chunk's tallies; its game lengths follow this chunk's, in order."""
        if not isinstance(other, TossYourCookiesMetrics):
            raise TypeError(f"cannot merge {type(other).__name__} into Toss Your Cookies figures")
        self.actions.update(other.actions)
        self.rolls += other.rolls
        self.game_rolls.extend(other.game_rolls)
        add_into(self.wins_off_turn, other.wins_off_turn)
        add_into(self.milk_races, other.milk_races)
        add_into(self.milk_grabs, other.milk_grabs)
        self.moments.update(other.moments)
        self.rounds += other.rounds

    def on_events(self, seat: int, events: tuple[Event, ...]) -> None:
        """Tally rolls, Snickerdoodles, rounds played, milk races and scramble grabs."""
        for event in events:
            kind, data = event.kind, event.data
            if kind == "rolled":
                self.rolls += 1
                self.actions[f"{data['action']} {data['number']}"] += 1
            elif kind == "snickerdoodle":
                p = data["player"]
                if data["turn"] != p:
                    self.wins_off_turn[p] += 1
                self.moments[str(data["during"])] += 1
            elif kind == GAME_OVER:
                self.rounds += sum(data["round_wins"])
            elif kind == "milk_grabbed":
                self.milk_races[data["player"]] += 1
            elif kind == "grabbed" and data["card"] == MILK:
                self.milk_grabs[data["player"]] += 1

    def on_game_end(self, outcome: Outcome) -> None:
        """Record the game's length in rolls."""
        self.game_rolls.append(outcome.turns)

    def per_seat(self) -> list[dict[str, Any]]:
        """Round wins on another player's turn, milk races won, milk grabbed in a scramble."""
        return [
            {
                "wins_off_turn": self.wins_off_turn[i],
                "milk_races_won": self.milk_races[i],
                "milk_scrambled": self.milk_grabs[i],
            }
            for i in range(self.players)
        ]

    def overall(self) -> dict[str, Any]:
        """Roll faces as shares of all rolls; game length in rolls and in rounds; where rounds
        were won."""
        games = len(self.game_rolls)
        ordered = sorted(self.game_rolls)
        return {
            "rolls_per_game": self.rolls / games if games else 0.0,
            "median_rolls": ordered[games // 2] if games else 0,
            "longest_game_rolls": ordered[-1] if games else 0,
            "rounds_per_game": self.rounds / games if games else 0.0,
            "roll_shares": {
                face: count / self.rolls for face, count in sorted(self.actions.items())
            },
            "rounds_won_during": {
                moment: count / sum(self.moments.values())
                for moment, count in sorted(self.moments.items())
            },
        }


#: This game's statistics collector (the ``metrics`` part of its plugin).
METRICS = TossYourCookiesMetrics
