"""The replay viewer: a recorded match, step by step, forward and back, with the board and the
chosen seat's hand at every step.

The record is checked whole first (the engine's ``replay``), then every state is kept (states
are never changed once made), so stepping back is as quick as stepping forward.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, RichLog, Static

from gamenight.engine.core import CHANCE, Event
from gamenight.engine.errors import GameError
from gamenight.engine.match import replay
from gamenight.engine.registry import game_class
from gamenight.terminal.narrate import Narrator
from gamenight.terminal.render import possessive, renderer_for
from gamenight.terminal.seats import replay_names
from gamenight.terminal.table.capture import board
from gamenight.terminal.table.screens import Help

#: The keys of the replay viewer, as its help overlay and docs/terminal.md list them.
REPLAY_KEYS = """\
| key | what it does |
|---|---|
| `→` `space` `n` | next step |
| `←` `b` `p` | step back |
| `PgDn` `PgUp` | ten steps forward or back |
| `Home` `End` | the start, the end |
| `s` | whose hand is shown: each seat in turn, then nobody's (what everyone saw) |
| `?` | this help |
| `q` | leave |
"""

#: How many event lines the events pane keeps on screen (the latest ones).
EVENT_LINES = 300


class ReplayApp(App[None]):
    """Step through a match record; ``viewer`` is the seat whose hand is shown (``None``:
    nobody's, what every player saw)."""

    CSS_PATH = "table.tcss"
    #: The replay's own keys are all there is: no palette of the toolkit's commands.
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "move(1)", "Next", priority=True),
        Binding("space", "move(1)", show=False, priority=True),
        Binding("n", "move(1)", show=False),
        Binding("left", "move(-1)", "Back", priority=True),
        Binding("b", "move(-1)", show=False),
        Binding("p", "move(-1)", show=False),
        Binding("pagedown", "move(10)", "+10", priority=True),
        Binding("pageup", "move(-10)", "-10", priority=True),
        Binding("home", "jump(0)", "Start", priority=True),
        Binding("end", "jump(-1)", "End", priority=True),
        Binding("s", "seat", "Seat"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, record: dict[str, Any], viewer: int | None = None, lang: str = "en") -> None:
        super().__init__()
        cls = game_class(str(record.get("game")))
        final = replay(record, cls)  # checks the whole record before anything is shown
        match = replay(record, cls, upto=0)
        self.game = match.game
        players = self.game.players
        if viewer is not None and not 0 <= viewer < players:
            raise GameError(
                f"there is no seat {viewer} in this match; seats are 0 to {players - 1}"
            )
        self.viewer = viewer
        self.renderer = renderer_for(self.game.id)
        self.narrator = Narrator(self.game, self.renderer, lang)
        self.names = replay_names(record.get("seat_names"), players, viewer)
        self.states = [match.state]
        self.steps: list[tuple[int, str]] = [(CHANCE, "")]
        self.events: list[tuple[Event, ...]] = [()]
        for step in final.steps:
            self.events.append(match.apply_trusted(step.player, step.action))
            self.states.append(match.state)
            self.steps.append((step.player, self.game.action_to_text(step.action)))
        #: The step shown: 0 is the start, ``len(states) - 1`` the end.
        self.at = 0

    def compose(self) -> ComposeResult:
        """Title, board and events, the step line, keys."""
        yield Static(id="title")
        with Horizontal(id="main"):
            with VerticalScroll(id="board-scroll"):
                yield Static(id="board")
            yield RichLog(id="events", wrap=True, markup=False, min_width=20)
        yield Static(id="step")
        yield Footer()

    def on_mount(self) -> None:
        """Show the start."""
        self._show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Stepping keys belong to the help overlay while it is open."""
        if action in ("move", "jump"):
            return len(self.screen_stack) == 1
        return True

    def action_move(self, by: int) -> None:
        """Step forward (or back) by ``by`` steps."""
        self.at = max(0, min(len(self.states) - 1, self.at + by))
        self._show()

    def action_jump(self, to: int) -> None:
        """The start (0) or the end (-1)."""
        self.at = len(self.states) - 1 if to < 0 else 0
        self._show()

    def action_seat(self) -> None:
        """Show the next seat's hand (after the last seat: nobody's)."""
        players = self.game.players
        self.viewer = (
            0 if self.viewer is None else (None if self.viewer + 1 >= players else self.viewer + 1)
        )
        self._show()

    def action_help(self) -> None:
        """Keys and the rules."""
        self.push_screen(Help(f"{self.game.title}: replay", self.game.rules_text(), REPLAY_KEYS))

    def _show(self) -> None:
        state = self.states[self.at]
        seat = self.viewer
        view = self.game.view(state, seat)
        static = self.query_one("#board", Static)
        static.update(board(self.renderer, view, seat, self.names, static.size.width))
        whose = (
            "nobody's hand"
            if seat is None
            else f"{possessive(self.names[seat])} hand (seat {seat})"
        )
        last = len(self.states) - 1
        self.query_one("#title", Static).update(
            Text(f"{self.game.title} · replay · step {self.at} of {last} · {whose}")
        )
        self.query_one("#step", Static).update(Text(self._step_line()))
        log = self.query_one("#events", RichLog)
        log.clear()
        first = max(1, self.at - EVENT_LINES)
        for index in range(first, self.at + 1):
            for event in self.events[index]:
                line = self.narrator.line(event.for_viewer(seat), self.names, seat)
                if line:
                    text = Text.from_markup(line)
                    if index == self.at:
                        text.stylize("reverse")
                    log.write(text)

    def _step_line(self) -> str:
        if self.at == 0:
            return "The start: nothing played yet (→: next step, ←: back, ?: help)."
        player, text = self.steps[self.at]
        if player == CHANCE:
            return f"Step {self.at}: chance: {text}"
        return f"Step {self.at}: {self.names[player]} (seat {player}): {text}"


def run_replay(record: dict[str, Any], viewer: int | None, lang: str = "en") -> None:
    """Open the replay viewer (the terminal's alternate screen) until it is left; events are
    told in ``lang``."""
    ReplayApp(record, viewer, lang).run()
