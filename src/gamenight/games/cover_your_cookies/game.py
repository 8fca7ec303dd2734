"""Cover Your Cookies: form Batches, swipe the exposed ones, mind the mixers, most Dough wins.

Rulebook: seed ``003`` (Grandpa Beck's Games, 2022); rulings: ``RULINGS.md`` (card values, the
Crumb Collector track, Exchange directions, Rotate, Enhance, ties). Card data lives in
``components.json``. The rules themselves are split: ``rules.py`` (legality), ``resolve.py``
(what actions and chance do), ``deck.py`` (the deck, chance distributions and scoring),
``state.py`` (data). Chance is explicit and exact (see ``deck.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from gamenight.engine.config import Config
from gamenight.engine.core import CHANCE_PENDING, TERMINAL_PENDING, Event, Kind, Outcome, Pending
from gamenight.engine.core import View as ViewData
from gamenight.engine.errors import MalformedAction
from gamenight.engine.game import Game
from gamenight.games.cover_your_cookies import deck, resolve, rules
from gamenight.games.cover_your_cookies.state import (
    ACTION_TYPES,
    CARDS,
    END_TURN,
    INFO,
    YIELD,
    Action,
    AddToBatch,
    Answer,
    CookiesConfig,
    CookiesState,
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
)

DRAWS = {c.id: Draw(c.id) for c in CARDS}
CARD_IDS = tuple(c.id for c in CARDS)
ALIASES = {"fresh": "fresh_milk", "chocolate": "chocolate_milk", "choc": "chocolate_milk"}


class CoverYourCookies(Game[CookiesState, Action]):
    """Cover Your Cookies for 3 to 6 players, with every printed variant as an option."""

    id = "cover-your-cookies"
    title = "Cover Your Cookies"
    summary = "Pair cookies into Batches, swipe the exposed top Batches, most Dough wins."
    config_type = CookiesConfig
    action_types = ACTION_TYPES
    config: CookiesConfig

    def __init__(self, config: Config | None = None) -> None:
        super().__init__(config)
        self._all = tuple(rules.all_player_actions(self.config))

    # ---- rules -------------------------------------------------------------------------------
    def initial_state(self) -> CookiesState:
        """Mixers set aside, the rest shuffled: the deal comes first (chance)."""
        return deck.new_round(self.config)

    def pending(self, state: CookiesState) -> Pending:
        """Chance while dealing and drawing; the turn player, the duel responder or the drawer
        of a mixer decides otherwise."""
        phase = state.phase
        if phase == "turn":
            return Pending(Kind.SINGLE, (state.turn,), turn=state.turn, window="turn")
        if phase == "duel" and state.duel is not None:
            return Pending(Kind.SINGLE, (state.duel.responder,), turn=state.turn, window="duel")
        if phase == "mixer":
            return Pending(Kind.SINGLE, (state.drawer,), turn=state.turn, window=state.mixer)
        if phase == "over":
            return TERMINAL_PENDING
        return CHANCE_PENDING

    def legal_actions(self, state: CookiesState, player: int) -> Sequence[Action]:
        """Every action ``player`` may take now."""
        phase = state.phase
        if phase == "turn" and player == state.turn:
            return rules.turn_actions(self.config, state, player)
        if phase == "duel" and state.duel is not None and player == state.duel.responder:
            return rules.duel_actions(self.config, state, state.duel)
        if phase == "mixer" and player == state.drawer:
            return rules.mixer_actions(self.config, state)
        return ()

    def explain_illegal(self, state: CookiesState, player: int, action: Any) -> str | None:
        """Why the action is refused, in the rulebook's terms."""
        return rules.reason(self.config, state, player, action)

    def apply(
        self, state: CookiesState, player: int, action: Action
    ) -> tuple[CookiesState, tuple[Event, ...]]:
        """Apply an action or a chance outcome."""
        return resolve.apply(self.config, state, player, action)

    def chance_outcomes(self, state: CookiesState) -> Sequence[tuple[Action, float]]:
        """The next card off the deck, or the cards of a blind take in an Exchange."""
        if state.phase == "exchange":
            giver = state.takers[0][0]
            outcomes = deck.take_outcomes(state.hands[giver], state.exchange_count)
            return [(Take(cards), p) for cards, p in outcomes]
        weights = deck.draw_weights(state)
        total = sum(weights)
        return [(DRAWS[CARD_IDS[i]], w / total) for i, w in enumerate(weights) if w]

    def sample_chance(self, state: CookiesState, rng: random.Random) -> Action:
        """One draw from the same distribution as ``chance_outcomes``."""
        if state.phase == "exchange":
            hand = state.hands[state.takers[0][0]]
            picked = rng.sample(range(len(hand)), state.exchange_count)
            return Take(tuple(sorted(hand[i] for i in picked)))
        weights = deck.draw_weights(state)
        r = rng.randrange(sum(weights))
        for i, w in enumerate(weights):
            if r < w:
                return DRAWS[CARD_IDS[i]]
            r -= w
        raise AssertionError("unreachable: the deck is empty")

    # ---- views -------------------------------------------------------------------------------
    def observe(self, state: CookiesState, viewer: int | None) -> ViewData:
        """Public table, the viewer's own hand, sizes of the others' hands."""
        cfg = self.config
        duel = state.duel
        mixers_left = sum(k for c, k in zip(CARDS, state.deck, strict=True) if c.kind == "mixer")
        return {
            "players": self.players,
            "you": viewer,
            "round": state.round,
            "phase": state.phase,
            "turn": state.turn,
            "turns": state.turns,
            "actions_taken": state.acted,
            "hand": list(state.hands[viewer]) if viewer is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "hand_limit": cfg.cards_in_hand,
            "may_lay_single": (
                rules.may_lay_single(state, viewer) if viewer is not None else False
            ),
            "stacks": [
                [
                    {"id": b.id, "flavour": b.flavour, "cards": list(b.cards), "value": b.value}
                    for b in stack
                ]
                for stack in state.stacks
            ],
            "discard": list(state.discard),
            "discard_row": cfg.small_table,
            "usable_discards": list(rules.pile_cookies(cfg, state)),
            "deck": rules.deck_size(state),
            "deck_out": rules.deck_size(state) == 0 and state.phase not in ("deal", "flip"),
            "mixers_in_deck": mixers_left,
            "mixer_discard": list(state.mixer_discard),
            "waiting_enhance": list(state.waiting),
            "crumbs": list(state.swiped),
            "dough": [deck.dough_of(cfg, state, p) for p in range(self.players)],
            "duel": (
                {
                    "challenger": duel.challenger,
                    "defender": duel.defender,
                    "batch": duel.batch,
                    "flavour": duel.flavour,
                    "plays": [[p, list(cards)] for p, cards in duel.plays],
                    "need": duel.need,
                    "responder": duel.responder,
                }
                if duel is not None
                else None
            ),
            "mixer": {"card": state.mixer, "player": state.drawer} if state.mixer else None,
            "exchange_in_transit": [len(t) for t in state.transit],
            "forbidden_batch": state.forbidden,
            "options": {
                "extra_strength": cfg.extra_strength,
                "two_actions": cfg.two_actions,
                "mixers": cfg.mixers,
                "match": cfg.match,
            },
            "totals": list(state.totals),
            "round_wins": list(state.round_wins),
            "last_scores": list(state.last_scores),
            "winners": list(state.winners),
        }

    def shuffle_hidden(
        self, state: CookiesState, viewer: int | None, rng: random.Random
    ) -> CookiesState:
        """Re-deal what the viewer cannot see: other hands, cards in transit, the deck's cookies
        and milk (mixers stay where they are: their count is public)."""
        unknown: list[str] = []
        for p, hand in enumerate(state.hands):
            if p != viewer:
                unknown.extend(hand)
        for t in state.transit:
            unknown.extend(t)
        for card, k in zip(CARDS, state.deck, strict=True):
            if card.kind != "mixer":
                unknown.extend([card.id] * k)
        rng.shuffle(unknown)
        hands = list(state.hands)
        for p, hand in enumerate(state.hands):
            if p != viewer:
                hands[p] = tuple(sorted(unknown[: len(hand)]))
                del unknown[: len(hand)]
        transit = []
        for t in state.transit:
            transit.append(tuple(sorted(unknown[: len(t)])))
            del unknown[: len(t)]
        counts = [k if c.kind == "mixer" else 0 for c, k in zip(CARDS, state.deck, strict=True)]
        for name in unknown:
            counts[deck.INDEX[name]] += 1
        return replace(state, hands=tuple(hands), transit=tuple(transit), deck=tuple(counts))

    def outcome(self, state: CookiesState) -> Outcome:
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
        ``swap 1 3``, ``exchange 2``; chance: ``draw sugar``, ``take sugar fresh_milk``."""
        if isinstance(action, FormBatch):
            pile = f" +{action.pile}" if action.pile else ""
            return f"form {' '.join(action.cards)}{pile}"
        if isinstance(action, Swipe):
            return f"swipe {action.target} {action.card}"
        if isinstance(action, Answer):
            return f"play {' '.join(action.cards)}"
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
        return f"take {' '.join(action.cards)}"

    def action_from_text(self, text: str) -> Action:
        """Read the words written by ``action_to_text`` (card names may be abbreviated)."""
        words = text.strip().lower().split()
        if not words:
            raise MalformedAction("empty move: type form, swipe, play, yield, discard, add, ...")
        verb, args = words[0], words[1:]
        if verb == "form":
            if not args:
                raise MalformedAction("form needs cards: form sugar sugar, form milk +sugar")
            pile = [a[1:] for a in args if a.startswith("+")]
            cards = [a for a in args if not a.startswith("+")]
            if len(pile) > 1:
                raise MalformedAction("only one card can come from the discard pile")
            return FormBatch(
                tuple(sorted(card_id(c) for c in cards)), card_id(pile[0]) if pile else ""
            )
        if verb == "swipe":
            _arity(verb, args, 2, "swipe <player> <card>")
            return Swipe(_int(verb, args[0]), card_id(args[1]))
        if verb in {"play", "answer"}:
            if not 1 <= len(args) <= 2:
                raise MalformedAction("play takes one or two cards: play sugar")
            return Answer(tuple(sorted(card_id(c) for c in args)))
        if verb in {"yield", "y", "stop"} and not args:
            return YIELD
        if verb in {"end", "done", "pass"} and not args:
            return END_TURN
        if verb in {"discard", "add", "draw"}:
            _arity(verb, args, 1, f"{verb} <card>")
            card = card_id(args[0])
            return (
                Discard(card)
                if verb == "discard"
                else AddToBatch(card)
                if verb == "add"
                else (Draw(card))
            )
        if verb == "rotate":
            _arity(verb, args, 1, "rotate left|right")
            if args[0] not in {"left", "right"}:
                raise MalformedAction("rotate takes left or right")
            return Rotate(args[0])
        if verb == "swap":
            _arity(verb, args, 2, "swap <player> <player>")
            a, b = sorted((_int(verb, args[0]), _int(verb, args[1])))
            return SwapBatches(a, b)
        if verb == "exchange":
            _arity(verb, args, 1, "exchange 1|2")
            return Exchange(_int(verb, args[0]))
        if verb == "take":
            return Take(tuple(sorted(card_id(c) for c in args)))
        raise MalformedAction(
            f"unknown move {text!r}: moves are form, swipe, play, yield, discard, add, end, "
            "rotate, swap, exchange"
        )

    def action_from_json(self, data: Any) -> Action:
        """Decode JSON, checking that every card named exists."""
        action: Action = super().action_from_json(data)
        for name in ("card", "pile"):
            value = getattr(action, name, "")
            if value and value not in INFO:
                raise MalformedAction(f"unknown card {value!r}")
        for value in getattr(action, "cards", ()):
            if value not in INFO:
                raise MalformedAction(f"unknown card {value!r}")
        # Card lists are sets of cards: accept them in any order.
        if isinstance(action, FormBatch):
            return FormBatch(tuple(sorted(action.cards)), action.pile)
        if isinstance(action, Answer):
            return Answer(tuple(sorted(action.cards)))
        if isinstance(action, Take):
            return Take(tuple(sorted(action.cards)))
        if isinstance(action, SwapBatches) and action.first > action.second:
            return SwapBatches(action.second, action.first)
        return action


def card_id(word: str) -> str:
    """A card id from a typed word: the id, an alias, or an unambiguous prefix."""
    word = word.strip().lower().replace("-", "_")
    if word in INFO:
        return word
    if word in ALIASES:
        return ALIASES[word]
    found = [c for c in CARD_IDS if c.startswith(word)] if word else []
    if len(found) == 1:
        return found[0]
    if found:
        raise MalformedAction(f"{word!r} could be {', '.join(found)}")
    raise MalformedAction(f"unknown card {word!r}; cards are: {', '.join(CARD_IDS)}")


def _arity(verb: str, args: list[str], count: int, usage: str) -> None:
    if len(args) != count:
        raise MalformedAction(f"{verb} takes {count} value(s): {usage}")


def _int(verb: str, word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise MalformedAction(f"{verb} needs a player number, got {word!r}") from None
