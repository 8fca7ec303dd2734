"""Toss Up! in the browser: a whole game against bots, played with the keyboard."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import shot
from tests.web.pages import fill_with_bots_and_start, open_room, play_to_end

# Real servers, browsers and clocks: under a loaded machine a step can miss its time limit, so
# these end-to-end tests get two more tries (pytest-rerunfailures); a real fault fails all three.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)


def test_a_whole_game_of_toss_up_against_two_bots(new_page: Callable[..., Page]) -> None:
    """One person opens a room, seats two bots, and plays to the end with R (roll) and B
    (bank); the table shows the dice, the turn total and the chance that the next roll busts."""
    page = new_page()
    open_room(page, "toss-up", 3, options={"target": "30"})
    fill_with_bots_and_start(page, level="smart")
    shots = {"n": 0}

    def move(p: Page) -> None:
        total = int(p.locator(".tu-figures .big .stat-value").inner_text())
        expect(p.locator(".tu-figures")).to_contain_text("%")
        if shots["n"] == 2:
            shot(p, "toss-up-table")
        shots["n"] += 1
        p.keyboard.press("r" if total < 8 else "b")

    moves = play_to_end(page, move)
    assert moves > 0
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#rematch")).to_be_visible()
    shot(page, "toss-up-over")

    # The host offers a rematch: the same seats, a new match from the start.
    page.click("#rematch")
    expect(page.locator("#result")).to_have_count(0)
    expect(page.locator(".tu-points").first).to_have_text("0")
    expect(page.locator(".player-list")).to_contain_text("smart bot 3")
