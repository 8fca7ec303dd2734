"""``gamenight verify``: is a match record the server's, unchanged, and does it replay?

A server signs every record it serves (HMAC-SHA-256 under its record key, see
:mod:`gamenight.engine.records`). Anybody can recompute a record's digest after changing a move
or cutting the steps short, so only the signature tells a genuine record; this command checks
it under the key given, then replays the record step by step.

Exit status: 0 the record is genuine and replays to the end it states; 1 it is not (unsigned,
a signature that does not match, or steps that do not replay); 2 it cannot be checked (no key,
a file that cannot be read or is no match record).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from gamenight.cli.app import app, err, fail, note, out

#: Where the key is read from when ``--key`` is not given (the server's own setting).
KEY_VARIABLE = "GAMENIGHT_RECORD_KEY"
#: Exit status of a record that is not genuine.
NOT_GENUINE = 1

KeyOpt = Annotated[
    str | None,
    typer.Option(
        "--key",
        help=f"the server's record key (default: ${KEY_VARIABLE}, as `gamenight serve` reads it)",
        show_default=False,
    ),
]


def signature_problem(record: dict[str, Any], key: str) -> str | None:
    """Why ``record``'s signature does not vouch for it under ``key`` (``None``: it does)."""
    from gamenight.engine.records import SIGNATURE, verify_record

    if SIGNATURE not in record:
        return "the record is not signed (a server signs the records it serves)"
    if not verify_record(record, key.encode("utf-8")):
        return (
            "its signature does not match under this key: the record was changed after it was "
            "signed, or another key signed it"
        )
    return None


def given_key(key: str | None) -> str | None:
    """The key to check with: ``--key``, else :data:`KEY_VARIABLE`; ``None`` without one."""
    key = key if key is not None else os.environ.get(KEY_VARIABLE)
    return key or None


def warn_unverified(record: dict[str, Any], key: str | None) -> None:
    """What ``replay`` says before it shows a record it cannot vouch for: a warning for a
    signature that does not match, or that is not checked for want of a key; a note for an
    unsigned record (as ``play --record`` writes them). Nothing for a genuine one."""
    from gamenight.engine.records import SIGNATURE

    secret = given_key(key)
    if SIGNATURE not in record:
        note("this record is not signed: nothing shows that it is unchanged")
    elif secret is None:
        warning(
            "this record is signed, but not verified: give the server's key with --key "
            f"(or ${KEY_VARIABLE}), or check it with: gamenight verify"
        )
    else:
        problem = signature_problem(record, secret)
        if problem is not None:
            warning(f"this record is not genuine: {problem}")


def warning(message: str) -> None:
    """Print one ``warning:`` line to stderr."""
    from rich.markup import escape

    err.print(f"[bold yellow]warning:[/] {escape(message)}")


@app.command()
def verify(
    file: Annotated[Path, typer.Argument(help="a match record a server served (its record URL)")],
    key: KeyOpt = None,
) -> None:
    """Check a served match record: its signature under the server's key, then every step.
    Exit status 0: genuine; 1: not genuine; 2: cannot be checked."""
    from gamenight.engine.errors import GameError
    from gamenight.engine.match import replay
    from gamenight.engine.registry import game_class
    from gamenight.terminal.play import load_record

    secret = given_key(key)
    if secret is None:
        fail(f"give the server's record key with --key or ${KEY_VARIABLE} to check a record")
    try:
        record = load_record(file)
        cls = game_class(str(record["game"]))
    except GameError as exc:
        fail(str(exc))
    problem = signature_problem(record, secret)
    if problem is not None:
        fail(f"{file} is not genuine: {problem}", NOT_GENUINE)
    try:
        match = replay(record, cls)
    except GameError as exc:
        fail(f"{file} is signed but does not replay: {exc}", NOT_GENUINE)
    end = "unfinished"
    if match.finished:
        winners = " and ".join(f"seat {w}" for w in match.outcome().winners) or "nobody"
        end = f"won by {winners}"
    out.print(
        f"{file}: genuine: {cls.id}, {len(match.steps)} steps, seed {match.seed}, {end}",
        soft_wrap=True,
        markup=False,
    )
