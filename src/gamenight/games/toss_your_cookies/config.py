"""Toss Your Cookies options: players, the rounds agreed for a match, the scramble, the dice."""

from __future__ import annotations

from dataclasses import dataclass, field

from gamenight.engine.config import Config
from gamenight.engine.errors import ConfigError, brief
from gamenight.games.toss_your_cookies.cards import ACTIONS, COMPONENTS, NUMBERS

#: The most rounds a match may be agreed to last (a guard against typing mistakes).
MAX_ROUNDS = 99


@dataclass(frozen=True)
class TossYourCookiesConfig(Config):
    """Toss Your Cookies options. Defaults follow the rulebook and the rules page's rulings."""

    min_players = 3
    max_players = 8

    players: int = field(default=4, metadata={"help": "number of players (3 to 8)"})
    rounds: int = field(
        default=1,
        metadata={"help": "rounds agreed (1 to 99; 3 or 5 suggested): win more than half"},
    )
    free_scramble: bool = field(
        default=False,
        metadata={"help": "a toss scramble has no cap; the short choose from over-full hands"},
    )
    action_die: tuple[str, ...] = field(
        default=tuple(COMPONENTS["action_die"]),
        metadata={"help": "faces of the action die: swap, pass_left, pass_right, toss"},
    )
    number_die: tuple[str, ...] = field(
        default=tuple(COMPONENTS["number_die"]),
        metadata={"help": "faces of the number die: 1, 2, 3, all, milk"},
    )

    def validate(self) -> None:
        """Check every option, naming what is allowed."""
        if isinstance(self.rounds, bool) or not isinstance(self.rounds, int):
            raise ConfigError(f"rounds must be a whole number from 1 to {MAX_ROUNDS}")
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise ConfigError(f"rounds must be from 1 to {MAX_ROUNDS}, got {self.rounds}")
        for name, faces, allowed in (
            ("action_die", self.action_die, ACTIONS),
            ("number_die", self.number_die, NUMBERS),
        ):
            if not isinstance(faces, tuple) or not faces:
                raise ConfigError(f"{name} needs faces from {', '.join(allowed)}; got {faces!r}")
            unknown = [f for f in faces if f not in allowed]
            if unknown:
                raise ConfigError(
                    f"{name} faces must be from {', '.join(allowed)}; "
                    f"{brief(unknown[0])} is not one (in {brief(','.join(map(str, faces)))})"
                )

    @property
    def rounds_to_win(self) -> int:
        """Round wins that win the match: more than half of the rounds agreed.

        >>> [TossYourCookiesConfig(rounds=r).rounds_to_win for r in (1, 2, 3, 4, 5)]
        [1, 2, 2, 3, 3]
        """
        return self.rounds // 2 + 1
