"""Cover Your Cookies data: the card catalogue, the config, the actions and the state.

Cards are named by their id in ``components.json`` (``lemon_glaze``, ``fresh_milk``, ``rotate``);
all cards of one id are identical, so hands are sorted tuples of ids and the deck is a count per
id. The state is plain data made of tuples and frozen values; ``apply`` always builds a new one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamenight.engine.config import Config, load_components
from gamenight.engine.errors import ConfigError

COMPONENTS: dict[str, Any] = load_components(__package__ or "gamenight.games.cover_your_cookies")

MATCH_MODES = ("single", "target", "rounds", "wins")


@dataclass(frozen=True)
class CardInfo:
    """One kind of card: ``kind`` is ``cookie``, ``milk`` or ``mixer``."""

    id: str
    name: str
    kind: str
    count: int
    dough: int
    strong: bool = False
    effect: str = ""
    direction: str = ""


def _catalogue() -> tuple[CardInfo, ...]:
    cards = [
        CardInfo(c["id"], c["name"], "cookie", int(c["count"]), int(c["dough"]))
        for c in COMPONENTS["cookies"]
    ]
    cards += [
        CardInfo(
            m["id"], m["name"], "milk", int(m["count"]), int(m["dough"]), bool(m["extra_strength"])
        )
        for m in COMPONENTS["milk"]
    ]
    cards += [
        CardInfo(
            x["id"],
            x["name"],
            "mixer",
            int(x["count"]),
            int(x.get("dough", 0)),
            effect=str(x["effect"]),
            direction=str(x.get("direction", "")),
        )
        for x in COMPONENTS["mixers"]
    ]
    return tuple(cards)


#: Every kind of card, in a fixed order (cookies, milk, mixers): the deck's count order.
CARDS: tuple[CardInfo, ...] = _catalogue()
INFO: dict[str, CardInfo] = {c.id: c for c in CARDS}
COOKIES: tuple[str, ...] = tuple(c.id for c in CARDS if c.kind == "cookie")
MILKS: tuple[str, ...] = tuple(c.id for c in CARDS if c.kind == "milk")
MIXERS: tuple[str, ...] = tuple(c.id for c in CARDS if c.kind == "mixer")
ENHANCE: str = next((c.id for c in CARDS if c.effect == "enhance"), "enhance")
TOTAL_CARDS: int = sum(c.count for c in CARDS)


def dough(card: str) -> int:
    """The Dough (points) a card is worth."""
    return INFO[card].dough


def is_milk(card: str) -> bool:
    """Whether the card is a milk (wild)."""
    info = INFO.get(card)
    return info is not None and info.kind == "milk"


def is_cookie(card: str) -> bool:
    """Whether the card is a cookie."""
    info = INFO.get(card)
    return info is not None and info.kind == "cookie"


@dataclass(frozen=True)
class CookiesConfig(Config):
    """Cover Your Cookies options. Defaults follow the rulebook and RULINGS.md."""

    min_players = 3
    max_players = 6

    players: int = field(default=4, metadata={"help": "number of players (3 to 6)"})
    first_player: int = field(default=0, metadata={"help": "seat that takes the first turn"})
    mixers: bool = field(default=True, metadata={"help": "shuffle the 8 Mixer cards into the deck"})
    three_player_rules: bool = field(
        default=True,
        metadata={"help": "with 3 players: no Swap, 6 cards each, a discard row of 3 (3p only)"},
    )
    extra_strength: bool = field(
        default=False, metadata={"help": "Extra Strength Chocolate Milk: it counts as 2 in duels"}
    )
    two_actions: bool = field(default=False, metadata={"help": "take up to two actions per turn"})
    match: str = field(
        default="single",
        metadata={"help": "single round; target (first to target); rounds; wins (round wins)"},
    )
    target: int = field(default=750, metadata={"help": "match=target: Dough that ends the match"})
    rounds: int = field(default=3, metadata={"help": "match=rounds: rounds to play"})
    wins_needed: int = field(default=2, metadata={"help": "match=wins: round wins that win"})
    hand_size: int = field(
        default=int(COMPONENTS["hand_size"]), metadata={"help": "cards in hand (4 to 6 players)"}
    )
    three_player_hand_size: int = field(
        default=int(COMPONENTS["three_player_hand_size"]),
        metadata={"help": "cards in hand with the 3-player rules"},
    )
    discard_row: int = field(
        default=int(COMPONENTS["three_player_discard_row"]),
        metadata={"help": "cards flipped to start the discard row with the 3-player rules"},
    )
    crumb_track: tuple[int, ...] = field(
        default=tuple(int(v) for v in COMPONENTS["crumb_track"]),
        metadata={"help": "Crumb Collector bonus by times swiped (the last step is the cap)"},
    )

    def validate(self) -> None:
        """Check every option, naming what is allowed."""
        if not 0 <= self.first_player < self.players:
            raise ConfigError(f"first_player must be a seat from 0 to {self.players - 1}")
        if self.match not in MATCH_MODES:
            raise ConfigError(f"match must be one of {', '.join(MATCH_MODES)}; got {self.match!r}")
        if self.target < 1:
            raise ConfigError(f"target must be at least 1, got {self.target}")
        if not 1 <= self.rounds <= 20:
            raise ConfigError(f"rounds must be from 1 to 20, got {self.rounds}")
        if not 1 <= self.wins_needed <= 10:
            raise ConfigError(f"wins_needed must be from 1 to 10, got {self.wins_needed}")
        for name in ("hand_size", "three_player_hand_size"):
            if not 1 <= getattr(self, name) <= 8:
                raise ConfigError(f"{name} must be from 1 to 8, got {getattr(self, name)}")
        if not 1 <= self.discard_row <= 6:
            raise ConfigError(f"discard_row must be from 1 to 6, got {self.discard_row}")
        if not self.crumb_track or any(v < 0 for v in self.crumb_track):
            raise ConfigError("crumb_track must be a non-empty list of bonuses of 0 or more")

    @property
    def small_table(self) -> bool:
        """Whether the 3-player rules are in force."""
        return self.players == 3 and self.three_player_rules

    @property
    def cards_in_hand(self) -> int:
        """The hand size players draw back up to."""
        return self.three_player_hand_size if self.small_table else self.hand_size


# ---- actions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FormBatch:
    """Start a Batch: ``cards`` from hand (sorted), plus ``pile``: a discard cookie or ""."""

    cards: tuple[str, ...]
    pile: str


@dataclass(frozen=True, slots=True)
class Swipe:
    """Attempt to swipe ``target``'s top Batch, opening with ``card``."""

    target: int
    card: str


@dataclass(frozen=True, slots=True)
class Answer:
    """Play one card (or two, against Extra Strength Chocolate Milk) in a duel."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Yield:
    """Stop playing in a duel: the other player takes or keeps the Batch."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a cookie (then draw)."""

    card: str


@dataclass(frozen=True, slots=True)
class AddToBatch:
    """Once the deck is out: add a matching card to your own top Batch."""

    card: str


@dataclass(frozen=True, slots=True)
class EndTurn:
    """With two actions per turn: stop after the first action."""


@dataclass(frozen=True, slots=True)
class Rotate:
    """Rotate mixer: every top Batch moves to the neighbour on this side (left or right)."""

    direction: str


@dataclass(frozen=True, slots=True)
class SwapBatches:
    """Swap mixer: players ``first`` and ``second`` swap top Batches."""

    first: int
    second: int


@dataclass(frozen=True, slots=True)
class Exchange:
    """Exchange mixer: everyone takes ``count`` (1 or 2) cards from a neighbour."""

    count: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the next card off the deck."""

    card: str


@dataclass(frozen=True, slots=True)
class Take:
    """Chance: the cards a player takes blindly from a neighbour in an Exchange."""

    cards: tuple[str, ...]


Action = (
    FormBatch
    | Swipe
    | Answer
    | Yield
    | Discard
    | AddToBatch
    | EndTurn
    | Rotate
    | SwapBatches
    | Exchange
    | Draw
    | Take
)
ACTION_TYPES: tuple[type[Any], ...] = (
    FormBatch,
    Swipe,
    Answer,
    Yield,
    Discard,
    AddToBatch,
    EndTurn,
    Rotate,
    SwapBatches,
    Exchange,
    Draw,
    Take,
)
YIELD = Yield()
END_TURN = EndTurn()


# ---- state -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Batch:
    """A Batch in a stack: a unique id, its flavour (a cookie id) and its cards."""

    id: int
    flavour: str
    cards: tuple[str, ...]

    @property
    def value(self) -> int:
        """The Dough of every card in the Batch."""
        return sum(dough(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Duel:
    """A swipe in progress. ``plays`` lists ``(player, cards)`` in order; ``need`` is the number
    of cards (1, or 2 after an Extra Strength Chocolate Milk) the next answer must be worth."""

    challenger: int
    defender: int
    batch: int
    flavour: str
    plays: tuple[tuple[int, tuple[str, ...]], ...]
    need: int

    @property
    def last(self) -> int:
        """The player who played last (who takes or keeps the Batch if the other yields)."""
        return self.plays[-1][0]

    @property
    def responder(self) -> int:
        """The player who must answer or yield now."""
        return self.defender if self.last == self.challenger else self.challenger


@dataclass(slots=True)
class CookiesState:
    """One moment of a match. Never changed once handed out.

    ``phase`` is one of ``deal``, ``flip``, ``turn``, ``duel``, ``draw``, ``mixer``, ``exchange``,
    ``over``. ``deck`` counts the cards of each kind (``CARDS`` order) still in the draw pile;
    ``upper`` is how many cards are left in the top half, which holds no mixer (-1 while dealing,
    before the mixers are shuffled in). ``owed`` lists defenders who draw at the end of the turn.
    ``queue`` lists ``(player, cards)`` still to draw: a
    number, or -1 for "back up to a full hand". ``resume`` says what follows the draws: ``second``
    (a second action) or ``next`` (the next turn).
    """

    phase: str
    round: int
    first: int
    turn: int
    turns: int
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[int, ...]
    upper: int
    discard: tuple[str, ...]
    stacks: tuple[tuple[Batch, ...], ...]
    swiped: tuple[int, ...]
    mixer_discard: tuple[str, ...]
    box: tuple[str, ...]
    waiting: tuple[int, ...]
    next_batch: int
    dealt: int
    acted: int
    queue: tuple[tuple[int, int], ...]
    resume: str
    duel: Duel | None
    mixer: str
    drawer: int
    transit: tuple[tuple[str, ...], ...]
    takers: tuple[tuple[int, int], ...]
    exchange_count: int
    forbidden: int
    fudge: tuple[bool, ...]
    turns_taken: tuple[int, ...]
    totals: tuple[int, ...]
    round_wins: tuple[int, ...]
    last_scores: tuple[int, ...]
    winners: tuple[int, ...]
    owed: tuple[int, ...]
