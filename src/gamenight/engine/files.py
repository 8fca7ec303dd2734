"""Output files written whole or not at all: match records, per-game lines, reports.

:class:`OutputFile` writes a regular file through a file beside it (one per writer:
``.NAME.<pid>-<random>.writing``), renamed over it at the end, so an earlier file at that path
is never left half-written; if the writing does not finish (an error, Ctrl-C), the file beside
it is removed and the earlier file stays as it was. A symbolic link is followed: its target is
written and the link stays a link. A path that names something other than a regular file (a
FIFO, ``/dev/null``, ``/dev/stdout``) is written straight into, since renaming over it would
replace it with a plain file.

Every failure is a :class:`CannotWrite` naming what was written and where, with the system's
reason, never a bare ``OSError``.
"""

from __future__ import annotations

import os
import secrets
import stat
from contextlib import suppress
from pathlib import Path
from types import TracebackType
from typing import TextIO

from gamenight.engine.errors import GameError


class CannotWrite(GameError):
    """An output file cannot be written (no such folder, a folder, no permission, disk full)."""


def _destination(path: Path, what: str) -> tuple[Path, bool]:
    """Where ``path`` is written, and whether straight into it (not through a file beside it).

    Raises :class:`CannotWrite` for a folder, a missing folder or a file that may not be
    written, without touching anything."""
    try:
        mode: int | None = path.stat().st_mode  # through symbolic links
    except (FileNotFoundError, NotADirectoryError):
        mode = None
    except OSError as exc:
        raise CannotWrite(f"cannot write {what} to {path}: {exc.strerror or exc}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise CannotWrite(f"cannot write {what} to {path}: it is a folder")
    if mode is not None and not stat.S_ISREG(mode):
        return path, True  # a FIFO or a device: renaming over it would replace it
    target = path.resolve() if path.is_symlink() else path
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise CannotWrite(f"cannot write {what} to {path}: no folder {folder}")
    if mode is not None and not os.access(target, os.W_OK):
        raise CannotWrite(f"cannot write {what} to {path}: permission denied")
    return target, False


def _spare(target: Path) -> Path:
    """A file name beside ``target`` for writing it, renamed over it once whole: one of its own
    for each writer (the process and a random part), so two writers of one path never write
    into each other's file."""
    return target.with_name(f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.writing")


def check_writable(path: Path, what: str) -> None:
    """Refuse at once (:class:`CannotWrite`) a path that ``what`` could not be written to, for
    an output written later; a file already there is left as it is.

    A regular file's folder is tried for real (a file is made beside it and removed), which
    catches what permissions do not say (``/proc``, a read-only file system)."""
    target, direct = _destination(path, what)
    if direct:
        if not os.access(target, os.W_OK):
            raise CannotWrite(f"cannot write {what} to {path}: permission denied")
        return
    OutputFile(path, what).discard()


def remove_written(path: Path) -> None:
    """Remove what an :class:`OutputFile` at ``path`` wrote: the regular file there, or the one
    a symbolic link there leads to (the link stays). A FIFO or a device is left alone."""
    target = path.resolve() if path.is_symlink() else path
    if target.is_file():
        target.unlink(missing_ok=True)


class OutputFile:
    """A text file being written whole or not at all (see the module's notes).

    Opened at once, so that a path that cannot be written is refused before any work is done;
    :meth:`write` adds text, :meth:`commit` puts the file in place, :meth:`discard` drops it.
    As a context manager it commits when the block ends normally and discards otherwise::

        with OutputFile(Path("games.jsonl"), "game lines") as lines:
            lines.write('{"seed": 1}\\n')

    Every method but :meth:`discard` raises :class:`CannotWrite` when the system refuses.
    """

    def __init__(self, path: Path, what: str) -> None:
        self.path = path
        self.what = what
        target, direct = _destination(path, what)
        self.target = target
        self.spare: Path | None = None if direct else _spare(target)
        self.done = False
        try:
            # "x": a file beside the target is made anew, never one that is already there
            if self.spare is None:
                self.handle: TextIO = open(target, "w", encoding="utf-8")  # noqa: SIM115
            else:
                self.handle = open(self.spare, "x", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise self._error(exc) from None

    def _error(self, exc: OSError) -> CannotWrite:
        return CannotWrite(f"cannot write {self.what} to {self.path}: {exc.strerror or exc}")

    def write(self, text: str) -> None:
        """Add ``text`` to the file."""
        try:
            self.handle.write(text)
        except OSError as exc:
            self.discard()
            raise self._error(exc) from None

    def commit(self) -> None:
        """Finish the file and put it in place of any earlier one (once; later calls do
        nothing)."""
        if self.done:
            return
        try:
            self.handle.close()
            if self.spare is not None:
                os.replace(self.spare, self.target)
        except OSError as exc:
            self.discard()
            raise self._error(exc) from None
        self.done = True

    def discard(self) -> None:
        """Drop what was written: the file beside the target is removed, an earlier file stays
        as it was (what went straight into a FIFO or a device is gone already)."""
        if self.done:
            return
        self.done = True
        # (the error that matters is the one that led here: none of these is raised)
        with suppress(OSError):
            self.handle.close()
        if self.spare is not None:
            with suppress(OSError):
                self.spare.unlink(missing_ok=True)

    def __enter__(self) -> OutputFile:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()
