"""The live table's overlays: the curtain between people, help, arming a response, leaving."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from gamenight.terminal.render import Response

#: The keys of the live table, as the help overlay and docs/terminal.md list them; the ``a``
#: and ``w`` rows are only for games with windows (see :func:`table_keys`).
TABLE_KEYS = """\
| key | what it does |
|---|---|
| `1`-`9`, `0`, letters | play the move listed with that key (a card keeps its key while it stays) |
| `↑` `↓` `Enter` | pick a move from the list (also those with no key left) |
| `:` | type a move in words, as in line mode (the rules below list them), Enter to play |
| `a` | arm a response for a coming window (Paper Toss!: Bully the leader at the next window) |
| `w` | quiet windows on or off: pass windows where only Bully or Flat Tire could be played |
| `e` | show or hide the events pane |
| `PgUp` `PgDn` | scroll the board |
| `?` `h` | this help (Esc closes it) |
| `q` | leave the table: the record is saved, and `gamenight play --resume FILE` goes on |
"""


def table_keys(arms: bool, windows: bool) -> str:
    """:data:`TABLE_KEYS` for one game: the ``a`` row only if it has responses to arm, the
    ``w`` row only if it has windows to pass quietly (its footer offers the same keys)."""
    dropped = ([] if arms else ["| `a` |"]) + ([] if windows else ["| `w` |"])
    return "".join(
        line for line in TABLE_KEYS.splitlines(keepends=True) if not line.startswith(tuple(dropped))
    )


class Curtain(Screen[bool]):
    """Hides the table between two people at one screen: ``name``, press Enter when alone."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "I am alone at the screen")]
    DEFAULT_CSS = """
    Curtain { align: center middle; }
    Curtain > Static { width: auto; max-width: 70; padding: 1 4; border: heavy $accent; }
    """

    def __init__(self, name: str, why: str) -> None:
        super().__init__()
        self.person = name
        self.why = why

    def compose(self) -> ComposeResult:
        """The hand-over message."""
        yield Static(
            f"[b]{escape(self.person)}[/], {escape(self.why)}\n\n"
            f"Press [b]Enter[/] when only {escape(self.person)} can see the screen."
        )

    def action_ready(self) -> None:
        """The person is at the screen."""
        self.dismiss(True)


class Ready(ModalScreen[bool]):
    """Before the clock starts: who sits where, and Enter to start (``q`` leaves). Nothing
    moves until the person is at the screen, so no race or window opens before they see it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start"),
        # Enter typed while the command loaded: the terminal, still in line mode, kept it as a
        # newline, which the table reads as ctrl+j
        Binding("ctrl+j", "start", show=False),
        Binding("q", "leave", "Leave"),
    ]
    DEFAULT_CSS = """
    Ready { align: center middle; }
    Ready > Static { width: auto; max-width: 76; padding: 1 4; border: heavy $accent;
                     background: $panel; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        """Who plays, and how to start."""
        yield Static(self.text)

    def action_start(self) -> None:
        """Start the match."""
        self.dismiss(True)

    def action_leave(self) -> None:
        """Leave before the start (a new match leaves no record; a resumed one keeps its own)."""
        self.dismiss(False)


class Help(ModalScreen[None]):
    """Keys, then the game's rules page."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", show=False),
        Binding("q", "close", show=False),
    ]
    DEFAULT_CSS = """
    Help { align: center middle; }
    Help > VerticalScroll { width: 90%; height: 90%; border: heavy $accent; background: $panel; }
    """

    def __init__(self, title: str, rules: str, keys: str = TABLE_KEYS) -> None:
        super().__init__()
        self.text = f"# {title}\n\n## Keys\n\n{keys}\n\n{rules}"

    def compose(self) -> ComposeResult:
        """The help text, scrollable."""
        with VerticalScroll():
            yield Markdown(self.text)

    def on_mount(self) -> None:
        """The arrows and PgUp/PgDn scroll the help."""
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class Arm(ModalScreen[Response | None]):
    """Pick a response to play at the first window where it can be played."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    Arm { align: center middle; }
    Arm > Vertical { width: 70; height: auto; max-height: 80%; border: heavy $accent;
                     background: $panel; padding: 0 1; }
    Arm OptionList { height: auto; max-height: 20; }
    """

    def __init__(self, responses: Sequence[Response], armed: Response | None) -> None:
        super().__init__()
        self.responses = list(responses)
        self.armed = armed

    def compose(self) -> ComposeResult:
        """The responses the hand allows, and disarming."""
        with Vertical():
            now = f"Armed now: {escape(self.armed.label)}." if self.armed else "Nothing armed."
            yield Static(f"{now} Choose what to play at the next window it fits (Esc: cancel).")
            options = [Option(escape(r.label), id=str(i)) for i, r in enumerate(self.responses)]
            if self.armed is not None:
                options.append(Option("Disarm: answer windows myself", id="disarm"))
            yield OptionList(*options)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Arm the chosen response (or nothing, to disarm)."""
        chosen = event.option.id
        self.dismiss(None if chosen == "disarm" else self.responses[int(chosen or 0)])

    def action_cancel(self) -> None:
        """Keep what was armed."""
        self.dismiss(self.armed)


class Leave(ModalScreen[bool]):
    """Confirm leaving a match that is not over."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "leave", "Leave"),
        Binding("q", "leave", show=False),
        Binding("n", "stay", "Stay"),
        Binding("escape", "stay", show=False),
    ]
    DEFAULT_CSS = """
    Leave { align: center middle; }
    Leave > Static { width: auto; max-width: 80; padding: 1 3; border: heavy $warning;
                     background: $panel; }
    """

    def __init__(self, saved: str) -> None:
        super().__init__()
        self.saved = saved

    def compose(self) -> ComposeResult:
        """What leaving does."""
        yield Static(f"Leave the table? {escape(self.saved)}\n\n[b]y[/]: leave   [b]n[/]: stay")

    def action_leave(self) -> None:
        """Leave."""
        self.dismiss(True)

    def action_stay(self) -> None:
        """Stay."""
        self.dismiss(False)
