"""Cover Your Cookies' table: the small values of a table and the state.

The state is plain data made of tuples and frozen values; ``resolve.apply`` always builds a new
one. Absence is ``None`` (no duel, no mixer in play, no Batch barred from a second swipe). The
actions live in ``actions.py`` and are named here too, where the game's modules have always
imported them from.

This module is compiled in a compiled build (see ``setup.py``). The frozen values define
``__reduce__``: ``copy`` and ``pickle`` rebuild an object by setting its fields one by one, which
a frozen class compiled by mypyc refuses, while a constructor call works either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, TypeVar, get_args

from gamenight.games.cover_your_cookies.actions import (
    ACTION_TYPES,
    END_TURN,
    YIELD,
    Action,
    AddToBatch,
    Answer,
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
    malformed_field,
)
from gamenight.games.cover_your_cookies.cards import dough

__all__ = [
    "ACTION_TYPES",
    "END_TURN",
    "PHASES",
    "YIELD",
    "Action",
    "AddToBatch",
    "Answer",
    "Batch",
    "CoverYourCookiesState",
    "Discard",
    "Draw",
    "DrawOrder",
    "Duel",
    "EndTurn",
    "Exchange",
    "FirstBatch",
    "FormBatch",
    "MixerInPlay",
    "Phase",
    "Resume",
    "Rotate",
    "SwapBatches",
    "Swipe",
    "Take",
    "Yield",
    "copy_state",
    "malformed_field",
    "put",
]

# ---- the table -------------------------------------------------------------------------------

#: The moment of a round: dealing, flipping the first discards, a turn, a duel, drawing, a mixer
#: waiting for its drawer's choice, the blind takes of an Exchange, and the end of the match.
Phase = Literal["deal", "flip", "turn", "duel", "draw", "mixer", "exchange", "over"]
PHASES: tuple[Phase, ...] = get_args(Phase)

#: What follows the draws under way: a second action (two actions per turn, after a first-action
#: discard) or the next player's turn.
Resume = Literal["second_action", "next_turn"]

#: Where a player stands with the single-cookie first Batch ("If you weren't able to start a Batch
#: on your first turn then on a subsequent turn you may choose to lay down a single Cookie as
#: your first Batch"): before their first turn of the round; during it, with no Batch possible
#: so far; pairs only (a Batch was possible on the first turn, or one was formed); or a single
#: cookie allowed (while their stack is empty and they have formed no Batch).
FirstBatch = Literal["before_first_turn", "first_turn_blocked", "pairs_only", "single_allowed"]


@dataclass(frozen=True, slots=True)
class Batch:
    """A Batch in a stack: a unique id, its flavour (a cookie id) and its cards."""

    id: int
    flavour: str
    cards: tuple[str, ...]

    def __reduce__(self) -> tuple[type[Batch], tuple[Any, ...]]:
        """Copied and pickled by a constructor call (see the module's docstring)."""
        return (Batch, (self.id, self.flavour, self.cards))

    @property
    def value(self) -> int:
        """The Dough of every card in the Batch."""
        cards = self.cards
        value = _VALUES.get(cards)
        if value is None:
            if len(_VALUES) >= 100_000:
                _VALUES.clear()
            value = _VALUES[cards] = sum(dough(c) for c in cards)
        return value


#: The Dough of each list of cards seen in a Batch (Batches are valued many times over).
_VALUES: dict[tuple[str, ...], int] = {}


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

    def __reduce__(self) -> tuple[type[Duel], tuple[Any, ...]]:
        """Copied and pickled by a constructor call (see the module's docstring)."""
        return (
            Duel,
            (self.challenger, self.defender, self.batch, self.flavour, self.plays, self.need),
        )

    @property
    def last(self) -> int:
        """The player who played last (who takes or keeps the Batch if the other yields)."""
        return self.plays[-1][0]

    @property
    def responder(self) -> int:
        """The player who must answer or yield now."""
        return self.defender if self.last == self.challenger else self.challenger


@dataclass(frozen=True, slots=True)
class MixerInPlay:
    """A mixer being resolved: the card and the player who drew it (who chooses its effect)."""

    card: str
    drawer: int

    def __reduce__(self) -> tuple[type[MixerInPlay], tuple[Any, ...]]:
        """Copied and pickled by a constructor call (see the module's docstring)."""
        return (MixerInPlay, (self.card, self.drawer))


@dataclass(frozen=True, slots=True)
class DrawOrder:
    """A player still to draw: ``count`` cards, or ``None`` for back up to a full hand."""

    player: int
    count: int | None = None

    def __reduce__(self) -> tuple[type[DrawOrder], tuple[Any, ...]]:
        """Copied and pickled by a constructor call (see the module's docstring)."""
        return (DrawOrder, (self.player, self.count))


@dataclass(slots=True)
class CoverYourCookiesState:
    """One moment of a match. Never changed once handed out.

    - ``phase``: see :data:`Phase`; ``round``: the round number from 0; ``first``: the seat that
      began the round; ``turn``: whose turn it is; ``turns``: turns played in the whole match.
    - ``hands``: each player's cards, sorted; ``deck``: how many cards of each kind (``CARDS``
      order) are still in the draw pile; ``top_half_left``: cards left in the top half, which
      holds no mixer (``None`` while dealing, before the deck is split).
    - ``discard``: the cookie discard pile (or row), bottom first; ``mixer_discard``: mixers used
      up; ``box``: cards left out of this game (mixers not in play).
    - ``stacks``: each player's Batches, bottom first; ``crumbs``: how many times each player's
      Batches were swiped this round (their Crumb Collector step).
    - ``waiting_enhance``: Enhance cards waiting beside each stack for the next Batch formed.
    - ``actions_taken``: actions taken this turn (two are allowed with ``two_actions``).
    - ``draw_queue``: players still to draw; ``resume``: what follows the draws;
      ``defenders_to_draw``: players who defended this turn, who draw after the turn player.
    - ``duel``: the swipe in progress; ``mixer``: the mixer being resolved; ``transit``: cards
      taken in an Exchange, joining each taker's hand when every take is done; ``takers``:
      ``(giver, taker)`` pairs still to take; ``exchange_count``: cards each of them takes.
    - ``forbidden_batch``: the Batch that may not be swiped again this turn (both optional rules:
      a failed first-action swipe), else ``None``.
    - ``first_batch``: each player's standing with the single-cookie first Batch.
    - ``totals``, ``round_wins``, ``last_scores``: the match so far; ``winners``: once over.
    """

    phase: Phase
    round: int
    first: int
    turn: int
    turns: int
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[int, ...]
    top_half_left: int | None
    discard: tuple[str, ...]
    mixer_discard: tuple[str, ...]
    box: tuple[str, ...]
    stacks: tuple[tuple[Batch, ...], ...]
    crumbs: tuple[int, ...]
    waiting_enhance: tuple[int, ...]
    actions_taken: int
    draw_queue: tuple[DrawOrder, ...]
    resume: Resume
    defenders_to_draw: tuple[int, ...]
    duel: Duel | None
    mixer: MixerInPlay | None
    transit: tuple[tuple[str, ...], ...]
    takers: tuple[tuple[int, int], ...]
    exchange_count: int
    forbidden_batch: int | None
    first_batch: tuple[FirstBatch, ...]
    totals: tuple[int, ...]
    round_wins: tuple[int, ...]
    last_scores: tuple[int, ...]
    winners: tuple[int, ...]


def copy_state(s: CoverYourCookiesState) -> CoverYourCookiesState:
    """A copy of ``s`` whose fields can be set (they hold the same immutable values).

    Written out field by field, in their order (a field added to the state and not here is a
    ``TypeError`` at the first step): as fast as the engine's ``field_copier`` in Python, and
    a plain constructor call when this class is compiled (see ``setup.py``).
    """
    return CoverYourCookiesState(
        s.phase,
        s.round,
        s.first,
        s.turn,
        s.turns,
        s.hands,
        s.deck,
        s.top_half_left,
        s.discard,
        s.mixer_discard,
        s.box,
        s.stacks,
        s.crumbs,
        s.waiting_enhance,
        s.actions_taken,
        s.draw_queue,
        s.resume,
        s.defenders_to_draw,
        s.duel,
        s.mixer,
        s.transit,
        s.takers,
        s.exchange_count,
        s.forbidden_batch,
        s.first_batch,
        s.totals,
        s.round_wins,
        s.last_scores,
        s.winners,
    )


T = TypeVar("T")


def put(items: tuple[T, ...], at: int, value: T) -> tuple[T, ...]:
    """``items`` with the item at ``at`` replaced by ``value``: the engine's ``put``, here so
    that a compiled build calls it natively (resolution calls it at almost every step)."""
    return (*items[:at], value, *items[at + 1 :])
