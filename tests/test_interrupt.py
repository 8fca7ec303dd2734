"""Ctrl-C in the middle of a run: real ``gamenight`` processes sent SIGINT while they play.

A terminal's Ctrl-C signals the whole process group; ``kill -INT`` (or ``timeout -s INT``)
signals the main process alone. Either way the command stops within seconds, prints one
``interrupted`` line and no traceback, exits with status 130, leaves no worker process behind
and no file as if it were complete.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

# Real processes and clocks: under a loaded machine a step can miss its time limit, so these
# tests get two more tries (pytest-rerunfailures); a real fault fails all three.
pytestmark = [
    pytest.mark.flaky(reruns=2, reruns_delay=2),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"),
]

SRC = Path(__file__).resolve().parent.parent / "src"
#: Far more games than any test waits for: a run is always interrupted in the middle.
GAMES = "3000000"
#: Seconds a command has to stop once interrupted (it takes well under one; this is for a
#: loaded machine).
STOP_WITHIN = 20.0


def start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    """``python -m gamenight ...`` from this tree's sources, in a process group of its own."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]))
    return subprocess.Popen(
        [sys.executable, "-m", "gamenight", *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def parents() -> dict[int, int]:
    """Every live process's parent, from /proc (zombies count as gone)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, ppid = stat.rpartition(")")[2].split()[:2]
        if state != "Z":
            found[int(entry.name)] = int(ppid)
    return found


def descendants(pid: int) -> set[int]:
    """The live processes started by ``pid``, and by them, and so on."""
    table = parents()
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for child, ppid in table.items():
            if ppid == parent and child not in found:
                found.add(child)
                todo.append(child)
    return found


def wait_for(check: object, what: str, timeout: float = 60.0) -> None:
    """Poll ``check()`` until it is true, or fail naming ``what``."""
    assert callable(check)
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.1)


def interrupt(
    proc: subprocess.Popen[str], whole_group: bool, sent_signal: int = signal.SIGINT
) -> tuple[str, str, float]:
    """SIGINT (or ``sent_signal``) to the main process (or its whole group); its output and
    the seconds it took to exit. A process still running after ``STOP_WITHIN`` seconds fails
    the test."""
    sent = time.monotonic()
    if whole_group:
        os.killpg(proc.pid, sent_signal)
    else:
        os.kill(proc.pid, sent_signal)
    try:
        out, err = proc.communicate(timeout=STOP_WITHIN)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"still running {STOP_WITHIN:.0f} s after {signal.Signals(sent_signal).name}")
    return out, err, time.monotonic() - sent


def assert_interrupted(proc: subprocess.Popen[str], err: str) -> None:
    assert proc.returncode == 130, err
    assert "interrupted" in err
    assert "Traceback" not in err, err


def gone(pids: set[int]) -> bool:
    return not pids & set(parents())


@pytest.mark.parametrize("whole_group", [False, True], ids=["main-process", "process-group"])
def test_ctrl_c_stops_a_run_in_two_workers_and_its_workers(
    tmp_path: Path, whole_group: bool
) -> None:
    lines = tmp_path / "games.jsonl"
    args = ["simulate", "toss-up", "--bots", "hold:20,hold:20", "--games", GAMES, "--seed", "1"]
    proc = start([*args, "--workers", "2", "--jsonl", str(lines)], tmp_path)
    # playing: the fork server and the resource tracker, and two workers forked by the server
    wait_for(lambda: len(descendants(proc.pid)) >= 4, "two worker processes")
    time.sleep(1.0)  # the workers well into their first chunks
    started = descendants(proc.pid)
    assert proc.poll() is None, proc.communicate()
    out, err, took = interrupt(proc, whole_group)
    assert_interrupted(proc, err)
    assert out == ""  # no report
    wait_for(lambda: gone(started), "the worker processes to be gone", timeout=10)
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # neither the lines nor a spare
    assert took < STOP_WITHIN


def test_ctrl_c_stops_a_run_in_one_process(tmp_path: Path) -> None:
    lines = tmp_path / "games.jsonl"
    args = ["simulate", "toss-up", "--bots", "hold:20,hold:20", "--games", GAMES, "--seed", "1"]
    proc = start([*args, "--workers", "1", "--jsonl", str(lines)], tmp_path)
    # playing: the lines of the first games reach the file being written beside the target
    wait_for(
        lambda: any(p.stat().st_size > 0 for p in tmp_path.glob(".games.jsonl.*.writing")),
        "the first games' lines",
    )
    out, err, _ = interrupt(proc, whole_group=False)
    assert_interrupted(proc, err)
    assert out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "command",
    [
        ["sweep", "--vary", "target=50,100"],
        ["report", "--out", "report.html"],
        ["ladder"],
    ],
    ids=["sweep", "report", "ladder"],
)
def test_ctrl_c_stops_every_study_command_in_workers(tmp_path: Path, command: list[str]) -> None:
    bots = "hold:20,hold:25" if command[0] == "ladder" else "hold:20,hold:20"
    args = [command[0], "toss-up", "--bots", bots, *command[1:], "--games", GAMES]
    proc = start([*args, "--workers", "2"], tmp_path)
    wait_for(lambda: len(descendants(proc.pid)) >= 4, "two worker processes")
    time.sleep(0.5)
    started = descendants(proc.pid)
    out, err, _ = interrupt(proc, whole_group=False)
    assert_interrupted(proc, err)
    assert out == ""
    wait_for(lambda: gone(started), "the worker processes to be gone", timeout=10)
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no report


def test_sigterm_stops_a_run_and_its_workers_too(tmp_path: Path) -> None:
    """``kill`` or ``timeout`` (SIGTERM) to the main process: the run stops as for Ctrl-C, says
    ``terminated``, exits with status 143 and leaves no worker idle behind it (by default
    SIGTERM would end the main process alone, and its workers would wait for work for ever)."""
    lines = tmp_path / "games.jsonl"
    args = ["simulate", "toss-up", "--bots", "hold:20,hold:20", "--games", GAMES, "--seed", "1"]
    proc = start([*args, "--workers", "2", "--jsonl", str(lines)], tmp_path)
    wait_for(lambda: len(descendants(proc.pid)) >= 4, "two worker processes")
    time.sleep(1.0)
    started = descendants(proc.pid)
    _out, err, _took = interrupt(proc, whole_group=False, sent_signal=signal.SIGTERM)
    assert proc.returncode == 143, err
    assert "terminated" in err and "Traceback" not in err, err
    wait_for(lambda: gone(started), "the worker processes to be gone", timeout=10)
    assert sorted(p.name for p in tmp_path.iterdir()) == []
