"""How actions and chance change the table: setup, turns, duels, drawing, mixers, scoring.

``apply`` copies the state once (``state.copy_state``, one argument per field), changes the
copy's fields by setting new tuples (a hand stays sorted: a card is inserted in its place, or
removed), and hands the copy out as the next state; the state it was given is never touched, and
the fields a step leaves alone are shared with it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from functools import partial
from itertools import chain
from operator import attrgetter

from gamenight.engine.core import TURN_STARTED, Event, game_over
from gamenight.engine.errors import IllegalAction
from gamenight.games.cover_your_cookies.cards import (
    CARDS,
    ENHANCE,
    INFO,
    is_milk,
    laid_out,
    without,
)
from gamenight.games.cover_your_cookies.config import CoverYourCookiesConfig
from gamenight.games.cover_your_cookies.deck import (
    INDEX,
    MIXER_INDEX,
    deal_receiver,
    match_winners,
    new_round,
    round_scores,
)
from gamenight.games.cover_your_cookies.rules import pair_forms
from gamenight.games.cover_your_cookies.state import (
    Action,
    AddToBatch,
    Answer,
    Batch,
    CoverYourCookiesState,
    Discard,
    Draw,
    DrawOrder,
    Duel,
    EndTurn,
    Exchange,
    FirstBatch,
    FormBatch,
    MixerInPlay,
    Rotate,
    SwapBatches,
    Swipe,
    Take,
    Yield,
    copy_state,
    put,
)

#: The cards (``CARDS`` order) that are not mixers, by index.
_NOT_MIXER = tuple(i for i in range(len(CARDS)) if i not in MIXER_INDEX)
#: The ids of the mixers.
_MIXER_CARDS = frozenset(c.id for c in CARDS if c.kind == "mixer")
#: The audience of a secret seen by one seat, per seat (shared, immutable), and of none.
_ALONE = tuple(frozenset({p}) for p in range(CoverYourCookiesConfig.max_players))
_NOBODY: frozenset[int] = frozenset()
#: ``_event((kind, data, secret, audience))`` is ``Event(kind, data, secret, audience)`` made
#: without the Python-level ``__new__`` of a named tuple (most steps make one or two).
_event: Callable[[tuple[str, dict[str, object], dict[str, object] | None, frozenset[int]]], Event]
_event = partial(tuple.__new__, Event)

#: A Batch's id (for ``max`` over every Batch on the table).
_BATCH_ID = attrgetter("id")


class Work:
    """One step in progress: ``s``, a copy of the state that the step changes and hands out as
    the next state (see :meth:`freeze`), and the step's events."""

    __slots__ = ("config", "events", "n", "s", "size")

    def __init__(self, config: CoverYourCookiesConfig, state: CoverYourCookiesState) -> None:
        self.config = config
        self.n, self.size = config.players, config.cards_in_hand
        #: The next state, changed field by field (each field gets a new immutable value).
        self.s = copy_state(state)
        self.events: list[Event] = []

    def freeze(self) -> CoverYourCookiesState:
        """The new state."""
        return self.s

    def emit(
        self,
        kind: str,
        data: dict[str, object],
        secret: dict[str, object] | None = None,
        audience: frozenset[int] = frozenset(),
    ) -> None:
        """Record an event."""
        self.events.append(_event((kind, data, secret, audience)))

    def current_duel(self) -> Duel:
        """The duel in progress (a duel move outside a duel is a caller's error)."""
        if self.s.duel is None:
            raise IllegalAction("there is no duel in progress")
        return self.s.duel

    def current_mixer(self) -> MixerInPlay:
        """The mixer being resolved (a mixer choice without one is a caller's error)."""
        if self.s.mixer is None:
            raise IllegalAction("no mixer is waiting for a choice")
        return self.s.mixer

    def new_batch_id(self) -> int:
        """An id no Batch on the table has (Batches never leave the table within a round)."""
        return 1 + max(map(_BATCH_ID, chain.from_iterable(self.s.stacks)), default=-1)

    def give(self, player: int, card: str) -> None:
        """``card`` joins ``player``'s hand."""
        hands = self.s.hands
        hand = hands[player]
        at = bisect_right(hand, card)
        self.s.hands = (*hands[:player], (*hand[:at], card, *hand[at:]), *hands[player + 1 :])

    def lose(self, player: int, *cards: str) -> None:
        """``cards`` leave ``player``'s hand."""
        s = self.s
        s.hands = put(s.hands, player, without(s.hands[player], *cards))

    def lose_one(self, player: int, card: str) -> None:
        """``card`` leaves ``player``'s hand (``ValueError`` if it holds none)."""
        hands = self.s.hands
        hand = hands[player]
        at = hand.index(card)
        self.s.hands = (*hands[:player], hand[:at] + hand[at + 1 :], *hands[player + 1 :])

    def set_stack(self, player: int, stack: tuple[Batch, ...]) -> None:
        """``player``'s stack becomes ``stack``."""
        s = self.s
        s.stacks = put(s.stacks, player, stack)

    def set_first_batch(self, player: int, standing: FirstBatch) -> None:
        """``player``'s standing with the single-cookie first Batch becomes ``standing``."""
        s = self.s
        s.first_batch = put(s.first_batch, player, standing)

    # ---- chance --------------------------------------------------------------------------------
    def take_from_deck(self, card: str) -> None:
        """Remove one card from the deck (from the top half while it lasts)."""
        s = self.s
        deck, at = s.deck, INDEX[card]
        s.deck = put(deck, at, deck[at] - 1)
        if s.top_half_left:
            s.top_half_left -= 1

    def deal(self, card: str) -> None:
        """Deal one card to the next player, round the table from the first player."""
        s = self.s
        deck, at = s.deck, INDEX[card]
        s.deck = deck = put(deck, at, deck[at] - 1)
        player = deal_receiver(s.first, s.hands)
        self.give(player, card)
        self.events.append(_event(("dealt", {"player": player}, {"card": card}, _ALONE[player])))
        size = self.size
        if all(map(size.__eq__, map(len, s.hands))):  # every hand is full
            rest = sum(deck[i] for i in _NOT_MIXER)
            top = s.top_half_left = rest // 2
            mixers = sum(deck[i] for i in MIXER_INDEX)
            self.emit("deck_split", {"top": top, "bottom": rest - top + mixers})
            s.phase = "flip"

    def flip(self, card: str) -> None:
        """Flip a card from the deck to start the discard pile (or row)."""
        self.take_from_deck(card)
        s = self.s
        s.discard = (*s.discard, card)
        self.emit("flipped", {"card": card})
        needed = self.config.discard_row if self.config.small_table else 1
        if len(s.discard) >= needed:
            self.begin_turn(s.first)

    def draw(self, card: str) -> None:
        """The drawer takes one card; a mixer acts at once instead of joining the hand."""
        s = self.s
        deck, at = s.deck, INDEX[card]
        s.deck = (*deck[:at], deck[at] - 1, *deck[at + 1 :])
        if s.top_half_left:
            s.top_half_left -= 1
        order = s.draw_queue[0]
        player = order.player
        if card in _MIXER_CARDS:
            self.emit("mixer_drawn", {"player": player, "card": card})
            self.start_mixer(player, card)
            return
        self.give(player, card)
        self.events.append(_event(("drew", {"player": player}, {"card": card}, _ALONE[player])))
        if order.count is not None:
            s.draw_queue = (DrawOrder(player, order.count - 1), *s.draw_queue[1:])
        self.continue_draws()

    def take(self, cards: tuple[str, ...]) -> None:
        """One player's blind take in an Exchange (all takes land together at the end)."""
        s = self.s
        (giver, taker), s.takers = s.takers[0], s.takers[1:]
        self.lose(giver, *cards)
        s.transit = put(s.transit, taker, tuple(sorted((*s.transit[taker], *cards))))
        self.emit(
            "took",
            {"player": taker, "from": giver, "count": len(cards)},
            {"cards": list(cards)},
            frozenset({giver, taker}),
        )
        if not s.takers:
            s.hands = tuple(tuple(sorted(h + t)) for h, t in zip(s.hands, s.transit, strict=True))
            s.transit = ((),) * self.n
            self.finish_mixer()

    # ---- drawing -------------------------------------------------------------------------------
    def continue_draws(self) -> None:
        """Go on with the draw queue; when it is done, resume the turn or pass it on."""
        s = self.s
        queue = s.draw_queue
        if queue and not any(s.deck):
            queue = ()  # nothing left to draw: every order is dropped
        while queue:
            order = queue[0]
            if order.count is None:
                short = len(s.hands[order.player]) < self.size
            else:
                short = order.count > 0
            if short:
                s.draw_queue = queue
                s.phase = "draw"
                return
            queue = queue[1:]
        s.draw_queue = ()
        if s.resume == "second_action":
            s.resume = "next_turn"
            s.phase = "turn"
            self.note_first_turn_chance(s.turn)
            return
        self.end_turn()

    def refill_all(self, player: int) -> None:
        """End of turn: the player, then everyone who defended against them, draw up."""
        s = self.s
        defenders = s.defenders_to_draw
        if defenders:
            order = [player, *[d for d in defenders if d != player]]
            s.defenders_to_draw = ()
            s.draw_queue = tuple(_REFILL[p] for p in dict.fromkeys(order))
        else:
            s.draw_queue = (_REFILL[player],)
        s.resume = "next_turn"
        self.continue_draws()

    def after_action(self, player: int) -> None:
        """An action is done: a second one may follow (two actions per turn), else draw up."""
        s = self.s
        s.actions_taken += 1
        s.duel = None
        if self.config.two_actions and s.actions_taken == 1:
            s.phase = "turn"
            return
        self.refill_all(player)

    # ---- turns ---------------------------------------------------------------------------------
    def begin_turn(self, player: int) -> None:
        """Start ``player``'s turn (noting, on their first, whether they could start a Batch)."""
        s = self.s
        s.turn = player
        s.actions_taken = 0
        s.forbidden_batch = None
        s.phase = "turn"
        standing = s.first_batch[player]
        if standing == "before_first_turn":
            self.set_first_batch(player, "first_turn_blocked")
            self.note_first_turn_chance(player)
        elif standing == "first_turn_blocked":
            self.note_first_turn_chance(player)
        self.events.append(_event((TURN_STARTED, {"player": player}, None, _NOBODY)))

    def note_first_turn_chance(self, player: int) -> None:
        """On ``player``'s first turn, a moment when they could start a Batch: "If you weren't
        able to start a Batch on your first turn" no longer applies to them. With two actions a
        first-action discard and draw may bring that moment later in the turn."""
        s = self.s
        if s.first_batch[player] != "first_turn_blocked":
            return
        if pair_forms(self.config, s.hands[player], s.discard):
            self.set_first_batch(player, "pairs_only")

    def end_turn(self) -> None:
        """Pass the turn left to the next player holding cards; none left ends the round."""
        s = self.s
        s.turns += 1
        if s.first_batch[s.turn] == "first_turn_blocked":
            # A whole first turn went by with no Batch possible: the fudge rule applies.
            self.set_first_batch(s.turn, "single_allowed")
        n, hands = self.n, s.hands
        for step in range(1, n + 1):
            nxt = (s.turn + step) % n
            if hands[nxt]:
                self.begin_turn(nxt)
                return
        self.end_round()

    def end_round(self) -> None:
        """Score the round; end the match or deal the next round."""
        cfg, s = self.config, self.s
        scores, round_winners = round_scores(cfg, s)
        self.emit(
            "round_over",
            {
                "round": s.round,
                "scores": list(scores),
                "crumbs": list(s.crumbs),
                "winners": list(round_winners),
            },
        )
        totals = tuple(t + score for t, score in zip(s.totals, scores, strict=True))
        wins = tuple(w + (p in round_winners) for p, w in enumerate(s.round_wins))
        winners = match_winners(cfg, s.round, round_winners, totals, wins)
        if winners:
            s.totals, s.round_wins = totals, wins
            s.last_scores, s.winners = scores, winners
            s.phase = "over"
            self.events.append(game_over(winners, totals=list(totals)))
            return
        self.s = new_round(cfg, s.round + 1, (s.first + 1) % self.n, s.turns, totals, wins, scores)

    # ---- player actions ------------------------------------------------------------------------
    def form(self, player: int, action: FormBatch) -> None:
        """Start a Batch from hand cards (and a discarded cookie)."""
        s = self.s
        self.lose(player, *action.cards)
        pile = action.pile
        if pile is not None:
            discard = s.discard
            at = len(discard) - 1 - discard[::-1].index(pile)
            s.discard = discard[:at] + discard[at + 1 :]
        flavour, cards = laid_out(action.cards, pile)
        enhance = s.waiting_enhance[player]
        if enhance:
            s.waiting_enhance = put(s.waiting_enhance, player, 0)
            cards = (ENHANCE,) * enhance + cards
        batch = Batch(self.new_batch_id(), flavour, cards)
        self.set_stack(player, (*s.stacks[player], batch))
        self.set_first_batch(player, "pairs_only")
        self.emit(
            "formed",
            {
                "player": player,
                "batch": batch.id,
                "flavour": flavour,
                "cards": list(batch.cards),
                "from_pile": action.pile,
                "value": batch.value,
            },
        )
        self.after_action(player)

    def swipe(self, player: int, action: Swipe) -> None:
        """Open a duel for the target's top Batch."""
        s = self.s
        self.lose_one(player, action.card)
        top = s.stacks[action.target][-1]
        need = 2 if self.config.extra_strength and INFO[action.card].strong else 1
        s.duel = Duel(player, action.target, top.id, top.flavour, ((player, (action.card,)),), need)
        s.phase = "duel"
        self.emit(
            "swipe",
            {
                "player": player,
                "target": action.target,
                "batch": top.id,
                "flavour": top.flavour,
                "value": top.value,
                "card": action.card,
            },
        )

    def answer(self, player: int, action: Answer) -> None:
        """Play matching cards atop the last play."""
        duel = self.current_duel()
        self.lose(player, *action.cards)
        strong = len(action.cards) == 1 and INFO[action.cards[0]].strong
        need = 2 if self.config.extra_strength and strong else 1
        self.s.duel = Duel(
            duel.challenger,
            duel.defender,
            duel.batch,
            duel.flavour,
            (*duel.plays, (player, action.cards)),
            need,
        )
        self.emit("answered", {"player": player, "cards": list(action.cards)})

    def yield_duel(self, player: int) -> None:
        """The duel ends: the last to play takes (or keeps) the Batch with every card played."""
        s = self.s
        duel = self.current_duel()
        winner = duel.last
        d, c = duel.defender, duel.challenger
        batch = s.stacks[d][-1]
        played = [card for _, cards in duel.plays for card in cards]
        pile = [*batch.cards, *played]
        cookies = [x for x in pile if x == duel.flavour]
        others = [x for x in pile if x != duel.flavour]
        merged = Batch(batch.id, batch.flavour, tuple(others + cookies))
        swiped = winner == c
        if swiped:
            self.set_stack(d, s.stacks[d][:-1])
            self.set_stack(c, (*s.stacks[c], merged))
            s.crumbs = put(s.crumbs, d, s.crumbs[d] + 1)
        else:
            self.set_stack(d, (*s.stacks[d][:-1], merged))
            if self.config.two_actions and self.config.extra_strength:
                # "If you use your first action to attempt to swipe a Batch and fail, you can't
                # attempt to swipe that same Batch again" applies with both optional rules only.
                s.forbidden_batch = batch.id
        self.emit(
            "duel_over",
            {
                "challenger": c,
                "defender": d,
                "winner": winner,
                "swiped": swiped,
                "yielded_by": player,
                "plays": len(duel.plays),
                "cards_played": len(played),
                "value": merged.value,
                "batch": merged.id,
            },
        )
        s.defenders_to_draw = (*s.defenders_to_draw, d)
        self.after_action(c)

    def discard_card(self, player: int, action: Discard) -> None:
        """Discard a cookie and draw (with two actions, a first discard draws one, then on)."""
        s = self.s
        card = action.card
        self.lose_one(player, card)
        s.discard = (*s.discard, card)
        self.events.append(_event(("discarded", {"player": player, "card": card}, None, _NOBODY)))
        if self.config.two_actions and s.actions_taken == 0:
            s.actions_taken = 1
            s.draw_queue = (DrawOrder(player, 1),)
            s.resume = "second_action"
            self.continue_draws()
            return
        self.after_action(player)

    def add(self, player: int, action: AddToBatch) -> None:
        """Deck out: add a matching card to your own top Batch."""
        s = self.s
        self.lose_one(player, action.card)
        top = s.stacks[player][-1]
        cards = (action.card, *top.cards) if is_milk(action.card) else (*top.cards, action.card)
        self.set_stack(player, (*s.stacks[player][:-1], Batch(top.id, top.flavour, cards)))
        self.emit("added", {"player": player, "card": action.card, "batch": top.id})
        self.after_action(player)

    # ---- mixers --------------------------------------------------------------------------------
    def start_mixer(self, drawer: int, card: str) -> None:
        """A mixer was drawn: act at once, asking the drawer when there is a choice."""
        s = self.s
        s.mixer = MixerInPlay(card, drawer)
        effect = INFO[card].effect
        if effect == "enhance":
            stack = s.stacks[drawer]
            if stack:
                top = stack[-1]
                self.set_stack(
                    drawer, (*stack[:-1], Batch(top.id, top.flavour, (card, *top.cards)))
                )
                self.emit("enhanced", {"player": drawer, "batch": top.id})
            else:
                s.waiting_enhance = put(s.waiting_enhance, drawer, s.waiting_enhance[drawer] + 1)
                self.emit("enhance_waiting", {"player": drawer})
            s.mixer = None
            self.continue_draws()
            return
        if effect == "rotate":
            useful = any(s.stacks)
        elif effect == "swap":
            useful = sum(1 for p in range(self.n) if p != drawer and s.stacks[p]) >= 2
        else:
            useful = sum(1 for h in s.hands if len(h) >= 3) >= 2
        if not useful:
            self.emit("mixer_no_effect", {"player": drawer, "card": card})
            self.finish_mixer()
            return
        s.phase = "mixer"

    def finish_mixer(self) -> None:
        """The mixer goes to its discard pile; drawing resumes."""
        s = self.s
        s.mixer_discard = (*s.mixer_discard, self.current_mixer().card)
        s.mixer = None
        s.exchange_count = 0
        self.continue_draws()

    def rotate(self, action: Rotate) -> None:
        """Every player's top Batch moves to their neighbour on the chosen side."""
        s, n = self.s, self.n
        step = 1 if action.direction == "left" else -1
        stacks = [list(st) for st in s.stacks]
        tops = [st.pop() if st else None for st in stacks]
        for p, top in enumerate(tops):
            if top is not None:
                stacks[(p + step) % n].append(top)
        s.stacks = tuple(tuple(st) for st in stacks)
        drawer = self.current_mixer().drawer
        self.emit("rotated", {"player": drawer, "direction": action.direction})
        self.finish_mixer()

    def swap(self, action: SwapBatches) -> None:
        """Two players swap top Batches."""
        s = self.s
        a, b = s.stacks[action.first], s.stacks[action.second]
        self.set_stack(action.first, (*a[:-1], b[-1]))
        self.set_stack(action.second, (*b[:-1], a[-1]))
        drawer = self.current_mixer().drawer
        self.emit("swapped", {"player": drawer, "first": action.first, "second": action.second})
        self.finish_mixer()

    def exchange(self, action: Exchange) -> None:
        """Everyone with 3 or more cards takes ``count`` cards blindly from a neighbour."""
        s = self.s
        eligible = [p for p in range(self.n) if len(s.hands[p]) >= 3]
        mixer = self.current_mixer()
        direction = INFO[mixer.card].direction or "left"
        step = 1 if direction == "left" else -1
        pairs = []
        for i, taker in enumerate(eligible):
            giver = eligible[(i + step) % len(eligible)]
            pairs.append((giver, taker))
        s.takers = tuple(sorted(pairs))
        s.exchange_count = action.count
        s.phase = "exchange"
        self.emit(
            "exchange",
            {
                "player": mixer.drawer,
                "count": action.count,
                "direction": direction,
                "players": eligible,
            },
        )


#: Draw back up to a full hand, for each seat (the orders are immutable and shared).
_REFILL = tuple(DrawOrder(p) for p in range(CoverYourCookiesConfig.max_players))


def apply(
    config: CoverYourCookiesConfig, state: CoverYourCookiesState, player: int, action: Action
) -> tuple[CoverYourCookiesState, tuple[Event, ...]]:
    """Apply a legal action or a chance outcome; ``state`` is left unchanged."""
    w = Work(config, state)
    if isinstance(action, Draw):
        phase = state.phase
        if phase == "draw":
            w.draw(action.card)
        elif phase == "deal":
            w.deal(action.card)
        else:
            w.flip(action.card)
    elif isinstance(action, Discard):  # the classes are disjoint: the most frequent first
        w.discard_card(player, action)
    elif isinstance(action, FormBatch):
        w.form(player, action)
    elif isinstance(action, Swipe):
        w.swipe(player, action)
    elif isinstance(action, Yield):
        w.yield_duel(player)
    elif isinstance(action, Take):
        w.take(action.cards)
    elif isinstance(action, Answer):
        w.answer(player, action)
    elif isinstance(action, AddToBatch):
        w.add(player, action)
    elif isinstance(action, EndTurn):
        w.refill_all(player)
    elif isinstance(action, Rotate):
        w.rotate(action)
    elif isinstance(action, SwapBatches):
        w.swap(action)
    elif isinstance(action, Exchange):
        w.exchange(action)
    return w.s, tuple(w.events)
