"""RLCard environments for every gamenight game with an encoder: ``gamenight-<game id>``.

>>> import rlcard
>>> from gamenight.adapters.rlcard import register
>>> register()
>>> env = rlcard.make("gamenight-toss-up", config={"seed": 7, "game_num_players": 3})
>>> state, player = env.reset()
>>> env.num_players, env.num_actions, env.state_shape[0], player
(3, 2, [27], 0)
>>> list(state["legal_actions"]), state["raw_legal_actions"]
([0, 1], ['roll', 'bank'])

Importing this module registers every installed game with an encoder (``register()`` does it
again for games installed since; registering twice is harmless). The conventions are RLCard's:

- ``config``: ``seed`` (a whole number, or ``None``), ``allow_step_back``, the player count as
  ``game_num_players`` and any game option as ``game_<option>`` (``game_target=50``);
  ``max_steps`` cuts a match after that many decisions (payoffs 0). Other keys are RLCard's
  own (its agents' settings, for instance) and are left alone.
- A state (``reset``, ``step``, ``get_state``) is a dict: ``obs`` (the game's float32 vector of
  that seat's view, ``state_shape[seat]``), ``legal_actions`` (an ``OrderedDict`` from each
  legal action id to ``None``, ids in increasing order), ``raw_obs`` (the seat's own view,
  ``game.observe(state, seat)``, JSON data), ``raw_legal_actions`` (the same actions as text, in
  the same order) and ``action_record`` (every ``(player, action text)`` played so far).
- ``step(action_id)`` or ``step(text, raw_action=True)`` (what RLCard's raw agents send); an
  action that is not legal now raises ``IllegalAction`` with the rule's reason, and the match is
  unchanged (RLCard has no reward channel before the end to score a forfeit with).
- ``get_payoffs()``: the final rewards of :mod:`gamenight.adapters.turns` (zero-sum, a lone
  winner +1), as a numpy array.
- Chance and the quicker hand of a race are drawn as in the other adapters, from an RNG seeded
  at each ``reset`` from the environment's ``np_random`` (so ``config["seed"]`` fixes every
  match that environment plays).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

import numpy as np
from rlcard.envs import Env
from rlcard.envs.registration import register as rlcard_register
from rlcard.envs.registration import registry

from gamenight.adapters.encoding import encodable_games, encoder_for
from gamenight.adapters.turns import Turns, build_game
from gamenight.engine.errors import ConfigError, GameOver, IllegalAction, brief
from gamenight.engine.game import Game

#: The prefix of every gamenight environment id in RLCard's registry.
PREFIX = "gamenight-"
#: RLCard's own config keys: passed by ``rlcard.make`` or read by its agents and tools.
_RLCARD_KEYS = ("seed", "allow_step_back")


def env_id(game_id: str) -> str:
    """The RLCard id of a game: ``gamenight-<game id>``.

    >>> env_id("paper-toss")
    'gamenight-paper-toss'
    """
    return PREFIX + game_id


def _options(config: Mapping[str, Any]) -> tuple[int | None, dict[str, Any]]:
    """The player count and game options of an RLCard config (keys ``game_*``)."""
    players = config.get("game_num_players")
    options = {
        key.removeprefix("game_"): value
        for key, value in config.items()
        if key.startswith("game_") and key != "game_num_players"
    }
    return players, options


class RLCardGame:
    """A match as RLCard's environments want their game: ``init_game``, ``step``,
    ``step_back``, ``get_state``, ``get_payoffs`` and the counts, over :class:`Turns`."""

    def __init__(self, game: Game[Any, Any], max_steps: object = None) -> None:
        self.game = game
        self.turns = Turns(game, max_steps)
        self.encoder = encoder_for(game)
        self._encode = self.encoder.state_encoder()
        #: Set by RLCard's ``Env.seed``: the RNG each match's own seed is drawn from.
        self.np_random: np.random.RandomState = np.random.RandomState()
        #: Set by RLCard's ``Env``: whether ``step_back`` may be used.
        self.allow_step_back = False
        self._history: list[tuple[Any, ...]] = []
        self._record: list[tuple[int, str]] = []

    # ---- counts ------------------------------------------------------------------------------
    def get_num_players(self) -> int:
        """The number of seats."""
        return self.game.players

    def get_num_actions(self) -> int:
        """The number of action ids (the game's integer codec)."""
        return self.game.num_actions

    # ---- play --------------------------------------------------------------------------------
    def init_game(self) -> tuple[dict[str, Any], int]:
        """A new match, seeded from ``np_random``: the first decider's state and seat."""
        self.turns.reset(int(self.np_random.randint(0, 2**31 - 1)))
        self._history.clear()
        self._record.clear()
        seat = self.get_player_id()
        return self.get_state(seat), seat

    def get_player_id(self) -> int:
        """Who decides now (at the end: the seat that decided last, as RLCard's games keep)."""
        seat = self.turns.seat
        return self._last_seat if seat is None else seat

    @property
    def _last_seat(self) -> int:
        return self._record[-1][0] if self._record else 0

    def is_over(self) -> bool:
        """Whether the match has ended (finished or cut by ``max_steps``)."""
        return self.turns.over

    def decode(self, action: Any) -> Any:
        """The game action behind an id or an action's text, if the decider may take it now."""
        turns = self.turns
        if turns.over:
            raise GameOver("the match is over; reset to play again")
        seat = turns.seat
        assert seat is not None
        if isinstance(action, str):
            try:
                parsed = self.game.action_from_text(action)
            except Exception as exc:  # the game's parser says what it could not read
                raise IllegalAction(
                    f"{action!r} is not an action of {self.game.id}: {exc}"
                ) from exc
            action = self.game.action_id(parsed)
        return turns.decode(seat, action)

    def step(self, action: Any) -> tuple[dict[str, Any], int]:
        """The decider takes ``action`` (an id, a text or an action already decoded); the next
        decider's state and seat."""
        turns = self.turns
        seat = turns.seat
        if seat is None:
            raise GameOver("the match is over; reset to play again")
        if isinstance(action, str | int | np.integer):
            chosen = self.decode(action)
        elif action in turns.legal(seat):  # an action ``_decode_action`` has just checked
            chosen = action
        else:
            chosen = self.decode(turns.ids.get(action, action))
        if self.allow_step_back:
            self._history.append(self._snapshot())
        turns.play(seat, chosen)
        self._record.append((seat, self.game.action_to_text(chosen)))
        nxt = self.get_player_id()
        return self.get_state(nxt), nxt

    def _snapshot(self) -> tuple[Any, ...]:
        t = self.turns
        return (t.state, t.pending, t.seat, t.steps, t.truncated, t.over, t.rng.getstate(),
                len(self._record))  # fmt: skip

    def step_back(self) -> bool:
        """Undo the last action (``False`` at the start of the match)."""
        if not self._history:
            return False
        t = self.turns
        (t.state, t.pending, t.seat, t.steps, t.truncated, t.over, rng, played) = (
            self._history.pop()
        )
        t.rng.setstate(rng)
        t.forfeited = ()
        t._legal = None  # the legal actions kept were the later state's
        del self._record[played:]
        return True

    # ---- reading -----------------------------------------------------------------------------
    def get_state(self, player_id: int) -> dict[str, Any]:
        """What seat ``player_id`` sees and may do now (see the module's docstring)."""
        turns, game = self.turns, self.game
        legal = turns.legal(player_id)
        ids = turns.codes.sorted_ids(legal) if legal else []
        return {
            "obs": self._encode(turns.state, player_id),
            "legal_actions": OrderedDict((i, None) for i in ids),
            "raw_obs": game.observe(turns.state, player_id),
            "raw_legal_actions": [game.action_to_text(turns.actions[i]) for i in ids],
            "action_record": self._record,
        }

    def get_payoffs(self) -> np.ndarray:
        """The final rewards by seat (all 0 before the end and after a cut)."""
        return np.array(self.turns.rewards(), dtype=np.float64)

    def every_view(self) -> list[dict[str, Any]]:
        """Every seat's view: what RLCard calls perfect information (every hand shown)."""
        return [self.game.observe(self.turns.state, p) for p in range(self.game.players)]


class GamenightRLCardEnv(Env):  # type: ignore[misc]
    """One gamenight game as an RLCard environment (``rlcard.make("gamenight-<id>")``)."""

    def __init__(self, config: Mapping[str, Any], game_id: str = "toss-up") -> None:
        if not isinstance(config, Mapping):
            raise ConfigError(f"an RLCard config is a dict, got {brief(config)}")
        full = {"allow_step_back": False, "seed": None, **config}
        seed = full["seed"]
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0
        ):
            raise ConfigError(
                f"seed must be a whole number of at least 0 or None, got {brief(seed)}"
            )
        full["seed"] = None if seed is None else int(seed)
        players, options = _options(full)
        self.name = env_id(game_id)
        self.default_game_config: dict[str, Any] = {}
        self.game = RLCardGame(build_game(game_id, players, **options), full.get("max_steps"))
        super().__init__(full)
        self.state_shape = [[self.game.encoder.size] for _ in range(self.num_players)]
        self.action_shape = [None for _ in range(self.num_players)]

    def _extract_state(self, state: dict[str, Any]) -> dict[str, Any]:
        """The game's state dicts are RLCard's already (``obs``, ``legal_actions``, ...)."""
        return state

    def _decode_action(self, action_id: Any) -> Any:
        """The game action behind ``action_id``, checked legal for the decider."""
        return self.game.decode(action_id)

    def _get_legal_actions(self) -> list[int]:
        """The legal action ids of the decider, in increasing order."""
        turns = self.game.turns
        seat = turns.seat
        return [] if seat is None else list(turns.codes.sorted_ids(turns.legal(seat)))

    def get_payoffs(self) -> np.ndarray:
        """The final rewards by seat (zero-sum; 0 each before the end and after a cut)."""
        return self.game.get_payoffs()

    def get_perfect_information(self) -> dict[str, Any]:
        """RLCard's perfect information: every seat's view (every hand: for debugging and
        search, never for a seat's agent), the decider and its legal action texts."""
        seat = self.game.turns.seat
        return {
            "current_player": self.get_player_id(),
            "legal_actions": [] if seat is None else self.get_state(seat)["raw_legal_actions"],
            "views": self.game.every_view(),
            "steps": self.game.turns.steps,
        }


def _factory(game_id: str) -> Any:
    """The entry point RLCard's registry calls with the config: the environment of ``game_id``."""

    def make(config: Mapping[str, Any]) -> GamenightRLCardEnv:
        return GamenightRLCardEnv(config, game_id)

    make.__name__ = make.__qualname__ = _entry_name(game_id)
    return make


def _entry_name(game_id: str) -> str:
    """The module attribute RLCard's registry finds a game's entry point under."""
    return "make_" + game_id.replace("-", "_")


_ENTRIES: dict[str, Any] = {}


def __getattr__(name: str) -> Any:
    """``make_<game id with underscores>``: each registered game's entry point."""
    try:
        return _ENTRIES[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


def register(ids: str | list[str] | None = None) -> None:
    """Register every installed game with an encoder (or those of ``ids``) in RLCard's registry
    as ``gamenight-<id>``; a game registered already is left as it is."""
    chosen = encodable_games() if ids is None else [ids] if isinstance(ids, str) else list(ids)
    for game_id in chosen:
        encoder_for(build_game(game_id))  # refuses a game without an encoder, by name
        name = _entry_name(game_id)
        _ENTRIES.setdefault(name, _factory(game_id))
        if env_id(game_id) not in registry.env_specs:
            rlcard_register(env_id(game_id), f"{__name__}:{name}")


register()
