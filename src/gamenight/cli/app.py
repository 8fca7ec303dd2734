"""The ``gamenight`` Typer application and what every subcommand shares.

Usage errors (unknown game, bot or option, player count out of range, malformed option value,
a bad file) print one line naming what is wrong and what is allowed, and exit with status 2.
An output file that cannot be written is such an error, found before anything is played; a
failure while writing it (a full disk) is one line too, with status 1. A Ctrl-C prints one
line (``interrupted``; ``game abandoned`` in a game being played) and exits with status 130;
SIGTERM stops a command the same way, with ``terminated`` and status 143.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from textwrap import shorten
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

from gamenight.engine.config import option_name
from gamenight.engine.errors import GameError
from gamenight.engine.files import CannotWrite, OutputFile, check_writable
from gamenight.engine.registry import game_class

#: Exit status of a command stopped by Ctrl-C (128 + SIGINT, as a shell reports it).
INTERRUPTED = 130
#: Exit status of a command stopped by SIGTERM (``kill``, ``timeout``): 128 + SIGTERM.
TERMINATED = 128 + signal.SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: raised in the main thread so that the command stops as it does for
    Ctrl-C (workers terminated, no file left half written), then exits with status 143."""


def _terminated(signum: int, frame: object) -> None:
    raise Terminated


class Commands(TyperGroup):
    """The subcommands, with Ctrl-C turned into one ``interrupted`` line on stderr and exit
    status 130, with no traceback (Typer alone exits 130 without a word), and SIGTERM into one
    ``terminated`` line and status 143 (by default SIGTERM ends the process at once, leaving its
    worker processes idle for ever). Whatever was under way has stopped and cleaned up on the
    way out: worker processes terminated, progress bars cleared, no file left half written.
    (The server installs its own SIGTERM handler when it starts: it shuts down gracefully.)"""

    def invoke(self, ctx: Any) -> Any:
        """Run the subcommand."""
        catch = (
            threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
        )
        if catch:
            signal.signal(signal.SIGTERM, _terminated)
        try:
            return super().invoke(ctx)
        except Terminated:
            err.print("terminated")
            raise typer.Exit(TERMINATED) from None
        except KeyboardInterrupt:
            err.print("interrupted")
            raise typer.Exit(INTERRUPTED) from None
        finally:
            if catch:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)


app = typer.Typer(
    cls=Commands,
    name="gamenight",
    help="Four family tabletop games: play them, replay them, simulate and study them.",
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


def note(message: str) -> None:
    """Print one line to stderr about something the command does that one may not expect."""
    err.print(f"[bold]note:[/] {escape(message)}")


def rotation_note(rotate: bool, games: int, bots: int, per: str = "") -> None:
    """With ``--rotate-seats``, say when ``games`` (``per`` variant) cannot give every bot
    every seat equally often, and which counts would."""
    if not rotate or games % bots == 0:
        return
    low, high = games // bots, games // bots + 1
    closest = sorted({m for m in (low * bots, high * bots) if m > 0})
    counts = " or ".join(str(m) for m in closest)
    note(
        f"--rotate-seats with {games} games{per} and {bots} bots: each bot takes each seat "
        f"{low} or {high} times, as evenly as {games} games allow; a multiple of {bots} "
        f"({counts}) makes the seats even"
    )


def check_options(options: list[str] | None, what: str) -> list[str]:
    """Game options, refusing ``players`` (the seat list sets the player count) and an option
    given twice (only the last would be played)."""
    given: dict[str, str] = {}
    for option in options or []:
        name = option_name(option.partition("=")[0])
        if name == "players":
            fail(f"the number of players is set by {what}, not by -o players=...")
        if name in given:
            fail(
                f"{name} is given twice, by -o {given[name].strip()} and -o {option.strip()}: "
                "give it once"
            )
        given[name] = option
    return options or []


def check_seat_count(game_id: str, seats: list[str], what: str) -> None:
    """Refuse a seat list (``--bots``, ``--seats``: one entry per seat) whose length the game
    does not take, naming the list: ``--bots random`` is one player, not "a random bot"."""
    try:
        config = game_class(game_id).config_type
    except GameError as exc:
        fail(str(exc))
    low, high = config.min_players, config.max_players
    if not low <= len(seats) <= high:
        given = shorten(",".join(seats), 60)
        fail(f"{game_id} takes {low} to {high} players, one per entry of {what}; got {given!r}")


def split_list(text: str, what: str) -> list[str]:
    """A comma list from the command line, with empty entries refused."""
    items = [s.strip() for s in text.split(",")]
    if not items or any(not s for s in items):
        fail(f"{what} must be a comma list with no empty entries, got {text!r}")
    return items


def check_output(path: Path, what: str) -> None:
    """Refuse at once an output path that ``what`` could not be written to (written later)."""
    try:
        check_writable(path, what)
    except CannotWrite as exc:
        fail(str(exc))


@contextmanager
def output_file(path: Path, what: str) -> Iterator[Callable[[str], None]]:
    """An output file of the command (``--out``, ``--jsonl``), opened at once, so that a path
    that cannot be written is refused before anything is played; yields ``write(text)``.

    The file is put in place when the block ends normally, and dropped when it does not (an
    error, Ctrl-C: an earlier file at the path stays as it was). A failure to write it is one
    error line, with status 1."""
    try:
        file = OutputFile(path, what)
    except CannotWrite as exc:
        fail(str(exc))

    def write(text: str) -> None:
        try:
            file.write(text)
        except CannotWrite as exc:
            fail(str(exc), status=1)

    try:
        with file:
            yield write
    except CannotWrite as exc:  # putting it in place failed
        fail(str(exc), status=1)
