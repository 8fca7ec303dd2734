"""The host's seat: the seat whose token acts as the host's, once the host role may move.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the host's seat to every room (empty: the host holds the host token alone)."""
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("host_seat", sa.Integer))


def downgrade() -> None:
    """Drop the host's seat."""
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("host_seat")
