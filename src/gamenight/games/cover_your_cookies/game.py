"""Cover Your Cookies: form Batches, swipe the exposed ones, mind the mixers, most Dough wins.

The rules are split by role: ``config.py`` (options), ``cards.py`` (the card catalogue from
``components.json`` and card words), ``state.py`` (data and actions), ``rules.py`` (legality),
``explain.py`` (refusal reasons), ``resolve.py`` (what actions and chance do), ``deck.py`` (the
deck, chance distributions and scoring) and ``view.py`` (what each seat sees). Chance is explicit
and exact (see ``deck.py``). This class wires them together and holds the text and JSON codecs.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from typing import Any

from gamenight.engine.config import Config
from gamenight.engine.core import CHANCE_PENDING, TERMINAL_PENDING, Event, Kind, Outcome, Pending
from gamenight.engine.core import View as ViewData
from gamenight.engine.errors import IllegalAction, MalformedAction
from gamenight.engine.game import Game
from gamenight.engine.sampling import checked
from gamenight.games.cover_your_cookies import deck, explain, resolve, rules, sample, view
from gamenight.games.cover_your_cookies.cards import CARDS, INFO, card_from_word, shorten
from gamenight.games.cover_your_cookies.config import CoverYourCookiesConfig
from gamenight.games.cover_your_cookies.state import (
    ACTION_TYPES,
    END_TURN,
    YIELD,
    Action,
    AddToBatch,
    Answer,
    CoverYourCookiesState,
    Discard,
    Draw,
    EndTurn,
    Exchange,
    FormBatch,
    Rotate,
    SwapBatches,
    Swipe,
    Take,
    Yield,
    malformed_field,
)

DRAWS = {c.id: Draw(c.id) for c in CARDS}
DRAWS_IN_ORDER = tuple(DRAWS[c.id] for c in CARDS)
CARD_IDS = tuple(c.id for c in CARDS)
#: Verbs a person may type, for the "unknown move" message.
MOVES = "form, swipe, play, yield, discard, add, end, rotate, swap, exchange"
#: Card lists longer than this are shortened in a move's text (no legal move has more than 2).
LONGEST_TEXT = 4


#: Pendings are immutable values: one per decider, turn and window, made on first use.
_PENDINGS: dict[tuple[int, int, str], Pending] = {}


def _single(player: int, turn: int, window: str) -> Pending:
    """``player`` decides alone, on ``turn``'s turn, in ``window``."""
    key = (player, turn, window)
    pending = _PENDINGS.get(key)
    if pending is None:
        pending = _PENDINGS[key] = Pending(Kind.SINGLE, (player,), turn=turn, window=window)
    return pending


#: The turn player's pending, by seat (the most frequent one).
_TURN_PENDINGS = tuple(
    _single(seat, seat, "turn") for seat in range(CoverYourCookiesConfig.max_players)
)


class CoverYourCookies(Game[CoverYourCookiesState, Action]):
    """Cover Your Cookies for 3 to 6 players, with every printed variant as an option."""

    id = "cover-your-cookies"
    title = "Cover Your Cookies"
    summary = "Pair cookies into Batches, swipe the exposed top Batches, most Dough wins."
    config_type = CoverYourCookiesConfig
    decisions = frozenset({Kind.SINGLE})
    #: The live table pauses here so everyone sees the round scored, before the next is dealt.
    pause_after = frozenset({"round_over"})
    action_types = ACTION_TYPES
    config: CoverYourCookiesConfig

    def __init__(self, config: Config | None = None) -> None:
        super().__init__(config)
        self._all = tuple(rules.all_player_actions(self.config))

    # ---- rules -------------------------------------------------------------------------------
    def initial_state(self) -> CoverYourCookiesState:
        """Mixers set aside, the rest shuffled: the deal comes first (chance)."""
        return deck.new_round(self.config)

    def pending(self, state: CoverYourCookiesState) -> Pending:
        """Chance while dealing and drawing; the turn player, the duel responder or the drawer
        of a mixer decides otherwise."""
        phase = state.phase
        if phase == "turn":
            return _TURN_PENDINGS[state.turn]
        if phase == "draw":
            return CHANCE_PENDING
        if phase == "duel" and state.duel is not None:
            return _single(state.duel.responder, state.turn, "duel")
        if phase == "mixer" and state.mixer is not None:
            mixer = state.mixer
            return _single(mixer.drawer, state.turn, mixer.card)
        if phase == "over":
            return TERMINAL_PENDING
        return CHANCE_PENDING

    def legal_actions(self, state: CoverYourCookiesState, player: int) -> Sequence[Action]:
        """Every action ``player`` may take now."""
        if state.phase == "turn" and player == state.turn:  # ``rules.legal_actions``' first case
            return rules.turn_actions(self.config, state, player)
        return rules.legal_actions(self.config, state, player)

    def explain_illegal(self, state: CoverYourCookiesState, player: int, action: Any) -> str | None:
        """Why the action is refused, in the rulebook's terms."""
        legal = self.legal_actions(state, player)
        return explain.reason(self.config, state, player, action, legal)

    def apply(
        self, state: CoverYourCookiesState, player: int, action: Action
    ) -> tuple[CoverYourCookiesState, tuple[Event, ...]]:
        """Apply an action or a chance outcome."""
        return resolve.apply(self.config, state, player, action)

    def chance_outcomes(self, state: CoverYourCookiesState) -> Sequence[tuple[Action, float]]:
        """The next card off the deck, or the cards of a blind take in an Exchange."""
        if state.phase == "exchange":
            giver = state.takers[0][0]
            outcomes = deck.take_outcomes(state.hands[giver], state.exchange_count)
            return [(Take(cards), p) for cards, p in outcomes]
        weights = deck.draw_weights(state)
        total = sum(weights)
        return [(DRAWS[CARD_IDS[i]], w / total) for i, w in enumerate(weights) if w]

    def sample_chance(self, state: CoverYourCookiesState, rng: random.Random) -> Action:
        """One draw from the same distribution as ``chance_outcomes``."""
        if state.phase == "exchange":
            hand = state.hands[state.takers[0][0]]
            picked = rng.sample(range(len(hand)), state.exchange_count)
            return Take(tuple(sorted(hand[i] for i in picked)))
        cumulative = deck.cumulative_weights(state)
        total = cumulative[-1]
        if not total:
            raise IllegalAction("the deck is empty: no card can be drawn")
        # The first card whose running sum passes the number drawn: zero weights never are.
        # ``_randbelow(total)`` is what ``randrange(total)`` returns for ``total > 0`` (the
        # integer hook every ``Random`` has, and that the engine's chance RNG overrides),
        # called directly: a chance step comes for nearly every decision.
        pick: int = rng._randbelow(total)  # type: ignore[attr-defined]
        return DRAWS_IN_ORDER[bisect_right(cumulative, pick)]

    # ---- views -------------------------------------------------------------------------------
    def observe(self, state: CoverYourCookiesState, viewer: object) -> ViewData:
        """Public table, the viewer's own hand, sizes of the others' hands (a viewer that is not
        a seat, of any type, is a spectator)."""
        return view.observe(self.config, state, viewer)

    def shuffle_hidden(
        self, state: CoverYourCookiesState, viewer: object, rng: random.Random
    ) -> CoverYourCookiesState:
        """Re-deal what the viewer cannot see (see ``view.shuffle_hidden``)."""
        return view.shuffle_hidden(self.config, state, viewer, rng)

    def sample_state(self, view: ViewData, seat: int, rng: random.Random) -> CoverYourCookiesState:
        """A state showing ``seat`` its ``view``: the cookies and milk it has not seen dealt
        uniformly to the other hands, the Exchange's takes and the deck, every mixer where it
        is known to be (see ``sample.py``); ``ImpossibleView`` for a view that is not one of
        this game's."""
        self.check_player(seat)
        return checked(self.id, self.observe, self._sample, view, seat, rng)

    def _sample(self, view: ViewData, seat: int, rng: random.Random) -> CoverYourCookiesState:
        return sample.sample_state(self.config, view, seat, rng)

    def outcome(self, state: CoverYourCookiesState) -> Outcome:
        """Winners; scores are Dough (one round), total Dough (several) or round wins."""
        mode = self.config.match
        if mode == "single":
            scores = state.last_scores
        elif mode == "wins":
            scores = state.round_wins
        else:
            scores = state.totals
        return Outcome(state.winners, tuple(float(s) for s in scores), state.turns)

    # ---- codecs ------------------------------------------------------------------------------
    def all_actions(self) -> Sequence[Action]:
        """Every player action this config allows, in a fixed order."""
        return self._all

    def action_to_text(self, action: Action) -> str:
        """Short words: ``form sugar sugar``, ``form fresh_milk +sugar``, ``swipe 2 sugar``,
        ``play sugar``, ``yield``, ``discard sugar``, ``add sugar``, ``end``, ``rotate left``,
        ``swap 1 3``, ``exchange 2``; chance: ``draw sugar``, ``take sugar fresh_milk``.

        An action built with fields of the wrong type is shown by its class and fields, cut
        short, and a list of more cards than any move holds is cut short too.
        """
        if malformed_field(action) is not None:
            return shorten(repr(action), 60)
        if isinstance(action, FormBatch):
            pile = f" +{action.pile}" if action.pile is not None else ""
            return f"form {_cards_text(action.cards)}{pile}"
        if isinstance(action, Swipe):
            return f"swipe {action.target} {action.card}"
        if isinstance(action, Answer):
            return f"play {_cards_text(action.cards)}"
        if isinstance(action, Yield):
            return "yield"
        if isinstance(action, Discard):
            return f"discard {action.card}"
        if isinstance(action, AddToBatch):
            return f"add {action.card}"
        if isinstance(action, EndTurn):
            return "end"
        if isinstance(action, Rotate):
            return f"rotate {action.direction}"
        if isinstance(action, SwapBatches):
            return f"swap {action.first} {action.second}"
        if isinstance(action, Exchange):
            return f"exchange {action.count}"
        if isinstance(action, Draw):
            return f"draw {action.card}"
        return f"take {_cards_text(action.cards)}"

    def action_from_text(self, text: str) -> Action:
        """Read the words written by ``action_to_text``. A card may be typed by its id, its
        initials or the start of any word of its name; a word that fits several cards is
        refused with the candidates (``choc`` may be Chocolate Chip, Double Chocolate or
        Chocolate Milk)."""
        words = text.strip().lower().split()
        if not words:
            raise MalformedAction(f"empty move: type one of {MOVES}")
        verb, args = words[0], words[1:]
        if verb == "form":
            if not 1 <= len(args) <= 3:
                raise MalformedAction(
                    "form takes two cards: form sugar sugar, form fresh sugar, or form fresh "
                    "+sugar (a + card comes from the discards)"
                )
            pile = [a[1:] for a in args if a.startswith("+")]
            cards = [a for a in args if not a.startswith("+")]
            if len(pile) > 1:
                raise MalformedAction("only one card can come from the discards")
            return FormBatch(
                tuple(sorted(card_from_word(c) for c in cards)),
                card_from_word(pile[0]) if pile else None,
            )
        if verb == "swipe":
            _arity(verb, args, 2, "swipe <player> <card>")
            return Swipe(_number(verb, args[0], "a player number"), card_from_word(args[1]))
        if verb in {"play", "answer"}:
            if not 1 <= len(args) <= 2:
                raise MalformedAction("play takes one or two cards: play sugar")
            return Answer(tuple(sorted(card_from_word(c) for c in args)))
        if verb in {"yield", "y", "stop"} and not args:
            return YIELD
        if verb in {"end", "done", "pass"} and not args:
            return END_TURN
        if verb in {"discard", "add"}:
            _arity(verb, args, 1, f"{verb} <card>")
            card = card_from_word(args[0])
            return Discard(card) if verb == "discard" else AddToBatch(card)
        if verb == "rotate":
            _arity(verb, args, 1, "rotate left|right")
            if args[0] not in {"left", "right"}:
                raise MalformedAction("rotate takes left or right")
            return Rotate(args[0])
        if verb == "swap":
            _arity(verb, args, 2, "swap <player> <player>")
            a, b = sorted(_number(verb, w, "a player number") for w in args)
            return SwapBatches(a, b)
        if verb == "exchange":
            _arity(verb, args, 1, "exchange 1|2")
            return Exchange(_number(verb, args[0], "1 or 2"))
        if verb == "draw":
            _arity(verb, args, 1, "draw <card>")
            return Draw(card_from_word(args[0], CARD_IDS))
        if verb == "take" and args:
            return Take(tuple(sorted(card_from_word(c) for c in args)))
        raise MalformedAction(f"unknown move {shorten(text.strip())!r}: moves are {MOVES}")

    def action_from_json(self, data: Any) -> Action:
        """Decode JSON, checking that every card named exists (a Batch's ``pile`` may be
        ``null``, left out or, as older records wrote it, ``""``: both cards from the hand)."""
        if isinstance(data, Mapping) and data.get("type") == "form_batch":
            return _form_from_json(data)
        action: Action = super().action_from_json(data)
        card = getattr(action, "card", None)
        if card is not None and card not in INFO:
            raise MalformedAction(f"unknown card {shorten(card)!r}")
        for value in getattr(action, "cards", ()):
            if value not in INFO:
                raise MalformedAction(f"unknown card {shorten(value)!r}")
        # Card lists are sets of cards: accept them in any order.
        if isinstance(action, Answer):
            return Answer(tuple(sorted(action.cards)))
        if isinstance(action, Take):
            return Take(tuple(sorted(action.cards)))
        if isinstance(action, SwapBatches) and action.first > action.second:
            return SwapBatches(action.second, action.first)
        return action


def _form_from_json(data: Mapping[str, Any]) -> FormBatch:
    """A ``form_batch`` from JSON: ``cards`` (a list of card ids) and ``pile`` (one or null)."""
    extra = sorted(str(k) for k in set(data) - {"type", "cards", "pile"})
    if extra:
        fields = "field" if len(extra) == 1 else "fields"
        raise MalformedAction(
            f"action 'form_batch' has no {fields} {shorten(', '.join(extra))}: "
            "it has cards and pile"
        )
    cards, pile = data.get("cards"), data.get("pile")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise MalformedAction("field 'cards' of 'form_batch' must be a list of card ids")
    if pile is not None and not isinstance(pile, str):
        raise MalformedAction("field 'pile' of 'form_batch' must be a card id or null")
    if pile == "":
        pile = None  # records written before absence was null say "" for "no discard"
    for card in [*cards, *([pile] if pile is not None else [])]:
        if card not in INFO:
            raise MalformedAction(f"unknown card {shorten(card)!r}")
    return FormBatch(tuple(sorted(cards)), pile)


def _cards_text(cards: tuple[str, ...]) -> str:
    if len(cards) <= LONGEST_TEXT:
        return " ".join(cards)
    return f"{' '.join(cards[:2])} ... ({len(cards)} cards)"


def _arity(verb: str, args: list[str], count: int, usage: str) -> None:
    if len(args) != count:
        values = "1 value" if count == 1 else f"{count} values"
        raise MalformedAction(f"{verb} takes {values}: {usage}")


def _number(verb: str, word: str, what: str) -> int:
    """A small whole number typed in ASCII digits (``²``, ``٣`` or 5000 digits are refused)."""
    if not (word.isascii() and word.isdigit() and len(word) <= 3):
        raise MalformedAction(f"{verb} needs {what}, got {shorten(word)!r}")
    return int(word)
