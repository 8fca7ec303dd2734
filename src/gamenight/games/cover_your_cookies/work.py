"""A working copy of a Cover Your Cookies state: its fields thawed into lists as a step reads
them, and frozen into the next state.

A field is thawed the first time a step reads it (a tuple becomes a list, a tuple of card lists
a list of lists) and only the fields a step read or set are frozen back (hands sorted again); the
others are shared with the state the step started from, which is never changed. Thawing and
freezing are written out from the state's dataclass fields (as ``dataclasses`` writes an
``__init__``), so a field can't be forgotten, and nothing is looked up field by field while a
game runs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, get_args, get_origin, get_type_hints

from gamenight.engine.game import field_copier
from gamenight.games.cover_your_cookies.state import (
    Batch,
    CoverYourCookiesState,
    DrawOrder,
    Duel,
    FirstBatch,
    MixerInPlay,
    Phase,
    Resume,
)


def _is_list_of_lists(hint: Any) -> bool:
    """Whether a field's type is a tuple of variable-length tuples (hands, stacks, transit),
    unlike a tuple of fixed pairs (``takers``)."""
    item = get_args(hint)[0]
    return get_origin(item) is tuple and get_args(item)[-1] is Ellipsis


#: Card lists kept sorted in the state (cards of one id are identical).
_SORTED = frozenset({"hands", "transit"})
_FIELDS = tuple(f.name for f in dataclasses.fields(CoverYourCookiesState))
_HINTS = get_type_hints(CoverYourCookiesState)
_COPY = field_copier(CoverYourCookiesState)


def _thaw_expression(name: str, hint: Any) -> str:
    """Python for a mutable copy of ``state.<name>``: tuples of card lists (and of Batches)
    become lists of lists, other tuples lists; anything else is kept (it is immutable)."""
    value = f"state.{name}"
    if get_origin(hint) is not tuple:
        return value
    if _is_list_of_lists(hint):
        return f"[list(v) for v in {value}]"
    return f"list({value})"


def _freeze_expression(name: str, hint: Any) -> str:
    """Python for the frozen value of ``value``, a thawed ``<name>`` (hands and cards in transit
    sorted)."""
    if get_origin(hint) is not tuple:
        return "value"
    if _is_list_of_lists(hint):
        inner = "tuple(sorted(v))" if name in _SORTED else "tuple(v)"
        return f"tuple({inner} for v in value)"
    return "tuple(value)"


def _compile(source: str, name: str) -> Any:
    """Run generated source (as ``dataclasses`` writes an ``__init__``) and return ``name``."""
    namespace: dict[str, Any] = {"copy": _COPY}
    exec(source, namespace)
    return namespace[name]


def _thaw_function(name: str) -> Callable[[CoverYourCookiesState], Any]:
    """A function giving a mutable copy of a state's field ``name``."""
    expression = _thaw_expression(name, _HINTS[name])
    thaw: Callable[[CoverYourCookiesState], Any] = _compile(
        f"def thaw(state):\n    return {expression}\n", "thaw"
    )
    return thaw


def _freeze_function() -> Callable[[Any], CoverYourCookiesState]:
    """``freeze(work)``: a copy of the work's base state with every field the work read or set
    frozen from its working value, one line per field (nothing looked up field by field while a
    game runs)."""
    lines = []
    for name in _FIELDS:
        expression = _freeze_expression(name, _HINTS[name])
        lines.append(
            f"    if {name!r} in d:\n        value = d[{name!r}]\n        new.{name} = {expression}"
        )
    body = "\n".join(lines)
    head = "def freeze(work):\n    d = work.__dict__\n    new = copy(work.base)\n"
    source = f"{head}{body}\n    return new\n"
    freeze: Callable[[Any], CoverYourCookiesState] = _compile(source, "freeze")
    return freeze


class _Thawed:
    """A field of :class:`WorkingCopy`, thawed from its base state on first reading.

    It is a non-data descriptor (like ``functools.cached_property``, without its lock): the
    thawed value is stored in the instance's ``__dict__`` under the field's name, where every
    later read or write finds it without calling here again.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.thaw = _thaw_function(name)

    def __get__(self, work: Any, owner: type | None = None) -> Any:
        if work is None:
            return self
        value = self.thaw(work.base)
        work.__dict__[self.name] = value
        return value


_FREEZE = _freeze_function()


class WorkingCopy:
    """A mutable copy of a state, changed by one step and frozen into the next state.

    The attributes below mirror the state's fields with lists for tuples. Each is thawed from
    ``base`` the first time it is read (see :class:`_Thawed`), and :meth:`freeze` copies
    ``base`` with every field read or set frozen back; a field missing here stops the import
    (see the check after the class).
    """

    phase: Phase
    round: int
    first: int
    turn: int
    turns: int
    hands: list[list[str]]
    deck: list[int]
    top_half_left: int | None
    discard: list[str]
    mixer_discard: list[str]
    box: list[str]
    stacks: list[list[Batch]]
    crumbs: list[int]
    waiting_enhance: list[int]
    actions_taken: int
    draw_queue: list[DrawOrder]
    resume: Resume
    defenders_to_draw: list[int]
    duel: Duel | None
    mixer: MixerInPlay | None
    transit: list[list[str]]
    takers: list[tuple[int, int]]
    exchange_count: int
    forbidden_batch: int | None
    first_batch: list[FirstBatch]
    totals: list[int]
    round_wins: list[int]
    last_scores: list[int]
    winners: list[int]

    def __init__(self, state: CoverYourCookiesState) -> None:
        #: The state this step started from (or, after :meth:`load`, the new round's table).
        self.base = state

    def load(self, state: CoverYourCookiesState) -> None:
        """Start over from ``state``: every field is read from it afresh."""
        fields = self.__dict__
        for name in _FIELDS:
            fields.pop(name, None)
        self.base = state

    def freeze(self) -> CoverYourCookiesState:
        """The new state."""
        return _FREEZE(self)


_MISSING = set(_FIELDS) - set(get_type_hints(WorkingCopy))
if _MISSING:  # pragma: no cover - a developer's slip, caught at import
    raise TypeError(f"WorkingCopy lacks state fields: {', '.join(sorted(_MISSING))}")
for _name in _FIELDS:
    setattr(WorkingCopy, _name, _Thawed(_name))
