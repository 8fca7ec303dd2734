"""Toss Your Cookies' events as words: a key of ``words/<lang>.json`` and its parameters.

Every screen says an event with these words: the browser (``web/words.js``) and the terminal
(``engine.words.Formatter``) fill the same catalogue (docs/words.md). The words are made from
the event as its viewer may see it, so cards are named only to those who saw them (a key with
``_cards`` is for them); the deal, turns and the hands passed on to others are not told.
"""

from __future__ import annotations

from typing import Any

from gamenight.engine.core import GAME_OVER, View
from gamenight.engine.words import Words, listed, nested, seat, words

#: Events told with the acting seat alone, by the same key.
_BY_PLAYER = ("milk_tossed", "milk_grabbed", "milk_stays", "milk_added")


def card(card_id: str) -> dict[str, object]:
    """A card's name (``card_sugar``)."""
    return nested(f"card_{card_id}")


def cards(card_ids: list[str]) -> dict[str, list[Any]]:
    """Cards' names, joined with ", "."""
    return listed([card(c) for c in card_ids])


def event_words(event: View) -> Words | None:
    """The words for one event (``None`` for an event that is not told)."""
    kind = event["kind"]
    if kind in _BY_PLAYER:
        return words(kind, who=seat(event["player"]))
    if kind in ("scramble_over", "hands_shown"):
        return words(kind)
    if kind == "rolled":
        action, number = nested(f"action_{event['action']}"), nested(f"number_{event['number']}")
        return words("rolled", who=seat(event["player"]), action=action, number=number)
    if kind in ("swap_target", "swapped_hands"):
        return words(kind, who=seat(event["player"]), other=seat(event["with"]))
    if kind == "committed":
        return (
            words("committed", who=seat(event["player"]), cards=cards(event["cards"]))
            if "cards" in event
            else None
        )
    if kind == "passed":
        key = "passed_left" if event["direction"] == "pass_left" else "passed_right"
        return words(key, count=event["count"])
    if kind == "received":
        if "cards" not in event:
            return None
        return words(
            "received",
            who=seat(event["player"]),
            giver=seat(event["from"]),
            cards=cards(event["cards"]),
        )
    if kind == "tossed":
        return words("tossed", count=sum(len(c) for c in event["cards"]))
    if kind in ("grabbed", "took"):
        taker = {"who": seat(event["player"]), "card": card(event["card"])}
        return (
            words(kind, **taker)
            if kind == "grabbed"
            else words(kind, **taker, giver=seat(event["from"]))
        )
    if kind == "swap_offered":
        who, other = seat(event["player"]), seat(event["with"])
        if "cards" in event:
            return words("swap_offered_cards", who=who, other=other, cards=cards(event["cards"]))
        return words("swap_offered", who=who, other=other, count=event["count"])
    if kind == "picked":
        return words(
            "picked", who=seat(event["player"]), giver=seat(event["from"]), n=event["position"] + 1
        )
    if kind == "drew":
        who, giver = seat(event["player"]), seat(event["from"])
        if "card" in event:
            return words("drew_card", who=who, giver=giver, card=card(event["card"]))
        return words("drew", who=who, giver=giver)
    if kind == "swap_received":
        who, giver = seat(event["player"]), seat(event["from"])
        if "cards" in event:
            return words("swap_received_cards", who=who, giver=giver, cards=cards(event["cards"]))
        return words("swap_received", who=who, giver=giver, count=event["count"])
    if kind == "milk_moving":
        return words("milk_moving", giver=seat(event["from"]), to=seat(event["to"]))
    if kind == "snickerdoodle":
        who, hand = seat(event["player"]), cards(event["hand"])
        if event.get("rounds", 1) > 1:
            return words("snickerdoodle_round", who=who, round=event["round"] + 1, cards=hand)
        return words("snickerdoodle", who=who, cards=hand)
    if kind == "new_round":
        return words("new_round", who=seat(event["starter"]), round=event["round"] + 1)
    if kind == GAME_OVER:
        if event.get("rounds", 1) == 1:
            return None  # the Snickerdoodle line has just said who won
        (winner,) = event["winners"]
        wins, played = event["round_wins"][winner], sum(event["round_wins"])
        return words("match_over", who=seat(winner), wins=wins, played=played)
    return None
