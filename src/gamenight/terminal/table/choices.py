"""What a person at the live table may press, and what the table answers for them.

**Stable keys.** Each move on offer gets a key, and keeps it while it stays on offer in the same
decision (the same kind and window within one turn: a scramble, a response window, one person's
turn): a card in the middle keeps its key while it stays there, and while any of the moves
offered stays, no key is handed to another move, so a key pressed from habit never grabs the
wrong card. Digits come first,
then the letters the table does not use for its own commands; a game may ask for a key (``r``
for roll).

**Answers made for the person** (``automatic``): a move the person has no real choice about is
made at once: a lone legal move anywhere but in a race, the game's own automatic answer (a pass
that is the only move), and, with quiet windows, a pass where only cards that may wait for any
later window could be played. A race is never answered for anyone: it is theirs to win.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Literal

from gamenight.engine.core import TURN_STARTED, Kind, View
from gamenight.terminal.render import Renderer

#: Letters the table keeps for its own commands (arm, events, help, quit, quiet windows).
COMMAND_KEYS = frozenset("aehqw")
#: Keys handed to moves, in order.
CHOICE_KEYS = "1234567890" + "".join(c for c in "bcdfgijklmnoprstuvxyz" if c not in COMMAND_KEYS)

#: Why the table answered for a person: the only move (outside a window), the only answer in a
#: window or the game's own automatic answer (a pass), a quiet-windows pass, a response armed
#: in advance.
Why = Literal["forced", "pass", "quiet", "armed"]


class KeyMap:
    """The keys of one person's moves, kept for as long as one decision is open.

    A decision is named by the caller (``Decisions`` names them by kind and window); an *era*
    (a turn) holds several, and each keeps its keys until the era ends, so a window between two
    moves of one turn leaves the turn's keys as they were. A move keeps its key while it stays
    on offer; when none of the moves offered before is offered now (the next step of a turn:
    after the discards, toss or end the turn), the keys start from 1 again.

    >>> keys = KeyMap()
    >>> keys.assign("scramble", ["chip", "milk", "wild"])
    ['1', '2', '3']
    >>> keys.assign("scramble", ["chip", "wild"])  # the milk was taken: nobody gets its key
    ['1', '3']
    >>> keys.action_for("2"), keys.action_for("4")  # 2 still means the milk, which is gone
    ('milk', None)
    >>> keys.assign("scramble", ["ready", "toss"])  # nothing offered before is left
    ['1', '2']
    >>> keys.assign("next turn", ["roll", "bank"], ["r", "b"], era=2)
    ['r', 'b']
    """

    def __init__(self) -> None:
        self._era: Hashable = None
        self._maps: dict[Hashable, dict[Any, str | None]] = {}
        self._offered: dict[Hashable, set[Any]] = {}
        self._keys: dict[Any, str | None] = {}

    def assign(
        self,
        decision: Hashable,
        legal: Sequence[Any],
        preferred: Sequence[str | None] | None = None,
        era: Hashable = None,
    ) -> list[str | None]:
        """The key of each move on offer (``None`` when the keys ran out). ``decision`` names
        the open decision, ``era`` the turn it is part of (a new era hands every key out
        afresh); ``preferred`` are the keys the game asks for."""
        if era != self._era:
            self._era, self._maps, self._offered = era, {}, {}
        self._keys = self._maps.setdefault(decision, {})
        if self._offered.get(decision, set()).isdisjoint(legal):
            self._keys.clear()  # a fresh set of moves (the next step of a turn): from 1 again
        self._offered[decision] = set(legal)
        wanted = list(preferred) if preferred is not None else [None] * len(legal)
        asked_for = {k for k in wanted if k}
        for action, key in zip(legal, wanted, strict=True):
            if action in self._keys:
                continue
            taken = set(self._keys.values())
            if key and key in CHOICE_KEYS and key not in taken:
                self._keys[action] = key
                continue
            free = (k for k in CHOICE_KEYS if k not in taken and k not in asked_for)
            self._keys[action] = next(free, None)
        return [self._keys[a] for a in legal]

    def action_for(self, key: str) -> Any | None:
        """The move that holds ``key`` in the open decision, even one no longer on offer (so
        the table can say it is gone); ``None``: no move was given that key."""
        return next((a for a, k in self._keys.items() if k == key), None)


class Decisions:
    """Names the decisions put to one person, for their ``KeyMap``: the turn (an era that ends
    when the turn passes or a new turn starts, even the same seat's again), and within it the
    kind and window of the decision. Chance steps in between change nothing.

    >>> d = Decisions()
    >>> mine = {"pending": {"kind": "single", "window": "", "turn": 0}}
    >>> first = d.see(mine, ())
    >>> d.see({"pending": {"kind": "chance", "window": "", "turn": None}}, ()) == first
    True
    >>> d.see(mine, ({"kind": "turn_started", "player": 0},)) == first  # a turn again
    False
    """

    def __init__(self) -> None:
        self._turn: int | None = None
        self._era = 0
        self._last: tuple[int, str, str] = (0, "", "")

    def see(self, view: View, events: Sequence[View]) -> tuple[int, str, str]:
        """The decision a ``Match.view`` shows, after the step's ``events``: its era, kind
        and window (chance and the end keep the decision before)."""
        pending = view["pending"]
        if any(e.get("kind") == TURN_STARTED for e in events):
            self._era += 1
        if pending["kind"] in (Kind.CHANCE.value, Kind.TERMINAL.value):
            return self._last
        if pending["turn"] != self._turn:
            self._turn, self._era = pending["turn"], self._era + 1
        self._last = (self._era, pending["kind"], pending["window"])
        return self._last


def automatic(
    kind: Kind,
    state: View,
    legal: Sequence[Any],
    renderer: Renderer,
    *,
    quiet: bool,
) -> tuple[Any, Why] | None:
    """The move the table makes for a person without asking, and why (``None``: ask them).

    ``state`` is what the person sees (``Game.observe``), ``legal`` their moves now. With
    ``quiet``, windows where only cards-for-any-window could be played are passed.
    """
    if kind is Kind.RACE or not legal:
        return None
    if len(legal) == 1:
        return legal[0], "pass" if kind is Kind.REACTION else "forced"
    auto = renderer.auto_answer(state, legal)
    if auto is not None and auto in legal:
        return auto, "pass"
    if quiet:
        passed = renderer.quiet_pass(state, legal)
        if passed is not None and passed in legal:
            return passed, "quiet"
    return None
