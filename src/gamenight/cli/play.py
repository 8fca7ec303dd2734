"""``gamenight list``, ``rules``, ``play`` and ``replay``: the games at the terminal."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table

from gamenight.bots import bots_for, default_bot, make_bot
from gamenight.bots.reaction import speed_factor
from gamenight.cli.app import (
    GameArg,
    OptionOpt,
    SeedOpt,
    app,
    check_options,
    check_output,
    check_seat_count,
    fail,
    out,
    split_list,
)
from gamenight.cli.verify import KeyOpt, warn_unverified
from gamenight.engine.errors import GameError
from gamenight.engine.files import CannotWrite
from gamenight.engine.game import Game
from gamenight.engine.match import Match
from gamenight.engine.registry import game_class, game_ids, game_part, make_game, plugin

if TYPE_CHECKING:
    from gamenight.terminal.seats import Seat

# The terminal-play modules and Rich's Markdown are imported by the commands that use them, not
# when the command loads: ``gamenight simulate`` and ``gamenight --help`` never need them.


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
            f"{config.max_players} players)"
        )
        out.print(Padding(escape(cls.summary), (0, 0, 0, 2)))  # wrapped lines keep the indent
        table = Table(show_header=True, show_edge=False, box=None, padding=(0, 1, 0, 2))
        table.add_column("option", no_wrap=True)
        table.add_column("default", overflow="fold", max_width=30)
        table.add_column("meaning", overflow="fold", ratio=1)
        for name, default, text in config.option_help():
            # a list's entries with a space after each comma, so a long one wraps between them
            # (-o takes it back with or without the spaces)
            table.add_row(name, escape(default.replace(",", ", ")), escape(text))
        out.print(table)
        default = default_bot(game_id)
        bots = Table(show_header=False, show_edge=False, box=None, padding=(0, 1, 0, 2))
        bots.add_column("bot", no_wrap=True)
        bots.add_column("what it does", overflow="fold", ratio=1)
        specs = bots_for(game_id)
        smart = all(spec.name != "smart" for spec in specs)  # then smart names the default
        for spec in specs:
            mark = ""
            if spec.name == default:
                mark = " (default; smart too)" if smart else " (default)"
            bots.add_row(spec.usage(), escape(spec.help) + mark)
        out.print("  bots:")
        out.print(bots)
        out.print()


@app.command()
def rules(game: GameArg) -> None:
    """Show a game's rules page, with the rulings this project follows (at a terminal, in a
    pager: the page is longer than a screen)."""
    from rich.markdown import Markdown

    try:
        cls = game_class(game)
    except GameError as exc:
        fail(str(exc))
    page = Markdown(cls.rules_text())
    if on_a_terminal():
        # ``less`` shows colours only when told to (-R); someone's own LESS is kept as it is
        shown = os.environ.setdefault("LESS", "-R")
        with out.pager(styles="R" in shown or "r" in shown):
            out.print(page)
    else:
        out.print(page)


#: ``--lang``: the language events are told in.
LangOpt = Annotated[
    str | None,
    typer.Option(help="the language of the game's words: en or es [default: the locale's, or en]"),
]


def spoken(lang: str | None) -> str:
    """The language to tell events in: ``--lang``, else the locale's (``LANG``), else English;
    an unknown ``--lang`` is refused in one line."""
    from gamenight.terminal.narrate import language

    try:
        return language(lang)
    except GameError as exc:
        fail(f"--lang: {exc}")


def on_a_terminal() -> bool:
    """Whether a person sits at a real terminal (input, output and error output are TTYs; the
    screen is drawn on the error output): the live screens
    are used only then, and line mode everywhere else (pipes, scripts, tests)."""
    return sys.stdin.isatty() and sys.stdout.isatty() and sys.stderr.isatty()


@app.command()
def play(
    game: Annotated[
        str | None,
        typer.Argument(help="game id, e.g. toss-up (see: gamenight list); not with --resume"),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help="comma list, one per seat: human, human:NAME, or a bot (random, hold:20, ...)"
            " [default: human,default; human,default,default in a game for 3 or more]"
        ),
    ] = None,
    seed: SeedOpt = None,
    option: OptionOpt = None,
    record: Annotated[Path | None, typer.Option(help="write the match record here")] = None,
    resume: Annotated[
        Path | None, typer.Option(help="go on with an unfinished match from its record")
    ] = None,
    line: Annotated[
        bool, typer.Option("--line", help="line by line, even at a terminal (as in a pipe)")
    ] = False,
    ask_all: Annotated[
        bool,
        typer.Option("--ask-all", help="ask even when the only answer is a pass or a lone move"),
    ] = False,
    pace: Annotated[
        float,
        typer.Option(min=0.0, max=10.0, help="bots' pace at the live table: 0.5 is twice as quick"),
    ] = 1.0,
    coach: Annotated[
        bool,
        typer.Option(help="show the game's coach at each of your decisions (Toss Up!, 2 players)"),
    ] = False,
    bot_speed: Annotated[
        str,
        typer.Option(
            help="how quickly bots react in races and windows at the live table: relaxed, "
            "normal (an adult on a phone) or quick"
        ),
    ] = "normal",
    lang: LangOpt = None,
) -> None:
    """Play a game: at a terminal, live at a full-screen table; else line by line.

    Against bots, or with friends taking turns at the screen (--seats human:Ann,human:Bob,smart).
    """
    from gamenight.sim.failures import GameFailed
    from gamenight.terminal.human import InputClosed, LeftGame
    from gamenight.terminal.play import load_record, resume_match
    from gamenight.terminal.play import play as play_game
    from gamenight.terminal.seats import parse_seats

    match: Match | None = None
    stored: list[str] | None = None
    try:
        speed_factor(bot_speed)
    except GameError as exc:
        fail(f"--bot-speed: {exc}")
    speak = spoken(lang)
    if resume is not None:
        if seed is not None or option:
            fail("--seed and -o come from the record when resuming; leave them out")
        try:
            match, stored = resume_match(load_record(resume), str(resume), game)
        except GameError as exc:
            fail(str(exc))
        game = match.game.id
    elif game is None:
        fail("name a game to play (see: gamenight list), or --resume a record")
    if seats is not None:
        seat_list = split_list(seats, "--seats")
    elif stored is not None:
        seat_list = stored
    elif resume is not None:
        fail(f"{resume} does not say who sat where: give --seats")
    else:
        seat_list = default_seats(game)
    if match is None:
        check_seat_count(game, seat_list, "--seats")
    try:
        table = parse_seats(seat_list)
        if match is None:
            built = make_game(game, check_options(option, "--seats"), players=len(table))
        else:
            built = match.game
            if len(table) != built.players:
                given = "--seats gives" if seats is not None else "its list of seats names"
                fail(f"the match in {resume} has {built.players} seats, {given} {len(table)}")
        for seat, spec in enumerate(table):
            if not spec.human:
                make_bot(spec.spec, built, seat)
    except GameError as exc:
        fail(str(exc))
    if coach:
        check_coach(built)
    if record is None and resume is not None:
        record = resume  # the record goes on where it was
    if record is not None:
        check_output(record, "the record")
    if not line and on_a_terminal():
        if coach:
            prepare_coach(built)
        play_live(built, table, match, seed, record, ask_all, pace, coach, bot_speed, speak)
        return
    try:
        play_game(
            built,
            table,
            seed,
            out,
            sys.stdin,
            record,
            match=match,
            ask_all=ask_all,
            coach=coach,
            lang=speak,
        )
    except (InputClosed, GameFailed, CannotWrite) as exc:
        fail(str(exc), status=1)
    except LeftGame as exc:
        out.print(f"{escape(str(exc))}.")
        if record is not None:
            out.print(f"Go on with: gamenight play --resume {escape(str(record))}", soft_wrap=True)
    except KeyboardInterrupt:
        fail("game abandoned", status=130)


def prepare_coach(game: Game[Any, Any]) -> None:
    """Let the game's coach work out what it needs before the live table opens (its optional
    ``prepare``; Toss Up!'s solves the game, or reads it from the cache)."""
    prepare = getattr(game_part(game.id, "coach"), "prepare", None)
    if prepare is None:
        return
    out.print("Getting the coach ready (the first time on this machine takes a few seconds)...")
    try:
        prepare(game)
    except (GameError, ImportError) as exc:
        fail(f"no coach at this table: {exc}")


def check_coach(game: Game[Any, Any]) -> None:
    """Refuse ``--coach`` where there is no coach to show: a game without one, or a table the
    game's coach cannot advise (Toss Up!'s covers two players)."""
    try:
        part = game_part(game.id, "coach")
        if part is None:
            with_coach = [g for g in game_ids() if "coach" in plugin(g).parts]
            fail(f"{game.title} has no coach; games with one: {', '.join(with_coach)}")
        check = getattr(part, "check", None)
        if check is not None:
            check(game)
    except ImportError as exc:
        fail(f"the coach of {game.title} does not load: {exc}", status=1)
    except GameError as exc:
        fail(f"no coach at this table: {exc}")


def default_seats(game_id: str) -> list[str]:
    """You against the game's default bot: one, or as many as the game needs at least."""
    try:
        least = game_class(game_id).config_type.min_players
    except GameError as exc:
        fail(str(exc))
    return ["human", *["default"] * (max(2, least) - 1)]


def play_live(
    game: Game[Any, Any],
    table: list[Seat],
    match: Match | None,
    seed: int | None,
    record: Path | None,
    ask_all: bool,
    pace: float,
    coach: bool = False,
    bot_speed: str = "normal",
    lang: str = "en",
) -> None:
    """Play at the live table (Textual is imported only now), then print how it ended."""
    from gamenight.terminal.table.app import run_table
    from gamenight.terminal.table.session import Session, default_record, table_settings

    if record is None:
        try:
            record = default_record(game.id)
        except OSError as exc:
            fail(f"cannot keep the match record in the state folder: {exc.strerror}")
    session = Session(
        game=game,
        seats=table,
        match=match if match is not None else Match(game, seed=seed),
        settings=table_settings(sum(s.human for s in table) > 1, pace, bot_speed),
        record=record,
        ask_all=ask_all,
        coach=coach,
        lang=lang,
    )
    result = run_table(session)
    if result is None:  # the screen closed without the table's own leaving (it saves first)
        try:
            session.save()
        except CannotWrite as exc:
            fail(str(exc), status=1)
        out.print(f"Match saved to {escape(str(record))}")
        return
    for text in result.lines:
        out.print(text, soft_wrap=True)  # a path or a command stays whole, to copy


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a match record written by play --record")],
    step: Annotated[
        bool | None, typer.Option(help="wait for Enter after each move (default: on a terminal)")
    ] = None,
    seat: Annotated[int | None, typer.Option(help="show what this seat saw")] = None,
    line: Annotated[
        bool, typer.Option("--line", help="line by line, even at a terminal (as in a pipe)")
    ] = False,
    key: KeyOpt = None,
    lang: LangOpt = None,
) -> None:
    """Watch a recorded match: at a terminal, the board at every step, forward and back. A
    record whose signature is not verified under --key is shown with a warning first."""
    from gamenight.terminal.play import load_record, replay_record

    speak = spoken(lang)
    try:
        data = load_record(file)
        warn_unverified(data, key)
        if not line and step is None and on_a_terminal():
            from gamenight.terminal.table.replay import run_replay

            run_replay(data, seat, speak)
            warn_unverified(data, key)  # again: the table covered the first warning
            return
        interactive = sys.stdin.isatty() if step is None else step
        replay_record(data, out, sys.stdin if interactive else None, viewer=seat, lang=speak)
    except GameError as exc:
        fail(str(exc))
    except typer.Exit:
        raise
