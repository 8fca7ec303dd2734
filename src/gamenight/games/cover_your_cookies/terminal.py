"""Cover Your Cookies in the terminal: every stack with its exposed top Batch, the discard pile,
your hand with Dough values, the duel in progress, and moves in words."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gamenight.engine.core import View
from gamenight.games.cover_your_cookies.state import (
    INFO,
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
from gamenight.terminal.render import Renderer, winners_line

#: Which seat "left" and "right" mean at this table (play passes left, to the next seat).
SIDE = {"left": "next seat", "right": "previous seat"}

#: One line per mixer effect, shown while its drawer decides.
MIXER_HELP = {
    c.id: {
        "rotate": "say left or right; every player's top Batch passes that way",
        "swap": "pick two other players with a Batch; they swap top Batches",
        "exchange": f"say 1 or 2; everyone with 3+ cards takes that many blindly ({c.direction})",
        "enhance": "it joins your top Batch (+30)",
    }[c.effect]
    for c in INFO.values()
    if c.kind == "mixer"
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
    """A Batch as ``Lemon Glaze x3 +milk [45]``."""
    cards: list[str] = batch["cards"]
    flavour = batch["flavour"]
    extras = [plain(c) for c in cards if c != flavour]
    extra = f" + {', '.join(extras)}" if extras else ""
    return f"{plain(flavour)} x{cards.count(flavour)}{extra} [{batch['value']}]"


def verb(name: str, third_person: str) -> str:
    """The verb agreeing with ``name``: ``You form`` but ``baker forms``."""
    if name != "You":
        return third_person
    if third_person.endswith("ies"):
        return third_person[:-3] + "y"
    return third_person[:-1] if third_person.endswith("s") else third_person


def owner(name: str) -> str:
    """``your`` for the human, ``baker's`` for others."""
    return "your" if name == "You" else f"{name}'s"


class CookiesRenderer(Renderer):
    """The table as a player at it would see it."""

    def __init__(self) -> None:
        self.view: View | None = None
        self.names: list[str] = []

    def show(self, console: Console, view: View, seat: int | None, names: list[str]) -> None:
        """Stacks, scores, discard pile, deck, hand and any duel or mixer in progress."""
        self.view, self.names = view, names
        rnd = f"round {view['round'] + 1}, " if view["options"]["match"] != "single" else ""
        deck = "the deck is out" if view["deck_out"] else f"{view['deck']} cards in the deck"
        console.print(
            f"[bold]Cover Your Cookies[/]: {rnd}{deck}, {view['mixers_in_deck']} mixer(s) in it"
        )
        table = Table(show_edge=False, pad_edge=False)
        columns = ("seat", "player", "cards", "Dough", "swiped (bonus)", "stack (bottom → top)")
        for column in columns:
            table.add_column(column)
        for p, stack in enumerate(view["stacks"]):
            marker = "▶" if p == view["turn"] and view["phase"] != "over" else " "
            batches = []
            if len(stack) >= 2:
                below = sum(b["value"] for b in stack[:-1])
                batches.append(f"{len(stack) - 1} below [{below}]")
                batches.append(f"[bold yellow]{escape(batch_text(stack[-1]))}[/] (exposed)")
            elif stack:
                batches.append(f"{escape(batch_text(stack[-1]))} (protected)")
            if view["waiting_enhance"][p]:
                batches.append(f"+{view['waiting_enhance'][p]} Enhance waiting")
            table.add_row(
                f"{marker}{p}",
                escape(names[p]),
                str(view["hand_sizes"][p]),
                str(view["dough"][p]),
                f"{view['crumbs'][p]} (+{view['dough'][p] - sum(b['value'] for b in stack)})",
                "  |  ".join(batches) or "-",
                style="bold" if p == seat else "",
            )
        console.print(table)
        if view["discard_row"]:
            row = ", ".join(plain(c) for c in view["discard"]) or "empty"
            console.print(f"Discard row (any cookie usable): {escape(row)}")
        else:
            top = card_name(view["discard"][-1]) if view["discard"] else "empty"
            console.print(f"Discard pile top: {escape(top)} ({len(view['discard'])} cards)")
        if view["hand"] is not None:
            hand = ", ".join(card_name(c) for c in view["hand"]) or "empty"
            console.print(f"Your hand: [bold]{escape(hand)}[/]")
            if view["may_lay_single"]:
                console.print("You may lay a single cookie as your first Batch.")
            mine = view["phase"] == "turn" and view["turn"] == seat
            if mine and view["options"]["two_actions"]:
                if view["actions_taken"]:
                    console.print("Second action (optional): take another action, or `end`.")
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
            return f"{who()} drew{escape(card)}."
        if kind == "flipped":
            return f"{escape(plain(event['card']))} is flipped face up to start the discards."
        if kind == "turn":
            name = who()
            return "[dim]Your turn.[/]" if name == "You" else f"[dim]{name}'s turn.[/]"
        if kind == "formed":
            cards = " + ".join(plain(c) for c in event["cards"])
            row = self.view is not None and self.view["discard_row"]
            where = "the discard row" if row else "the discard pile"
            pile = f" (one from {where})" if event["from_pile"] else ""
            return (
                f"{who()} {verb(who(), 'forms')} a Batch: {escape(cards)}{pile}, "
                f"worth {event['value']}."
            )
        if kind == "swipe":
            return (
                f"[bold]{who()}[/] {verb(who(), 'tries')} to swipe {owner(who('target'))} "
                f"{escape(plain(event['flavour']))} Batch ({event['value']}), "
                f"opening with {escape(plain(event['card']))}."
            )
        if kind == "answered":
            cards = escape(" + ".join(plain(c) for c in event["cards"]))
            return f"{who()} {verb(who(), 'plays')} {cards}."
        if kind == "duel_over":
            winner = escape(names[event["winner"]])
            quitter = escape(names[event["yielded_by"]])
            gave_up = f"{quitter} {verb(quitter, 'yields')}: "
            if event["swiped"]:
                swipes = verb(winner, "swipes")
                return (
                    f"{gave_up}[bold]{winner} {swipes} the Batch[/] (now worth {event['value']})."
                )
            keeps = verb(winner, "keeps")
            return f"{gave_up}{winner} {keeps} the Batch (now worth {event['value']})."
        if kind == "discarded":
            return f"{who()} {verb(who(), 'discards')} {escape(plain(event['card']))}."
        if kind == "added":
            card = escape(plain(event["card"]))
            return f"{who()} {verb(who(), 'adds')} {card} to the top Batch."
        if kind == "mixer_drawn":
            return f"[bold cyan]{who()} drew the mixer {escape(plain(event['card']))}![/]"
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
                f"Exchange: everyone with 3+ cards takes {event['count']} card(s) from their "
                f"{event['direction']} neighbour ({SIDE[event['direction']]})."
            )
        if kind == "took":
            cards = f": {', '.join(plain(c) for c in event['cards'])}" if "cards" in event else ""
            took = f"{who()} {verb(who(), 'takes')} {event['count']} card(s)"
            return f"{took} from {who('from')}{escape(cards)}."
        if kind == "round_over":
            scores = ", ".join(f"{names[p]} {s}" for p, s in enumerate(event["scores"]))
            return f"[bold]Round over[/]: {escape(scores)}."
        if kind == "game_over":
            return f"[bold]{escape(winners_line(event['winners'], names))}[/]"
        return None

    def action_label(self, text: str, action: Any) -> str:
        """Moves in words, with the Dough at stake."""
        if isinstance(action, FormBatch):
            cards = " + ".join(plain(c) for c in action.cards)
            row = self.view is not None and self.view["discard_row"]
            where = "the discard row" if row else "the discard pile"
            pile = f" + {plain(action.pile)} from {where}" if action.pile else ""
            value = sum(INFO[c].dough for c in (*action.cards, action.pile) if c in INFO)
            single = " (a single-cookie first Batch)" if len(action.cards) == 1 and not pile else ""
            return f"form {cards}{pile} [{value}]{single}"
        if isinstance(action, Swipe):
            target = self._name(action.target)
            worth = ""
            if self.view is not None and self.view["stacks"][action.target]:
                worth = f" ({self.view['stacks'][action.target][-1]['value']})"
            return f"swipe {target}'s Batch{worth} with {plain(action.card)}"
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
            side = ""
            if self.view is not None and self.view["mixer"]:
                direction = INFO[self.view["mixer"]["card"]].direction
                side = f" from the {direction} neighbour ({SIDE.get(direction, direction)})"
            return f"exchange {action.count}: everyone with 3+ cards takes {action.count}{side}"
        return text

    def _top(self, seat: int) -> str:
        """`` [45]``: the value of a player's top Batch, if the view shows it."""
        if self.view is None or not self.view["stacks"][seat]:
            return ""
        return f" [{self.view['stacks'][seat][-1]['value']}]"

    def _name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"player {seat}"


#: How this game looks in the terminal (the ``terminal`` part of its plugin).
RENDERER = CookiesRenderer()
