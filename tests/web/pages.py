"""What a person does on the page, as steps a test can take: open a room, seat bots, start,
and play a whole game through the page's own buttons and keys."""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import Page

#: Either this seat must act now, or the match is over.
MY_MOVE_OR_OVER = """() => document.querySelector('#result') ||
    document.querySelector('#table[data-mine="1"]')"""
#: The page's guard is over: for 200 ms after a decision of this seat gives way to another of
#: theirs, a move is taken as meant for the decision before and dropped.
SETTLED = """() => performance.now() >
    Number(document.querySelector('#table').dataset.guardUntil) + 10"""
#: The table shows a newer version than ``v`` (somebody moved), or the match is over.
MOVED_ON = """v => document.querySelector('#result') ||
    (document.querySelector('#table') && document.querySelector('#table').dataset.version !== v)"""


def open_room(
    page: Page,
    game: str,
    seats: int,
    name: str | None = "Ann",
    options: dict[str, str | bool] | None = None,
    limits: dict[str, str] | None = None,
) -> str:
    """Create a room from the home page (game ``options`` and time ``limits``, e.g.
    ``{"reaction_seconds": "600"}``); return its code (the page is then in the room)."""
    page.goto("/")
    page.locator(f'.game-choice:has(input[value="{game}"])').click()
    page.select_option("#seats", str(seats))
    page.fill("#host-name", name or "")
    for option, value in (options or {}).items():
        field = page.locator(f"#opt-{option}")
        if not field.is_visible():
            page.locator("details.more summary").click()
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    for limit, value in (limits or {}).items():
        field = page.locator(f"#limit-{limit}")
        if not field.is_visible():
            page.locator("details.more summary").click()
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click("#create")
    page.wait_for_url("**/room/*")
    code = page.locator("#room-code").inner_text().strip()
    assert len(code) == 6
    return code


def fill_with_bots_and_start(page: Page, level: str | None = None) -> None:
    """The host seats bots (of ``level``, or the game's default) in every open seat, starts."""
    if level is not None:
        page.select_option("#bot-level", level)
    page.click("#fill-bots")
    page.locator("#start:not([disabled])").click()
    page.wait_for_selector("#table[data-version]")


def play_to_end(page: Page, move: Callable[[Page], None], limit: float = 300) -> int:
    """Make this seat's moves with ``move`` until the result shows; return the moves made."""
    deadline = time.monotonic() + limit
    moves = 0
    while time.monotonic() < deadline:
        page.wait_for_function(MY_MOVE_OR_OVER, timeout=90_000)
        if page.locator("#result").count():
            return moves
        page.wait_for_function(SETTLED)
        version, mine = page.evaluate(
            "() => [document.querySelector('#table').dataset.version,"
            " document.querySelector('#table').dataset.mine]"
        )
        if mine != "1" or page.locator("#result").count():
            continue  # the view moved on while we looked
        move(page)
        moves += 1
        page.wait_for_function(MOVED_ON, arg=version, timeout=60_000)
    raise AssertionError(f"the game did not end within {limit} s ({moves} moves made)")


#: This seat is asked to choose cards (to toss or pass) now (Toss Your Cookies).
CHOOSING = (
    "document.querySelector('#table').dataset.phase === 'commit'"
    " && document.querySelector('#table').dataset.mine === '1'"
)


def rematch(host: Page) -> None:
    """The host, on a match's result, starts the next match with the same seats."""
    host.keyboard.press("Escape")  # the Snickerdoodle! pop-up, if any, closes at once
    host.click("#rematch")
    host.wait_for_selector("#result", state="detached")


def wait_in_play(host: Page, ready: str, tries: int = 6) -> None:
    """Wait until the script ``ready`` (an expression) holds on the host's page. A match that
    ends first (a Toss Your Cookies deal hands someone a Snickerdoodle about once in forty
    deals, which ends a one-round match before anyone moves) is followed by the host's rematch,
    up to ``tries`` matches."""
    for _ in range(tries):
        host.wait_for_function(f"() => document.querySelector('#result') || ({ready})")
        if not host.locator("#result").count():
            return
        rematch(host)
    raise AssertionError(f"{tries} matches in a row ended before {ready}")
