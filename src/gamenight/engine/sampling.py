"""Helpers for a game's ``sample_state(view, seat, rng)``: a full state drawn from one seat's view.

A sampler rebuilds the public part of a state from the view, pools the cards the seat has not
seen and deals them to the places it cannot see, at their sizes. These helpers do the parts
every game shares: :func:`unseen` (every component minus what the view shows), :func:`deal`
(a uniform deal at fixed sizes), and :func:`checked`, which runs a game's sampler, turns a view
that is not one of the game's (a field missing, cards that do not add up) into
:class:`~gamenight.engine.errors.ImpossibleView`, and refuses a result whose view differs.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from gamenight.engine.core import View
from gamenight.engine.errors import GameError, ImpossibleView, brief

S = TypeVar("S")


def unseen(components: Counter[str], shown: Iterable[str], what: str) -> list[str]:
    """The cards of ``components`` left once every card in ``shown`` is taken out, in a fixed
    order; :class:`ImpossibleView` if the view shows a card more often than the game has it.

    >>> unseen(Counter({"dog": 2, "kid": 1}), ["dog"], "Paper deck")
    ['dog', 'kid']
    """
    left = Counter(components)
    left.subtract(shown)
    for card, count in left.items():
        if count < 0:
            raise ImpossibleView(
                f"the view shows {components.get(card, 0) - count} {brief(card, 30)} cards, "
                f"more than the {what} holds ({components.get(card, 0)})"
            )
    return sorted(left.elements())


def deal(pool: list[str], sizes: Sequence[int], rng: random.Random) -> list[tuple[str, ...]]:
    """Deal ``pool`` (all of it) uniformly to places of ``sizes``, each place sorted; the pool
    is shuffled in place. :class:`ImpossibleView` if the sizes do not add up to the pool.

    >>> deal(["a", "b", "c"], [1, 2], random.Random(0))
    [('a',), ('b', 'c')]
    """
    if any(size < 0 for size in sizes) or sum(sizes) != len(pool):
        raise ImpossibleView(
            f"the view's hidden places hold {sum(sizes)} cards, but {len(pool)} cards are unseen"
        )
    rng.shuffle(pool)
    out: list[tuple[str, ...]] = []
    at = 0
    for size in sizes:
        out.append(tuple(sorted(pool[at : at + size])))
        at += size
    return out


def checked(
    game_id: str,
    observe: Callable[[S, int], View],
    sample: Callable[[View, int, random.Random], S],
    view: View,
    seat: int,
    rng: random.Random,
) -> S:
    """``sample(view, seat, rng)``, checked: a view that is not one of the game's views becomes
    :class:`ImpossibleView` (never a traceback), and so does a drawn state whose view for
    ``seat`` is not ``view``."""
    if not isinstance(view, dict):
        raise ImpossibleView(f"a {game_id} view is a dict made by observe, got {brief(view, 40)}")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ImpossibleView(f"a {game_id} state is drawn for a seat number, got {brief(seat, 20)}")
    try:
        state = sample(view, seat, rng)
        drawn = observe(state, seat)
    except GameError:
        raise
    except KeyError as exc:
        raise ImpossibleView(
            f"not a {game_id} view: it has no {brief(exc.args[0], 30)} field"
        ) from None
    except (TypeError, ValueError, IndexError, AttributeError) as exc:
        raise ImpossibleView(
            f"not a {game_id} view of seat {seat}: {type(exc).__name__}: {brief(str(exc), 60)}"
        ) from None
    if drawn != view:
        wrong = sorted(k for k in set(view) | set(drawn) if view.get(k) != drawn.get(k))
        raise ImpossibleView(
            f"no {game_id} state shows seat {seat} this view (a drawn state shows it other "
            f"{', '.join(wrong[:6])}): is it another seat's view, or another config's?"
        )
    return state
