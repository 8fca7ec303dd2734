"""A match: one game, its current state, the history of steps, a version and a private RNG.

``Match.submit`` is the checked way in for every untrusted action. It checks, in this order: that
the action is one of the game's actions; the version it was made at (a move made against an older
version, in a race or after the winning move of the match, is answered "too slow" naming both
versions); that the match is not over; the seat (a seat that does not exist is
:class:`~gamenight.engine.errors.UnknownSeat`); that the seat decides now; legality. It raises a
precise error, and the match is unchanged by a refused action. Messages show submitted values
through ``errors.brief``, never whole.

Every action and every read of a match (``submit``, ``apply_trusted``, ``roll_chance``,
``advance_chance``, ``view``, ``record``) holds the match's lock (``Match.lock``, re-entrant), so
two moves sent at once from two threads are checked and applied one after the other: of two grabs
made at the same version, one is applied and the other is too slow. A caller that must read and
act as one step holds ``with match.lock:`` around both.

Chance is drawn from a :class:`~gamenight.engine.chance.ChanceRng` keyed by the match's seed (by
default 128 secret bits), so no player can foresee a draw. The seed and the RNG are never in a
view. A match record (config, seed, steps, and what the match ends in: its outcome and a digest of
its final state) replays exactly; ``replay`` refuses a record whose steps end anywhere else.
"""

from __future__ import annotations

import json
import threading
from functools import partial
from typing import Any, NamedTuple

from gamenight.engine.chance import MAX_SEED, ChanceRng, check_seed, new_seed
from gamenight.engine.config import config_from_json
from gamenight.engine.core import CHANCE, Event, Kind, Outcome, Pending, View
from gamenight.engine.errors import (
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourDecision,
    RecordMismatch,
    StaleVersion,
    brief,
    clip,
)
from gamenight.engine.game import Game
from gamenight.engine.records import state_digest

RECORD_FORMAT = "gamenight-match/1"


class Step(NamedTuple):
    """One applied action: who made it (``CHANCE`` for chance) and what it was.

    A named tuple: a match appends one per step, and a tuple is made at a fraction of the cost
    of a frozen dataclass."""

    player: int
    action: Any


#: ``_step((player, action))`` is ``Step(player, action)`` made without the Python-level
#: ``__new__`` that every named tuple has (the match makes one per step).
_step = partial(tuple.__new__, Step)


class Match:
    """A game in progress. The RNG that samples chance is private and never shown in a view.

    ``seed`` is a whole number from 0 to ``2**256 - 1`` (``ConfigError`` otherwise); without one,
    the match draws a fresh secret 128-bit seed.
    """

    def __init__(self, game: Game[Any, Any], seed: object = None) -> None:
        self.game = game
        self.seed = check_seed(seed) if seed is not None else new_seed()
        self._rng = ChanceRng(self.seed)
        #: Held by every action and read; hold it to read and act as one step.
        self.lock = threading.RLock()
        self.state: Any = game.initial_state()
        self.steps: list[Step] = []
        #: The last state whose pending was asked for, and its pending: a driver asks several
        #: times per step (is it over? who decides?), and states are never changed, so the
        #: answer holds while ``state`` is that same object. One tuple, read and written whole.
        self._pending: tuple[Any, Pending | None] = (None, None)

    # ---- reading -----------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """How many steps have been applied; a submitted action must name the current one."""
        return len(self.steps)

    @property
    def pending(self) -> Pending:
        """Who must decide now, and how."""
        state = self.state
        known, pending = self._pending
        if known is state and pending is not None:
            return pending
        pending = self.game.pending(state)
        self._pending = (state, pending)
        return pending

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.pending.kind is Kind.TERMINAL

    def outcome(self) -> Outcome:
        """The outcome of a finished match."""
        with self.lock:
            if not self.finished:
                raise IllegalAction("the match is not over yet")
            return self.game.outcome(self.state)

    def view(self, viewer: object) -> View:
        """What ``viewer`` may see now, with the match version and their legal actions.

        ``viewer`` is a seat or ``None`` (a spectator); anything else is ``UnknownSeat``.
        """
        with self.lock:
            viewer = self.game.check_viewer(viewer)
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
    def check(self, player: object, action: Any, version: object = None) -> None:
        """Raise the precise error that ``submit`` would raise, or nothing if it would accept."""
        with self.lock:
            self._check(player, action, version)

    def _check(self, player: object, action: Any, version: object) -> int:
        """The checks of :meth:`check`; returns the player as a seat number."""
        pending = self.pending
        if not isinstance(action, self.game.action_types):
            names = ", ".join(t.__name__ for t in self.game.action_types)
            raise MalformedAction(f"{brief(action)} is not a {self.game.id} action ({names})")
        self.game.codec.check(action)
        if version is not None:
            if isinstance(version, bool) or not isinstance(version, int):
                raise MalformedAction(f"a version is a whole number, got {brief(version, 40)}")
            if version > self.version:
                raise StaleVersion(
                    f"the action names version {brief(version, 40)}, but the match is only at "
                    f"version {self.version}"
                )
            if version != self.version:
                # Before the game-over check: a late grab after the winning one is too slow.
                over = "; the match is over" if pending.kind is Kind.TERMINAL else ""
                raise StaleVersion(
                    f"too slow: the action was made at version {brief(version, 40)}, "
                    f"the match is at version {self.version}{over}"
                )
        if pending.kind is Kind.TERMINAL:
            raise GameOver("the match is over; no more actions are accepted")
        if version is None and pending.kind in (Kind.RACE, Kind.REACTION):
            raise StaleVersion(
                f"a move in a {pending.kind.value} window must name the version it was made at "
                f"(now {self.version}), so that a late one is answered too slow"
            )
        seat = self.game.check_player(player)
        if pending.kind is Kind.CHANCE or seat not in pending.players:
            deciders = ", ".join(map(str, pending.players)) or "chance"
            why = None
            if pending.kind is not Kind.CHANCE:
                why = self.game.explain_not_deciding(self.state, seat, action)
            raise NotYourDecision(
                f"player {seat} may not act now ({pending.kind.value}; deciding: {deciders})"
                f"{': ' + clip(why) if why else ''}"
            )
        if not self.game.is_legal(self.state, seat, action):
            legal = [self.game.action_to_text(a) for a in self.game.legal_actions(self.state, seat)]
            shown = ", ".join(legal[:12]) + (" ..." if len(legal) > 12 else "")
            why = self.game.explain_illegal(self.state, seat, action)
            raise IllegalAction(
                f"{brief(self.game.action_to_text(action))} is not legal now for player {seat}"
                f"{': ' + clip(why) if why else ''}; legal: {clip(shown, 400)}"
            )
        return seat

    def submit(self, player: object, action: Any, version: object = None) -> tuple[Event, ...]:
        """Check and apply a player's action; return its events. Refused actions change nothing."""
        with self.lock:
            seat = self._check(player, action, version)
            return self._apply(seat, action)

    def submit_json(self, player: object, data: Any, version: object = None) -> tuple[Event, ...]:
        """Decode a wire action (raises ``MalformedAction``) and submit it."""
        return self.submit(player, self.game.action_from_json(data), version)

    def submit_text(self, player: object, text: str, version: object = None) -> tuple[Event, ...]:
        """Decode a typed action (raises ``MalformedAction``) and submit it."""
        return self.submit(player, self.game.action_from_text(text), version)

    def apply_trusted(self, player: int, action: Any) -> tuple[Event, ...]:
        """Apply an action already known to be legal (a bot chose it from ``legal_actions``)."""
        with self.lock:
            self.state, events = self.game.apply(self.state, player, action)
            self.steps.append(_step((player, action)))
            return events

    def roll_chance(self) -> tuple[Event, ...]:
        """At a chance node, sample an outcome from the private RNG and apply it."""
        with self.lock:
            game, state = self.game, self.state
            known, pending = self._pending
            if known is not state or pending is None:
                pending = self.pending
            if pending.kind is not Kind.CHANCE:
                raise NotYourDecision("no chance move is pending")
            action = game.sample_chance(state, self._rng)
            self.state, events = game.apply(state, CHANCE, action)
            self.steps.append(_step((CHANCE, action)))
            return events

    def advance_chance(self) -> list[Event]:
        """Roll every pending chance node until a player must decide or the game ends."""
        with self.lock:
            events: list[Event] = []
            while self.pending.kind is Kind.CHANCE:
                events.extend(self.roll_chance())
            return events

    def _apply(self, player: int, action: Any) -> tuple[Event, ...]:
        self.state, events = self.game.apply(self.state, player, action)
        self.steps.append(_step((player, action)))
        return events

    # ---- records -----------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The match as JSON data: game, config, seed, every step (chance included), and what
        it ends in: ``outcome`` (``None`` while the match goes on) and ``digest``, a hash of the
        state after the last step (``records.state_digest``)."""
        with self.lock:
            return {
                "format": RECORD_FORMAT,
                "game": self.game.id,
                "config": self.game.config.to_json(),
                "seed": self.seed,
                "steps": [step_json(self.game, s.player, s.action) for s in self.steps],
                "outcome": self.outcome().to_json() if self.finished else None,
                "digest": state_digest(self.state),
            }


def step_json(game: Game[Any, Any], player: int, action: Any) -> dict[str, Any]:
    """One step as a match record writes it: ``player`` is ``None`` for chance."""
    return {"player": None if player == CHANCE else player, "action": game.action_to_json(action)}


def replay(record: Any, game_class: type[Game[Any, Any]], upto: int | None = None) -> Match:
    """Rebuild a match from its record, checking every step as it is applied.

    Every chance step is drawn again from the match's own seeded RNG and must equal the recorded
    outcome, so a record that does not belong to its seed is refused and the rebuilt match goes on
    drawing exactly what the original would have. ``upto`` stops after that many steps. A bad
    record raises the error of its first bad step, naming its index. When every step is replayed,
    the record's ``outcome`` and ``digest`` (where present: records written before they existed
    have neither) must be what the steps end in, else :class:`RecordMismatch`.
    """
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        found = record.get("format") if isinstance(record, dict) else None
        what = "no format" if found is None else f"format {brief(found)}"
        raise MalformedAction(f"not a match record: it has {what}, expected {RECORD_FORMAT!r}")
    config = config_from_json(game_class.config_type, record.get("config", {}))
    seed = record.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise MalformedAction(
            f"a match record's seed is a whole number from 0 to 2**256 - 1, got {brief(seed, 40)}"
        )
    match = Match(game_class(config), seed=seed)
    steps = record.get("steps")
    if not isinstance(steps, list):
        raise MalformedAction("a match record needs a list of steps")
    if upto is not None and upto < 0:
        raise MalformedAction(f"a replay stops after 0 or more steps, not {brief(upto, 40)}")
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
                        f"the recorded chance outcome {brief(match.game.action_to_text(action))}"
                        f" is not what seed {seed} draws here "
                        f"({brief(match.game.action_to_text(drawn))})"
                    )
                match.apply_trusted(CHANCE, action)
            else:
                match.submit(player, action, match.version)
        except KeyError as exc:
            raise MalformedAction(f"step {index} is malformed: missing {exc}") from None
        except (IllegalAction, NotYourDecision, MalformedAction, GameOver, StaleVersion) as exc:
            raise type(exc)(f"step {index}: {exc}") from None
    if upto is None or upto >= len(steps):
        check_end(record, match)
    return match


def check_end(record: dict[str, Any], match: Match) -> None:
    """Refuse (:class:`RecordMismatch`) a record whose stated end is not where ``match`` is.

    Each of ``outcome`` and ``digest`` is checked when the record has it.
    """
    if "outcome" in record:
        stated = record["outcome"]
        actual = json.loads(json.dumps(match.outcome().to_json())) if match.finished else None
        if stated != actual:
            raise RecordMismatch(
                f"the record says the match ended with {_describe(stated)}, but its steps end "
                f"with {_describe(actual)}"
            )
    if "digest" in record:
        stated = record["digest"]
        if not isinstance(stated, str):
            raise MalformedAction(f"a record's digest is a text, got {brief(stated, 40)}")
        actual = state_digest(match.state)
        if stated != actual:
            raise RecordMismatch(
                f"the record's steps do not end in the state it states (digest {brief(stated)}, "
                f"replayed {actual})"
            )


def _describe(outcome: Any) -> str:
    if outcome is None:
        return "no outcome (the match not over)"
    if isinstance(outcome, dict) and "winners" in outcome:
        return f"winners {brief(outcome.get('winners'), 40)}, scores {brief(outcome.get('scores'))}"
    return brief(outcome)
