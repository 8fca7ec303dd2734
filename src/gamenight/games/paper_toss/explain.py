"""Why a Paper Toss! action is refused, in words that name the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.games.paper_toss.state import (
    BULLY,
    COUNTERS,
    ENERGY_DRINK,
    FLAT_TIRE,
    HAZARDS,
    PAPER_KINDS,
    PAPER_TOSS,
    TOSS_KINDS,
    WINDOWS,
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
    counters_for,
)

if TYPE_CHECKING:
    from gamenight.games.paper_toss.game import PaperToss

_WHEN_WINDOW = "a response window (after a Paper Toss, after a Hazard, or as a turn ends)"


def why_illegal(game: PaperToss, state: PaperTossState, player: int, action: Action) -> str | None:
    """The reason ``action`` is not legal for ``player`` now (``None`` if none applies)."""
    if action in game.legal_actions(state, player):
        return None
    if isinstance(action, Draw | Flip):
        return "the decks decide what is drawn and flipped; type ready to draw up, flip to flip"
    unknown = _unknown_card(action)
    if unknown:
        return unknown
    hand = state.hands[player] if 0 <= player < game.players else ()
    phase = state.phase
    own_turn = player == state.turn
    if isinstance(action, Bully | FlatTire):
        card = BULLY if isinstance(action, Bully) else FLAT_TIRE
        if not 0 <= action.target < game.players:
            return f"there is no player {action.target}: players are 0 to {game.players - 1}"
        if action.target == player:
            return f"{card} must target another player, not yourself"
        if card not in hand:
            return f"you hold no {card} card"
        if phase not in WINDOWS:
            return f"{card} is played in {_WHEN_WINDOW}, and none is open now"
    if isinstance(action, Toss):
        if state.tossed and own_turn:
            return "only one Paper Toss per turn: you have already tossed this turn"
        if not own_turn:
            return "you may only play a Paper Toss on your own turn"
        if phase == "discard":
            return "discard first and draw back up (type ready) before you toss"
        if PAPER_TOSS not in hand:
            return "you hold no paper_toss card"
        if phase != "main":
            return "a Paper Toss is played only right after you draw up, before your turn ends"
    if isinstance(action, Hazard):
        if action.card not in HAZARDS:
            return f"{action.card} is not a Hazard; Hazards are {', '.join(HAZARDS)}"
        if phase == "hazard" and own_turn:
            return "you cannot play a Hazard on your own Paper Toss"
        if phase == "counter":
            return "one Hazard at a time: the tosser must answer the one in play first"
        if phase != "hazard":
            return "a Hazard is played only right after another player's Paper Toss"
        if action.card not in hand:
            return f"you hold no {action.card} card"
    if isinstance(action, Counter):
        if phase != "counter":
            return "a Counter is played only to cancel a Hazard played on your Paper Toss"
        if not own_turn:
            return "only the tosser may Counter a Hazard"
        allowed = counters_for(state.hazard_card)
        if action.card not in allowed:
            return (
                f"{action.card} does not counter {state.hazard_card}: "
                f"only {' or '.join(allowed)} do"
            )
        if action.card not in hand:
            return f"you hold no {action.card} card"
    if isinstance(action, Drink):
        if state.hazard_player >= 0 and phase in ("counter", "flip", "choose"):
            return (
                f"Energy Drink needs a clean window, but the {state.hazard_card} Hazard of "
                f"player {state.hazard_player} was not countered"
            )
        if phase != "launch":
            return "Energy Drink is played only after your Paper Toss comes through a clean window"
        if ENERGY_DRINK not in hand:
            return "you hold no energy_drink card"
    if isinstance(action, Sprinkle):
        if phase != "sprinklers":
            return "Sprinklers is answered only when a Sprinklers card applies to your toss"
        if action.discard and PAPER_TOSS not in hand:
            return "you have no second Paper Toss card to discard for Sprinklers"
    if isinstance(action, Discard):
        if phase != "discard" or not own_turn:
            return "cards are discarded only at the start of your own turn, before drawing"
        if action.card not in hand:
            return f"you hold no {action.card} card"
    if isinstance(action, Ready | EndTurn | FlipOne) and not own_turn:
        return "that move belongs to the player whose turn it is"
    if isinstance(action, EndTurn) and phase == "discard":
        return "discard first and draw back up (type ready); then you may toss or end the turn"
    if isinstance(action, FlipOne):
        return (
            "a single Toss card is flipped only after your Paper Toss comes through a clean window"
        )
    if isinstance(action, Pass) and phase not in WINDOWS:
        return "there is no response window open to pass"
    if isinstance(action, Choose):
        if phase != "choose":
            return "there are no two Toss cards to choose from now"
        if action.card not in state.flipped:
            return f"{action.card} is not one of the turned-over cards ({', '.join(state.flipped)})"
    return f"{game.action_to_text(action)!r} is not possible in the {phase} step"


def _unknown_card(action: Action) -> str | None:
    """A card name that is no card of the game at all, named with the cards that exist."""
    if isinstance(action, Discard) and action.card not in PAPER_KINDS:
        return f"there is no {action.card!r} card; Paper cards are {', '.join(PAPER_KINDS)}"
    if isinstance(action, Counter) and action.card not in COUNTERS:
        return f"{action.card} is not a Counter; Counters are {', '.join(COUNTERS)}"
    if isinstance(action, Choose) and action.card not in TOSS_KINDS:
        return f"there is no {action.card!r} Toss card; Toss cards are {', '.join(TOSS_KINDS)}"
    return None
