"""The live table: a full-screen Textual app around a ``LiveMatch`` run in the same process.

The board redraws in place after every step; bots act on their own clocks while the person
looks; a move is sent the moment its key is pressed, so in a race the first hand to arrive
wins, at the terminal as on the server. What the table does for a person (stable keys, answers
they have no real choice about, armed responses) is in ``choices``; who sits where and the
record kept as the match goes, in ``session``. See ``docs/terminal.md``.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.text import Text
from textual import events
from textual.widgets import Input, OptionList

from gamenight.engine.core import Kind
from gamenight.engine.errors import GameError, GameOver, MalformedAction, StaleVersion
from gamenight.live import MatchStopped, Update
from gamenight.terminal.render import Response, plural
from gamenight.terminal.table.choices import CHOICE_KEYS, Why, automatic
from gamenight.terminal.table.screens import Arm, Curtain, Help, Leave, Ready, table_keys
from gamenight.terminal.table.session import Session, TableResult
from gamenight.terminal.table.view import TICK, TableBase

#: What the table says when it answers for a person (nothing for a pass: windows come often).
ANSWERED = {"forced": "Your only move", "pass": "", "quiet": "", "armed": "Armed"}


class TableApp(TableBase):
    """One match at the live table (``session`` says who sits where and where the record goes).

    What it looks like is ``TableBase``; this class plays: it reads the updates, answers for
    the person or asks them, brings people to a shared screen, and sends their moves.
    """

    async def on_mount(self) -> None:
        """Subscribe for each person (and for what everyone sees), then start the clock."""
        self._fit_events(self.size.width)
        viewers: list[int | None] = list(self.session.people)
        if self.teller is None:
            viewers.append(None)
        for viewer in viewers:
            sub = self.live.subscribe(viewer)
            self.run_worker(self._read(viewer, sub), group="read", exit_on_error=False)
        self.session.save()  # the record is there from the start, even before a step
        match = self.session.match
        if match.version:  # the last steps before the break, then where it goes on
            for event in self.session.recent_events(self.teller):
                line = self.narrator.line(event, self.names, self.teller)
                if line:
                    self._lines.append(Text.from_markup(line))
            self._note(f"Resumed after {plural(match.version, 'step')}.")
        self.set_interval(TICK, self._tick)
        if self.session.wait_to_start and self.session.people and not match.finished:
            self.push_screen(Ready(self._ready_text()), self._started_or_left)
        else:
            self._start()

    def _start(self) -> None:
        """Start the clock: bots play, chance is rolled, people are asked."""
        self.started = True
        self.live.start()
        self.run_worker(self._watch_end(), group="end", exit_on_error=False)
        self._say(self._welcome())  # the runtime's "start" update asks whoever decides

    def _started_or_left(self, start: bool | None) -> None:
        if start:
            self._start()
        elif self.session.match.version == 0:  # left before anything happened: no record
            self.leaving = True
            self.session.discard_record()
            self.exit(TableResult(False, ("Left before the start: nothing was played.",)))
        else:
            self.run_worker(self._leave(), group="end")

    def _ready_text(self) -> str:
        """The start screen: the game, who sits where, and the keys to start or leave."""
        match = self.session.match
        seats = ", ".join(escape(name) for name in self.names)
        resumed = f"Resumed after {plural(match.version, 'step')}.\n" if match.version else ""
        return (
            f"[b]{escape(self.game.title)}[/], {len(self.names)} players: {seats}\n{resumed}\n"
            "Nothing moves until you start: no bot plays, no card is dealt.\n"
            "Press [b]Enter[/] to start, [b]q[/] to leave."
        )

    # ---- updates -----------------------------------------------------------------------------
    async def _read(self, viewer: int | None, sub: Any) -> None:
        async for update in sub:
            try:
                self._update(viewer, update)
            except Exception as error:
                # one update's trouble must not end the stream: a stopped reader would leave
                # a person never asked again, and the table stuck
                self._say(
                    f"[red]The table could not show step {update.version}: {escape(str(error))}[/]"
                )

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
        if update.timed_out and viewer is not None and viewer != self.teller:
            # at a shared screen: told to that person when the curtain hands them the screen
            self.time_up[viewer] = self._time_up(update, viewer)
        if viewer == self.teller:
            self._tell(update)
        if update.outcome is not None:
            self.over = True
        if viewer is not None:
            self.decision[viewer] = self.decisions[viewer].see(update.view, update.events)
            if self.started:  # before the start nobody is asked (``_start`` asks)
                self._consider(viewer)
        if viewer == self.shown or (self.shown is None and viewer is None):
            self.deadline = (
                None if update.time_left is None else self.live.clock.now() + update.time_left
            )
            self._schedule_redraw()

    def _tell(self, update: Update) -> None:
        """Queue the step's lines for the events pane (written with the next redraw)."""
        for event in update.events:
            line = self.narrator.line(event, self.names, self.teller)
            if line:
                self._lines.append(Text.from_markup(line))
        if update.timed_out:  # the lone person's own step, made for them on time-out
            self._lines.append(Text(self._time_up(update, self.teller), style="dim"))
        pause = self.game.pause_after
        wait = self.session.settings.round_pause
        if (
            pause
            and wait > 0
            and update.outcome is None
            and any(event.get("kind") in pause for event in update.events)
        ):  # the table waits before the next deal: the board shows the new round already
            self._say(f"[b]The round is over.[/] The next round is dealt in {wait:g} s.")
        if self._lines:
            self._schedule_redraw()

    def _time_up(self, update: Update, viewer: int | None) -> str:
        """What a person is told of a step made for them on time-out (``update.timed_out``)."""
        if update.by == "system":
            return "Time's up: you passed."
        lines = [self.narrator.line(event, self.names, viewer) for event in update.events]
        what = " ".join(Text.from_markup(line).plain for line in lines if line)
        return f"Time's up — chosen for you: {what}" if what else "Time's up — chosen for you."

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
        if legal and self.played.pop(seat, None) is not None:
            # a new decision: no move of theirs has closed it, and what was said about the
            # last one ("Nothing is asked of you now") is out of date
            self._unsay()
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
            curtain = self.curtain[1]
            if self.screen is curtain:  # not already on its way out (Enter pressed just now)
                curtain.dismiss(False)
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
        seat = self._first_to_call()
        if seat is None:
            return
        if not self.session.hidden:
            self.shown = seat
            self._schedule_redraw()
            return
        self.shown = None
        self._unsay()  # a message to the person leaving the screen is not the next one's
        self._schedule_redraw()
        kind = self.latest[seat].view["pending"]["kind"]
        why = "grab now!" if kind == Kind.RACE.value else "your move."
        curtain = Curtain(self.session.names[seat], why)
        self.curtain = (seat, curtain)

        def arrived(ready: bool | None) -> None:
            self.curtain = None
            if ready and seat in self.asking:
                self.shown = seat
                told = self.time_up.pop(seat, None)
                if told is not None:
                    self._say(f"[b]{escape(told)}[/]")
                update = self.latest.get(seat)
                if update is not None and update.time_left is not None:
                    self.deadline = self.live.clock.now() + update.time_left
            self._schedule_redraw()
            self._next_person()

        self.push_screen(curtain, arrived)

    def _first_to_call(self) -> int | None:
        """Who comes to the screen next: the first person asked; in a race, of the people
        waiting to grab, the one called to a race least often so far (then by seat), so that
        people at one screen take turns at being first to the cards."""
        waiting = list(self.asking)
        racing = [s for s in waiting if self.latest[s].view["pending"]["kind"] == Kind.RACE.value]
        if not racing:
            return waiting[0] if waiting else None
        seat = min(racing, key=lambda s: (self.race_calls.get(s, 0), s))
        self.race_calls[seat] = self.race_calls.get(seat, 0) + 1
        return seat

    # ---- moves -------------------------------------------------------------------------------
    def _send(self, seat: int, action: Any, version: int, why: Why | None = None) -> None:
        self.inflight[seat] = version
        self.run_worker(self._submit(seat, action, version, why), group="move", exit_on_error=False)

    async def _submit(self, seat: int, action: Any, version: int, why: Why | None) -> None:
        label = self._label(action)
        done: int | None = None
        said = ANSWERED.get(why or "", "")
        if said:  # before the move's own events, which it explains
            self._lines.append(Text(f"{said}: {label}.", style="dim"))
        try:
            done = await self.live.submit(seat, action, version)
            self.played[seat] = action
            self._unsay()  # a refusal (or "Armed: ...") said before this move is done with
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
            label = escape(self._label(action))
            if self.legal[seat]:
                self._say(f"{label}: no longer possible.")
            elif seat in self.played:  # the person's own move closed the decision
                played = escape(self._label(self.played[seat]))
                self._say(f"Nothing is asked of you now (you played {played}).")
            else:  # the decision it was for has closed (another move came first): not refused
                self._say(f"[b red]Too slow:[/] the table moved on before your {label}.")
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
    def action_help(self) -> None:
        """Show the keys and the rules."""
        keys = table_keys(self.arms, self.windows)
        self.push_screen(Help(self.game.title, self.game.rules_text(), keys))

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
        self.exit(self.session.result(self.names))


def run_table(session: Session) -> TableResult | None:
    """Play a session at the live table (the terminal's alternate screen); its result."""
    return TableApp(session).run()
