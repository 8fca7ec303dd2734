"""Alembic migrations of the server's database, run at start-up by ``storage.migrate``."""
