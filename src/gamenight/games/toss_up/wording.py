"""Toss Up!'s events as words: a key of ``words/<lang>.json`` and its parameters.

Every screen says an event with these words: the browser (``web/words.js``) and the terminal
(``engine.words.Formatter``) fill the same catalogue (docs/words.md).
"""

from __future__ import annotations

from gamenight.engine.core import GAME_OVER, View
from gamenight.engine.words import Words, listed, nested, seat, seats, words

#: A die's colours, in the order a roll is said.
COLOURS = ("green", "yellow", "red")


def event_words(event: View) -> Words | None:
    """The words for one event (``None`` for an event that is not told)."""
    kind = event["kind"]
    if kind == "rolled":
        who = seat(event["player"])
        if event["bust"]:
            return words("rolled_bust", who=who, red=event["red"])
        if not event["yellow"] and not event["red"]:  # every die is green: all set aside
            return words(
                "rolled_all",
                who=who,
                green=event["green"],
                dice=event["dice"],
                total=event["turn_points"],
            )
        faces = [nested(f"count_{c}", count=event[c]) for c in COLOURS if event[c] > 0]
        return words("rolled", who=who, faces=listed(faces), total=event["turn_points"])
    if kind == "busted":
        return words("busted", who=seat(event["player"]), lost=event["lost"])
    if kind == "banked":
        return words(
            "banked", who=seat(event["player"]), points=event["points"], total=event["total"]
        )
    if kind == "final_round":
        return words("final_round", who=seat(event["trigger"]), total=event["total"])
    if kind == "sudden_death":
        return words("sudden_death", names=seats(event["players"]), total=event["total"])
    if kind == GAME_OVER:
        winners = event["winners"]
        return words("game_over", winners=seats(winners), who=seat(winners[0]))
    return None
