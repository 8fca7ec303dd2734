"""``gamenight serve`` (and ``python -m gamenight.server``) with a setting that cannot work says
so in one ``error:`` line before it listens: status 2 for a bad setting (a database URL of
another kind or none at all, cluster mode on SQLite, a public address without its scheme),
status 1 for a database that cannot be reached. A public address given in full makes the links
of a room."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.server.settings import Settings
from tests.server.helpers import create_room, serving
from tests.server.pgcluster import free_port

runner = CliRunner()


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test here touches the user's data folder or their GAMENIGHT_* settings."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    for name in ("GAMENIGHT_DB_URL", "GAMENIGHT_CLUSTER", "GAMENIGHT_PUBLIC_URL"):
        monkeypatch.delenv(name, raising=False)


def unreachable() -> str:
    """A PostgreSQL URL on a loopback port where nothing listens."""
    return f"postgresql://gamenight@127.0.0.1:{free_port()}/gamenight"


@pytest.mark.parametrize(
    ("flags", "status", "message"),
    [
        (
            ["--db", "mysql://x/y"],
            2,
            "error: bad server setting: --db: unsupported database 'mysql': use sqlite:///path "
            "or postgresql://user:password@host/database",
        ),
        (
            ["--db", "notaurl"],
            2,
            "error: bad server setting: --db: not a database URL: 'notaurl'; use sqlite:///path "
            "or postgresql://user:password@host/database",
        ),
        (
            ["--cluster"],
            2,
            "error: bad server setting: cluster mode needs PostgreSQL: "
            "--db postgresql://user@host/db",
        ),
        (
            ["--public-url", "games.example.com"],
            2,
            "error: bad server setting: --public-url: 'games.example.com' is not a web address: "
            "write it in full, as https://games.example.com",
        ),
        (
            ["--advertise-url", "10.0.0.2:8000"],
            2,
            "error: bad server setting: --advertise-url: '10.0.0.2:8000' is not a web address",
        ),
        (["--db", "UNREACHABLE"], 1, "error: the database cannot be used: database error: "),
    ],
)
def test_a_setting_that_cannot_work_is_one_error_line(
    flags: list[str], status: int, message: str
) -> None:
    """Each bad setting gives its one line and status, and no traceback."""
    flags = [unreachable() if f == "UNREACHABLE" else f for f in flags]
    result = runner.invoke(app, ["serve", "--port", str(free_port()), *flags])
    lines = result.output.strip().splitlines()
    assert result.exit_code == status, result.output
    assert len(lines) == 1, result.output
    assert " ".join(lines).startswith(message), result.output
    assert "Traceback" not in result.output


def test_a_setting_without_a_flag_is_named_by_its_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bad ``GAMENIGHT_*`` variable is named as it is set, each problem in the one line."""
    monkeypatch.setenv("GAMENIGHT_LIMITS__TURN_SECONDS", "-1")
    monkeypatch.setenv("GAMENIGHT_RATE_BURST", "0")
    result = runner.invoke(app, ["serve", "--port", str(free_port())])
    assert result.exit_code == 2
    assert result.output.strip() == (
        "error: bad server setting: GAMENIGHT_LIMITS__TURN_SECONDS: Input should be greater "
        "than 0; GAMENIGHT_RATE_BURST: Input should be greater than or equal to 1"
    )


def test_the_unreachable_database_is_named() -> None:
    """The line about a database that does not answer carries the driver's reason."""
    result = runner.invoke(app, ["serve", "--db", unreachable()])
    assert result.exit_code == 1
    assert "Connection refused" in result.output


def test_python_m_gamenight_server_says_the_same(tmp_path: Path) -> None:
    """The module's own entry point (a real process): one line on stderr, status 2 for a bad
    setting and 1 for a database that does not answer, nothing on stdout."""
    for db, status, start in [
        ("mysql://x/y", 2, "error: bad server setting: --db: unsupported database 'mysql'"),
        (unreachable(), 1, "error: the database cannot be used: "),
    ]:
        done = subprocess.run(
            [sys.executable, "-m", "gamenight.server", "--port", str(free_port()), "--db", db],
            capture_output=True,
            text=True,
            timeout=60,
            env={"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
        )
        assert done.returncode == status, done.stderr
        assert done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert done.stderr.startswith(start), done.stderr


@pytest.mark.parametrize(
    "url", ["games.example.com", "ws://games.example.com", "https://", "https://x.org/?a=1"]
)
def test_a_public_address_needs_http_or_https(url: str) -> None:
    """A public address is written in full, scheme and host, with no query."""
    with pytest.raises(ValidationError, match="public_url"):
        Settings(db_url="sqlite://", public_url=url)


def test_a_public_address_makes_the_links(tmp_path: Path) -> None:
    """With ``https://games.example.com/`` the invite link is under it and the seat's
    WebSocket is ``wss://`` on the same host."""
    with serving(f"sqlite:///{tmp_path / 'g.db'}", public_url="https://games.example.com/") as s:
        made = create_room(s.url, "toss-up", 2, name="Ann")
    code = made["code"]
    assert made["invite_url"] == f"https://games.example.com/join/{code}"
    assert made["ws_url"] == f"wss://games.example.com/ws/{code}?token={made['token']}"
