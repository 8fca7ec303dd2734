"""A game that fails: which bot, in which seat, where in its code, and how to play it again.

A bot of one's own may raise in the middle of a game (a bug in its ``act``), and a bot may choose
a move the rules do not allow. Either way the game stops with :class:`GameFailed`, whose one-line
message names the bot and its seat (when the exception came from a bot's code, with the file and
line it was raised at), the game's seed, the exception (its type and message) and the
``gamenight play`` command that plays the very same game again.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType

from gamenight.bots.base import Agent
from gamenight.engine.errors import GameError, described


class GameFailed(GameError, RuntimeError):
    """A game raised an exception: the message says which game, which bot and how to replay
    it."""


def replay_command(
    game_id: str, seats: Sequence[str], seed: int, options: Mapping[str, str]
) -> str:
    """The command that plays one game again, as a shell takes it: ``--line`` plays the bots
    from the game's seed as a simulation does (the live table at a terminal lets them choose
    afresh).

    >>> replay_command("toss-up", ["hold:20", "smart"], 7, {"target": "50"})
    'gamenight play toss-up --seats hold:20,smart --seed 7 --line -o target=50'
    """
    words = ["gamenight", "play", game_id, "--seats", ",".join(seats), "--seed", str(seed)]
    words.append("--line")
    for name, value in options.items():
        words += ["-o", f"{name}={value}"]
    return shlex.join(words)


def failing_seat(error: BaseException, agents: Sequence[Agent]) -> int | None:
    """The seat of the agent whose code raised ``error``: the outermost frame of its traceback
    run by one of ``agents`` (a searching bot that calls another bot is the one to blame), or
    ``None`` when no agent's code was running (a move the rules refused, a game's own code)."""
    trace: TracebackType | None = error.__traceback__
    while trace is not None:
        owner = trace.tb_frame.f_locals.get("self")
        for seat, agent in enumerate(agents):
            if owner is agent:
                return seat
        trace = trace.tb_next
    return None


def raised_at(error: BaseException, agent: Agent | None = None) -> str:
    """Where ``error`` was raised: the file's name and the line (``mybots.py:19``); with
    ``agent``, the last line of its own module's code on the way (a bot that calls
    ``rng.choice([])`` is pointed at its own call, not into ``random.py``)."""
    trace: TracebackType | None = error.__traceback__
    if trace is None:
        return "?"
    own = getattr(sys.modules.get(type(agent).__module__), "__file__", None) if agent else None
    innermost = mine = None
    while trace is not None:
        innermost = (trace.tb_frame.f_code.co_filename, trace.tb_lineno)
        if innermost[0] == own:
            mine = innermost
        trace = trace.tb_next
    file, line = mine or innermost or ("?", 0)
    return f"{Path(file).name}:{line}"


def game_failed(
    error: Exception,
    game_id: str,
    seats: Sequence[str],
    agents: Sequence[Agent],
    seed: int,
    options: Mapping[str, str],
    which: str = "this game",
) -> GameFailed:
    """The :class:`GameFailed` for a game (``which``: ``game 3 of the run``) of seed ``seed``,
    played by ``agents`` from the specs ``seats`` with ``options``, which raised ``error``."""
    raised = described(error)
    seat = failing_seat(error, agents)
    where = f"{which} (seed {seed})"
    if seat is None:
        what = f"{where} failed: {raised}"
    else:
        what = (
            f"in {where}, bot {seats[seat]} in seat {seat} raised {raised} "
            f"(at {raised_at(error, agents[seat])})"
        )
    again = replay_command(game_id, seats, seed, options)
    return GameFailed(f"{what}; play that game again with: {again}")
