"""The human player at the terminal: shows the view, lists the legal moves, reads a line.

Input may come from a keyboard or a pipe. A move is typed as its number in the list or as its
text; anything else gets one clear line saying what is allowed, and the prompt comes back.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, TextIO

from rich.console import Console
from rich.markup import escape

from gamenight.bots.base import Agent
from gamenight.engine.core import View
from gamenight.engine.errors import MalformedAction
from gamenight.engine.game import Game
from gamenight.engine.match import Match
from gamenight.terminal.render import Renderer


class InputClosed(Exception):
    """The input ended before the game did."""


class LeftGame(Exception):
    """The person typed ``quit``: the game stops here (its record is kept, to go on later)."""


#: Words that are never moves: ``help`` lists the moves again, ``quit`` leaves the game.
HELP_WORDS = ("help", "?")
QUIT_WORDS = ("quit", "exit")


class HumanAgent(Agent):
    """A person at the terminal. Their measured reaction time counts in races."""

    auto_single = False

    def __init__(
        self,
        game: Game[Any, Any],
        seat: int,
        name: str,
        console: Console,
        stream: TextIO,
        renderer: Renderer,
        names: list[str],
        hot_seat: bool = False,
        *,
        auto: bool = True,
    ) -> None:
        super().__init__(game, seat, name)
        self.console = console
        self.stream = stream
        self.renderer = renderer
        self.names = names
        self.hot_seat = hot_seat
        #: Whether the renderer may answer for a lone person (``play --ask-all`` turns it off).
        self.auto = auto
        self.last_delay = 0.0
        #: Whether to show the game's coach before each decision (``play --coach``).
        self.coach = False
        #: The match being played, set by the play loop: only used to ask the game why a typed
        #: move is refused (the same reason ``Match.submit`` would give this player).
        self.match: Match | None = None
        #: At a shared screen: the move of this person's that a faster one beat, said to them
        #: when the curtain next hands them the screen (never to the table).
        self.beaten: str | None = None

    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Show the view and ask until a legal move is typed.

        A lone person (no hot seat) is not asked when the game's renderer names an automatic
        answer (such as a pass that is the only legal move); that answer is made at once,
        unless ``auto`` is off.
        """
        if self.auto and not self.hot_seat:
            auto = self.renderer.auto_answer(view, legal)
            if auto is not None and auto in legal:
                self.last_delay = 0.0
                return auto
        if self.hot_seat:
            self.console.print(
                f"\n[bold]{escape(self.name)}[/], your move. Press Enter when only "
                "you can see the screen (or type quit to leave)."
            )
            if self._readline().strip().lower() in QUIT_WORDS:
                raise LeftGame(f"{self.name} left the game")
        self.console.rule(f"{escape(self.name)} (seat {self.seat})")
        if self.beaten is not None:
            self.console.print(f"[bold red]Too slow![/] {self._not_played(self.beaten)}")
            self.beaten = None
        self.renderer.show(self.console, view, self.seat, self.names)
        if self.coach:
            advice = self.renderer.advice(self.game, view)
            if advice:
                self.console.print(f"[cyan]{escape(advice)}[/]")
        texts = [self.game.action_to_text(a) for a in legal]
        started = time.monotonic()
        while True:
            options = "  ".join(
                f"[bold]{i}[/]) {escape(self.renderer.action_label(t, a))}"
                for i, (t, a) in enumerate(zip(texts, legal, strict=True), 1)
            )
            self.console.print(f"Your move: {options}")
            line = self._readline().strip()
            if line.lower() in QUIT_WORDS:
                raise LeftGame(f"{self.name} left the game")
            if line.lower() in HELP_WORDS:
                self.console.print(
                    "Type a move's number or its words (as listed above); [bold]quit[/] leaves "
                    "the game (with --record, go on later with gamenight play --resume FILE)."
                )
                continue
            try:
                action = self.parse(line, legal, texts)
            except MalformedAction as exc:
                self.console.print(f"[red]{escape(str(exc))}[/]")
                continue
            self.last_delay = time.monotonic() - started
            if self.hot_seat:
                self.console.clear()
            return action

    def parse(self, line: str, legal: Sequence[Any], texts: list[str]) -> Any:
        """A move from its number or its text; ``MalformedAction`` says what is allowed."""
        allowed = f"type a number from 1 to {len(legal)} or one of: {', '.join(texts)}"
        if not line:
            raise MalformedAction(f"no move given; {allowed}")
        if line.isascii() and line.isdigit():
            index = int(line)
            if 1 <= index <= len(legal):
                return legal[index - 1]
            raise MalformedAction(f"there is no move {index}; {allowed}")
        try:
            action = self.game.action_from_text(line)
        except MalformedAction as exc:
            raise MalformedAction(f"{exc}, or a move's number from 1 to {len(legal)}") from None
        if action not in legal:
            reason = None
            if self.match is not None:
                reason = self.game.explain_illegal(self.match.state, self.seat, action)
            raise MalformedAction(f"{reason or repr(line) + ' is not a legal move now'}; {allowed}")
        return action

    def outpaced(self, action: Any, closed: bool = False) -> None:
        """Say that the person's move was not played because a faster one took what it reached
        for. Nothing is said when the window closed or the game ended first (there is nothing
        left to do about it). At a shared screen nothing is said to the table either (the next
        person may already be looking, and "Player 3's move was not played" would tell everyone
        that Player 3 had a move to make): the person is told when the curtain next hands them
        the screen, if it does."""
        if closed:
            return
        label = self.renderer.action_label(self.game.action_to_text(action), action)
        if self.hot_seat:
            self.beaten = label
            return
        self.console.print(f"[bold red]Too slow![/] {self._not_played(label)}")

    @staticmethod
    def _not_played(label: str) -> str:
        return f"Your move ({escape(label)}) was not played: another player's move came first."

    def reaction_time(self, view: View, action: Any, rng: random.Random) -> float:
        """The time the person took to answer."""
        return self.last_delay

    def _readline(self) -> str:
        line = self.stream.readline()
        if not line:
            raise InputClosed("the input ended before the game did")
        if not self.stream.isatty():
            self.console.print(f"[dim]> {escape(line.rstrip())}[/]")
        return line
