"""Cover Your Cookies' actions: what a player (or chance) does, as small frozen values.

The match's codecs read each class's fields and their types (so this module stays plain Python
in a compiled build, see ``setup.py``); :func:`malformed_field` checks an action built in code.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, get_args, get_origin, get_type_hints


@dataclass(frozen=True, slots=True)
class FormBatch:
    """Start a Batch: ``cards`` from hand (sorted), plus ``pile``: the discarded cookie taken
    with them, or ``None`` when both cards come from the hand."""

    cards: tuple[str, ...]
    pile: str | None = None


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


def _field_hints(cls: type[Any]) -> tuple[tuple[str, Any], ...]:
    hints = get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


def _fits_type(value: Any, hint: Any) -> bool:
    if get_origin(hint) is tuple:
        item = get_args(hint)[0]
        return isinstance(value, tuple) and all(_fits_type(v, item) for v in value)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    return isinstance(value, str) or value is None  # ``str | None``: the one optional field


#: Each action class's fields with their types, for :func:`malformed_field`.
_HINTS = {cls: _field_hints(cls) for cls in ACTION_TYPES}


def malformed_field(action: Any) -> str | None:
    """The first field of an action holding a value of the wrong type (``None``: all fit).

    Actions reach ``Match.submit`` from code as well as from the codecs, so a refusal must be
    worded without trusting the field types.

    >>> malformed_field(Swipe(target=None, card="sugar"))
    'target'
    >>> malformed_field(Swipe(1, "sugar")) is None
    True
    """
    if not isinstance(action, ACTION_TYPES):
        return None
    for name, hint in _HINTS[type(action)]:
        if not _fits_type(getattr(action, name), hint):
            return name
    return None
