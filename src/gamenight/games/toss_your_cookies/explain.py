"""Why a Toss Your Cookies move is refused, in words that name the rule it breaks.

``Match`` puts these reasons in its errors: ``why_illegal`` for a move that is not legal for a
player who decides now, ``why_not_deciding`` for a player who is not asked at all (the tosser in
the race for the milk, a player who has grabbed back their cap, a commitment already in).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from gamenight.games.toss_your_cookies.cards import ALL, CARD_NAMES, HAND_SIZE, MILK_FACE
from gamenight.games.toss_your_cookies.state import (
    COMMIT,
    EVEN_UP,
    MILK_RACE,
    PICK,
    SCRAMBLE,
    SWAP_CARDS,
    TARGET,
    Action,
    Commit,
    CookiesState,
    Grab,
    Pick,
    Take,
    Target,
)

if TYPE_CHECKING:
    from gamenight.games.toss_your_cookies.game import TossYourCookies

#: What each phase asks for, in words, with the move to type.
ASKS = {
    TARGET: "the roller chooses whom to swap with (target N)",
    SWAP_CARDS: "the roller chooses the cards to give in the swap (give CARD ...)",
    COMMIT: "everyone chooses the cards to pass or toss (pass CARD ... / toss CARD ...)",
    SCRAMBLE: "everyone scrambles for the tossed cards, one at a time (grab CARD)",
    MILK_RACE: "everyone but the tosser races for the milk (grab milk)",
    PICK: "a card is drawn blindly: point at a face-down card (pick N)",
    EVEN_UP: "a player left short after a free scramble takes cards (take N CARD)",
}
#: The move each phase takes.
EXPECTS: dict[str, type] = {
    TARGET: Target,
    SWAP_CARDS: Commit,
    COMMIT: Commit,
    SCRAMBLE: Grab,
    MILK_RACE: Grab,
    PICK: Pick,
    EVEN_UP: Take,
}
_WORDS = {"swap": "Swap", "pass_left": "Pass Left", "pass_right": "Pass Right", "toss": "Toss"}


def name(card: str) -> str:
    """A card's name and the id to type: ``Iced Sugar (sugar)``."""
    return f"{CARD_NAMES.get(card, card)} ({card})"


def roll_words(state: CookiesState) -> str:
    """The dice of this turn in words, e.g. ``Pass Left / 2``."""
    if state.roll is None:
        return "the roll"
    action, number = state.roll
    face = {ALL: "All", MILK_FACE: "Milk"}.get(number, number)
    return f"{_WORDS.get(action, action)} / {face}"


def why_illegal(
    game: TossYourCookies, state: CookiesState, player: int, action: Action
) -> str | None:
    """The reason ``action`` is not legal for ``player``, who decides now (``None``: none)."""
    if action in game.legal_actions(state, player):
        return None
    expected = EXPECTS.get(state.phase)
    if expected is None or not isinstance(action, expected):
        return f"now {ASKS.get(state.phase, state.phase)}"
    if isinstance(action, Commit):
        return _why_commit(game, state, player, action.cards)
    if isinstance(action, Target):
        if action.player == player:
            return "you cannot swap with yourself: choose another player"
        return f"there is no player {action.player}: players are 0 to {game.players - 1}"
    if isinstance(action, Grab):
        if state.phase == MILK_RACE:
            return "only the milk is in the middle: grab milk"
        return f"there is no {name(action.card)} in the middle"
    if isinstance(action, Pick):
        size = len(state.hands[state.draw_from])
        return (
            f"there is no face-down card {action.position + 1}: player {state.draw_from} "
            f"holds {size}, so pick 1 to {size}"
        )
    if isinstance(action, Take):
        return _why_take(game, state, action)
    return None


def _why_commit(
    game: TossYourCookies, state: CookiesState, player: int, cards: tuple[str, ...]
) -> str | None:
    n = game.number(state)
    if state.phase == SWAP_CARDS:
        verb = "give in the swap"
    else:
        verb = "toss" if state.roll is not None and state.roll[0] == "toss" else "pass"
    if len(cards) != n:
        return f"{roll_words(state)} asks for exactly {n} card(s) to {verb}, not {len(cards)}"
    held = Counter(state.hands[player])
    short = Counter(cards) - held
    if short:
        parts = [f"only {held[c]} {name(c)}" if held[c] else f"no {name(c)}" for c in sorted(short)]
        return "you hold " + " and ".join(parts)
    return None


def _why_take(game: TossYourCookies, state: CookiesState, action: Take) -> str | None:
    if not 0 <= action.player < game.players:
        return f"there is no player {action.player}: players are 0 to {game.players - 1}"
    hand = state.hands[action.player]
    if len(hand) <= HAND_SIZE:
        return (
            f"player {action.player} holds no more than seven cards: take only from a shown "
            "hand that holds more than seven"
        )
    if action.card not in hand:
        return f"player {action.player}'s shown hand has no {name(action.card)}"
    return None


def why_not_deciding(
    game: TossYourCookies, state: CookiesState, player: int, action: Action
) -> str | None:
    """The rule that keeps ``player`` out of the current decision (``None``: none to name)."""
    phase = state.phase
    if phase == MILK_RACE and player == state.tosser:
        return "you tossed the milk, and the player who tosses the milk may not also grab it"
    if phase == SCRAMBLE:
        cap = state.quota[player]
        return (
            f"you have grabbed back {state.grabbed[player]} of the {cap} card(s) you tossed, "
            "and a player may grab back at most as many as they tossed"
        )
    if phase == COMMIT and state.commits[player] is not None:
        return "your cards for this action are already committed, and a commitment is final"
    if phase in (TARGET, SWAP_CARDS):
        return f"only the roller (player {state.turn}) chooses the swap"
    if phase == PICK:
        return f"player {state.drawer} is drawing blindly from player {state.draw_from}"
    if phase == EVEN_UP:
        if len(state.hands[player]) >= HAND_SIZE:
            return "you already hold seven or more cards; only a player left short takes cards"
        return "another player left short chooses first, in seat order from the roller"
    return None
