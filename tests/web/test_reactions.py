"""Reactions in the browser: a seated person taps one and every page shows it beside their
seat for a moment; the host turns them off and the row goes away."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.web.conftest import shot
from tests.web.pages import open_room


def test_a_reaction_shows_beside_its_seat_and_the_host_turns_them_off(
    new_page: Callable[..., Page],
) -> None:
    """Bob taps the party reaction: Ann's player list shows it beside Bob (and a screen reader
    hears "Bob: party"); Ann, the host, unticks Reactions and Bob's row of reactions goes."""
    ann, bob = new_page(), new_page()
    code = open_room(ann, "toss-up", 2, name="Ann", limits={"turn_seconds": "600"})
    bob.goto(f"/join/{code}")
    bob.fill("#name", "Bob")
    bob.click("#join")
    ann.locator("#start:not([disabled])").click()
    expect(bob.locator("#table[data-version]")).to_be_visible()
    bob.locator('[data-reaction="party"]').click()
    bobs_row = ann.locator(".player-list .player").nth(1)
    expect(bobs_row.locator(".reaction-shown")).to_have_text("🎉")
    expect(ann.locator("#announce")).to_contain_text("Bob: party")
    expect(ann.locator(".player-list .player").nth(0).locator(".reaction-shown")).to_have_count(0)
    shot(ann, "reaction")
    ann.locator("#reactions-on").uncheck()
    expect(bob.locator('[data-reaction="party"]')).to_have_count(0)
    expect(bob.locator("#reactions-on")).to_have_count(0)  # Bob is not the host
