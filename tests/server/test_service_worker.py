"""The installable page as the server sends it (issue 30): the manifest and its icons, the
service worker at the site's root with the release's version and the files it keeps, and a new
version whenever a file changes."""

from __future__ import annotations

import json
import re
import shutil
import struct
from pathlib import Path

import httpx
import pytest

from gamenight import __version__
from gamenight.server import service_worker
from gamenight.server.web import shell_dir
from tests.server.helpers import serving


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'gamenight.db'}"


def build_of(script: str) -> dict[str, object]:
    """The ``BUILD`` line of a worker as the server sent it."""
    found = re.search(r"^const BUILD = (.*);$", script, re.MULTILINE)
    assert found is not None, script[:300]
    build = json.loads(found.group(1))
    assert isinstance(build, dict)
    return build


def test_the_manifest_names_the_app_and_its_icons(sqlite_url: str) -> None:
    """The page links a manifest: name, short name, standalone, the theme colour, "/" as the
    start, and icons of 192 and 512 px (PNG, of those sizes) and the SVG, all served."""
    with serving(sqlite_url) as server:
        page = httpx.get(server.url + "/").text
        assert '<link rel="manifest" href="/static/manifest.webmanifest">' in page
        answer = httpx.get(server.url + "/static/manifest.webmanifest")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("application/manifest+json")
        manifest = answer.json()
        assert manifest["short_name"] == "gamenight"
        assert manifest["name"].startswith("gamenight")
        assert (manifest["display"], manifest["start_url"]) == ("standalone", "/")
        assert manifest["theme_color"] == "#7a3b12"
        sizes = {icon["sizes"]: icon for icon in manifest["icons"]}
        assert set(sizes) == {"192x192", "512x512", "any"}
        assert sizes["any"]["type"] == "image/svg+xml"
        for size in (192, 512):
            png = httpx.get(server.url + sizes[f"{size}x{size}"]["src"])
            assert png.status_code == 200
            assert png.headers["content-type"] == "image/png"
            assert png.content[:8] == b"\x89PNG\r\n\x1a\n"
            assert struct.unpack(">II", png.content[16:24]) == (size, size)
        assert httpx.get(server.url + sizes["any"]["src"]).status_code == 200


def test_the_worker_is_served_at_the_root_with_what_it_keeps(sqlite_url: str) -> None:
    """``/sw.js`` is JavaScript checked again at each visit; its version is the package's and a
    hash; it keeps the shell's files, the offline page and every table, each of which the
    server serves, and never the API, the socket, the pages or the worker itself."""
    with serving(sqlite_url) as server:
        answer = httpx.get(server.url + "/sw.js")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/javascript")
        assert answer.headers["cache-control"] == "no-cache"
        build = build_of(answer.text)
        assert re.fullmatch(re.escape(__version__) + r"-[0-9a-f]{12}", str(build["version"]))
        files = build["files"]
        assert isinstance(files, list)
        for needed in ("/static/app.js", "/static/app.css", "/static/offline.html"):
            assert needed in files
        for game in ("toss-up", "toss-your-cookies", "paper-toss", "cover-your-cookies"):
            assert f"/games/{game}/table.js" in files
        assert not [
            f for f in files if f.startswith(("/api", "/ws")) or f in ("/", "/static/sw.js")
        ]
        assert "/static/types.js" not in files  # for the type check only: no page loads it
        for url in files:
            assert httpx.get(server.url + url).status_code == 200, url
        # the same files, the same version: the browser keeps its worker
        assert build_of(httpx.get(server.url + "/sw.js").text) == build


def test_a_changed_file_is_a_new_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Editing any kept file (here the shell's stylesheet) changes the worker's version, so
    the browser installs it and fetches the files again; an unchanged copy keeps it."""
    copy = tmp_path / "web"
    shutil.copytree(shell_dir(), copy)
    monkeypatch.setattr(service_worker, "shell_dir", lambda: copy)
    before = build_of(service_worker.worker_script())
    assert before == build_of(service_worker.worker_script())
    with (copy / "app.css").open("a", encoding="utf-8") as css:
        css.write("\n/* a new release */\n")
    after = build_of(service_worker.worker_script())
    assert after["version"] != before["version"]
    assert after["files"] == before["files"]


def test_a_worker_without_its_build_line_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``sw.js`` whose ``BUILD`` line was edited away is an error naming the line, never a
    worker that keeps nothing."""
    copy = tmp_path / "web"
    shutil.copytree(shell_dir(), copy)
    (copy / "sw.js").write_text("// no build line\n", encoding="utf-8")
    monkeypatch.setattr(service_worker, "shell_dir", lambda: copy)
    with pytest.raises(RuntimeError, match="const BUILD"):
        service_worker.worker_script()
