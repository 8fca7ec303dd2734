"""Shared checks of a game's ``sample_state``: states drawn from a seat's view.

:func:`positions` drives seeded random games through the engine API (every kind of decision,
any listed player acting in races and reaction windows) and keeps states along the way;
:func:`check_draw` checks one drawn state against the truth; :func:`spread_ok` is the
statistical check that unseen cards land in a hidden place as often as a uniform deal puts them
there.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from gamenight.engine import CHANCE, Kind


def positions(game: Any, seed: int, every: int = 1, limit: int = 2000) -> Iterator[tuple[Any, int]]:
    """States of one seeded random game (every ``every``-th step, the end included), each with
    a seat to view it from: one deciding now, else a seat drawn at random."""
    rng = random.Random(seed)
    state = game.initial_state()
    for n in range(limit):
        pending = game.pending(state)
        deciding = pending.players
        if n % every == 0 or pending.kind is Kind.TERMINAL:
            seat = (
                deciding[rng.randrange(len(deciding))] if deciding else rng.randrange(game.players)
            )
            yield state, seat
        if pending.kind is Kind.TERMINAL:
            return
        if pending.kind is Kind.CHANCE:
            state, _ = game.apply(state, CHANCE, game.sample_chance(state, rng))
            continue
        mover = deciding[0] if pending.kind is Kind.SINGLE else rng.choice(deciding)
        legal = game.legal_actions(state, mover)
        state, _ = game.apply(state, mover, legal[rng.randrange(len(legal))])


def check_draw(
    game: Any,
    truth: Any,
    seat: int,
    seed: int,
    components: Callable[[Any], Counter[str]],
    pending_shown: bool = True,
    hidden: frozenset[str] = frozenset(),
) -> Any:
    """Draw a state for ``seat`` from its view of ``truth`` and check the contract: the same
    view, the same decision and legal moves, every component in one place, the same seed giving
    the same state; a few random steps from it run without error. Returns the drawn state.

    ``pending_shown=False``: the view does not say who else is still to answer (Paper Toss!'s
    response windows), so only the kind of decision is compared, and the seat's moves when it is
    one of those deciding. Every field of the state not named in ``hidden`` (the fields that hold
    what the seat cannot see) must be the truth's."""
    view = game.observe(truth, seat)
    drawn = game.sample_state(view, seat, random.Random(seed))
    assert game.observe(drawn, seat) == view
    expected, got = game.pending(truth), game.pending(drawn)
    if pending_shown:
        assert got == expected
    else:
        assert (got.kind, got.turn, got.window) == (expected.kind, expected.turn, expected.window)
    if pending_shown or seat in expected.players:
        assert seat in got.players or seat not in expected.players
        assert list(game.legal_actions(drawn, seat)) == list(game.legal_actions(truth, seat))
    assert components(drawn) == components(truth)
    if hidden:
        public = [f.name for f in dataclasses.fields(truth) if f.name not in hidden]
        assert [getattr(drawn, f) for f in public] == [getattr(truth, f) for f in public]
    assert game.sample_state(view, seat, random.Random(seed)) == drawn
    rng = random.Random(seed)
    state = drawn
    for _ in range(12):
        pending = game.pending(state)
        if pending.kind is Kind.TERMINAL:
            break
        if pending.kind is Kind.CHANCE:
            state, _ = game.apply(state, CHANCE, game.sample_chance(state, rng))
            continue
        mover = rng.choice(pending.players)
        legal = game.legal_actions(state, mover)
        state, _ = game.apply(state, mover, legal[rng.randrange(len(legal))])
    return drawn


def spread_ok(counts: Counter[str], expected: dict[str, float], draws: int) -> list[str]:
    """Cards whose count over ``draws`` drawings strays from its expected mean by more than six
    standard deviations (plus one card): an empty list when the spread is uniform.

    ``expected[card]`` is the mean number of that card in the hidden place per drawing; the
    bound takes the count per drawing as at most binomial (a deal without replacement varies
    less), so it is wide and does not flake.
    """
    bad = []
    for card in set(counts) | set(expected):
        mean = expected.get(card, 0.0) * draws
        sd = math.sqrt(max(mean, 1.0))
        if abs(counts.get(card, 0) - mean) > 6 * sd + 1:
            bad.append(f"{card}: {counts.get(card, 0)} against {mean:.1f}")
    return bad
