"""Toss Up! options: the frozen, validated config, with the dice as data.

The dice and their faces come from ``components.json`` (ten dice, each with three green, two
yellow and one red face), copied into the config defaults so that an owner of the physical game
can correct them with the ``dice`` and ``faces`` options.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gamenight.engine.config import Config, load_components
from gamenight.engine.errors import ConfigError

COMPONENTS = load_components(__package__ or "gamenight.games.toss_up")
#: The colours a die face may show, in the order of every (green, yellow, red) triple.
COLOURS = ("green", "yellow", "red")


@dataclass(frozen=True)
class TossUpConfig(Config):
    """Toss Up! options. Defaults follow the rulebook: over 100 starts the final round."""

    min_players = 2
    max_players = 6

    players: int = field(default=2, metadata={"help": "number of players (2 to 6)"})
    target: int = field(default=100, metadata={"help": "the final round starts past this total"})
    strict: bool = field(
        default=True, metadata={"help": "true: a total must be over the target; false: at least"}
    )
    shared_victory: bool = field(
        default=False, metadata={"help": "ties for the lead share the win (no sudden death)"}
    )
    dice: int = field(default=int(COMPONENTS["dice"]), metadata={"help": "number of dice"})
    faces: tuple[str, ...] = field(
        default=tuple(COMPONENTS["faces"]), metadata={"help": "colours of one die's faces"}
    )
    first_player: int = field(default=0, metadata={"help": "seat that takes the first turn"})

    def validate(self) -> None:
        """Check every option, naming what is allowed."""
        if not 1 <= self.target <= 1000:
            raise ConfigError(f"target must be from 1 to 1000, got {self.target}")
        if not 1 <= self.dice <= 30:
            raise ConfigError(f"dice must be from 1 to 30, got {self.dice}")
        bad = [f for f in self.faces if f not in COLOURS]
        if bad:
            shown = repr(bad[0]) if len(repr(bad[0])) <= 30 else repr(bad[0])[:27] + "..."
            raise ConfigError(f"faces must be a list of {', '.join(COLOURS)}; got {shown}")
        if not self.faces:
            raise ConfigError(f"faces must be a list of {', '.join(COLOURS)}; got none")
        if "green" not in self.faces:
            raise ConfigError("faces need at least one green, or no turn could ever score")
        if not 0 <= self.first_player < self.players:
            raise ConfigError(f"first_player must be a seat from 0 to {self.players - 1}")

    @property
    def face_odds(self) -> tuple[float, float, float]:
        """The chance that one die shows green, yellow and red.

        >>> TossUpConfig().face_odds == (1 / 2, 1 / 3, 1 / 6)
        True
        """
        g, y, r = (self.faces.count(c) / len(self.faces) for c in COLOURS)
        return g, y, r
