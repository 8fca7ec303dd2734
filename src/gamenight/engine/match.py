"""A match: one game, its current state, the history of steps, a version and a private RNG.

``Match.submit`` is the checked way in for every untrusted action: it checks the seat, the version
(a late grab in a race is answered "too slow"), the action's legality, and raises a precise error;
the match is unchanged by a refused action. A match record (config, seed, steps) replays exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from gamenight.engine.config import config_from_json
from gamenight.engine.core import CHANCE, Event, Kind, Outcome, Pending, View
from gamenight.engine.errors import (
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourDecision,
    StaleVersion,
)
from gamenight.engine.game import Game

RECORD_FORMAT = "gamenight-match/1"


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action: who made it (``CHANCE`` for chance) and what it was."""

    player: int
    action: Any


class Match:
    """A game in progress. The RNG that samples chance is private and never shown in a view."""

    def __init__(self, game: Game[Any, Any], seed: int | None = None) -> None:
        self.game = game
        self.seed = seed if seed is not None else random.SystemRandom().randrange(10**9)
        self._rng = random.Random(self.seed)
        self.state: Any = game.initial_state()
        self.steps: list[Step] = []

    # ---- reading -----------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """How many steps have been applied; a submitted action must name the current one."""
        return len(self.steps)

    @property
    def pending(self) -> Pending:
        """Who must decide now, and how."""
        return self.game.pending(self.state)

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.pending.kind is Kind.TERMINAL

    def outcome(self) -> Outcome:
        """The outcome of a finished match."""
        if not self.finished:
            raise IllegalAction("the match is not over yet")
        return self.game.outcome(self.state)

    def view(self, viewer: int | None) -> View:
        """What ``viewer`` may see now, with the match version and their legal actions."""
        pending = self.pending
        legal = (
            [self.game.action_to_json(a) for a in self.game.legal_actions(self.state, viewer)]
            if viewer is not None and viewer in pending.players
            else []
        )
        return {
            "game": self.game.id,
            "version": self.version,
            "you": viewer,
            "pending": pending.to_json(),
            "legal": legal,
            "state": self.game.observe(self.state, viewer),
        }

    # ---- acting ------------------------------------------------------------------------------
    def check(self, player: int, action: Any, version: int | None = None) -> None:
        """Raise the precise error that ``submit`` would raise, or nothing if it would accept."""
        pending = self.pending
        if pending.kind is Kind.TERMINAL:
            raise GameOver("the match is over; no more actions are accepted")
        if not isinstance(action, self.game.action_types):
            names = ", ".join(t.__name__ for t in self.game.action_types)
            raise MalformedAction(f"{action!r} is not a {self.game.id} action ({names})")
        if version is None and pending.kind in (Kind.RACE, Kind.REACTION):
            raise StaleVersion(
                f"a move in a {pending.kind.value} window must name the version it was made at "
                f"(now {self.version}), so that a late one is answered too slow"
            )
        if version is not None and version != self.version:
            raise StaleVersion(
                f"too slow: the action was made at version {version}, "
                f"the match is at version {self.version}"
            )
        if isinstance(player, bool) or not isinstance(player, int):
            raise NotYourDecision(f"a player is a seat number, got {player!r}")
        if not 0 <= player < self.game.players:
            raise NotYourDecision(
                f"there is no player {player}; players are 0 to {self.game.players - 1}"
            )
        if pending.kind is Kind.CHANCE or player not in pending.players:
            deciders = ", ".join(map(str, pending.players)) or "chance"
            why = None
            if pending.kind is not Kind.CHANCE:
                why = self.game.explain_not_deciding(self.state, player, action)
            raise NotYourDecision(
                f"player {player} may not act now ({pending.kind.value}; deciding: {deciders})"
                f"{': ' + why if why else ''}"
            )
        if not self.game.is_legal(self.state, player, action):
            legal = [
                self.game.action_to_text(a) for a in self.game.legal_actions(self.state, player)
            ]
            shown = ", ".join(legal[:12]) + (" ..." if len(legal) > 12 else "")
            why = self.game.explain_illegal(self.state, player, action)
            raise IllegalAction(
                f"{self.game.action_to_text(action)!r} is not legal now for player {player}"
                f"{': ' + why if why else ''}; legal: {shown}"
            )

    def submit(self, player: int, action: Any, version: int | None = None) -> tuple[Event, ...]:
        """Check and apply a player's action; return its events. Refused actions change nothing."""
        self.check(player, action, version)
        return self._apply(player, action)

    def submit_json(self, player: int, data: Any, version: int | None = None) -> tuple[Event, ...]:
        """Decode a wire action (raises ``MalformedAction``) and submit it."""
        return self.submit(player, self.game.action_from_json(data), version)

    def submit_text(self, player: int, text: str, version: int | None = None) -> tuple[Event, ...]:
        """Decode a typed action (raises ``MalformedAction``) and submit it."""
        return self.submit(player, self.game.action_from_text(text), version)

    def apply_trusted(self, player: int, action: Any) -> tuple[Event, ...]:
        """Apply an action already known to be legal (a bot chose it from ``legal_actions``)."""
        return self._apply(player, action)

    def roll_chance(self) -> tuple[Event, ...]:
        """At a chance node, sample an outcome from the private RNG and apply it."""
        if self.pending.kind is not Kind.CHANCE:
            raise NotYourDecision("no chance move is pending")
        return self._apply(CHANCE, self.game.sample_chance(self.state, self._rng))

    def advance_chance(self) -> list[Event]:
        """Roll every pending chance node until a player must decide or the game ends."""
        events: list[Event] = []
        while self.pending.kind is Kind.CHANCE:
            events.extend(self.roll_chance())
        return events

    def _apply(self, player: int, action: Any) -> tuple[Event, ...]:
        self.state, events = self.game.apply(self.state, player, action)
        self.steps.append(Step(player, action))
        return events

    # ---- records -----------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The match as JSON data: game, config, seed and every step (chance included)."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game.id,
            "config": self.game.config.to_json(),
            "seed": self.seed,
            "steps": [
                {
                    "player": None if s.player == CHANCE else s.player,
                    "action": self.game.action_to_json(s.action),
                }
                for s in self.steps
            ],
        }


def replay(record: Any, game_class: type[Game[Any, Any]], upto: int | None = None) -> Match:
    """Rebuild a match from its record, checking every step as it is applied.

    Every chance step is drawn again from the match's own seeded RNG and must equal the recorded
    outcome, so a record that does not belong to its seed is refused and the rebuilt match goes on
    drawing exactly what the original would have. ``upto`` stops after that many steps. A bad
    record raises the error of its first bad step, naming its index.
    """
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise MalformedAction(f"not a match record (expected format {RECORD_FORMAT!r})")
    config = config_from_json(game_class.config_type, record.get("config", {}))
    seed = record.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise MalformedAction("a match record needs an integer seed")
    match = Match(game_class(config), seed=seed)
    steps = record.get("steps")
    if not isinstance(steps, list):
        raise MalformedAction("a match record needs a list of steps")
    for index, step in enumerate(steps[:upto]):
        try:
            if not isinstance(step, dict):
                raise MalformedAction("a step must be an object with player and action")
            action = match.game.action_from_json(step["action"])
            player = step["player"]
            if player is None:
                if match.pending.kind is not Kind.CHANCE:
                    raise IllegalAction("a chance step where a player must decide")
                drawn = match.game.sample_chance(match.state, match._rng)
                if drawn != action:
                    raise IllegalAction(
                        f"the recorded chance outcome {match.game.action_to_text(action)!r} is "
                        f"not what seed {seed} draws here ({match.game.action_to_text(drawn)!r})"
                    )
                match.apply_trusted(CHANCE, action)
            else:
                match.submit(player, action, match.version)
        except KeyError as exc:
            raise MalformedAction(f"step {index} is malformed: missing {exc}") from None
        except (IllegalAction, NotYourDecision, MalformedAction, GameOver, StaleVersion) as exc:
            raise type(exc)(f"step {index}: {exc}") from None
    return match
