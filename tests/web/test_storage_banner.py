"""The page while the server's database is away: another program holds the SQLite file's write
lock while a person rolls, so the step cannot be stored; the header says the game is
reconnecting to storage (in the page's language), the roll is not shown, and once the lock is
released the banner goes and the game goes on by itself."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy.engine import make_url

from tests.server.helpers import ServerThread
from tests.web.pages import fill_with_bots_and_start, open_room


@pytest.mark.parametrize(
    ("locale", "words"),
    [("en-GB", "Reconnecting to storage"), ("es-ES", "Reconectando con el almacenamiento")],
)
def test_the_page_says_it_is_reconnecting_to_storage_and_the_game_goes_on(
    new_page: Callable[..., Page], server: ServerThread, locale: str, words: str
) -> None:
    page = new_page(locale=locale)
    open_room(page, "toss-up", 2, options={"target": "50"})
    fill_with_bots_and_start(page)
    page.wait_for_selector('#table[data-mine="1"]', timeout=60_000)
    version = page.locator("#table").get_attribute("data-version") or ""
    db = make_url(server.server.config.app.state.settings.db_url).database
    other = sqlite3.connect(db, isolation_level=None, timeout=30)
    try:
        other.execute("BEGIN EXCLUSIVE")  # another program holds the file's write lock
        page.keyboard.press("r")  # roll: the step waits for the database
        expect(page.locator("#net")).to_contain_text(words, timeout=30_000)
        expect(page.locator("#table")).to_have_attribute("data-version", version)
    finally:
        other.execute("COMMIT")
        other.close()
    expect(page.locator("#net")).not_to_contain_text(words, timeout=30_000)
    page.wait_for_function(
        "v => document.querySelector('#table').dataset.version !== v", arg=version
    )
