"""A game's words as data: catalogues of messages, and the one formatter that fills them.

Each game keeps its words in ``words/<lang>.json`` beside its rules (docs/words.md). A game
turns an event into *words*: a key of its catalogue and parameters (``Game.event_words``); a
screen fills the key's message with the parameters in its language. The browser does the same
with ``web/words.js``; ``tests/test_words.py`` holds both formatters to the same strings.

A message is a template or a choice between forms::

    "{who} banked {points} (total {total})"                  a template: {name} is a parameter
    {"plural": "lost", "one": "...", "other": "..."}         by a count: one when it is 1
    {"person": "who", "you": "...", "other": "..."}          you when that seat is the viewer

A parameter is a number or a string (shown as it is), ``{"seat": 2}`` (that seat's name),
``{"seats": [0, 2]}`` (their names, joined with ", "; its count is how many), ``{"key": k,
"params": {...}}`` (another message of the same catalogue) or ``{"list": [...]}`` (parameters,
joined with ", "; its count is how many).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any, TypedDict

#: The languages every game's words come in; English is the fallback.
LANGUAGES = ("en", "es")

Catalogue = Mapping[str, Any]

#: A placeholder in a template: ``{name}`` (the browser's formatter reads the same pattern).
PLACEHOLDER = re.compile(r"\{(\w+)\}", re.ASCII)


class Words(TypedDict):
    """A message of a game's catalogue and the parameters that fill it (JSON data)."""

    key: str
    params: dict[str, Any]


class MissingWords(KeyError):
    """A key no catalogue has (a bug: a test checks every key is in every language)."""


def words(key: str, **params: Any) -> Words:
    """``Words`` from keyword parameters: ``words("banked", who=seat(1), points=12)``."""
    return {"key": key, "params": params}


def seat(index: int) -> dict[str, int]:
    """A parameter that is shown as the seat's name."""
    return {"seat": index}


def seats(indices: Sequence[int]) -> dict[str, list[int]]:
    """A parameter that is shown as the seats' names, joined with ", "."""
    return {"seats": list(indices)}


def listed(items: Sequence[Any]) -> dict[str, list[Any]]:
    """A parameter that is shown as each item (a parameter itself), joined with ", "."""
    return {"list": list(items)}


def nested(key: str, **params: Any) -> dict[str, Any]:
    """A parameter that is another message of the catalogue (a card's name, a colour's count)."""
    return {"key": key, "params": params}


@cache
def load_catalogue(package: str, lang: str) -> Catalogue:
    """The catalogue ``words/<lang>.json`` of a game's package (``{}`` when there is none),
    read once."""
    path = resources.files(package).joinpath("words", f"{lang}.json")
    if not path.is_file():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def count_of(value: Any) -> int:
    """The number a plural form is chosen by: a number, or how many seats or items."""
    if isinstance(value, dict):
        for field in ("seats", "list"):
            if field in value:
                return len(value[field])
    return int(value)


def select(message: Any, params: Mapping[str, Any], viewer: int | None) -> str:
    """The template of ``message`` for these parameters: plural and person forms chosen."""
    while isinstance(message, dict):
        if "plural" in message:
            message = message["one" if count_of(params[message["plural"]]) == 1 else "other"]
        elif "person" in message:
            named = params[message["person"]]
            you = viewer is not None and isinstance(named, dict) and named.get("seat") == viewer
            message = message["you" if you else "other"]
        else:
            raise ValueError(f"a message form needs 'plural' or 'person': {sorted(message)}")
    if not isinstance(message, str):
        raise ValueError(f"a message is a string or a form, not {type(message).__name__}")
    return message


class Formatter:
    """Fills messages of one catalogue (with a fallback, English) for one viewer.

    ``names`` gives each seat's name; ``viewer`` is the seat addressed as "you" (``None``: no
    one). ``text`` turns plain text into the screen's own (the terminal escapes markup), and
    ``style(key, text)`` may dress a message once filled (the terminal colours a die's count).
    """

    def __init__(
        self,
        catalogue: Catalogue,
        fallback: Catalogue,
        names: Sequence[str],
        viewer: int | None = None,
        text: Callable[[str], str] = str,
        style: Callable[[str, str], str] | None = None,
    ) -> None:
        self.catalogue = catalogue
        self.fallback = fallback
        self.names = names
        self.viewer = viewer
        self.text = text
        self.style = style

    def message(self, key: str) -> Any:
        """The message of ``key`` (the fallback's when this language lacks it)."""
        if key in self.catalogue:
            return self.catalogue[key]
        if key in self.fallback:
            return self.fallback[key]
        raise MissingWords(key)

    def render(self, said: Words) -> str:
        """``said`` in words."""
        return self.fill(said["key"], said.get("params") or {})

    def fill(self, key: str, params: Mapping[str, Any]) -> str:
        """The message ``key`` with its placeholders filled from ``params``."""
        template = select(self.message(key), params, self.viewer)
        out: list[str] = []
        at = 0
        for found in PLACEHOLDER.finditer(template):
            out.append(self.text(template[at : found.start()]))
            name = found.group(1)
            if params.get(name) is not None:
                out.append(self.value(params[name]))
            else:  # left as it is, as the page leaves it
                out.append(self.text(found.group(0)))
            at = found.end()
        out.append(self.text(template[at:]))
        filled = "".join(out)
        return self.style(key, filled) if self.style else filled

    def value(self, value: Any) -> str:
        """One parameter in words."""
        if isinstance(value, dict):
            if "seat" in value:
                return self.text(self.names[value["seat"]])
            if "seats" in value:
                return self.text(", ".join(self.names[i] for i in value["seats"]))
            if "key" in value:
                return self.fill(value["key"], value.get("params") or {})
            if "list" in value:
                return self.text(", ").join(self.value(item) for item in value["list"])
            raise ValueError(f"an unknown kind of parameter: {sorted(value)}")
        if isinstance(value, bool):
            raise ValueError("a parameter is never true or false: choose a message instead")
        return self.text(str(value))


def plain(
    catalogue: Catalogue,
    said: Words,
    names: Sequence[str],
    viewer: int | None = None,
    fallback: Catalogue | None = None,
) -> str:
    """``said`` as plain text (no markup): what the browser's formatter gives too."""
    return Formatter(catalogue, fallback or {}, names, viewer).render(said)
