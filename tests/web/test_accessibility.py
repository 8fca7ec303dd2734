"""An axe-core scan of the page on a phone (issue 30): the home page, a room's lobby and each
game's table mid-match, at 390 x 844, in English and Spanish, have no serious or critical
violation. Also: events reach screen readers through a live region, and a card's colour is never
its only clue.

axe-core is a devDependency of ``package.json`` (pinned by ``package-lock.json``), installed by
``make js`` into ``node_modules``; the test injects ``node_modules/axe-core/axe.min.js`` into the
page as it is and runs ``axe.run()``. Without it the test fails, saying so: it is never skipped.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.pages import MOVED_ON, fill_with_bots_and_start, open_room, wait_in_play

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
#: The impacts that fail the scan (axe-core's "minor" and "moderate" are reported, not failed).
FAILING = ("serious", "critical")
PHONE = {"width": 390, "height": 844, "is_mobile": True, "has_touch": True}
GAMES = (("toss-up", 2), ("toss-your-cookies", 3), ("paper-toss", 2), ("cover-your-cookies", 3))
#: This seat must act now: the table shows its choices.
MY_MOVE = "document.querySelector('#table[data-mine=\"1\"]')"


def axe_script() -> Path:
    """``axe.min.js`` from ``node_modules``, or a failure saying how to get it."""
    if not AXE.is_file():
        pytest.fail(
            f"{AXE} is missing: run `make js` (it installs the pinned axe-core with npm ci)"
        )
    return AXE


def serious_violations(page: Page, where: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is, one line each (the rule,
    its impact, what it says and the first elements it names)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe_script()))
    results: dict[str, Any] = page.evaluate(
        "() => axe.run(document, { resultTypes: ['violations'] })"
    )
    lines = []
    for violation in results["violations"]:
        if violation["impact"] in FAILING:
            rule = f"{violation['id']} ({violation['impact']})"
            lines.append(f"{where}: {rule}: {violation['help']}")
            for node in violation["nodes"][:6]:
                why = "; ".join(check["message"] for check in node["any"] + node["all"])
                lines.append(f"    {' '.join(map(str, node['target']))}: {why}")
    return lines


@pytest.mark.parametrize("locale", ["en-GB", "es-ES"])
def test_no_serious_violation_on_a_phone(new_page: Callable[..., Page], locale: str) -> None:
    """The home page, a room's lobby with bots seated, and each of the four tables on this
    seat's move: no serious or critical axe-core violation, in either language."""
    page = new_page(locale=locale, **PHONE)
    found: list[str] = []
    page.goto("/")
    page.wait_for_selector(".game-choice")
    found += serious_violations(page, "home")
    for n, (game, seats) in enumerate(GAMES):
        open_room(page, game, seats)
        if n == 0:
            page.click("#fill-bots")
            page.wait_for_selector("#start:not([disabled])")
            found += serious_violations(page, f"{game} lobby")
            page.click("#start")
            page.wait_for_selector("#table[data-version]")
        else:
            fill_with_bots_and_start(page)
        wait_in_play(page, MY_MOVE)
        found += serious_violations(page, f"{game} table")
    assert found == [], "\n".join(found)


def test_without_axe_core_the_scan_says_to_run_make_js(monkeypatch: pytest.MonkeyPatch) -> None:
    """A checkout without ``node_modules/axe-core`` fails the scan with a message naming the
    command that installs it, rather than passing or skipping."""
    monkeypatch.setattr(f"{__name__}.AXE", Path("/nonexistent/axe-core/axe.min.js"))
    with pytest.raises(pytest.fail.Exception, match="run `make js`"):
        axe_script()


def test_new_events_are_announced(new_page: Callable[..., Page]) -> None:
    """A screen reader hears what just happened: the room has a polite live region (a log, out
    of sight) that gets each new line of the events as it comes (here the person's roll in Toss
    Up!), the same words as the visible list's newest line, and never the whole list again."""
    page = new_page(**PHONE)
    open_room(page, "toss-up", 2)
    fill_with_bots_and_start(page)
    wait_in_play(page, MY_MOVE)
    region = page.locator("#announce")
    expect(region).to_have_attribute("aria-live", "polite")
    expect(region).to_have_attribute("role", "log")
    said = region.locator("p").count()
    version = page.locator("#table").get_attribute("data-version")
    page.keyboard.press("r")
    page.wait_for_function(MOVED_ON, arg=version)
    expect(region.locator("p")).not_to_have_count(said)
    newest = page.locator(".log li").first.inner_text()
    expect(region.locator("p").last).to_have_text(newest)
    assert region.locator("p").count() <= 5
