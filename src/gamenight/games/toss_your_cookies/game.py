"""Toss Your Cookies rules: roll, then swap, pass or toss; five of a cookie plus the milk wins.

Rulebook: seeds ``000`` / ``001`` (Gamewright, 2007); rulings: ``RULINGS.md``. Components and
dice are data (``components.json``); card movements live in ``resolve.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations, combinations_with_replacement
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
from gamenight.games.toss_your_cookies.cards import (
    ALL,
    HAND_SIZE,
    MILK,
    CookiesConfig,
    build_deck,
    card_kinds,
    cookie_kinds,
)
from gamenight.games.toss_your_cookies.explain import why_illegal, why_not_deciding
from gamenight.games.toss_your_cookies.resolve import RoundWon, Table
from gamenight.games.toss_your_cookies.state import (
    COMMIT,
    DEAL,
    DRAW,
    EVEN_UP,
    MILK_RACE,
    PICK,
    ROLL,
    SCRAMBLE,
    SWAP_CARDS,
    TARGET,
    Action,
    Commit,
    CookiesState,
    Deal,
    Draw,
    Grab,
    Pick,
    Roll,
    Take,
    Target,
)

_TEXT_HELP = (
    "moves: commit CARD,CARD (or pass/toss/give CARD CARD), target N (or swap N), grab CARD "
    "(grab milk in the race for the milk), take N CARD, pick N; cards: "
)


class TossYourCookies(Game[CookiesState, Action]):
    """Toss Your Cookies for 3 to 8 players."""

    id = "toss-your-cookies"
    title = "Toss Your Cookies"
    summary = "Pass, swap and toss cookie cards; five of a kind plus the milk: Snickerdoodle!"
    config_type = CookiesConfig
    action_types = (Commit, Target, Grab, Take, Pick, Deal, Roll, Draw)
    config: CookiesConfig

    def __init__(self, config: Config | None = None) -> None:
        super().__init__(config)
        n = self.players
        self.kinds = card_kinds(n)
        self.cookies = cookie_kinds(n)
        self.deck = build_deck(n)
        rolls: Counter[tuple[str, str]] = Counter(
            (a, b) for a in self.config.action_die for b in self.config.number_die
        )
        total = sum(rolls.values())
        self._all = self._all_actions()
        self._rolls = tuple((Roll(a, b), count / total) for (a, b), count in sorted(rolls.items()))

    # ---- rules -------------------------------------------------------------------------------
    def initial_state(self) -> CookiesState:
        """Round 0: the shuffled deck is dealt one card at a time, starting with seat 0."""
        n = self.players
        return CookiesState(
            phase=DEAL,
            hands=((),) * n,
            deck=self.deck,
            receiver=0,
            turn=0,
            roll=None,
            commits=(None,) * n,
            target=-1,
            centre=(),
            quota=(0,) * n,
            grabbed=(0,) * n,
            tosser=-1,
            limbo=(),
            limbo_owner=-1,
            limbo_public=False,
            transit=((),) * n,
            drawer=-1,
            draw_from=-1,
            draws=0,
            milk_seen=-1,
            round_wins=(0,) * n,
            round=0,
            starter=0,
            winner=-1,
            last_win=None,
            rolls=0,
        )

    def pending(self, state: CookiesState) -> Pending:
        """Chance for deals, rolls and blind draws; who decides in every other phase."""
        phase, turn = state.phase, state.turn
        if phase in (DEAL, ROLL, DRAW):
            return CHANCE_PENDING
        if phase in (TARGET, SWAP_CARDS):
            return Pending(Kind.SINGLE, (turn,), turn=turn, window=phase)
        if phase == PICK:
            return Pending(Kind.SINGLE, (state.drawer,), turn=turn, window=phase)
        if phase == COMMIT:
            waiting = tuple(p for p, c in enumerate(state.commits) if c is None)
            return Pending(Kind.SIMULTANEOUS, waiting, turn=turn, window=phase)
        if phase == SCRAMBLE:
            return Pending(Kind.RACE, self.grabbers(state), turn=turn, window=phase)
        if phase == MILK_RACE:
            others = tuple(p for p in range(self.players) if p != state.tosser)
            return Pending(Kind.RACE, others, turn=turn, window=phase)
        if phase == EVEN_UP:
            return Pending(Kind.SINGLE, (self.short_player(state),), turn=turn, window=phase)
        return TERMINAL_PENDING

    def grabbers(self, state: CookiesState) -> tuple[int, ...]:
        """Who may still grab in the scramble: everyone below their cap (or all, if free)."""
        if not state.centre:
            return ()
        if self.config.free_scramble:
            return tuple(range(self.players))
        return tuple(p for p in range(self.players) if state.grabbed[p] < state.quota[p])

    def short_player(self, state: CookiesState) -> int:
        """The first player left short after a free scramble, from the roller round the table."""
        n = self.players
        return next(
            p for p in ((state.turn + i) % n for i in range(n)) if len(state.hands[p]) < HAND_SIZE
        )

    def number(self, state: CookiesState) -> int:
        """How many cards the current roll moves (the whole hand for All)."""
        if state.roll is None:
            return 0
        face = state.roll[1]
        return HAND_SIZE if face == ALL else int(face) if face.isdigit() else 0

    def legal_actions(self, state: CookiesState, player: int) -> Sequence[Action]:
        """Every move ``player`` may make now (empty when it is not their decision)."""
        if player not in self.pending(state).players:
            return ()
        phase = state.phase
        if phase in (COMMIT, SWAP_CARDS):
            hand = state.hands[player]
            return tuple(Commit(c) for c in sorted(set(combinations(hand, self.number(state)))))
        if phase == TARGET:
            return tuple(Target(p) for p in range(self.players) if p != player)
        if phase == SCRAMBLE:
            return tuple(Grab(c) for c in sorted(set(state.centre)))
        if phase == MILK_RACE:
            return (Grab(MILK),)
        if phase == PICK:
            return tuple(Pick(i) for i in range(len(state.hands[state.draw_from])))
        if phase == EVEN_UP:
            return tuple(
                Take(q, c)
                for q, hand in enumerate(state.hands)
                if len(hand) > HAND_SIZE
                for c in sorted(set(hand))
            )
        return ()

    def chance_outcomes(self, state: CookiesState) -> Sequence[tuple[Action, float]]:
        """The next card dealt, the dice, or the card drawn blindly: each with its chance."""
        if state.phase == ROLL:
            return self._rolls
        cards = state.deck if state.phase == DEAL else state.hands[state.draw_from]
        counts = Counter(cards)
        total = len(cards)
        make = Deal if state.phase == DEAL else Draw
        return tuple((make(c), k / total) for c, k in sorted(counts.items()))

    def sample_chance(self, state: CookiesState, rng: random.Random) -> Action:
        """One draw from ``chance_outcomes``: a uniform card, or the two dice."""
        if state.phase == ROLL:
            return Roll(rng.choice(self.config.action_die), rng.choice(self.config.number_die))
        cards = state.deck if state.phase == DEAL else state.hands[state.draw_from]
        card = cards[rng.randrange(len(cards))]
        return Deal(card) if state.phase == DEAL else Draw(card)

    def explain_illegal(self, state: CookiesState, player: int, action: Action) -> str | None:
        """Name the rule a refused move breaks (see ``explain.py``)."""
        return why_illegal(self, state, player, action)

    def explain_not_deciding(self, state: CookiesState, player: int, action: Action) -> str | None:
        """Name the rule that keeps ``player`` out of the decision (see ``explain.py``)."""
        return why_not_deciding(self, state, player, action)

    def apply(
        self, state: CookiesState, player: int, action: Action
    ) -> tuple[CookiesState, tuple[Event, ...]]:
        """Apply one legal move or chance outcome; a winning hand ends the round at once."""
        table = Table(state)
        try:
            self._apply(table, player, action)
        except RoundWon as won:
            table.round_won(won.player, self.config.rounds)
        return table.freeze(), tuple(table.events)

    def _apply(self, table: Table, player: int, action: Action) -> None:
        if isinstance(action, Deal):
            table.deal(action.card)
        elif isinstance(action, Roll):
            table.rolls += 1
            table.emit(
                Event(
                    "rolled",
                    {"player": table.turn, "action": action.action, "number": action.number},
                )
            )
            table.start_action(action.action, action.number)
        elif isinstance(action, Draw):
            table.draw(action.card)
        elif isinstance(action, Target):
            table.target = action.player
            if table.roll is not None and table.roll[1] == ALL:
                table.swap_all(table.turn, action.player)
            else:
                table.phase = SWAP_CARDS
                table.emit(Event("swap_target", {"player": table.turn, "with": action.player}))
        elif isinstance(action, Commit):
            self._commit(table, player, action.cards)
        elif isinstance(action, Grab) and table.phase == MILK_RACE:
            table.milk_grabbed(player)
        elif isinstance(action, Grab):
            table.grab(player, action.card, self.config.free_scramble)
        elif isinstance(action, Take):
            table.take(player, action.player, action.card)
        elif isinstance(action, Pick):
            table.pick(action.position)

    def _commit(self, table: Table, player: int, cards: tuple[str, ...]) -> None:
        if table.phase == SWAP_CARDS:
            table.swap_offer(cards)
            return
        table.commits[player] = cards
        table.emit(
            Event("committed", {"player": player}, {"cards": list(cards)}, frozenset({player}))
        )
        if any(c is None for c in table.commits):
            return
        given = {p: c for p, c in enumerate(table.commits) if c is not None}
        table.commits = [None] * self.players
        assert table.roll is not None
        if table.roll[0] == "toss":
            table.toss_cards(given)
        else:
            table.pass_cards(given, table.roll[0])

    # ---- views -------------------------------------------------------------------------------
    def observe(self, state: CookiesState, viewer: int | None) -> View:
        """What ``viewer`` may see: their own hand and commitment, sizes, the table, the score."""
        n = self.players
        own = viewer is not None and 0 <= viewer < n
        shown = self.shown_hands(state)
        limbo_visible = state.limbo_public or (own and viewer == state.limbo_owner)
        return {
            "players": n,
            "phase": state.phase,
            "turn": state.turn,
            "roll": list(state.roll) if state.roll else None,
            "number": self.number(state),
            "cookies": list(self.cookies),
            "hand": list(state.hands[viewer]) if own and viewer is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "shown_hands": [list(h) if h is not None else None for h in shown],
            "committed": [c is not None for c in state.commits],
            "my_commit": (
                list(c) if own and viewer is not None and (c := state.commits[viewer]) else None
            ),
            "target": state.target,
            "centre": list(state.centre),
            "quota": list(state.quota),
            "grabbed": list(state.grabbed),
            "tosser": state.tosser,
            "limbo_count": len(state.limbo),
            "limbo": list(state.limbo) if limbo_visible else None,
            "limbo_owner": state.limbo_owner,
            "in_transit": [len(t) for t in state.transit],
            "drawer": state.drawer,
            "draw_from": state.draw_from,
            "draws": state.draws,
            "milk_seen": state.milk_seen if state.milk_seen >= 0 else None,
            "deck_left": len(state.deck),
            "round": state.round,
            "rounds": self.config.rounds,
            "round_wins": list(state.round_wins),
            "starter": state.starter,
            "winner": state.winner if state.winner >= 0 else None,
            "last_win": (
                {"player": state.last_win[0], "hand": list(state.last_win[1])}
                if state.last_win
                else None
            ),
            "rolls": state.rolls,
            "free_scramble": self.config.free_scramble,
        }

    def shown_hands(self, state: CookiesState) -> list[tuple[str, ...] | None]:
        """Hands shown to everyone: the over-full hands while a free scramble evens up."""
        if state.phase != EVEN_UP:
            return [None] * self.players
        return [h if len(h) > HAND_SIZE else None for h in state.hands]

    def shuffle_hidden(
        self, state: CookiesState, viewer: int | None, rng: random.Random
    ) -> CookiesState:
        """Re-deal every card ``viewer`` cannot see, keeping hand sizes and public facts.

        Hidden: other players' hands (not the shown ones), their commitments, the undealt deck
        and face-down limbo cards the viewer did not place. The milk stays where everyone knows
        it is (``milk_seen``).
        """
        n = self.players
        shown = self.shown_hands(state)
        hidden_seats = [p for p in range(n) if p != viewer and shown[p] is None]
        pin = state.milk_seen if state.milk_seen in hidden_seats else -1
        pool: list[str] = []
        for p in hidden_seats:
            hand = list(state.hands[p])
            if p == pin and MILK in hand:
                hand.remove(MILK)
            else:
                pin = -1 if p == pin else pin
            pool += hand
        pool += state.deck
        limbo_hidden = not state.limbo_public and viewer != state.limbo_owner
        if limbo_hidden:
            pool += state.limbo
        for cards in state.transit:
            pool += cards
        rng.shuffle(pool)
        hands = list(state.hands)
        commits = list(state.commits)
        for p in hidden_seats:
            size = len(state.hands[p]) - (1 if p == pin else 0)
            new = [pool.pop() for _ in range(size)] + ([MILK] if p == pin else [])
            hands[p] = tuple(sorted(new))
            old = commits[p]
            if old is not None:
                commits[p] = tuple(sorted(rng.sample(new, len(old))))
        deck = tuple(sorted(pool.pop() for _ in range(len(state.deck))))
        limbo = tuple(sorted(pool.pop() for _ in state.limbo)) if limbo_hidden else state.limbo
        return replace(state, hands=tuple(hands), commits=tuple(commits), deck=deck, limbo=limbo)

    def outcome(self, state: CookiesState) -> Outcome:
        """The match winner, rounds won per seat, and the number of rolls."""
        winners = (state.winner,) if state.winner >= 0 else ()
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

    def action_from_text(self, text: str) -> Action:
        """Friendly words as well as the canonical ``commit chip,wild`` forms.

        ``pass chip wild`` / ``toss chip`` / ``give chip`` commit cards (any order, commas or
        spaces); ``swap 2`` targets seat 2; ``grab milk`` (also ``grab_milk``, in a scramble or
        the race for the milk); ``take 2 chip``;
        ``pick 3`` points at the third face-down card (numbered from 1 when typed).
        """
        text = text.lower()  # card ids and move names are lower case: GRAB MILK works too
        words = text.replace(",", " ").split()
        if not words:
            raise MalformedAction("empty move; " + _TEXT_HELP + ", ".join(self.kinds))
        head, rest = words[0].lower(), [w.lower() for w in words[1:]]
        if head in ("commit", "pass", "toss", "give", "c") and rest:
            unknown = [w for w in rest if w not in self.kinds]
            if unknown:
                raise MalformedAction(
                    f"unknown card(s) {', '.join(unknown)}; cards are: {', '.join(self.kinds)}"
                )
            return Commit(tuple(sorted(rest)))
        if head in ("swap", "target", "with") and len(rest) == 1 and rest[0].isdigit():
            return Target(int(rest[0]))
        if head == "pick" and len(rest) == 1 and rest[0].isdigit():
            return Pick(int(rest[0]) - 1)
        if head == "grab_milk" and not rest:
            return Grab(MILK)
        try:
            action: Action = super().action_from_text(text)
        except MalformedAction as exc:
            raise MalformedAction(f"{exc}; " + _TEXT_HELP + ", ".join(self.kinds)) from None
        if isinstance(action, Commit):
            return Commit(tuple(sorted(action.cards)))
        return action

    def action_to_text(self, action: Action) -> str:
        """The canonical text, with blind picks numbered from 1 as a person counts."""
        if isinstance(action, Pick):
            return f"pick {action.position + 1}"
        return super().action_to_text(action)

    def action_from_json(self, data: Any) -> Action:
        """Decode JSON; a commitment's cards are put in canonical (sorted) order, and the older
        ``{"type": "grab_milk"}`` is read as ``grab milk``."""
        if isinstance(data, dict) and data.get("type") == "grab_milk" and len(data) == 1:
            return Grab(MILK)
        action: Action = super().action_from_json(data)
        if isinstance(action, Commit):
            return Commit(tuple(sorted(action.cards)))
        return action
