"""Paper Toss! data: card kinds, the config, the actions and the state.

Rulebook: seed ``002`` (Endymion Games, 2014); component counts and rulings: ``RULINGS.md``.
Card counts, token values, the counter table, the hand size and the target are data
(``components.json``), copied into the config; the code knows the card kinds by name only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamenight.engine.config import Config, load_components
from gamenight.engine.errors import ConfigError

COMPONENTS: dict[str, Any] = load_components(__package__ or "gamenight.games.paper_toss")

#: Every Paper deck card kind, in a fixed order (the order of count vectors and action ids).
PAPER_KINDS: tuple[str, ...] = (
    "paper_toss",
    "dog",
    "kid",
    "obstacle",
    "food",
    "trick",
    "remedy",
    "shortcut",
    "energy_drink",
    "bully",
    "flat_tire",
)
#: Every Toss deck card kind, in a fixed order.
TOSS_KINDS: tuple[str, ...] = ("good_throw", "perfect", "bad_throw", "window", "sprinklers")

PAPER_TOSS = "paper_toss"
ENERGY_DRINK = "energy_drink"
BULLY = "bully"
FLAT_TIRE = "flat_tire"
SPRINKLERS = "sprinklers"
#: Hazard -> its own counter (from the data); the wild counter answers any hazard.
COUNTER_OF: dict[str, str] = dict(COMPONENTS["counters"])
WILD_COUNTER: str = str(COMPONENTS["wild_counter"])
HAZARDS: tuple[str, ...] = tuple(k for k in PAPER_KINDS if k in COUNTER_OF)
COUNTERS: tuple[str, ...] = tuple(
    k for k in PAPER_KINDS if k in COUNTER_OF.values() or k == WILD_COUNTER
)
PAPER_INDEX = {k: i for i, k in enumerate(PAPER_KINDS)}
TOSS_INDEX = {k: i for i, k in enumerate(TOSS_KINDS)}


def counters_for(hazard: str) -> tuple[str, ...]:
    """The counters that cancel ``hazard``: its own and the wild one."""
    return (COUNTER_OF[hazard], WILD_COUNTER)


def _deck_text(counts: dict[str, int]) -> tuple[str, ...]:
    return tuple(f"{name}:{count}" for name, count in counts.items())


def parse_deck(option: str, entries: tuple[str, ...], kinds: tuple[str, ...]) -> tuple[int, ...]:
    """Counts per kind (in ``kinds`` order) from ``name:count`` entries; unnamed kinds are 0."""
    counts = dict.fromkeys(kinds, 0)
    seen: set[str] = set()
    for entry in entries:
        name, sep, number = entry.partition(":")
        name = name.strip()
        if not sep or name not in counts:
            raise ConfigError(
                f"{option} entries are name:count with a name from {', '.join(kinds)}; "
                f"got {entry!r}"
            )
        if name in seen:
            raise ConfigError(f"{option} names {name} twice")
        seen.add(name)
        try:
            count = int(number)
        except ValueError:
            raise ConfigError(f"{option}: the count of {name} must be a whole number") from None
        if not 0 <= count <= 99:
            raise ConfigError(f"{option}: the count of {name} must be from 0 to 99, got {count}")
        counts[name] = count
    return tuple(counts[k] for k in kinds)


@dataclass(frozen=True)
class PaperTossConfig(Config):
    """Paper Toss! options. Defaults follow the rulebook and RULINGS.md."""

    min_players = 2
    max_players = 6

    players: int = field(default=2, metadata={"help": "number of players (2 to 6)"})
    paper_deck: tuple[str, ...] = field(
        default=_deck_text(COMPONENTS["paper_deck"]),
        metadata={"help": "Paper deck as name:count entries"},
    )
    toss_deck: tuple[str, ...] = field(
        default=_deck_text(COMPONENTS["toss_deck"]),
        metadata={"help": "Toss deck as name:count entries"},
    )
    hand_size: int = field(
        default=int(COMPONENTS["hand_size"]), metadata={"help": "cards in hand after drawing"}
    )
    target: int = field(
        default=int(COMPONENTS["target"]), metadata={"help": "Paper Tokens that win at once"}
    )
    first_player: int = field(
        default=0, metadata={"help": "seat that goes first (the rulebook: the youngest)"}
    )
    turn_limit: int = field(
        default=0,
        metadata={"help": "end after this many turns, most tokens winning (0: play to target)"},
    )

    def validate(self) -> None:
        """Check every option, naming what is allowed."""
        paper = parse_deck("paper_deck", self.paper_deck, PAPER_KINDS)
        toss = parse_deck("toss_deck", self.toss_deck, TOSS_KINDS)
        if not 1 <= self.hand_size <= 10:
            raise ConfigError(f"hand_size must be from 1 to 10, got {self.hand_size}")
        if paper[PAPER_INDEX[PAPER_TOSS]] < 1:
            raise ConfigError("paper_deck needs at least one paper_toss card, or nobody can score")
        if sum(paper) < self.players * self.hand_size:
            raise ConfigError(
                f"paper_deck has {sum(paper)} cards; {self.players} players need at least "
                f"{self.players * self.hand_size} to fill their hands"
            )
        if sum(toss) < 2:
            raise ConfigError("toss_deck needs at least 2 cards (some flips turn over two)")
        gains = [k for k in TOSS_KINDS if int(COMPONENTS["toss_tokens"][k]) > 0]
        if not any(toss[TOSS_INDEX[k]] for k in gains):
            raise ConfigError(
                f"toss_deck needs a card that gains tokens ({', '.join(gains)}), "
                "or nobody can ever win"
            )
        if not 1 <= self.target <= 100:
            raise ConfigError(f"target must be from 1 to 100, got {self.target}")
        if not 0 <= self.turn_limit <= 10_000:
            raise ConfigError(f"turn_limit must be from 0 (none) to 10000, got {self.turn_limit}")
        if not 0 <= self.first_player < self.players:
            raise ConfigError(f"first_player must be a seat from 0 to {self.players - 1}")


# ---- actions ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the top Paper card turns out to be ``card`` (deals and draws)."""

    card: str


@dataclass(frozen=True, slots=True)
class Flip:
    """Chance: the top Toss card turns out to be ``card``."""

    card: str


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one ``card`` from your hand, face up (start of your turn; repeatable)."""

    card: str


@dataclass(frozen=True, slots=True)
class Ready:
    """Stop discarding and draw back up to a full hand."""


@dataclass(frozen=True, slots=True)
class Toss:
    """Play a Paper Toss card (at most once a turn)."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End your turn without a Paper Toss."""


@dataclass(frozen=True, slots=True)
class Hazard:
    """Play a Hazard card against the Paper Toss in the air."""

    card: str


@dataclass(frozen=True, slots=True)
class Counter:
    """Cancel the Hazard just played on your toss with a matching Counter card."""

    card: str


@dataclass(frozen=True, slots=True)
class Bully:
    """Play Bully: ``target`` loses one Paper Token."""

    target: int


@dataclass(frozen=True, slots=True)
class FlatTire:
    """Play Flat Tire: ``target`` skips their next turn (Flat Tires stack)."""

    target: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Let a response window go by without playing a card."""


@dataclass(frozen=True, slots=True)
class FlipOne:
    """After a clean window: turn over the top Toss card."""


@dataclass(frozen=True, slots=True)
class Drink:
    """After a clean window: play Energy Drink, turn over two Toss cards and choose one."""


@dataclass(frozen=True, slots=True)
class Choose:
    """Choose which of the two turned-over Toss cards applies."""

    card: str


@dataclass(frozen=True, slots=True)
class Sprinkle:
    """Sprinklers: discard a second Paper Toss for one token (``True``) or not (``False``)."""

    discard: bool


READY = Ready()
TOSS = Toss()
END_TURN = EndTurn()
PASS = Pass()
FLIP_ONE = FlipOne()
DRINK = Drink()

Action = (
    Draw
    | Flip
    | Discard
    | Ready
    | Toss
    | EndTurn
    | Hazard
    | Counter
    | Bully
    | FlatTire
    | Pass
    | FlipOne
    | Drink
    | Choose
    | Sprinkle
)
ACTION_TYPES: tuple[type[Any], ...] = (
    Draw,
    Flip,
    Discard,
    Ready,
    Toss,
    EndTurn,
    Hazard,
    Counter,
    Bully,
    FlatTire,
    Pass,
    FlipOne,
    Drink,
    Choose,
    Sprinkle,
)

# ---- state -----------------------------------------------------------------------------------
#: Phases. Chance: deal, draw, flip. The active player alone: discard, main, launch, sprinklers;
#: the chooser alone: choose. Response windows (every player is asked): hazard, counter, after.
WINDOWS = ("hazard", "counter", "after")


@dataclass(slots=True)
class PaperTossState:
    """Plain data; never changed once handed out.

    Decks and discard piles are count vectors in ``PAPER_KINDS`` / ``TOSS_KINDS`` order (a
    shuffled deck's order is drawn by chance at each draw). Hands are sorted tuples of names.
    ``asked`` lists the players still to answer the open response window; ``hazard`` is the
    Hazard waiting for a Counter (``hazard_player`` -1 when none); ``flipped`` the Toss cards
    face up; ``chooser`` who picks among two (-1: a single flip); ``skips`` the Flat Tires
    waiting on each player.
    """

    phase: str
    turn: int
    hands: tuple[tuple[str, ...], ...]
    paper_deck: tuple[int, ...]
    paper_discard: tuple[int, ...]
    toss_deck: tuple[int, ...]
    toss_discard: tuple[int, ...]
    tokens: tuple[int, ...]
    skips: tuple[int, ...]
    asked: tuple[int, ...] = ()
    hazard_player: int = -1
    hazard_card: str = ""
    hazards_played: int = 0
    flips_left: int = 0
    flipped: tuple[str, ...] = ()
    chooser: int = -1
    tossed: bool = False
    winner: int = -1
    turns: int = 0
