"""The ``gamenight`` command: list, rules, play, replay, simulate.

Usage errors (unknown game, bot or option, player count out of range, malformed option value)
print one line naming what is allowed and exit with status 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from gamenight.bots import bots_for, default_bot, make_bot
from gamenight.engine.errors import GameError
from gamenight.engine.registry import game_class, game_ids, make_game
from gamenight.sim.kernels import NoKernel, fast_simulate
from gamenight.sim.simulate import simulate as run_simulation
from gamenight.sim.stats import wilson_interval
from gamenight.terminal.human import InputClosed
from gamenight.terminal.play import load_record, replay_record
from gamenight.terminal.play import play as play_game

app = typer.Typer(
    name="gamenight",
    help="Four family tabletop games: play them, replay them, simulate them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)

GameArg = Annotated[str, typer.Argument(help="game id, e.g. toss-up (see: gamenight list)")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="a game option as key=value (repeatable)"),
]
SeedOpt = Annotated[int | None, typer.Option(min=0, help="seed for a repeatable game")]


def fail(message: str, status: int = 2) -> NoReturn:
    """Print one error line to stderr and exit (2: usage error)."""
    err.print(f"[bold red]error:[/] {escape(message)}")
    raise typer.Exit(status)


def check_options(options: list[str] | None, what: str) -> list[str]:
    """Game options, refusing ``players`` (the seat list sets the player count)."""
    for option in options or []:
        if option.partition("=")[0].strip() == "players":
            fail(f"the number of players is set by {what}, not by -o players=...")
    return options or []


def split_list(text: str, what: str) -> list[str]:
    """A comma list from the command line, with empty entries refused."""
    items = [s.strip() for s in text.split(",")]
    if not items or any(not s for s in items):
        fail(f"{what} must be a comma list with no empty entries, got {text!r}")
    return items


@app.command("list")
def list_games() -> None:
    """List the games with their player ranges and options, and the bots for each."""
    for game_id in game_ids():
        cls = game_class(game_id)
        config = cls.config_type
        out.print(
            f"[bold]{game_id}[/]  {cls.title}  ({config.min_players}-{config.max_players} "
            f"players)\n  {cls.summary}"
        )
        table = Table(show_header=True, show_edge=False, box=None, padding=(0, 2))
        table.add_column("option")
        table.add_column("default")
        table.add_column("meaning")
        for name, default, text in config.option_help():
            table.add_row(name, default, text)
        out.print(table)
        default = default_bot(game_id)
        out.print("  bots:")
        for spec in bots_for(game_id):
            mark = " (default)" if spec.name == default else ""
            out.print(f"    {spec.usage():<10} {spec.help}{mark}")
        out.print()


@app.command()
def rules(game: GameArg) -> None:
    """Show a game's rules page, with the rulings this project follows."""
    try:
        cls = game_class(game)
    except GameError as exc:
        fail(str(exc))
    out.print(Markdown(cls.rules_text()))


@app.command()
def play(
    game: GameArg,
    seats: Annotated[
        str, typer.Option(help="comma list, one per seat: human or a bot (random, hold:20, ...)")
    ] = "human,default",
    seed: SeedOpt = None,
    option: OptionOpt = None,
    record: Annotated[Path | None, typer.Option(help="write the match record here")] = None,
) -> None:
    """Play a game in the terminal against bots (or with friends, taking turns at the screen)."""
    seat_list = split_list(seats, "--seats")
    if record is not None:
        try:
            record.write_text("", encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write the record to {record}: {exc.strerror}")
    try:
        built = make_game(game, check_options(option, "--seats"), players=len(seat_list))
        for seat, spec in enumerate(seat_list):
            if spec != "human":
                make_bot(spec, built, seat)
    except GameError as exc:
        fail(str(exc))
    try:
        play_game(built, seat_list, seed, out, sys.stdin, record)
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


@app.command()
def simulate(
    game: GameArg,
    bots: Annotated[str, typer.Option(help="comma list of bots, one per seat")],
    games: Annotated[int, typer.Option(min=1, help="number of games")] = 1000,
    seed: Annotated[int, typer.Option(min=0, help="seed of the whole run")] = 0,
    option: OptionOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON document on stdout")] = False,
    workers: Annotated[
        int, typer.Option(min=0, help="processes to play in (0: one per core); same results")
    ] = 1,
    fast: Annotated[
        bool, typer.Option(help="use the game's vectorised kernel (same rules, not replayable)")
    ] = False,
) -> None:
    """Play many games between bots; report win rates with 95% intervals and game figures."""
    bot_list = split_list(bots, "--bots")
    try:
        built = make_game(game, check_options(option, "--bots"), players=len(bot_list))
        for seat, spec in enumerate(bot_list):
            make_bot(spec, built, seat)
    except GameError as exc:
        fail(str(exc))
    if fast:
        try:
            report = fast_simulate(built, bot_list, games, seed)
        except NoKernel as exc:
            fail(str(exc))
        except GameError as exc:
            fail(str(exc), status=1)
        emit_report(report.to_json(), as_json)
        return
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=games < 200,
    ) as progress:
        task = progress.add_task(f"simulating {game}", total=games)
        try:
            report = run_simulation(
                built,
                bot_list,
                games,
                seed,
                lambda done: progress.update(task, completed=done),
                workers=workers,
            )
        except GameError as exc:
            fail(str(exc), status=1)
    emit_report(report.to_json(), as_json)


def emit_report(data: dict[str, object], as_json: bool) -> None:
    """One JSON document on stdout, or tables."""
    if as_json:
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return
    print_report(data)


def print_report(data: dict[str, object]) -> None:
    """Print a simulation report as tables."""
    seats = data["seats"]
    assert isinstance(seats, list)
    games = int(str(data["games"]))
    table = Table(title=f"{data['game']}: {games} games, seed {data['seed']}")
    table.add_column("seat")
    table.add_column("bot")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI (%)", justify="right")
    hidden = {"seat", "bot", "wins", "win_rate", "ci95"}
    if not any(row["shared_wins"] for row in seats):
        hidden.add("shared_wins")
    extra = [k for k in seats[0] if k not in hidden]
    for key in extra:
        table.add_column(key.replace("_", " "), justify="right")
    for row in seats:
        low, high = wilson_interval(row["wins"], games)
        cells = [
            str(row["seat"]),
            row["bot"],
            f"{row['wins']:g}",
            f"{row['win_rate']:.1%}",
            f"{low * 100:.1f}-{high * 100:.1f}",
        ]
        cells += [_fmt(row[k]) for k in extra]
        table.add_row(*cells)
    out.print(table)
    out.print(f"mean game length: {float(str(data['mean_turns'])):.1f} turns")
    skip = {"game", "config", "games", "seed", "mean_turns", "seats"}
    for key, value in data.items():
        if key not in skip:
            out.print(f"{key.replace('_', ' ')}: {_fmt(value)}")


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_fmt(v)}" for k, v in value.items())
    return str(value)


def main() -> None:
    """Entry point of the ``gamenight`` command."""
    app()
