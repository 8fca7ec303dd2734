"""The browser client's files as the server serves them: the shell's pages and modules, each
game's table found through the registry, the QR code of a room's invite link, and nothing from
outside a table's folder."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from gamenight.engine.registry import game_class
from gamenight.server.web import for_the_web, rules_page
from tests.server.helpers import create_room, serving


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'gamenight.db'}"


def test_the_pages_and_the_shell(sqlite_url: str) -> None:
    """``/``, ``/join/<code>``, ``/room/<code>`` and ``/table/<code>`` are the shell's page;
    its modules are JavaScript, checked again by the browser at each use."""
    with serving(sqlite_url) as server:
        for path in ("/", "/join/ABC234", "/room/ABC234", "/table/ABC234"):
            page = httpx.get(server.url + path)
            assert page.status_code == 200
            assert page.headers["content-type"].startswith("text/html")
            assert '<script type="module" src="/static/app.js">' in page.text
        app = httpx.get(server.url + "/static/app.js")
        assert app.status_code == 200
        assert app.headers["content-type"].startswith("text/javascript")
        assert app.headers["cache-control"] == "no-cache"
        assert httpx.get(server.url + "/static/i18n/es.js").status_code == 200


def test_every_game_brings_its_table(sqlite_url: str) -> None:
    """Each game the server offers has a table module, its styles, an icon and its words in
    English and Spanish, served from the game's own folder; and its components data."""
    with serving(sqlite_url) as server:
        listed = httpx.get(server.url + "/api/games").json()
        games = [g["id"] for g in listed if g["web"]]
        assert len(games) == 4
        assert [g["id"] for g in listed if not g["web"]] == ["grab-bag"]  # no browser table
        for game in games:
            for name in ("table.js", "table.css", "icon.svg", "i18n/en.js", "i18n/es.js"):
                answer = httpx.get(f"{server.url}/games/{game}/{name}")
                assert answer.status_code == 200, (game, name)
            data = httpx.get(f"{server.url}/games/{game}/components.json")
            assert data.status_code == 200
            assert isinstance(data.json(), dict)


@pytest.mark.parametrize(
    "path",
    [
        "/games/toss-up/%2e%2e/game.py",
        "/games/toss-up/..%2fgame.py",
        "/games/toss-up/%2e%2e/%2e%2e/server/app.py",
        "/games/toss-up/rules.md",
        "/games/no-such-game/table.js",
        "/static/%2e%2e/server/app.py",
    ],
)
def test_nothing_outside_a_table_is_served(sqlite_url: str, path: str) -> None:
    """A path that leaves a table's folder, a file kind a table does not ship, or an unknown
    game is answered 404, never with the file."""
    with serving(sqlite_url) as server:
        with httpx.Client(base_url=server.url) as client:
            answer = client.send(client.build_request("GET", path), follow_redirects=False)
        assert answer.status_code == 404
        assert "def " not in answer.text


def test_the_invite_qr_code(sqlite_url: str) -> None:
    """A room's QR code is an SVG image (with its namespace, so it shows in an ``<img>``); an
    unknown room has none."""
    with serving(sqlite_url) as server:
        room = create_room(server.url, "toss-up", 2)
        qr = httpx.get(f"{server.url}/api/rooms/{room['code']}/qr.svg")
        assert qr.status_code == 200
        assert qr.headers["content-type"] == "image/svg+xml"
        assert qr.text.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
        assert httpx.get(f"{server.url}/api/rooms/ZZZZZZ/qr.svg").status_code == 404


def test_each_games_rules_page(sqlite_url: str) -> None:
    """``/rules/<id>`` is the game's rules page (its rules.md) as a whole HTML page in the
    shell's style, for every game the server offers, with its tables as tables; raw HTML in a
    page would be shown as text. An unknown game gets 404 naming the games."""
    with serving(sqlite_url) as server:
        for game in ("toss-up", "toss-your-cookies", "paper-toss", "cover-your-cookies"):
            page = httpx.get(f"{server.url}/rules/{game}")
            assert page.status_code == 200, game
            assert page.headers["content-type"].startswith("text/html")
            assert '<link rel="stylesheet" href="/static/app.css">' in page.text
            assert "<h1>" in page.text and "<h2>" in page.text, game
            assert "<script" not in page.text
        toss_up = httpx.get(f"{server.url}/rules/toss-up").text
        assert "<title>Toss Up!: rules</title>" in toss_up
        assert "<table>" in httpx.get(f"{server.url}/rules/paper-toss").text
        missing = httpx.get(f"{server.url}/rules/no-such-game")
        assert missing.status_code == 404
        assert "no game 'no-such-game'" in missing.text and "toss-up" in missing.text


PAGE = """# A game

## A turn

Roll.

## At the terminal

- `gamenight play a-game` plays it; press `r` to roll.

```
# not a heading
```

### Keys

`r` rolls.

## Rulings this project follows

- A ruling.

# At the Terminal, again

Everything after a top heading for the terminal goes with it.

## Inside it
"""


def test_the_web_leaves_out_the_sections_for_the_terminal() -> None:
    """A section whose heading starts "At the terminal" goes, from its heading to the next
    heading of its level or higher (its subsections and code blocks with it); the rest stays
    as it is written."""
    assert for_the_web(PAGE) == (
        "# A game\n\n## A turn\n\nRoll.\n\n## Rulings this project follows\n\n- A ruling.\n\n"
    )
    assert for_the_web("# Nothing for the terminal\n\ntext\n") == (
        "# Nothing for the terminal\n\ntext\n"
    )


@pytest.mark.parametrize(
    "game", ["toss-up", "toss-your-cookies", "paper-toss", "cover-your-cookies"]
)
def test_each_rules_page_keeps_the_rules_and_drops_the_terminal(game: str) -> None:
    """Every game's rules.md has a section for the terminal, left out of the web page, and the
    web page keeps every other section (the rules, the rulings and the bots)."""
    text = game_class(game).rules_text()
    assert "## At the terminal" in text and "gamenight play" in text
    page = rules_page(game)
    assert "At the terminal" not in page and "<code>gamenight play" not in page
    assert "--line" not in page
    for line in for_the_web(text).splitlines():
        if line.startswith("#"):
            assert line.lstrip("# ") in page
    for heading in ("Rulings this project follows", "In gamenight"):
        assert f"<h2>{heading}</h2>" in page


@pytest.mark.parametrize(
    "game", ["toss-up", "toss-your-cookies", "paper-toss", "cover-your-cookies"]
)
def test_the_rules_for_the_web_name_options_in_words(game: str) -> None:
    """The web's rules page names each option in words, as the new room's form labels it ("the
    first player option"); the command-line forms (``-o faces=...``, ``first_player``,
    ``gamenight simulate ...``) are in the section for the terminal only."""
    text = game_class(game).rules_text()
    web = for_the_web(text)
    assert "-o " not in web
    assert "-o " in text  # the terminal keeps them
    assert not re.search(r"`[a-z_]+=[^`]*`", web), re.findall(r"`[a-z_]+=[^`]*`", web)
    assert not re.search(r"`[a-z]+_[a-z_]+`", web), re.findall(r"`[a-z]+_[a-z_]+`", web)
    assert not re.search(r"`gamenight |option `|`ismcts:", web)


def test_the_rules_page_leads_back_to_a_room_of_this_site_only() -> None:
    """The back link goes to the room or table screen named in ``back``, and to the games for
    anything else (another site, a script, markup)."""
    assert 'href="/room/ABC234">&larr; Back to the room' in rules_page("toss-up", "/room/ABC234")
    assert 'href="/table/ABC234"' in rules_page("toss-up", "/table/ABC234")
    for bad in (
        "https://example.com/",
        "//example.com/room/AB",
        "/room/AB/../../x",
        '/room/AB"><script>',
        "javascript:alert(1)",
        "/room/AB\n",
    ):
        page = rules_page("toss-up", bad)
        assert page.count('<a class="rules-back" href="/">&larr; Back to the games</a>') == 2
        assert "example.com" not in page and "script" not in page


def test_an_address_that_serves_nothing_is_a_page_for_a_browser(sqlite_url: str) -> None:
    """A browser opening an address that serves nothing gets a page saying so, with a link
    back to the start (the name of the address shown as text); a program asking for JSON, or
    anything under /api/, still gets the usual refusal."""
    with serving(sqlite_url) as server:
        page = httpx.get(server.url + "/nonsense<b>", headers={"accept": "text/html"})
        assert page.status_code == 404
        assert page.headers["content-type"].startswith("text/html")
        assert '<a href="/">Back to the start</a>' in page.text
        assert "/nonsense&lt;b&gt;" in page.text or "/nonsense%3Cb%3E" in page.text
        plain = httpx.get(server.url + "/nonsense")
        assert plain.status_code == 404
        assert plain.json()["error"] == "http_404"
        api = httpx.get(server.url + "/api/nothing", headers={"accept": "text/html"})
        assert api.json()["error"] == "http_404"


def test_the_pages_text_files_are_sent_gzipped_when_asked(sqlite_url: str) -> None:
    """A browser that accepts gzip gets the shell's modules and styles compressed (the same
    text once unpacked); a client that does not ask gets them as they are."""
    with serving(sqlite_url) as server:
        for path in ("/static/app.js", "/static/app.css"):
            plain = httpx.get(server.url + path, headers={"accept-encoding": "identity"})
            packed = httpx.get(server.url + path, headers={"accept-encoding": "gzip"})
            assert plain.status_code == packed.status_code == 200
            assert "content-encoding" not in plain.headers
            assert packed.headers["content-encoding"] == "gzip", path
            assert int(packed.headers["content-length"]) < len(plain.content)
            assert packed.text == plain.text  # httpx unpacks it
