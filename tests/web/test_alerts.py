"""The "your turn" alert in the browser: a sound and vibration when a decision of mine opens,
kept off by this device's switch."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.web.pages import fill_with_bots_and_start, open_room


def test_my_turn_alerts_and_the_switch_keeps_it_quiet(new_page: Callable[..., Page]) -> None:
    """Ann against a bot in Toss Up!: when her turn opens the page plays the "turn" alert; she
    turns Sound off (kept on this device) and the next decision of hers plays nothing."""
    ann = new_page()
    open_room(ann, "toss-up", 2, name="Ann", limits={"turn_seconds": "600"})
    fill_with_bots_and_start(ann)
    expect(ann.locator('#table[data-mine="1"]')).to_be_visible()
    ann.wait_for_function("() => (window.gamenightAlerts || []).includes('turn')")
    ann.locator("#alerts-on").uncheck()
    assert ann.evaluate("localStorage.getItem('gamenight:alerts')") == "0"
    played = ann.evaluate("window.gamenightAlerts.length")
    version = ann.locator("#table").get_attribute("data-version")
    ann.wait_for_timeout(250)  # past the guard of a new decision
    ann.locator('[data-key="bank"]').click()
    ann.wait_for_function(
        "v => document.querySelector('#table').dataset.version !== v", arg=version
    )
    expect(ann.locator('#table[data-mine="1"]')).to_be_visible(timeout=60_000)
    assert ann.evaluate("window.gamenightAlerts.length") == played
    ann.reload()
    expect(ann.locator("#alerts-on")).not_to_be_checked()
