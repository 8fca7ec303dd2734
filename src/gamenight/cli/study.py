"""``gamenight sweep``, ``report``, ``solve`` and ``ladder``: rule variants side by side, HTML
reports, exact solutions and bot rankings."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

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
from gamenight.cli.simulate import (
    AddressOpt,
    BackendOpt,
    JsonlOpt,
    RotateOpt,
    check_backend_options,
    emit_report,
    game_lines,
    progress_bar,
    simulate_with_lines,
)
from gamenight.engine.errors import GameError
from gamenight.engine.registry import game_ids, game_part, make_game, plugin
from gamenight.sim.failures import GameFailed
from gamenight.sim.sweep import SweepRow, Variation, check_variations, rows_to_csv, sweep

VaryOpt = Annotated[
    list[str],
    typer.Option("--vary", help="option=v1,v2,... (repeatable; values holding commas split on |)"),
]
BotsOpt = Annotated[str, typer.Option(help="comma list of bots, one per seat")]
GamesOpt = Annotated[int, typer.Option(min=1, help="games per variant")]
SeedOpt = Annotated[int, typer.Option(min=0, help="seed of the whole run")]
WorkersOpt = Annotated[int, typer.Option(min=0, help="processes to play in (0: one per core)")]


def _checked(
    game: str, bots: str, option: list[str] | None, vary: list[str], games: int, rotate: bool
) -> tuple[list[str], list[str], list[Variation]]:
    """The bots, options and variations of a sweep or report, refused (exit 2) before anything
    plays if they cannot make one; a note when rotating seats cannot be even."""
    bot_list = split_list(bots, "--bots")
    check_seat_count(game, bot_list, "--bots")
    options = check_options(option, "--bots")
    try:
        variations = [Variation.parse(text) for text in vary]
        check_variations(game, options, variations)
        built = make_game(game, options, players=len(bot_list))
        for seat, spec in enumerate(bot_list):
            make_bot(spec, built, seat)
    except GameError as exc:
        fail(str(exc))
    rotation_note(rotate, games, len(bot_list), " per variant" if variations else "")
    return bot_list, options, variations


def _run_sweep(
    game: str,
    bot_list: list[str],
    options: list[str],
    variations: list[Variation],
    games: int,
    seed: int,
    workers: int,
    rotate_seats: bool,
    jsonl: Path | None,
    backend: str,
    address: str | None,
) -> list[SweepRow]:
    total = games
    for variation in variations:
        total *= len(variation.values)
    with game_lines(jsonl) as on_game, progress_bar(total, f"sweeping {game}") as advance:
        try:
            return sweep(
                game,
                bot_list,
                variations,
                games,
                seed,
                options,
                advance,
                on_game,
                workers=workers,
                rotate_seats=rotate_seats,
                backend=backend,
                address=address,
            )
        except GameFailed as exc:  # a game went wrong: not a usage error
            fail(str(exc), status=1)
        except GameError as exc:
            fail(str(exc))


@app.command("sweep")
def sweep_command(
    game: GameArg,
    bots: BotsOpt,
    vary: VaryOpt,
    games: GamesOpt = 1000,
    seed: SeedOpt = 0,
    option: OptionOpt = None,
    workers: WorkersOpt = 1,
    rotate_seats: RotateOpt = False,
    jsonl: JsonlOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON document on stdout")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="CSV on stdout, one row a variant")] = False,
) -> None:
    """Simulate every combination of option values: one row each, win rates with intervals."""
    if as_json and as_csv:
        fail("choose one of --json and --csv")
    bot_list, options, variations = _checked(game, bots, option, vary, games, rotate_seats)
    check_backend_options(backend, address, workers)
    rows = _run_sweep(
        game,
        bot_list,
        options,
        variations,
        games,
        seed,
        workers,
        rotate_seats,
        jsonl,
        backend,
        address,
    )
    if as_json:
        sys.stdout.write(json.dumps([row.to_json() for row in rows], indent=2) + "\n")
        return
    if as_csv:
        sys.stdout.write(rows_to_csv(rows))
        return
    first = rows[0].to_json()
    per_bot = "bots" in first
    entries = first.get("bots") or first["seats"]
    table = Table(title=f"{game}: win rate [95% interval], {games} games per variant, seed {seed}")
    for name in rows[0].options:
        table.add_column(name, overflow="fold")
    table.add_column("mean turns", justify="right", no_wrap=True)
    for i, entry in enumerate(entries):
        label = f"{entry['bot']} ({i})" if per_bot else f"seat {i}\n{entry['bot']}"
        table.add_column(label, justify="right", no_wrap=True, min_width=11)
    for row in rows:
        data = row.to_json()
        # a list value's entries with a space after each comma: a narrow column wraps there
        values = [str(v).replace(",", ", ") for v in row.options.values()]
        cells = [*values, f"{data['mean_turns']:.1f}"]
        for entry in data.get("bots") or data["seats"]:
            low, high = entry["ci95"]
            cells.append(f"{entry['win_rate']:.1%}\n{low:.1%}-{high:.1%}")
        table.add_row(*cells, end_section=True)
    out.print(table)


@app.command("report")
def report_command(
    game: GameArg,
    bots: BotsOpt,
    output: Annotated[Path, typer.Option("--out", help="the HTML file to write")],
    vary: Annotated[
        list[str] | None,
        typer.Option("--vary", help="option=v1,v2,... to report a sweep (repeatable)"),
    ] = None,
    games: GamesOpt = 1000,
    seed: SeedOpt = 0,
    option: OptionOpt = None,
    workers: WorkersOpt = 1,
    rotate_seats: RotateOpt = False,
    jsonl: JsonlOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Simulate (or sweep) and write a self-contained HTML report with charts."""
    from gamenight.sim.report import NoPlotting, require_plotting, simulation_html, sweep_html

    try:
        require_plotting()
    except NoPlotting as exc:
        fail(str(exc))
    bot_list, options, variations = _checked(game, bots, option, vary or [], games, rotate_seats)
    check_backend_options(backend, address, workers)
    with output_file(output, "the report") as write_page:  # refused here, before any game
        try:
            if variations:
                rows = _run_sweep(
                    game,
                    bot_list,
                    options,
                    variations,
                    games,
                    seed,
                    workers,
                    rotate_seats,
                    jsonl,
                    backend,
                    address,
                )
                page = sweep_html(rows)
            else:
                built = make_game(game, options, players=len(bot_list))
                report = simulate_with_lines(
                    built, bot_list, games, seed, workers, rotate_seats, jsonl, backend, address
                )
                page = simulation_html(report)
                emit_report(report.to_json(), as_json=False)
        except GameFailed as exc:
            fail(str(exc), status=1)
        except GameError as exc:
            fail(str(exc))
        write_page(page)
    out.print(f"Report written to {output} ({len(page) // 1024} KB)")


@app.command("solve")
def solve_command(
    game: GameArg,
    players: Annotated[int, typer.Option(min=1, help="number of players")] = 2,
    target: Annotated[int, typer.Option(min=1, help="the score to pass")] = 100,
    plot: Annotated[Path | None, typer.Option(help="also draw the policy to this image")] = None,
    option: OptionOpt = None,
) -> None:
    """Solve a game exactly where it has a solver (Toss Up!: the policy that wins most often)."""
    try:
        part = game_part(game, "solver")
    except GameError as exc:
        fail(str(exc))
    except ImportError:
        fail("the solver needs numpy and matplotlib: pip install 'gamenight[study]'")
    if part is None:
        have = [g for g in game_ids() if "solver" in plugin(g).parts]
        fail(f"no solver for {game}; solvers exist for: {', '.join(have) or 'none'}")
    try:
        text = str(part.solve_report(players, target, plot, check_options(option, "--players")))
    except GameError as exc:
        fail(str(exc))
    except ImportError:
        fail("the solver needs numpy and matplotlib: pip install 'gamenight[study]'")
    out.print(text, markup=False, highlight=False)


@app.command("ladder")
def ladder_command(
    game: GameArg,
    bots: Annotated[str, typer.Option(help="comma list of the bots to rank (two or more)")],
    games: Annotated[int, typer.Option(min=1, help="games per seating")] = 200,
    players: Annotated[
        int | None, typer.Option(help="seats at the table (default: the game's smallest)")
    ] = None,
    seed: SeedOpt = 0,
    option: OptionOpt = None,
    workers: WorkersOpt = 1,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON document on stdout")] = False,
) -> None:
    """A round robin across seat orders: win rates with 95% intervals and Elo ratings."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from gamenight.sim.ladder import ladder, ladder_table, pairs_table, plan_ladder

    bot_list = split_list(bots, "--bots")
    try:
        built = make_game(game, check_options(option, "--players"), players=players)
        plan_ladder(built, bot_list, games)  # refused here, before the progress bar starts
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
            disable=not err.is_terminal,  # elsewhere it would leave a blank line behind
        ) as bar:
            task = bar.add_task(f"ladder of {game}: games", total=None)
            report = ladder(
                built,
                bot_list,
                games,
                seed,
                workers,
                lambda done, total: bar.update(task, completed=done, total=total),
            )
    except GameFailed as exc:
        fail(str(exc), status=1)
    except GameError as exc:
        fail(str(exc))
    if as_json:
        sys.stdout.write(json.dumps(report.to_json(), indent=2) + "\n")
        return
    out.print(ladder_table(report))
    out.print(pairs_table(report))
