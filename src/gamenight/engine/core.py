"""Core value types shared by every game: who decides now, events, outcomes, views.

A game's *state* is plain data that is never changed once handed out; ``Game.apply`` returns a new
state and the events it caused. ``Pending`` says who must decide now and how; ``Event`` carries a
public part and an optional secret part that only its audience may see.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

#: The pseudo-player that makes chance moves (dice, draws, shuffles).
CHANCE = -1

#: A view or event as sent to one viewer: JSON-ready data (str keys, JSON values).
View = dict[str, Any]


class Kind(enum.Enum):
    """How the players named by a ``Pending`` decide.

    - ``CHANCE``: nobody decides; the driver samples ``Game.chance_outcomes``.
    - ``SINGLE``: exactly one player decides.
    - ``SIMULTANEOUS``: each listed player commits once, hidden from the others; the commitments
      are revealed and resolved together when the last one is in.
    - ``RACE``: every listed player may act; the first legal action to arrive wins and the
      others see the new state (a late one is answered "too slow" by the match's version check).
    - ``REACTION``: a response window; every listed player is asked and answers with a response
      or a pass. Who is listed follows the rules, never who holds a matching card.
    - ``TERMINAL``: the game is over.
    """

    CHANCE = "chance"
    SINGLE = "single"
    SIMULTANEOUS = "simultaneous"
    RACE = "race"
    REACTION = "reaction"
    TERMINAL = "terminal"


@dataclass(frozen=True, slots=True)
class Pending:
    """Who must decide now (``players``) and how (``kind``), apart from whose turn it is."""

    kind: Kind
    players: tuple[int, ...] = ()
    turn: int | None = None
    window: str = ""

    def to_json(self) -> View:
        """The pending decision as JSON data."""
        return {
            "kind": self.kind.value,
            "players": list(self.players),
            "turn": self.turn,
            "window": self.window,
        }


class Event(NamedTuple):
    """Something that happened. ``data`` is public; ``secret`` is seen only by ``audience``.

    >>> e = Event("drew", {"player": 1}, secret={"card": "dog"}, audience=frozenset({1}))
    >>> e.for_viewer(1)
    {'kind': 'drew', 'player': 1, 'card': 'dog'}
    >>> e.for_viewer(0)
    {'kind': 'drew', 'player': 1}
    """

    kind: str
    data: Mapping[str, Any]
    secret: Mapping[str, Any] | None = None
    audience: frozenset[int] = frozenset()

    def for_viewer(self, viewer: int | None) -> View:
        """The event as ``viewer`` may see it (``None`` is a spectator, who sees no secret; so is
        anything that is not a seat number, such as ``True``)."""
        out: View = {"kind": self.kind, **self.data}
        if (
            self.secret is not None
            and type(viewer) is int  # a bool is an int, yet True is not seat 1
            and viewer in self.audience
        ):
            out.update(self.secret)
        return out


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: winners (several when a victory is shared), scores, turns."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    turns: int

    def to_json(self) -> View:
        """The outcome as JSON data."""
        return {"winners": list(self.winners), "scores": list(self.scores), "turns": self.turns}


#: Event kinds every game uses with the same meaning and fields, so that simulation, screens
#: and clients read them without knowing the game.
TURN_STARTED = "turn_started"  #: ``player``: whose turn begins.
GAME_OVER = "game_over"  #: ``winners``: list of seats (several when shared); game-specific extras.


def game_over(winners: tuple[int, ...] | list[int], **extra: Any) -> Event:
    """The one end-of-game event: public, with the winners as a list of seats.

    >>> game_over((2,), reason="target").for_viewer(None)
    {'kind': 'game_over', 'winners': [2], 'reason': 'target'}
    """
    return Event(GAME_OVER, {"winners": list(winners), **extra})


def turn_started(player: int, **extra: Any) -> Event:
    """The event that starts ``player``'s turn (public)."""
    return Event(TURN_STARTED, {"player": player, **extra})


#: Pending values with no players, shared by every game.
CHANCE_PENDING = Pending(Kind.CHANCE)
TERMINAL_PENDING = Pending(Kind.TERMINAL)
