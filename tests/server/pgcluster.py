"""A throwaway PostgreSQL cluster for the tests: initdb into a temporary folder, a server on a
loopback port, stopped and deleted at the end.

The binaries are found with ``pg_config --bindir``, then in ``/usr/lib/postgresql/*/bin``, then on
the ``PATH``. PostgreSQL refuses to run as root, so as root the cluster belongs to the
``postgres`` user (which Debian's package creates) and its commands run through ``runuser``.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

MISSING = (
    "PostgreSQL server binaries (initdb, pg_ctl) were not found; the storage tests need a real "
    "PostgreSQL server. Run .ci/run (it installs the Debian package postgresql) or "
    "`apt-get install -y postgresql`."
)


def find_bindir() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``, or ``None``."""
    candidates: list[Path] = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            out = subprocess.run(
                [pg_config, "--bindir"], capture_output=True, text=True, timeout=10, check=True
            )
            candidates.append(Path(out.stdout.strip()))
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
        reverse=True,
    )
    candidates.extend(versions)
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(Path(initdb).resolve().parent)
    for folder in candidates:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    return None


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Cluster:
    """A running throwaway cluster; ``url(db)`` is a SQLAlchemy URL to one of its databases."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="gamenight-pg-"))
        self.data = self.root / "data"
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = "postgres"
            try:
                entry = pwd.getpwnam(self.user)
            except KeyError:
                raise RuntimeError(
                    "running as root, and there is no 'postgres' user to own the test cluster; "
                    "run .ci/run (the postgresql package creates it)"
                ) from None
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self._databases = 0

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        return subprocess.run(
            command, capture_output=True, text=True, timeout=120, check=True, cwd=self.root
        )

    def start(self) -> None:
        """initdb, then start the server and wait until it accepts connections."""
        self._run("initdb", "-D", str(self.data), "-U", "gamenight", "--auth=trust", "-E", "UTF8")
        self.start_server()

    def _pg_ctl(self, *args: str) -> None:
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories={self.root}"
            " -c fsync=on -c max_connections=200"
        )
        log = str(self.root / "log")
        self._run("pg_ctl", "-D", str(self.data), "-l", log, "-o", options, "-w", *args)

    def restart_server(self) -> None:
        """``pg_ctl restart -m fast``: every connection is cut, the server is away for about a
        second; returns once it accepts connections again."""
        self._pg_ctl("-m", "fast", "restart")
        self._wait_for_port()

    def stop_server(self) -> None:
        """``pg_ctl stop -m fast`` (the cluster stays, :meth:`start_server` brings it back)."""
        self._pg_ctl("-m", "fast", "stop")

    def start_server(self) -> None:
        """Start the server on the cluster and wait until it accepts connections."""
        self._pg_ctl("start")
        self._wait_for_port()

    def _wait_for_port(self) -> None:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def stop(self) -> None:
        """Stop the server (fast shutdown) and delete the cluster's folder."""
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        """The URL of ``database`` in this cluster."""
        return f"postgresql://gamenight@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """Create an empty database and return its URL."""
        import psycopg

        self._databases += 1
        name = f"test_{os.getpid()}_{self._databases}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=gamenight dbname=postgres", autocommit=True
        ) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextlib.contextmanager
def running_cluster() -> Iterator[Cluster]:
    """Start a throwaway cluster for the length of the ``with`` block."""
    bindir = find_bindir()
    if bindir is None:
        raise RuntimeError(MISSING)
    cluster = Cluster(bindir)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
