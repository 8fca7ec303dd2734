"""OpenSpiel games for every gamenight game: :func:`register`, then ``pyspiel.load_game``.

>>> import pyspiel
>>> from gamenight.adapters.openspiel import register
>>> "gamenight_toss_up" in register()
True
>>> game = pyspiel.load_game("gamenight_toss_up(players=3,target=50)")
>>> game.num_players(), game.num_distinct_actions()
(3, 2)

Each game is registered as ``gamenight_<id with underscores>``, sequential, with explicit
chance: every die roll, shuffle and draw is a chance node with its exact distribution (outcome
``i`` is the ``i``-th of the game's ``chance_outcomes`` at that node). Races and reaction windows
with several seats listed become an explicit chance node "who is quicker" (each listed seat
equally likely), followed by that seat's decision; simultaneous commitments are asked one seat
at a time, lowest first, each seat's observation hiding the others' commitments.

Parameters: ``players``, every option of the game (a list option is written with ``;``
between items, since commas separate parameters: ``faces=green;green;red``) and
``max_game_length``, the decisions after which a match is cut short (everyone's return 0). The
returns are zero-sum, in [-1, 1] (see :mod:`gamenight.adapters.turns`). Observation tensors are
the game's encoding of a seat's view; observation strings that view as JSON. Information states
(perfect recall) and resampling from them are in :mod:`gamenight.adapters.infostate`. Toss Up!
also takes ``turn_limit``, a bounded variant (not the real game): the match ends once that many
turns are over, the highest banked total winning (a tie is a draw). States serialize the way
OpenSpiel's Python games do (the action history and the pickled state), so
``pyspiel.serialize_game_and_state`` round-trips.
"""

from __future__ import annotations

import dataclasses
import json
import operator
from bisect import bisect_left
from typing import Any, ClassVar

import numpy as np
import pyspiel

from gamenight.adapters.encoding import Encoder, encodable_games, encoder_for
from gamenight.adapters.infostate import InformationStates, Recaller, RecallObserver
from gamenight.adapters.turns import RACING, ActionIds, win_rewards
from gamenight.engine.config import Config, config_from_options
from gamenight.engine.core import CHANCE, Kind, Pending
from gamenight.engine.errors import ConfigError, GameOver, IllegalAction
from gamenight.engine.game import Game
from gamenight.engine.registry import game_class

#: Decisions after which a match is cut short unless the game says otherwise.
MAX_GAME_LENGTH = 100_000
#: How list options are written in an OpenSpiel game string.
LIST_SEPARATOR = ";"
#: The games that take the adapter's ``turn_limit`` (their states count the turns played in
#: ``turns``); Paper Toss!'s own ``turn_limit`` option is the game's, handed to it.
TURN_LIMITED = ("toss-up",)

#: OpenSpiel name -> the game type registered. OpenSpiel's registry keeps each factory until the
#: process ends, after the interpreter has shut down; a factory that is a closure makes the
#: process abort then. So each factory is a class naming its game (as OpenSpiel's own Python
#: games do), which looks its type up here.
_TYPES: dict[str, Any] = {}


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a gamenight game: ``gamenight_`` and the id with underscores."""
    return "gamenight_" + game_id.replace("-", "_")


def _parameter(value: Any) -> Any:
    if isinstance(value, tuple):
        return LIST_SEPARATOR.join(str(v) for v in value)
    return value


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return ",".join(p for p in value.split(LIST_SEPARATOR))
    return str(value)


def register(ids: str | list[str] | None = None) -> list[str]:
    """Register every installed game that has an encoder (or those of ``ids``: a list of game
    ids, or one) with OpenSpiel; returns their OpenSpiel names. Registering again is harmless."""
    if isinstance(ids, str):
        ids = [ids]
    names = []
    for game_id in ids if ids is not None else encodable_games():
        name = short_name(game_id)
        if name not in _TYPES:
            game_type = _TYPES[name] = _game_type(game_id, name)
            factory = type(f"{name}_game", (GamenightGame,), {"game_id": game_id})
            pyspiel.register_game(game_type, factory)
        names.append(name)
    return names


def _game_type(game_id: str, name: str) -> Any:
    cls = game_class(game_id)
    config_type: type[Config] = cls.config_type
    defaults = config_type()
    spec = {f.name: _parameter(getattr(defaults, f.name)) for f in dataclasses.fields(defaults)}
    spec["max_game_length"] = MAX_GAME_LENGTH
    if game_id in TURN_LIMITED:
        spec["turn_limit"] = 0
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=name,
        long_name=f"gamenight {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            info.IMPERFECT_INFORMATION if cls.hidden_information else info.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=config_type.max_players,
        min_num_players=config_type.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


class GamenightGame(pyspiel.Game):
    """A gamenight game seen by OpenSpiel (one per set of parameters); :func:`register` makes
    a subclass per game id."""

    game_id: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        game_id = self.game_id
        cls = game_class(game_id)
        game_type = _TYPES[short_name(game_id)]
        values = {**game_type.parameter_specification, **params}
        max_length = int(values.pop("max_game_length"))
        if max_length < 1:
            raise ConfigError(f"max_game_length must be at least 1, got {max_length}")
        turn_limit = int(values.pop("turn_limit")) if game_id in TURN_LIMITED else 0
        if turn_limit < 0:
            raise ConfigError(f"turn_limit must be 0 (none) or more, got {turn_limit}")
        players = int(values.pop("players"))
        texts = [f"{key}={_option_text(value)}" for key, value in values.items()]
        engine = cls(config_from_options(cls.config_type, texts, players=players))
        encoder = encoder_for(engine)
        info = pyspiel.GameInfo(
            num_distinct_actions=engine.num_actions,
            max_chance_outcomes=max(encoder.chance_bound or 1, players),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_length,
        )
        super().__init__(game_type, info, params)
        self.engine = engine
        self.encoder = encoder
        self.codes = ActionIds(engine)
        self.recaller = Recaller(engine, encoder, engine.num_actions)
        attributes = {
            "engine": engine,
            "encoder": encoder,
            "codes": self.codes,
            "actions": self.codes.actions,
            "encode": staticmethod(encoder.state_encoder()),
            "apply": staticmethod(engine.apply),
            "pending": staticmethod(engine.pending),
            "legal_of": staticmethod(engine.legal_actions),
            "sorted_ids": staticmethod(self.codes.sorted_ids),
            "seats": engine.players,
            "converted": {},
            "max_length": max_length,
            "recaller": self.recaller,
            "turn_limit": turn_limit,
        }
        base = TurnLimitedState if turn_limit else GamenightState
        self.state_class = type("GamenightMatchState", (base,), attributes)

    def new_initial_state(self) -> GamenightState:
        """The state before the first chance step."""
        state: GamenightState = self.state_class(self)
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game string (each game's class is made by :func:`register`)."""
        return (_load_game, (str(self),))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Any = None
    ) -> Observer | RecallObserver:
        """An observer of a seat's view: what that player sees, public and private (OpenSpiel's
        default observation type), or with perfect recall its information state. Other types
        are refused, since this observer could not honour them: in a game with hidden
        information, public information alone or every player's private information; in a game
        with none (Toss Up!) a seat's view is all public, so those are the same observer."""
        recall = False
        if iig_obs_type is not None:
            recall = iig_obs_type.perfect_recall
            private = iig_obs_type.private_info
            if not iig_obs_type.public_info or (
                private != pyspiel.PrivateInfoType.SINGLE_PLAYER and self.engine.hidden_information
            ):
                raise ValueError(
                    "gamenight games provide one observation type: a player's own view, public "
                    "and private information (public_info=True, private_info=SINGLE_PLAYER); "
                    f"asked for public_info={iig_obs_type.public_info}, "
                    f"private_info={private.name}"
                )
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if recall:
            return RecallObserver(self.recaller)
        return Observer(self.engine, self.encoder)


def _load_game(text: str) -> Any:
    """The game of an OpenSpiel game string, the gamenight games registered first (unpickling)."""
    register()
    return pyspiel.load_game(text)


def _load_state(text: str) -> Any:
    """The state of ``pyspiel.serialize_game_and_state``'s text, the games registered first."""
    register()
    return pyspiel.deserialize_game_and_state(text)[1]


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_TERMINAL_KIND, _CHANCE_KIND, _SINGLE_KIND = Kind.TERMINAL, Kind.CHANCE, Kind.SINGLE
_CHANCE = int(pyspiel.PlayerId.CHANCE)
#: Converted chance outcomes kept per game object (``GamenightState.converted``), at most.
_CONVERTED_MAX = 512
_SECOND = operator.itemgetter(1)
#: The outcomes of a "who is quicker" node by the number of seats listed: each equally likely
#: (one list per count, handed out again, as converted chance outcomes are).
_QUICKER = [[(i, 1.0 / listed) for i in range(listed)] for listed in range(1 + 16)]


class Node:
    """Everything a state holds: the engine state and its pending decision, the seat drawn as
    the quicker hand (if any), decisions made, and whether the match was cut short; with who
    plays now and, once asked, the chance outcomes, legal ids, observations and seats' recalls.
    Never changed but for those caches (which depend on the rest alone), so copies of a state
    share it: a clone is cheap. A node knows nothing of the nodes before it, so each is freed
    as soon as play moves on: information states replay the match from the state's history
    when asked (:mod:`gamenight.adapters.infostate`)."""

    __slots__ = (
        "cut",
        "decisions",
        "legal",
        "observed",
        "outcomes",
        "pending",
        "player",
        "recalls",
        "seat",
        "state",
    )

    def __init__(
        self,
        state: Any,
        pending: Pending,
        seat: int | None = None,
        decisions: int = 0,
        cut: bool = False,
        player: int | None = None,
    ) -> None:
        self.state = state
        self.pending = pending
        self.seat = seat
        self.decisions = decisions
        self.cut = cut
        self.player = _player(pending, seat, cut) if player is None else player
        self.outcomes: Any = None
        self.legal: list[int] | None = None
        #: Observation vectors by seat, made when first asked for.
        self.observed: dict[int, np.ndarray] | None = None
        #: Each seat's recall (:class:`~gamenight.adapters.infostate.Recall`), once worked out.
        self.recalls: list[Any] | None = None

    @property
    def quicker(self) -> bool:
        """Whether this is the chance node "who is quicker" of a race or reaction window."""
        return self.player == _CHANCE and self.pending.kind is not Kind.CHANCE

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its fields, caches left out but for the recalls."""
        fields = (self.state, self.pending, self.seat, self.decisions, self.cut, self.player)
        return (_rebuilt, (fields, self.recalls))


def _rebuilt(fields: tuple[Any, ...], recalls: list[Any] | None) -> Node:
    """The node pickled by :meth:`Node.__reduce__`."""
    node = Node(*fields)
    node.recalls = recalls
    return node


def _player(pending: Pending, seat: int | None, cut: bool) -> int:
    """Who plays at a node: terminal, chance (dice and draws, or who is quicker when several
    seats race), the seat drawn as the quicker hand, or the one seat listed."""
    kind = pending.kind
    if kind is _TERMINAL_KIND or cut:
        return _TERMINAL
    if kind is _CHANCE_KIND:
        return _CHANCE
    if seat is not None:
        return seat
    players = pending.players
    return _CHANCE if kind in RACING and len(players) > 1 else players[0]


def _observation(encode: Any, node: Node, seat: int) -> np.ndarray:
    """``seat``'s observation vector at ``node``, made once and kept with the node."""
    observed = node.observed
    if observed is None:
        observed = node.observed = {}
    vector = observed.get(seat)
    if vector is None:
        vector = observed[seat] = encode(node.state, seat)
    return vector


class GamenightState(InformationStates, pyspiel.State):
    """One OpenSpiel state (the engine's state, never changed, inside a :class:`Node`)."""

    engine: ClassVar[Game[Any, Any]]
    encoder: ClassVar[Encoder]
    codes: ClassVar[ActionIds]
    #: Every action of the game, by id (``codes.actions``).
    actions: ClassVar[tuple[Any, ...]]
    #: The encoder's ``state_encoder()``: a plain function of the engine state and the seat.
    encode: ClassVar[Any]
    #: The engine's ``apply``, ``pending`` and ``legal_actions``, and ``codes.sorted_ids``,
    #: bound once.
    apply: ClassVar[Any]
    pending: ClassVar[Any]
    legal_of: ClassVar[Any]
    sorted_ids: ClassVar[Any]
    #: The number of seats.
    seats: ClassVar[int]
    #: Works out information states (:mod:`gamenight.adapters.infostate`).
    recaller: ClassVar[Recaller]
    #: ``turn_limit``: the turns after which a match ends (0: none, the real game).
    turn_limit: ClassVar[int]
    #: Converted chance outcomes by the identity of the engine's list (games that keep their
    #: outcome tables, as Toss Up! does its rolls, convert each table once): the first lists
    #: met by this game object are kept (with the lists, so an identity is never reused while
    #: kept), never dropped; lists made anew at each node (a deck's draws) are converted each
    #: time. One table per game object, so that another game's lists made anew never fill it.
    converted: ClassVar[dict[int, tuple[Any, list[tuple[int, float]]]]]
    max_length: ClassVar[int]

    #: The opening node, shared by every new state of this game (OpenSpiel makes one each time
    #: it asks for the observation tensor's shape).
    start: ClassVar[Node | None] = None

    def __init__(self, game: GamenightGame) -> None:
        super().__init__(game)
        cls = type(self)
        if cls.start is None:
            opening = self.engine.initial_state()
            cls.start = Node(opening, self.engine.pending(opening))
        self.node = cls.start
        #: The node this state's ``history()`` starts from (the opening, or a drawn state's).
        self.base = cls.start

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as OpenSpiel's serialized game and state (each game's state class is made
        with the game, so it cannot be found by name)."""
        return (_load_state, (pyspiel.serialize_game_and_state(self.get_game(), self),))

    @property
    def engine_state(self) -> Any:
        """The gamenight state inside (for bots: ``engine.observe(state.engine_state, seat)``)."""
        return self.node.state

    def current_player(self) -> int:
        """The seat to decide, or chance, or terminal."""
        return self.node.player

    def is_terminal(self) -> bool:
        """Whether the match is over (or cut short)."""
        return self.node.player == _TERMINAL

    def is_chance_node(self) -> bool:
        """Whether chance moves next (the same as OpenSpiel's, without going through C++)."""
        return self.node.player == _CHANCE

    def legal_actions(self, *player: int) -> list[int]:
        """The legal action ids, sorted, of the player to move (or of ``player``).

        The same list OpenSpiel's own method gives; a decision node's is answered here in
        Python, everything else (chance nodes, the end, another player) goes to OpenSpiel.
        """
        node = self.node
        seat = node.player
        if seat >= 0 and (not player or player[0] == seat):
            legal = node.legal
            if legal is None:
                legal = node.legal = self.sorted_ids(self.legal_of(node.state, seat))
            return legal.copy()
        return list(super().legal_actions(*player))

    def observation_tensor(self, *player: int) -> list[float]:
        """``player``'s observation (by default the player to move's) as a list of floats.

        The same values as OpenSpiel's own method, which fills the game's observer (whose
        shape it finds by building a new initial state) and copies it out; a seat's is read
        straight from the encoder here, anything else goes to OpenSpiel.
        """
        node = self.node
        seat = player[0] if player else node.player
        if type(seat) is int and 0 <= seat < self.seats:
            result: list[float] = _observation(self.encode, node, seat).tolist()
            return result
        return list(super().observation_tensor(*player))

    def _legal_actions(self, player: int) -> list[int]:
        """The sorted legal ids of ``player`` (the player to move), kept with the node: a list
        shared with other calls, read-only (OpenSpiel's C++ side copies it into a vector;
        :meth:`legal_actions` copies it for Python callers)."""
        node = self.node
        legal = node.legal
        if legal is None:
            legal = node.legal = self.sorted_ids(self.legal_of(node.state, player))
        return legal

    def _outcomes(self) -> Any:
        node = self.node
        if node.outcomes is None:
            node.outcomes = self.engine.chance_outcomes(node.state)
        return node.outcomes

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node, by index, with their probabilities."""
        node = self.node
        if node.player != _CHANCE:
            raise IllegalAction(f"this is not a chance node: {self._whose(node)}")
        if node.pending.kind is not _CHANCE_KIND:
            listed = len(node.pending.players)
            if listed < len(_QUICKER):
                return _QUICKER[listed]
            return [(i, 1.0 / listed) for i in range(listed)]
        outcomes = node.outcomes
        if outcomes is None:
            outcomes = node.outcomes = self.engine.chance_outcomes(node.state)
        kept = self.converted
        known = kept.get(id(outcomes))
        if known is not None and known[0] is outcomes:
            return known[1]
        converted = list(enumerate(map(float, map(_SECOND, outcomes))))
        if len(kept) < _CONVERTED_MAX:
            kept[id(outcomes)] = (outcomes, converted)
        return converted

    def _whose(self, node: Node) -> str:
        """Who moves at ``node``, in words (for errors)."""
        if node.player == _TERMINAL:
            return "the match is over"
        if node.player == _CHANCE:
            return "chance moves next"
        return f"player {node.player} decides"

    def _refuse(self, player: int, action: int) -> IllegalAction:
        """The error for an action id that ``player`` may not take now, with the rule's reason."""
        engine = self.engine
        if not 0 <= action < engine.num_actions:
            return IllegalAction(
                f"action {action} is not an action id of {engine.title} "
                f"(0 to {engine.num_actions - 1})"
            )
        chosen = engine.action_from_id(action)
        why = engine.explain_illegal(self.node.state, player, chosen)
        return IllegalAction(
            f"{engine.action_to_text(chosen)!r} (id {action}) is not legal now for player "
            f"{player}{': ' + why if why else ''}"
        )

    def _apply_action(self, action: int) -> None:
        node = self.node
        player = node.player
        if player >= 0:  # a seat's decision, the most frequent
            legal = node.legal  # usually asked for just before, and kept
            if legal is None:
                legal = node.legal = self.sorted_ids(self.legal_of(node.state, player))
            at = bisect_left(legal, action)
            if at == len(legal) or legal[at] != action:
                raise self._refuse(player, action)
            state = self.apply(node.state, player, self.actions[action])[0]
            pending = self.pending(state)
            decisions = node.decisions + 1
            kind = pending.kind
            if kind is _CHANCE_KIND:  # a roll or a draw next: the players' usual next node
                cut = decisions >= self.max_length
                player = _TERMINAL if cut else _CHANCE
                self.node = Node(state, pending, None, decisions, cut, player)
            else:
                cut = decisions >= self.max_length and kind is not _TERMINAL_KIND
                self.node = Node(state, pending, None, decisions, cut)
        elif player == _TERMINAL:
            raise GameOver("the match is over: no action can be applied")
        elif node.pending.kind is _CHANCE_KIND:
            outcomes = node.outcomes
            if outcomes is None:
                outcomes = self._outcomes()
            if not 0 <= action < len(outcomes):
                raise IllegalAction(
                    f"chance outcome {action} is not one of this node's {len(outcomes)} outcomes"
                )
            state = self.apply(node.state, CHANCE, outcomes[action][0])[0]
            pending = self.pending(state)
            if pending.kind is _SINGLE_KIND:  # one seat's decision next, the usual case
                player = pending.players[0]
            else:
                player = _player(pending, None, False)
            self.node = Node(state, pending, None, node.decisions, False, player)
        else:  # who is quicker
            listed = node.pending.players
            if not 0 <= action < len(listed):
                raise IllegalAction(
                    f"chance outcome {action} is not one of this node's {len(listed)} outcomes "
                    "(who is quicker)"
                )
            seat = listed[action]
            self.node = Node(node.state, node.pending, seat, node.decisions, False, seat)

    def _action_to_string(self, player: int, action: int) -> str:
        node, engine = self.node, self.engine
        if player == pyspiel.PlayerId.CHANCE:
            if node.pending.kind is Kind.CHANCE:
                outcomes = engine.chance_outcomes(node.state)
                if 0 <= action < len(outcomes):
                    return engine.action_to_text(outcomes[action][0])
            elif node.quicker and 0 <= action < len(node.pending.players):
                return f"quicker: player {node.pending.players[action]}"
            return f"chance outcome {action}"
        if 0 <= action < engine.num_actions:
            return engine.action_to_text(engine.action_from_id(action))
        return f"action {action}"

    def returns(self) -> list[float]:
        """Zero-sum returns once the match is over; 0 before, and after a cut."""
        node = self.node
        players = self.engine.players
        if node.cut or node.pending.kind is not Kind.TERMINAL:
            return [0.0] * players
        return win_rewards(players, self.engine.outcome(node.state).winners)

    def __str__(self) -> str:
        node = self.node
        return f"{node.state!r}\nquicker={node.seat} decisions={node.decisions} cut={node.cut}"


class TurnLimitedState(GamenightState):
    """A state of the bounded variant (``turn_limit``): once that many turns are over, the
    match ends, the highest banked totals winning (all of them if tied: a tie is a draw)."""

    def _apply_action(self, action: int) -> None:
        super()._apply_action(action)
        node = self.node
        state = node.state
        if node.player != _TERMINAL and state.turns >= self.turn_limit:
            best = max(state.scores)
            leaders = tuple(p for p, score in enumerate(state.scores) if score == best)
            ended = dataclasses.replace(state, winners=leaders)
            self.node = Node(ended, self.pending(ended), None, node.decisions)


class Observer:
    """OpenSpiel's Python observer protocol over the game's encoder (``tensor``, ``dict``)."""

    def __init__(self, engine: Game[Any, Any], encoder: Encoder) -> None:
        self.engine = engine
        self.encoder = encoder
        self.encode = encoder.state_encoder()
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GamenightState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s encoded view of ``state`` (kept with the state)."""
        self.tensor[:] = _observation(self.encode, state.node, player)

    def string_from(self, state: GamenightState, player: int) -> str:
        """``player``'s view of ``state`` as JSON."""
        return json.dumps(self.engine.observe(state.node.state, player), sort_keys=True)
