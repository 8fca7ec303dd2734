"""What a person at the live table may press, and what the table answers for them.

**Stable keys.** Each move on offer gets a key, and keeps it while the same decision is open (the
same kind, window and turn: a scramble, a response window, one person's turn): a card in the
middle keeps its key while it stays there, and a key is never handed to another move within that
decision, so a key pressed from habit never grabs the wrong card. Digits come first, then the
letters the table does not use for its own commands; a game may ask for a key (``r`` for roll).

**Answers made for the person** (``automatic``): a move the person has no real choice about is
made at once: a lone legal move anywhere but in a race, the game's own automatic answer (a pass
that is the only move), and, with quiet windows, a pass where only cards that may wait for any
later window could be played. A race is never answered for anyone: it is theirs to win.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Literal

from gamenight.engine.core import Kind, View
from gamenight.terminal.render import Renderer

#: Letters the table keeps for its own commands (arm, events, help, quit, quiet windows).
COMMAND_KEYS = frozenset("aehqw")
#: Keys handed to moves, in order.
CHOICE_KEYS = "1234567890" + "".join(c for c in "bcdfgijklmnoprstuvxyz" if c not in COMMAND_KEYS)

#: Why the table answered for a person: the only move, the game's own automatic answer, a
#: quiet-windows pass, a response armed in advance.
Why = Literal["forced", "auto", "quiet", "armed"]


class KeyMap:
    """The keys of one person's moves, kept for as long as one decision is open.

    >>> keys = KeyMap()
    >>> keys.assign("scramble", ["chip", "milk", "wild"])
    ['1', '2', '3']
    >>> keys.assign("scramble", ["chip", "wild"])  # the milk was taken: nobody gets its key
    ['1', '3']
    >>> keys.action_for("2"), keys.action_for("4")  # 2 still means the milk, which is gone
    ('milk', None)
    >>> keys.assign("next turn", ["roll", "bank"], ["r", "b"])
    ['r', 'b']
    """

    def __init__(self) -> None:
        self._decision: Hashable = None
        self._keys: dict[Any, str | None] = {}

    def assign(
        self,
        decision: Hashable,
        legal: Sequence[Any],
        preferred: Sequence[str | None] | None = None,
    ) -> list[str | None]:
        """The key of each move on offer (``None`` when the keys ran out); ``decision`` names
        the open decision (a new one hands the keys out afresh), ``preferred`` are the keys the
        game asks for."""
        if decision != self._decision:
            self._decision, self._keys = decision, {}
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


def decision_of(view: View) -> tuple[str, str, int | None]:
    """The open decision a ``Match.view`` shows: its kind, window and turn."""
    pending = view["pending"]
    return pending["kind"], pending["window"], pending["turn"]


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
        return legal[0], "forced"
    auto = renderer.auto_answer(state, legal)
    if auto is not None and auto in legal:
        return auto, "auto"
    if quiet:
        passed = renderer.quiet_pass(state, legal)
        if passed is not None and passed in legal:
            return passed, "quiet"
    return None
