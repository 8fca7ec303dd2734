"""Information states (perfect recall) of the OpenSpiel games, and resampling from them.

>>> import pyspiel
>>> from gamenight.adapters.openspiel import register
>>> _ = register()
>>> game = pyspiel.load_game("gamenight_paper_toss(players=2)")
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> head, view = state.information_state_string(0).split("\\n")
>>> head.split(" recall ")[0]  # the deal: the seat's view, then each card it was dealt
'player 0, 11 entries,'
>>> len(state.information_state_tensor(0)) == game.information_state_tensor_shape()[0]
True

A seat's **recall** is the sequence of what it saw and did: its view (``observe``) at the
start, then, step by step along the match, each action of its own and each view of its own that
differs from the last one recorded. In a game with hidden information a step the seat cannot
see (another seat's secret pass, a card drawn from the deck by someone else) leaves its view as
it was and adds nothing, so nothing the views keep from a seat leaks through its recall, not
even how many steps there were. Toss Up! hides nothing, so there every step adds the seat's
view (two yellow rolls in a row are two entries): a seat's recall there tells every history
apart, as perfect information means. The recall is perfect: at a later decision a seat's recall
extends the recall it had at each earlier one, with the action it took there.

``information_state_string(seat)`` is ``player <seat>, <n> entries, recall <digest>`` and, on
the next line, the seat's current view as JSON. The digest is a 128-bit BLAKE2b hash chained
over the entries, so the string stays short however long the match: two recalls share a string
only if they are equal (or on a hash collision, about one chance in 2**64 among four billion
recalls). ``information_state_tensor(seat)`` has a fixed size, declared by the game:

- the seat's observation tensor (the game's encoder; :mod:`gamenight.adapters.encoding`);
- how often the seat has taken each action id (``num_distinct_actions`` values);
- the number of entries in the recall;
- the 128 bits of the digest (0 or 1 each).

So the tensor tells information states apart exactly as the string does, in a size fixed
before play, however long the match; the first two parts are features a network can learn
from, the bits only identify the history. (A window of the last entries would be fixed-size
too, but forgets; a whole history bounded by ``max_game_length`` would be 100,000 views long.)

``resample_from_infostate(seat, sampler)`` draws a full state that shows the seat its current
view, through the game's own ``sample_state(view, seat, rng)`` (docs/ismcts.md), seeded by one
number from ``sampler`` (a ``pyspiel`` probability sampler, or any function returning a float in
[0, 1)). The drawn state carries the seat's recall, so its information state string is the
given one. It is drawn from the current view, not from every view before it: a card the seat
saw pass earlier and no longer sees is dealt as any unseen card (the samplers know views only).
Other seats' recalls in a drawn state begin there, marked as drawn. Its ``history()`` is empty.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from hashlib import blake2b
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
import pyspiel

from gamenight.adapters.encoding import Encoder
from gamenight.engine.core import Kind
from gamenight.engine.errors import GameError, ImpossibleView
from gamenight.engine.game import Game

if TYPE_CHECKING:
    from gamenight.adapters.openspiel import Node

#: Bytes in a recall's digest (128 bits).
DIGEST_SIZE = 16
#: Bits of the digest at the end of the information state tensor.
DIGEST_BITS = 8 * DIGEST_SIZE
_CHANCE = -1


@dataclass(frozen=True, slots=True)
class Recall:
    """One seat's recall at a node: the digest of its entries, how many there are, the last
    view recorded (and its JSON), and how often the seat took each action id."""

    digest: bytes
    entries: int
    view: Any
    text: str
    acted: tuple[int, ...]


def _chained(digest: bytes, entry: bytes) -> bytes:
    return blake2b(digest + entry, digest_size=DIGEST_SIZE).digest()


class Recaller:
    """Works out seats' recalls along the nodes of a match, keeping each recall with its node,
    and writes them as strings and tensors.

    Nodes do not keep the nodes before them (play would keep every state of the match alive,
    and Python's cyclic garbage collector would go through them again and again): a state's
    path is replayed from its ``base`` node along its ``history()`` when a recall not kept is
    asked for. The last path replayed is kept, so asking along one match, or down a tree as
    searches do, replays only the steps since the path shared with the last one."""

    def __init__(self, engine: Game[Any, Any], encoder: Encoder, num_actions: int) -> None:
        self.engine = engine
        self.observe = engine.observe
        self.players = engine.players
        #: Whether an unchanged view adds nothing (games with hidden information).
        self.collapse = engine.hidden_information
        self.num_actions = num_actions
        self.encode = encoder.state_encoder()
        self.observation_size = encoder.size
        self.size = encoder.size + num_actions + 1 + DIGEST_BITS
        #: The last path replayed: its base node, the actions from it, and its nodes (one more
        #: than the actions).
        self._base: Any = None
        self._actions: list[int] = []
        self._nodes: list[Any] = []

    def first(self, state: Any, seat: int, prefix: bytes = b"") -> Recall:
        """The recall of a seat that has seen one view of ``state`` (``prefix``: a mark of
        where the recall begins, for drawn states)."""
        view = self.observe(state, seat)
        text = json.dumps(view, sort_keys=True)
        digest = _chained(prefix, b"v" + text.encode())
        return Recall(digest, 1, view, text, (0,) * self.num_actions)

    def recall(self, state: Any, seat: int) -> Recall:
        """``seat``'s recall at ``state`` (a gamenight OpenSpiel state): kept with its node, or
        worked out along the path from the nearest node on it that knows it."""
        kept = state.node.recalls
        if kept is not None and kept[seat] is not None:
            found: Recall = kept[seat]
            return found
        actions = state.history()
        nodes = self._path(state, actions)
        at = len(nodes) - 1
        while at >= 0 and (nodes[at].recalls is None or nodes[at].recalls[seat] is None):
            at -= 1
        if at < 0:
            found = self.first(nodes[0].state, seat)
            _keep(nodes[0], seat, found, self.players)
            at = 0
        else:
            found = nodes[at].recalls[seat]
        for step in range(at + 1, len(nodes)):
            found = self._step(found, nodes[step - 1], actions[step - 1], nodes[step], seat)
            _keep(nodes[step], seat, found, self.players)
        return found

    def _path(self, state: Any, actions: list[int]) -> list[Any]:
        """The nodes from ``state.base`` along ``actions`` (its history) to ``state.node``: the
        last path's nodes as far as the two share actions, the rest replayed."""
        base, kept = state.base, self._actions
        shared = 0
        if self._base is base:
            shared = min(len(kept), len(actions))
            if kept[:shared] != actions[:shared]:
                pairs = zip(kept, actions, strict=False)
                shared = next(i for i, (a, b) in enumerate(pairs) if a != b)
        nodes = self._nodes[: shared + 1] if shared else [base]
        if shared < len(actions):
            replay = state.get_game().new_initial_state()  # plays nodes, keeps no history
            for action in actions[shared:-1]:
                replay.node = nodes[-1]
                replay._apply_action(action)
                nodes.append(replay.node)
            nodes.append(state.node)  # the state's own node, where its recall is then kept
        else:
            nodes[-1] = state.node
        self._base, self._actions, self._nodes = base, actions, nodes
        return nodes

    def _step(self, recall: Recall, before: Any, action: int, node: Any, seat: int) -> Recall:
        """The recall after the step from ``before`` into ``node`` by ``action``."""
        digest, entries, acted = recall.digest, recall.entries, recall.acted
        if before.player == seat:
            digest = _chained(digest, b"a%d" % action)
            entries += 1
            acted = (*acted[:action], acted[action] + 1, *acted[action + 1 :])
        view, text = recall.view, recall.text
        fresh = self.observe(node.state, seat)
        if fresh != view or not self.collapse:
            view, text = fresh, json.dumps(fresh, sort_keys=True)
            digest = _chained(digest, b"v" + text.encode())
            entries += 1
        return Recall(digest, entries, view, text, acted)

    def string(self, state: Any, seat: int) -> str:
        """The information state string of ``seat`` at ``state``."""
        recall = self.recall(state, seat)
        return (
            f"player {seat}, {recall.entries} entries, recall {recall.digest.hex()}\n{recall.text}"
        )

    def tensor(self, state: Any, seat: int) -> np.ndarray:
        """The information state tensor of ``seat`` at ``state`` (float32, :attr:`size` long)."""
        recall = self.recall(state, seat)
        bits = np.unpackbits(np.frombuffer(recall.digest, np.uint8))
        return np.concatenate(
            (
                np.asarray(self.encode(state.node.state, seat), np.float32),
                np.asarray(recall.acted, np.float32),
                np.asarray([recall.entries], np.float32),
                bits.astype(np.float32),
            )
        )

    def check_seat(self, player: Any) -> int:
        """``player`` as a seat number, or a ``ValueError`` naming the seats."""
        if type(player) is not int or not 0 <= player < self.players:
            raise ValueError(
                f"information states are a seat's: a player from 0 to {self.players - 1}, "
                f"got {player!r}"
            )
        return player


def _keep(node: Any, seat: int, recall: Recall, players: int) -> None:
    kept = node.recalls
    if kept is None:
        kept = node.recalls = [None] * players
    kept[seat] = recall


class InformationStates:
    """The information-state methods of a gamenight OpenSpiel state (a mixin: the state class
    has ``node``, ``recaller``, ``engine`` and ``pending``)."""

    node: Node
    recaller: ClassVar[Recaller]
    engine: ClassVar[Game[Any, Any]]
    pending: ClassVar[Any]

    def _seat(self, player: tuple[int, ...]) -> int:
        seat = player[0] if player else self.node.player
        return self.recaller.check_seat(seat)

    def information_state_string(self, *player: int) -> str:
        """``player``'s information state (by default the player to move's): its recall's
        size and digest, then its current view as JSON (see the module's docstring)."""
        return self.recaller.string(self, self._seat(player))

    def information_state_tensor(self, *player: int) -> list[float]:
        """``player``'s information state as a fixed-size list of floats: observation, own
        action counts, recall size, digest bits."""
        result: list[float] = self.recaller.tensor(self, self._seat(player)).tolist()
        return result

    def resample_from_infostate(self, player: int, probability_sampler: Callable[[], float]) -> Any:
        """A state drawn from what ``player`` sees now, with ``player``'s recall (its
        information state string is this state's), through the game's ``sample_state``."""
        seat = self.recaller.check_seat(player)
        node = self.node
        engine = self.engine
        if node.player == pyspiel.PlayerId.TERMINAL:
            raise GameError("the match is over: there is nothing to draw")
        sampler = getattr(engine, "sample_state", None)
        if sampler is None:
            raise GameError(f"{engine.title} cannot draw states from a view (no sample_state)")
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        drawn = sampler(engine.observe(node.state, seat), seat, rng)
        pending = self.pending(drawn)
        quicker = node.seat
        if node.player == seat and seat in pending.players and pending.kind is not Kind.CHANCE:
            # The seat decides now. A drawn window may list more seats than the true one (who
            # has passed is not in the view): the seat is then the one drawn as quicker.
            quicker = seat
        fresh = type(node)(drawn, pending, quicker, node.decisions, node.cut)
        if fresh.player != node.player:
            raise ImpossibleView(
                f"a state drawn for player {seat} asks player {fresh.player} to move, "
                f"not player {node.player}"
            )
        recaller = self.recaller
        fresh.recalls = [
            recaller.recall(self, s) if s == seat else recaller.first(drawn, s, b"drawn")
            for s in range(recaller.players)
        ]
        state = self.get_game().new_initial_state()  # type: ignore[attr-defined]
        state.node = state.base = fresh
        return state


class RecallObserver:
    """OpenSpiel's Python observer protocol for information states (``tensor``, ``dict``,
    ``set_from``, ``string_from``); what OpenSpiel's C++ side calls."""

    def __init__(self, recaller: Recaller) -> None:
        self.recaller = recaller
        self.tensor = np.zeros(recaller.size, np.float32)
        self.dict = {"info_state": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        """Fill ``tensor`` with ``player``'s information state tensor at ``state``."""
        self.tensor[:] = self.recaller.tensor(state, player)

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s information state string at ``state``."""
        return self.recaller.string(state, player)
