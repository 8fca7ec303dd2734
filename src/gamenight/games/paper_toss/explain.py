"""Why a Paper Toss! action is refused, in words that name the rule it breaks.

Pure functions of the config, the state, the player, the action and the player's legal actions
(``rules.legal_actions``): whether a move is allowed is never decided here, only why one that is
not allowed is not. Values a player sent are repeated shortened, and an action whose fields have
the wrong types (``Bully(target=None)``) is named as such before anything else is read from it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from gamenight.games.paper_toss.cards import (
    BULLY,
    COUNTERS,
    ENERGY_DRINK,
    FLAT_TIRE,
    HAZARDS,
    PAPER_KINDS,
    PAPER_TOSS,
    TOSS_KINDS,
    counters_for,
)
from gamenight.games.paper_toss.config import PaperTossConfig
from gamenight.games.paper_toss.state import (
    Action,
    Bully,
    Choose,
    Counter,
    Discard,
    Draw,
    Drink,
    EndTurn,
    FlatTire,
    Flip,
    FlipOne,
    Hazard,
    PaperTossState,
    Pass,
    Ready,
    Sprinkle,
    Toss,
)

_WHEN_WINDOW = "a response window (after a Paper Toss, after a Hazard, or as a turn ends)"
#: The types an action field may hold, by the annotation written in ``state.py``.
_FIELD_TYPES: dict[str, tuple[type, str]] = {
    "str": (str, "a card name"),
    "int": (int, "a seat number"),
    "bool": (bool, "true or false"),
}
#: How much of a value a player sent a reason repeats.
_ECHO = 40


def shown(value: object) -> str:
    """A value a player sent, as a reason repeats it: its ``repr``, cut short when long.

    >>> shown("cat"), shown("x" * 100), shown(-(10**5000))
    ("'cat'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...", 'a number of about 5000 digits')
    """
    if isinstance(value, int) and value.bit_length() > 128:  # repr() of 4,300+ digits fails
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    text = repr(value)
    return text if len(text) <= _ECHO else text[: _ECHO - 3] + "..."


def _plain(text: str) -> str:
    """A card name a player sent, unquoted, cut short when long."""
    return text if len(text) <= _ECHO else text[: _ECHO - 3] + "..."


def wrong_field(action: Action) -> str | None:
    """The first field of ``action`` that does not hold its declared type, in words."""
    for field in dataclasses.fields(action):
        if str(field.type) not in _FIELD_TYPES:
            continue
        kind, noun = _FIELD_TYPES[str(field.type)]
        value = getattr(action, field.name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            tag = type(action).__name__
            return f"the {field.name} of {tag} must be {noun}, got {shown(value)}"
    return None


def why_illegal(
    config: PaperTossConfig,
    state: PaperTossState,
    player: int,
    action: Action,
    legal: Sequence[Action],
) -> str | None:
    """The reason ``action`` is not legal for ``player`` now (``None`` if it is legal).

    ``legal`` is ``rules.legal_actions(config, state, player)``; every reason is read from it
    and from the state, so it names the rule that the one source of legality applied.
    """
    wrong = wrong_field(action)
    if wrong:
        return wrong
    if action in legal:
        return None
    if isinstance(action, Draw | Flip):
        return "the decks decide what is drawn and flipped; type ready to draw up, flip to flip"
    unknown = _unknown_card(action)
    if unknown:
        return unknown
    hand = state.hands[player] if 0 <= player < config.players else ()
    phase = state.phase
    own_turn = player == state.turn
    same_kind = any(type(a) is type(action) for a in legal)
    if isinstance(action, Bully | FlatTire):
        card = BULLY if isinstance(action, Bully) else FLAT_TIRE
        if not 0 <= action.target < config.players:
            last = config.players - 1
            return f"there is no player {shown(action.target)}: players are 0 to {last}"
        if action.target == player:
            return f"{card} must target another player, not yourself"
        if card not in hand:
            return f"you hold no {card} card"
        return f"{card} is played in {_WHEN_WINDOW}, and none is open now"
    if isinstance(action, Toss):
        if state.tossed and own_turn:
            return "only one Paper Toss per turn: you have already tossed this turn"
        if not own_turn:
            return "you may only play a Paper Toss on your own turn"
        if phase == "discard":
            return "discard first and draw back up (type ready) before you toss"
        if PAPER_TOSS not in hand:
            return f"you hold no {PAPER_TOSS} card"
        return "a Paper Toss is played only right after you draw up, before your turn ends"
    if isinstance(action, Hazard):
        if action.card not in HAZARDS:
            return f"{_plain(action.card)} is not a Hazard; Hazards are {', '.join(HAZARDS)}"
        if phase == "hazard" and own_turn:
            return "you cannot play a Hazard on your own Paper Toss"
        if phase == "counter":
            return "one Hazard at a time: the tosser must answer the one in play first"
        if phase != "hazard":
            return "a Hazard is played only right after another player's Paper Toss"
        return f"you hold no {action.card} card"
    if isinstance(action, Counter):
        if phase != "counter" or state.hazard is None:
            return "a Counter is played only to cancel a Hazard played on your Paper Toss"
        if not own_turn:
            return "only the tosser may Counter a Hazard"
        allowed = counters_for(state.hazard.card)
        if action.card not in allowed:
            return (
                f"{action.card} does not counter {state.hazard.card}: "
                f"only {' or '.join(allowed)} do"
            )
        return f"you hold no {action.card} card"
    if isinstance(action, Drink):
        if state.hazard is not None and phase in ("counter", "flip", "choose"):
            return (
                f"Energy Drink needs a clean window, but the {state.hazard.card} Hazard of "
                f"player {state.hazard.player} was not countered"
            )
        if phase != "launch" or not own_turn:
            return "Energy Drink is played only after your Paper Toss comes through a clean window"
        return f"you hold no {ENERGY_DRINK} card"
    if isinstance(action, Sprinkle):
        if phase != "sprinklers" or not same_kind:
            return "Sprinklers is answered only when a Sprinklers card applies to your toss"
        return "you have no second Paper Toss card to discard for Sprinklers"
    if isinstance(action, Discard):
        if phase != "discard" or not own_turn:
            return "cards are discarded only at the start of your own turn, before drawing"
        return f"you hold no {action.card} card"
    if isinstance(action, Ready | EndTurn | FlipOne) and not own_turn:
        return "that move belongs to the player whose turn it is"
    if isinstance(action, Ready):
        return "ready ends the discards at the start of your turn, and they are over"
    if isinstance(action, EndTurn) and phase == "discard":
        return "discard first and draw back up (type ready); then you may toss or end the turn"
    if isinstance(action, EndTurn):
        return "a turn is ended right after drawing up, in place of a Paper Toss"
    if isinstance(action, FlipOne):
        return (
            "a single Toss card is flipped only after your Paper Toss comes through a clean window"
        )
    if isinstance(action, Pass):
        return "there is no response window open to pass"
    if isinstance(action, Choose):
        if phase != "choose":
            return "there are no two Toss cards to choose from now"
        return f"{action.card} is not one of the turned-over cards ({', '.join(state.flipped)})"
    return f"{type(action).__name__} is not possible in the {phase} step"


def _unknown_card(action: Action) -> str | None:
    """A card name that is no card of the game at all, named with the cards that exist."""
    if isinstance(action, Discard) and action.card not in PAPER_KINDS:
        return f"there is no {shown(action.card)} card; Paper cards are {', '.join(PAPER_KINDS)}"
    if isinstance(action, Counter) and action.card not in COUNTERS:
        return f"{_plain(action.card)} is not a Counter; Counters are {', '.join(COUNTERS)}"
    if isinstance(action, Choose) and action.card not in TOSS_KINDS:
        return f"there is no {shown(action.card)} Toss card; Toss cards are {', '.join(TOSS_KINDS)}"
    return None
