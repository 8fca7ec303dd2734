"""The host's pause in the browser: the host's Pause button, the banner everyone sees, the
table that takes no moves meanwhile, and Go on (English and Spanish)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.web.conftest import shot
from tests.web.pages import open_room


def test_the_host_pauses_everyone_sees_it_and_the_match_goes_on_after(
    new_page: Callable[..., Page],
) -> None:
    """Ann hosts Toss Up! with Bob: she taps Pause; both pages say "Paused by Ann.", Ann's
    clock stands still and her table takes no taps, Bob has no Pause button; Bob's page in
    Spanish says it too; Ann taps Go on, the banner goes and her roll is played."""
    ann, bob = new_page(), new_page()
    code = open_room(ann, "toss-up", 2, name="Ann", limits={"turn_seconds": "600"})
    bob.goto(f"/join/{code}")
    bob.fill("#name", "Bob")
    bob.click("#join")
    ann.locator("#start:not([disabled])").click()
    expect(ann.locator('#table[data-mine="1"]')).to_be_visible()
    expect(bob.locator("#pause")).to_have_count(0)
    ann.click("#pause")
    for page in (ann, bob):
        expect(page.locator("#paused")).to_contain_text("Paused by Ann.")
    expect(ann.locator("#pause")).to_have_text("Go on")
    expect(ann.locator("#pause")).to_have_attribute("aria-pressed", "true")
    assert (
        ann.evaluate("getComputedStyle(document.querySelector('#table')).pointerEvents") == "none"
    )
    clock = ann.locator(".clock-text").inner_text()
    ann.wait_for_timeout(1500)  # a second and a half of pause: the clock shown stands still
    assert ann.locator(".clock-text").inner_text() == clock
    shot(ann, "paused")
    bob.select_option("#lang", "es")
    expect(bob.locator("#paused")).to_contain_text("En pausa: la ha puesto Ann.")
    version = ann.locator("#table").get_attribute("data-version")
    ann.click("#pause")
    expect(ann.locator("#paused")).to_be_hidden()
    expect(bob.locator("#paused")).to_be_hidden()
    expect(ann.locator("#pause")).to_have_text("Pause")
    ann.locator('[data-key="roll"]').click()
    ann.wait_for_function(
        "v => document.querySelector('#table').dataset.version !== v", arg=version
    )
