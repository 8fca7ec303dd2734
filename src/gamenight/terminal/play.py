"""Terminal play and replay loops."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.markup import escape

from gamenight.bots import Agent, default_bot, make_bot
from gamenight.engine.core import Event
from gamenight.engine.errors import GameError, MalformedAction
from gamenight.engine.game import Game
from gamenight.engine.match import Match, replay
from gamenight.engine.records import parse_record
from gamenight.engine.registry import game_class
from gamenight.sim.driver import run
from gamenight.terminal.human import HumanAgent
from gamenight.terminal.render import renderer_for


def seat_names(seats: list[str], game_id: str) -> list[str]:
    """Display names: ``You`` for a lone human, ``Player N`` for several, the bot's name else."""
    specs = [default_bot(game_id) if s == "default" else s for s in seats]
    humans = specs.count("human")
    names = []
    for i, spec in enumerate(specs):
        if spec == "human":
            names.append("You" if humans == 1 else f"Player {i + 1}")
        else:
            names.append(f"{spec} ({i})" if specs.count(spec) > 1 else spec)
    return names


def build_agents(
    game: Game[Any, Any], seats: list[str], console: Console, stream: TextIO
) -> list[Agent]:
    """One agent per seat: ``human`` or a bot spec."""
    names = seat_names(seats, game.id)
    humans = seats.count("human")
    hot_seat = humans > 1 and game.hidden_information
    renderer = renderer_for(game.id)
    agents: list[Agent] = []
    for seat, spec in enumerate(seats):
        if spec == "human":
            agents.append(
                HumanAgent(game, seat, names[seat], console, stream, renderer, names, hot_seat)
            )
        else:
            agents.append(make_bot(spec, game, seat))
    return agents


def play(
    game: Game[Any, Any],
    seats: list[str],
    seed: int | None,
    console: Console,
    stream: TextIO = sys.stdin,
    record: Path | None = None,
    coach: bool = False,
) -> Match:
    """Play one game in the terminal; writes the match record to ``record`` if given; with
    ``coach``, people see the game's coach (if it has one) before each decision."""
    agents = build_agents(game, seats, console, stream)
    names = seat_names(seats, game.id)
    humans = [i for i, s in enumerate(seats) if s == "human"]
    viewer = humans[0] if len(humans) == 1 else None
    renderer = renderer_for(game.id)
    match = Match(game, seed=seed)
    for agent in agents:
        if isinstance(agent, HumanAgent):
            agent.match = match
            agent.coach = coach
    console.print(f"[bold]{escape(game.title)}[/]: {escape(', '.join(names))}")

    def show(seat: int, events: tuple[Event, ...]) -> None:
        for event in events:
            line = renderer.describe(event.for_viewer(viewer), names)
            if line:
                console.print(line)

    try:
        run(match, agents, show)
    finally:
        if record is not None:
            write_record(record, {**match.record(), "seat_names": names})
            console.print(f"Match record written to {escape(str(record))}")
    renderer.show(console, game.view(match.state, viewer), viewer, names)
    # The seed is shown only now: before the end it would let a player foresee every roll.
    console.print(f"[dim]seed {match.seed} (play it again with --seed {match.seed})[/]")
    return match


def write_record(path: Path, data: dict[str, Any]) -> None:
    """Write a match record whole or not at all (a file beside it, then renamed over it), so
    an earlier record at that path is never left half-written."""
    spare = path.with_name(f".{path.name}.writing")
    spare.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(spare, path)


#: The largest record file ``replay`` reads (a long game's record is well under a megabyte).
MAX_RECORD_BYTES = 64 * 1024 * 1024


def load_record(path: Path) -> dict[str, Any]:
    """Read a match record file; ``GameError`` says what is wrong with it."""
    try:
        if path.stat().st_size > MAX_RECORD_BYTES:
            raise GameError(f"{path} is too large to be a match record")
        raw = path.read_bytes()
    except OSError as exc:
        raise GameError(f"cannot read {path}: {exc.strerror}") from None
    try:
        data = parse_record(raw)
    except MalformedAction as exc:
        raise GameError(f"{path} is not a match record: {exc}") from None
    if not isinstance(data.get("game"), str):
        raise GameError(f"{path} is not a match record: it names no game")
    return data


def replay_record(
    record: dict[str, Any], console: Console, stream: TextIO | None, viewer: int | None = None
) -> Match:
    """Step through a recorded match, one step at a time (Enter to go on, q to stop)."""
    cls = game_class(str(record.get("game")))
    final = replay(record, cls)  # validates the whole record before showing anything
    players = final.game.players
    if viewer is not None and not 0 <= viewer < players:
        raise GameError(f"there is no seat {viewer} in this match; seats are 0 to {players - 1}")
    steps = len(final.steps)
    match = replay(record, cls, upto=0)
    renderer = renderer_for(cls.id)
    names = [f"Player {i}" for i in range(match.game.players)]
    given = record.get("seat_names")
    if isinstance(given, list) and len(given) == len(names):
        names = [str(n) for n in given]
    console.print(f"[bold]{cls.title}[/] replay: {steps} steps, seed {match.seed}")
    for index, step in enumerate(final.steps):
        events = match.apply_trusted(step.player, step.action)
        for event in events:
            line = renderer.describe(event.for_viewer(viewer), names)
            if line:
                console.print(f"[dim]{index + 1:>4}[/] {line}")
        if stream is not None and events and step.player >= 0:
            console.print("[dim](Enter: next step, q: quit)[/]", end=" ")
            if stream.readline().strip().lower() == "q":
                return match
    renderer.show(console, match.game.view(match.state, viewer), viewer, names)
    return match
