"""The browser client, served as static files: the shell and each game's table.

The shell (``gamenight/web/``: the lobby, the room, the connection, the catalogues of words) is
served at ``/static/``; the pages ``/``, ``/join/<code>``, ``/room/<code>`` and
``/table/<code>`` are all the shell's ``index.html``, which reads the address itself. Each game
brings its own table in a ``web/`` folder beside its rules, served at ``/games/<id>/``. The folder
is found from the class the registry holds for the id, so the server never names a game
package. ``/games/<id>/words/<lang>.json`` is the game's catalogue of words for its events
(``{}`` for a game without; docs/words.md). ``/rules/<id>`` is a game's rules page (its
``rules.md``, less the sections for the terminal only) as HTML, linked from the lobby and the
room. ``/api/rooms/<code>/qr.svg`` draws the invite link as a QR code (``segno``), so a phone
at the table can join without typing anything and the page loads nothing from elsewhere.
"""

from __future__ import annotations

import html
import io
import json
import re
import sys
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated

import segno
from fastapi import FastAPI, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt
from starlette.types import Scope

from gamenight.engine.errors import UnknownGame
from gamenight.engine.registry import game_class, game_ids
from gamenight.engine.words import LANGUAGES, Catalogue
from gamenight.server.errors import NotFound

#: Every file the browser loads is checked again on each visit (ETag / Last-Modified), so an
#: upgraded server is never shown through stale modules.
NO_CACHE = {"Cache-Control": "no-cache"}
#: The kinds of file a game's table may ship.
WEB_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".html": "text/html; charset=utf-8",
    ".json": "application/json",
}


def shell_dir() -> Path:
    """The folder of the browser shell (``gamenight/web``)."""
    return Path(str(resources.files("gamenight") / "web"))


@cache
def game_web_dir(game_id: str) -> Path | None:
    """The ``web/`` folder of a registered game, or ``None`` when it has none.

    The registry gives the game class; its module's package is the game's folder.
    """
    try:
        cls = game_class(game_id)
    except UnknownGame:
        return None
    module = sys.modules.get(cls.__module__)
    package = getattr(module, "__package__", None) or cls.__module__.rpartition(".")[0]
    folder = Path(str(resources.files(package) / "web"))
    return folder if folder.is_dir() else None


def game_file(game_id: str, path: str) -> Path:
    """A file of a game's table, or the game's ``components.json`` (its card data, which a
    table may read); ``NotFound`` for anything else (no escaping the folder)."""
    folder = game_web_dir(game_id)
    if folder is None:
        raise NotFound(f"no table for the game {game_id!r}")
    if not path.strip("/"):
        raise NotFound(f"name a file of the table of {game_id!r}, as in /games/{game_id}/table.js")
    if path == "components.json":
        data = folder.parent / "components.json"
        if data.is_file():
            return data
    target = (folder / path).resolve()
    if (
        not target.is_relative_to(folder.resolve())
        or not target.is_file()
        or target.suffix not in WEB_TYPES
    ):
        raise NotFound(f"no file {path!r} in the table of {game_id!r}")
    return target


def words_json(game_id: str, lang: str) -> Catalogue:
    """A game's catalogue of words in ``lang`` (``words/<lang>.json`` in its folder; ``{}`` for a
    game without one, so the page says its events with the table's own words), as the page
    fills them (``web/words.js``, docs/words.md); ``NotFound`` for a language we do not have."""
    if lang not in LANGUAGES:
        raise NotFound(f"no words in {lang!r}; languages: {', '.join(LANGUAGES)}")
    try:
        return game_class(game_id).words_catalogue(lang)
    except UnknownGame:
        raise NotFound(f"no game {game_id!r}") from None


#: A section of a ``rules.md`` whose heading starts with these words (any level, any case) is for
#: the terminal only (keys, command lines): the web page leaves it out, with its subsections.
TERMINAL_ONLY = "at the terminal"
#: The pages a rules page may lead back to besides the games: a room, or its table screen.
BACK_TO_ROOM = re.compile(r"/(?:room|table)/[A-Za-z0-9]{1,16}")


def for_the_web(text: str) -> str:
    """A ``rules.md`` less its sections for the terminal only (see ``TERMINAL_ONLY``): each runs
    from its heading to the next heading of the same or a higher level, or to the end. The
    Markdown is parsed, so a ``#`` in a code block is never taken for a heading."""
    lines = text.splitlines(keepends=True)
    tokens = MarkdownIt("commonmark").parse(text)
    headings = [
        (int(token.tag[1:]), token.map[0], tokens[i + 1].content.strip().lower())
        for i, token in enumerate(tokens)
        if token.type == "heading_open" and token.level == 0 and token.map is not None
    ]
    dropped: set[int] = set()
    for n, (level, start, title) in enumerate(headings):
        if title.startswith(TERMINAL_ONLY):
            later = (line for lv, line, _ in headings[n + 1 :] if lv <= level)
            dropped.update(range(start, next(later, len(lines))))
    return "".join(line for i, line in enumerate(lines) if i not in dropped)


@cache
def rules_html(game_id: str) -> tuple[str, str]:
    """A game's title and its rules for the web as HTML (``for_the_web`` of its ``rules.md``);
    ``NotFound`` naming the games for an unknown id. Raw HTML in the page is shown as text, never
    run (a game installed from elsewhere brings its own)."""
    try:
        cls = game_class(game_id)
    except UnknownGame:
        raise NotFound(f"no game {game_id!r}; the games are {', '.join(game_ids())}") from None
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    return cls.title, md.render(for_the_web(cls.rules_text()))


def rules_page(game_id: str, back: str = "/") -> str:
    """A game's rules page as a whole HTML page in the shell's style, for a person to read beside
    the table, with a link back at the top and at the bottom: to ``back`` when it is a room of
    this site (``/room/<code>`` or ``/table/<code>``), else to the games (``/``)."""
    title, rules = rules_html(game_id)
    if BACK_TO_ROOM.fullmatch(back):
        link = f'<a class="rules-back" href="{html.escape(back)}">&larr; Back to the room</a>'
    else:
        link = '<a class="rules-back" href="/">&larr; Back to the games</a>'
    nav = f'<nav class="rules-nav">{link}</nav>\n'
    return html_page(f"{title}: rules", f"{nav}{rules}{nav}")


def html_page(title: str, body: str) -> str:
    """A whole HTML page in the shell's style (its stylesheet and icon) around ``body``, HTML
    already made safe; ``title`` is plain text."""
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        '<link rel="icon" href="/static/icon.svg">\n'
        '<link rel="stylesheet" href="/static/app.css">\n'
        f'</head>\n<body>\n<main class="rules-page">\n{body}</main>\n</body>\n</html>\n'
    )


def qr_svg(text: str) -> str:
    """``text`` as a QR code in SVG, black on white with a quiet zone (scales to any size)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(
        out, kind="svg", scale=1, border=2, dark="#000", light="#fff", xmldecl=False, omitsize=True
    )
    return out.getvalue().decode("utf-8")


class ShellFiles(StaticFiles):
    """The shell's static files, each sent with ``Cache-Control: no-cache``."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        """The file, revalidated by the browser at every use."""
        response = await super().get_response(path, scope)
        response.headers.update(NO_CACHE)
        return response


def mount_web(app: FastAPI, base_url: Callable[[Request], str]) -> None:
    """Add the browser client's routes to ``app``. ``base_url(request)`` is the public base of
    invite links (as the API gives them)."""
    index = shell_dir() / "index.html"

    async def page(_request: Request) -> FileResponse:
        return FileResponse(index, media_type="text/html; charset=utf-8", headers=NO_CACHE)

    for path in ("/", "/join/{code}", "/room/{code}", "/table/{code}"):
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)

    app.mount("/static", ShellFiles(directory=shell_dir()), name="static")

    @app.get("/games/{game_id}/words/{lang}.json", include_in_schema=False)
    async def game_words(game_id: str, lang: str) -> Response:
        return Response(
            json.dumps(words_json(game_id, lang), ensure_ascii=False),
            media_type="application/json",
            headers=NO_CACHE,
        )

    @app.get("/games/{game_id}/{path:path}", include_in_schema=False)
    async def game_static(game_id: str, path: str) -> FileResponse:
        target = game_file(game_id, path)
        return FileResponse(target, media_type=WEB_TYPES[target.suffix], headers=NO_CACHE)

    @app.get("/rules/{game_id}", include_in_schema=False)
    async def rules(
        game_id: Annotated[str, PathParam(max_length=64)],
        back: Annotated[str, Query(max_length=64)] = "/",
    ) -> Response:
        return Response(rules_page(game_id, back), media_type="text/html; charset=utf-8")

    @app.get(
        "/api/rooms/{code}/qr.svg",
        tags=["rooms"],
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {}}}, 404: {"description": "no room"}},
    )
    async def room_qr(
        code: Annotated[str, PathParam(min_length=1, max_length=16)], request: Request
    ) -> Response:
        """The room's invite link as a QR code (SVG), for phones at the same table."""
        room = await request.app.state.service.room(code)
        link = f"{base_url(request)}/join/{room.code}"
        return Response(qr_svg(link), media_type="image/svg+xml", headers=NO_CACHE)
