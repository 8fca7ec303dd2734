"""The contract every game fulfils: :class:`Game`.

A game object is built from one config and is immutable; states are separate plain data. The
methods below are the whole interface that matches, bots, clients and adapters use:

- ``initial_state()``; ``pending(state)``: who decides now and how;
- ``legal_actions(state, player)``: the one source of legality (validation, bots, RL masks);
- ``apply(state, player, action)``: the next state and the events it caused (``player`` is
  :data:`CHANCE` for chance outcomes, sampled by the driver from ``chance_outcomes``);
- ``observe(state, viewer)``: what one seat (or a spectator, ``None``) may see, built field by
  field; ``shuffle_hidden(state, viewer, rng)``: a state the viewer cannot tell apart from this
  one (used to test redaction, and by bots that sample what they cannot see);
- ``view(state, viewer)``: the checked way to ``observe``. Seats that do not exist are handled
  here, once, the same way in every game: a viewer is a seat ``0`` to ``players - 1`` or ``None``
  (a spectator), and anything else (``-1``, ``players``, ``True``, ``"0"``) is refused with
  :class:`~gamenight.engine.errors.UnknownSeat` before the game's ``observe`` sees it, so a game
  never has to range-check its viewer (nor can it leak a hand by indexing with ``-1``);
- three action codecs: JSON, text and integer ids in ``range(num_actions)``.

:func:`field_copier` and :func:`field_replacer` are helpers for games whose transitions build
each next state from a copy of the last: they copy a slotted dataclass at about the cost of one
constructor call, where ``dataclasses.replace`` costs about five.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from functools import cached_property
from importlib import resources
from typing import Any, ClassVar, Generic, TypeVar

from gamenight.engine.codec import ActionCodec
from gamenight.engine.config import Config
from gamenight.engine.core import Event, Kind, Outcome, Pending, View
from gamenight.engine.errors import MalformedAction, UnknownSeat, brief
from gamenight.engine.words import Catalogue, Words, load_catalogue

S = TypeVar("S")
A = TypeVar("A")
T = TypeVar("T")


def field_copier(cls: type[T]) -> Callable[[T], T]:
    """A function that copies an instance of the slotted dataclass ``cls`` field by field.

    The copier is generated once from ``dataclasses.fields`` (so no field can be forgotten) and
    does not call ``__init__``: it costs about one constructor call, where
    ``dataclasses.replace`` costs about five. A transition copies the state it was given,
    changes the copy, and hands the copy out as the next state; the state it was given is never
    changed. The copy is shallow: fields hold immutable values (tuples, frozen dataclasses).

    >>> @dataclasses.dataclass(slots=True)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> copy = field_copier(Point)
    >>> p = Point(1, 2)
    >>> q = copy(p)
    >>> q == p and q is not p
    True
    """
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    body = "".join(f"\n    new.{name} = state.{name}" for name in names)
    source = f"def copy(state):\n    new = _new(cls){body}\n    return new\n"
    namespace: dict[str, Any] = {"cls": cls, "_new": object.__new__}
    exec(source, namespace)  # the way dataclasses builds __init__: one plain function
    copy: Callable[[T], T] = namespace["copy"]
    return copy


def put(items: tuple[T, ...], at: int, value: T) -> tuple[T, ...]:
    """``items`` with the item at ``at`` replaced by ``value`` (states keep per-seat tuples).

    >>> put((1, 2, 3), 1, 5)
    (1, 5, 3)
    """
    return (*items[:at], value, *items[at + 1 :])


def field_replacer(cls: type[T]) -> Callable[..., T]:
    """``dataclasses.replace`` for the slotted dataclass ``cls``, at about a quarter of its cost.

    ``replace(state, **changes)`` copies ``state`` with :func:`field_copier` and sets the
    changed fields on the copy (a name that is not a field is an ``AttributeError``). It calls
    no ``__init__`` nor ``__post_init__``, so it suits plain state classes that have neither
    checks nor derived fields. A game may bind it under ``if not TYPE_CHECKING:`` so that the
    type checker goes on reading its calls as ``dataclasses.replace``, with every field checked.

    >>> @dataclasses.dataclass(slots=True)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> field_replacer(Point)(Point(1, 2), y=5)
    Point(x=1, y=5)
    """
    copy = field_copier(cls)

    def replace(state: T, /, **changes: Any) -> T:
        new = copy(state)
        for name, value in changes.items():
            setattr(new, name, value)
        return new

    return replace


class Game(ABC, Generic[S, A]):
    """Base class of every game. Subclasses set the class attributes and the abstract methods."""

    #: Registry id, e.g. ``"toss-up"``.
    id: ClassVar[str]
    #: Display name, e.g. ``"Toss Up!"``.
    title: ClassVar[str]
    #: One line on what the game is.
    summary: ClassVar[str]
    #: The game's config class.
    config_type: ClassVar[type[Config]]
    #: Every action class (player and chance actions), for the codecs.
    action_types: ClassVar[tuple[type[Any], ...]]
    #: Whether some of the state is hidden from some players (hands, commitments).
    hidden_information: ClassVar[bool] = True
    #: The kinds of decision the game can ask for (the conformance kit holds it to them; the
    #: browser's lobby offers only the time limits that apply).
    decisions: ClassVar[frozenset[Kind]] = frozenset(
        {Kind.SINGLE, Kind.SIMULTANEOUS, Kind.RACE, Kind.REACTION}
    )
    #: Event kinds after which a live table pauses before going on (``LiveSettings.round_pause``)
    #: so that everyone sees what happened: a round won, before the next is dealt.
    pause_after: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, config: Config | None = None) -> None:
        config = config if config is not None else self.config_type()
        if not isinstance(config, self.config_type):
            raise TypeError(f"{self.id} needs a {self.config_type.__name__}")
        self.config = config
        self.players = config.players
        self.codec = ActionCodec(self.action_types)

    # ---- seats -------------------------------------------------------------------------------
    def check_viewer(self, viewer: object) -> int | None:
        """``viewer`` as a seat number, or ``None`` (a spectator); else :class:`UnknownSeat`."""
        if viewer is None:
            return None
        return self._seat(viewer, "seat", "; None views as a spectator")

    def check_player(self, player: object) -> int:
        """``player`` as a seat number; anything else (``None`` too) is :class:`UnknownSeat`."""
        return self._seat(player, "player", "")

    def _seat(self, value: object, noun: str, spectator: str) -> int:
        last = self.players - 1
        if isinstance(value, bool) or not isinstance(value, int):
            raise UnknownSeat(
                f"a {noun} is a seat number, 0 to {last}{spectator}; got {brief(value, 40)}"
            )
        if not 0 <= value <= last:
            raise UnknownSeat(
                f"there is no {noun} {brief(value, 40)}; {noun}s are 0 to {last}{spectator}"
            )
        return int(value)

    def view(self, state: S, viewer: int | None) -> View:
        """What ``viewer`` may see (``observe``), once the viewer is known to exist.

        Raises :class:`UnknownSeat` for anything but a seat number or ``None``.
        """
        return self.observe(state, self.check_viewer(viewer))

    # ---- rules -------------------------------------------------------------------------------
    @abstractmethod
    def initial_state(self) -> S:
        """The state before the first move (usually a chance node: shuffle or roll)."""

    @abstractmethod
    def pending(self, state: S) -> Pending:
        """Who must decide now, and how."""

    @abstractmethod
    def legal_actions(self, state: S, player: int) -> Sequence[A]:
        """Every action ``player`` may take now (empty when they may not act)."""

    def is_legal(self, state: S, player: int, action: A) -> bool:
        """Whether ``action`` is legal now for ``player`` (by ``legal_actions``)."""
        return action in self.legal_actions(state, player)

    def explain_illegal(self, state: S, player: int, action: A) -> str | None:
        """Why ``action`` is not legal now for ``player``, in words (``None``: no reason given).

        ``Match`` puts the reason at the front of its ``IllegalAction`` message; games may
        override this to name the exact rule that was broken.
        """
        return None

    def explain_not_deciding(self, state: S, player: int, action: A) -> str | None:
        """Why ``player`` is not among those deciding now, in the game's words (``None``: none).

        ``Match`` appends the reason to its ``NotYourDecision`` message; games may override this
        to name the rule that keeps a player out (a cap reached, a commitment already in).
        """
        return None

    @abstractmethod
    def apply(self, state: S, player: int, action: A) -> tuple[S, tuple[Event, ...]]:
        """Apply a legal action (or a chance outcome with ``player=CHANCE``).

        Returns the new state and the events caused; ``state`` itself is left unchanged. The
        caller guarantees legality (``Match`` checks it); apply does not check again.
        """

    @abstractmethod
    def chance_outcomes(self, state: S) -> Sequence[tuple[A, float]]:
        """At a chance node: every outcome with its probability (they sum to 1)."""

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """Sample one chance outcome with ``rng``; games may override with a faster draw that
        follows the same distribution as ``chance_outcomes``."""
        outcomes = self.chance_outcomes(state)
        return rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0]

    @abstractmethod
    def observe(self, state: S, viewer: int | None) -> View:
        """What ``viewer`` may see, as JSON data (``None``: a spectator).

        ``viewer`` is a seat that exists or ``None``: callers go through :meth:`view` (or
        ``Match.view``), which refuses any other viewer before this is called.
        """

    @abstractmethod
    def shuffle_hidden(self, state: S, viewer: int | None, rng: random.Random) -> S:
        """A state that differs from ``state`` only in what ``viewer`` cannot see."""

    def sample_state(self, view: View, seat: int, rng: random.Random) -> S:
        """A full state drawn from ``seat``'s ``view`` alone: every card the seat cannot see dealt
        uniformly from those it has not seen, so that ``observe(state, seat) == view`` (the
        contract is ``SAMPLE_STATE_CONTRACT`` in ``bots/ismcts.py``). All four built-in games
        draw their own (``sample.py``); a game that does not override it raises
        ``NotImplementedError`` here and :meth:`draws_states` is false for it."""
        raise NotImplementedError(f"{self.id} draws no states from a view (no sample_state)")

    @classmethod
    def draws_states(cls) -> bool:
        """Whether the game overrides :meth:`sample_state` (searching bots then need nothing
        but the view; the conformance kit checks the states it draws)."""
        return cls.sample_state is not Game.sample_state

    @abstractmethod
    def outcome(self, state: S) -> Outcome:
        """Winners, scores and turn count of a finished game."""

    # ---- action codecs -------------------------------------------------------------------------
    @abstractmethod
    def all_actions(self) -> Sequence[A]:
        """Every player action this config can ever allow, in id order (fixed per config)."""

    @cached_property
    def _ids(self) -> dict[A, int]:
        return {a: i for i, a in enumerate(self.all_actions())}

    @property
    def num_actions(self) -> int:
        """The size of the integer action space."""
        return len(self._ids)

    def action_id(self, action: A) -> int:
        """The integer id of a player action."""
        try:
            return self._ids[action]
        except (KeyError, TypeError):  # TypeError: an unhashable value is no action either
            raise MalformedAction(f"{brief(action)} has no id in {self.id}") from None

    def action_from_id(self, action_id: int) -> A:
        """The player action with integer id ``action_id``."""
        actions = self.all_actions()
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise MalformedAction(f"an action id is a whole number, got {brief(action_id)}")
        if not 0 <= action_id < len(actions):
            raise MalformedAction(f"action id {brief(action_id)} is outside 0..{len(actions) - 1}")
        return actions[action_id]

    def action_to_json(self, action: A) -> dict[str, Any]:
        """Encode an action as JSON data."""
        return self.codec.to_json(action)

    def action_from_json(self, data: Any) -> A:
        """Decode an action from JSON data (raises ``MalformedAction``)."""
        action: A = self.codec.from_json(data)
        return action

    def action_to_text(self, action: A) -> str:
        """Encode an action as terminal text."""
        return self.codec.to_text(action)

    def action_from_text(self, text: str) -> A:
        """Decode an action from terminal text (raises ``MalformedAction``)."""
        action: A = self.codec.from_text(text)
        return action

    # ---- words ---------------------------------------------------------------------------------
    def event_words(self, event: View) -> Words | None:
        """An event as a viewer may see it (``Event.for_viewer``) in words: a key of the game's
        catalogue and its parameters (``None``: the event is not told). Only what the redacted
        event shows can be worded, so words never tell a card their viewer may not see."""
        return None

    @classmethod
    def words_catalogue(cls, lang: str) -> Catalogue:
        """The game's words in ``lang`` (``words/<lang>.json`` in its package; ``{}``: none)."""
        return load_catalogue(cls.__module__.rpartition(".")[0], lang)

    # ---- documentation ------------------------------------------------------------------------
    @classmethod
    def rules_text(cls) -> str:
        """The game's rules page (``rules.md`` in its package)."""
        package = cls.__module__.rpartition(".")[0]
        return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")
