"""Terminal play and replay loops."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.markup import escape

from gamenight.bots import Agent, default_bot, make_bot
from gamenight.engine.config import changed_options
from gamenight.engine.core import Event
from gamenight.engine.errors import GameError, MalformedAction
from gamenight.engine.files import OutputFile
from gamenight.engine.game import Game
from gamenight.engine.match import Match, replay
from gamenight.engine.records import parse_record
from gamenight.engine.registry import game_class
from gamenight.sim.driver import run
from gamenight.sim.failures import GameFailed, failing_seat, game_failed, replay_command
from gamenight.terminal.human import HumanAgent
from gamenight.terminal.narrate import Narrator
from gamenight.terminal.render import plural, renderer_for
from gamenight.terminal.seats import Seat, parse_seat, replay_names, screen_names, seat_names


def build_agents(
    game: Game[Any, Any],
    seats: Sequence[Seat],
    console: Console,
    stream: TextIO,
    ask_all: bool = False,
) -> list[Agent]:
    """One agent per seat: a person at this terminal or a bot."""
    names = seat_names(seats, default_bot(game.id))
    shown = screen_names(names, seats)
    hot_seat = sum(s.human for s in seats) > 1 and game.hidden_information
    renderer = renderer_for(game.id)
    agents: list[Agent] = []
    for seat, spec in enumerate(seats):
        if spec.human:
            agents.append(
                HumanAgent(
                    game,
                    seat,
                    names[seat],
                    console,
                    stream,
                    renderer,
                    shown,
                    hot_seat,
                    auto=not ask_all,
                )
            )
        else:
            agents.append(make_bot(spec.spec, game, seat))
    return agents


def record_data(match: Match, seats: Sequence[Seat], names: Sequence[str]) -> dict[str, Any]:
    """The match record with who sat where: ``seats`` as typed (``human:Alice``, ``smart``) and
    ``seat_names``, so that ``play --resume`` seats everyone again and ``replay`` names them."""
    return {**match.record(), "seats": [s.text() for s in seats], "seat_names": list(names)}


def play(
    game: Game[Any, Any],
    seats: Sequence[str | Seat],
    seed: int | None,
    console: Console,
    stream: TextIO = sys.stdin,
    record: Path | None = None,
    *,
    match: Match | None = None,
    ask_all: bool = False,
    coach: bool = False,
    lang: str = "en",
) -> Match:
    """Play one game in the terminal, line by line; writes the match record to ``record``.

    ``match`` continues a match already under way (``play --resume``: rebuilt from its record)
    instead of starting one from ``seed``. With ``ask_all``, a person is asked even where their
    only answer is a pass. With ``coach``, people see the game's coach (if it has one) before
    each decision. Events are told in ``lang`` (``narrate.language``).
    """
    table = [s if isinstance(s, Seat) else parse_seat(s) for s in seats]
    agents = build_agents(game, table, console, stream, ask_all)
    names = seat_names(table, default_bot(game.id))
    shown = screen_names(names, table)
    humans = [i for i, s in enumerate(table) if s.human]
    viewer = humans[0] if len(humans) == 1 else None
    renderer = renderer_for(game.id)
    narrator = Narrator(game, renderer, lang)
    if match is None:
        match = Match(game, seed=seed)
    for agent in agents:
        if isinstance(agent, HumanAgent):
            agent.match = match
            agent.coach = coach
    console.print(f"[bold]{escape(game.title)}[/]: {escape(', '.join(names))}")
    if match.version:
        console.print(f"Resuming after {plural(match.version, 'step')}.")
        if not any(table[p].human for p in match.pending.players):
            # (a person asked at once is shown the table with the question: not twice)
            renderer.show(console, game.view(match.state, viewer), viewer, shown)

    def show(seat: int, events: tuple[Event, ...]) -> None:
        for event in events:
            line = narrator.line(event.for_viewer(viewer), shown, viewer)
            if line:
                console.print(line)

    try:
        run(match, agents, show)
    except Exception as exc:
        failed = _bot_failed(exc, match, table, agents)
        if failed is None:
            raise
        raise failed from exc
    finally:
        if record is not None:
            write_record(record, record_data(match, table, names))
            console.print(f"Match record written to {escape(str(record))}")
    renderer.show(console, game.view(match.state, viewer), viewer, shown)
    # The seed is shown only now: before the end it would let a player foresee every roll.
    console.print(f"[dim]seed {match.seed} (play it again with --seed {match.seed})[/]")
    return match


def _bot_failed(
    error: Exception, match: Match, table: Sequence[Seat], agents: Sequence[Agent]
) -> GameFailed | None:
    """A bot's failure, or a move the rules refused, as ``GameFailed`` naming the bot, its seat
    and the seed; ``None`` for what goes on as it is (a person leaving, the input ending)."""
    seat = failing_seat(error, agents)
    if seat is None:
        if not isinstance(error, GameError):
            return None
    elif table[seat].human:
        return None
    seats = [s.text() for s in table]
    if any(s.human for s in table):
        # People are at the table: the seed would let them foresee chance in a resumed match,
        # and the error's own text may name a card of the bot's hand. Only who failed, and how.
        who = "a move the rules refused" if seat is None else f"bot {seats[seat]} in seat {seat}"
        return GameFailed(
            f"the match is stopped: {who} ({type(error).__name__}); the seed and the error's "
            "details are not shown while people play"
        )
    options = changed_options(match.game.config)
    return game_failed(error, match.game.id, seats, agents, match.seed, options)


def write_record(path: Path, data: dict[str, Any]) -> None:
    """Write a match record whole or not at all, so an earlier record at that path is never
    left half-written (through a symbolic link to its target; see :mod:`gamenight.engine.files`).
    Raises :class:`~gamenight.engine.files.CannotWrite` when the system refuses."""
    with OutputFile(path, "the record") as file:
        file.write(json.dumps(data, indent=1) + "\n")


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
        raise GameError(
            game_lines_hint(path, raw) or f"{path} is not a match record: {exc}"
        ) from None
    if not isinstance(data.get("game"), str) or "steps" not in data:
        hint = game_lines_hint(path, raw)
        if hint is not None:
            raise GameError(hint)
    if not isinstance(data.get("game"), str):
        raise GameError(f"{path} is not a match record: it names no game")
    return data


def game_lines_hint(path: Path, raw: bytes) -> str | None:
    """What to do with a file of per-game lines (``simulate --jsonl``) given as a match record:
    ``None`` if ``raw`` is not one. A line holds a game's seed and seating, not its steps: the
    game is played again from them."""
    try:
        line = json.loads(raw.partition(b"\n")[0])
    except (ValueError, RecursionError):
        return None
    if not isinstance(line, dict) or not {"seed", "seats", "winners"} <= line.keys():
        return None
    game = line.get("game")  # lines written before the game was named lack it
    game = game if isinstance(game, str) and game.isprintable() else "<its game>"
    text = (
        f"{path} holds per-game records (one line a game, from --jsonl), not a match record; "
        f"a game from it is played again with: gamenight play {game} --seats <its seating> "
        "--seed <its seed> --line (and its options as -o NAME=VALUE)"
    )
    seats, seed, options = line["seats"], line["seed"], line.get("options") or {}
    if isinstance(seats, list) and isinstance(seed, int) and isinstance(options, dict):
        first = replay_command(game, [str(s) for s in seats], seed, options)
        text += f"; its first game: {first}"
    return text


def resume_match(
    data: dict[str, Any], where: str, game: str | None = None
) -> tuple[Match, list[str] | None]:
    """The unfinished match a record holds, rebuilt step by step (the engine's ``replay``
    checks every step), and who sat where as the record says (``None`` if it does not).

    ``where`` names the record in messages; ``game``, if given, must be the record's game.
    ``GameError`` says why a record cannot be resumed.
    """
    if game is not None and game != data["game"]:
        raise GameError(f"{where} is a match of {data['game']}, not {game}")
    try:
        match = replay(data, game_class(data["game"]))
    except GameError as exc:
        raise GameError(f"{where} cannot be resumed: {exc}") from None
    if match.finished:
        raise GameError(f"the match in {where} is over; watch it with: gamenight replay {where}")
    stored = data.get("seats")
    if isinstance(stored, list) and stored and all(isinstance(s, str) for s in stored):
        return match, [str(s) for s in stored]
    return match, None


def replay_record(
    record: dict[str, Any],
    console: Console,
    stream: TextIO | None,
    viewer: int | None = None,
    lang: str = "en",
) -> Match:
    """Step through a recorded match, one step at a time (Enter to go on, q to stop); events
    are told in ``lang``, to ``viewer`` as "you"."""
    cls = game_class(str(record.get("game")))
    final = replay(record, cls)  # validates the whole record before showing anything
    players = final.game.players
    if viewer is not None and not 0 <= viewer < players:
        raise GameError(f"there is no seat {viewer} in this match; seats are 0 to {players - 1}")
    steps = len(final.steps)
    match = replay(record, cls, upto=0)
    renderer = renderer_for(cls.id)
    narrator = Narrator(match.game, renderer, lang)
    names = replay_names(record.get("seat_names"), match.game.players, viewer)
    console.print(f"[bold]{cls.title}[/] replay: {steps} steps, seed {match.seed}")
    for index, step in enumerate(final.steps):
        events = match.apply_trusted(step.player, step.action)
        for event in events:
            line = narrator.line(event.for_viewer(viewer), names, viewer)
            if line:
                console.print(f"[dim]{index + 1:>4}[/] {line}")
        if stream is not None and events and step.player >= 0:
            console.print("[dim](Enter: next step, q: quit)[/]", end=" ")
            if stream.readline().strip().lower() == "q":
                return match
    renderer.show(console, match.game.view(match.state, viewer), viewer, names)
    return match
