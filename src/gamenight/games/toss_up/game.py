"""Toss Up! rules: roll, set greens aside, bank or push on; a red light with no green busts.

Rulebook: seed ``004`` (Patch Products, 2004); rulings: ``RULINGS.md`` (final round, ties).
The dice and their faces are data (``components.json``), copied into the config.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import factorial
from typing import Any

from gamenight.engine.config import Config, load_components
from gamenight.engine.core import (
    CHANCE_PENDING,
    TERMINAL_PENDING,
    Event,
    Kind,
    Outcome,
    Pending,
    View,
)
from gamenight.engine.errors import ConfigError, MalformedAction
from gamenight.engine.game import Game

COMPONENTS = load_components(__package__ or "gamenight.games.toss_up")
COLOURS = ("green", "yellow", "red")


@dataclass(frozen=True)
class TossUpConfig(Config):
    """Toss Up! options. Defaults follow the rulebook and RULINGS.md."""

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
        if not self.faces or bad:
            raise ConfigError(f"faces must be a list of {', '.join(COLOURS)}; got {self.faces!r}")
        if "green" not in self.faces:
            raise ConfigError("faces need at least one green, or no turn could ever score")
        if not 0 <= self.first_player < self.players:
            raise ConfigError(f"first_player must be a seat from 0 to {self.players - 1}")


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the dice that are not set aside."""


@dataclass(frozen=True, slots=True)
class Bank:
    """Take the turn's points and end the turn."""


@dataclass(frozen=True, slots=True)
class Dice:
    """A chance outcome: how many of the rolled dice came up green, yellow and red."""

    green: int
    yellow: int
    red: int


ROLL = Roll()
BANK = Bank()
Action = Roll | Bank | Dice


@dataclass(slots=True)
class TossUpState:
    """Plain data; never changed once handed out.

    ``rolled`` is False while the next roll (a chance node) is due, True while the player
    decides. ``final`` lists the seats still to play in the final round or sudden death;
    ``contenders`` is non-empty during sudden death.
    """

    scores: tuple[int, ...]
    player: int
    turn_points: int
    dice_left: int
    rolled: bool
    last_roll: Dice | None
    trigger: int
    final: tuple[int, ...]
    contenders: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int


class TossUp(Game[TossUpState, Action]):
    """Toss Up! for 2 to 6 players."""

    id = "toss-up"
    title = "Toss Up!"
    summary = "Push-your-luck dice: keep the greens, bank or roll on, and beware the red light."
    config_type = TossUpConfig
    action_types = (Roll, Bank, Dice)
    hidden_information = False
    config: TossUpConfig

    def __init__(self, config: Config | None = None) -> None:
        super().__init__(config)
        faces = self.config.faces
        pg, py, pr = (faces.count(c) / len(faces) for c in COLOURS)
        self.p_face = (pg, py, pr)
        self._single = tuple(Pending(Kind.SINGLE, (p,), turn=p) for p in range(self.players))
        self._legal = (ROLL, BANK)
        #: Per number of dice: the roll outcomes with their probabilities, and the cumulative
        #: probabilities for sampling (the last one set to exactly 1).
        self._rolls = [_outcomes(k, self.p_face) for k in range(self.config.dice + 1)]
        self._dice = self.config.dice

    # ---- rules -------------------------------------------------------------------------------
    def initial_state(self) -> TossUpState:
        """The first player's turn begins with a roll of every die."""
        n = self.players
        return TossUpState(
            (0,) * n, self.config.first_player, 0, self.config.dice, False, None, -1, (), (), (), 0
        )

    def pending(self, state: TossUpState) -> Pending:
        """A chance node before each roll; the player's choice after it; terminal at the end."""
        if state.winners:
            return TERMINAL_PENDING
        return self._single[state.player] if state.rolled else CHANCE_PENDING

    def legal_actions(self, state: TossUpState, player: int) -> Sequence[Action]:
        """After a roll that did not bust, the player may roll again or bank."""
        if state.rolled and not state.winners and player == state.player:
            return self._legal
        return ()

    def chance_outcomes(self, state: TossUpState) -> Sequence[tuple[Action, float]]:
        """Every green/yellow/red count for the dice about to be rolled, with its probability."""
        return self._rolls[state.dice_left][0]

    def sample_chance(self, state: TossUpState, rng: random.Random) -> Action:
        """One draw from ``chance_outcomes`` by inverse CDF (one random number per roll)."""
        outcomes, cumulative = self._rolls[state.dice_left]
        return outcomes[bisect(cumulative, rng.random())][0]

    def apply(
        self, state: TossUpState, player: int, action: Action
    ) -> tuple[TossUpState, tuple[Event, ...]]:
        """Roll, bank, or resolve a roll's outcome."""
        kind = type(action)
        if kind is Dice:
            return self._resolve_roll(state, action)  # type: ignore[arg-type]
        if kind is Roll:
            st = state  # the same state, now waiting for its roll (a chance node)
            return TossUpState(
                st.scores,
                st.player,
                st.turn_points,
                st.dice_left,
                False,
                st.last_roll,
                st.trigger,
                st.final,
                st.contenders,
                st.winners,
                st.turns,
            ), ()
        points = state.turn_points
        scores = list(state.scores)
        scores[state.player] += points
        event = Event(
            "banked",
            {"player": state.player, "points": points, "total": scores[state.player]},
        )
        return self._end_turn(state, tuple(scores), (event,))

    def _resolve_roll(
        self, state: TossUpState, dice: Dice
    ) -> tuple[TossUpState, tuple[Event, ...]]:
        p = state.player
        green, yellow, red = dice.green, dice.yellow, dice.red
        if green == 0 and red > 0:
            data = {"player": p, "green": 0, "yellow": yellow, "red": red, "bust": True}
            bust = Event("busted", {"player": p, "lost": state.turn_points})
            return self._end_turn(state, state.scores, (Event("rolled", data), bust))
        points = state.turn_points + green
        left = state.dice_left - green or self._dice
        rolled = _event(
            "rolled",
            {
                "player": p,
                "green": green,
                "yellow": yellow,
                "red": red,
                "bust": False,
                "turn_points": points,
                "dice": left,
            },
        )
        new = TossUpState(
            state.scores,
            p,
            points,
            left,
            True,
            dice,
            state.trigger,
            state.final,
            state.contenders,
            (),
            state.turns,
        )
        return new, (rolled,)

    def _over(self, total: int) -> bool:
        return total > self.config.target if self.config.strict else total >= self.config.target

    def _end_turn(
        self, state: TossUpState, scores: tuple[int, ...], events: tuple[Event, ...]
    ) -> tuple[TossUpState, tuple[Event, ...]]:
        """Pass the dice on: the final round, sudden death and the end of the game live here."""
        p, n, dice = state.player, self.players, self.config.dice
        trigger, final, contenders = state.trigger, state.final, state.contenders
        turns = state.turns + 1
        if trigger < 0:
            if self._over(scores[p]):
                trigger = p
                final = tuple((p + i) % n for i in range(1, n))
                events += (Event("final_round", {"trigger": p, "total": scores[p]}),)
            else:
                nxt = (p + 1) % n
                nxt_state = _next_turn(state, scores, nxt, trigger, final, contenders, turns, dice)
                return nxt_state, events
        else:
            final = final[1:]
        if not final:
            pool = contenders or tuple(range(n))
            top = max(scores[i] for i in pool)
            leaders = tuple(i for i in pool if scores[i] == top)
            if len(leaders) == 1 or self.config.shared_victory:
                over = TossUpState(scores, p, 0, dice, False, None, trigger, (), (), leaders, turns)
                return over, (*events, Event("game_over", {"winners": list(leaders)}))
            contenders = leaders
            final = tuple(sorted(leaders, key=lambda i: (i - trigger - 1) % n))
            events += (Event("sudden_death", {"players": list(leaders), "total": top}),)
        return _next_turn(state, scores, final[0], trigger, final, contenders, turns, dice), events

    # ---- views -------------------------------------------------------------------------------
    def bust_chance(self, dice: int) -> float:
        """The chance that a roll of ``dice`` dice busts: no green and at least one red."""
        g, y, _r = self.p_face
        return (1 - g) ** dice - y**dice

    def observe(self, state: TossUpState, viewer: int | None) -> View:
        """Everything in Toss Up! is public; the view is built field by field all the same."""
        return {
            "players": self.players,
            "scores": list(state.scores),
            "turn": state.player,
            "turn_points": state.turn_points,
            "dice_to_roll": state.dice_left,
            "last_roll": _dice_json(state.last_roll) if state.last_roll else None,
            "bust_chance": self.bust_chance(state.dice_left),
            "target": self.config.target,
            "strict": self.config.strict,
            "final_round": state.trigger >= 0,
            "trigger": state.trigger if state.trigger >= 0 else None,
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

    def outcome(self, state: TossUpState) -> Outcome:
        """Winners (several only with ``shared_victory``), final totals and turns taken."""
        return Outcome(state.winners, tuple(float(s) for s in state.scores), state.turns)

    # ---- codecs ------------------------------------------------------------------------------
    def all_actions(self) -> Sequence[Action]:
        """Two player actions: roll (id 0) and bank (id 1)."""
        return self._legal

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
            raise MalformedAction(f"unknown move {text!r}: type roll (r) or bank (b)") from None

    def action_from_json(self, data: Any) -> Action:
        """Decode JSON, returning the shared roll/bank values."""
        action = super().action_from_json(data)
        return ROLL if isinstance(action, Roll) else BANK if isinstance(action, Bank) else action


def _event(kind: str, data: dict[str, Any]) -> Event:
    """A public event, built without the named tuple's Python-level constructor (hot path)."""
    return _new_tuple(Event, (kind, data, None, _NOBODY))


_new_tuple = tuple.__new__
_NOBODY: frozenset[int] = frozenset()


def _dice_json(dice: Dice) -> dict[str, int]:
    return {"green": dice.green, "yellow": dice.yellow, "red": dice.red}


def _next_turn(
    state: TossUpState,
    scores: tuple[int, ...],
    player: int,
    trigger: int,
    final: tuple[int, ...],
    contenders: tuple[int, ...],
    turns: int,
    dice: int,
) -> TossUpState:
    """The state at the start of ``player``'s turn: every die to roll, nothing set aside."""
    return TossUpState(scores, player, 0, dice, False, None, trigger, final, contenders, (), turns)


def _outcomes(
    dice: int, p_face: tuple[float, float, float]
) -> tuple[tuple[tuple[Dice, float], ...], tuple[float, ...]]:
    """Multinomial outcomes of ``dice`` dice and their cumulative probabilities."""
    pg, py, pr = p_face
    outcomes = []
    for g in range(dice + 1):
        for y in range(dice - g + 1):
            r = dice - g - y
            ways = factorial(dice) // (factorial(g) * factorial(y) * factorial(r))
            prob = ways * pg**g * py**y * pr**r
            if prob > 0:
                outcomes.append((Dice(g, y, r), prob))
    cumulative, total = [], 0.0
    for _, prob in outcomes:
        total += prob
        cumulative.append(total)
    if cumulative:
        cumulative[-1] = 1.0  # rng.random() < 1, so bisect never runs past the last outcome
    return tuple(outcomes), tuple(cumulative)
