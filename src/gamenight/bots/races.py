"""The one race model: when a reach (or an answer in a window) made earlier still stands.

Simulation (``gamenight.sim.driver``), the live runtime (``gamenight.live``) and the learning
adapters' race mapping (``gamenight.adapters.pettingzoo``) all ask this module, so a race is
decided by the same rule everywhere. It lives here, below both ``sim`` and ``live``, because
they are siblings and may not import each other.

The rule, as a table would play it:

- **A reach keeps its time while its target stays.** A player who reached for a card in a race
  gets it at the moment their hand arrives, as long as the same race is still open, they are
  still in it, and the card is still in the middle (their grab is still legal). Someone else
  grabbing a *different* card changes nothing for them: their reach is not restarted.
- **Only a player whose target was taken reaches again** (and a player who has just grabbed,
  for their next card). Their new reach starts when they see the card go.
- **A reaction window is different:** an answer stands while the window is open and the
  player's view of it has not changed (a pass by someone else changes nothing they were
  answering); anything they can see change (a Hazard, a Bully, an objection) makes them answer
  again. Callers say how they tell "unchanged" (simulation compares views; the live runtime
  counts only passes and commitments as no news).

>>> from gamenight.engine.core import Pending
>>> race = Pending(Kind.RACE, (0, 1, 2), turn=1, window="scramble")
>>> after_bob = Pending(Kind.RACE, (0, 2), turn=1, window="scramble")  # Bob took his last card
>>> reach_stands(race, after_bob, 0, still_legal=True)   # Ann's card is still there
True
>>> reach_stands(race, after_bob, 0, still_legal=False)  # Bob took the very card Ann reached for
False
>>> reach_stands(race, after_bob, 1, still_legal=True)   # Bob is out of the race
False
"""

from __future__ import annotations

from collections.abc import Callable

from gamenight.engine.core import Kind, Pending

#: Decisions where several players answer at once and the first to arrive is applied.
RACING = (Kind.RACE, Kind.REACTION)


def same_decision(before: Pending, after: Pending) -> bool:
    """Whether ``after`` is the same open decision as ``before`` (kind, window and turn).

    Single decisions never go on: every step makes a new one.
    """
    return (
        before.kind in (Kind.SIMULTANEOUS, Kind.RACE, Kind.REACTION)
        and after.kind is before.kind
        and after.window == before.window
        and after.turn == before.turn
    )


def _always() -> bool:
    return True


def reach_stands(
    opened: Pending,
    now: Pending,
    seat: int,
    still_legal: bool,
    unchanged: Callable[[], bool] = _always,
) -> bool:
    """Whether ``seat``'s reach (or answer), made while ``opened`` was the open decision, still
    lands now that ``now`` is: the same race or window is open, the seat is still in it, its
    move is still legal (``still_legal``: in a race, its card is still in the middle) and, in a
    reaction window only, nothing it answered has changed (``unchanged()``, asked last, so a
    caller may make it as costly as comparing views)."""
    if not (still_legal and same_decision(opened, now) and seat in now.players):
        return False
    return now.kind is Kind.RACE or unchanged()
