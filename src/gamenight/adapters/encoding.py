"""A game's observation encoder, found through its ``encode`` part.

The part module (``<game package>/encode.py``, named in the game's plugin) defines:

- ``observation_size(game) -> int``: the length of the vector for this game object (it may
  depend on the player count and options, never on the state);
- ``encode(game, view, seat) -> numpy.ndarray``: ``seat``'s view (``game.observe(state,
  seat)``) as a float32 vector of that length, every value in [0, 1]. It reads the view only,
  so it holds what that seat may see and nothing more; the seat is passed because a view of a
  game with nothing hidden does not say whose it is;
- optionally ``encode_state(game, state, seat) -> numpy.ndarray``: the same vector as
  ``encode(game, game.observe(state, seat), seat)``, read straight from the state, so the
  adapters' inner loops need not build a view first (the test suite checks that the two agree
  on many seeded states of every game and player count);
- optionally ``encode_seats(game, state) -> list[numpy.ndarray]``: ``encode_state`` for every
  seat at once, what the seats see alike worked out once (the parallel PettingZoo environment
  observes every seat at every step);
- optionally ``state_encoder(game) -> Callable[[state, seat], numpy.ndarray]``:
  ``encode_state`` bound to one game object, what it works out per game looked up once (the
  adapters' inner loops call it; the same vectors, which the test suite checks);
- optionally ``max_chance_outcomes(game) -> int``: the most outcomes one chance step can have
  (OpenSpiel needs the bound up front).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from gamenight.engine.core import View
from gamenight.engine.errors import GameError
from gamenight.engine.game import Game
from gamenight.engine.registry import game_ids, game_part, plugin


class NoEncoder(GameError, LookupError):
    """The game has no ``encode`` part (or one that lacks the protocol's functions)."""


@dataclass(frozen=True)
class Encoder:
    """One game's encoder, bound to a game object: ``size`` values per observation."""

    game: Game[Any, Any]
    size: int
    function: Callable[[Game[Any, Any], View, int], np.ndarray]
    chance_bound: int | None
    #: The part's ``encode_state``, or ``None`` (then the view is built and encoded).
    state_function: Callable[[Game[Any, Any], Any, int], np.ndarray] | None = None
    #: The part's ``encode_seats``, or ``None`` (then every seat is encoded on its own).
    seats_function: Callable[[Game[Any, Any], Any], list[np.ndarray]] | None = None
    #: The part's ``state_encoder``, or ``None`` (then ``state_function`` is bound by
    #: ``functools.partial``).
    binder: Callable[[Game[Any, Any]], Callable[[Any, int], np.ndarray]] | None = None

    def __call__(self, view: View, seat: int) -> np.ndarray:
        """``seat``'s view as a float32 vector of ``size`` values."""
        return self.function(self.game, view, seat)

    def from_state(self, state: Any, seat: int) -> np.ndarray:
        """``seat``'s observation of ``state``: the same vector as encoding its view."""
        if self.state_function is not None:
            return self.state_function(self.game, state, seat)
        return self.function(self.game, self.game.observe(state, seat), seat)

    def all_seats(self, state: Any) -> list[np.ndarray]:
        """Every seat's observation of ``state``, by seat (the same vectors as
        :meth:`from_state`)."""
        if self.seats_function is not None:
            return self.seats_function(self.game, state)
        return [self.from_state(state, seat) for seat in range(self.game.players)]

    def state_encoder(self) -> Callable[[Any, int], np.ndarray]:
        """:meth:`from_state` as a plain function of the state and the seat (for loops)."""
        game, function = self.game, self.state_function
        if self.binder is not None:
            return self.binder(game)
        if function is not None:
            return functools.partial(function, game)
        encode, observe = self.function, game.observe

        def from_view(state: Any, seat: int) -> np.ndarray:
            return encode(game, observe(state, seat), seat)

        return from_view


def encodable_games() -> list[str]:
    """The ids of the installed games that have an ``encode`` part (without importing them)."""
    found = []
    for game_id in game_ids():
        try:
            if "encode" in plugin(game_id).parts:
                found.append(game_id)
        except GameError:  # a broken package: `gamenight list` names it
            continue
    return found


def encoder_for(game: Game[Any, Any]) -> Encoder:
    """The encoder of ``game`` (raises :class:`NoEncoder` naming the game if it has none)."""
    part = game_part(game.id, "encode")
    if part is None:
        raise NoEncoder(
            f"game {game.id!r} has no encode part, so learning adapters cannot observe it; "
            "add encode.py to its package and 'encode' to its plugin's parts"
        )
    missing = [name for name in ("observation_size", "encode") if not hasattr(part, name)]
    if missing:
        raise NoEncoder(f"the encode part of {game.id!r} lacks {', '.join(missing)}")
    bound = getattr(part, "max_chance_outcomes", None)
    return Encoder(
        game,
        int(part.observation_size(game)),
        part.encode,
        int(bound(game)) if bound is not None else None,
        getattr(part, "encode_state", None),
        getattr(part, "encode_seats", None),
        getattr(part, "state_encoder", None),
    )


class PicklesEncoder:
    """Pickling for an environment that keeps its ``encoder`` and the encoder's function as
    ``_encode``: the function (made inside the encoder, so not picklable by name) is left out
    of the pickle and made again from the encoder on load."""

    encoder: Encoder
    _encode: Callable[[Any, int], np.ndarray]

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle keeps: everything but the encoder's function."""
        return {k: v for k, v in vars(self).items() if k != "_encode"}

    def __setstate__(self, kept: dict[str, Any]) -> None:
        vars(self).update(kept)
        self._encode = self.encoder.state_encoder()
