"""How each step of Toss Your Cookies moves cards, one card at a time.

:func:`apply` works on a private copy of the state (made by the engine's ``field_copier``,
generated from the dataclass fields, so no field can be forgotten): every card that enters a
hand goes through :meth:`Work.gain`, which checks "Snickerdoodle!" at once and raises
:class:`RoundWon` if that hand now wins. A card leaving a hand can never make a win, so only
gains are checked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial
from operator import lt
from typing import Any

from gamenight.engine.core import TURN_STARTED, Event, game_over, turn_started
from gamenight.engine.errors import IllegalAction
from gamenight.engine.game import field_copier, put
from gamenight.games.toss_your_cookies.cards import (
    ALL,
    HAND_SIZE,
    MILK,
    MILK_FACE,
    add,
    gain,
    remove,
    remove_one,
)
from gamenight.games.toss_your_cookies.config import TossYourCookiesConfig
from gamenight.games.toss_your_cookies.deck import build_deck
from gamenight.games.toss_your_cookies.rules import receiver
from gamenight.games.toss_your_cookies.state import (
    Action,
    BlindDraw,
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

#: A working copy of a state, field by field.
copy_state = field_copier(TossYourCookiesState)

#: ``_event((kind, data, secret, audience))`` is ``Event(kind, data, secret, audience)`` made
#: without the Python-level ``__new__`` of a named tuple (for the most frequent events).
_event: Callable[[tuple[str, Mapping[str, Any], Mapping[str, Any] | None, frozenset[int]]], Event]
_event = partial(tuple.__new__, Event)
#: The audience of a secret seen by one seat, per seat (shared, immutable), and of none.
_ALONE = tuple(frozenset({p}) for p in range(TossYourCookiesConfig.max_players))
_NOBODY: frozenset[int] = frozenset()


class RoundWon(Exception):
    """Raised inside ``apply`` the moment a hand wins; carries the winner's seat."""

    def __init__(self, player: int) -> None:
        super().__init__(player)
        self.player = player


def apply(
    config: TossYourCookiesConfig, state: TossYourCookiesState, player: int, action: Action
) -> tuple[TossYourCookiesState, tuple[Event, ...]]:
    """Apply one legal move or chance outcome; a winning hand ends the round at once."""
    work = Work(config, state)
    try:
        work.act(player, action)
    except RoundWon as won:
        work.round_won(won.player)
    return work.state, tuple(work.events)


class Work:
    """One step in progress: a private copy of the state that the step changes, and its events.

    ``state`` is never a state anyone else holds: it is copied on the way in and handed out only
    when the step is done.
    """

    __slots__ = ("config", "events", "n", "state")

    def __init__(self, config: TossYourCookiesConfig, state: TossYourCookiesState) -> None:
        self.config = config
        self.n = config.players
        self.state = copy_state(state)
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        """Record an event of this step."""
        self.events.append(event)

    # ---- the step ------------------------------------------------------------------------------
    def act(self, player: int, action: Action) -> None:
        """Dispatch one move or chance outcome."""
        s = self.state
        # The action classes are disjoint, so the order of the tests only sets their speed:
        # the most frequent steps (scramble grabs, commitments) first.
        if isinstance(action, Grab):
            if s.phase == Phase.MILK_RACE:
                self.milk_grabbed(player)
            else:
                self.grab(player, action.card)
        elif isinstance(action, Commit):
            self.commit(player, action.cards)
        elif isinstance(action, Dice):
            s.rolls += 1
            self.events.append(
                Event(
                    "rolled", {"player": s.turn, "action": action.action, "number": action.number}
                )
            )
            self.start_action(action.action, action.number)
        elif isinstance(action, Deal):
            self.deal(action.card)
        elif isinstance(action, Pick):
            self.pick(action.position)
        elif isinstance(action, Draw):
            self.draw(action.card)
        elif isinstance(action, Target):
            s.target = action.player
            if s.roll is not None and s.roll[1] == ALL:
                self.swap_all(s.turn, action.player)
            else:
                s.phase = Phase.SWAP_CARDS
                self.events.append(Event("swap_target", {"player": s.turn, "with": action.player}))
        elif isinstance(action, Take):
            self.take(player, action.player, action.card)

    # ---- single card movements ---------------------------------------------------------------
    def gain(self, player: int, card: str) -> None:
        """``card`` enters ``player``'s hand; a winning hand ends the round at once."""
        s = self.state
        hands = s.hands
        hand, wins = gain(hands[player], card)
        s.hands = (*hands[:player], hand, *hands[player + 1 :])
        if wins:
            raise RoundWon(player)

    def lose(self, player: int, cards: Iterable[str]) -> None:
        """Cards leave ``player``'s hand (they must be there)."""
        self.state.hands = put(self.state.hands, player, remove(self.state.hands[player], cards))

    def lose_one(self, player: int, card: str) -> None:
        """``card`` leaves ``player``'s hand (it must be there)."""
        s = self.state
        hands = s.hands
        s.hands = (*hands[:player], remove_one(hands[player], card), *hands[player + 1 :])

    def holder(self) -> int:
        """The seat holding the milk (at rest it is always in a hand)."""
        return next(i for i, h in enumerate(self.state.hands) if MILK in h)

    # ---- turn flow ---------------------------------------------------------------------------
    def next_turn(self) -> None:
        """The action is over: every hand is back to seven; the player to the left rolls."""
        self.clear_action()
        self.state.turn = (self.state.turn + 1) % self.n
        self.state.phase = Phase.ROLL
        self.events.append(_event((TURN_STARTED, {"player": self.state.turn}, None, _NOBODY)))

    def clear_action(self) -> None:
        """Forget everything about the action just finished."""
        s, n = self.state, self.n
        s.roll = None
        s.commits = (None,) * n
        s.target = None
        s.centre = ()
        s.quota = (0,) * n
        s.grabbed = (0,) * n
        s.tosser = None
        s.limbo = ()
        s.limbo_owner = None
        s.limbo_public = False
        s.transit = ((),) * n
        s.draw = None

    def moment(self) -> str:
        """Where in the game a card is moving: ``deal``, or the action rolled (``toss milk``)."""
        s = self.state
        if s.phase == Phase.DEAL or s.roll is None:
            return "deal"
        action, number = s.roll
        return f"{action} milk" if number == MILK_FACE else action

    def round_won(self, player: int) -> None:
        """Snickerdoodle! Score the round; start the next round or end the match."""
        s = self.state
        hand = s.hands[player]
        self.events.append(
            Event(
                "snickerdoodle",
                {
                    "player": player,
                    "hand": list(hand),
                    "during": self.moment(),
                    "roll": list(s.roll) if s.roll else None,
                    "turn": s.turn,
                    "round": s.round,
                    "rounds": self.config.rounds,
                },
            )
        )
        s.round_wins = put(s.round_wins, player, s.round_wins[player] + 1)
        s.last_win = (player, hand)
        if s.round_wins[player] >= self.config.rounds_to_win:  # the table stays as at the call
            s.winner = player
            s.phase = Phase.OVER
            self.events.append(
                game_over([player], round_wins=list(s.round_wins), rounds=self.config.rounds)
            )
            return
        self.clear_action()
        s.round += 1
        s.starter = (s.starter + 1) % self.n
        s.turn = s.starter
        s.hands = ((),) * self.n
        s.deck = build_deck(self.n)
        s.milk_seen = None
        s.phase = Phase.DEAL
        self.events.append(Event("new_round", {"round": s.round, "starter": s.starter}))

    # ---- resolutions ---------------------------------------------------------------------------
    def start_action(self, action: str, number: str) -> None:
        """After the roll: set up the action the dice call for."""
        s = self.state
        s.roll = (action, number)
        if number == MILK_FACE:
            self.start_milk(action)
        elif action == "swap":
            s.phase = Phase.TARGET
        elif number == ALL and action in ("pass_left", "pass_right"):
            self.pass_cards(dict(enumerate(s.hands)), action)
        elif number == ALL:
            self.toss_cards(dict(enumerate(s.hands)))
        else:
            s.phase = Phase.COMMIT
            s.commits = (None,) * self.n

    def commit(self, player: int, cards: tuple[str, ...]) -> None:
        """A commitment is in; when the last one is, they all resolve together."""
        s = self.state
        if s.phase == Phase.SWAP_CARDS:
            self.swap_offer(cards)
            return
        s.commits = put(s.commits, player, cards)
        self.events.append(
            _event(("committed", {"player": player}, {"cards": list(cards)}, _ALONE[player]))
        )
        if None in s.commits:
            return
        given = {p: c for p, c in enumerate(s.commits) if c is not None}
        s.commits = (None,) * self.n
        if s.roll is None:
            raise IllegalAction("commitments resolve only after a roll")
        if s.roll[0] == "toss":
            self.toss_cards(given)
        else:
            self.pass_cards(given, s.roll[0])

    def start_milk(self, action: str) -> None:
        """The milk face: the milk moves by the special rules."""
        s = self.state
        holder = self.holder()
        if action == "toss":
            self.lose(holder, [MILK])
            s.centre = (MILK,)
            s.tosser = holder
            s.milk_seen = None
            s.phase = Phase.MILK_RACE
            self.events.append(Event("milk_tossed", {"player": holder}))
            return
        if action == "swap":
            to = s.turn
            if holder == to:
                s.milk_seen = holder
                self.events.append(Event("milk_stays", {"player": holder}))
                self.next_turn()
                return
        else:
            to = (holder + (1 if action == "pass_left" else -1)) % self.n
        self.lose(holder, [MILK])
        s.limbo, s.limbo_owner, s.limbo_public = (MILK,), holder, True
        s.target = to
        s.milk_seen = None
        self.events.append(Event("milk_moving", {"from": holder, "to": to, "how": action}))
        self.begin_draws(holder, to, 1)

    def begin_draws(self, drawer: int, source: int, count: int) -> None:
        """``drawer`` will draw ``count`` cards blindly from ``source``, one pick at a time."""
        self.state.draw = BlindDraw(drawer, source, count)
        self.state.phase = Phase.PICK

    def pick(self, position: int) -> None:
        """The drawer points at a face-down card; which card it is, is a chance step."""
        draw = self.state.draw
        if draw is None:
            raise IllegalAction("there is no blind draw to make")
        self.events.append(
            Event("picked", {"player": draw.drawer, "from": draw.source, "position": position})
        )
        self.state.phase = Phase.DRAW

    def draw(self, card: str) -> None:
        """One blind draw; after the last, the cards in limbo join their new hand."""
        s = self.state
        draw = s.draw
        if draw is None:
            raise IllegalAction("there is no blind draw to make")
        drawer, source = draw.drawer, draw.source
        self.events.append(
            Event(
                "drew",
                {"player": drawer, "from": source},
                {"card": card},
                frozenset({drawer, source}),
            )
        )
        s.draw = BlindDraw(draw.drawer, draw.source, draw.left - 1)
        self.lose_one(source, card)
        self.gain(drawer, card)
        if s.draw.left:
            s.phase = Phase.PICK
            return
        cards, to, owner = s.limbo, s.target, s.limbo_owner
        if to is None or owner is None:
            raise IllegalAction("the drawn cards have nowhere to go")
        if cards == (MILK,) and s.limbo_public:
            self.events.append(Event("milk_added", {"player": to}))
            s.milk_seen = to
        else:
            self.events.append(
                Event(
                    "swap_received",
                    {"player": to, "from": owner, "count": len(cards)},
                    {"cards": list(cards)},
                    frozenset({to, owner}),
                )
            )
        for card in cards:  # the limbo cards join the hand one at a time, each checked
            s.limbo = remove_one(s.limbo, card)
            self.gain(to, card)
        self.next_turn()

    def swap_all(self, roller: int, target: int) -> None:
        """Swap All: both hands are put down, then picked up by the other player."""
        s = self.state
        transit = put(s.transit, roller, s.hands[target])
        s.transit = put(transit, target, s.hands[roller])
        s.hands = put(put(s.hands, roller, ()), target, ())
        if s.milk_seen in (roller, target):
            s.milk_seen = target if s.milk_seen == roller else roller
        self.events.append(Event("swapped_hands", {"player": roller, "with": target}))
        self.deliver(roller)
        self.deliver(target)
        self.next_turn()

    def deliver(self, player: int) -> None:
        """The cards passed to ``player`` enter their hand one at a time (each checked): at a
        win the cards not yet taken stay in transit, as they were."""
        s = self.state
        cards, hand = s.transit[player], s.hands[player]
        for at, card in enumerate(cards):
            hand, wins = gain(hand, card)
            if wins:
                s.transit = put(s.transit, player, cards[at + 1 :])
                s.hands = put(s.hands, player, hand)
                raise RoundWon(player)
        if cards:
            s.transit = put(s.transit, player, ())
            s.hands = put(s.hands, player, hand)

    def swap_offer(self, cards: tuple[str, ...]) -> None:
        """Swap n: the roller's cards go face down before the target; then n blind draws."""
        s = self.state
        roller, target = s.turn, s.target
        if target is None:
            raise IllegalAction("the swap has no partner yet")
        self.lose(roller, cards)
        s.limbo, s.limbo_owner, s.limbo_public = tuple(sorted(cards)), roller, False
        if s.milk_seen in (roller, target):
            s.milk_seen = None
        self.events.append(
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
        s, n = self.state, self.n
        step = 1 if action == "pass_left" else -1
        whole = all(len(c) == len(s.hands[p]) for p, c in given.items())
        for player, cards in given.items():
            self.lose(player, cards)
            to = (player + step) % n
            s.transit = put(s.transit, to, add(s.transit[to], cards))
        if whole and s.milk_seen is not None:
            s.milk_seen = (s.milk_seen + step) % n
        elif not whole:
            s.milk_seen = None
        self.events.append(Event("passed", {"direction": action, "count": len(given[s.turn])}))
        order = [(s.turn + i) % n for i in range(n)]
        for player in order:
            to = (player + step) % n
            self.events.append(
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
        s = self.state
        for player, cards in tossed.items():
            self.lose(player, cards)
            s.centre = add(s.centre, cards)
            s.quota = put(s.quota, player, len(cards))
            s.grabbed = put(s.grabbed, player, 0)
        if MILK in s.centre:
            s.milk_seen = None
        self.events.append(Event("tossed", {"cards": [sorted(tossed[p]) for p in range(self.n)]}))
        s.phase = Phase.SCRAMBLE

    def grab(self, player: int, card: str) -> None:
        """One scramble grab; when nobody can grab any more, the turn ends (or evens up)."""
        s = self.state
        free = self.config.free_scramble
        s.centre = remove_one(s.centre, card)
        s.grabbed = put(s.grabbed, player, s.grabbed[player] + 1)
        if card == MILK:
            s.milk_seen = player
        self.events.append(_event(("grabbed", {"player": player, "card": card}, None, _NOBODY)))
        self.gain(player, card)
        if s.centre and (free or any(map(lt, s.grabbed, s.quota))):
            return
        self.events.append(Event("scramble_over", {"grabbed": list(s.grabbed), "free": free}))
        if free and any(len(h) < HAND_SIZE for h in s.hands):
            s.phase = Phase.EVEN_UP
            shown = {p: list(h) for p, h in enumerate(s.hands) if len(h) > HAND_SIZE}
            for p, hand in shown.items():
                if MILK in hand:
                    s.milk_seen = p
            self.events.append(
                Event("hands_shown", {"hands": [shown.get(p) for p in range(self.n)]})
            )
            return
        self.next_turn()

    def take(self, player: int, source: int, card: str) -> None:
        """Free scramble: a short player takes a card from an over-full, shown hand."""
        s = self.state
        self.lose_one(source, card)
        if card == MILK:
            s.milk_seen = player
        self.events.append(Event("took", {"player": player, "from": source, "card": card}))
        self.gain(player, card)
        if all(len(h) == HAND_SIZE for h in s.hands):
            self.next_turn()

    def milk_grabbed(self, player: int) -> None:
        """Toss + milk: the first grab wins the milk; the tosser then draws one card blindly."""
        s = self.state
        tosser = s.tosser
        if tosser is None:
            raise IllegalAction("nobody tossed the milk")
        s.centre = ()
        s.limbo, s.limbo_owner, s.limbo_public = (MILK,), tosser, True
        s.target = player
        s.milk_seen = player
        self.events.append(Event("milk_grabbed", {"player": player, "tosser": tosser}))
        self.begin_draws(tosser, player, 1)

    def deal(self, card: str) -> None:
        """One card dealt face down; after the last, the starter rolls."""
        s = self.state
        player = receiver(s)
        s.deck = remove_one(s.deck, card)
        self.events.append(_event(("dealt", {"player": player}, {"card": card}, _ALONE[player])))
        self.gain(player, card)
        if not s.deck:
            s.phase = Phase.ROLL
            s.turn = s.starter
            self.events.append(turn_started(s.turn))
