"""Output files written whole or not at all: through links, straight into FIFOs, never left
half-written, and every failure a `CannotWrite` naming the file."""

from __future__ import annotations

import os
import re
import stat
import threading
from pathlib import Path

import pytest

from gamenight.engine.files import CannotWrite, OutputFile, check_writable, remove_written


def test_a_file_is_replaced_whole_at_the_end(tmp_path: Path) -> None:
    """Until the file is committed the earlier one stays as it was; nothing is left beside it."""
    path = tmp_path / "games.jsonl"
    path.write_text("earlier\n")
    with OutputFile(path, "game lines") as file:
        file.write("one\n")
        assert path.read_text() == "earlier\n"
    assert path.read_text() == "one\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


@pytest.mark.parametrize("stop", [KeyboardInterrupt, RuntimeError])
def test_a_run_that_does_not_finish_leaves_the_earlier_file_and_nothing_else(
    tmp_path: Path, stop: type[BaseException]
) -> None:
    """Ctrl-C or an error (a bot's) part way: the file beside the target is removed."""
    path = tmp_path / "games.jsonl"
    path.write_text("earlier\n")

    def stopped_part_way() -> None:
        with OutputFile(path, "game lines") as file:
            file.write("half\n")
            assert [p.name for p in tmp_path.glob(".games.jsonl.*.writing")]
            raise stop

    with pytest.raises(stop):
        stopped_part_way()
    assert path.read_text() == "earlier\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


def test_a_symbolic_link_is_written_through(tmp_path: Path) -> None:
    """The link's target gets the new content and the link stays a link (also a link to a
    file not there yet, and a link to a link)."""
    (tmp_path / "data").mkdir()
    target = tmp_path / "data" / "record.json"
    target.write_text("old")
    link = tmp_path / "record.json"
    link.symlink_to(target)
    again = tmp_path / "again.json"
    again.symlink_to(link)
    with OutputFile(again, "the record") as file:
        file.write("new")
    assert link.is_symlink() and again.is_symlink()
    assert target.read_text() == "new"
    dangling = tmp_path / "later.json"
    dangling.symlink_to(tmp_path / "data" / "later.json")
    with OutputFile(dangling, "the record") as file:
        file.write("first")
    assert dangling.is_symlink() and (tmp_path / "data" / "later.json").read_text() == "first"
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["later.json", "record.json"]


def test_a_fifo_is_written_straight_into_and_stays_a_fifo(tmp_path: Path) -> None:
    """Renaming a file over a FIFO would replace it: a FIFO (or a device) is written into."""
    fifo = tmp_path / "lines"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    with OutputFile(fifo, "game lines") as file:
        file.write("one\n")
        file.write("two\n")
    reader.join(timeout=10)
    assert got == [b"one\ntwo\n"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lines"]


def test_an_error_while_writing_is_a_cannot_write_naming_the_file(tmp_path: Path) -> None:
    """A FIFO whose reader has gone: the write fails (a broken pipe, as a full disk would), and
    the error names the file and the system's reason."""
    fifo = tmp_path / "lines"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    file = OutputFile(fifo, "game lines")
    os.close(reader)
    file.write("one\n")  # (buffered: the system sees it when the file is finished)
    with pytest.raises(
        CannotWrite, match=re.escape(f"cannot write game lines to {fifo}: Broken pipe")
    ):
        file.commit()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "it is a folder"),
        ("no/such/folder/x.json", "no folder "),
        ("file.txt/x.json", "no folder "),
    ],
)
def test_a_path_that_cannot_be_written_is_refused_before_anything(
    tmp_path: Path, name: str, message: str
) -> None:
    (tmp_path / "file.txt").write_text("kept")
    path = tmp_path / name
    for attempt in (lambda: OutputFile(path, "the report"), lambda: check_writable(path, "x")):
        with pytest.raises(CannotWrite, match=message):
            attempt()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


def test_a_folder_where_no_file_can_be_made_is_refused_by_trying(tmp_path: Path) -> None:
    """/proc exists and may even look writable (to root), but no file can be made there: the
    check makes one for real, so it is refused at once."""
    with pytest.raises(CannotWrite, match=r"cannot write the record to /proc/gamenight\.json: "):
        check_writable(Path("/proc/gamenight.json"), "the record")


def test_the_check_leaves_an_earlier_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text("earlier")
    check_writable(path, "the record")
    check_writable(tmp_path / "new.json", "the record")
    assert path.read_text() == "earlier"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["record.json"]


def test_removing_what_was_written_leaves_links_fifos_and_devices(tmp_path: Path) -> None:
    """A record removed again (a match left before it started) goes from where it was written:
    a link's target, never the link itself, a FIFO or a device."""
    target = tmp_path / "target.json"
    link = tmp_path / "record.json"
    link.symlink_to(target)
    with OutputFile(link, "the record") as file:
        file.write("{}")
    remove_written(link)
    assert link.is_symlink() and not target.exists()
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    remove_written(fifo)
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    plain = tmp_path / "plain.json"
    plain.write_text("{}")
    remove_written(plain)
    remove_written(plain)  # (already gone: nothing to do)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "record.json"]


def test_two_writers_of_one_path_never_share_the_file_beside_it(tmp_path: Path) -> None:
    """Two outputs to the same path at once (two runs given one --jsonl) each write a file of
    their own beside it; whichever finishes last is the file, whole, and nothing is left."""
    path = tmp_path / "games.jsonl"
    first, second = OutputFile(path, "game lines"), OutputFile(path, "game lines")
    first.write("first\n")
    second.write("second\n")
    assert first.spare != second.spare
    first.commit()
    assert path.read_text() == "first\n"
    second.commit()
    assert path.read_text() == "second\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]
