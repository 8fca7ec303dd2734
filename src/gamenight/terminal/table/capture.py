"""A game's terminal renderer drawn into a widget: what ``Renderer.show`` prints, kept as rich
renderables instead of being written out, so a Textual ``Static`` lays it out at its own width
(and again whenever the window is resized)."""

from __future__ import annotations

from json import dumps
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.json import JSON
from rich.rule import Rule
from rich.text import Text

from gamenight.engine.core import View
from gamenight.terminal.render import Renderer


class Capture(Console):
    """A console that keeps what is printed to it, in order, instead of writing it.

    Renderers print markup strings, tables and texts; strings are read as rich markup, as
    ``Console.print`` reads them (``highlight`` is off, as on the game's own console).
    """

    #: Renderers word their hints for keys, not typed lines (``render.at_live_table``).
    live_table = True

    def __init__(self, width: int = 100) -> None:
        super().__init__(highlight=False, force_terminal=True, width=width)
        #: Everything printed so far.
        self.items: list[RenderableType] = []

    def print(self, *objects: Any, **options: Any) -> None:
        """Keep ``objects``: strings as markup, joined by ``sep`` (a space by default)."""
        sep = str(options.get("sep", " "))
        parts = [Text.from_markup(o) if isinstance(o, str) else o for o in objects]
        if all(isinstance(p, Text) for p in parts):
            self.items.append(Text(sep).join(parts))
        else:
            self.items.extend(parts)

    def print_json(self, json: str | None = None, **options: Any) -> None:
        """Keep JSON text (or ``data=``) as rich's pretty JSON."""
        text = json if json is not None else dumps(options.get("data"))
        self.items.append(JSON(text))

    def rule(self, title: Any = "", **options: Any) -> None:
        """Keep a rule line."""
        self.items.append(Rule(title))

    def renderable(self) -> Group:
        """Everything printed, as one renderable."""
        return Group(*self.items)


def board(
    renderer: Renderer, view: View, seat: int | None, names: list[str], width: int = 100
) -> Group:
    """What ``renderer.show`` prints for ``seat``, as one renderable; ``width`` is the width it
    will be shown at (a renderer may draw a narrower table on a narrow screen; 0, a widget's
    width before its first layout, is taken as 100)."""
    capture = Capture(width or 100)
    renderer.show(capture, view, seat, names)
    return capture.renderable()


def plain(renderable: RenderableType, width: int = 100) -> str:
    """A renderable as plain text (for tests and for line output).

    >>> plain(Text.from_markup("[bold]Hi[/]"))
    'Hi'
    """
    console = Console(width=width, record=True, force_terminal=False, color_system=None)
    with console.capture() as captured:
        console.print(renderable)
    return captured.get().rstrip("\n")
