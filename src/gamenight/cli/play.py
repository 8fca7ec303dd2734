"""``gamenight list``, ``rules``, ``play`` and ``replay``: the games at the terminal."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from gamenight.bots import bots_for, default_bot, make_bot
from gamenight.cli.app import GameArg, OptionOpt, SeedOpt, app, check_options, fail, out, split_list
from gamenight.engine.errors import GameError
from gamenight.engine.registry import game_class, game_ids, make_game
from gamenight.terminal.human import InputClosed
from gamenight.terminal.play import load_record, replay_record
from gamenight.terminal.play import play as play_game


@app.command("list")
def list_games() -> None:
    """List the games with their player ranges and options, and the bots for each."""
    for game_id in game_ids():
        try:
            cls = game_class(game_id)
        except GameError as exc:
            out.print(f"[bold]{escape(game_id)}[/]: cannot be loaded ({escape(str(exc))})\n")
            continue
        config = cls.config_type
        out.print(
            f"[bold]{game_id}[/]  {escape(cls.title)}  ({config.min_players}-"
            f"{config.max_players} players)\n  {escape(cls.summary)}"
        )
        table = Table(show_header=True, show_edge=False, box=None, padding=(0, 1, 0, 2))
        table.add_column("option", no_wrap=True)
        table.add_column("default", overflow="fold", max_width=30)
        table.add_column("meaning", overflow="fold", ratio=1)
        for name, default, text in config.option_help():
            table.add_row(name, escape(default), escape(text))
        out.print(table)
        default = default_bot(game_id)
        bots = Table(show_header=False, show_edge=False, box=None, padding=(0, 1, 0, 2))
        bots.add_column("bot", no_wrap=True)
        bots.add_column("what it does", overflow="fold", ratio=1)
        for spec in bots_for(game_id):
            mark = " (default)" if spec.name == default else ""
            bots.add_row(spec.usage(), escape(spec.help) + mark)
        out.print("  bots:")
        out.print(bots)
        out.print()


@app.command()
def rules(game: GameArg) -> None:
    """Show a game's rules page, with the rulings this project follows."""
    try:
        cls = game_class(game)
    except GameError as exc:
        fail(str(exc))
    out.print(Markdown(cls.rules_text()))


def check_writable(path: Path) -> None:
    """Refuse a record path that cannot be written, without touching an existing file."""
    if path.is_dir():
        fail(f"cannot write the record to {path}: it is a folder")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        fail(f"cannot write the record to {path}: no folder {folder}")
    if not os.access(path if path.exists() else folder, os.W_OK):
        fail(f"cannot write the record to {path}: permission denied")


@app.command()
def play(
    game: GameArg,
    seats: Annotated[
        str, typer.Option(help="comma list, one per seat: human or a bot (random, hold:20, ...)")
    ] = "human,default",
    seed: SeedOpt = None,
    option: OptionOpt = None,
    record: Annotated[Path | None, typer.Option(help="write the match record here")] = None,
    coach: Annotated[
        bool, typer.Option(help="show the game's coach before each of your moves (Toss Up!)")
    ] = False,
) -> None:
    """Play a game in the terminal against bots (or with friends, taking turns at the screen)."""
    seat_list = split_list(seats, "--seats")
    try:
        built = make_game(game, check_options(option, "--seats"), players=len(seat_list))
        for seat, spec in enumerate(seat_list):
            if spec != "human":
                make_bot(spec, built, seat)
    except GameError as exc:
        fail(str(exc))
    if record is not None:
        check_writable(record)
    try:
        play_game(built, seat_list, seed, out, sys.stdin, record, coach)
    except InputClosed as exc:
        fail(str(exc), status=1)
    except KeyboardInterrupt:
        fail("game abandoned", status=130)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a match record written by play --record")],
    step: Annotated[
        bool | None, typer.Option(help="wait for Enter after each move (default: on a terminal)")
    ] = None,
    seat: Annotated[int | None, typer.Option(help="show what this seat saw")] = None,
) -> None:
    """Step through a recorded match."""
    interactive = sys.stdin.isatty() if step is None else step
    try:
        data = load_record(file)
        replay_record(data, out, sys.stdin if interactive else None, viewer=seat)
    except GameError as exc:
        fail(str(exc))
    except typer.Exit:
        raise
