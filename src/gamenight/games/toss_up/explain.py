"""Why a Toss Up! move is refused, in words: pure functions of the config, the state, the
player, the action and the legal actions (``rules.legal_actions``), never a second statement
of legality."""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.games.toss_up.config import TossUpConfig
from gamenight.games.toss_up.state import Action, Dice, TossUpState


def why_illegal(
    config: TossUpConfig,
    state: TossUpState,
    player: int,
    action: Action,
    legal: Sequence[Action],
) -> str | None:
    """The reason ``action`` is refused (``None`` when it is legal or no reason applies).

    A player who decides now may always roll or bank, so the one move a deciding player can
    send that is refused is a roll's outcome: the dice decide it.
    """
    if action in legal:
        return None
    if isinstance(action, Dice):
        return "the dice decide what a roll shows; type roll (r) to roll them or bank (b)"
    return None
