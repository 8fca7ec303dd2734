"""Toss Up! in the terminal: coloured dice, the turn total, the bust chance, every score.

Every player name is escaped before it goes into rich markup (a name is whatever a seat or a
record calls itself, ``[/]`` included). The end of the game is announced once, by the
``game_over`` event; the final screen shows the score sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from gamenight.engine.core import View
from gamenight.engine.errors import GameError
from gamenight.games.toss_up.state import BANK, ROLL
from gamenight.terminal.render import Renderer, possessive

STYLE = {"green": "bold green", "yellow": "bold yellow", "red": "bold red"}


def count(number: int, one: str, many: str) -> str:
    """``number`` with its noun agreeing: ``1 point``, ``2 points``, ``1 die``, ``0 dice``.

    >>> count(1, "die", "dice"), count(3, "point", "points")
    ('1 die', '3 points')
    """
    return f"{number} {one if number == 1 else many}"


def dice_text(green: int, yellow: int, red: int) -> Text:
    """Dice as coloured squares with their counts, e.g. ``■■■ 3 green``."""
    text = Text()
    for colour, number in (("green", green), ("yellow", yellow), ("red", red)):
        if number:
            text.append("■" * number, style=STYLE[colour])
            text.append(f" {number} {colour}  ")
    return text


def _names(names: list[str], seats: list[int]) -> str:
    return ", ".join(names[i] for i in seats)


class TossUpRenderer(Renderer):
    """Scores table, the current roll and what the next roll risks; events are told from the
    game's words (``words/<lang>.json``), each colour's count in its colour."""

    word_styles: ClassVar[Mapping[str, str]] = {
        "count_green": STYLE["green"],
        "count_yellow": STYLE["yellow"],
        "count_red": STYLE["red"],
        "rolled_bust": "red",
        "final_round": "bold magenta",
        "sudden_death": "bold magenta",
        "game_over": "bold",
    }

    def advice(self, game: Any, view: View) -> str | None:
        """The coach (``play --coach``, two players): the chance of winning if you roll on and if
        you bank now, from the exactly solved game (solved once and cached, about 10 s)."""
        if game.players != 2:
            return None
        try:
            from gamenight.games.toss_up.coach import advise

            chances = advise(game, view)
        except ImportError:
            return "Coach: needs numpy (pip install 'gamenight[study]')."
        except GameError as exc:
            return f"Coach: {exc}"
        if chances is None:
            return None  # a turn's first roll is not a choice
        return (
            f"Coach: roll on and you win {chances['roll']:.1%}; bank now and you win "
            f"{chances['bank']:.1%}. Best: {chances['best']}."
        )

    def show(self, console: Console, view: View, seat: int | None, names: list[str]) -> None:
        """Print the score sheet and the turn in progress."""
        table = Table(title="Score sheet", show_edge=False, pad_edge=False)
        table.add_column("seat")
        table.add_column("player")
        table.add_column("total", justify="right")
        turn = view["turn"]
        for i, score in enumerate(view["scores"]):
            marker = "▶" if i == turn and not view["winners"] else " "
            style = "bold" if i == seat else ""
            table.add_row(f"{marker}{i}", escape(names[i]), str(score), style=style)
        console.print(table)
        if view["winners"]:
            return  # the game_over line has said who won
        names = [escape(n) for n in names]
        goal = f"{'over' if view['strict'] else 'at least'} {view['target']}"
        if view["sudden_death"]:
            console.print(
                f"[bold magenta]Sudden death[/] among {_names(names, view['sudden_death'])}; "
                f"still to play this round: {_names(names, view['to_play'])}"
            )
        elif view["final_round"]:
            passed = "passed" if view["strict"] else "reached"
            console.print(
                f"[bold magenta]Final round[/]: {names[view['trigger']]} {passed} "
                f"{view['target']}; still to play: {_names(names, view['to_play'])}"
            )
        else:
            console.print(f"The final round starts when a total is {goal}.")
        line = Text.from_markup(f"{possessive(names[turn])} turn: ")
        line.append(f"{count(view['turn_points'], 'point', 'points')} this turn", style="bold")
        line.append(f", {count(view['dice_to_roll'], 'die', 'dice')} to roll")
        console.print(line)
        if view["last_roll"]:
            console.print(Text("Last roll: ").append_text(dice_text(**view["last_roll"])))
        chance = view["bust_chance"] * 100
        console.print(f"Chance the next roll busts (no green, a red): [bold]{chance:.1f}%[/]")

    def choice_key(self, action: Any) -> str | None:
        """``r`` rolls, ``b`` banks."""
        return {ROLL: "r", BANK: "b"}.get(action)


#: How this game looks in the terminal (the ``terminal`` part of its plugin).
RENDERER = TossUpRenderer()
