"""Rooms, seats, matches and their steps; a key-value table for server-wide values.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables."""
    op.create_table(
        "meta",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "rooms",
        sa.Column("code", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("limits", sa.Text, nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("match_number", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("room", sa.String(16), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(64)),
        sa.Column("bot", sa.String(64)),
        sa.Column("token_hash", sa.String(64)),
        sa.ForeignKeyConstraint(["room"], ["rooms.code"], ondelete="CASCADE"),
    )
    op.create_table(
        "matches",
        sa.Column("room", sa.String(16), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seed", sa.Text, nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("record", sa.Text),
        sa.ForeignKeyConstraint(["room"], ["rooms.code"], ondelete="CASCADE"),
    )
    op.create_table(
        "steps",
        sa.Column("room", sa.String(16), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("player", sa.Integer),
        sa.Column("action", sa.Text, nullable=False),
        sa.ForeignKeyConstraint(
            ["room", "number"], ["matches.room", "matches.number"], ondelete="CASCADE"
        ),
    )


def downgrade() -> None:
    """Drop the tables."""
    for name in ("steps", "matches", "seats", "rooms", "meta"):
        op.drop_table(name)
