"""What the live table looks like: its widgets, its state, and how it is drawn.

``TableBase`` holds the widgets (title, board, events pane, prompt, moves, status, footer) and
what the table knows (who is at the screen, each person's latest view, their moves and keys),
and draws them: at once after a quiet spell, at most ten times a second during a burst of bot
moves. ``app.TableApp`` plays on top of it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Group
from rich.markup import escape
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from gamenight.engine.core import Kind
from gamenight.live import LiveMatch, Update
from gamenight.terminal.narrate import Narrator
from gamenight.terminal.render import Renderer, Response, plural, renderer_for, winners_line
from gamenight.terminal.table.capture import board
from gamenight.terminal.table.choices import Decisions, KeyMap
from gamenight.terminal.table.screens import Curtain
from gamenight.terminal.table.session import Session, TableResult

#: The shortest time between two redraws of the board, in seconds.
REDRAW_EVERY = 0.1

#: Seconds a message keeps the status line before events take it (with no events pane).
SAY_FOR = 4.0
#: The table's tick (seconds); a tick later than ``BUSY_LATE`` after it says the table is busy,
#: and "busy…" stays in the title ``BUSY_SHOWN`` seconds after the last late tick.
TICK, BUSY_LATE, BUSY_SHOWN = 0.25, 0.5, 2.0

#: Seconds after which a message leaves the status line, whatever happens meanwhile.
MESSAGE_LASTS = 10.0


class TableBase(App[TableResult]):
    """The live table's widgets, state and drawing (``session``: who sits where)."""

    CSS_PATH = "table.tcss"
    #: The table's own keys are all there is: no palette of the toolkit's commands (its Quit
    #: would leave without the question and the line saying how to go on).
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help"),
        Binding("h", "help", show=False),
        Binding("a", "arm", "Arm"),
        Binding("w", "quiet", "Quiet windows"),
        Binding("e", "events", "Events"),
        Binding("colon", "type_move", "Type a move"),
        Binding("escape", "close_typed", show=False),
        Binding("q", "leave", "Quit"),
        Binding("pageup", "scroll_board(-1)", show=False, priority=True),
        Binding("pagedown", "scroll_board(1)", show=False, priority=True),
        Binding("ctrl+c", "leave_now", show=False, priority=True),
        Binding("ctrl+q", "leave_now", show=False, priority=True),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.game = session.game
        self.renderer = renderer_for(self.game.id)
        self.narrator = Narrator(self.game, self.renderer, session.lang)
        self.names = session.screen_names()
        people = session.people
        #: The seat whose view is on the screen (``None``: what every player sees).
        self.shown: int | None = session.lone
        #: Whose secret events the events pane may tell (a lone person's; else nobody's).
        self.teller: int | None = session.lone
        #: At a shared screen: what each person is told of a step made for them on time-out,
        #: kept until the curtain hands them the screen (the table is never told).
        self.time_up: dict[int, str] = {}
        self.latest: dict[int | None, Update] = {}
        self.legal: dict[int, list[Any]] = {s: [] for s in people}
        self.keys: dict[int, list[str | None]] = {s: [] for s in people}
        self.keymaps = {s: KeyMap() for s in people}
        #: Seat -> the decision their keys belong to (see ``choices.Decisions``).
        self.decisions = {s: Decisions() for s in people}
        self.decision: dict[int, tuple[int, str, str]] = {}
        self.armed: dict[int, Response] = {}
        #: Seat -> the version a move of theirs was sent at, while it is on its way.
        self.inflight: dict[int, int] = {}
        #: Seat -> their last move accepted, until they are asked again (a key pressed for
        #: it meanwhile is not "too slow": their own move closed the decision).
        self.played: dict[int, Any] = {}
        self.queued: dict[int, list[str]] = {s: [] for s in people}
        #: People with a decision the table will not make for them, in the order asked.
        self.asking: dict[int, None] = {}
        self.curtain: tuple[int, Curtain] | None = None
        #: How often each person was called to the screen for a race (hot seat takes turns).
        self.race_calls: dict[int, int] = {}
        self.quiet = session.quiet
        kind = type(self.renderer)
        #: Whether the game has responses to arm, and windows that quiet windows would pass.
        self.arms = kind.responses is not Renderer.responses
        self.windows = kind.quiet_pass is not Renderer.quiet_pass
        self.over = False
        #: Whether the clock has started (a person starts it at the ``Ready`` screen).
        self.started = False
        self.failure: str | None = None
        self.deadline: float | None = None
        self.events_forced: bool | None = None
        self._redraw_due = False
        self._last_redraw = 0.0
        self._said_at = -SAY_FOR
        #: The table's own clock for noticing it is busy (a test gives another).
        self.monotonic: Callable[[], float] = time.monotonic
        self._last_tick: float | None = None
        #: Until when the title says "busy…": the last tick came late, so keys wait.
        self.busy_until = 0.0
        self._busy_shown = False
        #: Event lines not yet written to the events pane.
        self._lines: list[Text] = []
        self._last_options: tuple[tuple[str | None, str], ...] = ()
        self.title_bar = Static(id="title")
        self.board_view = Static(id="board")
        self.events = RichLog(id="events", wrap=True, markup=False, auto_scroll=True, min_width=20)
        self.prompt = Static(id="prompt")
        self.choices = OptionList(id="choices", classes="empty", compact=True)
        #: "↓ 5 more" under the moves while some of them are below the list's last line.
        self.more = Static(id="more", classes="empty")
        self.status = Static(id="status")
        # Not selecting on focus: a letter typed right after `:` may land before the focus
        # does, and a selection would let the next letter replace it.
        self.typed = Input(
            id="typed",
            placeholder="type a move and press Enter (Esc: close)",
            select_on_focus=False,
        )
        #: Set once the table is being left: nothing is drawn any more.
        self.leaving = False
        self.live = LiveMatch(
            session.match,
            session.settings,
            controllers=session.controllers(),
            names=session.names,
            persist=session.persist,
            rng=session.rng,
            clock=session.clock,
        )

    # ---- layout ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """Title, board and events, the prompt and the moves on offer, a status line, keys."""
        yield self.title_bar
        with Horizontal(id="main"):
            with VerticalScroll(id="board-scroll"):
                yield self.board_view
            yield self.events
        yield self.prompt
        yield self.choices
        yield self.more
        yield self.status
        yield self.typed
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        """Narrow screens give the board the whole width (``e`` brings the events back)."""
        self._fit_events(event.size.width)
        self.call_after_refresh(self._schedule_redraw)  # drawn again at the board's new width

    def _fit_events(self, width: int) -> None:
        show = self.events_forced if self.events_forced is not None else width >= 90
        self.events.set_class(not show, "hidden")
        # A short screen keeps most of its height for the board: the list of moves scrolls.
        self.choices.styles.max_height = max(4, min(9, self.size.height // 4))

    def _label(self, action: Any) -> str:
        """How a move reads at this table (the view of the person at the screen, if any)."""
        text = self.game.action_to_text(action)
        update = self.latest.get(self.shown)
        if update is None:
            return self.renderer.action_label(text, action)
        return self.renderer.move_label(text, action, update.view["state"], self.names)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Arming and quiet windows are offered only for games that have them."""
        if action == "arm":
            return self.arms
        if action == "quiet":
            return self.windows
        if action == "scroll_board":
            return len(self.screen_stack) == 1  # an overlay scrolls itself
        return True

    def action_scroll_board(self, pages: int) -> None:
        """Scroll the board a page up or down (PgUp, PgDn)."""
        scroll = self.query_one("#board-scroll", VerticalScroll)
        scroll.scroll_relative(y=pages * max(1, scroll.size.height - 2), animate=False)

    def action_events(self) -> None:
        """Show or hide the events pane."""
        pane = self.events
        self.events_forced = pane.has_class("hidden")
        pane.set_class(not self.events_forced, "hidden")
        self.call_after_refresh(self._schedule_redraw)

    def _saved_text(self) -> str:
        record = self.session.record
        if record is None:
            return "The match is not being recorded: it cannot be resumed."
        return f"The match is saved: gamenight play --resume {record}"

    # ---- drawing -----------------------------------------------------------------------------
    def _schedule_redraw(self) -> None:
        """Redraw soon: at once after a quiet spell, else at most ``REDRAW_EVERY`` apart (a
        burst of bot moves is drawn once, not once per step)."""
        if self._redraw_due:
            return
        self._redraw_due = True
        wait = self._last_redraw + REDRAW_EVERY - asyncio.get_running_loop().time()
        if wait <= 0:
            self.call_later(self._redraw)
        else:
            self.set_timer(wait, self._redraw)

    def _redraw(self) -> None:
        """Draw the board, the prompt and the moves on offer for the person at the screen."""
        self._redraw_due = False
        if self.leaving:
            return
        self._last_redraw = asyncio.get_running_loop().time()  # the screen's own pace
        if self._lines:
            for line in self._lines:
                self.events.write(line)
            now = asyncio.get_running_loop().time()
            if self.events.has_class("hidden") and now - self._said_at > SAY_FOR:
                # No events pane on a narrow screen: the latest event takes the status line.
                self.status.update(self._lines[-1])
            self._lines.clear()
        seat = self.shown
        # Nobody at a shared screen: what every player sees, never a hand.
        update = self.latest.get(seat)
        body = self.board_view
        if update is None:
            body.update(Text("Setting up the table..."))
        else:
            width = self.board_view.size.width
            shown = board(self.renderer, update.view["state"], seat, self.names, width)
            advice = self._advice(seat, update)
            body.update(Group(shown, Text(advice, style="cyan")) if advice else shown)
        self._draw_title()
        self._draw_prompt()
        self._draw_choices()

    def _advice(self, seat: int | None, update: Update) -> str | None:
        """The coach's line for the person at the screen while they are asked (``--coach``)."""
        if not self.session.coach or seat is None or seat not in self.asking:
            return None
        return self.renderer.advice(self.game, update.view["state"])

    def _draw_title(self) -> None:
        seat = self.shown
        who = "watching" if seat is None else f"{self.session.names[seat]} (seat {seat})"
        armed = self.armed.get(seat) if seat is not None else None
        extra = f" · armed: {armed.label}" if armed else ""
        lone = self.session.lone is not None
        asks_all = self.session.ask_all  # then every window is asked: quiet ones too
        quiet = " · quiet windows" if self.quiet and self.windows and lone and not asks_all else ""
        step = self.session.match.version
        self._busy_shown = self.busy_until > self.monotonic()
        busy = " · busy…" if self._busy_shown else ""
        self.title_bar.update(
            Text(f"{self.game.title} · {who} · step {step}{extra}{quiet}{busy}"), layout=False
        )

    def _draw_prompt(self) -> None:
        self.prompt.update(Text.from_markup(self._prompt()), layout=False)

    def _prompt(self) -> str:
        if self.failure:
            return f"[b red]{escape(self.failure)}[/] (q: leave)"
        match = self.session.match
        if self.over and match.finished:
            won = winners_line(list(match.outcome().winners), self.names)
            return f"[b]Game over: {escape(won)}[/] (q: leave)"
        seat = self.shown
        clock = ""
        if self.deadline is not None:
            left = max(0.0, self.deadline - self.live.clock.now())
            clock = f" [b]{left:.0f} s[/]"
        if seat is not None and self.legal.get(seat) and seat in self.asking:
            kind = self.latest[seat].view["pending"]["kind"]
            if kind == Kind.RACE.value:
                return f"[b reverse] RACE [/] first hand wins: press a key now!{clock}"
            if kind == Kind.REACTION.value:
                return f"[b magenta]Window:[/] answer or pass{clock}"
            if self.session.lone is None:  # a shared screen: say whose move it is
                return f"[b]{escape(self.session.names[seat])}, your move[/]{clock}"
            return f"[b]Your move[/]{clock}"
        update = self.latest.get(seat) if seat is not None else self.latest.get(None)
        if update is None:
            return "..."
        waiting = [self.names[s] for s in update.deciding]
        if not waiting:
            return "..."
        return f"Waiting for {escape(', '.join(waiting))}{clock}"

    def _draw_choices(self) -> None:
        seat = self.shown
        options: tuple[tuple[str | None, str], ...] = ()
        keys = self.keys.get(seat, []) if seat is not None else []
        if seat is not None and seat in self.asking and not self.over and keys:
            labels = [self._label(a) for a in self.legal[seat]]
            options = tuple(zip(keys, labels, strict=True))
        if options == self._last_options:
            return
        if options and not self._last_options:
            # A new question: the renderers end with what it is about (the hand, the window).
            self.query_one("#board-scroll", VerticalScroll).scroll_end(animate=False)
        self._last_options = options
        choices = self.choices
        choices.set_options(
            Option(Text.from_markup(f"[b]{escape(k or ' ')}[/]  {escape(label)}"))
            for k, label in options
        )
        choices.set_class(not options, "empty")
        self.call_after_refresh(self._draw_more)
        if options and not self.typed.has_focus:
            # the arrows and Enter pick from the moves as soon as they are on offer
            self.call_after_refresh(choices.focus)

    def _draw_more(self) -> None:
        """Say plainly how many lines of moves are below the list's last line (none: hidden)."""
        choices = self.choices
        below = 0
        if self._last_options and not self.leaving:
            shown = choices.scrollable_content_region.height
            below = max(0, choices.virtual_size.height - round(choices.scroll_y) - shown)
        text = f"↓ {below} more (the ↓ key shows them)" if below else ""
        if str(self.more.render()) != text:
            self.more.update(text)
        self.more.set_class(not below, "empty")

    def on_option_list_option_highlighted(self) -> None:
        """The highlight moved (the list may have scrolled): the hint follows."""
        self.call_after_refresh(self._draw_more)

    def on_unmount(self) -> None:
        """Nothing is drawn once the screen is going."""
        self.leaving = True

    def _tick(self) -> None:
        if self.leaving:
            return
        self._notice_busy()
        if self._last_options:
            self._draw_more()  # the list may have been scrolled by the mouse wheel
        if self.deadline is not None:
            self._draw_prompt()
        said_at = self._said_at
        if said_at > -SAY_FOR and asyncio.get_running_loop().time() - said_at > MESSAGE_LASTS:
            self._unsay()

    def _notice_busy(self) -> None:
        """A tick (every 0.25 s) that comes more than half a second late means the machine kept
        the table waiting, and keys pressed meanwhile wait too: the title says "busy…" until
        the ticks have come on time for two seconds."""
        now = self.monotonic()
        last, self._last_tick = self._last_tick, now
        if last is not None and now - last > TICK + BUSY_LATE:
            self.busy_until = now + BUSY_SHOWN
        if self._busy_shown != (self.busy_until > now):
            self._draw_title()

    def _say(self, markup: str) -> None:
        self.status.update(Text.from_markup(markup))
        self._said_at = asyncio.get_running_loop().time()  # a message lasts in screen time

    def _unsay(self) -> None:
        """Clear a message from the status line (events take it again, with no events pane)."""
        if self._said_at > -SAY_FOR:
            self.status.update("")
            self._said_at = -SAY_FOR

    def _note(self, line: str) -> None:
        self._lines.append(Text(line, style="dim"))
        self._schedule_redraw()

    def _welcome(self) -> str:
        match = self.session.match
        start = f"Resumed after {plural(match.version, 'step')}. " if match.version else ""
        return f"{start}Keys: a move's key plays it; [b]?[/] help; [b]q[/] leave (saved)."
