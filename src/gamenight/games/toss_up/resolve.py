"""Toss Up! transitions: a roll decision, a bank, and each roll's outcome, with the events they
cause; the final round, sudden death and the end of the game live in :func:`end_turn`.

Every function takes the config and a state and returns the next state and the events; the
state passed in is never changed (the next state starts as a working copy, ``state.thaw``).
Transitions trust their input: ``Match.submit`` has checked it against ``rules.legal_actions``.
"""

from __future__ import annotations

from typing import Any

from gamenight.engine.core import Event, game_over, turn_started
from gamenight.games.toss_up.config import TossUpConfig
from gamenight.games.toss_up.rules import passes_target
from gamenight.games.toss_up.state import Action, Bank, Dice, Roll, TossUpState, thaw

Events = tuple[Event, ...]
#: Each seat's turn-start event, built once and shared (events are never changed).
_STARTED: tuple[Events, ...] = tuple((turn_started(p),) for p in range(TossUpConfig.max_players))


def apply(
    config: TossUpConfig, state: TossUpState, player: int, action: Action
) -> tuple[TossUpState, Events]:
    """Roll, bank, or resolve a roll's outcome (a chance step)."""
    kind = type(action)
    if kind is Dice:
        return resolve_roll(config, state, action)  # type: ignore[arg-type]
    if kind is Roll:
        return roll_on(state)
    if kind is Bank:
        return bank(config, state)
    raise TypeError(f"not a Toss Up! action: {type(action).__name__}")


def roll_on(state: TossUpState) -> tuple[TossUpState, Events]:
    """The player rolls on: the same turn, now waiting for its roll (a chance node)."""
    new = thaw(state)
    new.rolled = False
    return new, ()


def bank(config: TossUpConfig, state: TossUpState) -> tuple[TossUpState, Events]:
    """The turn's points go on the score sheet, where they are safe; the turn ends."""
    p, points = state.player, state.turn_points
    scores = (*state.scores[:p], state.scores[p] + points, *state.scores[p + 1 :])
    event = _event("banked", {"player": p, "points": points, "total": scores[p]})
    return end_turn(config, state, scores, (event,))


def resolve_roll(
    config: TossUpConfig, state: TossUpState, dice: Dice
) -> tuple[TossUpState, Events]:
    """Greens are set aside and scored for the turn; no green and a red is a red light.

    A turn's first roll also starts the turn: the engine's ``turn_started`` event.
    """
    p = state.player
    green, yellow, red = dice.green, dice.yellow, dice.red
    started = () if state.last_roll else _STARTED[p]
    if green == 0 and red > 0:
        data = {"player": p, "green": 0, "yellow": yellow, "red": red, "bust": True}
        bust = _event("busted", {"player": p, "lost": state.turn_points})
        return end_turn(config, state, state.scores, (*started, _event("rolled", data), bust))
    points = state.turn_points + green
    left = state.dice_left - green or config.dice  # all green: every die is rolled again
    rolled = _event(
        "rolled",
        {
            "player": p,
            "green": green,
            "yellow": yellow,
            "red": red,
            "bust": False,
            "turn_points": points,
            "dice": left,
        },
    )
    new = thaw(state)
    new.turn_points, new.dice_left, new.rolled, new.last_roll = points, left, True, dice
    return new, (*started, rolled)


def end_turn(
    config: TossUpConfig, state: TossUpState, scores: tuple[int, ...], events: Events
) -> tuple[TossUpState, Events]:
    """Pass the dice on: the final round, sudden death and the end of the game.

    A total past the target starts the final round: every other player gets one last turn, in
    seat order from the trigger's left, and nobody can start another. After the last of them
    the highest total wins; a tie for it plays sudden-death rounds among the tied players (in
    the same order), repeated while tied, unless ``shared_victory`` shares the win. The next
    turn starts with every die to roll and nothing set aside.
    """
    p, n = state.player, config.players
    trigger, final, contenders = state.trigger, state.final, state.contenders
    winners: tuple[int, ...] = ()
    player = (p + 1) % n  # play passes to the left
    if trigger is not None or passes_target(config, scores[p]):
        if trigger is None:
            trigger = p
            final = tuple((p + i) % n for i in range(1, n))
            events += (Event("final_round", {"trigger": p, "total": scores[p]}),)
        else:
            final = final[1:]
        if not final:
            pool = contenders or tuple(range(n))
            top = max(scores[i] for i in pool)
            leaders = tuple(i for i in pool if scores[i] == top)
            if len(leaders) == 1 or config.shared_victory:
                winners, player, contenders = leaders, p, ()
                events += (game_over(leaders),)
            else:
                first_after = trigger
                contenders = leaders
                final = tuple(sorted(leaders, key=lambda i: (i - first_after - 1) % n))
                events += (Event("sudden_death", {"players": list(leaders), "total": top}),)
        if final:
            player = final[0]
    new = thaw(state)
    new.scores, new.player, new.turns = scores, player, state.turns + 1
    new.turn_points, new.dice_left, new.rolled, new.last_roll = 0, config.dice, False, None
    if trigger is not None:  # the final round, sudden death or the end
        new.trigger, new.final, new.contenders, new.winners = trigger, final, contenders, winners
    return new, events


def _event(kind: str, data: dict[str, Any]) -> Event:
    """A public event, built without the named tuple's Python-level constructor (hot path)."""
    return _new_tuple(Event, (kind, data, None, _NOBODY))


_new_tuple = tuple.__new__
_NOBODY: frozenset[int] = frozenset()
