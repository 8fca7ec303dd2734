"""Toss Your Cookies state and actions: plain data, never changed once handed out."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

# ---- player actions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Commit:
    """Put these cards forward (a pass, a toss, or the roller's side of a swap), by card id."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Target:
    """Swap: choose the player to swap with."""

    player: int


@dataclass(frozen=True, slots=True)
class Grab:
    """Scramble: grab one card of this kind from the centre. ``Grab("milk")`` is also the move
    in the race for the tossed milk (Toss + milk)."""

    card: str


@dataclass(frozen=True, slots=True)
class Take:
    """Free scramble, left short: take this card from an over-full player's shown hand."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Pick:
    """Blind draw: choose one of the other hand's face-down cards by its position (0 is the
    first). The cards are in an order that reveals nothing, so the card is a chance step."""

    position: int


# ---- chance outcomes --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the next card dealt (to the seat whose turn it is to receive) is ``card``."""

    card: str


@dataclass(frozen=True, slots=True)
class Dice:
    """Chance: the action die and the number die came up ``action`` / ``number``."""

    action: str
    number: str


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the card drawn blindly from a hand is ``card``."""

    card: str


Action = Commit | Target | Grab | Take | Pick | Deal | Dice | Draw
#: The moves a player makes, and the chance outcomes, as tuples of classes.
PLAYER_ACTIONS = (Commit, Target, Grab, Take, Pick)
CHANCE_ACTIONS = (Deal, Dice, Draw)

# ---- phases and small values ------------------------------------------------------------------


class Phase(StrEnum):
    """Where the game stands, and so who decides next."""

    DEAL = "deal"  #: chance: one card to the next seat round the table
    ROLL = "roll"  #: chance: the roller rolls both dice
    TARGET = "target"  #: single: the roller picks whom to swap with
    SWAP_CARDS = "swap_cards"  #: single: the roller picks the n cards to give
    COMMIT = "commit"  #: simultaneous: everyone commits n cards to pass or toss
    SCRAMBLE = "scramble"  #: race: grab the tossed cards back, one at a time
    MILK_RACE = "milk_race"  #: race: everyone but the tosser grabs for the milk
    PICK = "pick"  #: single: the drawer points at a face-down card of the other hand
    DRAW = "draw"  #: chance: which card that face-down pick turns out to be
    EVEN_UP = "even_up"  #: single: a short player takes from an over-full shown hand
    OVER = "over"  #: the match is over


@dataclass(frozen=True, slots=True)
class BlindDraw:
    """Blind draws still to make: ``drawer`` draws ``left`` more cards from ``source``'s hand."""

    drawer: int
    source: int
    left: int


@dataclass(slots=True)
class TossYourCookiesState:
    """The whole game, as plain data. Hands are sorted tuples of card ids (a hand is a multiset).

    - ``deck``: cards still to deal (sorted); they go one at a time round the table from the
      round's ``starter`` (who receives next is derived: ``rules.receiver``).
    - ``turn``: the roller; ``roll``: the dice ``(action, number)`` of this turn, if rolled.
    - ``commits``: per seat, the cards committed so far in a simultaneous choice (``None``: not
      yet); hands keep those cards until the commitments resolve.
    - ``target``: the swap partner, or the player the milk or limbo cards go to (``None``: none).
    - ``centre``: cards face up in the middle (a toss); ``quota`` / ``grabbed``: per seat, how
      many each may grab back and has grabbed; ``tosser``: who tossed the milk (milk race).
    - ``limbo``: cards on their way, face down in front of ``target`` (a swap's cards, or the milk
      being passed); ``limbo_owner`` placed them; ``limbo_public``: everyone knows what they are.
    - ``transit``: per seat, cards passed face down that have not reached that hand yet (only
      ever left over when a Snickerdoodle is called in the middle of a pass or a Swap All).
    - ``draw``: the blind draws still to make, if any.
    - ``milk_seen``: the seat everyone knows holds the milk (``None``: not public knowledge).
    - ``round_wins``: rounds won per seat; ``round`` counts from 0; ``starter`` opened this round.
    - ``winner``: the match winner (``None`` while playing); ``last_win``: ``(seat, hand)`` of
      the latest Snickerdoodle, shown to everyone; ``rolls``: dice rolls in the whole match.
    """

    phase: Phase
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    turn: int
    roll: tuple[str, str] | None
    commits: tuple[tuple[str, ...] | None, ...]
    target: int | None
    centre: tuple[str, ...]
    quota: tuple[int, ...]
    grabbed: tuple[int, ...]
    tosser: int | None
    limbo: tuple[str, ...]
    limbo_owner: int | None
    limbo_public: bool
    transit: tuple[tuple[str, ...], ...]
    draw: BlindDraw | None
    milk_seen: int | None
    round_wins: tuple[int, ...]
    round: int
    starter: int
    winner: int | None
    last_win: tuple[int, tuple[str, ...]] | None
    rolls: int
