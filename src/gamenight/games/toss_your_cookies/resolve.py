"""How each step of Toss Your Cookies moves cards, one card at a time.

``Table`` is a private, mutable working copy of a state used inside ``apply``: every card that
enters a hand goes through :meth:`Table.gain`, which checks "Snickerdoodle!" at once and raises
:class:`RoundWon` if that hand now wins. A card leaving a hand can never make a win, so only
gains are checked. ``freeze`` turns the table back into a new immutable state.
"""

from __future__ import annotations

from collections.abc import Iterable

from gamenight.engine.core import Event
from gamenight.games.toss_your_cookies.cards import (
    ALL,
    HAND_SIZE,
    MILK,
    MILK_FACE,
    build_deck,
    is_winning,
)
from gamenight.games.toss_your_cookies.state import (
    COMMIT,
    DEAL,
    DRAW,
    EVEN_UP,
    MILK_RACE,
    OVER,
    PICK,
    ROLL,
    SCRAMBLE,
    TARGET,
    CookiesState,
)


class RoundWon(Exception):
    """Raised inside ``apply`` the moment a hand wins; carries the winner's seat."""

    def __init__(self, player: int) -> None:
        super().__init__(player)
        self.player = player


class Table:
    """A mutable working copy of a :class:`CookiesState`, and the events of one step."""

    def __init__(self, state: CookiesState) -> None:
        self.n = len(state.hands)
        self.phase = state.phase
        self.hands = [list(h) for h in state.hands]
        self.deck = list(state.deck)
        self.receiver = state.receiver
        self.turn = state.turn
        self.roll = state.roll
        self.commits = list(state.commits)
        self.target = state.target
        self.centre = list(state.centre)
        self.quota = list(state.quota)
        self.grabbed = list(state.grabbed)
        self.tosser = state.tosser
        self.limbo = list(state.limbo)
        self.limbo_owner = state.limbo_owner
        self.limbo_public = state.limbo_public
        self.transit = [list(t) for t in state.transit]
        self.drawer = state.drawer
        self.draw_from = state.draw_from
        self.draws = state.draws
        self.milk_seen = state.milk_seen
        self.round_wins = list(state.round_wins)
        self.round = state.round
        self.starter = state.starter
        self.winner = state.winner
        self.last_win = state.last_win
        self.rolls = state.rolls
        self.events: list[Event] = []

    def freeze(self) -> CookiesState:
        """The new state (hands and piles sorted)."""
        return CookiesState(
            phase=self.phase,
            hands=tuple(tuple(sorted(h)) for h in self.hands),
            deck=tuple(sorted(self.deck)),
            receiver=self.receiver,
            turn=self.turn,
            roll=self.roll,
            commits=tuple(self.commits),
            target=self.target,
            centre=tuple(sorted(self.centre)),
            quota=tuple(self.quota),
            grabbed=tuple(self.grabbed),
            tosser=self.tosser,
            limbo=tuple(sorted(self.limbo)),
            limbo_owner=self.limbo_owner,
            limbo_public=self.limbo_public,
            transit=tuple(tuple(sorted(t)) for t in self.transit),
            drawer=self.drawer,
            draw_from=self.draw_from,
            draws=self.draws,
            milk_seen=self.milk_seen,
            round_wins=tuple(self.round_wins),
            round=self.round,
            starter=self.starter,
            winner=self.winner,
            last_win=self.last_win,
            rolls=self.rolls,
        )

    # ---- single card movements ---------------------------------------------------------------
    def gain(self, player: int, card: str) -> None:
        """``card`` enters ``player``'s hand; a winning hand ends the round at once."""
        hand = self.hands[player]
        hand.append(card)
        if is_winning(hand):
            raise RoundWon(player)

    def lose(self, player: int, cards: Iterable[str]) -> None:
        """Cards leave ``player``'s hand (they must be there)."""
        for card in cards:
            self.hands[player].remove(card)

    def holder(self) -> int:
        """The seat holding the milk (at rest it is always in a hand)."""
        return next(i for i, h in enumerate(self.hands) if MILK in h)

    def emit(self, event: Event) -> None:
        """Record an event of this step."""
        self.events.append(event)

    # ---- turn flow ---------------------------------------------------------------------------
    def next_turn(self) -> None:
        """The action is over: every hand is back to seven; the player to the left rolls."""
        self.clear_action()
        self.turn = (self.turn + 1) % self.n
        self.phase = ROLL

    def clear_action(self) -> None:
        """Forget everything about the action just finished."""
        n = self.n
        self.roll = None
        self.commits = [None] * n
        self.target = -1
        self.centre = []
        self.quota = [0] * n
        self.grabbed = [0] * n
        self.tosser = -1
        self.limbo = []
        self.limbo_owner = -1
        self.limbo_public = False
        self.transit = [[] for _ in range(n)]
        self.drawer = -1
        self.draw_from = -1
        self.draws = 0

    def moment(self) -> str:
        """Where in the game a card is moving: ``deal``, or the action rolled (``toss milk``)."""
        if self.phase == DEAL or self.roll is None:
            return "deal"
        action, number = self.roll
        return f"{action} milk" if number == MILK_FACE else action

    def round_won(self, player: int, rounds: int) -> None:
        """Snickerdoodle! Score the round; start the next round or end the match."""
        hand = tuple(sorted(self.hands[player]))
        self.emit(
            Event(
                "snickerdoodle",
                {
                    "player": player,
                    "hand": list(hand),
                    "during": self.moment(),
                    "roll": list(self.roll) if self.roll else None,
                    "turn": self.turn,
                    "round": self.round,
                },
            )
        )
        self.round_wins[player] += 1
        self.last_win = (player, hand)
        if self.round_wins[player] > rounds // 2:  # the table stays as it was at the call
            self.winner = player
            self.phase = OVER
            self.emit(Event("match_over", {"winner": player, "round_wins": list(self.round_wins)}))
            return
        self.clear_action()
        self.round += 1
        self.starter = (self.starter + 1) % self.n
        self.turn = self.starter
        self.receiver = self.starter
        self.hands = [[] for _ in range(self.n)]
        self.deck = list(build_deck(self.n))
        self.milk_seen = -1
        self.phase = DEAL
        self.emit(Event("new_round", {"round": self.round, "starter": self.starter}))

    # ---- resolutions ---------------------------------------------------------------------------
    def start_action(self, action: str, number: str) -> None:
        """After the roll: set up the action the dice call for."""
        self.roll = (action, number)
        if number == MILK_FACE:
            self.start_milk(action)
        elif action == "swap":
            self.phase = TARGET
        elif number == ALL and action in ("pass_left", "pass_right"):
            self.pass_cards({p: tuple(self.hands[p]) for p in range(self.n)}, action)
        elif number == ALL:
            self.toss_cards({p: tuple(self.hands[p]) for p in range(self.n)})
        else:
            self.phase = COMMIT
            self.commits = [None] * self.n

    def start_milk(self, action: str) -> None:
        """The milk face: the milk moves by the special rules."""
        holder = self.holder()
        if action == "toss":
            self.lose(holder, [MILK])
            self.centre = [MILK]
            self.tosser = holder
            self.milk_seen = -1
            self.phase = MILK_RACE
            self.emit(Event("milk_tossed", {"player": holder}))
            return
        if action == "swap":
            receiver = self.turn
            if holder == receiver:
                self.milk_seen = holder
                self.emit(Event("milk_stays", {"player": holder}))
                self.next_turn()
                return
        else:
            step = 1 if action == "pass_left" else -1
            receiver = (holder + step) % self.n
        self.lose(holder, [MILK])
        self.limbo = [MILK]
        self.limbo_owner = holder
        self.limbo_public = True
        self.target = receiver
        self.milk_seen = -1
        self.emit(Event("milk_moving", {"from": holder, "to": receiver, "how": action}))
        self.begin_draws(holder, receiver, 1)

    def begin_draws(self, drawer: int, source: int, count: int) -> None:
        """``drawer`` will draw ``count`` cards blindly from ``source``, one pick at a time."""
        self.drawer = drawer
        self.draw_from = source
        self.draws = count
        self.phase = PICK

    def pick(self, position: int) -> None:
        """The drawer points at a face-down card; which card it is, is a chance step."""
        self.emit(
            Event(
                "picked",
                {"player": self.drawer, "from": self.draw_from, "position": position},
            )
        )
        self.phase = DRAW

    def draw(self, card: str) -> None:
        """One blind draw; after the last, the cards in limbo join their new hand."""
        drawer, source = self.drawer, self.draw_from
        self.emit(
            Event(
                "drew",
                {"player": drawer, "from": source},
                {"card": card},
                frozenset({drawer, source}),
            )
        )
        self.draws -= 1
        self.lose(source, [card])
        self.gain(drawer, card)
        if self.draws:
            self.phase = PICK
            return
        cards, to, owner = sorted(self.limbo), self.target, self.limbo_owner
        if cards == [MILK] and self.limbo_public:
            self.emit(Event("milk_added", {"player": to}))
            self.milk_seen = to
        else:
            self.emit(
                Event(
                    "swap_received",
                    {"player": to, "from": owner, "count": len(cards)},
                    {"cards": cards},
                    frozenset({to, owner}),
                )
            )
        for card in cards:  # the limbo cards join the hand one at a time, each checked
            self.limbo.remove(card)
            self.gain(to, card)
        self.next_turn()

    def swap_all(self, roller: int, target: int) -> None:
        """Swap All: both hands are put down, then picked up by the other player."""
        self.transit[roller], self.transit[target] = self.hands[target], self.hands[roller]
        self.hands[roller], self.hands[target] = [], []
        if self.milk_seen in (roller, target):
            self.milk_seen = target if self.milk_seen == roller else roller
        self.emit(Event("swapped_hands", {"player": roller, "with": target}))
        self.deliver(roller)
        self.deliver(target)
        self.next_turn()

    def deliver(self, player: int) -> None:
        """The cards passed to ``player`` enter their hand one at a time (each checked)."""
        for card in sorted(self.transit[player]):
            self.transit[player].remove(card)
            self.gain(player, card)

    def swap_offer(self, cards: tuple[str, ...]) -> None:
        """Swap n: the roller's cards go face down before the target; then n blind draws."""
        roller, target = self.turn, self.target
        self.lose(roller, cards)
        self.limbo = list(cards)
        self.limbo_owner = roller
        self.limbo_public = False
        if self.milk_seen in (roller, target):
            self.milk_seen = -1
        self.emit(
            Event(
                "swap_offered",
                {"player": roller, "with": target, "count": len(cards)},
                {"cards": list(cards)},
                frozenset({roller}),
            )
        )
        self.begin_draws(roller, target, len(cards))

    def pass_cards(self, given: dict[int, tuple[str, ...]], action: str) -> None:
        """Every commitment leaves its hand first; then each hand takes what it was passed."""
        step = 1 if action == "pass_left" else -1
        whole = all(len(c) == len(self.hands[p]) for p, c in given.items())
        for player, cards in given.items():
            self.lose(player, cards)
            self.transit[(player + step) % self.n] += cards
        if whole and self.milk_seen >= 0:
            self.milk_seen = (self.milk_seen + step) % self.n
        elif not whole:
            self.milk_seen = -1
        self.emit(Event("passed", {"direction": action, "count": len(given[self.turn])}))
        order = [(self.turn + i) % self.n for i in range(self.n)]
        for player in order:
            to = (player + step) % self.n
            self.emit(
                Event(
                    "received",
                    {"player": to, "from": player, "count": len(given[player])},
                    {"cards": list(given[player])},
                    frozenset({player, to}),
                )
            )
        for to in order:
            self.deliver(to)
        self.next_turn()

    def toss_cards(self, tossed: dict[int, tuple[str, ...]]) -> None:
        """Every commitment lands face up in the centre; the scramble begins."""
        for player, cards in tossed.items():
            self.lose(player, cards)
            self.centre += cards
            self.quota[player] = len(cards)
            self.grabbed[player] = 0
        if MILK in self.centre:
            self.milk_seen = -1
        self.emit(Event("tossed", {"cards": [sorted(tossed[p]) for p in range(self.n)]}))
        self.phase = SCRAMBLE

    def grab(self, player: int, card: str, free: bool) -> None:
        """One scramble grab; when nobody can grab any more, the turn ends (or evens up)."""
        self.centre.remove(card)
        self.grabbed[player] += 1
        if card == MILK:
            self.milk_seen = player
        self.emit(Event("grabbed", {"player": player, "card": card}))
        self.gain(player, card)
        if self.centre and (
            free or any(g < q for g, q in zip(self.grabbed, self.quota, strict=True))
        ):
            return
        self.emit(Event("scramble_over", {"grabbed": list(self.grabbed)}))
        if free and any(len(h) < HAND_SIZE for h in self.hands):
            self.phase = EVEN_UP
            shown = {p: sorted(h) for p, h in enumerate(self.hands) if len(h) > HAND_SIZE}
            for p, hand in shown.items():
                if MILK in hand:
                    self.milk_seen = p
            self.emit(Event("hands_shown", {"hands": [shown.get(p) for p in range(self.n)]}))
            return
        self.next_turn()

    def take(self, player: int, source: int, card: str) -> None:
        """Free scramble: a short player takes a card from an over-full, shown hand."""
        self.lose(source, [card])
        if card == MILK:
            self.milk_seen = player
        self.emit(Event("took", {"player": player, "from": source, "card": card}))
        self.gain(player, card)
        if all(len(h) == HAND_SIZE for h in self.hands):
            self.next_turn()

    def milk_grabbed(self, player: int) -> None:
        """Toss + milk: the first grab wins the milk; the tosser then draws one card blindly."""
        self.centre = []
        self.limbo = [MILK]
        self.limbo_owner = self.tosser
        self.limbo_public = True
        self.target = player
        self.milk_seen = player
        self.emit(Event("milk_grabbed", {"player": player, "tosser": self.tosser}))
        self.begin_draws(self.tosser, player, 1)

    def deal(self, card: str) -> None:
        """One card dealt face down; after the last, the starter rolls."""
        player = self.receiver
        self.deck.remove(card)
        self.receiver = (player + 1) % self.n
        self.emit(Event("dealt", {"player": player}, {"card": card}, frozenset({player})))
        self.gain(player, card)
        if not self.deck:
            self.phase = ROLL
            self.turn = self.starter
