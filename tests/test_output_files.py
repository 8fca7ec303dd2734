"""The commands' output files (--jsonl, --out, --record): refused before anything is played when
they cannot be written, one clean line when writing fails, written through links and into FIFOs,
and never a file left beside them."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight.cli import app

runner = CliRunner()
TWO = ["toss-up", "--bots", "hold:20,hold:20", "--games", "20"]


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (["report", *TWO, "--out", "{path}"], "the report"),
        (["report", *TWO, "--out", "{ok}", "--jsonl", "{path}"], "game lines"),
        (["simulate", *TWO, "--jsonl", "{path}"], "game lines"),
        (["sweep", *TWO, "--vary", "target=50,60", "--jsonl", "{path}"], "game lines"),
        (["play", "toss-up", "--seats", "smart,smart", "--record", "{path}"], "the record"),
    ],
)
def test_an_output_that_cannot_be_written_is_refused_before_any_game(
    tmp_path: Path, args: list[str], what: str
) -> None:
    """A folder where no file can be made (/proc): one error line, status 2, no game played
    (no table, no report), and nothing left behind."""
    path = "/proc/gamenight-output"
    ok = tmp_path / "report.html"
    result = runner.invoke(app, [a.format(path=path, ok=ok) for a in args])
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"error: cannot write {what} to {path}: ")
    assert result.output.strip().count("\n") == 0, result.output
    assert list(tmp_path.iterdir()) == []


def _run_with_file_limit(
    args: list[str], folder: Path, limit: int
) -> subprocess.CompletedProcess[str]:
    """``gamenight ARGS`` in a process that may write no file past ``limit`` bytes (as a full
    disk would refuse more): writing past it fails with "File too large"."""
    code = textwrap.dedent(
        f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))
        sys.argv = ["gamenight", *{args!r}]
        from gamenight.cli import main
        main()
        """
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (["simulate", *TWO, "--games", "100", "--jsonl", "out.txt"], "game lines"),
        (["report", *TWO, "--out", "out.txt"], "the report"),
    ],
)
def test_a_failure_while_writing_is_one_line_and_keeps_the_earlier_file(
    tmp_path: Path, args: list[str], what: str
) -> None:
    (tmp_path / "out.txt").write_text("earlier\n")
    proc = _run_with_file_limit(args, tmp_path, 4000)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr == f"error: cannot write {what} to out.txt: File too large\n"
    assert (tmp_path / "out.txt").read_text() == "earlier\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_game_lines_go_through_a_link_to_its_target(tmp_path: Path) -> None:
    target = tmp_path / "kept" / "games.jsonl"
    target.parent.mkdir()
    target.write_text("earlier\n")
    link = tmp_path / "games.jsonl"
    link.symlink_to(target)
    result = runner.invoke(app, ["simulate", *TWO, "--games", "5", "--jsonl", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert [json.loads(line)["index"] for line in target.read_text().splitlines()] == [
        0,
        1,
        2,
        3,
        4,
    ]


def test_game_lines_go_straight_into_a_fifo(tmp_path: Path) -> None:
    """A reader at the other end gets every line, and the FIFO is still a FIFO."""
    fifo = tmp_path / "games"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()), daemon=True)
    reader.start()
    result = runner.invoke(app, ["simulate", *TWO, "--games", "3", "--jsonl", str(fifo)])
    reader.join(timeout=30)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert len(got) == 1 and len(got[0].splitlines()) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games"]


@pytest.mark.parametrize("stop", ["RuntimeError", "KeyboardInterrupt"])
def test_a_run_stopped_part_way_leaves_the_earlier_lines_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop: str
) -> None:
    """A bot that fails part way (an error of its own, or Ctrl-C while it thinks): the run
    stops, the file beside the lines is removed, and the earlier lines are kept."""
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "breaking_bots.py").write_text(
        textwrap.dedent(
            """
            from gamenight import Agent

            class Breaks(Agent):
                stop = RuntimeError
                calls = 0

                def act(self, view, legal, rng):
                    self.calls += 1
                    if self.calls > 100:
                        raise self.stop("stopped part way")
                    return legal[-1]

            class Interrupted(Breaks):
                stop = KeyboardInterrupt
            """
        )
    )
    monkeypatch.syspath_prepend(str(folder))
    bot = "breaking_bots:" + ("Breaks" if stop == "RuntimeError" else "Interrupted")
    lines = tmp_path / "games.jsonl"
    lines.write_text("earlier\n")
    args = ["simulate", "toss-up", "--bots", f"{bot},random", "--games", "500"]
    result = runner.invoke(app, [*args, "--jsonl", str(lines)])
    assert result.exit_code == (130 if stop == "KeyboardInterrupt" else 1)
    assert stop == "RuntimeError" or "interrupted" in result.output
    # a bot's own error is one line naming it and the error (a Ctrl-C stops the run as such)
    assert stop == "KeyboardInterrupt" or "RuntimeError: stopped part way" in result.output
    assert lines.read_text() == "earlier\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bots", "games.jsonl"]
