"""The live table's own behaviour: answers made for a person, armed responses, the curtain
between people, names, typed moves, help, and leaving with the record saved to go on later."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import random
import re
import stat
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Static

from gamenight.engine import Kind, Match
from gamenight.engine.registry import make_game
from gamenight.games.paper_toss.state import PASS, Bully
from gamenight.live import LiveSettings
from gamenight.live.clock import VirtualClock
from gamenight.terminal.play import load_record, resume_match
from gamenight.terminal.table import view as table_view
from gamenight.terminal.table.app import TableApp, TableResult
from gamenight.terminal.table.capture import plain
from gamenight.terminal.table.screens import Arm, Curtain, Help, Leave, Ready
from tests.paper_toss.helpers import game as paper_toss
from tests.paper_toss.helpers import match_at, state_at
from tests.table.helpers import PATIENT, asked, board_text, events_text, play_through, session
from tests.table.test_races import until

# The table runs on real clocks: on a loaded machine a deadline can pass before the pilot
# acts. A rerun tells a slow machine from a real failure.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)


def test_a_window_with_only_a_pass_is_passed_for_a_lone_person_unless_they_ask_for_all() -> None:
    """A response window where the person holds nothing that could answer: the table passes
    for them at once; with ``--ask-all`` they are asked, and the pass is the only move shown."""

    async def window(ask_all: bool) -> tuple[list[Any], bool]:
        g = paper_toss(3)
        match = match_at(g, state_at(g, "after", [[], ["dog"], ["kid"]], turn=1))
        start = match.version
        app = TableApp(session("paper-toss", "human,default,default", match=match, ask_all=ask_all))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: asked(app) == 0 or any(s.player == 0 for s in match.steps))
            was_asked = asked(app) == 0
            legal = list(app.legal[0]) if was_asked else []
            return ([s.action for s in match.steps[start:] if s.player == 0] or legal), was_asked

    passed, was_asked = asyncio.run(window(ask_all=False))
    assert (passed, was_asked) == ([PASS], False)
    shown, was_asked = asyncio.run(window(ask_all=True))
    assert (shown, was_asked) == ([PASS], True)


def test_a_bully_held_is_not_asked_about_at_every_window_with_quiet_windows() -> None:
    """Paper Toss!: Bully "may be played at every window". With quiet windows (the default for
    a lone person) a window where only Bully could be played passes by; with them off (w), the
    person is asked, with the pass and a Bully on each other player."""

    async def window(toggle: bool) -> tuple[bool, list[Any]]:
        g = paper_toss(3)
        match = match_at(g, state_at(g, "after", [["bully"], ["dog"], ["kid"]], turn=1))
        app = TableApp(session("paper-toss", "human,default,default", match=match))
        async with app.run_test(size=(100, 32)) as pilot:
            if toggle:
                await pilot.press("w")
            await until(pilot, lambda: asked(app) == 0 or any(s.player == 0 for s in match.steps))
            return asked(app) == 0, list(app.legal[0]) if asked(app) == 0 else []

    assert asyncio.run(window(toggle=False)) == (False, [])
    was_asked, legal = asyncio.run(window(toggle=True))
    assert was_asked
    assert legal == [PASS, Bully(1), Bully(2)]


def test_an_armed_bully_on_the_leader_is_played_at_the_next_window() -> None:
    """Arming ahead: during another player's turn the person arms "Bully the leader at the
    next window"; when the window opens, the table plays Bully on whoever has the most tokens
    (seat 2, with 3), and forgets the armed response."""

    async def main() -> None:
        g = paper_toss(3)
        match = match_at(
            g,
            state_at(g, "main", [["bully"], ["paper_toss"], ["kid"]], turn=1, tokens=(0, 1, 3)),
        )
        start = match.version
        # The bot thinks two seconds over its turn, on virtual time: the person arms first.
        thinking = LiveSettings.fast(
            start_pause=0.0, turn_limit=None, window_limit=None, bot_think=(2.0, 2.0)
        )
        clock = VirtualClock()
        app = TableApp(
            session(
                "paper-toss", "human,default,default", match=match, settings=thinking, clock=clock
            )
        )
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: app.latest.get(0) is not None)
            await pilot.press("a")
            await until(pilot, lambda: isinstance(app.screen, Arm))
            arm = app.screen
            assert isinstance(arm, Arm)
            labels = [r.label for r in arm.responses]
            assert labels[0] == "Bully the leader at the next window"
            await pilot.press("enter")  # the first response is highlighted
            await until(pilot, lambda: 0 in app.armed)
            assert "armed: Bully the leader" in str(app.query_one("#title").render())
            await clock.advance(2.5)  # the bot's turn is played: the window opens
            await until(pilot, lambda: any(s.player == 0 for s in match.steps[start:]))
            mine = [s.action for s in match.steps[start:] if s.player == 0]
            assert mine[0] == Bully(2)
            assert 0 not in app.armed
            await clock.advance(1.0)
            await until(
                pilot,
                lambda: "You bully smart" in events_text(app),  # "...: 1 token lost"
            )

    asyncio.run(main())


def test_hot_seat_hides_the_table_between_people_and_calls_each_by_name(tmp_path: Path) -> None:
    """Two people at one screen (Cover Your Cookies hides hands): before each person's move a
    curtain names them and the board shows no hand; behind it, only that person's hand is
    shown, and a message said to one person does not follow them past the curtain. The record
    keeps their names."""

    async def main() -> None:
        record = tmp_path / "hot.json"
        app = TableApp(session("cover-your-cookies", "human:Ann,human:Bob,default", record=record))
        curtains: list[str] = []
        seen: list[int] = []

        def at_curtain(app: TableApp, curtain: Curtain) -> None:
            assert app.shown is None  # nothing of a hand behind the curtain
            assert "No move has the key" not in str(app.query_one("#status").render())
            if not curtains or curtains[-1] != curtain.person:
                curtains.append(curtain.person)

        def on_ask(app: TableApp, seat: int) -> None:
            seen.append(seat)
            title = str(app.query_one("#title").render())
            assert f"{app.session.names[seat]} (seat {seat})" in title
            assert "Your hand" in board_text(app)  # the hand of the person at the screen
            assert f"{app.session.names[seat]}, your move" in app._prompt()  # a shared screen
            app.press("~")  # no move has this key: the status line says so, to this person
            assert "No move has the key" in str(app.query_one("#status").render())

        async with app.run_test(size=(100, 32)) as pilot:
            await play_through(
                app,
                pilot,
                random.Random(5),
                on_ask=on_ask,
                on_curtain=at_curtain,
                until=lambda: len(curtains) >= 4,
            )
            await pilot.press("ctrl+c")  # leaves at once, the record saved
            await pilot.pause(0.05)
        assert curtains[:4] in (["Ann", "Bob", "Ann", "Bob"], ["Bob", "Ann", "Bob", "Ann"])
        assert set(seen) == {0, 1}
        data = json.loads(record.read_text())
        assert data["seat_names"][:2] == ["Ann", "Bob"]
        assert data["seats"] == ["human:Ann", "human:Bob", "default"]
        assert len(data["steps"]) == app.session.match.version

    asyncio.run(main())


def test_leaving_saves_the_record_and_resume_goes_on_from_there(tmp_path: Path) -> None:
    """q then y leaves a match under way: the record holds every step so far and who sat
    where; resumed from it, the table opens at that step and plays on to the end."""

    async def first_part(record: Path) -> tuple[TableResult | None, int]:
        app = TableApp(session("toss-up", "human:Alice,hold:20", record=record))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: asked(app) == 0)
            await pilot.press("r")
            await until(pilot, lambda: asked(app) == 0 and app.session.match.version > 1)
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, Leave))
            await pilot.press("y")
            await pilot.pause(0.05)
            return app.return_value, app.session.match.version

    record = tmp_path / "game.json"
    result, version = asyncio.run(first_part(record))
    assert result is not None and not result.over
    assert f"gamenight play --resume {record}" in result.lines[-1]
    data = load_record(record)
    assert len(data["steps"]) == version
    assert data["seats"] == ["human:Alice", "hold:20"]
    assert data["seat_names"] == ["Alice", "hold:20"]
    assert data["outcome"] is None

    async def second_part() -> None:
        match, seats = resume_match(load_record(record), str(record))
        assert match.version == version and seats == ["human:Alice", "hold:20"]
        app = TableApp(session("toss-up", ",".join(seats), match=match, record=record))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: app.latest.get(0) is not None)
            assert f"step {version}" in str(app.query_one("#title").render())
            assert "Alice (seat 0)" in str(app.query_one("#title").render())
            await play_through(app, pilot, random.Random(2))

    asyncio.run(second_part())
    assert load_record(record)["outcome"] is not None


def test_a_move_typed_in_words_is_played_and_a_bad_one_is_explained() -> None:
    """`:` opens a line for a move in words, as in line mode: ``roll`` is played; a word that
    is no move gets one line saying what went wrong, and nothing is played."""

    async def main() -> None:
        app = TableApp(session("toss-up", "human,hold:20", settings=PATIENT))
        match = app.session.match
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: asked(app) == 0)
            before = match.version
            await pilot.press("colon", *"jump", "enter")
            await pilot.pause(0.05)
            assert match.version == before
            status = str(app.query_one("#status").render())
            assert "jump" in status
            await pilot.press("colon", *"roll", "enter")
            await until(pilot, lambda: match.version > before)
            assert match.steps[before].player == 0
            # the refusal goes once a move of the person's is accepted
            await until(pilot, lambda: "jump" not in str(app.query_one("#status").render()))

    asyncio.run(main())


def test_help_shows_the_keys_and_the_rules_and_escape_closes_it() -> None:
    """`?` opens the help overlay (keys, then the game's rules), which PgDn scrolls; Esc goes
    back to the table. Toss Up! has no windows, so its help lists no keys for them; there is
    no palette of the toolkit's own commands (its Quit would skip the question on leaving)."""

    async def main() -> None:
        app = TableApp(session("toss-up", "human,hold:20"))
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, Help))
            help_screen = app.screen
            assert isinstance(help_screen, Help)
            assert "arm a response" not in help_screen.text
            assert "quiet windows" not in help_screen.text
            assert "`e`" in help_screen.text and "`q`" in help_screen.text
            assert app.game.rules_text()[:40] in help_screen.text
            scroll = help_screen.query_one(VerticalScroll)
            await pilot.pause(0.2)
            await pilot.press("pagedown")  # the help scrolls, not the board behind it
            await until(pilot, lambda: scroll.scroll_y > 0)
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, Help))
            await pilot.press("ctrl+p")
            await pilot.pause(0.1)
            assert app.screen is app.screen_stack[0], "no command palette opened"

    asyncio.run(main())

    async def paper_toss_help() -> str:
        app = TableApp(session("paper-toss", "human,smart"))
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, Help))
            assert isinstance(app.screen, Help)
            return app.screen.text

    text = asyncio.run(paper_toss_help())
    assert "arm a response" in text and "quiet windows on or off" in text


def test_a_lone_person_is_never_asked_what_the_table_answers_for_them() -> None:
    """In a whole Paper Toss! game a lone person is asked only with a real choice: never with
    a single move outside a race, never in a window where only a pass, or only a pass and
    cards for any window, could be played."""
    from gamenight.games.paper_toss.state import FlatTire

    async def main() -> None:
        app = TableApp(session("paper-toss", "human,default", seed=4))
        windows = 0

        def on_ask(app: TableApp, seat: int) -> None:
            nonlocal windows
            legal = app.legal[seat]
            kind = Kind(app.latest[seat].view["pending"]["kind"])
            assert len(legal) > 1 or kind is Kind.RACE, legal
            if kind is Kind.REACTION:
                windows += 1
                assert any(a != PASS and not isinstance(a, Bully | FlatTire) for a in legal)

        async with app.run_test(size=(100, 32)) as pilot:
            await play_through(app, pilot, random.Random(4), on_ask=on_ask)
        passes = sum(1 for s in app.session.match.steps if s.player == 0 and s.action == PASS)
        assert passes > windows

    asyncio.run(main())


def test_when_a_window_runs_out_of_time_the_table_says_it_passed_for_the_person() -> None:
    """A window "closes by passing for everyone still asked" when its time runs out: a person
    who holds a Hazard but does not answer in time is passed for, and the events pane says so."""

    async def main() -> None:
        g = paper_toss(3)
        match = match_at(g, state_at(g, "hazard", [["dog"], ["kid"], ["food"]], turn=1))
        hurried = LiveSettings.fast(turn_limit=None, window_limit=0.3, reaction_scale=1000.0)
        app = TableApp(
            session("paper-toss", "human,default,default", match=match, settings=hurried)
        )
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: "Time's up: you passed." in events_text(app))
        assert [s.action for s in match.steps if s.player == 0][:1] == [PASS]

    asyncio.run(main())


def test_a_move_the_table_makes_for_a_person_is_told_before_what_it_does(tmp_path: Path) -> None:
    """A move the table makes for a person ("Your only move: ...") is told just before the
    lines of what it does, not after them (nor after later turns' lines), even while the
    record is being written after the step."""

    async def main() -> str:
        record = tmp_path / "told.json"
        app = TableApp(session("toss-up", "human,hold:20", settings=PATIENT, record=record))
        match = app.session.match
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: asked(app) == 0)
            before = match.version
            bank = next(a for a in app.legal[0] if app.game.action_to_text(a) == "bank")
            app._send(0, bank, before, "forced")
            await until(pilot, lambda: match.version > before)
            await until(pilot, lambda: "You bank" in events_text(app))
            await pilot.pause(0.2)
            return events_text(app)

    text = asyncio.run(main())
    assert "Your only move: bank" in text
    assert text.index("Your only move: bank") < text.index("You bank"), text


def test_a_message_leaves_the_status_line_after_a_while(monkeypatch: pytest.MonkeyPatch) -> None:
    """A message (a refusal, "Armed: ...") does not stay on the status line for the rest of the
    match: it goes after ``MESSAGE_LASTS`` seconds (shortened here) even if nothing happens."""
    monkeypatch.setattr(table_view, "MESSAGE_LASTS", 0.3)

    async def main() -> None:
        app = TableApp(session("toss-up", "human,hold:20", settings=PATIENT))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: asked(app) == 0)
            app.press("~")
            assert "No move has the key" in str(app.query_one("#status").render())
            await until(pilot, lambda: not str(app.query_one("#status").render()).strip())

    asyncio.run(main())


def test_a_key_pressed_after_the_decision_closed_says_too_slow() -> None:
    """A key pressed for a decision that another move has just closed (a pass in a window a
    hazard closed) is "Too slow", not "no longer possible" beside the same move offered anew."""

    async def main() -> str:
        app = TableApp(session("toss-up", "human,hold:20", settings=PATIENT))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: asked(app) == 0)
            app.legal[0] = []  # the moment between a closed decision and the next one
            app.press("b")
            return str(app.query_one("#status").render())

    status = asyncio.run(main())
    assert status.startswith("Too slow: the table moved on before your bank"), status


def test_a_key_pressed_again_after_ones_own_move_is_not_too_slow() -> None:
    """The key of a move the person has just played, pressed again before they are asked
    anew, is not "too slow" (their own move closed the decision): the table says nothing is
    asked of them now, until they are asked again."""

    async def main() -> tuple[str, str]:
        slow_bot = dataclasses.replace(PATIENT, bot_think=(0.6, 0.6), bot_forced=(0.6, 0.6))
        app = TableApp(session("toss-up", "human,hold:1", settings=slow_bot))
        match = app.session.match
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: asked(app) == 0)
            app.press("b")  # bank: the turn passes to the bot, which thinks for 0.6 s a move
            banked = match.version + 1
            await until(pilot, lambda: match.version >= banked and 0 not in app.inflight)
            assert match.steps[banked - 1].player == 0 and app.legal[0] == []
            app.press("b")
            said = str(app.query_one("#status").render())
            await until(pilot, lambda: match.version > banked + 1 and asked(app) == 0)
            return said, str(app.query_one("#status").render())

    said, later = asyncio.run(main())
    assert said.startswith("Nothing is asked of you now (you played bank)"), said
    assert "Nothing is asked" not in later, later


def test_the_coach_shows_under_the_board_while_the_person_is_asked() -> None:
    """`play toss-up --coach` at the live table: while the person decides to roll or bank, the
    board ends with the coach's chances of winning either way; a table without the coach
    shows none."""

    async def coached(coach: bool) -> str:
        app = TableApp(session("toss-up", "human,hold:20", settings=PATIENT, coach=coach))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: asked(app) == 0)
            await pilot.pause(0.2)
            return plain(app.board_view.content, width=120)

    shown = asyncio.run(coached(True))
    assert re.search(r"Coach: roll on and you win \d+\.\d%; bank now and you win \d+\.\d%", shown)
    assert "Coach:" not in asyncio.run(coached(False))


def test_people_at_one_screen_take_turns_at_being_first_to_a_race() -> None:
    """Hot seat: people come to the screen one after another, so in a race the first called
    has the head start. Of the people waiting to grab, the one called to a race least often
    comes first, so two people at one screen are first in turn, not the lower seat always."""

    async def main() -> list[int]:
        app = TableApp(session("toss-your-cookies", "human:Ann,human:Bob,smart", seed=2))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: all(s in app.latest for s in (0, 1)))
            race = {"kind": Kind.RACE.value, "players": [0, 1], "turn": 2, "window": "milk"}
            for seat in (0, 1):
                update = app.latest[seat]
                app.latest[seat] = dataclasses.replace(
                    update, view={**update.view, "pending": race}
                )
            firsts = []
            for _ in range(4):  # four races in which both wait to grab
                app.asking = {0: None, 1: None}
                firsts.append(app._first_to_call())
            return firsts

    assert asyncio.run(main()) == [0, 1, 0, 1]


def test_a_hot_seat_game_with_races_reaches_its_end() -> None:
    """Two people and two bots at one screen, Toss Your Cookies (races, blind draws, passes):
    the game is played to its end. (A person whose race closed just as they pressed Enter at
    the curtain was once never asked again, and the table stood still.)"""

    async def main() -> bool:
        seats = "human:Ann,human:Bob,smart,smart"
        app = TableApp(session("toss-your-cookies", seats, seed=1))
        async with app.run_test(size=(100, 32)) as pilot:
            await play_through(app, pilot, random.Random(1))
            await pilot.pause(0.1)
            return app.session.match.finished

    assert asyncio.run(main())


def test_nothing_moves_until_the_person_starts_and_q_at_the_start_leaves(tmp_path: Path) -> None:
    """A new match waits at the start screen: no card is dealt and no bot plays (in Toss Your
    Cookies a race could open before the person saw the table); Enter starts the clock. `q`
    there leaves before any step, and no record of the unplayed match is left behind."""

    async def start() -> None:
        app = TableApp(
            session("toss-your-cookies", "human,smart,smart", seed=5, wait_to_start=True)
        )
        match = app.session.match
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, Ready))
            assert "Press Enter to start" in plain(app.screen.query_one(Static).render())
            await pilot.pause(0.3)  # bots on quick clocks would have dealt and played by now
            assert match.version == 0 and not app.started
            await pilot.press("enter")
            await until(pilot, lambda: match.version > 0)
            assert not isinstance(app.screen, Ready)

    async def leave(record: Path) -> TableResult | None:
        app = TableApp(session("toss-up", "smart,human:Ann", wait_to_start=True, record=record))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, Ready))
            assert record.exists()  # written when the table opened
            await pilot.press("q")
            await pilot.pause(0.1)
        assert app.session.match.version == 0
        return app.return_value

    asyncio.run(start())
    record = tmp_path / "looked.json"
    result = asyncio.run(leave(record))
    assert result is not None and not result.over
    assert result.lines == ("Left before the start: nothing was played.",)
    assert not record.exists()  # nothing to go on with: no record left behind


def test_a_record_left_before_the_start_is_removed_but_never_a_fifo(tmp_path: Path) -> None:
    """`--record` naming a FIFO (or a device such as /dev/null): leaving before the start
    removes no FIFO or device, only a record file that was written."""
    fifo = tmp_path / "records"
    os.mkfifo(fifo)
    session("toss-up", "smart,human:Ann", wait_to_start=True, record=fifo).discard_record()
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    written = tmp_path / "record.json"
    left = session("toss-up", "smart,human:Ann", wait_to_start=True, record=written)
    left.save()
    left.discard_record()
    assert not written.exists()


def test_the_board_is_drawn_for_the_width_it_is_shown_at() -> None:
    """The game's renderer is told the board's width: Cover Your Cookies on 80 columns, or on
    120 beside the events pane, draws its narrow table (the seat in the player's column); on
    120 with the events pane hidden (`e`), the full one."""

    async def header(width: int, events: bool) -> str:
        app = TableApp(session("cover-your-cookies", "human,baker,baker,baker,baker"))
        async with app.run_test(size=(width, 40)) as pilot:
            await until(pilot, lambda: asked(app) == 0)
            if not events:
                await pilot.press("e")
            await pilot.pause(0.2)
            text = plain(app.board_view.content, width=width)
        return next(line for line in text.splitlines() if "stack (bottom" in line)

    narrow, beside = asyncio.run(header(80, True)), asyncio.run(header(120, True))
    wide = asyncio.run(header(120, False))
    assert beside.split()[0] == "player", beside
    assert narrow.split()[0] == "player", narrow
    assert wide.split()[0] == "seat", wide


def test_after_a_round_the_status_line_says_the_next_round_is_coming() -> None:
    """After a round is won the table waits before the next deal (so everyone sees how it
    ended), and the board already shows the new round: the status line says so meanwhile."""

    async def main() -> list[str]:
        settings = dataclasses.replace(PATIENT, round_pause=0.4)
        match = Match(make_game("toss-your-cookies", ["rounds=3"], players=3), seed=2)
        app = TableApp(session("", "human:Ann,smart,smart", match=match, settings=settings))
        said: list[str] = []
        real = app._say

        def say(markup: str) -> None:
            said.append(markup)
            real(markup)

        app._say = say  # type: ignore[method-assign]
        async with app.run_test(size=(100, 32)) as pilot:
            await play_through(
                app, pilot, random.Random(2), until=lambda: app.session.match.state.round >= 1
            )
            await pilot.pause(0.1)
        return said

    said = asyncio.run(main())
    assert any("The round is over" in s and "0.4 s" in s for s in said), said


def test_a_resumed_match_shows_its_last_events_before_the_break(tmp_path: Path) -> None:
    """Resumed from its record, the table's events pane opens with what happened in the last
    steps before the break (Alice's rolls: she is "You" at this screen), then says where it goes
    on, so the person sees where the game stood rather than an empty pane."""

    async def first_part(record: Path) -> int:
        app = TableApp(session("toss-up", "human:Alice,hold:20", record=record))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: asked(app) == 0)
            await pilot.press("r")
            await until(pilot, lambda: asked(app) == 0 and app.session.match.version > 1)
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, Leave))
            await pilot.press("y")
            await pilot.pause(0.05)
            return app.session.match.version

    record = tmp_path / "game.json"
    version = asyncio.run(first_part(record))

    async def second_part() -> None:
        match, seats = resume_match(load_record(record), str(record))
        app = TableApp(session("toss-up", ",".join(seats or ()), match=match, wait_to_start=True))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: "Resumed after" in events_text(app))
            shown = events_text(app)
            assert "You rolled" in shown, shown
            assert shown.index("You rolled") < shown.index(f"Resumed after {version} steps")
            assert app.session.match.version == version  # nothing played: it waits for Enter

    asyncio.run(second_part())


def test_moves_below_the_list_are_counted_plainly() -> None:
    """Cover Your Cookies at 100x30 offers more moves than the list has lines: under it, "↓ N
    more" says how many are out of sight; scrolled to the end, the hint goes."""

    async def main() -> None:
        app = TableApp(session("cover-your-cookies", "human,baker,baker", seed=3))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: asked(app) == 0)
            await pilot.pause(0.05)
            moves = len(app.legal[0])
            lines = app.choices.scrollable_content_region.height
            assert moves > lines, (moves, lines)
            more = app.query_one("#more")
            await until(pilot, lambda: f"↓ {moves - lines} more" in str(more.render()))
            assert more.display
            await pilot.press("end")
            await until(pilot, lambda: not more.display)

    asyncio.run(main())
