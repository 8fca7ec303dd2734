"""Toss Up! states drawn from a seat's view: nothing is hidden, so the view rebuilds the state.

Every field of the state is in the view (the dice ``rolled`` this turn too), so
:func:`sample_state` draws nothing: it is the one state that shows the seat its view.
"""

from __future__ import annotations

import random

from gamenight.engine.core import View
from gamenight.engine.errors import ImpossibleView
from gamenight.games.toss_up.config import TossUpConfig
from gamenight.games.toss_up.state import Dice, TossUpState


def sample_state(config: TossUpConfig, view: View, seat: int, rng: random.Random) -> TossUpState:
    """The state ``view`` shows (``rng`` is not used: there is nothing to draw)."""
    last = view["last_roll"]
    scores = tuple(int(s) for s in view["scores"])
    if len(scores) != config.players:
        raise ImpossibleView(f"the view has {len(scores)} scores for {config.players} players")
    return TossUpState(
        scores=scores,
        player=int(view["turn"]),
        turn_points=int(view["turn_points"]),
        dice_left=int(view["dice_to_roll"]),
        rolled=bool(view["rolled"]),
        last_roll=Dice(int(last["green"]), int(last["yellow"]), int(last["red"])) if last else None,
        trigger=None if view["trigger"] is None else int(view["trigger"]),
        final=tuple(int(p) for p in view["to_play"]),
        contenders=tuple(int(p) for p in view["sudden_death"]),
        winners=tuple(int(p) for p in view["winners"]),
        turns=int(view["turns"]),
    )
