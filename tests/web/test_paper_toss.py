"""Paper Toss! in the browser: a whole game against bots, answering every response window."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.conftest import shot
from tests.web.pages import fill_with_bots_and_start, open_room, play_to_end

# Real servers, browsers and clocks: under a loaded machine a step can miss its time limit, so
# these end-to-end tests get two more tries (pytest-rerunfailures); a real fault fails all three.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)


def paper_toss_move(page: Page) -> None:
    """One move: D to draw up, T to toss, F to flip, Y/N for Sprinklers, a number to choose a
    Toss card; in a response window play a Counter, a Hazard or a Bully when the page offers one
    (the buttons name the card), else P to pass."""
    phase = page.locator("#table").get_attribute("data-phase")
    keys = {"discard": "d", "launch": "f", "choose": "1"}
    if phase in keys:
        page.keyboard.press(keys[phase])
    elif phase == "main":
        page.keyboard.press("t" if page.locator('[data-key="toss"]').count() else "e")
    elif phase == "sprinklers":
        page.keyboard.press("y" if page.locator('[data-key="sprinkle-yes"]').count() else "n")
    elif phase in ("hazard", "counter", "after"):
        for wanted in ("counter-", "hazard-"):
            button = page.locator(f'.pt-actions [data-key^="{wanted}"]')
            if button.count():
                # a bot's Hazard or Counter may close the window first: then there is no click
                with contextlib.suppress(PlaywrightTimeout):
                    button.first.click(timeout=3000)
                return
        # nothing but Bully, Flat Tire or a pass: quiet windows (on by default) pass at once
        expect(page.locator("#pt-quiet")).to_be_checked()
    else:
        raise AssertionError(f"asked to move in phase {phase}")


def test_a_whole_game_of_paper_toss_against_two_bots(new_page: Callable[..., Page]) -> None:
    """One person opens a room (first to 4 tokens), seats two bots and plays to the end; the
    windows show a countdown and the cards that could answer. Windows where the person could
    only pass, Bully or Flat-Tire are passed by the page at once (quiet windows): the person
    never passes by hand, and a window waits ten minutes, so the game ends only if the page
    passes them."""
    page = new_page()
    open_room(page, "paper-toss", 3, options={"target": "4"}, limits={"reaction_seconds": "600"})
    fill_with_bots_and_start(page)
    seen: set[str] = set()

    def move(p: Page) -> None:
        phase = p.locator("#table").get_attribute("data-phase") or ""
        if phase not in seen:
            seen.add(phase)
            if phase in ("hazard", "counter", "after", "choose"):
                expect(p.locator(".clock")).to_be_visible()
            shot(p, f"paper-toss-{phase}")
        status = " ".join(p.locator(".status-text").inner_text().split())
        wanted = {"discard": "Tap cards to discard", "main": "end your turn", "launch": "Toss card"}
        assert wanted.get(phase, "") in status, (phase, status)  # the top line says what to do
        paper_toss_move(p)

    play_to_end(page, move, limit=400)
    expect(page.locator("#result")).to_be_visible()
    shot(page, "paper-toss-over")
    assert {"discard", "main"} <= seen  # windows: only with a Hazard or Counter in hand
