"""Paper Toss!: toss paper, throw Hazards at other tosses, counter them; ten tokens win.

The facade that wires the game's modules into the engine's ``Game`` contract: cards in
``cards.py``, options in ``config.py``, the phases, actions and state in ``state.py``, the decks
and chance in ``deck.py``, legality in ``rules.py``, transitions in ``resolve.py``, refusal
reasons in ``explain.py``, views in ``view.py``; the action codecs live here. Rulebook: Paper
Toss! (Endymion Games, 2014); ``rules.md`` states the rulings this project follows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamenight.engine.config import Config
from gamenight.engine.core import Event, Kind, Outcome, Pending, View
from gamenight.engine.errors import MalformedAction
from gamenight.engine.game import Game
from gamenight.engine.sampling import checked
from gamenight.engine.words import Words
from gamenight.games.paper_toss import deck, explain, resolve, rules, sample, view, wording
from gamenight.games.paper_toss.cards import COUNTERS, HAZARDS, PAPER_KINDS, TOSS_KINDS
from gamenight.games.paper_toss.config import PaperTossConfig
from gamenight.games.paper_toss.state import (
    ACTION_TYPES,
    DRINK,
    END_TURN,
    FLIP_ONE,
    PASS,
    READY,
    TOSS,
    Action,
    Bully,
    Choose,
    Counter,
    Discard,
    FlatTire,
    Hazard,
    PaperTossState,
    Sprinkle,
)

#: Typed shortcuts accepted besides the canonical ``tag value`` text of each action.
_WORDS: dict[str, Action] = {
    "ready": READY,
    "draw": READY,
    "r": READY,
    "toss": TOSS,
    "t": TOSS,
    "end": END_TURN,
    "end_turn": END_TURN,
    "e": END_TURN,
    "pass": PASS,
    "p": PASS,
    "flip": FLIP_ONE,
    "flip_one": FLIP_ONE,
    "f": FLIP_ONE,
    "drink": DRINK,
    "energy_drink": DRINK,
}

_YES_NO = dict.fromkeys(("yes", "y", "true", "1"), "true") | dict.fromkeys(
    ("no", "n", "false", "0"), "false"
)


class PaperToss(Game[PaperTossState, Action]):
    """Paper Toss! for 2 to 6 players."""

    id = "paper-toss"
    title = "Paper Toss!"
    summary = "Toss paper, throw hazards at other tosses, counter them; first to ten tokens wins."
    config_type = PaperTossConfig
    decisions = frozenset({Kind.SINGLE, Kind.REACTION})
    action_types = ACTION_TYPES
    config: PaperTossConfig

    def __init__(self, config: Config | None = None) -> None:
        super().__init__(config)
        n = self.players
        self._all_actions: tuple[Action, ...] = (
            *(Discard(k) for k in PAPER_KINDS),
            READY,
            TOSS,
            END_TURN,
            *(Hazard(k) for k in HAZARDS),
            *(Counter(k) for k in COUNTERS),
            *(Bully(t) for t in range(n)),
            *(FlatTire(t) for t in range(n)),
            PASS,
            FLIP_ONE,
            DRINK,
            *(Choose(k) for k in TOSS_KINDS),
            Sprinkle(True),
            Sprinkle(False),
        )

    # ---- rules -------------------------------------------------------------------------------
    def initial_state(self) -> PaperTossState:
        """Both decks shuffled, no hands yet, no tokens: the deal (chance) comes first."""
        return deck.new_game(self.config)

    def pending(self, state: PaperTossState) -> Pending:
        """Chance for deals, draws and flips; the active player or chooser alone; every player
        in a response window; terminal once the game has ended."""
        return rules.pending(state)

    def legal_actions(self, state: PaperTossState, player: int) -> Sequence[Action]:
        """Every action ``player`` may take now (see ``rules.py``)."""
        return rules.legal_actions(self.config, state, player)

    def event_words(self, event: View) -> Words | None:
        """The events in words (``wording.py``): turns, cards played, tosses and tokens."""
        return wording.event_words(event)

    def explain_illegal(self, state: PaperTossState, player: int, action: Action) -> str | None:
        """Name the rule a refused action breaks (see ``explain.py``)."""
        legal = rules.legal_actions(self.config, state, player)
        return explain.why_illegal(self.config, state, player, action, legal)

    def apply(
        self, state: PaperTossState, player: int, action: Action
    ) -> tuple[PaperTossState, tuple[Event, ...]]:
        """Apply a legal action or chance outcome (see ``resolve.py``)."""
        return resolve.apply(self.config, state, player, action)

    def chance_outcomes(self, state: PaperTossState) -> Sequence[tuple[Action, float]]:
        """The next Paper card (deal, draw) or Toss card (flip), by the cards left in the deck."""
        return deck.chance_outcomes(state)

    def sample_chance(self, state: PaperTossState, rng: random.Random) -> Action:
        """One card from the deck, each card equally likely (same law as ``chance_outcomes``)."""
        return deck.sample_chance(state, rng)

    # ---- views -------------------------------------------------------------------------------
    def observe(self, state: PaperTossState, viewer: int | None) -> View:
        """Your own hand; everyone's hand size, tokens and Flat Tires; the face-up piles."""
        return view.observe(self.config, state, viewer)

    def shuffle_hidden(
        self, state: PaperTossState, viewer: int | None, rng: random.Random
    ) -> PaperTossState:
        """Re-deal the cards the viewer cannot see: other hands and the Paper deck, sizes kept."""
        return view.shuffle_hidden(self.config, state, viewer, rng)

    def sample_state(self, view: View, seat: int, rng: random.Random) -> PaperTossState:
        """A state showing ``seat`` its ``view``: the Paper cards it has not seen dealt uniformly
        to the other hands and the deck (see ``sample.py``); ``ImpossibleView`` for a view
        that is not one of this game's."""
        self.check_player(seat)
        return checked(self.id, self.observe, self._sample, view, seat, rng)

    def _sample(self, view: View, seat: int, rng: random.Random) -> PaperTossState:
        return sample.sample_state(self.config, view, seat, rng)

    def outcome(self, state: PaperTossState) -> Outcome:
        """The player who reached the target (at a turn limit: the most tokens, ties shared);
        everyone's tokens; turns begun."""
        return Outcome(state.winners, tuple(float(t) for t in state.tokens), state.turns)

    # ---- codecs ------------------------------------------------------------------------------
    def all_actions(self) -> Sequence[Action]:
        """Every player action: discards, toss, hazards, counters, targets, choices."""
        return self._all_actions

    def action_from_text(self, text: str) -> Action:
        """The ``tag value`` text, or a shortcut: ``pass``/``p``, ``ready``/``draw``,
        ``toss``/``t``, ``end``/``e``, ``flip``/``f``, ``drink``."""
        words = text.strip().lower().split()
        if len(words) == 1 and words[0] in _WORDS:
            return _WORDS[words[0]]
        if len(words) == 2 and words[0] in ("flat", "tire"):
            words[0] = "flat_tire"
        if len(words) == 2 and words[0] == "sprinkle":
            if words[1] not in _YES_NO:
                raise MalformedAction(
                    "sprinkle takes yes or no (discard a second Paper Toss or not), "
                    f"got {explain.shown(words[1])}"
                )
            words[1] = _YES_NO[words[1]]
        if len(words) == 2 and words[0] in ("bully", "flat_tire") and not _is_seat(words[1]):
            raise MalformedAction(
                f"{words[0]} takes a seat: a whole number from 0 to {self.players - 1}, "
                f"got {explain.shown(words[1])}"
            )
        try:
            action: Action = super().action_from_text(" ".join(words))
        except MalformedAction as exc:
            raise MalformedAction(
                f"{exc}; moves look like: discard dog, ready, toss, end, hazard kid, "
                "counter food, bully 1, flat_tire 2, pass, flip, drink, choose perfect, "
                "sprinkle yes"
            ) from None
        return _canonical(action)

    def action_from_json(self, data: Any) -> Action:
        """Decode JSON, returning the shared values for actions without fields."""
        action: Action = super().action_from_json(data)
        return _canonical(action)


def _is_seat(word: str) -> bool:
    """A seat number as typed: ASCII digits only, and short (``²`` and 5,000 digits are not)."""
    return word.isascii() and word.isdigit() and len(word) <= 3


def _canonical(action: Action) -> Action:
    for shared in (READY, TOSS, END_TURN, PASS, FLIP_ONE, DRINK):
        if type(action) is type(shared):
            return shared
    return action
