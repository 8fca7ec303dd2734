"""The table screen as a TV across the room: for each game, mid-match, at 1280x720 and at
3840x2160 it fills the screen without scrolling sideways, its type is large enough to read from
three metres (a line of body text at least 1/30 of the screen's height), and the public board,
whose turn, the clock and the last events are all on it. Screenshots of the TV and of the
host's phone (390x844) go to build/screenshots (docs/web.md shows copies of them)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import SHOTS
from tests.web.pages import fill_with_bots_and_start, open_room

GAMES = {"toss-up": 2, "toss-your-cookies": 4, "paper-toss": 3, "cover-your-cookies": 4}


@pytest.mark.parametrize("game", GAMES)
def test_the_table_screen_fills_a_tv_and_reads_from_across_the_room(
    new_page: Callable[..., Page], game: str
) -> None:
    host = new_page(width=390, height=844)
    code = open_room(host, game, GAMES[game], name="Ann", limits={"turn_seconds": "600"})
    fill_with_bots_and_start(host)
    expect(host.locator("#table[data-version]")).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    host.screenshot(path=str(SHOTS / f"phone-{game}.png"))  # the same match on the host's phone
    for width, height in ((1280, 720), (3840, 2160)):
        tv = new_page(width=width, height=height)
        tv.goto(f"/table/{code}")
        expect(tv.locator("#table[data-version]")).to_be_visible()
        expect(tv.locator(".match .status")).not_to_be_empty()
        expect(tv.locator(".log li").first).to_be_visible()
        sizes = tv.evaluate(
            """() => ({
              width: document.documentElement.scrollWidth,
              text: parseFloat(getComputedStyle(document.querySelector('.match .status')).fontSize),
              log: parseFloat(getComputedStyle(document.querySelector('.log li')).fontSize),
              board: document.querySelector('#table').getBoundingClientRect().width,
            })"""
        )
        assert sizes["width"] <= width, sizes
        assert sizes["text"] >= height / 30 and sizes["log"] >= height / 40, sizes
        assert sizes["board"] >= width * 0.55, sizes
        if width == 1280:
            tv.screenshot(path=str(SHOTS / f"tv-{game}.png"))
