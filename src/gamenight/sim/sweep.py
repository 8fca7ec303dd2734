"""Variant sweeps: the same simulation over every combination of option values.

``--vary target=50,100 --vary rounds=3,5`` plays four simulations, one per combination, each
with the run's seed, so the rows differ only by the options. Values are split on commas; an
option whose values themselves hold commas (a deck list) splits on ``|`` instead. A sweep that
would play a variant twice, or set an option by ``-o`` only to vary it, is refused
(:func:`check_variations`).
"""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamenight.engine.config import changed_options, option_name, option_text, parse_option
from gamenight.engine.errors import ConfigError
from gamenight.engine.registry import game_class, make_game
from gamenight.sim.simulate import GameRecord, SimulationReport, simulate


@dataclass(frozen=True)
class Variation:
    """One ``--vary`` argument: an option and the values it takes."""

    option: str
    values: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> Variation:
        """``key=v1,v2,...`` (or ``key=v1|v2`` when values hold commas).

        >>> Variation.parse("target=50,100")
        Variation(option='target', values=('50', '100'))
        >>> Variation.parse("deck=a:1,b:2|a:2,b:1").values
        ('a:1,b:2', 'a:2,b:1')
        """
        option, sep, rest = text.partition("=")
        option = option.strip()
        if not sep or not option or not rest.strip():
            raise ConfigError(f"--vary takes option=value1,value2,..., got {text!r}")
        if option == "players":
            raise ConfigError("the number of players is set by --bots, not by --vary players=...")
        values = tuple(v.strip() for v in rest.split("|" if "|" in rest else ","))
        if any(not v for v in values):
            raise ConfigError(f"--vary {option}= has an empty value in {rest!r}")
        if len(set(values)) != len(values):
            raise ConfigError(f"--vary {option}= names a value twice in {rest!r}")
        return cls(option, values)


@dataclass
class SweepRow:
    """One combination of option values and its simulation."""

    options: dict[str, str]
    report: SimulationReport

    def to_json(self) -> dict[str, Any]:
        """The row as JSON data: the options, then the whole simulation report."""
        return {"options": self.options, **self.report.to_json()}


def combinations(variations: Sequence[Variation]) -> list[dict[str, str]]:
    """Every combination of the varied values, in the order given.

    >>> combinations([Variation("a", ("1", "2")), Variation("b", ("x",))])
    [{'a': '1', 'b': 'x'}, {'a': '2', 'b': 'x'}]
    """
    names = [v.option for v in variations]
    if len(set(names)) != len(names):
        raise ConfigError("each option may be varied once: " + ", ".join(names))
    return [
        dict(zip(names, values, strict=True))
        for values in itertools.product(*(v.values for v in variations))
    ]


def check_variations(
    game_id: str, base_options: Sequence[str], variations: Sequence[Variation]
) -> None:
    """Refuse (``ConfigError``) settings that contradict each other or repeat a variant: an
    option varied twice, an option set by ``-o`` and varied too (the ``-o`` value would never be
    played), or two values of one option that read as the same value (``true`` and ``True``,
    ``500`` and ``0500``: the same variant twice). A value the option cannot take at all is left
    to building the variants, which names it."""
    varied: dict[str, str] = {}
    for variation in variations:
        name = option_name(variation.option)
        if name in varied:
            raise ConfigError(
                f"each option may be varied once: --vary {varied[name]}= and "
                f"--vary {variation.option}= both vary {name}"
            )
        varied[name] = variation.option
    for option in base_options:
        name = option_name(option.partition("=")[0])
        if name in varied:
            raise ConfigError(
                f"{name} is set by -o {option.strip()} and varied by --vary {varied[name]}=...: "
                f"the -o value would never be played; give {name} in one of them"
            )
    config = game_class(game_id).config_type
    for variation in variations:
        seen: dict[Any, str] = {}
        for text in variation.values:
            try:
                _, value = parse_option(config, f"{variation.option}={text}")
            except ConfigError:
                continue
            first = seen.setdefault(value, text)
            if first != text:
                raise ConfigError(
                    f"--vary {variation.option}= gives one value twice: {first!r} and {text!r} "
                    f"are both {option_text(value)}"
                )


def sweep(
    game_id: str,
    bots: Sequence[str],
    variations: Sequence[Variation],
    games: int,
    seed: int = 0,
    base_options: Sequence[str] = (),
    progress: Callable[[int], None] | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
    **simulate_options: Any,
) -> list[SweepRow]:
    """Simulate every combination; every game is checked to build before any game is played.

    Each game's record names every option that differs from the defaults, and the varied ones
    whatever their value, so that ``gamenight play`` can replay it."""
    check_variations(game_id, base_options, variations)
    combos = combinations(variations)
    varied = [option_name(v.option) for v in variations]
    built = [
        make_game(
            game_id,
            [*base_options, *(f"{k}={v}" for k, v in combo.items())],
            players=len(bots),
        )
        for combo in combos
    ]
    rows = []
    for index, (combo, game) in enumerate(zip(combos, built, strict=True)):
        offset = index * games

        def step(done: int, offset: int = offset) -> None:
            if progress is not None:
                progress(offset + done)

        options = changed_options(game.config, keep=varied)

        def record(game_record: GameRecord, options: dict[str, str] = options) -> None:
            if on_game is not None:
                on_game({**game_record, "options": dict(options)})

        report = simulate(
            game, bots, games, seed, step, on_game=record if on_game else None, **simulate_options
        )
        rows.append(SweepRow(combo, report))
    return rows


def rows_to_csv(rows: Sequence[SweepRow]) -> str:
    """One CSV line per combination: the options, games, mean length, then per seat (or per bot,
    with rotating seats) the win rate and its 95% interval."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if not rows:
        return ""
    first = rows[0].to_json()
    options = list(rows[0].options)
    entries = first.get("bots") or first["seats"]
    label = "bot" if "bots" in first else "seat"
    header = [*options, "games", "mean_turns"]
    for i in range(len(entries)):
        header += [f"{label}{i}_win_rate", f"{label}{i}_ci_low", f"{label}{i}_ci_high"]
    writer.writerow(header)
    for row in rows:
        data = row.to_json()
        line: list[Any] = [row.options[o] for o in options]
        line += [data["games"], round(data["mean_turns"], 4)]
        for entry in data.get("bots") or data["seats"]:
            low, high = entry["ci95"]
            line += [round(entry["win_rate"], 6), round(low, 6), round(high, 6)]
        writer.writerow(line)
    return out.getvalue()
