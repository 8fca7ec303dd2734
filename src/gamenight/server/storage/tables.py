"""The SQL tables (SQLAlchemy Core). The schema itself is made by the Alembic migrations in
``gamenight/server/migrations``; a test checks that the two agree.

JSON values are stored as text and seeds as decimal text, so SQLite and PostgreSQL store the same.
"""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Float,
    ForeignKeyConstraint,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

meta = Table(
    "meta",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

rooms = Table(
    "rooms",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("config", Text, nullable=False),
    Column("limits", Text, nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("host_seat", Integer),
    Column("status", String(16), nullable=False),
    Column("match_number", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("owner", String(64)),
    Column("owner_url", Text),
    Column("lease_until", Float),
)

seats = Table(
    "seats",
    metadata,
    Column("room", String(16), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(64)),
    Column("bot", String(64)),
    Column("token_hash", String(64)),
    ForeignKeyConstraint(["room"], ["rooms.code"], ondelete="CASCADE"),
)

matches = Table(
    "matches",
    metadata,
    Column("room", String(16), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seed", Text, nullable=False),
    Column("config", Text, nullable=False),
    Column("status", String(8), nullable=False),
    Column("record", Text),
    ForeignKeyConstraint(["room"], ["rooms.code"], ondelete="CASCADE"),
)

steps = Table(
    "steps",
    metadata,
    Column("room", String(16), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("player", Integer),
    Column("action", Text, nullable=False),
    ForeignKeyConstraint(
        ["room", "number"], ["matches.room", "matches.number"], ondelete="CASCADE"
    ),
)
