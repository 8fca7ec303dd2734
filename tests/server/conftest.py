"""Fixtures of the server tests: a database of each kind (SQLite file, real PostgreSQL)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.pgcluster import Cluster, running_cluster


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """One throwaway PostgreSQL cluster for the whole test session (fails, never skips, when
    PostgreSQL is not installed: the message says how to install it)."""
    try:
        with running_cluster() as cluster:
            yield cluster
    except RuntimeError as exc:
        pytest.fail(str(exc), pytrace=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh empty database: a SQLite file, then a new database on the PostgreSQL cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'gamenight.db'}"
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    return cluster.new_database()
