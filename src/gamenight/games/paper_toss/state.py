"""Paper Toss! data: the phases of a turn, the actions and the state.

Card kinds and the helpers over cards are in ``cards.py``; the options in ``config.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, get_args

from gamenight.engine.game import field_replacer

#: The steps of a turn. Chance: ``deal``, ``draw``, ``flip``. The player whose turn it is,
#: alone: ``discard``, ``main``, ``launch``, ``sprinklers``; the chooser alone: ``choose``.
#: Response windows, which ask every player: ``hazard``, ``counter``, ``after``. ``over``: the
#: game has ended.
Phase = Literal[
    "deal",
    "draw",
    "discard",
    "main",
    "hazard",
    "counter",
    "launch",
    "flip",
    "choose",
    "sprinklers",
    "after",
    "over",
]
PHASES: tuple[Phase, ...] = get_args(Phase)
#: The response windows: after a Paper Toss (and each Counter), after a Hazard, as a turn ends.
WINDOWS: tuple[Phase, ...] = ("hazard", "counter", "after")
#: The chance steps: the deal, drawing up, turning over Toss cards.
CHANCE_PHASES: tuple[Phase, ...] = ("deal", "draw", "flip")


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
#: Every action class, for the codecs (the JSON tag is the class name in snake case).
ACTION_TYPES: tuple[type[Any], ...] = get_args(Action)


# ---- state -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayedHazard:
    """The Hazard waiting for the tosser's Counter: who threw it and which card it is."""

    player: int
    card: str


@dataclass(slots=True, kw_only=True)
class PaperTossState:
    """Plain data; never changed once handed out, and built by keyword only.

    - ``phase``: the step of the turn; ``turn``: whose turn it is.
    - ``hands``: sorted tuples of card kinds. Decks and discard piles are count vectors in
      ``PAPER_KINDS`` / ``TOSS_KINDS`` order (a shuffled deck's order is drawn by chance at each
      draw).
    - ``tokens``: every player's Paper Tokens; ``skips``: the Flat Tires waiting on each player.
    - ``asked``: the players still to answer the open response window.
    - ``hazard``: the Hazard waiting for a Counter (``None``: none); ``hazards_played``: Hazards
      thrown at this toss.
    - ``flips_left``: Toss cards still to turn over; ``flipped``: those face up; ``chooser``:
      who picks between two (``None``: a single flip).
    - ``tossed``: whether this turn's Paper Toss has been played.
    - ``winners``: empty until the game ends; ``turns``: turns begun (skipped ones not counted).
    """

    phase: Phase
    turn: int
    hands: tuple[tuple[str, ...], ...]
    paper_deck: tuple[int, ...]
    paper_discard: tuple[int, ...]
    toss_deck: tuple[int, ...]
    toss_discard: tuple[int, ...]
    tokens: tuple[int, ...]
    skips: tuple[int, ...]
    asked: tuple[int, ...] = ()
    hazard: PlayedHazard | None = None
    hazards_played: int = 0
    flips_left: int = 0
    flipped: tuple[str, ...] = ()
    chooser: int | None = None
    tossed: bool = False
    winners: tuple[int, ...] = ()
    turns: int = 0


if TYPE_CHECKING:
    from dataclasses import replace as replace
else:
    #: ``replace(state, **changes)``: a copy of a state with some fields changed, as
    #: ``dataclasses.replace`` makes it (and type-checked as that) at about a quarter of the cost.
    replace = field_replacer(PaperTossState)
