"""Toss Up! in the terminal: coloured dice, the turn total, the bust chance, every score."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from gamenight.engine.core import View
from gamenight.terminal.render import (
    Renderer,
    possessive,
    verb,
    winners_line,
)

STYLE = {"green": "bold green", "yellow": "bold yellow", "red": "bold red"}


def dice_text(green: int, yellow: int, red: int) -> Text:
    """Dice as coloured squares with their counts, e.g. ``■■■ 3 green``."""
    text = Text()
    for colour, count in (("green", green), ("yellow", yellow), ("red", red)):
        if count:
            text.append("■" * count, style=STYLE[colour])
            text.append(f" {count} {colour}  ")
    return text


class TossUpRenderer(Renderer):
    """Scores table, the current roll and what the next roll risks."""

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
            table.add_row(f"{marker}{i}", names[i], str(score), style=style)
        console.print(table)
        goal = f"{'over' if view['strict'] else 'at least'} {view['target']}"
        if view["winners"]:
            console.print(f"[bold]Game over: {winners_line(view['winners'], names)}[/]")
            return
        if view["sudden_death"]:
            tied = ", ".join(names[i] for i in view["sudden_death"])
            console.print(
                f"[bold magenta]Sudden death[/] among {tied}; still to play this round: "
                f"{', '.join(names[i] for i in view['to_play'])}"
            )
        elif view["final_round"]:
            console.print(
                f"[bold magenta]Final round[/]: {names[view['trigger']]} passed {view['target']}; "
                f"still to play: {', '.join(names[i] for i in view['to_play'])}"
            )
        else:
            console.print(f"The final round starts when a total is {goal}.")
        line = Text(f"{possessive(names[turn])} turn: ")
        line.append(f"{view['turn_points']} points this turn", style="bold")
        line.append(f", {view['dice_to_roll']} dice to roll")
        console.print(line)
        if view["last_roll"]:
            console.print(Text("Last roll: ").append_text(dice_text(**view["last_roll"])))
        chance = view["bust_chance"] * 100
        console.print(f"Chance the next roll busts (no green, a red): [bold]{chance:.1f}%[/]")

    def describe(self, event: View, names: list[str]) -> str | None:
        """Rolls, banks, busts and the end of the game in words."""
        kind = event["kind"]
        if kind == "rolled":
            who = names[event["player"]]
            dice = dice_text(event["green"], event["yellow"], event["red"]).markup
            if event["bust"]:
                return f"{who} rolled {dice}→ [bold red]red light![/]"
            return f"{who} rolled {dice}→ {event['turn_points']} points this turn"
        if kind == "busted":
            lost = verb(names[event["player"]], "lose", "loses")
            return f"Red light: {lost} {event['lost']} points."
        if kind == "banked":
            banks = verb(names[event["player"]], "bank", "banks")
            return f"{banks} {event['points']} points (total {event['total']})."
        if kind == "final_round":
            return (
                f"[bold magenta]{names[event['trigger']]} has {event['total']}: "
                "everyone else gets one last turn![/]"
            )
        if kind == "sudden_death":
            tied = ", ".join(names[i] for i in event["players"])
            return f"[bold magenta]Tied at {event['total']}: sudden death for {tied}.[/]"
        if kind == "game_over":
            return f"[bold]{winners_line(event['winners'], names)}[/]"
        return None


#: How this game looks in the terminal (the ``terminal`` part of its plugin).
RENDERER = TossUpRenderer()
