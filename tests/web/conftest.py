"""Fixtures of the browser tests: a real server on a loopback port (SQLite in a temporary
folder) and Debian's Chromium, headless, driven by Playwright.

Playwright's own browser download is not used: the tests point it at ``/usr/bin/chromium``
(``.ci/run`` installs Debian's ``chromium`` package). Every page records its console: a test
fails on any console error or warning, or an uncaught exception in the page.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from tests.server.helpers import ServerThread, settings_for

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Screenshots are test artefacts, kept out of git (build/ is ignored); a few copies chosen by
#: hand live in docs/images/.
SHOTS = Path(
    os.environ.get("GAMENIGHT_SCREENSHOTS", Path(__file__).parents[2] / "build" / "screenshots")
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """The gamenight server on 127.0.0.1, with bots quick enough for whole games in a test
    (a twentieth of their human-like delays) and rate limits a fast test client stays within."""
    db = tmp_path_factory.mktemp("web") / "gamenight.db"
    settings = settings_for(f"sqlite:///{db}", bot_delay=0.05)
    with ServerThread(settings) as running:
        yield running


# Module scope, not session: sync Playwright keeps an asyncio loop running in the worker while
# it is open, and a later test in the same worker that calls asyncio.run (the terminal table's
# tests do) would fail with "cannot be called from a running event loop".
@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, headless (one per test module)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run .ci/run (it installs Debian's chromium)")
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


class Console:
    """What a page wrote to its console that a player should never cause."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        #: What a test causes on purpose (a request refused), as a fragment of the line.
        self.expected: list[str] = []

    def watch(self, page: Page) -> None:
        page.on(
            "console",
            lambda m: (
                self.problems.append(f"{m.type}: {m.text}")
                if m.type in ("error", "warning")
                else None
            ),
        )
        page.on("pageerror", lambda e: self.problems.append(f"exception: {e}"))
        page.on(
            "response",
            lambda r: (
                self.problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None
            ),
        )


@pytest.fixture
def console() -> Console:
    """What the test's pages write to their consoles (a test that has a request refused on
    purpose adds to ``expected``)."""
    return Console()


@pytest.fixture
def new_page(
    browser: Browser, server: ServerThread, console: Console
) -> Iterator[Callable[..., Page]]:
    """Open pages in fresh browser contexts (each its own storage: its own person); at the end,
    no page may have logged an error or a warning (but what the test expected)."""
    contexts = []

    def make(width: int = 1280, height: int = 900, locale: str = "en-GB", **more: object) -> Page:
        context = browser.new_context(
            viewport={"width": width, "height": height},
            locale=locale,
            base_url=server.url,
            **more,  # type: ignore[arg-type]
        )
        context.set_default_timeout(20_000)
        contexts.append(context)
        page = context.new_page()
        console.watch(page)
        return page

    yield make
    for context in contexts:
        context.close()
    assert [p for p in console.problems if not any(e in p for e in console.expected)] == []


def shot(page: Page, name: str) -> Path:
    """Save a screenshot of the page as a test artefact."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
