"""Room owners: which server process serves a room, and until when its lease runs.

Revision ID: 0002
Revises: 0001
Create Date: 2025-01-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the owner, its URL and the lease's end to every room."""
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("owner", sa.String(64)))
        batch.add_column(sa.Column("owner_url", sa.Text))
        batch.add_column(sa.Column("lease_until", sa.Float))


def downgrade() -> None:
    """Drop the owner columns."""
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("lease_until")
        batch.drop_column("owner_url")
        batch.drop_column("owner")
