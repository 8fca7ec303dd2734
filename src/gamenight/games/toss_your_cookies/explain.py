"""Why a Toss Your Cookies move is refused, in words that name the rule it breaks.

``Match`` puts these reasons in its errors: :func:`why_illegal` for a move that is not legal for
a player who decides now, :func:`why_not_deciding` for a player who is not asked at all (the
tosser in the race for the milk, a player who has grabbed back their cap, a commitment already
in). Both are pure functions of the config, the state, the player, the move and (for the first)
the legal moves, which they never restate: legality lives in ``rules.py`` alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from gamenight.games.toss_your_cookies.cards import HAND_SIZE, card_name, dice_words
from gamenight.games.toss_your_cookies.config import TossYourCookiesConfig
from gamenight.games.toss_your_cookies.rules import number
from gamenight.games.toss_your_cookies.state import (
    Action,
    Commit,
    Grab,
    Phase,
    Pick,
    Take,
    Target,
    TossYourCookiesState,
)

#: What each phase asks for, in words, with the move to type.
ASKS = {
    Phase.TARGET: "the roller chooses whom to swap with (swap SEAT)",
    Phase.SWAP_CARDS: "the roller chooses the cards to give in the swap (give CARD ...)",
    Phase.COMMIT: "everyone chooses the cards to pass or toss (pass CARD ... / toss CARD ...)",
    Phase.SCRAMBLE: "everyone scrambles for the tossed cards, one at a time (grab CARD)",
    Phase.MILK_RACE: "everyone but the tosser races for the milk (grab milk)",
    Phase.PICK: "a card is drawn blindly: point at a face-down card (pick N)",
    Phase.EVEN_UP: "a player left short after a free scramble takes cards (take SEAT CARD)",
}
#: The move each phase takes.
EXPECTS: dict[Phase, type] = {
    Phase.TARGET: Target,
    Phase.SWAP_CARDS: Commit,
    Phase.COMMIT: Commit,
    Phase.SCRAMBLE: Grab,
    Phase.MILK_RACE: Grab,
    Phase.PICK: Pick,
    Phase.EVEN_UP: Take,
}
_SMALL = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
#: The type of every field of every player move, to refuse a wrongly built one in words.
_FIELD_TYPES: dict[type, tuple[tuple[str, type], ...]] = {
    Commit: (("cards", tuple),),
    Target: (("player", int),),
    Grab: (("card", str),),
    Take: (("player", int), ("card", str)),
    Pick: (("position", int),),
}


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` and the noun agreeing with it.

    >>> plural(1, "card"), plural(3, "card"), plural(0, "card")
    ('1 card', '3 cards', '0 cards')
    """
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def in_words(count: int) -> str:
    """A small number in words, as a rule says it (``7`` -> ``seven``); larger ones as digits."""
    return _SMALL[count] if 0 <= count < len(_SMALL) else str(count)


def shorten(text: object, limit: int = 24) -> str:
    """A piece of someone's input, quoted and cut short so that an error never echoes a flood.

    >>> shorten("chip"), shorten("x" * 100, 8)
    ("'chip'", "'xxxxxxx…'")
    """
    shown = str(text)
    return repr(shown if len(shown) <= limit else shown[: limit - 1] + "…")


def name(card: object) -> str:
    """A card's name and the id to type: ``Iced Sugar (sugar)``."""
    card = str(card)[:24]
    return f"{card_name(card)} ({card})"


def roll_words(state: TossYourCookiesState) -> str:
    """The dice of this turn in words, e.g. ``Pass Left / 2``."""
    if state.roll is None:
        return "the roll"
    return dice_words(*state.roll)


def malformed(action: object) -> str | None:
    """What is wrong with a move built with fields of the wrong type (``None``: nothing)."""
    for field, kind in _FIELD_TYPES.get(type(action), ()):
        value: Any = getattr(action, field, None)
        ok = isinstance(value, kind) and not isinstance(value, bool)
        if ok and kind is tuple:
            ok = all(isinstance(v, str) for v in value)
        if not ok:
            wanted = {int: "a whole number", str: "a card id", tuple: "a tuple of card ids"}[kind]
            return f"the {field} of a {type(action).__name__.lower()} must be {wanted}"
    return None


def why_illegal(
    config: TossYourCookiesConfig,
    state: TossYourCookiesState,
    player: int,
    action: Action,
    legal: Sequence[Action],
) -> str | None:
    """The reason ``action`` is not in ``legal``, the moves of ``player`` who decides now."""
    bad = malformed(action)
    if bad is None and action in legal:
        return None
    expected = EXPECTS.get(state.phase)
    if expected is None or not isinstance(action, expected):
        return f"now {ASKS.get(state.phase, 'nobody chooses')}"
    if bad:
        return bad
    if isinstance(action, Commit):
        return _why_commit(state, player, action.cards)
    if isinstance(action, Target):
        if action.player == player:
            return "you cannot swap with yourself: choose another player"
        return f"there is no player {action.player}: players are 0 to {config.players - 1}"
    if isinstance(action, Grab):
        if state.phase == Phase.MILK_RACE:
            return "only the milk is in the middle: grab milk"
        return f"there is no {name(action.card)} in the middle"
    if isinstance(action, Pick) and state.draw is not None:
        size = len(legal)
        return (
            f"there is no face-down card {action.position + 1}: player {state.draw.source} "
            f"holds {size}, so pick 1 to {size}"
        )
    if isinstance(action, Take):
        return _why_take(config, state, action)
    return None


def _why_commit(state: TossYourCookiesState, player: int, cards: tuple[str, ...]) -> str | None:
    n = number(state)
    if state.phase == Phase.SWAP_CARDS:
        verb = "give in the swap"
    else:
        verb = "toss" if state.roll is not None and state.roll[0] == "toss" else "pass"
    if len(cards) != n:
        return (
            f"{roll_words(state)} asks for exactly {plural(n, 'card')} to {verb}, not {len(cards)}"
        )
    held = Counter(state.hands[player])
    short = Counter(cards) - held
    if short:
        parts = [f"only {held[c]} {name(c)}" if held[c] else f"no {name(c)}" for c in sorted(short)]
        return "you hold " + " and ".join(parts[:3]) + (" and more" if len(parts) > 3 else "")
    return None


def _why_take(
    config: TossYourCookiesConfig, state: TossYourCookiesState, action: Take
) -> str | None:
    if not 0 <= action.player < config.players:
        return f"there is no player {action.player}: players are 0 to {config.players - 1}"
    hand = state.hands[action.player]
    if len(hand) <= HAND_SIZE:
        return (
            f"player {action.player} holds no more than {in_words(HAND_SIZE)} cards: take only "
            f"from a shown hand that holds more than {in_words(HAND_SIZE)}"
        )
    if action.card not in hand:
        return f"player {action.player}'s shown hand has no {name(action.card)}"
    return None


def why_not_deciding(
    config: TossYourCookiesConfig, state: TossYourCookiesState, player: int, action: Action
) -> str | None:
    """The rule that keeps ``player`` out of the current decision (``None``: none to name)."""
    phase = state.phase
    if not 0 <= player < config.players:
        return None
    if phase == Phase.MILK_RACE and player == state.tosser:
        return "you tossed the milk, and the player who tosses the milk may not also grab it"
    if phase == Phase.SCRAMBLE:
        cap = state.quota[player]
        return (
            f"you have grabbed back {state.grabbed[player]} of the {plural(cap, 'card')} you "
            "tossed, and a player may grab back at most as many as they tossed"
        )
    if phase == Phase.COMMIT and state.commits[player] is not None:
        return "your cards for this action are already committed, and a commitment is final"
    if phase in (Phase.TARGET, Phase.SWAP_CARDS):
        return f"only the roller (player {state.turn}) chooses the swap"
    if phase == Phase.PICK and state.draw is not None:
        return f"player {state.draw.drawer} is drawing blindly from player {state.draw.source}"
    if phase == Phase.EVEN_UP:
        if len(state.hands[player]) >= HAND_SIZE:
            return (
                f"you already hold {in_words(HAND_SIZE)} or more cards; only a player left short "
                "takes cards"
            )
        return "another player left short chooses first, in seat order from the roller"
    return None
