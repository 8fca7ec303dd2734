"""Toss Your Cookies in the terminal: your hand by cookie, the table, the dice, every move."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gamenight.engine.core import View
from gamenight.games.toss_your_cookies.cards import CARD_NAMES, best_cookie
from gamenight.terminal.render import Renderer

ACTION_WORDS = {
    "swap": "Swap",
    "pass_left": "Pass Left",
    "pass_right": "Pass Right",
    "toss": "Toss",
}
STYLE = {"milk": "bold cyan", "wild": "bold magenta", "half": "dim"}


def card(card_id: str) -> str:
    """One card's name with its id to type, styled."""
    style = STYLE.get(card_id, "bold yellow")
    return f"[{style}]{escape(CARD_NAMES.get(card_id, card_id))}[/] ({card_id})"


def cards_text(cards: Sequence[str]) -> str:
    """Cards grouped by kind: ``2× Chocolate Chip (chip), Milk (milk)``."""
    if not cards:
        return "nothing"
    counts = Counter(cards)
    return ", ".join(f"{k}× {card(c)}" if k > 1 else card(c) for c, k in sorted(counts.items()))


def plain(cards: Sequence[str]) -> str:
    """Cards grouped by kind, unstyled names."""
    counts = Counter(cards)
    return ", ".join(
        f"{k}× {CARD_NAMES.get(c, c)}" if k > 1 else CARD_NAMES.get(c, c)
        for c, k in sorted(counts.items())
    )


_VERBS = {
    "rolls": "roll",
    "grabs": "grab",
    "draws": "draw",
    "puts": "put",
    "picks": "pick",
    "takes": "take",
    "tosses": "toss",
    "passes": "pass",
    "swaps": "swap",
    "adds": "add",
    "gets": "get",
    "wins": "win",
    "shows": "show",
    "chooses": "choose",
    "already has": "already have",
}


def you(line: str) -> str:
    """Second-person verbs for the lone human, named "You": ``You grabs`` -> ``You grab``."""
    for third, second in _VERBS.items():
        line = line.replace(f"You {third} ", f"You {second} ")
    return line.replace("You add the milk to their hand", "You add the milk to your hand")


def say(console: Console, line: str) -> None:
    """Print a line, in the second person for "You"."""
    console.print(you(line))


def roll_text(roll: Sequence[str]) -> str:
    """The dice in words, e.g. ``Pass Left / 2`` or ``Toss / Milk``."""
    action, number = roll
    face = "Milk" if number == "milk" else "All" if number == "all" else number
    return f"{ACTION_WORDS.get(action, action)} / {face}"


def _example(view: View, n: int) -> str:
    """``n`` card ids from the viewer's hand, as a typed example (``chip chip wild``)."""
    return " ".join((view["hand"] or [])[:n])


class CookiesRenderer(Renderer):
    """The table of players, the dice and what they ask for, the centre, your hand."""

    def show(self, console: Console, view: View, seat: int | None, names: list[str]) -> None:
        """Print what ``seat`` sees."""
        rounds = view["rounds"]
        title = "Toss Your Cookies"
        if rounds > 1:
            title += f": round {view['round'] + 1}, first to {rounds // 2 + 1} rounds"
        table = Table(title=title, show_edge=False, pad_edge=False)
        table.add_column("seat")
        table.add_column("player")
        table.add_column("cards", justify="right")
        if rounds > 1:
            table.add_column("rounds won", justify="right")
        table.add_column("")
        for i, size in enumerate(view["hand_sizes"]):
            marker = "▶" if i == view["turn"] and view["winner"] is None else " "
            notes = []
            if view["milk_seen"] == i:
                notes.append("[bold cyan]has the milk[/]")
            if view["phase"] == "commit":
                notes.append("ready" if view["committed"][i] else "choosing...")
            if view["phase"] == "scramble" and view["quota"][i]:
                notes.append(f"grabbed {view['grabbed'][i]}/{view['quota'][i]}")
            row = [f"{marker}{i}", escape(names[i]), str(size)]
            if rounds > 1:
                row.append(str(view["round_wins"][i]))
            row.append(", ".join(notes))
            table.add_row(*row, style="bold" if i == seat else "")
        console.print(table)
        if view["last_win"] and view["winner"] is None:
            win = view["last_win"]
            console.print(
                f"Last round: {escape(names[win['player']])} won with {cards_text(win['hand'])}"
            )
        if view["winner"] is not None:
            console.print(f"[bold green]{escape(names[view['winner']])} wins the match![/]")
        self.show_action(console, view, seat, names)
        for i, hand in enumerate(view["shown_hands"]):
            if hand is not None:
                console.print(f"{escape(names[i])} shows: {cards_text(hand)}")
        if view["limbo"]:
            console.print(
                f"Face down in front of {escape(names[view['target']])}: "
                f"{cards_text(view['limbo'])}"
            )
        if view["hand"] is not None:
            hand = view["hand"]
            console.print(f"Your hand: {cards_text(hand)}")
            cookie, count = best_cookie(hand)
            count = min(count, 5)  # five of a cookie is all a win needs
            if cookie is not None:
                milk = "and the milk" if "milk" in hand else "but not the milk"
                console.print(
                    f"Best: {count} of 5 {escape(CARD_NAMES[cookie])} (wilds count), {milk}."
                )
            if view["my_commit"]:
                console.print(f"You committed: {cards_text(view['my_commit'])}")

    def show_action(self, console: Console, view: View, seat: int | None, names: list[str]) -> None:
        """What the dice asked for and where the action stands."""
        phase, roll = view["phase"], view["roll"]
        if phase == "deal":
            say(console, f"Dealing: {view['deck_left']} cards left to deal.")
            return
        if roll is None:
            if view["winner"] is None:
                say(console, f"{escape(names[view['turn']])} is about to roll.")
            return
        who = escape(names[view["turn"]])
        say(console, f"{who} rolled [bold]{roll_text(roll)}[/].")
        n = view["number"]
        if phase == "target":
            say(console, f"{who} chooses a player to swap {'hands' if n == 7 else n} with.")
        elif phase == "swap_cards":
            say(console, f"{who} chooses {n} card(s) to give {escape(names[view['target']])}.")
            if seat == view["turn"]:
                console.print(f"Type a number below, or the cards: e.g. give {_example(view, n)}")
        elif phase == "commit":
            verb = "toss into the middle" if roll[0] == "toss" else "pass"
            say(console, f"Everyone secretly chooses {n} card(s) to {verb}.")
            if view["hand"] is not None and view["my_commit"] is None:
                word = "toss" if roll[0] == "toss" else "pass"
                console.print(f"Type a number below, or the cards: e.g. {word} {_example(view, n)}")
        elif phase == "scramble":
            say(console, f"[bold]Scramble![/] In the middle: {cards_text(view['centre'])}")
            self.race_hint(console, view, seat)
        elif phase == "milk_race":
            tosser = escape(names[view["tosser"]])
            say(console, f"[bold cyan]The milk is loose![/] Everyone but {tosser} grabs for it.")
            if seat is not None and seat != view["tosser"]:
                console.print(
                    "[bold]Race:[/] the first grab gets the milk and your answer time counts: "
                    "type 1 (or grab milk) and Enter, fast!"
                )
        elif phase in ("pick", "draw"):
            drawer, source = escape(names[view["drawer"]]), escape(names[view["draw_from"]])
            size = view["hand_sizes"][view["draw_from"]]
            say(
                console,
                f"{drawer} draws {view['draws']} more card(s) blindly from {source}: "
                f"{size} cards face down, in an order that tells nothing.",
            )
        elif phase == "even_up":
            say(console, "Players left short choose cards from the over-full hands shown.")

    def race_hint(self, console: Console, view: View, seat: int | None) -> None:
        """Tell a grabbing player how the scramble race works and how many cards are left.

        (A grab beaten by a faster hand is announced by the human player itself: "Too slow!".)
        """
        if seat is None or view["hand"] is None:
            return
        if view["free_scramble"]:
            left = "no cap (free scramble): grab as many as you can"
        else:
            more = view["quota"][seat] - view["grabbed"][seat]
            if more <= 0:
                return
            left = f"you may grab {more} more card(s)"
        console.print(
            f"[bold]Race:[/] each grab takes one card, the fastest hand gets it; {left}. "
            "Your answer time counts (beaten? you are asked again)."
        )

    def describe(self, event: View, names: list[str]) -> str | None:
        """One line per event, as the viewer may see it."""
        kind = event["kind"]
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return None
        text: str | None = handler(event, names)
        return you(text) if text else text

    # ---- event lines -----------------------------------------------------------------------------
    def _on_dealt(self, e: View, names: list[str]) -> str | None:
        return None

    def _on_rolled(self, e: View, names: list[str]) -> str:
        return (
            f"{escape(names[e['player']])} rolls [bold]{roll_text((e['action'], e['number']))}[/]."
        )

    def _on_swap_target(self, e: View, names: list[str]) -> str:
        return f"{escape(names[e['player']])} will swap with {escape(names[e['with']])}."

    def _on_swap_offered(self, e: View, names: list[str]) -> str:
        who, other = escape(names[e["player"]]), escape(names[e["with"]])
        shown = f": {cards_text(e['cards'])}" if "cards" in e else ""
        return f"{who} puts {e['count']} card(s) face down in front of {other}{shown}."

    def _on_swap_received(self, e: View, names: list[str]) -> str:
        who = escape(names[e["player"]])
        shown = f": {cards_text(e['cards'])}" if "cards" in e else ""
        return f"{who} picks up {e['count']} card(s) from {escape(names[e['from']])}{shown}."

    def _on_swapped_hands(self, e: View, names: list[str]) -> str:
        return f"{escape(names[e['player']])} and {escape(names[e['with']])} swap whole hands."

    def _on_drew(self, e: View, names: list[str]) -> str:
        who, other = escape(names[e["player"]]), escape(names[e["from"]])
        shown = f": {card(e['card'])}" if "card" in e else ""
        return f"{who} draws a card blindly from {other}{shown}."

    def _on_picked(self, e: View, names: list[str]) -> None:
        return None

    def _on_committed(self, e: View, names: list[str]) -> str | None:
        if "cards" in e:
            return f"You commit {cards_text(e['cards'])}."
        return None

    def _on_passed(self, e: View, names: list[str]) -> str:
        side = "left" if e["direction"] == "pass_left" else "right"
        return f"Everyone passes {e['count']} card(s) to the {side}."

    def _on_received(self, e: View, names: list[str]) -> str | None:
        if "cards" not in e:
            return None
        return (
            f"{escape(names[e['player']])} gets {cards_text(e['cards'])} "
            f"from {escape(names[e['from']])}."
        )

    def _on_tossed(self, e: View, names: list[str]) -> str:
        parts = [f"{escape(names[i])}: {plain(c)}" for i, c in enumerate(e["cards"]) if c]
        return "One, two, three, Toss! " + "; ".join(parts)

    def _on_grabbed(self, e: View, names: list[str]) -> str:
        return f"{escape(names[e['player']])} grabs {card(e['card'])}."

    def _on_scramble_over(self, e: View, names: list[str]) -> str:
        return "The scramble is over."

    def _on_hands_shown(self, e: View, names: list[str]) -> str:
        parts = [f"{escape(names[i])} shows {plain(h)}" for i, h in enumerate(e["hands"]) if h]
        return "; ".join(parts) + "."

    def _on_took(self, e: View, names: list[str]) -> str:
        who, other = escape(names[e["player"]]), escape(names[e["from"]])
        return f"{who} takes {card(e['card'])} from {other}'s shown hand."

    def _on_milk_tossed(self, e: View, names: list[str]) -> str:
        return f"[bold cyan]{escape(names[e['player']])} tosses the milk into the middle![/]"

    def _on_milk_grabbed(self, e: View, names: list[str]) -> str:
        return f"[bold cyan]{escape(names[e['player']])} grabs the milk![/]"

    def _on_milk_moving(self, e: View, names: list[str]) -> str:
        how = {"swap": "swaps", "pass_left": "passes", "pass_right": "passes"}[e["how"]]
        return f"{escape(names[e['from']])} {how} the milk to {escape(names[e['to']])}."

    def _on_milk_added(self, e: View, names: list[str]) -> str:
        return f"{escape(names[e['player']])} adds the milk to their hand."

    def _on_milk_stays(self, e: View, names: list[str]) -> str:
        return f"{escape(names[e['player']])} already has the milk: nothing happens."

    def _on_snickerdoodle(self, e: View, names: list[str]) -> str:
        return (
            f"[bold green]Snickerdoodle! {escape(names[e['player']])} wins the round with "
            f"{cards_text(e['hand'])}[/]"
        )

    def _on_new_round(self, e: View, names: list[str]) -> str:
        return f"Round {e['round'] + 1}: {escape(names[e['starter']])} starts."

    def _on_match_over(self, e: View, names: list[str]) -> str:
        return f"[bold green]{escape(names[e['winner']])} wins the match![/]"

    def action_label(self, text: str, action: Any) -> str:
        """Moves in words: the cards to commit, whom to swap with, what to grab."""
        name = type(action).__name__
        if name == "Commit":
            return " + ".join(CARD_NAMES.get(c, c) for c in action.cards)
        if name == "Target":
            return f"swap with seat {action.player}"
        if name == "Grab" and action.card == "milk":
            return "GRAB THE MILK!"
        if name == "Grab":
            return f"grab {CARD_NAMES.get(action.card, action.card)}"
        if name == "Pick":
            return f"face-down card {action.position + 1}"
        if name == "Take":
            return f"take {CARD_NAMES.get(action.card, action.card)} from seat {action.player}"
        return text


#: How this game looks in the terminal (the ``terminal`` part of its plugin).
RENDERER = CookiesRenderer()
