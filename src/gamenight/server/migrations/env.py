"""Alembic environment: runs the migrations on the connection the server hands over.

The server calls Alembic from code (``storage.sql.migrate``) with an open connection in
``config.attributes["connection"]``; there is no ``alembic.ini`` and no logging set-up here.
"""

from __future__ import annotations

from alembic import context

from gamenight.server.storage.tables import metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
