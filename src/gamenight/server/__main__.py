"""``python -m gamenight.server [--host H] [--port P] [--db URL]``: run the server."""

from __future__ import annotations

import argparse

from gamenight.server.command import BadSetting, serve
from gamenight.server.storage import StorageError


def main(argv: list[str] | None = None) -> None:
    """Parse the flags and serve."""
    parser = argparse.ArgumentParser(prog="python -m gamenight.server", description=__doc__)
    parser.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port to listen on (default 8000)")
    parser.add_argument("--db", dest="db_url", help="database URL (default: a SQLite file)")
    parser.add_argument("--public-url", help="base URL of invite links")
    parser.add_argument(
        "--cluster",
        action="store_true",
        default=None,
        help="share rooms with other processes on the same PostgreSQL database",
    )
    parser.add_argument("--advertise-url", help="where other processes reach this one")
    parser.add_argument("--log-level", default="info", help="uvicorn log level (default info)")
    args = parser.parse_args(argv)
    try:
        serve(
            args.host,
            args.port,
            args.db_url,
            public_url=args.public_url,
            cluster=args.cluster,
            advertise_url=args.advertise_url,
            log_level=args.log_level,
        )
    except BadSetting as exc:
        parser.exit(2, f"error: {exc}\n")
    except StorageError as exc:
        parser.exit(1, f"error: the database cannot be used: {exc}\n")


if __name__ == "__main__":
    main()
