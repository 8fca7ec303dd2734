"""Paper Toss!: who decides when, what is legal, what each seat sees, and the action codecs.

The transitions live in ``rules.py``; the cards, config, actions and state in ``state.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from gamenight.engine.config import Config
from gamenight.engine.core import (
    CHANCE_PENDING,
    TERMINAL_PENDING,
    Event,
    Kind,
    Outcome,
    Pending,
    View,
)
from gamenight.engine.errors import MalformedAction
from gamenight.engine.game import Game
from gamenight.games.paper_toss import explain
from gamenight.games.paper_toss.rules import Table, most_tokens, step
from gamenight.games.paper_toss.state import (
    ACTION_TYPES,
    BULLY,
    COUNTERS,
    DRINK,
    END_TURN,
    ENERGY_DRINK,
    FLAT_TIRE,
    FLIP_ONE,
    HAZARDS,
    PAPER_INDEX,
    PAPER_KINDS,
    PAPER_TOSS,
    PASS,
    READY,
    TOSS,
    TOSS_KINDS,
    WINDOWS,
    Action,
    Bully,
    Choose,
    Counter,
    Discard,
    Draw,
    FlatTire,
    Flip,
    Hazard,
    PaperTossConfig,
    PaperTossState,
    Sprinkle,
    counters_for,
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
    action_types = ACTION_TYPES
    config: PaperTossConfig

    def __init__(self, config: Config | None = None) -> None:
        super().__init__(config)
        self.table = Table.from_config(self.config)
        n = self.players
        self._single = tuple(Pending(Kind.SINGLE, (p,), turn=p) for p in range(n))
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
        n, t = self.players, self.table
        return PaperTossState(
            phase="deal",
            turn=t.first_player,
            hands=((),) * n,
            paper_deck=t.paper,
            paper_discard=(0,) * len(PAPER_KINDS),
            toss_deck=t.toss,
            toss_discard=(0,) * len(TOSS_KINDS),
            tokens=(0,) * n,
            skips=(0,) * n,
        )

    def pending(self, state: PaperTossState) -> Pending:
        """Chance for deals, draws and flips; the active player or chooser alone; every player
        in a response window; terminal once someone has won."""
        phase = state.phase
        if phase in ("deal", "draw", "flip"):
            return CHANCE_PENDING
        if phase in WINDOWS:
            return Pending(Kind.REACTION, state.asked, turn=state.turn, window=phase)
        if phase == "choose":
            return Pending(Kind.SINGLE, (state.chooser,), turn=state.turn, window="choose")
        if phase == "over":
            return TERMINAL_PENDING
        return self._single[state.turn]

    def legal_actions(self, state: PaperTossState, player: int) -> Sequence[Action]:
        """Every action ``player`` may take now."""
        phase = state.phase
        hand = state.hands[player] if 0 <= player < self.players else ()
        if phase in WINDOWS:
            if player not in state.asked:
                return ()
            return self._responses(state, player, hand)
        if phase == "choose":
            if player != state.chooser:
                return ()
            return tuple(Choose(k) for k in TOSS_KINDS if k in state.flipped)
        if player != state.turn:
            return ()
        if phase == "discard":
            return (READY, *(Discard(k) for k in PAPER_KINDS if k in hand))
        if phase == "main":
            return (TOSS, END_TURN) if PAPER_TOSS in hand and not state.tossed else (END_TURN,)
        if phase == "launch":
            return (FLIP_ONE, DRINK) if ENERGY_DRINK in hand else (FLIP_ONE,)
        if phase == "sprinklers":
            return (Sprinkle(True), Sprinkle(False)) if PAPER_TOSS in hand else (Sprinkle(False),)
        return ()

    def _responses(
        self, state: PaperTossState, player: int, hand: tuple[str, ...]
    ) -> tuple[Action, ...]:
        """A pass, plus every card this player could answer the window with."""
        out: list[Action] = [PASS]
        if state.phase == "hazard" and player != state.turn:
            out.extend(Hazard(k) for k in HAZARDS if k in hand)
        if state.phase == "counter" and player == state.turn:
            out.extend(Counter(k) for k in counters_for(state.hazard_card) if k in hand)
        others = [t for t in range(self.players) if t != player]
        if BULLY in hand:
            out.extend(Bully(t) for t in others)
        if FLAT_TIRE in hand:
            out.extend(FlatTire(t) for t in others)
        return tuple(out)

    def explain_illegal(self, state: PaperTossState, player: int, action: Action) -> str | None:
        """Name the rule a refused action breaks (see ``explain.py``)."""
        return explain.why_illegal(self, state, player, action)

    def apply(
        self, state: PaperTossState, player: int, action: Action
    ) -> tuple[PaperTossState, tuple[Event, ...]]:
        """Apply a legal action or chance outcome (see ``rules.step``)."""
        return step(self.table, state, player, action)

    def chance_outcomes(self, state: PaperTossState) -> Sequence[tuple[Action, float]]:
        """The next Paper card (deal, draw) or Toss card (flip), by the cards left in the deck."""
        flipping = state.phase == "flip"
        deck = state.toss_deck if flipping else state.paper_deck
        kinds = TOSS_KINDS if flipping else PAPER_KINDS
        total = sum(deck)
        out: list[tuple[Action, float]] = [
            (Flip(k) if flipping else Draw(k), c / total)
            for k, c in zip(kinds, deck, strict=True)
            if c
        ]
        return out

    def sample_chance(self, state: PaperTossState, rng: random.Random) -> Action:
        """One card from the deck, each card equally likely (same law as ``chance_outcomes``)."""
        flipping = state.phase == "flip"
        deck = state.toss_deck if flipping else state.paper_deck
        kinds = TOSS_KINDS if flipping else PAPER_KINDS
        pick = rng.randrange(sum(deck))
        for kind, count in zip(kinds, deck, strict=True):
            if pick < count:
                return Flip(kind) if flipping else Draw(kind)
            pick -= count
        raise AssertionError("unreachable: the pick is below the deck size")

    # ---- views -------------------------------------------------------------------------------
    def observe(self, state: PaperTossState, viewer: int | None) -> View:
        """Your own hand; everyone's hand size, tokens and Flat Tires; the face-up piles."""
        mine = viewer is not None and 0 <= viewer < self.players
        return {
            "players": self.players,
            "phase": state.phase,
            "turn": state.turn,
            "hand": list(state.hands[viewer]) if mine and viewer is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "tokens": list(state.tokens),
            "flat_tires": list(state.skips),
            "target": self.table.target,
            "turn_limit": self.table.turn_limit,
            "hand_size": self.table.hand_size,
            "paper_deck_size": sum(state.paper_deck),
            "paper_discard": _counts(PAPER_KINDS, state.paper_discard),
            "toss_deck": _counts(TOSS_KINDS, state.toss_deck),
            "toss_discard": _counts(TOSS_KINDS, state.toss_discard),
            "tossed": state.tossed,
            "hazard": (
                {"player": state.hazard_player, "card": state.hazard_card}
                if state.hazard_player >= 0
                else None
            ),
            "hazards_played": state.hazards_played,
            "flipped": list(state.flipped),
            "chooser": state.chooser if state.chooser >= 0 else None,
            "winner": state.winner if state.winner >= 0 else None,
            "turns": state.turns,
        }

    def shuffle_hidden(
        self, state: PaperTossState, viewer: int | None, rng: random.Random
    ) -> PaperTossState:
        """Re-deal the cards the viewer cannot see: other hands and the Paper deck, sizes kept."""
        hidden = [p for p in range(self.players) if p != viewer]
        pool: list[str] = []
        for kind, count in zip(PAPER_KINDS, state.paper_deck, strict=True):
            pool.extend([kind] * count)
        for p in hidden:
            pool.extend(state.hands[p])
        dealt = rng.sample(pool, sum(len(state.hands[p]) for p in hidden))
        hands = list(state.hands)
        deck = list(state.paper_deck)
        for p in hidden:
            for card in state.hands[p]:
                deck[PAPER_INDEX[card]] += 1
            size = len(hands[p])
            hands[p] = tuple(sorted(dealt[:size]))
            dealt = dealt[size:]
            for card in hands[p]:
                deck[PAPER_INDEX[card]] -= 1
        deck_counts = tuple(deck)
        return replace(state, hands=tuple(hands), paper_deck=deck_counts)

    def outcome(self, state: PaperTossState) -> Outcome:
        """The player who reached the target (at a turn limit: the most tokens, ties shared);
        everyone's tokens; turns begun."""
        if state.winner >= 0:
            winners: tuple[int, ...] = (state.winner,)
        else:
            winners = most_tokens(state) if state.phase == "over" else ()
        return Outcome(winners, tuple(float(t) for t in state.tokens), state.turns)

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
                    f"sprinkle takes yes or no (discard a second Paper Toss or not), "
                    f"got {words[1]!r}"
                )
            words[1] = _YES_NO[words[1]]
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


def _canonical(action: Action) -> Action:
    for shared in (READY, TOSS, END_TURN, PASS, FLIP_ONE, DRINK):
        if type(action) is type(shared):
            return shared
    return action


def _counts(kinds: tuple[str, ...], counts: tuple[int, ...]) -> dict[str, int]:
    return {k: c for k, c in zip(kinds, counts, strict=True) if c}
