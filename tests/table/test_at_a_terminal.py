"""``gamenight play`` at a real terminal (a pseudo-terminal here): the live table opens on the
alternate screen, and leaving it saves the record; ``--line`` keeps line mode all the same."""

from __future__ import annotations

import fcntl
import json
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

# The table runs on real clocks: on a loaded machine a deadline can pass before the pilot
# acts. A rerun tells a slow machine from a real failure.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)

#: How long to wait for the program to show something (a guard, not a speed check).
WAIT = 60.0

GAMENIGHT = Path(sys.executable).with_name("gamenight")

#: Terminal escape codes (styles, cursor moves, modes), to read what was written as text.
ESCAPES = re.compile(
    r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-B]|[=>])"
)


class Terminal:
    """``gamenight`` run on a pseudo-terminal of 100 x 30, read as it writes."""

    def __init__(self, args: list[str], state: Path) -> None:
        # `make test` installs the command: without it these checks cannot run, so they fail
        assert GAMENIGHT.exists(), f"{GAMENIGHT} is missing: run the tests with make test"
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        env = {**os.environ, "XDG_STATE_HOME": str(state), "TERM": "xterm-256color"}
        self.process = subprocess.Popen(
            [str(GAMENIGHT), *args], stdin=slave, stdout=slave, stderr=slave, env=env
        )
        os.close(slave)
        self.seen = ""

    @property
    def text(self) -> str:
        """What was written, without the escape codes that style and place it."""
        return ESCAPES.sub("", self.seen)

    def wait_for(self, text: str) -> None:
        """Read until ``text`` has been written (escape codes aside)."""
        end = time.monotonic() + WAIT
        while text not in self.text:
            if time.monotonic() > end:
                raise AssertionError(f"never saw {text!r}; last: {self.seen[-300:]!r}")
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.seen += os.read(self.master, 65536).decode("utf-8", "replace")
                except OSError:  # the program has ended and closed the terminal
                    time.sleep(0.05)

    def start(self) -> None:
        """Start the match at the start screen, as a person does: Enter."""
        self.wait_for("Press Enter to start")
        self.type("\r")

    def leave_table(self) -> None:
        """Leave the live table as a person does: q, then y at the question."""
        self.type("q")
        self.wait_for("Leave the table?")
        self.type("y")
        self.wait_for("Go on with:")

    def type(self, keys: str) -> None:
        """Type ``keys`` at the terminal."""
        os.write(self.master, keys.encode())

    def close(self) -> int:
        """Wait for the program to end (end it if it does not) and return its exit code."""
        try:
            return self.process.wait(timeout=WAIT)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            os.close(self.master)


def test_play_at_a_terminal_opens_the_live_table_and_leaving_saves_the_record(
    tmp_path: Path,
) -> None:
    """At a terminal the table opens on the alternate screen (and leaves it); q then y leave
    the match with its record in the state folder, and the command says how to go on."""
    term = Terminal(["play", "toss-up", "--seats", "human:Ann,hold:20"], tmp_path)
    try:
        term.wait_for("Ann (seat 0)")
        assert "\x1b[?1049h" in term.seen  # the alternate screen
        term.start()
        term.wait_for("Your move")
        term.leave_table()
    finally:
        code = term.close()
    assert code == 0
    record = Path(re.findall(r"gamenight play --resume (\S+\.json)", term.text)[-1])
    assert record.parent == tmp_path / "gamenight"
    data = json.loads(record.read_text())
    assert data["seats"] == ["human:Ann", "hold:20"]
    assert data["outcome"] is None


def test_the_arrows_and_enter_pick_a_move_with_no_tab_first(tmp_path: Path) -> None:
    """The keys promise "↑ ↓ Enter: pick a move from the list": at a real terminal the list has
    the keys as soon as moves are on offer, with no Tab pressed first."""
    record = tmp_path / "arrows.json"
    args = ["play", "toss-up", "--seats", "human:Ann,hold:20", "--record", str(record)]
    term = Terminal([*args, "--seed", "9"], tmp_path)
    try:
        term.start()
        term.wait_for("Your move")
        time.sleep(0.5)
        term.type("\x1b[B")  # the down arrow: the first move on offer
        time.sleep(0.3)
        term.type("\r")
        end = time.monotonic() + WAIT
        while not any(s["player"] == 0 for s in json.loads(record.read_text())["steps"]):
            assert time.monotonic() < end, "Enter played no move"
            time.sleep(0.1)
        term.leave_table()
    finally:
        assert term.close() == 0


def test_the_coach_comes_to_the_live_table(tmp_path: Path) -> None:
    """`--coach` at a terminal opens the live table (not line mode) with the coach's line under
    the board while the person decides; q then y leave as usual."""
    args = ["play", "toss-up", "--seats", "human:Ann,optimal", "--coach", "--seed", "9"]
    term = Terminal(args, tmp_path)
    try:
        term.wait_for("Ann (seat 0)")
        assert "\x1b[?1049h" in term.seen  # the alternate screen: the live table
        term.start()
        term.wait_for("Coach: roll on and you win")
        term.leave_table()
    finally:
        assert term.close() == 0


def test_line_mode_at_a_terminal_when_asked_for(tmp_path: Path) -> None:
    """``--line`` at a terminal: the prompt of line mode, no full screen; quit leaves."""
    term = Terminal(["play", "toss-up", "--seats", "human,hold:20", "--line"], tmp_path)
    try:
        term.wait_for("Your move: 1) roll  2) bank")
        term.type("quit\r")
        term.wait_for("You left the game.")
    finally:
        code = term.close()
    assert code == 0
    assert "\x1b[?1049h" not in term.seen


def test_the_rules_page_opens_in_a_pager_at_a_terminal(tmp_path: Path) -> None:
    """`gamenight rules` at a terminal shows the page a screen at a time, in colour (not raw
    escape codes); q leaves."""
    term = Terminal(["rules", "cover-your-cookies"], tmp_path)
    try:
        term.wait_for("Goal")
        time.sleep(0.5)
        assert "Rulings this project follows" not in term.text  # not the whole page at once
        assert "ESC[" not in term.seen and "^[[" not in term.seen
        term.type("q")
    finally:
        assert term.close() == 0


def test_enter_typed_before_the_table_appears_starts_the_match(tmp_path: Path) -> None:
    """Enter pressed while the command is still loading (the terminal keeps it, as a newline,
    until the table reads it) counts: the table starts without asking for it again."""
    term = Terminal(["play", "toss-up", "--seats", "human:Ann,hold:20"], tmp_path)
    try:
        term.type("\r")  # at once: the program has not shown anything yet
        term.wait_for("Your move")
        term.leave_table()
    finally:
        assert term.close() == 0
