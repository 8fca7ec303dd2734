"""``gamenight simulate``: many games between bots, with win rates and the game's own figures."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from gamenight.bots import make_bot
from gamenight.cli.app import (
    GameArg,
    OptionOpt,
    app,
    check_options,
    check_seat_count,
    err,
    fail,
    out,
    output_file,
    rotation_note,
    split_list,
)
from gamenight.engine.errors import GameError
from gamenight.engine.game import Game
from gamenight.engine.registry import make_game
from gamenight.sim.backends import check_backend
from gamenight.sim.kernels import NoKernel, fast_simulate
from gamenight.sim.metrics import explained
from gamenight.sim.simulate import SimulationReport
from gamenight.sim.simulate import simulate as run_simulation


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
    rotate_seats: RotateOpt = False,
    jsonl: JsonlOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Play many games between bots; report win rates with 95% intervals and game figures."""
    bot_list = split_list(bots, "--bots")
    check_seat_count(game, bot_list, "--bots")
    check_backend_options(backend, address, workers)
    try:
        built = make_game(game, check_options(option, "--bots"), players=len(bot_list))
        for seat, spec in enumerate(bot_list):
            make_bot(spec, built, seat)
    except GameError as exc:
        fail(str(exc))
    if fast and (rotate_seats or jsonl or backend != "local" or workers != 1):
        fail(
            "--fast plays its own vectorised loop in one process: "
            "no --rotate-seats, --jsonl, --backend or --workers"
        )
    rotation_note(rotate_seats, games, len(bot_list))
    if fast:
        try:
            report = fast_simulate(built, bot_list, games, seed)
        except NoKernel as exc:
            fail(str(exc))
        except GameError as exc:
            fail(str(exc), status=1)
        emit_report(report.to_json(), as_json)
        return
    try:
        report = simulate_with_lines(
            built, bot_list, games, seed, workers, rotate_seats, jsonl, backend, address
        )
    except GameError as exc:
        fail(str(exc), status=1)
    emit_report(report.to_json(), as_json)


def simulate_with_lines(
    built: Game[Any, Any],
    bots: list[str],
    games: int,
    seed: int,
    workers: int,
    rotate_seats: bool,
    jsonl: Path | None,
    backend: str,
    address: str | None,
) -> SimulationReport:
    """Play a simulation job under a progress bar, each game's line written to ``jsonl`` if
    given (the file put in place only once every game is played)."""
    with game_lines(jsonl) as on_game, progress_bar(games, f"simulating {built.id}") as advance:
        return run_simulation(
            built,
            bots,
            games,
            seed,
            advance,
            workers=workers,
            rotate_seats=rotate_seats,
            on_game=on_game,
            backend=backend,
            address=address,
        )


RotateOpt = Annotated[
    bool, typer.Option(help="every bot plays every seat equally often; figures per bot too")
]
JsonlOpt = Annotated[
    Path | None,
    typer.Option(help="write one JSON line per game (seed, seating, options, result) to this file"),
]
BackendOpt = Annotated[str, typer.Option(help="where games are played: local or ray")]
AddressOpt = Annotated[
    str | None, typer.Option(help="with --backend ray: the cluster's address (default: local)")
]


def check_backend_options(backend: str, address: str | None, workers: int = 1) -> None:
    """Refuse ``--backend``, ``--address`` and ``--workers`` values that cannot work together,
    before anything plays."""
    try:
        check_backend(backend, address, workers)
    except GameError as exc:
        fail(str(exc))


@contextmanager
def progress_bar(total: int, what: str) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr with games done and their rate; yields ``advance(done)``.

    Shown for 200 games or more, at a terminal only: elsewhere (a pipe, a log file) it would
    leave a blank line behind. Rich's progress module is imported only when the bar shows."""
    if total < 200 or not err.is_terminal:
        yield lambda done: None
        return
    from gamenight.cli.progress import games_progress

    with games_progress(err) as progress:
        task = progress.add_task(what, total=total)
        yield lambda done: progress.update(task, completed=done)


@contextmanager
def game_lines(path: Path | None) -> Iterator[Callable[[dict[str, Any]], None] | None]:
    """With a path: a writer of one JSON line per game, opened at once (a path that cannot be
    written is refused before anything plays) and put in place whole at the end of a successful
    run, so a failed run never leaves half a file in place of an earlier one."""
    if path is None:
        yield None
        return
    with output_file(path, "game lines") as write:
        yield lambda record: write(json.dumps(record) + "\n")


def emit_report(data: dict[str, Any], as_json: bool) -> None:
    """One JSON document on stdout, or tables."""
    if as_json:
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return
    print_report(data)


def print_report(data: dict[str, Any]) -> None:
    """Print a simulation report: win rates (whole, at any width), then the game's figures."""
    seats: list[dict[str, Any]] = data["seats"]
    games = int(data["games"])
    table = Table(title=f"{data['game']}: {games} games, seed {data['seed']}")
    table.add_column("seat", no_wrap=True)
    table.add_column("bot", no_wrap=True)
    table.add_column("wins", justify="right", no_wrap=True)
    table.add_column("win rate", justify="right", no_wrap=True)
    table.add_column("95% CI", justify="right", no_wrap=True)
    shared = any(row["shared_wins"] for row in seats)
    if shared:
        table.add_column("shared wins", justify="right", no_wrap=True)
    for row in seats:
        low, high = row["ci95"]
        cells = [
            str(row["seat"]),
            row["bot"],
            f"{row['wins']:g}",
            f"{row['win_rate']:.1%}",
            f"{low:.1%}-{high:.1%}",
        ]
        if shared:
            cells.append(_fmt(row["shared_wins"]))
        table.add_row(*cells)
    out.print(table)
    core = {"seat", "bot", "wins", "win_rate", "ci95", "shared_wins"}
    extra = [k for k in seats[0] if k not in core]
    if extra:
        figures = Table(title="per seat")
        figures.add_column("seat", no_wrap=True)
        for key in extra:
            figures.add_column(key.replace("_", " "), justify="right")
        for row in seats:
            figures.add_row(str(row["seat"]), *(_fmt(row[k]) for k in extra))
        out.print(figures)
        meanings = explained(str(data["game"]))
        for key in extra:
            if key in meanings:
                out.print(f"  {key.replace('_', ' ')}: {meanings[key]}")
    if data.get("bots"):
        out.print(_bot_table(data["bots"]))
    out.print(f"mean game length: {float(data['mean_turns']):.1f} turns")
    skip = {"game", "config", "games", "seed", "mean_turns", "seats", "rotate_seats", "bots"}
    for key, value in data.items():
        if key in skip:
            continue
        if isinstance(value, dict):  # its entries in columns, each kept whole
            out.print(f"{key.replace('_', ' ')}:")
            entries = [f"{k}: {_fmt(v)}" for k, v in value.items()]
            from rich.columns import Columns
            from rich.padding import Padding

            out.print(Padding(Columns(entries, padding=(0, 3)), (0, 0, 0, 2)))
        else:
            out.print(f"{key.replace('_', ' ')}: {_fmt(value)}")


def _bot_table(bots: list[dict[str, Any]]) -> Table:
    """Win rates per entry of ``--bots`` when seats rotate (each bot played every seat)."""
    table = Table(title="per bot (seats rotated)")
    for name in ("entry", "bot", "wins", "win rate", "95% CI"):
        table.add_column(name, justify="left" if name == "bot" else "right", no_wrap=True)
    for row in bots:
        low, high = row["ci95"]
        table.add_row(
            str(row["entry"]),
            row["bot"],
            f"{row['wins']:g}",
            f"{row['win_rate']:.1%}",
            f"{low:.1%}-{high:.1%}",
        )
    return table


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_fmt(v)}" for k, v in value.items())
    return str(value)
