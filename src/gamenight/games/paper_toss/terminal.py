"""Paper Toss! in the terminal: tokens and Flat Tires, your hand, the toss in the air, the window.

In a response window each person is asked in turn; the prompt lists the cards that could answer
(Hazards, a Counter, Bully and Flat Tire with each possible target) and a pass. A lone person
holding nothing that could answer passes without being asked (windows come up three times a
turn); with several people at one screen everyone is always asked, so nobody's hand shows.

Every player name is escaped before it goes into rich markup, and numbers agree with their nouns
("1 token", "2 tokens"). The end of the game is the engine's ``game_over`` event, announced once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gamenight.engine.core import View
from gamenight.games.paper_toss.cards import (
    BULLY,
    COUNTERS,
    ENERGY_DRINK,
    FLAT_TIRE,
    HAZARDS,
    counters_for,
)
from gamenight.games.paper_toss.state import (
    PASS,
    WINDOWS,
    Bully,
    Choose,
    Counter,
    Discard,
    Drink,
    EndTurn,
    FlatTire,
    FlipOne,
    Hazard,
    Pass,
    Ready,
    Sprinkle,
    Toss,
)
from gamenight.terminal.render import Renderer, Response, possessive, verb

CARD_NAMES = {
    "paper_toss": "Paper Toss",
    "dog": "Dog",
    "kid": "Kid",
    "obstacle": "Obstacle",
    "food": "Food",
    "trick": "Trick",
    "remedy": "Remedy",
    "shortcut": "Shortcut",
    "energy_drink": "Energy Drink",
    "bully": "Bully",
    "flat_tire": "Flat Tire",
    "good_throw": "Good Throw",
    "perfect": "Perfect",
    "bad_throw": "Bad Throw",
    "window": "Window",
    "sprinklers": "Sprinklers",
}
WINDOW_TEXT = {
    "hazard": "{tosser} tossed paper: the others may throw a Hazard (Dog, Kid, Obstacle); "
    "anyone may play Bully or Flat Tire",
    "counter": "{hazard} on {tossers} toss: {tosser} may Counter it with {counters}; "
    "anyone may play Bully or Flat Tire",
    "after": "{tossers_cap} turn is ending: anyone may play Bully or Flat Tire",
}


def their(name: str) -> str:
    """The shared ``possessive`` inside a sentence: ``your`` for the lone human, ``Name's``."""
    form = possessive(name)
    return "your" if form == "Your" else form


def count(number: int, one: str, many: str) -> str:
    """``number`` with its noun agreeing.

    >>> count(1, "token", "tokens"), count(0, "token", "tokens"), count(2, "turn", "turns")
    ('1 token', '0 tokens', '2 turns')
    """
    return f"{number} {one if number == 1 else many}"


def with_article(name: str) -> str:
    """``a Dog``, ``an Obstacle``."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def card(name: str) -> str:
    """A card's printed name."""
    return CARD_NAMES.get(name, name)


def hand_text(cards: list[str]) -> str:
    """A hand as ``2x Paper Toss, Dog, ...``."""
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    parts = [f"{n}× {card(c)}" if n > 1 else card(c) for c, n in counts.items()]
    return ", ".join(parts) or "(empty)"


def pile_text(pile: dict[str, int]) -> str:
    """A face-up pile as counts."""
    return ", ".join(f"{card(c)} {n}" for c, n in pile.items()) or "empty"


class PaperTossRenderer(Renderer):
    """Score table, hand, piles, and the state of the toss and of the open window; events are
    told from the game's words (``words/<lang>.json``)."""

    word_styles: ClassVar[Mapping[str, str]] = {
        "turn_started": "bold",
        "tossed": "bold",
        "hazard": "red",
        "hazard_stands": "red",
        "countered": "green",
        "bullied": "yellow",
        "flat_tire": "yellow",
        "turn_skipped": "yellow",
        "game_over": "bold",
        "turn_limit": "bold",
    }

    def __init__(self) -> None:
        self.names: list[str] = []

    def show(self, console: Console, view: View, seat: int | None, names: list[str]) -> None:
        """Print what ``seat`` sees."""
        self.names = names
        table = Table(title="Paper Tokens", show_edge=False, pad_edge=False)
        for column in ("seat", "player", "tokens", "cards", "flat tires"):
            table.add_column(column, justify="right" if column != "player" else "left")
        turn = view["turn"]
        for i, tokens in enumerate(view["tokens"]):
            marker = "▶" if i == turn and view["phase"] != "over" else " "
            table.add_row(
                f"{marker}{i}",
                escape(names[i]),
                str(tokens),
                str(view["hand_sizes"][i]),
                str(view["flat_tires"][i] or ""),
                style="bold" if i == seat else "",
            )
        console.print(table)
        limit = view.get("turn_limit") or 0
        ends = f" (or most tokens after turn {limit})" if limit else ""
        console.print(
            f"First to {count(view['target'], 'token', 'tokens')} wins{ends}. "
            f"Paper deck {count(view['paper_deck_size'], 'card', 'cards')}; "
            f"Toss deck: {pile_text(view['toss_deck'])}."
        )
        console.print(f"[dim]Paper discards: {pile_text(view['paper_discard'])}[/]")
        if view["hand"] is not None:
            console.print(f"Your hand: [bold]{hand_text(view['hand'])}[/]")
        if view["winners"] or view["phase"] == "over":
            return
        self._show_toss(console, view, names)

    def _show_toss(self, console: Console, view: View, names: list[str]) -> None:
        phase = view["phase"]
        tosser = escape(names[view["turn"]])
        tossers = escape(their(names[view["turn"]]))
        tossers_cap = escape(possessive(names[view["turn"]]))
        hazard = view["hazard"]
        hazard_text = (
            f"{escape(possessive(names[hazard['player']]))} {card(hazard['card'])}"
            if hazard
            else ""
        )
        if phase in WINDOW_TEXT:
            line = WINDOW_TEXT[phase].format(
                tosser=tosser,
                tossers=tossers,
                tossers_cap=tossers_cap,
                hazard=hazard_text,
                counters=" or ".join(card(c) for c in counters_for(hazard["card"]))
                if hazard
                else "",
            )
            console.print(f"[bold magenta]Response window[/]: {line}.")
        elif phase == "launch":
            drink = " (or drink an Energy Drink: flip two, pick one)"
            has_drink = view["hand"] is not None and ENERGY_DRINK in view["hand"]
            console.print(
                f"{tossers_cap} toss came through clean: flip one Toss card"
                f"{drink if has_drink else ''}."
            )
        elif phase == "choose":
            flipped = " or ".join(card(c) for c in view["flipped"])
            chooser = escape(names[view["chooser"]])
            console.print(
                f"{verb(chooser, 'choose', 'chooses')} where {tossers} toss lands: {flipped}."
            )
        elif phase == "sprinklers":
            gains = verb(tosser, "gain", "gains")
            console.print(f"Sprinklers! {gains} a token only by discarding a Paper Toss.")
        elif phase == "discard":
            console.print(f"{tossers_cap} turn: discard any cards, then draw back up (ready).")
        elif phase == "main":
            console.print(f"{tosser} may play a Paper Toss (once this turn) or end the turn.")

    def auto_answer(self, view: View, legal: Sequence[Any]) -> Any | None:
        """Pass a response window at once when a pass is the only legal move."""
        if view["phase"] in WINDOWS and tuple(legal) == (PASS,):
            return PASS
        return None

    def quiet_pass(self, view: View, legal: Sequence[Any]) -> Any | None:
        """Pass a window where only Bully or Flat Tire could be played: those may wait for any
        later window, and a person arms them instead of being asked three times a turn."""
        anytime = all(a == PASS or isinstance(a, Bully | FlatTire) for a in legal)
        return PASS if view["phase"] in WINDOWS and PASS in legal and anytime else None

    def responses(self, view: View, seat: int, names: list[str]) -> Sequence[Response]:
        """What the hand can answer with at a coming window: Bully or Flat Tire on the leader
        or on someone named, a Hazard at the next toss, a Counter to the next Hazard."""
        hand = view["hand"] or []
        others = [p for p in range(view["players"]) if p != seat]
        out: list[Response] = []
        for held, kind, verb_phrase in (
            (BULLY, Bully, "Bully"),
            (FLAT_TIRE, FlatTire, "Flat Tire on"),
        ):
            if held not in hand:
                continue
            out.append(Response(f"{verb_phrase} the leader at the next window", _on_leader(kind)))
            out.extend(
                Response(f"{verb_phrase} {names[p]} at the next window", _exactly(kind(p)))
                for p in others
            )
        out.extend(
            Response(f"Throw {with_article(card(k))} at the next toss", _exactly(Hazard(k)))
            for k in HAZARDS
            if k in hand
        )
        if any(k in hand for k in COUNTERS):
            out.append(Response("Counter the next Hazard on my toss", _first(Counter)))
        return out

    def choice_key(self, action: Any) -> str | None:
        """``p`` passes a window."""
        return "p" if action == PASS else None

    def action_label(self, text: str, action: Any) -> str:
        """Moves in words, with seat names for targets."""
        if isinstance(action, Bully | FlatTire):
            target = action.target
            who = self.names[target] if 0 <= target < len(self.names) else f"seat {target}"
            return f"{'Bully' if isinstance(action, Bully) else 'Flat Tire'} → {who}"
        for kind, label in _LABELS:
            if isinstance(action, kind):
                return label
        if isinstance(action, Sprinkle):
            return "discard a Paper Toss (+1)" if action.discard else "keep cards (no token)"
        if isinstance(action, Discard | Hazard | Counter | Choose):
            return f"{type(action).__name__.lower()} {card(action.card)}"
        return text


def _exactly(action: Any) -> Callable[[View, Sequence[Any]], Any | None]:
    """An armed move played as soon as it is legal."""
    return lambda view, legal: action if action in legal else None


def _first(kind: type) -> Callable[[View, Sequence[Any]], Any | None]:
    """The first legal move of a kind (a Counter: whichever of the player's answers)."""
    return lambda view, legal: next((a for a in legal if isinstance(a, kind)), None)


def _on_leader(kind: type[Bully] | type[FlatTire]) -> Callable[[View, Sequence[Any]], Any | None]:
    """Bully or Flat Tire on whoever has the most tokens when the window opens (of two
    leaders, the first in seat order among those it may target)."""

    def pick(view: View, legal: Sequence[Any]) -> Any | None:
        aimed = [a for a in legal if isinstance(a, kind)]
        if not aimed:
            return None
        return max(aimed, key=lambda a: (view["tokens"][a.target], -a.target))

    return pick


#: How the moves without a card or a target are listed in the prompt.
_LABELS: tuple[tuple[type, str], ...] = (
    (Ready, "draw up (ready)"),
    (Toss, "play Paper Toss"),
    (EndTurn, "end turn"),
    (Pass, "pass"),
    (FlipOne, "flip one Toss card"),
    (Drink, "Energy Drink (flip two)"),
)


#: How this game looks in the terminal (the ``terminal`` part of its plugin).
RENDERER = PaperTossRenderer()
