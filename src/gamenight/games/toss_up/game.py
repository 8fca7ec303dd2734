"""Toss Up!: roll, set greens aside, bank or push on; a red light with no green busts.

The facade that wires the game's modules into the engine's ``Game`` contract: options in
``config.py``, actions and state in ``state.py``, legality in ``rules.py``, the dice's law in
``deck.py``, transitions in ``resolve.py``, refusal reasons in ``explain.py``. Rulebook: Toss Up!
(Patch Products, 2004); ``rules.md`` states the rulings this project follows (the final round,
ties).
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from typing import Any

from gamenight.engine.config import Config
from gamenight.engine.core import Event, Kind, Outcome, Pending, View
from gamenight.engine.errors import MalformedAction
from gamenight.engine.game import Game
from gamenight.engine.sampling import checked
from gamenight.engine.words import Words
from gamenight.games.toss_up import explain, resolve, rules, sample, wording
from gamenight.games.toss_up.config import TossUpConfig
from gamenight.games.toss_up.deck import RollLaw
from gamenight.games.toss_up.state import (
    ACTION_TYPES,
    BANK,
    ROLL,
    Action,
    Bank,
    Dice,
    Roll,
    TossUpState,
)

#: How long a typed move may be before it is shortened in an error message.
_ECHO = 40


class TossUp(Game[TossUpState, Action]):
    """Toss Up! for 2 to 6 players."""

    id = "toss-up"
    title = "Toss Up!"
    summary = "Push-your-luck dice: keep the greens, bank or roll on, and beware the red light."
    config_type = TossUpConfig
    decisions = frozenset({Kind.SINGLE})
    action_types = ACTION_TYPES
    hidden_information = False
    config: TossUpConfig

    def __init__(self, config: Config | None = None) -> None:
        super().__init__(config)
        #: The chance that one die shows green, yellow and red (from the config's faces).
        self.p_face = self.config.face_odds
        #: The law of a roll of each number of dice (``deck.py``).
        self.law = RollLaw(self.config.dice, self.p_face)
        self._rolls = self.law.tables
        # The engine API calls these at every step: the rules functions themselves, unwrapped.
        self.pending = rules.pending  # type: ignore[method-assign]
        self.legal_actions = rules.legal_actions  # type: ignore[method-assign]

    # ---- rules -------------------------------------------------------------------------------
    def initial_state(self) -> TossUpState:
        """The first player's turn begins with a roll of every die."""
        return TossUpState(
            scores=(0,) * self.players, player=self.config.first_player, dice_left=self.config.dice
        )

    def pending(self, state: TossUpState) -> Pending:
        """A chance node before each roll; the player's choice after it; terminal at the end."""
        return rules.pending(state)

    def legal_actions(self, state: TossUpState, player: int) -> Sequence[Action]:
        """After a roll that did not bust, the player may roll again or bank."""
        return rules.legal_actions(state, player)

    def event_words(self, event: View) -> Words | None:
        """Rolls, busts, banks, the final round and the end in words (``wording.py``)."""
        return wording.event_words(event)

    def explain_illegal(self, state: TossUpState, player: int, action: Action) -> str | None:
        """Name the rule a refused move breaks (see ``explain.py``)."""
        return explain.why_illegal(
            self.config, state, player, action, rules.legal_actions(state, player)
        )

    def chance_outcomes(self, state: TossUpState) -> Sequence[tuple[Action, float]]:
        """Every green/yellow/red count for the dice about to be rolled, with its probability."""
        return self.law.outcomes(state.dice_left)

    def sample_chance(self, state: TossUpState, rng: random.Random) -> Action:
        """One draw from ``chance_outcomes`` by inverse CDF (one random number per roll)."""
        outcomes, cumulative = self._rolls[state.dice_left]
        return outcomes[bisect(cumulative, rng.random())][0]

    def apply(
        self, state: TossUpState, player: int, action: Action
    ) -> tuple[TossUpState, tuple[Event, ...]]:
        """Roll, bank, or resolve a roll's outcome (see ``resolve.py``)."""
        kind = type(action)  # ``resolve.apply``'s dispatch, inlined: this runs at every step
        if kind is Dice:
            return resolve.resolve_roll(self.config, state, action)  # type: ignore[arg-type]
        if kind is Roll:
            return resolve.roll_on(state)
        return resolve.bank(self.config, state)

    # ---- views -------------------------------------------------------------------------------
    def bust_chance(self, dice: int) -> float:
        """The chance that a roll of ``dice`` dice busts: no green and at least one red."""
        return self.law.bust_chance(dice)

    def observe(self, state: TossUpState, viewer: int | None) -> View:
        """Everything in Toss Up! is public; the view is built field by field all the same."""
        last = state.last_roll
        return {
            "players": self.players,
            "scores": list(state.scores),
            "turn": state.player,
            "turn_points": state.turn_points,
            "dice_to_roll": state.dice_left,
            "rolled": state.rolled,
            "last_roll": (
                {"green": last.green, "yellow": last.yellow, "red": last.red} if last else None
            ),
            "bust_chance": self.law.bust_chance(state.dice_left),
            "target": self.config.target,
            "strict": self.config.strict,
            "final_round": state.trigger is not None,
            "trigger": state.trigger,
            "to_play": list(state.final),
            "sudden_death": list(state.contenders),
            "winners": list(state.winners),
            "turns": state.turns,
        }

    def shuffle_hidden(
        self, state: TossUpState, viewer: int | None, rng: random.Random
    ) -> TossUpState:
        """Nothing is hidden in Toss Up!: the state itself."""
        return state

    def sample_state(self, view: View, seat: int, rng: random.Random) -> TossUpState:
        """The state ``view`` shows to ``seat``: nothing is hidden, so nothing is drawn (see
        ``sample.py``); :class:`~gamenight.engine.errors.ImpossibleView` for a view that is not
        one of this game's."""
        self.check_player(seat)
        return checked(self.id, self.observe, self._sample, view, seat, rng)

    def _sample(self, view: View, seat: int, rng: random.Random) -> TossUpState:
        return sample.sample_state(self.config, view, seat, rng)

    def outcome(self, state: TossUpState) -> Outcome:
        """Winners (several only with ``shared_victory``), final totals and turns taken."""
        return Outcome(state.winners, tuple(float(s) for s in state.scores), state.turns)

    # ---- codecs ------------------------------------------------------------------------------
    def all_actions(self) -> Sequence[Action]:
        """Two player actions: roll (id 0) and bank (id 1)."""
        return rules.CHOICES

    def action_from_text(self, text: str) -> Action:
        """``roll`` / ``r`` or ``bank`` / ``b`` (chance outcomes: ``dice G Y R``)."""
        word = text.strip().lower()
        if word in {"r", "roll"}:
            return ROLL
        if word in {"b", "bank", "stop"}:
            return BANK
        try:
            return super().action_from_text(text)
        except MalformedAction:
            shown = text if len(text) <= _ECHO else text[: _ECHO - 3] + "..."
            raise MalformedAction(f"unknown move {shown!r}: type roll (r) or bank (b)") from None

    def action_from_json(self, data: Any) -> Action:
        """Decode JSON, returning the shared roll/bank values."""
        action = super().action_from_json(data)
        return ROLL if isinstance(action, Roll) else BANK if isinstance(action, Bank) else action


#: Names other modules import from here (the game's values live in ``state.py``/``config.py``).
__all__ = ["BANK", "ROLL", "Dice", "TossUp", "TossUpConfig", "TossUpState"]
