"""How actions and chance change the table: setup, turns, duels, drawing, mixers, scoring.

``apply`` thaws the state into a mutable :class:`Work`, changes it, and freezes a new state; the
state it was given is never touched.
"""

from __future__ import annotations

from gamenight.engine.core import Event
from gamenight.games.cover_your_cookies.deck import INDEX, MIXER_INDEX, dough_of, new_round
from gamenight.games.cover_your_cookies.rules import form_actions
from gamenight.games.cover_your_cookies.state import (
    CARDS,
    ENHANCE,
    INFO,
    Action,
    AddToBatch,
    Answer,
    Batch,
    CookiesConfig,
    CookiesState,
    Discard,
    Draw,
    Duel,
    EndTurn,
    Exchange,
    FormBatch,
    Rotate,
    SwapBatches,
    Swipe,
    Take,
    Yield,
    is_cookie,
    is_milk,
)


class Work:
    """A mutable copy of a state, changed by one action and frozen into the next state."""

    def __init__(self, config: CookiesConfig, s: CookiesState) -> None:
        self.config = config
        self.n = config.players
        self.size = config.cards_in_hand
        self.s = s
        self.hands = [list(h) for h in s.hands]
        self.deck = list(s.deck)
        self.stacks = [list(st) for st in s.stacks]
        self.discard = list(s.discard)
        self.swiped = list(s.swiped)
        self.mixer_discard = list(s.mixer_discard)
        self.waiting = list(s.waiting)
        self.transit = [list(t) for t in s.transit]
        self.fudge = list(s.fudge)
        self.turns_taken = list(s.turns_taken)
        self.phase, self.turn, self.turns = s.phase, s.turn, s.turns
        self.upper, self.next_batch, self.dealt, self.acted = (
            s.upper,
            s.next_batch,
            s.dealt,
            s.acted,
        )
        self.queue, self.resume, self.duel = list(s.queue), s.resume, s.duel
        self.mixer, self.drawer = s.mixer, s.drawer
        self.takers, self.exchange_count = list(s.takers), s.exchange_count
        self.forbidden, self.owed = s.forbidden, list(s.owed)
        self.totals, self.round_wins = s.totals, s.round_wins
        self.last_scores, self.winners = s.last_scores, s.winners
        self.events: list[Event] = []
        self.replaced: CookiesState | None = None

    def freeze(self) -> CookiesState:
        """The new state."""
        if self.replaced is not None:
            return self.replaced
        s = self.s
        return CookiesState(
            phase=self.phase,
            round=s.round,
            first=s.first,
            turn=self.turn,
            turns=self.turns,
            hands=tuple(tuple(sorted(h)) for h in self.hands),
            deck=tuple(self.deck),
            upper=self.upper,
            discard=tuple(self.discard),
            stacks=tuple(tuple(st) for st in self.stacks),
            swiped=tuple(self.swiped),
            mixer_discard=tuple(self.mixer_discard),
            box=s.box,
            waiting=tuple(self.waiting),
            next_batch=self.next_batch,
            dealt=self.dealt,
            acted=self.acted,
            queue=tuple(self.queue),
            resume=self.resume,
            duel=self.duel,
            mixer=self.mixer,
            drawer=self.drawer,
            transit=tuple(tuple(sorted(t)) for t in self.transit),
            takers=tuple(self.takers),
            exchange_count=self.exchange_count,
            forbidden=self.forbidden,
            fudge=tuple(self.fudge),
            turns_taken=tuple(self.turns_taken),
            totals=self.totals,
            round_wins=self.round_wins,
            last_scores=self.last_scores,
            winners=self.winners,
            owed=tuple(self.owed),
        )

    def emit(
        self,
        kind: str,
        data: dict[str, object],
        secret: dict[str, object] | None = None,
        audience: frozenset[int] = frozenset(),
    ) -> None:
        """Record an event."""
        self.events.append(Event(kind, data, secret, audience))

    # ---- chance --------------------------------------------------------------------------------
    def take_from_deck(self, card: str) -> None:
        """Remove one card from the deck (from the top half while it lasts)."""
        self.deck[INDEX[card]] -= 1
        if self.upper > 0:
            self.upper -= 1

    def deal(self, card: str) -> None:
        """Deal one card to the next player, round the table from the first player."""
        self.deck[INDEX[card]] -= 1
        player = (self.s.first + self.dealt) % self.n
        self.hands[player].append(card)
        self.dealt += 1
        self.emit("dealt", {"player": player}, {"card": card}, frozenset({player}))
        if self.dealt == self.n * self.size:
            rest = sum(self.deck[i] for i in range(len(CARDS)) if i not in MIXER_INDEX)
            self.upper = rest // 2
            mixers = sum(self.deck[i] for i in MIXER_INDEX)
            self.emit("deck_split", {"top": self.upper, "bottom": rest - self.upper + mixers})
            self.phase = "flip"

    def flip(self, card: str) -> None:
        """Flip a card from the deck to start the discard pile (or row)."""
        self.take_from_deck(card)
        self.discard.append(card)
        self.emit("flipped", {"card": card})
        needed = self.config.discard_row if self.config.small_table else 1
        if len(self.discard) >= needed:
            self.begin_turn(self.s.first)

    def draw(self, card: str) -> None:
        """The drawer takes one card; a mixer acts at once instead of joining the hand."""
        self.take_from_deck(card)
        player, count = self.queue[0]
        if INFO[card].kind == "mixer":
            self.emit("mixer_drawn", {"player": player, "card": card})
            self.start_mixer(player, card)
            return
        self.hands[player].append(card)
        self.emit("drew", {"player": player}, {"card": card}, frozenset({player}))
        if count > 0:
            self.queue[0] = (player, count - 1)
        self.continue_draws()

    def take(self, cards: tuple[str, ...]) -> None:
        """One player's blind take in an Exchange (all takes land together at the end)."""
        giver, taker = self.takers.pop(0)
        for c in cards:
            self.hands[giver].remove(c)
            self.transit[taker].append(c)
        self.emit(
            "took",
            {"player": taker, "from": giver, "count": len(cards)},
            {"cards": list(cards)},
            frozenset({giver, taker}),
        )
        if not self.takers:
            for p in range(self.n):
                self.hands[p].extend(self.transit[p])
                self.transit[p] = []
            self.finish_mixer()

    # ---- drawing -------------------------------------------------------------------------------
    def continue_draws(self) -> None:
        """Go on with the draw queue; when it is done, resume the turn or pass it on."""
        while self.queue:
            player, count = self.queue[0]
            if sum(self.deck) == 0:
                self.queue.pop(0)
                continue
            short = len(self.hands[player]) < self.size if count < 0 else count > 0
            if short:
                self.phase = "draw"
                return
            self.queue.pop(0)
        if self.resume == "second":
            self.resume = "next"
            self.phase = "turn"
            return
        self.end_turn()

    def refill_all(self, player: int) -> None:
        """End of turn: the player, then everyone who defended against them, draw up."""
        order = [player, *[d for d in self.owed if d != player]]
        self.owed = []
        self.queue = [(p, -1) for p in dict.fromkeys(order)]
        self.resume = "next"
        self.continue_draws()

    def after_action(self, player: int) -> None:
        """An action is done: a second one may follow (two actions per turn), else draw up."""
        self.acted += 1
        self.duel = None
        if self.config.two_actions and self.acted == 1:
            self.phase = "turn"
            return
        self.refill_all(player)

    # ---- turns ---------------------------------------------------------------------------------
    def begin_turn(self, player: int) -> None:
        """Start ``player``'s turn (noting, on their first, whether they could start a Batch)."""
        self.turn = player
        self.acted = 0
        self.forbidden = -1
        self.phase = "turn"
        self.turns_taken[player] += 1
        if self.turns_taken[player] == 1:
            probe = self.freeze()
            self.fudge[player] = not form_actions(self.config, probe, player)
        self.emit("turn", {"player": player})

    def end_turn(self) -> None:
        """Pass the turn left to the next player holding cards; none left ends the round."""
        self.turns += 1
        for step in range(1, self.n + 1):
            nxt = (self.turn + step) % self.n
            if self.hands[nxt]:
                self.begin_turn(nxt)
                return
        self.end_round()

    def end_round(self) -> None:
        """Score the round; end the match or deal the next round."""
        probe = self.freeze()
        cfg = self.config
        scores = tuple(dough_of(cfg, probe, p) for p in range(self.n))
        batches = tuple(len(st) for st in self.stacks)
        best = max(zip(scores, batches, strict=True))
        round_winners = tuple(p for p in range(self.n) if (scores[p], batches[p]) == best)
        self.emit(
            "round_over",
            {
                "round": probe.round,
                "scores": list(scores),
                "crumbs": list(self.swiped),
                "winners": list(round_winners),
            },
        )
        totals = tuple(t + s for t, s in zip(self.totals, scores, strict=True))
        wins = tuple(w + (p in round_winners) for p, w in enumerate(self.round_wins))
        winners: tuple[int, ...] = ()
        if cfg.match == "single":
            winners = round_winners
        elif (cfg.match == "target" and max(totals) >= cfg.target) or (
            cfg.match == "rounds" and probe.round + 1 >= cfg.rounds
        ):
            winners = tuple(p for p in range(self.n) if totals[p] == max(totals))
        elif cfg.match == "wins" and max(wins) >= cfg.wins_needed:
            winners = tuple(p for p in range(self.n) if wins[p] == max(wins))
        if winners:
            self.totals, self.round_wins, self.last_scores = totals, wins, scores
            self.winners = winners
            self.phase = "over"
            self.emit("game_over", {"winners": list(winners), "totals": list(totals)})
            return
        self.replaced = new_round(
            cfg, probe.round + 1, (probe.first + 1) % self.n, self.turns, totals, wins, scores
        )

    # ---- player actions ------------------------------------------------------------------------
    def form(self, player: int, action: FormBatch) -> None:
        """Start a Batch from hand cards (and a discarded cookie)."""
        for c in action.cards:
            self.hands[player].remove(c)
        cards = list(action.cards)
        if action.pile:
            at = len(self.discard) - 1 - self.discard[::-1].index(action.pile)
            self.discard.pop(at)
            cards.append(action.pile)
        flavour = next(c for c in cards if is_cookie(c))
        cards = [c for c in cards if not is_cookie(c)] + [c for c in cards if is_cookie(c)]
        enhance = [ENHANCE] * self.waiting[player]
        self.waiting[player] = 0
        batch = Batch(self.next_batch, flavour, tuple(enhance + cards))
        self.next_batch += 1
        self.stacks[player].append(batch)
        self.fudge[player] = False
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
        self.hands[player].remove(action.card)
        top = self.stacks[action.target][-1]
        need = 2 if self.config.extra_strength and INFO[action.card].strong else 1
        self.duel = Duel(
            player, action.target, top.id, top.flavour, ((player, (action.card,)),), need
        )
        self.phase = "duel"
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
        duel = self.duel
        assert duel is not None
        for c in action.cards:
            self.hands[player].remove(c)
        strong = len(action.cards) == 1 and INFO[action.cards[0]].strong
        need = 2 if self.config.extra_strength and strong else 1
        self.duel = Duel(
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
        duel = self.duel
        assert duel is not None
        winner = duel.last
        d, c = duel.defender, duel.challenger
        batch = self.stacks[d][-1]
        played = [card for _, cards in duel.plays for card in cards]
        pile = [*batch.cards, *played]
        cookies = [x for x in pile if x == duel.flavour]
        others = [x for x in pile if x != duel.flavour]
        merged = Batch(batch.id, batch.flavour, tuple(others + cookies))
        swiped = winner == c
        if swiped:
            self.stacks[d].pop()
            self.stacks[c].append(merged)
            self.swiped[d] += 1
        else:
            self.stacks[d][-1] = merged
            if self.config.two_actions and self.config.extra_strength:
                # "If you use your first action to attempt to swipe a Batch and fail, you can't
                # attempt to swipe that same Batch again" applies with both optional rules only.
                self.forbidden = batch.id
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
        self.owed.append(d)
        self.after_action(c)

    def discard_card(self, player: int, action: Discard) -> None:
        """Discard a cookie and draw (with two actions, a first discard draws one, then on)."""
        self.hands[player].remove(action.card)
        self.discard.append(action.card)
        self.emit("discarded", {"player": player, "card": action.card})
        if self.config.two_actions and self.acted == 0:
            self.acted = 1
            self.queue = [(player, 1)]
            self.resume = "second"
            self.continue_draws()
            return
        self.after_action(player)

    def add(self, player: int, action: AddToBatch) -> None:
        """Deck out: add a matching card to your own top Batch."""
        self.hands[player].remove(action.card)
        top = self.stacks[player][-1]
        cards = (action.card, *top.cards) if is_milk(action.card) else (*top.cards, action.card)
        self.stacks[player][-1] = Batch(top.id, top.flavour, cards)
        self.emit("added", {"player": player, "card": action.card, "batch": top.id})
        self.after_action(player)

    # ---- mixers --------------------------------------------------------------------------------
    def start_mixer(self, drawer: int, card: str) -> None:
        """A mixer was drawn: act at once, asking the drawer when there is a choice."""
        self.mixer, self.drawer = card, drawer
        effect = INFO[card].effect
        if effect == "enhance":
            if self.stacks[drawer]:
                top = self.stacks[drawer][-1]
                self.stacks[drawer][-1] = Batch(top.id, top.flavour, (card, *top.cards))
                self.emit("enhanced", {"player": drawer, "batch": top.id})
            else:
                self.waiting[drawer] += 1
                self.emit("enhance_waiting", {"player": drawer})
            self.mixer, self.drawer = "", -1
            self.continue_draws()
            return
        if effect == "rotate":
            useful = any(self.stacks)
        elif effect == "swap":
            useful = sum(1 for p in range(self.n) if p != drawer and self.stacks[p]) >= 2
        else:
            useful = sum(1 for h in self.hands if len(h) >= 3) >= 2
        if not useful:
            self.emit("mixer_no_effect", {"player": drawer, "card": card})
            self.finish_mixer()
            return
        self.phase = "mixer"

    def finish_mixer(self) -> None:
        """The mixer goes to its discard pile; drawing resumes."""
        self.mixer_discard.append(self.mixer)
        self.mixer, self.drawer = "", -1
        self.exchange_count = 0
        self.continue_draws()

    def rotate(self, action: Rotate) -> None:
        """Every player's top Batch moves to their neighbour on the chosen side."""
        step = 1 if action.direction == "left" else -1
        tops = [st.pop() if st else None for st in self.stacks]
        for p, top in enumerate(tops):
            if top is not None:
                self.stacks[(p + step) % self.n].append(top)
        self.emit("rotated", {"player": self.drawer, "direction": action.direction})
        self.finish_mixer()

    def swap(self, action: SwapBatches) -> None:
        """Two players swap top Batches."""
        a, b = self.stacks[action.first], self.stacks[action.second]
        a[-1], b[-1] = b[-1], a[-1]
        self.emit(
            "swapped", {"player": self.drawer, "first": action.first, "second": action.second}
        )
        self.finish_mixer()

    def exchange(self, action: Exchange) -> None:
        """Everyone with 3 or more cards takes ``count`` cards blindly from a neighbour."""
        eligible = [p for p in range(self.n) if len(self.hands[p]) >= 3]
        direction = INFO[self.mixer].direction
        step = 1 if direction == "left" else -1
        pairs = []
        for i, taker in enumerate(eligible):
            giver = eligible[(i + step) % len(eligible)]
            pairs.append((giver, taker))
        self.takers = sorted(pairs)
        self.exchange_count = action.count
        self.phase = "exchange"
        self.emit(
            "exchange",
            {
                "player": self.drawer,
                "count": action.count,
                "direction": direction,
                "players": eligible,
            },
        )


def apply(
    config: CookiesConfig, state: CookiesState, player: int, action: Action
) -> tuple[CookiesState, tuple[Event, ...]]:
    """Apply a legal action or a chance outcome; ``state`` is left unchanged."""
    w = Work(config, state)
    if isinstance(action, Draw):
        if state.phase == "deal":
            w.deal(action.card)
        elif state.phase == "flip":
            w.flip(action.card)
        else:
            w.draw(action.card)
    elif isinstance(action, Take):
        w.take(action.cards)
    elif isinstance(action, FormBatch):
        w.form(player, action)
    elif isinstance(action, Swipe):
        w.swipe(player, action)
    elif isinstance(action, Answer):
        w.answer(player, action)
    elif isinstance(action, Yield):
        w.yield_duel(player)
    elif isinstance(action, Discard):
        w.discard_card(player, action)
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
    return w.freeze(), tuple(w.events)
