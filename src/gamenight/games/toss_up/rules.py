"""Toss Up! legality: who decides now, and what they may do (the one source of legality).

A turn is a chain of rolls: before each roll chance decides (the dice), after a roll that did
not run a red light the player decides to roll on or to bank. The game is over once it has
winners.
"""

from __future__ import annotations

from gamenight.engine.core import CHANCE_PENDING, TERMINAL_PENDING, Kind, Pending
from gamenight.games.toss_up.config import TossUpConfig
from gamenight.games.toss_up.state import BANK, ROLL, Action, TossUpState

#: The decision of each seat, built once (``pending`` runs at every step).
_SINGLE = tuple(Pending(Kind.SINGLE, (p,), turn=p) for p in range(TossUpConfig.max_players))
#: After a roll that did not bust: roll on or bank (banking is allowed at zero points, after an
#: all-yellow first roll).
CHOICES: tuple[Action, ...] = (ROLL, BANK)


def pending(state: TossUpState) -> Pending:
    """A chance node before each roll; the player's choice after it; terminal at the end."""
    if state.winners:
        return TERMINAL_PENDING
    return _SINGLE[state.player] if state.rolled else CHANCE_PENDING


def legal_actions(state: TossUpState, player: int) -> tuple[Action, ...]:
    """After a roll that did not bust, the player whose turn it is may roll again or bank."""
    if state.rolled and not state.winners and player == state.player:
        return CHOICES
    return ()


def passes_target(config: TossUpConfig, total: int) -> bool:
    """Whether a total ending a turn starts the final round: over the target (``strict``, the
    rulebook's "over 100") or at least the target.

    >>> passes_target(TossUpConfig(), 100), passes_target(TossUpConfig(strict=False), 100)
    (False, True)
    """
    return total > config.target if config.strict else total >= config.target
