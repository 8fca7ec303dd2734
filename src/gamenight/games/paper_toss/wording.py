"""Paper Toss!'s events as words: a key of ``words/<lang>.json`` and its parameters.

Every screen says an event with these words: the browser (``web/words.js``) and the terminal
(``engine.words.Formatter``) fill the same catalogue (docs/words.md). Draws, passes and where a
toss landed are not told: the hand, the window and the score show them.
"""

from __future__ import annotations

from gamenight.engine.core import GAME_OVER, TURN_STARTED, View
from gamenight.engine.words import Words, nested, seat, seats, words

#: Events told with the acting seat alone, by the same key.
_BY_PLAYER = ("turn_skipped", "tossed", "no_toss", "window_clean", "energy_drink")


def card(card_id: str) -> dict[str, object]:
    """A Paper card's name (``card_dog``)."""
    return nested(f"card_{card_id}")


def toss(card_id: str) -> dict[str, object]:
    """A Toss card's name (``toss_perfect``)."""
    return nested(f"toss_{card_id}")


def event_words(event: View) -> Words | None:
    """The words for one event (``None`` for an event that is not told)."""
    kind = event["kind"]
    if kind in _BY_PLAYER or kind == TURN_STARTED:
        return words(kind, who=seat(event["player"]))
    if kind == "dealt":
        return words("dealt", cards=event["cards"])
    if kind in ("paper_deck_rebuilt", "toss_deck_rebuilt"):
        return words(kind)
    if kind == "discarded":
        return words("discarded", who=seat(event["player"]), card=card(event["card"]))
    if kind == "hazard":
        return words(
            "hazard",
            who=seat(event["player"]),
            card=card(event["card"]),
            tosser=seat(event["tosser"]),
        )
    if kind == "countered":
        return words(
            "countered",
            who=seat(event["player"]),
            card=card(event["card"]),
            hazard=card(event["hazard"]),
        )
    if kind == "bullied":
        return words(
            "bullied", who=seat(event["player"]), target=seat(event["target"]), lost=event["lost"]
        )
    if kind == "flat_tire":
        return words("flat_tire", who=seat(event["player"]), target=seat(event["target"]))
    if kind == "hazard_stands":
        return words("hazard_stands", who=seat(event["player"]), card=card(event["card"]))
    if kind == "flipped":
        return words("flipped", card=toss(event["card"]))
    if kind == "chose":
        return words("chose", who=seat(event["player"]), card=toss(event["card"]))
    if kind == "sprinklers":
        key = "sprinkle_yes" if event["discarded"] else "sprinkle_no"
        return words(key, who=seat(event["player"]))
    if kind == "scored":
        change = event["change"]
        who, landed, tokens = seat(event["player"]), toss(event["card"]), event["tokens"]
        if change == 0:  # a token lost with none to lose: said so, not "Window 0"
            return words("scored_nothing", who=who, card=landed, tokens=tokens)
        sign = f"+{change}" if change > 0 else str(change)
        return words("scored", who=who, card=landed, change=sign, tokens=tokens)
    if kind == GAME_OVER:
        winners = event["winners"]
        if event.get("reason") == "turn_limit":
            return words("turn_limit", winners=seats(winners), who=seat(winners[0]))
        return words("game_over", who=seat(winners[0]), tokens=event["tokens"])
    return None
