"""The installable page's service worker, sent at ``/sw.js`` (the site's root, so its scope is the
whole site).

The worker's code is ``gamenight/web/sw.js``; the server fills in its ``BUILD`` line: the files
to keep on the device (the shell's, each game's table and card data) and a version made of the
package's version and a hash of those files and of the worker itself. Any change to a file
changes the version, so the browser installs the new worker, which fetches the files again and
drops the old cache: a new release (or an edited file under ``make run``) is never shown through
stale modules. The hash is taken at each request of ``/sw.js`` (the browser asks for it at each
visit, about 300 KB read), so nothing has to be restarted for it to change.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import Response

from gamenight import __version__
from gamenight.engine.registry import game_ids
from gamenight.server.web import WEB_TYPES, game_web_dir, shell_dir

#: The line of ``sw.js`` that the server replaces with the release's own.
BUILD_LINE = 'const BUILD = { version: "dev", files: [] };'
#: Shell files the page never loads: the worker itself, the JSDoc types (for the type check only),
#: the page (asked of the server at each visit) and the large icons (the browser fetches them
#: once, when the page is installed).
NOT_KEPT = {"sw.js", "types.js", "index.html", "icon-192.png", "icon-512.png"}
#: The kinds of shell file kept on the device.
KEPT_TYPES = {".js", ".css", ".svg", ".html", ".webmanifest"}


def _files(folder: Path, prefix: str, types: set[str]) -> list[tuple[str, Path]]:
    return [
        (f"{prefix}/{path.relative_to(folder).as_posix()}", path)
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.suffix in types
    ]


def kept_files() -> list[tuple[str, Path]]:
    """The address and the file of everything the worker keeps: the shell's files (less
    ``NOT_KEPT``), then each registered game's table folder and its ``components.json``."""
    shell = [
        (url, path)
        for url, path in _files(shell_dir(), "/static", KEPT_TYPES)
        if path.name not in NOT_KEPT
    ]
    games: list[tuple[str, Path]] = []
    for game_id in game_ids():
        folder = game_web_dir(game_id)
        if folder is None:
            continue
        games += _files(folder, f"/games/{game_id}", set(WEB_TYPES))
        data = folder.parent / "components.json"
        if data.is_file():
            games.append((f"/games/{game_id}/components.json", data))
    return shell + games


def worker_script() -> str:
    """``sw.js`` with its ``BUILD`` line filled in (``RuntimeError`` when the line is missing,
    so a worker that would keep nothing is never sent)."""
    template = (shell_dir() / "sw.js").read_text(encoding="utf-8")
    if BUILD_LINE not in template:
        raise RuntimeError(f"sw.js has no line {BUILD_LINE!r} for the server to fill in")
    files = kept_files()
    digest = hashlib.sha256(template.encode("utf-8"))
    for url, path in files:
        digest.update(url.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    build = {"version": f"{__version__}-{digest.hexdigest()[:12]}", "files": [u for u, _ in files]}
    return template.replace(BUILD_LINE, f"const BUILD = {json.dumps(build)};", 1)


def mount_worker(app: FastAPI) -> None:
    """Add ``GET /sw.js`` to ``app``: the worker, checked again by the browser at each visit."""

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> Response:
        return Response(
            worker_script(),
            media_type="text/javascript; charset=utf-8",
            headers={"Cache-Control": "no-cache"},
        )
