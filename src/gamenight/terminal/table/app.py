"""The live table: a full-screen Textual app around a ``LiveMatch`` run in the same process.

The board redraws in place after every step; bots act on their own clocks while the person
looks; a move is sent the moment its key is pressed, so in a race the first hand to arrive
wins, at the terminal as on the server. What the table does for a person (stable keys, answers
they have no real choice about, armed responses) is in ``choices``; who sits where and the
record kept as the match goes, in ``session``. See ``docs/terminal.md``.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.markup import escape
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from gamenight.engine.core import Kind
from gamenight.engine.errors import GameError, GameOver, MalformedAction, StaleVersion
from gamenight.live import LiveMatch, MatchStopped, Update
from gamenight.terminal.render import Renderer, Response, plural, renderer_for, winners_line
from gamenight.terminal.table.capture import board
from gamenight.terminal.table.choices import CHOICE_KEYS, Decisions, KeyMap, Why, automatic
from gamenight.terminal.table.screens import Arm, Curtain, Help, Leave
from gamenight.terminal.table.session import Session

#: The shortest time between two redraws of the board, in seconds.
REDRAW_EVERY = 0.1

#: What the table says when it answers for a person (nothing for a pass: windows come often).
ANSWERED = {"forced": "Your only move", "pass": "", "quiet": "", "armed": "Armed"}


@dataclass(frozen=True, slots=True)
class TableResult:
    """How a sitting ended: whether the match is over, and what to print once the screen is
    gone (markup lines: who won and the seed, or where the record is to go on)."""

    over: bool
    lines: tuple[str, ...]


class TableApp(App[TableResult]):
    """One match at the live table (``session`` says who sits where and where the record goes)."""

    CSS = """
    #title { height: 1; background: $primary; color: $text; padding: 0 1; }
    #main { height: 1fr; }
    #board-scroll { width: 1fr; }
    #board { padding: 0 1; }
    #events { width: 40%; min-width: 30; border-left: vkey $primary; padding: 0 1; }
    #events.hidden { display: none; }
    #prompt { height: 1; padding: 0 1; background: $boost; }
    #choices { height: auto; max-height: 9; border: none; padding: 0 1; }
    #choices.empty { display: none; }
    #status { height: auto; max-height: 2; padding: 0 1; }
    #typed { display: none; }
    #typed.shown { display: block; }
    """
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
        self.names = session.screen_names()
        people = session.people
        #: The seat whose view is on the screen (``None``: what every player sees).
        self.shown: int | None = session.lone
        #: Whose secret events the events pane may tell (a lone person's; else nobody's).
        self.teller: int | None = session.lone
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
        self.queued: dict[int, list[str]] = {s: [] for s in people}
        #: People with a decision the table will not make for them, in the order asked.
        self.asking: dict[int, None] = {}
        self.curtain: tuple[int, Curtain] | None = None
        self.quiet = session.quiet
        kind = type(self.renderer)
        #: Whether the game has responses to arm, and windows that quiet windows would pass.
        self.arms = kind.responses is not Renderer.responses
        self.windows = kind.quiet_pass is not Renderer.quiet_pass
        self.over = False
        self.failure: str | None = None
        self.deadline: float | None = None
        self.events_forced: bool | None = None
        self._redraw_due = False
        self._last_redraw = 0.0
        #: Event lines not yet written to the events pane.
        self._lines: list[Text] = []
        self._last_options: tuple[tuple[str | None, str], ...] = ()
        self.title_bar = Static(id="title")
        self.board_view = Static(id="board")
        self.events = RichLog(id="events", wrap=True, markup=False, auto_scroll=True, min_width=20)
        self.prompt = Static(id="prompt")
        self.choices = OptionList(id="choices", classes="empty", compact=True)
        self.status = Static(id="status")
        self.typed = Input(id="typed", placeholder="type a move and press Enter (Esc: close)")
        #: Set once the table is being left: nothing is drawn any more.
        self.leaving = False
        self.live = LiveMatch(
            session.match,
            session.settings,
            controllers=session.controllers(),
            names=session.names,
            persist=session.persist,
            rng=session.rng,
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
        yield self.status
        yield self.typed
        yield Footer()

    async def on_mount(self) -> None:
        """Subscribe for each person (and for what everyone sees), then start the clock."""
        self._fit_events(self.size.width)
        viewers: list[int | None] = list(self.session.people)
        if self.teller is None:
            viewers.append(None)
        for viewer in viewers:
            sub = self.live.subscribe(viewer)
            self.run_worker(self._read(viewer, sub), group="read", exit_on_error=False)
        self.live.start()
        self.session.save()  # the record is there from the start, even before a step
        match = self.session.match
        if match.version:
            self._note(f"Resumed after {plural(match.version, 'step')}.")
        self.run_worker(self._watch_end(), group="end", exit_on_error=False)
        self.set_interval(0.25, self._tick)
        self._say(self._welcome())

    def on_resize(self, event: events.Resize) -> None:
        """Narrow screens give the board the whole width (``e`` brings the events back)."""
        self._fit_events(event.size.width)

    def _fit_events(self, width: int) -> None:
        show = self.events_forced if self.events_forced is not None else width >= 90
        self.events.set_class(not show, "hidden")
        # A short screen keeps most of its height for the board: the list of moves scrolls.
        self.choices.styles.max_height = max(4, min(9, self.size.height // 4))

    # ---- updates -----------------------------------------------------------------------------
    async def _read(self, viewer: int | None, sub: Any) -> None:
        async for update in sub:
            self._update(viewer, update)

    async def _watch_end(self) -> None:
        try:
            await self.live.finished()
        except MatchStopped:
            return
        except Exception as error:  # storing a step failed: say so, keep the screen
            self.failure = f"The match stopped: {error}"
            self._say(f"[b red]{escape(self.failure)}[/]")
            return
        self.over = True
        self.session.save()
        self._redraw()

    def _update(self, viewer: int | None, update: Update) -> None:
        self.latest[viewer] = update
        if viewer == self.teller:
            self._tell(update)
        if update.outcome is not None:
            self.over = True
        if viewer is not None:
            self.decision[viewer] = self.decisions[viewer].see(update.view, update.events)
            self._consider(viewer)
        if viewer == self.shown or (self.shown is None and viewer is None):
            self.deadline = (
                None
                if update.time_left is None
                else asyncio.get_running_loop().time() + update.time_left
            )
            self._schedule_redraw()

    def _tell(self, update: Update) -> None:
        """Queue the step's lines for the events pane (written with the next redraw)."""
        for event in update.events:
            line = self.renderer.describe(event, self.names)
            if line:
                self._lines.append(Text.from_markup(line))
        seat = update.actor
        if seat is not None and seat in self.session.people and update.by == "stand-in":
            self._lines.append(
                Text(f"Time ran out: a stand-in played for {self.names[seat]}.", style="dim")
            )
        elif seat is not None and seat in self.session.people and update.by == "system":
            self._lines.append(Text(f"Time ran out: {self.names[seat]} passed.", style="dim"))
        if self._lines:
            self._schedule_redraw()

    # ---- what a person is asked --------------------------------------------------------------
    def _consider(self, seat: int) -> None:
        """Look at a person's newest view: answer for them, or ask them."""
        update = self.latest.get(seat)
        if update is None or seat in self.inflight:
            return  # looked at again once the move on its way comes back
        view = update.view
        legal = [self.game.action_from_json(a) for a in view["legal"]]
        self.legal[seat] = legal
        self.keys[seat] = []
        if not legal or self.over:
            self.queued[seat].clear()
            self._done_asking(seat)
            return
        while self.queued[seat]:
            key = self.queued[seat].pop(0)
            action = self.keymaps[seat].action_for(key)
            if action in legal:
                self._send(seat, action, update.version)
                return
        move = self._answer_for(seat, update, legal)
        if move is not None:
            action, why = move
            self.asking.pop(seat, None)  # not asked: the table answers
            self._send(seat, action, update.version, why)
            self._schedule_redraw()
            return
        era, kind, window = self.decision[seat]
        preferred = [self.renderer.choice_key(a) for a in legal]
        self.keys[seat] = self.keymaps[seat].assign((kind, window), legal, preferred, era)
        if seat not in self.asking:
            self.asking[seat] = None
        self._next_person()
        self._schedule_redraw()

    def _answer_for(self, seat: int, update: Update, legal: list[Any]) -> tuple[Any, Why] | None:
        """A move the table makes for ``seat`` without asking (an armed response, or a move
        with no real choice for a lone person), or ``None``."""
        state = update.view["state"]
        armed = self.armed.get(seat)
        if armed is not None:
            action = armed.pick(state, legal)
            if action is not None and action in legal:
                del self.armed[seat]
                return action, "armed"
        if self.session.ask_all or self.session.lone != seat:
            return None  # with several people at the screen, everyone is always asked
        kind = Kind(update.view["pending"]["kind"])
        return automatic(kind, state, legal, self.renderer, quiet=self.quiet)

    def _done_asking(self, seat: int) -> None:
        """``seat`` has nothing more to decide now: clear the screen of them (hot seat)."""
        self.asking.pop(seat, None)
        if self.curtain is not None and self.curtain[0] == seat:
            self.curtain[1].dismiss(False)
            return
        if self.session.lone is None and self.shown == seat and self.session.hidden:
            self.shown = None
            self.deadline = None
        self._schedule_redraw()
        self._next_person()

    def _next_person(self) -> None:
        """Bring the next person asked to the screen (behind a curtain when hands are hidden)."""
        if self.session.lone is not None or self.curtain is not None or self.over:
            return
        if self.shown is not None and self.shown in self.asking:
            return
        seat = next(iter(self.asking), None)
        if seat is None:
            return
        if not self.session.hidden:
            self.shown = seat
            self._schedule_redraw()
            return
        self.shown = None
        self._schedule_redraw()
        kind = self.latest[seat].view["pending"]["kind"]
        why = "grab now!" if kind == Kind.RACE.value else "your move."
        curtain = Curtain(self.session.names[seat], why)
        self.curtain = (seat, curtain)

        def arrived(ready: bool | None) -> None:
            self.curtain = None
            if ready and seat in self.asking:
                self.shown = seat
                update = self.latest.get(seat)
                if update is not None and update.time_left is not None:
                    self.deadline = asyncio.get_running_loop().time() + update.time_left
            self._schedule_redraw()
            self._next_person()

        self.push_screen(curtain, arrived)

    # ---- moves -------------------------------------------------------------------------------
    def _send(self, seat: int, action: Any, version: int, why: Why | None = None) -> None:
        self.inflight[seat] = version
        self.run_worker(self._submit(seat, action, version, why), group="move", exit_on_error=False)

    async def _submit(self, seat: int, action: Any, version: int, why: Why | None) -> None:
        label = self._label(action)
        done: int | None = None
        try:
            done = await self.live.submit(seat, action, version)
            said = ANSWERED.get(why or "", "")
            if said:
                self._note(f"{said}: {label}.")
        except StaleVersion as error:
            text = str(error)
            self._say(f"[b red]{escape(text[:1].upper() + text[1:])}.[/]")
        except (GameOver, MatchStopped):
            pass
        except GameError as error:
            self._say(f"[red]{escape(str(error))}[/]")
        finally:
            self.inflight.pop(seat, None)
        latest = self.latest.get(seat)
        if latest is not None and (done is None or latest.version >= done):
            self._consider(seat)

    def _label(self, action: Any) -> str:
        return self.renderer.action_label(self.game.action_to_text(action), action)

    def on_key(self, event: events.Key) -> None:
        """A move's key plays it (unless an overlay or the typed-move line has the keys)."""
        typed = self.typed
        if len(self.screen_stack) > 1 or typed.has_focus:
            return
        key = event.character
        if typed.has_class("shown") and key is not None and key.isprintable():
            event.stop()  # typed before the line took the keys: it is part of the move
            typed.focus()
            typed.insert_text_at_cursor(key)
            return
        if key is None or key not in CHOICE_KEYS:
            return
        event.stop()
        self.press(key)

    def press(self, key: str) -> None:
        """Play the move that holds ``key`` for the person at the screen."""
        seat = self.shown
        if seat is None or seat not in self.keymaps or self.over:
            return
        action = self.keymaps[seat].action_for(key)
        if action is None:
            self._say(f"No move has the key {escape(key)} now.")
            return
        if seat in self.inflight:
            if len(self.queued[seat]) < 3:
                self.queued[seat].append(key)  # played when the move on its way comes back
            return
        if action not in self.legal[seat]:
            self._say(f"{escape(self._label(action))}: no longer possible.")
            return
        self._send(seat, action, self.latest[seat].version)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A move picked from the list with Enter."""
        seat = self.shown
        if seat is None or event.option_list.id != "choices" or seat in self.inflight:
            return
        index = event.option_index
        if 0 <= index < len(self.legal[seat]):
            self._send(seat, self.legal[seat][index], self.latest[seat].version)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A move typed in words."""
        typed = event.input
        seat = self.shown
        text = event.value.strip()
        typed.value = ""
        typed.remove_class("shown")
        self.set_focus(self.choices)
        if seat is None or seat not in self.legal or not text:
            return
        try:
            action = self.game.action_from_text(text)
        except MalformedAction as error:
            self._say(f"[red]{escape(str(error))}[/]")
            return
        if action not in self.legal[seat]:
            reason = self.game.explain_illegal(self.session.match.state, seat, action)
            self._say(f"[red]{escape(reason or repr(text) + ' is not a legal move now')}[/]")
            return
        self._send(seat, action, self.latest[seat].version)

    def action_close_typed(self) -> None:
        """Esc closes the typed-move line (what was typed is dropped)."""
        typed = self.typed
        typed.value = ""
        typed.remove_class("shown")
        self.set_focus(self.choices)

    # ---- actions -----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Arming and quiet windows are offered only for games that have them."""
        if action == "arm":
            return self.arms
        if action == "quiet":
            return self.windows
        return True

    def action_scroll_board(self, pages: int) -> None:
        """Scroll the board a page up or down (PgUp, PgDn)."""
        scroll = self.query_one("#board-scroll", VerticalScroll)
        scroll.scroll_relative(y=pages * max(1, scroll.size.height - 2), animate=False)

    def action_help(self) -> None:
        """Show the keys and the rules."""
        self.push_screen(Help(self.game.title, self.game.rules_text()))

    def action_arm(self) -> None:
        """Arm a response for a coming window (the person at the screen)."""
        seat = self.shown
        update = self.latest.get(seat) if seat is not None else None
        if seat is None or update is None or self.over:
            self._say("Nobody is at the screen to arm a response.")
            return
        responses = self.renderer.responses(update.view["state"], seat, self.names)
        if not responses and seat not in self.armed:
            self._say("Nothing in your hand can be armed for a window now.")
            return

        def chosen(response: Response | None) -> None:
            if response is None:
                self.armed.pop(seat, None)
                self._say("Nothing armed: windows are yours to answer.")
            else:
                self.armed[seat] = response
                self._say(f"Armed: {escape(response.label)}.")
            self._consider(seat)
            self._schedule_redraw()

        self.push_screen(Arm(responses, self.armed.get(seat)), chosen)

    def action_quiet(self) -> None:
        """Quiet windows on or off."""
        self.quiet = not self.quiet
        self._say(
            "Quiet windows: windows where only Bully or Flat Tire could be played pass by "
            "(arm them with a)."
            if self.quiet
            else "Quiet windows off: you are asked at every window where you hold a card."
        )
        if self.shown is not None:
            self._consider(self.shown)

    def action_events(self) -> None:
        """Show or hide the events pane."""
        pane = self.events
        self.events_forced = pane.has_class("hidden")
        pane.set_class(not self.events_forced, "hidden")

    def action_type_move(self) -> None:
        """Open the line to type a move in words."""
        typed = self.typed
        typed.add_class("shown")
        typed.focus()

    def action_leave(self) -> None:
        """Leave the table (asked first while the match goes on)."""
        if self.over or self.failure:
            self.run_worker(self._leave(), group="end")
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.run_worker(self._leave(), group="end")

        self.push_screen(Leave(self._saved_text()), answered)

    def action_leave_now(self) -> None:
        """Leave at once (Ctrl+C, Ctrl+Q): the record is saved all the same."""
        self.run_worker(self._leave(), group="end")

    async def _leave(self) -> None:
        self.leaving = True
        await self.live.stop()
        self.session.save()
        self.exit(self._result())

    def _result(self) -> TableResult:
        match = self.session.match
        record = self.session.record
        if not match.finished:
            steps = plural(match.version, "step")
            if record is None:
                return TableResult(False, (f"Left the table after {steps}; it was not recorded.",))
            return TableResult(
                False,
                (
                    f"Left the table after {steps}; the match is saved in {escape(str(record))}",
                    f"Go on with: [b]gamenight play --resume {escape(str(record))}[/]",
                ),
            )
        outcome = match.outcome()
        lines = [
            f"[b]{escape(self.game.title)}: {winners_line(list(outcome.winners), self.names)}[/]",
            # The seed is shown only now: before the end it would let a player foresee a roll.
            f"[dim]seed {match.seed} (play it again with --seed {match.seed})[/]",
        ]
        if record is not None:
            lines.append(f"Match record: {escape(str(record))} (gamenight replay to watch it)")
        return TableResult(True, tuple(lines))

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
        self._last_redraw = asyncio.get_running_loop().time()
        if self._lines:
            log = self.events
            for line in self._lines:
                log.write(line)
            self._lines.clear()
        seat = self.shown
        # Nobody at a shared screen: what every player sees, never a hand.
        update = self.latest.get(seat)
        body = self.board_view
        if update is None:
            body.update(Text("Setting up the table..."))
        else:
            body.update(board(self.renderer, update.view["state"], seat, self.names))
        self._draw_title()
        self._draw_prompt()
        self._draw_choices()

    def _draw_title(self) -> None:
        seat = self.shown
        who = "watching" if seat is None else f"{self.session.names[seat]} (seat {seat})"
        armed = self.armed.get(seat) if seat is not None else None
        extra = f" · armed: {armed.label}" if armed else ""
        lone = self.session.lone is not None
        quiet = " · quiet windows" if self.quiet and self.windows and lone else ""
        step = self.session.match.version
        self.title_bar.update(
            Text(f"{self.game.title} · {who} · step {step}{extra}{quiet}"), layout=False
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
            left = max(0.0, self.deadline - asyncio.get_running_loop().time())
            clock = f" [b]{left:.0f} s[/]"
        if seat is not None and self.legal.get(seat) and seat in self.asking:
            kind = self.latest[seat].view["pending"]["kind"]
            if kind == Kind.RACE.value:
                return f"[b reverse] RACE [/] first hand wins: press a key now!{clock}"
            if kind == Kind.REACTION.value:
                return f"[b magenta]Window:[/] answer or pass{clock}"
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

    def on_unmount(self) -> None:
        """Nothing is drawn once the screen is going."""
        self.leaving = True

    def _tick(self) -> None:
        if self.deadline is not None and not self.leaving:
            self._draw_prompt()

    def _say(self, markup: str) -> None:
        self.status.update(Text.from_markup(markup))

    def _note(self, line: str) -> None:
        self._lines.append(Text(line, style="dim"))
        self._schedule_redraw()

    def _welcome(self) -> str:
        match = self.session.match
        start = f"Resumed after {plural(match.version, 'step')}. " if match.version else ""
        return f"{start}Keys: a move's key plays it; [b]?[/] help; [b]q[/] leave (saved)."


def run_table(session: Session) -> TableResult | None:
    """Play a session at the live table (the terminal's alternate screen); its result."""
    return TableApp(session).run()
