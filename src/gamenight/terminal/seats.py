"""Who sits where: seat specs as typed after ``--seats``, and the names the table shows.

A seat is ``human`` (a person), ``human:Alice`` (a person with a name), or a bot spec as
``make_bot`` reads it (``smart``, ``hold:20``, ``default``). A lone person with no name is
``You``; several people with no names are ``Player N`` and a bot is called by its spec, with
``(N)`` when two seats play the same bot: ``N`` is always the seat number, from 0, as the table's
seat column and the moves that name a seat (``swap 2``) count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamenight.engine.errors import ConfigError

#: The longest name a person may take (names share a narrow table column).
MAX_NAME = 20


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: a person (``spec == "human"``, with an optional ``name``) or a bot spec."""

    spec: str
    name: str | None = None

    @property
    def human(self) -> bool:
        """Whether a person plays this seat."""
        return self.spec == "human"

    def text(self) -> str:
        """The seat as typed after ``--seats`` (``human:Alice``, ``smart``)."""
        return f"human:{self.name}" if self.human and self.name else self.spec


def parse_seat(text: str) -> Seat:
    """One seat from its text; a person's name is checked (``ConfigError`` says what is wrong).

    >>> parse_seat("human:Alice"), parse_seat("hold:20")
    (Seat(spec='human', name='Alice'), Seat(spec='hold:20', name=None))
    """
    text = text.strip()
    head, colon, name = text.partition(":")
    if head.strip().lower() != "human":
        return Seat(text)
    if not colon:
        return Seat("human")
    name = name.strip()
    if not name:
        raise ConfigError(f"{text!r} names nobody: write human:NAME, e.g. human:Alice")
    if len(name) > MAX_NAME:
        raise ConfigError(
            f"the name {name[:MAX_NAME]!r}... is too long: at most {MAX_NAME} letters"
        )
    if not name.isprintable():
        raise ConfigError(f"the name {name!r} has characters that cannot be shown")
    if name.casefold() == "you":
        raise ConfigError("'You' is how the table speaks to a lone person: choose another name")
    return Seat("human", name)


def parse_seats(items: Sequence[str]) -> list[Seat]:
    """Every seat of a ``--seats`` list; two people may not take the same name.

    >>> [s.text() for s in parse_seats(["human:Ann", "smart"])]
    ['human:Ann', 'smart']
    >>> parse_seats(["human:Ann", "human:ann"])
    Traceback (most recent call last):
    ...
    gamenight.engine.errors.ConfigError: two seats are called 'ann': give each person their own name
    """
    seats = [parse_seat(item) for item in items]
    taken: set[str] = set()
    for seat in seats:
        if seat.name is None:
            continue
        key = seat.name.casefold()
        if key in taken:
            raise ConfigError(
                f"two seats are called {seat.name!r}: give each person their own name"
            )
        taken.add(key)
    return seats


def seat_names(seats: Sequence[Seat], default_bot: str) -> list[str]:
    """The name of every seat, as records keep them and a shared screen shows them.

    ``default_bot`` is the game's default bot (what ``default`` stands for).

    >>> seat_names([Seat("human"), Seat("smart"), Seat("smart")], "smart")
    ['You', 'smart (1)', 'smart (2)']
    >>> seat_names([Seat("human", "Ann"), Seat("human"), Seat("default")], "basic")
    ['Ann', 'Player 1', 'basic']
    """
    specs = [default_bot if s.spec == "default" else s.spec for s in seats]
    people = sum(1 for s in seats if s.human)
    names = []
    for i, (seat, spec) in enumerate(zip(seats, specs, strict=True)):
        if seat.human:
            names.append(seat.name or ("You" if people == 1 else f"Player {i}"))
        else:
            names.append(f"{spec} ({i})" if specs.count(spec) > 1 else spec)
    taken = [n.casefold() for n in names]
    for i, name in enumerate(names):
        if seats[i].human and taken.count(name.casefold()) > 1:
            names[i] = f"{name} ({i})"  # a person called like a bot keeps the name, told apart
    return names


def screen_names(names: Sequence[str], seats: Sequence[Seat]) -> list[str]:
    """The names a lone person's own screen shows: that person is ``You`` (renderers make the
    verbs agree), everyone else keeps their name. With several people, nobody is ``You``.

    >>> screen_names(["Ann", "smart"], [Seat("human", "Ann"), Seat("smart")])
    ['You', 'smart']
    """
    people = [i for i, s in enumerate(seats) if s.human]
    if len(people) != 1:
        return list(names)
    return ["You" if i == people[0] else n for i, n in enumerate(names)]


def replay_names(given: object, players: int, viewer: int | None) -> list[str]:
    """The names a replay shows: the record's ``seat_names`` when it has one per seat, else
    ``Player 0``, ``Player 1``, ... (seat numbers). A lone person was recorded as ``You`` and
    stays ``You`` watched from their seat or by nobody (the whole table, as they most often
    replay their own game); watched from another seat, that person is ``Player N`` (their seat)
    like an unnamed person at a shared screen, so ``You`` never names another seat than the one
    watched.

    >>> replay_names(["You", "smart"], 2, 1)
    ['Player 0', 'smart']
    >>> replay_names(["You", "smart"], 2, 0), replay_names(["You", "smart"], 2, None)
    (['You', 'smart'], ['You', 'smart'])
    >>> replay_names(None, 2, None)
    ['Player 0', 'Player 1']
    """
    names = [f"Player {i}" for i in range(players)]
    if isinstance(given, list) and len(given) == players:
        names = [str(n) for n in given]
    return [
        f"Player {i}" if n == "You" and viewer is not None and i != viewer else n
        for i, n in enumerate(names)
    ]
