"""Toss Up! data: the actions (two decisions and one chance outcome) and the state.

The state is plain data, never changed once handed out. It is built by keyword; the transitions
in ``resolve.py`` derive each next state from a working copy made by :func:`thaw`, which the
engine's ``field_copier`` generates once from the dataclass fields (the engine API runs one
transition per step, so the copy must be cheap).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine.game import field_copier


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the dice that are not set aside."""


@dataclass(frozen=True, slots=True)
class Bank:
    """Take the turn's points and end the turn."""


@dataclass(frozen=True, slots=True)
class Dice:
    """A chance outcome: how many of the rolled dice came up green, yellow and red."""

    green: int
    yellow: int
    red: int


ROLL = Roll()
BANK = Bank()
Action = Roll | Bank | Dice
#: Every action class, for the codecs (JSON tags ``roll``, ``bank``, ``dice``).
ACTION_TYPES = (Roll, Bank, Dice)


@dataclass(slots=True, kw_only=True)
class TossUpState:
    """Plain data; never changed once handed out, and built by keyword only.

    - ``scores``: every player's banked total; ``player``: whose turn it is.
    - ``turn_points``: the greens gathered this turn; ``dice_left``: the dice the next roll
      throws (every die again once all have come up green).
    - ``rolled``: ``False`` while the next roll (a chance node) is due, ``True`` while the player
      decides to roll on or bank; ``last_roll``: the roll just made (``None`` before a turn's
      first roll).
    - ``trigger``: who went past the target and started the final round (``None`` before);
      ``final``: the seats still to play in the final round or in a sudden-death round, in
      order; ``contenders``: the players tied for the lead during sudden death (else empty).
    - ``winners``: empty until the game ends; ``turns``: turns played.
    """

    scores: tuple[int, ...]
    player: int
    turn_points: int = 0
    dice_left: int
    rolled: bool = False
    last_roll: Dice | None = None
    trigger: int | None = None
    final: tuple[int, ...] = ()
    contenders: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    turns: int = 0


#: ``thaw(state)``: a working copy of a state, which a transition changes before handing it out
#: as the next state (the state passed in is never changed).
thaw = field_copier(TossUpState)
