"""Toss Your Cookies: roll, then swap, pass or toss; five of a cookie plus the milk wins.

The rulebook is Gamewright's (2007); the rules page (``rules.md``) writes out every ruling this
project follows. This class only wires the parts together: the options (``config.py``), the
state (``state.py``), legality (``rules.py``), card movements (``resolve.py``), chance
(``deck.py``), refusal reasons (``explain.py``) and views (``view.py``); it also reads and
writes moves as text.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Any

from gamenight.engine.config import Config
from gamenight.engine.core import TERMINAL_PENDING, Event, Kind, Outcome, Pending, View
from gamenight.engine.errors import MalformedAction
from gamenight.engine.game import Game
from gamenight.engine.sampling import checked
from gamenight.engine.words import Words
from gamenight.games.toss_your_cookies import deck, explain, resolve, rules, sample, view, wording
from gamenight.games.toss_your_cookies.cards import (
    ACTIONS,
    HAND_SIZE,
    MILK,
    NUMBERS,
    card_kinds,
    cookie_kinds,
)
from gamenight.games.toss_your_cookies.config import TossYourCookiesConfig
from gamenight.games.toss_your_cookies.explain import shorten
from gamenight.games.toss_your_cookies.state import (
    Action,
    Commit,
    Deal,
    Dice,
    Draw,
    Grab,
    Phase,
    Pick,
    Take,
    Target,
    TossYourCookiesState,
)

#: The words that put cards forward: a pass, a toss or the roller's side of a swap.
_COMMIT_WORDS = ("commit", "pass", "toss", "give", "c")
_SEAT_WORDS = ("swap", "target", "with")
#: The longest number worth reading: no seat or card position has more digits.
_MAX_DIGITS = 3


class TossYourCookies(Game[TossYourCookiesState, Action]):
    """Toss Your Cookies for 3 to 8 players."""

    id = "toss-your-cookies"
    title = "Toss Your Cookies"
    summary = "Pass, swap and toss cookie cards; five of a kind plus the milk: Snickerdoodle!"
    config_type = TossYourCookiesConfig
    decisions = frozenset({Kind.SINGLE, Kind.SIMULTANEOUS, Kind.RACE})
    #: The live table pauses here so everyone sees the round won, before the next is dealt.
    pause_after = frozenset({"new_round"})
    action_types = (Commit, Target, Grab, Take, Pick, Deal, Dice, Draw)
    config: TossYourCookiesConfig

    def __init__(self, config: Config | None = None) -> None:
        super().__init__(config)
        self.kinds = card_kinds(self.players)
        self.cookies = cookie_kinds(self.players)
        self.deck = deck.build_deck(self.players)
        self._dice = deck.dice_odds(self.config)
        self._all = self._all_actions()
        #: The last state asked about and its pending (states are never changed, so the answer
        #: holds for that object): a step asks several times, for each player's legal moves.
        self._pending: tuple[TossYourCookiesState | None, Pending] = (None, TERMINAL_PENDING)
        #: Likewise the last state whose deciders all have the same moves (a race), with the
        #: deciders and those moves, asked for once per seat in the race.
        self._shared: tuple[TossYourCookiesState | None, tuple[int, ...], Sequence[Action]] = (
            None,
            (),
            (),
        )

    # ---- rules -------------------------------------------------------------------------------
    def initial_state(self) -> TossYourCookiesState:
        """Round 0: the shuffled deck is dealt one card at a time, starting with seat 0."""
        n = self.players
        return TossYourCookiesState(
            phase=Phase.DEAL,
            hands=((),) * n,
            deck=self.deck,
            turn=0,
            roll=None,
            commits=(None,) * n,
            target=None,
            centre=(),
            quota=(0,) * n,
            grabbed=(0,) * n,
            tosser=None,
            limbo=(),
            limbo_owner=None,
            limbo_public=False,
            transit=((),) * n,
            draw=None,
            milk_seen=None,
            round_wins=(0,) * n,
            round=0,
            starter=0,
            winner=None,
            last_win=None,
            rolls=0,
        )

    def pending(self, state: TossYourCookiesState) -> Pending:
        """Chance for deals, rolls and blind draws; who decides in every other phase."""
        known, pending = self._pending
        if known is not state:
            pending = rules.pending(self.config, state)
            self._pending = (state, pending)
        return pending

    def legal_actions(self, state: TossYourCookiesState, player: int) -> Sequence[Action]:
        """Every move ``player`` may make now (empty when it is not their decision)."""
        known, deciding, moves = self._shared
        if known is state:
            return moves if player in deciding else ()
        known, pending = self._pending
        if known is not state:
            pending = self.pending(state)
        moves = rules.legal_actions(self.config, state, player, pending.players)
        if pending.kind is Kind.RACE and moves and rules.same_for_every_decider(state):
            self._shared = (state, pending.players, moves)
        return moves

    def is_legal(self, state: TossYourCookiesState, player: int, action: Action) -> bool:
        """Whether ``action`` is among the legal moves, with fields of the right types: ``True``
        equals ``1`` in Python, but it is not seat 1."""
        return explain.malformed(action) is None and action in self.legal_actions(state, player)

    def chance_outcomes(self, state: TossYourCookiesState) -> Sequence[tuple[Action, float]]:
        """The next card dealt, the dice, or the card drawn blindly: each with its chance."""
        return deck.chance_outcomes(state, self._dice)

    def sample_chance(self, state: TossYourCookiesState, rng: random.Random) -> Action:
        """One draw from ``chance_outcomes``: a uniform card, or the two dice."""
        return deck.sample_chance(self.config, state, rng)

    def event_words(self, event: View) -> Words | None:
        """The events in words (``wording.py``), cards named only to those who saw them."""
        return wording.event_words(event)

    def explain_illegal(
        self, state: TossYourCookiesState, player: int, action: Action
    ) -> str | None:
        """Name the rule a refused move breaks (see ``explain.py``)."""
        legal = self.legal_actions(state, player)
        return explain.why_illegal(self.config, state, player, action, legal)

    def explain_not_deciding(
        self, state: TossYourCookiesState, player: int, action: Action
    ) -> str | None:
        """Name the rule that keeps ``player`` out of the decision (see ``explain.py``)."""
        return explain.why_not_deciding(self.config, state, player, action)

    def apply(
        self, state: TossYourCookiesState, player: int, action: Action
    ) -> tuple[TossYourCookiesState, tuple[Event, ...]]:
        """Apply one legal move or chance outcome; a winning hand ends the round at once."""
        return resolve.apply(self.config, state, player, action)

    # ---- views -------------------------------------------------------------------------------
    def observe(self, state: TossYourCookiesState, viewer: int | None) -> View:
        """What ``viewer`` may see (see ``view.py``)."""
        return view.observe(self.config, state, viewer)

    def shuffle_hidden(
        self, state: TossYourCookiesState, viewer: int | None, rng: random.Random
    ) -> TossYourCookiesState:
        """Re-deal every card ``viewer`` cannot see (see ``view.py``)."""
        return view.shuffle_hidden(self.config, state, viewer, rng)

    def sample_state(self, view: View, seat: int, rng: random.Random) -> TossYourCookiesState:
        """A state showing ``seat`` its ``view``: the cards it has not seen dealt uniformly to
        the places it cannot see, the milk kept where everyone saw it, others' commitments drawn
        from their drawn hands (see ``sample.py``); ``ImpossibleView`` for a view that is not
        one of this game's."""
        self.check_player(seat)
        return checked(self.id, self.observe, self._sample, view, seat, rng)

    def _sample(self, view: View, seat: int, rng: random.Random) -> TossYourCookiesState:
        return sample.sample_state(self.config, view, seat, rng)

    def outcome(self, state: TossYourCookiesState) -> Outcome:
        """The match winner, rounds won per seat, and the number of rolls."""
        winners = (state.winner,) if state.winner is not None else ()
        return Outcome(winners, tuple(float(w) for w in state.round_wins), state.rolls)

    # ---- codecs ------------------------------------------------------------------------------
    def all_actions(self) -> Sequence[Action]:
        """Every player move for this player count, in a fixed order (the integer ids)."""
        return self._all

    def _all_actions(self) -> tuple[Action, ...]:
        actions: list[Action] = []
        for size in (1, 2, 3):
            actions += [Commit(c) for c in combinations_with_replacement(self.kinds, size)]
        actions += [Target(p) for p in range(self.players)]
        actions += [Grab(c) for c in self.kinds]
        actions += [Take(p, c) for p in range(self.players) for c in self.kinds]
        actions += [Pick(i) for i in range(HAND_SIZE)]
        return tuple(actions)

    def moves_help(self) -> str:
        """The moves a person types, and the card ids."""
        return (
            "moves: pass CARD ... (also toss, give or commit), swap SEAT, grab CARD "
            "(grab milk in the race for the milk), take SEAT CARD, pick N; "
            f"seats are 0 to {self.players - 1}; cards: {', '.join(self.kinds)}"
        )

    def action_from_text(self, text: str) -> Action:
        """Friendly words as well as the canonical ``commit chip,wild`` forms.

        ``pass chip wild`` / ``toss chip`` / ``give chip`` commit cards (any order, commas or
        spaces); ``swap 2`` targets seat 2; ``grab milk`` (also ``grab_milk``, in a scramble or
        the race for the milk); ``take 2 chip``; ``pick 3`` points at the third face-down card
        (numbered from 1 when typed). The chance outcomes' own forms (``deal chip``,
        ``dice toss 2``, ``draw chip``) are read too, for records; nobody types them in play.
        """
        words = text.lower().replace(",", " ").split()
        if not words:
            raise MalformedAction("empty move; " + self.moves_help())
        head, rest = words[0], words[1:]
        if head in _COMMIT_WORDS:
            if not rest:
                raise MalformedAction(f"{head} needs the cards, e.g. {head} {self.kinds[0]}")
            return Commit(tuple(sorted(self._card(w) for w in rest)))
        if head in _SEAT_WORDS:
            (seat,) = self._words(rest, 1, f"{head} SEAT (e.g. {head} 1)")
            return Target(self._number(seat, f"{head} needs a seat number (e.g. {head} 1)"))
        if head == "pick":
            (word,) = self._words(rest, 1, "pick N (e.g. pick 1 for the first face-down card)")
            position = self._number(word, "pick needs a face-down card's number (e.g. pick 1)")
            if position < 1:
                raise MalformedAction("face-down cards are numbered from 1: pick 1, pick 2, ...")
            return Pick(position - 1)
        if head == "grab_milk" and not rest:
            return Grab(MILK)
        if head in ("grab", "deal", "draw"):
            (word,) = self._words(rest, 1, f"{head} CARD (e.g. {head} {MILK})")
            card = self._card(word)
            return Grab(card) if head == "grab" else Deal(card) if head == "deal" else Draw(card)
        if head == "take":
            seat, word = self._words(rest, 2, f"take SEAT CARD (e.g. take 1 {MILK})")
            number = self._number(seat, f"take needs a seat number (e.g. take 1 {MILK})")
            return Take(number, self._card(word))
        dice = len(rest) == 2 and rest[0] in ACTIONS and rest[1] in NUMBERS
        if head in ("dice", "roll") and dice:
            return Dice(rest[0], rest[1])
        raise MalformedAction(f"unknown move {shorten(head)}; " + self.moves_help())

    def _card(self, word: str) -> str:
        if word not in self.kinds:
            raise MalformedAction(
                f"unknown card {shorten(word)}; cards are: {', '.join(self.kinds)}"
            )
        return word

    @staticmethod
    def _number(word: str, needs: str) -> int:
        """A number as a person types it: ASCII digits only, and only as many as can matter."""
        if not (word.isascii() and word.isdigit()) or len(word) > _MAX_DIGITS:
            raise MalformedAction(f"{needs}, not {shorten(word)}")
        return int(word)

    @staticmethod
    def _words(rest: list[str], wanted: int, form: str) -> list[str]:
        if len(rest) != wanted:
            raise MalformedAction(f"type it as {form}")
        return rest

    def action_to_text(self, action: Action) -> str:
        """The canonical text, with blind picks numbered from 1 as a person counts."""
        if isinstance(action, Pick) and type(action.position) is int:
            return f"pick {action.position + 1}"
        return super().action_to_text(action)

    def action_from_json(self, data: Any) -> Action:
        """Decode JSON; a commitment's cards are put in canonical (sorted) order. Older records'
        ``{"type": "grab_milk"}`` is read as ``grab milk`` and ``{"type": "roll", ...}`` as the
        dice."""
        if isinstance(data, dict) and data.get("type") == "grab_milk" and len(data) == 1:
            return Grab(MILK)
        if isinstance(data, dict) and data.get("type") == "roll":
            data = {**data, "type": "dice"}
        action: Action = super().action_from_json(data)
        if isinstance(action, Commit):
            return Commit(tuple(sorted(action.cards)))
        return action
