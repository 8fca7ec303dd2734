"""Toss Your Cookies in the terminal: your hand by cookie, the table, the dice, every move.

Every sentence about a player is built with :func:`gamenight.terminal.render.verb`, so the lone
person at the screen, named "You", reads "You grab" where others read "smart grabs".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gamenight.engine.core import View
from gamenight.games.toss_your_cookies.cards import (
    HAND_SIZE,
    MILK,
    TO_WIN,
    best_cookie,
    card_name,
    dice_words,
)
from gamenight.games.toss_your_cookies.explain import plural
from gamenight.games.toss_your_cookies.state import Commit, Grab, Pick, Take, Target
from gamenight.terminal.render import Renderer, at_live_table, verb

STYLE = {"milk": "bold cyan", "wild": "bold magenta", "half": "dim"}


def card(card_id: str) -> str:
    """One card's name with its id to type, styled."""
    style = STYLE.get(card_id, "bold yellow")
    return f"[{style}]{escape(card_name(card_id))}[/] ({escape(card_id)})"


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
        escape(f"{k}× {card_name(c)}" if k > 1 else card_name(c)) for c, k in sorted(counts.items())
    )


def _example(view: View, n: int) -> str:
    """``n`` card ids from the viewer's hand, as a typed example (``chip chip wild``)."""
    return " ".join((view["hand"] or [])[:n])


class TossYourCookiesRenderer(Renderer):
    """The table of players, the dice and what they ask for, the centre, your hand; events are
    told from the game's words (``words/<lang>.json``)."""

    word_styles: ClassVar[Mapping[str, str]] = {
        "milk_tossed": "bold cyan",
        "milk_grabbed": "bold cyan",
        "snickerdoodle": "bold green",
        "snickerdoodle_round": "bold green",
        "match_over": "bold green",
    }

    def show(self, console: Console, view: View, seat: int | None, names: list[str]) -> None:
        """Print what ``seat`` sees; once the game is over, the final table and hands."""
        over = bool(view["winners"])
        table = Table(title=self.title(view), show_edge=False, pad_edge=False)
        table.add_column("seat")
        table.add_column("player")
        table.add_column("cards", justify="right")
        if view["rounds"] > 1:
            table.add_column("rounds won", justify="right")
        table.add_column("")
        for i, size in enumerate(view["hand_sizes"]):
            marker = "▶" if i == view["turn"] and not over else " "
            row = [f"{marker}{i}", escape(names[i]), str(size)]
            if view["rounds"] > 1:
                row.append(str(view["round_wins"][i]))
            row.append(", ".join(self.notes(view, i)))
            table.add_row(*row, style="bold" if i == seat else "")
        console.print(table)
        line = self.round_line(view)
        if line:
            console.print(line)
        win = view["last_win"]
        if win and over:
            console.print(f"{escape(names[win['player']])} won with {cards_text(win['hand'])}")
        elif win:
            console.print(
                f"Last round: {escape(names[win['player']])} won with {cards_text(win['hand'])}"
            )
        if not over:
            self.show_action(console, view, seat, names)
        for i, hand in enumerate(view["shown_hands"]):
            if hand is not None:
                console.print(f"{verb(escape(names[i]), 'show', 'shows')}: {cards_text(hand)}")
        if view["limbo"] and view["target"] is not None:
            console.print(
                f"Face down in front of {escape(names[view['target']])}: "
                f"{cards_text(view['limbo'])}"
            )
        if view["hand"] is not None:
            self.show_hand(console, view)

    @staticmethod
    def title(view: View) -> str:
        """``Toss Your Cookies``, or ``Toss Your Cookies: game over``."""
        return "Toss Your Cookies: game over" if view["winners"] else "Toss Your Cookies"

    @staticmethod
    def round_line(view: View) -> str | None:
        """Where a longer match stands: the round, and the round wins that take the match."""
        rounds, number, need = view["rounds"], view["round"] + 1, view["rounds_to_win"]
        if rounds == 1 or view["winners"]:
            return None
        goal = f"the first to win {plural(need, 'round')} wins the match"
        if number <= rounds:
            return f"Round {number} of {rounds}: {goal}."
        return (
            f"Round {number}, an extra round: nobody has won {need} of the {rounds} rounds "
            f"agreed, and {goal}."
        )

    @staticmethod
    def notes(view: View, seat: int) -> list[str]:
        """What the table says about one seat: the winner, the milk, choosing, grabs."""
        notes = []
        if seat in view["winners"]:
            notes.append("[bold green]winner[/]")
        if view["milk_seen"] == seat:
            notes.append("[bold cyan]has the milk[/]")
        if view["phase"] == "commit":
            notes.append("ready" if view["committed"][seat] else "choosing...")
        if view["phase"] == "scramble" and view["quota"][seat]:
            grabbed = view["grabbed"][seat]
            free = view["free_scramble"]
            notes.append(
                f"grabbed {grabbed}" if free else f"grabbed {grabbed}/{view['quota'][seat]}"
            )
        return notes

    @staticmethod
    def show_hand(console: Console, view: View) -> None:
        """The viewer's hand, how close it is to a win, and their commitment."""
        hand = view["hand"]
        console.print(f"Your hand: {cards_text(hand)}")
        cookie, count = best_cookie(hand)
        if cookie is not None:
            milk = "and the milk" if MILK in hand else "but not the milk"
            console.print(
                f"Best: {min(count, TO_WIN)} of {TO_WIN} {escape(card_name(cookie))} "
                f"(wilds count), {milk}."
            )
        if view["my_commit"]:
            console.print(f"You committed: {cards_text(view['my_commit'])}")

    def show_action(self, console: Console, view: View, seat: int | None, names: list[str]) -> None:
        """What the dice asked for and where the action stands."""
        phase, roll = view["phase"], view["roll"]
        if phase == "deal":
            console.print(f"Dealing: {plural(view['deck_left'], 'card')} left to deal.")
            return
        who = escape(names[view["turn"]])
        if roll is None:
            console.print(f"{verb(who, 'are', 'is')} about to roll.")
            return
        console.print(f"{who} rolled [bold]{dice_words(*roll)}[/].")
        n = view["number"]
        if phase == "target":
            what = "hands" if n == HAND_SIZE else plural(n, "card")
            console.print(f"{verb(who, 'choose', 'chooses')} a player to swap {what} with.")
        elif phase == "swap_cards":
            other = escape(names[view["target"]])
            console.print(f"{verb(who, 'choose', 'chooses')} {plural(n, 'card')} to give {other}.")
            if seat == view["turn"] and not at_live_table(console):
                console.print(f"Type a number below, or the cards: e.g. give {_example(view, n)}")
        elif phase == "commit":
            word = "toss" if roll[0] == "toss" else "pass"
            where = " into the middle" if word == "toss" else ""
            console.print(f"Everyone secretly chooses {plural(n, 'card')} to {word}{where}.")
            if (
                view["hand"] is not None
                and view["my_commit"] is None
                and not at_live_table(console)
            ):
                console.print(f"Type a number below, or the cards: e.g. {word} {_example(view, n)}")
        elif phase == "scramble":
            console.print(f"[bold]Scramble![/] In the middle: {cards_text(view['centre'])}")
            self.race_hint(console, view, seat)
        elif phase == "milk_race":
            tosser = escape(names[view["tosser"]])
            console.print(f"[bold cyan]The milk is loose![/] Everyone but {tosser} grabs for it.")
            if seat is not None and seat != view["tosser"] and at_live_table(console):
                console.print("[bold]Race:[/] the first hand on the milk gets it: press m, fast!")
            elif seat is not None and seat != view["tosser"]:
                console.print(
                    "[bold]Race:[/] the first grab gets the milk and your answer time counts: "
                    "type 1 (or grab milk) and Enter, fast!"
                )
        elif phase in ("pick", "draw"):
            drawer, source = escape(names[view["drawer"]]), escape(names[view["draw_from"]])
            size = view["hand_sizes"][view["draw_from"]]
            draws = view["draws"]
            cards = "a card" if draws == 1 else plural(draws, "card")
            console.print(
                f"{verb(drawer, 'draw', 'draws')} {cards} blindly "
                f"from {source}: {plural(size, 'card')} face down, in an order that tells nothing."
            )
        elif phase == "even_up":
            console.print("Players left short choose cards from the over-full hands shown.")

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
            left = f"you may grab {plural(more, 'more card')}"
        when = (
            "Press a card's key: it keeps its key while it stays in the middle."
            if at_live_table(console)
            else "Your answer time counts (beaten? you are asked again)."
        )
        console.print(
            f"[bold]Race:[/] each grab takes one card, the fastest hand gets it; {left}. {when}"
        )

    def move_label(self, text: str, action: Any, view: View, names: list[str]) -> str:
        """As ``action_label``, with players named: ``swap with Bob``."""
        if isinstance(action, Target) and 0 <= action.player < len(names):
            return f"swap with {names[action.player]}"
        if isinstance(action, Take) and 0 <= action.player < len(names):
            return f"take {card_name(action.card)} from {names[action.player]}"
        return self.action_label(text, action)

    def choice_key(self, action: Any) -> str | None:
        """``m`` grabs the milk."""
        return "m" if action == Grab(MILK) else None

    def action_label(self, text: str, action: Any) -> str:
        """Moves in words: the cards to commit, whom to swap with, what to grab."""
        if isinstance(action, Commit):
            return " + ".join(card_name(c) for c in action.cards)
        if isinstance(action, Target):
            return f"swap with seat {action.player}"
        if isinstance(action, Grab) and action.card == MILK:
            return "GRAB THE MILK!"
        if isinstance(action, Grab):
            return f"grab {card_name(action.card)}"
        if isinstance(action, Pick):
            return f"face-down card {action.position + 1}"
        if isinstance(action, Take):
            return f"take {card_name(action.card)} from seat {action.player}"
        return text


#: How this game looks in the terminal (the ``terminal`` part of its plugin).
RENDERER = TossYourCookiesRenderer()
