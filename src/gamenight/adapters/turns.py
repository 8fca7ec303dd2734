"""A match turned into turns: at every step exactly one seat decides, by integer action id.

Learning libraries want one decision at a time. The engine's pending decisions map onto turns
like this (``Turns`` below; the OpenSpiel adapter does the same with explicit chance):

- chance (dice, draws, shuffles) is sampled from the object's seeded RNG, never shown;
- a single decision is that seat's turn;
- a match that ends while it is dealt, before anyone decides, is dealt again;
- simultaneous commitments are asked one seat at a time, lowest seat first; each seat's view
  hides the others' commitments until they are revealed, so the order tells nobody anything;
- races and reaction windows: every listed seat may act and the quickest hand wins. Here the
  quicker hand is drawn uniformly among the listed seats by the same seeded RNG, and that seat
  decides; its answer is applied at once. When a seat passes in a reaction window it leaves the
  window, so the next draw is among those still to answer: the window closes after every seat
  has answered in a uniformly random order, or as soon as one responds.

The action space is the game's integer codec (``game.num_actions``, ``game.action_id``,
``game.action_from_id``); the action mask comes from ``legal_actions``.

Rewards come at the end only and sum to zero: with ``n`` seats and ``k`` winners sharing the
win, each winner gets ``(n / k - 1) / (n - 1)`` and everyone else ``-1 / (n - 1)``; so a lone
winner gets +1, and with two players the loser gets -1. A seat that forfeits (an illegal move
under the ``lose`` policy) gets -1 and every other seat 0, as in PettingZoo's classic games
(its ``TerminateIllegalWrapper``); when several seats forfeit in the same step (the parallel
environment's simultaneous actions), each of them gets -1 and the others 0. A match cut short by
a step limit (truncated) gives everyone 0.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from numbers import Integral
from typing import Any

import numpy as np

from gamenight.engine.config import config_from_options
from gamenight.engine.core import CHANCE, Kind, Outcome, Pending, View
from gamenight.engine.errors import (
    ConfigError,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourDecision,
    brief,
)
from gamenight.engine.game import Game
from gamenight.engine.registry import game_class

_CHANCE_KIND, _TERMINAL_KIND = Kind.CHANCE, Kind.TERMINAL
#: Pending kinds where every listed seat may act and the quickest wins.
RACING = (Kind.RACE, Kind.REACTION)

#: Deals tried by ``Turns.reset`` for a match that leaves a decision to make.
_DEALS = 100

#: What to do with an illegal action id: raise ``IllegalAction`` (the match is unchanged), or
#: let the seat that sent it lose at once.
ILLEGAL_POLICIES = ("raise", "lose")

#: The environments' render modes: ``render()`` returns the table as text (``ansi``), or
#: prints it, as it also does after every reset and step (``human``), or returns it drawn as an
#: RGB image, a uint8 array of shape (height, width, 3) (``rgb_array``, for video capture).
RENDER_MODES = ("ansi", "human", "rgb_array")


def check_render_mode(render_mode: object) -> str | None:
    """``render_mode`` checked: ``None`` or one of :data:`RENDER_MODES`."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ConfigError(
            f"render_mode must be None, 'ansi', 'human' or 'rgb_array', got {brief(render_mode)}"
        )
    return render_mode


def check_render_seat(seat: object, players: int) -> int | None:
    """``render_seat`` checked: ``None`` (a spectator) or a seat."""
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, Integral) or not 0 <= int(seat) < players:
        raise ConfigError(
            f"render_seat must be None (a spectator) or a seat from 0 to {players - 1}, "
            f"got {brief(seat)}"
        )
    return int(seat)


def build_game(game_id: str, players: int | None = None, **options: Any) -> Game[Any, Any]:
    """A game from its id, a player count and its options as keywords (``target=50``).

    >>> build_game("toss-up", players=3, target=50).config.target
    50
    """
    cls = game_class(game_id)
    texts = [f"{key}={_option_text(key, value)}" for key, value in options.items()]
    return cls(config_from_options(cls.config_type, texts, players=players))


def _option_text(name: str, value: Any) -> str:
    """An option's value as the game's config reads it: a list's items joined by commas (a
    list inside a list is refused, not flattened)."""
    if isinstance(value, list | tuple):
        if any(isinstance(item, list | tuple) for item in value):
            raise ConfigError(f"option {name} takes a list of single values, got {brief(value)}")
        return ",".join(_option_text(name, item) for item in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def win_rewards(players: int, winners: Sequence[int]) -> list[float]:
    """Zero-sum final rewards: winners share (n / k - 1) / (n - 1), the others -1 / (n - 1).

    >>> win_rewards(2, [1])
    [-1.0, 1.0]
    >>> win_rewards(3, [0])
    [1.0, -0.5, -0.5]
    >>> win_rewards(4, [0, 1])
    [0.3333333333333333, 0.3333333333333333, -0.3333333333333333, -0.3333333333333333]
    """
    if not winners:
        return [0.0] * players
    share = 1.0 / len(set(winners))
    return [
        ((players * share if p in winners else 0.0) - 1.0) / (players - 1) for p in range(players)
    ]


def forfeit_rewards(players: int, losers: Sequence[int]) -> list[float]:
    """Final rewards when ``losers`` forfeit (illegal moves): -1 for each of them, 0 for every
    other seat, as PettingZoo's classic games give (not zero-sum: nobody earned a win).

    >>> forfeit_rewards(3, [1])
    [0.0, -1.0, 0.0]
    >>> forfeit_rewards(4, [0, 1])
    [-1.0, -1.0, 0.0, 0.0]
    """
    lost = set(losers)
    return [-1.0 if p in lost else 0.0 for p in range(players)]


def outcome_rewards(players: int, outcome: Outcome) -> list[float]:
    """Final rewards of a finished game (see :func:`win_rewards`)."""
    return win_rewards(players, outcome.winners)


def action_index(game: Game[Any, Any], action_id: Any) -> int:
    """``action_id`` checked as an integer id of ``game`` (numpy integers included)."""
    if isinstance(action_id, bool) or not isinstance(action_id, Integral):
        if isinstance(action_id, np.ndarray) and action_id.shape in ((), (1,)):
            return action_index(game, action_id.reshape(()).item())
        raise MalformedAction(
            f"an action is an integer id from 0 to {game.num_actions - 1}, got {action_id!r}"
        )
    index = int(action_id)
    if not 0 <= index < game.num_actions:
        raise MalformedAction(
            f"action id {index} is outside 0..{game.num_actions - 1} for {game.id}"
        )
    return index


#: Up to this many legal actions, a mask is filled item by item.
_FEW = 24
#: At most this many action objects have their ids kept by identity.
_KNOWN = 1 << 12


class ActionIds:
    """A game's action ids, worked out once: legal actions to ids and to masks without going
    through the codec action by action.

    The ids of the first action objects met (up to 4,096) are also kept by the objects'
    identity, with the objects, so an identity is never reused while kept: games hand out the
    same action objects again (their tables of moves), and an identity look-up skips the action
    dataclass's ``__hash__`` and ``__eq__``, which are Python calls (a legal sequence of objects
    all met before is looked up in one ``map``). Actions are immutable, so an object's id never
    changes.

    >>> ids = ActionIds(build_game("toss-up"))
    >>> ids.mask(ids.actions[1:]).tolist(), ids.sorted_ids(ids.actions[::-1])
    ([0, 1], [0, 1])
    """

    def __init__(self, game: Game[Any, Any], extra: int = 0) -> None:
        self.actions: tuple[Any, ...] = tuple(game.all_actions())
        self.size = len(self.actions)
        self.ids: dict[Any, int] = {a: i for i, a in enumerate(self.actions)}
        #: Masks are ``extra`` ids longer than the game's ids (0 there): the parallel
        #: environment's ``wait``.
        self._zeros = np.zeros(self.size + extra, dtype=np.int8)
        #: The action objects met whose ids are kept by identity: kept alive here, so that an
        #: identity found in ``_index`` is always that same object.
        self._held: list[Any] = list(self.actions)
        #: id(action) -> its id, for the action objects held.
        self._index: dict[int, int] = {id(a): i for i, a in enumerate(self.actions)}
        self._id_of = self._index.get
        #: The last legal sequence asked for and its ids, by identity (games that hand out the
        #: same sequence again, as Toss Up!'s roll-or-bank, skip the look-ups).
        self._last: tuple[Sequence[Any] | None, list[int]] = (None, [])
        #: The mask of a legal sequence asked for twice in a row, by identity.
        self._mask: tuple[Sequence[Any] | None, np.ndarray] = (None, self._zeros)
        #: The sorted ids of the last legal sequence asked for, by identity.
        self._sorted: tuple[Sequence[Any] | None, list[int]] = (None, [])

    def id_list(self, legal: Sequence[Any]) -> list[int]:
        """The ids of ``legal``, in its order (a list kept for the last sequence: read-only)."""
        last = self._last
        if last[0] is legal:
            return last[1]
        found: list[Any] = list(map(self._id_of, map(id, legal)))
        if None in found:  # an action object not met before
            found = self._look_up(legal)
        self._last = (legal, found)
        return found

    def _look_up(self, legal: Sequence[Any]) -> list[int]:
        """The ids of ``legal`` through the codec's table, the first objects met (up to 4,096)
        held and kept by identity, never dropped."""
        index, held = self._index, self._held
        found = []
        for action in legal:
            place = index.get(id(action))
            if place is None:
                place = self.ids[action]
                if len(held) < _KNOWN:
                    held.append(action)
                    index[id(action)] = place
            found.append(place)
        return found

    def sorted_ids(self, legal: Sequence[Any]) -> list[int]:
        """The ids of ``legal``, sorted (OpenSpiel's order). The list is kept and handed out
        again for the same sequence: read-only (copy it to hand it on)."""
        last = self._sorted
        if last[0] is legal:
            return last[1]
        found = sorted(self.id_list(legal))
        self._sorted = (legal, found)
        return found

    def allows(self, legal: Sequence[Any], index: int) -> bool:
        """Whether action id ``index`` is in ``legal`` (read off the ids last worked out when
        they are ``legal``'s)."""
        last = self._last
        if last[0] is legal:
            return index in last[1]
        return self.actions[index] in legal

    def zeros(self) -> np.ndarray:
        """An all-zero mask (a new array)."""
        return self._zeros.copy()

    def mask(self, legal: Sequence[Any]) -> np.ndarray:
        """1 for each action id in ``legal``, int8 (a new array)."""
        kept = self._mask
        if kept[0] is legal:
            return kept[1].copy()
        again = self._last[0] is legal
        mask = self._zeros.copy()
        if len(legal) <= _FEW:  # item by item is quicker than numpy's indexing for a few
            for index in self.id_list(legal):
                mask[index] = 1
        else:
            mask.put(self.id_list(legal), 1)
        if again:  # asked twice: kept (as Toss Up!'s one roll-or-bank sequence is asked for)
            self._mask = (legal, mask.copy())
        return mask


def _step_limit(max_steps: object) -> int | None:
    """``max_steps`` checked: a whole number of at least 1, or ``None`` for no limit."""
    if max_steps is None:
        return None
    if isinstance(max_steps, bool) or not isinstance(max_steps, Integral):
        raise ConfigError(f"max_steps must be a whole number or None, got {brief(max_steps)}")
    steps = int(max_steps)  # kept as a plain int, whatever integer type was given
    if steps < 1:
        raise ConfigError(f"max_steps must be at least 1 (or None for no limit), got {steps}")
    return steps


class Turns:
    """One match at a time as a string of turns, with its own seeded RNG.

    ``seat`` is who decides now (``None`` once the match is over). With ``draw=False`` the
    quicker hand of a race is not drawn: ``deciders`` lists every seat that may act, and the
    caller applies their actions itself (the parallel PettingZoo environment does). Masks are
    ``extra_ids`` longer than the game's ids, 0 there (the parallel environment's ``wait``).
    """

    def __init__(
        self, game: Game[Any, Any], max_steps: object = None, draw: bool = True, extra_ids: int = 0
    ):
        self.game = game
        self.players = game.players
        self.max_steps = _step_limit(max_steps)
        self.draw = draw
        self.codes = ActionIds(game, extra_ids)
        self.actions = self.codes.actions
        self.ids = self.codes.ids
        # The engine calls of every step, bound once.
        self._pending_of, self._apply = game.pending, game.apply
        self._sample, self._legal_of = game.sample_chance, game.legal_actions
        self.rng = random.Random()
        self.state: Any = game.initial_state()
        self.pending: Pending = game.pending(self.state)
        self.seat: int | None = None
        self.steps = 0
        self.truncated = False
        #: The seats that forfeited (illegal moves under the ``lose`` policy), if any.
        self.forfeited: tuple[int, ...] = ()
        #: Whether the match has ended (finished, forfeited or truncated).
        self.over = False
        #: The legal actions of one seat that may act in the current state, kept until the
        #: state changes (or the match ends).
        self._legal: tuple[int, Sequence[Any]] | None = None

    # ---- the match ---------------------------------------------------------------------------
    def reset(self, seed: object = None) -> None:
        """Start a new match; ``seed`` reseeds the RNG (``None``: go on with its stream).

        A match that ends while it is dealt, before anyone decides (a hand dealt as a winner in
        Toss Your Cookies), is dealt again with the RNG's next draws: learning libraries expect
        a reset to leave a decision to make.
        """
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, Integral):
                raise ConfigError(f"a seed is a whole number (or None), got {brief(seed)}")
            self.rng.seed(int(seed))
        for _ in range(_DEALS):
            self.state = self.game.initial_state()
            self.steps = 0
            self.truncated = False
            self.forfeited = ()
            self.over = False
            self._settle()
            if not self.over:
                return
        raise IllegalAction(f"{self.game.id}: {_DEALS} deals in a row ended before any decision")

    @property
    def deciders(self) -> tuple[int, ...]:
        """Every seat that may act now (several in a race, a reaction window or a commitment)."""
        return () if self.over else self.pending.players

    def _settle(self) -> None:
        """Resolve chance, then choose who decides (drawing the quicker hand in a race)."""
        rng, state = self.rng, self.state
        pending_of, apply, sample = self._pending_of, self._apply, self._sample
        pending = pending_of(state)
        while pending.kind is _CHANCE_KIND:
            state = apply(state, CHANCE, sample(state, rng))[0]
            pending = pending_of(state)
        self.state, self.pending = state, pending
        self._legal = None
        players = pending.players
        if pending.kind is _TERMINAL_KIND or self.over:
            self.over = True
            self.seat = None
        elif not players:
            raise IllegalAction(
                f"{self.game.id}: a {pending.kind.value} decision with nobody in it"
            )
        elif len(players) == 1 or pending.kind not in RACING or not self.draw:
            self.seat = players[0]
        else:
            self.seat = players[rng.randrange(len(players))]

    # ---- reading -----------------------------------------------------------------------------
    def legal(self, seat: int) -> Sequence[Any]:
        """The actions ``seat`` may take now (empty when it may not act)."""
        kept = self._legal  # kept only for a seat that may act, until anything changes
        if kept is not None and kept[0] == seat:
            return kept[1]
        if self.over or seat not in self.pending.players:
            return ()
        if self.draw and seat != self.seat:
            return ()
        legal = self._legal_of(self.state, seat)
        self._legal = (seat, legal)
        return legal

    def mask(self, seat: int) -> np.ndarray:
        """The action mask of ``seat``: 1 for each legal action id, int8 (a new array)."""
        kept = self._legal
        legal = kept[1] if kept is not None and kept[0] == seat else self.legal(seat)
        return self.codes.mask(legal) if legal else self.codes.zeros()

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see now (``None``: a spectator)."""
        return self.game.observe(self.state, seat)

    def rewards(self) -> list[float]:
        """The final rewards (all 0 until the match is over, and after a truncation)."""
        n = self.players
        if self.forfeited:
            return forfeit_rewards(n, self.forfeited)
        if self.truncated or self.pending.kind is not Kind.TERMINAL:
            return [0.0] * n
        return outcome_rewards(n, self.game.outcome(self.state))

    # ---- acting ------------------------------------------------------------------------------
    def decode(self, seat: int, action_id: Any) -> Any:
        """The action behind ``action_id`` if ``seat`` may take it now, else a precise error."""
        if type(action_id) is int and 0 <= action_id < len(self.actions):
            index = action_id
        else:
            index = action_index(self.game, action_id)
        if self.over:
            raise GameOver("the match is over; reset to play again")
        if (seat != self.seat) if self.draw else (seat not in self.pending.players):
            raise NotYourDecision(f"player {seat} may not act now (deciding: {self.seat})")
        action = self.actions[index]
        kept = self._legal  # the legal actions the mask was just made from, usually
        legal = kept[1] if kept is not None and kept[0] == seat else self.legal(seat)
        if not self.codes.allows(legal, index):
            why = self.game.explain_illegal(self.state, seat, action)
            text = self.game.action_to_text(action)
            raise IllegalAction(
                f"{text!r} (id {index}) is not legal now for player {seat}"
                f"{': ' + why if why else ''}"
            )
        return action

    def play(self, seat: int, action: Any, settle: bool = True) -> None:
        """Apply ``seat``'s action (already checked), count the step, and move on."""
        self.state = self._apply(self.state, seat, action)[0]
        self._legal = None
        self.steps += 1
        if self.max_steps is not None and self.steps >= self.max_steps:
            self.pending = self.game.pending(self.state)
            self.truncated = self.pending.kind is not Kind.TERMINAL
            self.over = True
        if settle:
            self._settle()

    def forfeit(self, *seats: int) -> None:
        """``seats`` lose at once (illegal moves under the ``lose`` policy: one seat's, or
        several sent in the same step)."""
        self.forfeited = seats
        self.over = True
        self.seat = None
        self._legal = None

    def settle(self) -> None:
        """Resolve chance and choose who decides next (after :meth:`play` with ``settle=False``)."""
        self._settle()
