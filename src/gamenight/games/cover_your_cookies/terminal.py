"""Cover Your Cookies in the terminal: every stack with its exposed top Batch, the discard pile,
your hand with Dough values, the duel in progress, and moves in words."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gamenight.engine.core import GAME_OVER, TURN_STARTED, View
from gamenight.games.cover_your_cookies.cards import INFO
from gamenight.games.cover_your_cookies.state import (
    AddToBatch,
    Answer,
    Discard,
    EndTurn,
    Exchange,
    FormBatch,
    Rotate,
    SwapBatches,
    Swipe,
    Yield,
)
from gamenight.terminal.render import Renderer, possessive, verb, winners_line

#: Which seat "left" and "right" mean at this table (play passes left, to the next seat).
SIDE = {"left": "next seat", "right": "previous seat"}

#: One line per mixer effect, shown while its drawer decides.
MIXER_HELP = {
    c.id: {
        "rotate": "say left or right; every player's top Batch passes that way",
        "swap": "pick two other players with a Batch; they swap top Batches",
        "exchange": (
            f"say 1 or 2; everyone with 3+ cards takes that many blindly from the {c.direction} "
            f"neighbour ({SIDE.get(c.direction or '', 'next seat')})"
        ),
        "enhance": "it joins your top Batch (+30)",
    }[c.effect]
    for c in INFO.values()
    if c.effect is not None
}


def card_name(card: str) -> str:
    """A card's printed name with its Dough, e.g. ``Lemon Glaze (10)``."""
    info = INFO.get(card)
    if info is None:
        return card
    return f"{info.name} ({info.dough})" if info.dough else info.name


def plain(card: str) -> str:
    """A card's printed name."""
    info = INFO.get(card)
    return info.name if info is not None else card


def batch_text(batch: dict[str, Any]) -> str:
    """A Batch as ``Lemon Glaze x3 + Fresh Milk x2, Chocolate Milk [95]``: its cookies, then
    each other card with its count, then its Dough."""
    cards: list[str] = batch["cards"]
    flavour = batch["flavour"]
    others = Counter(c for c in cards if c != flavour)
    extras = [plain(c) + (f" x{n}" if n > 1 else "") for c, n in others.items()]
    extra = f" + {', '.join(extras)}" if extras else ""
    return f"{plain(flavour)} x{cards.count(flavour)}{extra} [{batch['value']}]"


#: Below this width the board's table is narrowed: the seat goes into the player's column,
#: and a top Batch with Batches below it is not marked "exposed" (having Batches below is what
#: exposes it), so a row of five players' stacks mostly fits on one line at 80 columns.
NARROW = 100


def owner(name: str) -> str:
    """Whose, in the middle of a sentence: ``your`` for the human, ``baker's`` for others."""
    return "your" if name == "You" else possessive(name)


def count(number: int, noun: str) -> str:
    """A number with its noun agreeing: ``1 card``, ``2 cards``, ``0 mixers``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


@dataclass(frozen=True)
class TableFacts:
    """The public facts a move's label names: players' names, the value of each top Batch, and
    the direction of an Exchange waiting for its choice. Nothing secret: the same for every
    seat, so one renderer may serve several people at one screen."""

    names: tuple[str, ...] = ()
    tops: tuple[int | None, ...] = ()
    exchange: str | None = None


class CoverYourCookiesRenderer(Renderer):
    """The table as a player at it would see it.

    ``action_label`` gets no view from the terminal, so ``show`` keeps the public
    :class:`TableFacts` of the table it last drew (never a hand) for the labels of the moves
    listed under it.
    """

    def __init__(self) -> None:
        self.facts = TableFacts()

    def show(self, console: Console, view: View, seat: int | None, names: list[str]) -> None:
        """Stacks, scores, discard pile, deck, hand and any duel or mixer in progress."""
        mixer = view["mixer"]
        self.facts = TableFacts(
            names=tuple(names),
            tops=tuple(stack[-1]["value"] if stack else None for stack in view["stacks"]),
            exchange=INFO[mixer["card"]].direction if mixer else None,
        )
        rnd = f"round {view['round'] + 1}, " if view["options"]["match"] != "single" else ""
        deck = (
            "the deck is out" if view["deck_out"] else f"{count(view['deck'], 'card')} in the deck"
        )
        mixers = count(view["mixers_in_deck"], "mixer")
        console.print(f"[bold]Cover Your Cookies[/]: {rnd}{deck}, {mixers} in it")
        table = Table(show_edge=False, pad_edge=False)
        narrow = console.width < NARROW
        columns = ("player",) if narrow else ("seat", "player")
        for column in (*columns, "cards", "Dough", "swiped", "stack (bottom → top)"):
            table.add_column(column)
        for p, stack in enumerate(view["stacks"]):
            marker = "▶" if p == view["turn"] and view["phase"] != "over" else " "
            batches = []
            if len(stack) >= 2:
                below = sum(b["value"] for b in stack[:-1])
                batches.append(f"{len(stack) - 1} below [{below}]")
                exposed = "" if narrow else " (exposed)"
                batches.append(f"[bold yellow]{escape(batch_text(stack[-1]))}[/]{exposed}")
            elif stack:
                batches.append(f"{escape(batch_text(stack[-1]))} (protected)")
            if view["waiting_enhance"][p]:
                batches.append(f"+{view['waiting_enhance'][p]} Enhance waiting")
            who = (
                (f"{marker}{p} {escape(names[p])}",)
                if narrow
                else (f"{marker}{p}", escape(names[p]))
            )
            table.add_row(
                *who,
                str(view["hand_sizes"][p]),
                str(view["dough"][p]),
                f"{view['crumbs'][p]} (+{view['dough'][p] - sum(b['value'] for b in stack)})",
                (" | " if narrow else "  |  ").join(batches) or "-",
                style="bold" if p == seat else "",
            )
        console.print(table)
        if view["discard_row"]:
            row = ", ".join(plain(c) for c in view["discard"]) or "empty"
            console.print(f"Discard row (any cookie usable): {escape(row)}")
        else:
            top = card_name(view["discard"][-1]) if view["discard"] else "empty"
            pile = count(len(view["discard"]), "card")
            console.print(f"Discard pile top: {escape(top)} ({pile})")
        if view["hand"] is not None:
            hand = ", ".join(card_name(c) for c in view["hand"]) or "empty"
            console.print(f"Your hand: [bold]{escape(hand)}[/]")
            if view["may_lay_single"]:
                console.print("You may lay a single cookie as your first Batch.")
            mine = view["phase"] == "turn" and view["turn"] == seat
            if mine and view["options"]["two_actions"]:
                if view["actions_taken"]:
                    console.print("Second action (optional): take another action, or end the turn.")
                else:
                    console.print("First of up to two actions this turn.")
        duel = view["duel"]
        if duel:
            plays = "; ".join(
                f"{names[p]}: {' + '.join(plain(c) for c in cards)}" for p, cards in duel["plays"]
            )
            need = " (answer with Chocolate Milk or two cards)" if duel["need"] == 2 else ""
            console.print(
                f"[bold magenta]Duel[/] for {escape(owner(names[duel['defender']]))} "
                f"{escape(plain(duel['flavour']))} Batch: {escape(plays)}{need}"
            )
            if seat is not None and duel["responder"] == seat:
                flavour = escape(plain(duel["flavour"]))
                what = (
                    f"a Chocolate Milk, or two cards ({flavour} or Fresh Milk),"
                    if duel["need"] == 2
                    else f"a matching card ({flavour} or a milk)"
                )
                goal = "keep" if seat == duel["defender"] else "press on for"
                console.print(
                    f"Play {what} to {goal} the Batch, or yield (the last to play takes it)."
                )
        if view["mixer"]:
            card = view["mixer"]["card"]
            console.print(f"Mixer drawn: [bold]{escape(plain(card))}[/] - {MIXER_HELP[card]}")
        if view["options"]["match"] != "single":
            totals = ", ".join(
                f"{names[p]} {t} ({w} round win{'s' if w != 1 else ''})"
                for p, (t, w) in enumerate(zip(view["totals"], view["round_wins"], strict=True))
            )
            when = "final" if view["winners"] else "before this round"
            console.print(f"Match totals ({when}): {escape(totals)}")
        if view["winners"]:
            console.print(f"[bold]Game over: {escape(winners_line(view['winners'], names))}[/]")

    def describe(self, event: View, names: list[str]) -> str | None:
        """One line per thing that happened at the table."""
        kind = event["kind"]

        def who(key: str = "player") -> str:
            return escape(names[event[key]])

        if kind == "drew":
            card = f" {card_name(event['card'])}" if "card" in event else " a card"
            return f"{verb(who(), 'draw', 'draws')}{escape(card)}."
        if kind == "flipped":
            return f"{escape(plain(event['card']))} is flipped face up to start the discards."
        if kind == TURN_STARTED:
            return f"[dim]{escape(possessive(names[event['player']]))} turn.[/]"
        if kind == "formed":
            cards = " + ".join(plain(c) for c in event["cards"])
            pile = " (one from the discards)" if event["from_pile"] else ""
            formed = verb(who(), "form", "forms")
            return f"{formed} a Batch: {escape(cards)}{pile}, worth {event['value']}."
        if kind == "swipe":
            return (
                f"[bold]{verb(who(), 'try', 'tries')}[/] to swipe {owner(who('target'))} "
                f"{escape(plain(event['flavour']))} Batch ({event['value']}), "
                f"opening with {escape(plain(event['card']))}."
            )
        if kind == "answered":
            cards = escape(" + ".join(plain(c) for c in event["cards"]))
            return f"{verb(who(), 'play', 'plays')} {cards}."
        if kind == "duel_over":
            winner = escape(names[event["winner"]])
            gave_up = f"{verb(escape(names[event['yielded_by']]), 'yield', 'yields')}: "
            worth = f"(now worth {event['value']})"
            if event["swiped"]:
                return f"{gave_up}[bold]{verb(winner, 'swipe', 'swipes')} the Batch[/] {worth}."
            return f"{gave_up}{verb(winner, 'keep', 'keeps')} the Batch {worth}."
        if kind == "discarded":
            return f"{verb(who(), 'discard', 'discards')} {escape(plain(event['card']))}."
        if kind == "added":
            card = escape(plain(event["card"]))
            return f"{verb(who(), 'add', 'adds')} {card} to {owner(who())} top Batch."
        if kind == "mixer_drawn":
            drew = verb(who(), "draw", "draws")
            return f"[bold cyan]{drew} the mixer {escape(plain(event['card']))}![/]"
        if kind == "enhanced":
            return f"Enhance joins {owner(who())} top Batch (+30)."
        if kind == "enhance_waiting":
            return f"Enhance waits beside {owner(who())} stack for the next Batch formed."
        if kind == "mixer_no_effect":
            return f"The {escape(plain(event['card']))} has no effect now."
        if kind == "rotated":
            side = SIDE[event["direction"]]
            return f"Every top Batch moves one seat to the {event['direction']} ({side})."
        if kind == "swapped":
            return f"{who('first')} and {who('second')} swap top Batches."
        if kind == "exchange":
            return (
                f"Exchange: everyone with 3+ cards takes {count(event['count'], 'card')} from "
                f"their {event['direction']} neighbour ({SIDE[event['direction']]})."
            )
        if kind == "took":
            cards = f": {', '.join(plain(c) for c in event['cards'])}" if "cards" in event else ""
            took = f"{verb(who(), 'take', 'takes')} {count(event['count'], 'card')}"
            return f"{took} from {who('from')}{escape(cards)}."
        if kind == "round_over":
            scores = ", ".join(f"{names[p]} {s}" for p, s in enumerate(event["scores"]))
            return f"[bold]Round over[/]: {escape(scores)}. {escape(round_winners(event, names))}"
        if kind == GAME_OVER:
            return f"[bold]{escape(winners_line(event['winners'], names))}[/]"
        return None

    def action_label(self, text: str, action: Any) -> str:
        """Moves in words, with the Dough at stake."""
        if isinstance(action, FormBatch):
            cards = " + ".join(plain(c) for c in action.cards)
            pile = f" + {plain(action.pile)} from the discards" if action.pile is not None else ""
            worth = sum(INFO[c].dough for c in (*action.cards, action.pile or "") if c in INFO)
            single = " (a single-cookie first Batch)" if len(action.cards) == 1 and not pile else ""
            return f"form {cards}{pile} [{worth}]{single}"
        if isinstance(action, Swipe):
            top = self._value(action.target)
            at_stake = f" ({top})" if top is not None else ""
            return f"swipe {self._name(action.target)}'s Batch{at_stake} with {plain(action.card)}"
        if isinstance(action, Answer):
            return "play " + " + ".join(plain(c) for c in action.cards)
        if isinstance(action, Yield):
            return "yield"
        if isinstance(action, Discard):
            return f"discard {plain(action.card)}"
        if isinstance(action, AddToBatch):
            return f"add {plain(action.card)} to your top Batch"
        if isinstance(action, EndTurn):
            return "end turn"
        if isinstance(action, Rotate):
            return (
                f"rotate {action.direction}: every top Batch passes to the {SIDE[action.direction]}"
            )
        if isinstance(action, SwapBatches):
            first, second = action.first, action.second
            return (
                f"swap the top Batches of {self._name(first)}{self._top(first)} and "
                f"{self._name(second)}{self._top(second)}"
            )
        if isinstance(action, Exchange):
            direction = self.facts.exchange
            side = f" from the {direction} neighbour ({SIDE[direction]})" if direction else ""
            return f"exchange {action.count}: everyone with 3+ cards takes {action.count}{side}"
        return text

    def _value(self, seat: int) -> int | None:
        """The value of a player's top Batch, if the table shows one."""
        tops = self.facts.tops
        return tops[seat] if 0 <= seat < len(tops) else None

    def _top(self, seat: int) -> str:
        """`` [45]``: the value of a player's top Batch, if the table shows one."""
        value = self._value(seat)
        return f" [{value}]" if value is not None else ""

    def _name(self, seat: int) -> str:
        names = self.facts.names
        return names[seat] if 0 <= seat < len(names) else f"player {seat}"


def round_winners(event: View, names: list[str]) -> str:
    """Who won the round: ``baker wins the round.``, ``You win the round.``, or a share."""
    winners = [names[p] for p in event["winners"]]
    if len(winners) == 1:
        return f"{verb(winners[0], 'win', 'wins')} the round."
    return f"{' and '.join(winners)} share the round."


#: How this game looks in the terminal (the ``terminal`` part of its plugin).
RENDERER = CoverYourCookiesRenderer()
