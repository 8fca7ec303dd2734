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


#: Each face-up card and die on the table, and what tells it apart besides its colour: the words
#: it shows and the shape drawn on it (a number die shows its number, large, and no shape).
FACES = """() => [...document.querySelectorAll('#table .card:not(.card-back), #table .die')]
    .map((el) => ({
        html: el.outerHTML.slice(0, 160),
        words: (el.querySelector('.card-name, .die-text')?.textContent || '').trim(),
        shape: Boolean(el.querySelector('svg')),
        big: Boolean(el.querySelector('.die-big')),
        name: (el.getAttribute('aria-label') || el.textContent || '').trim(),
    }))"""


def told_by_colour_alone(page: Page, where: str) -> tuple[int, list[str]]:
    """How many cards and dice the table shows, and those a person who cannot tell colours
    apart could not read: without words, without an accessible name, or (but for a number
    die) without a shape of their own."""
    faces: list[dict[str, Any]] = page.evaluate(FACES)
    bad = [
        f"{where}: only its colour tells this apart: {face['html']}"
        for face in faces
        if not face["words"] or not face["name"] or not (face["shape"] or face["big"])
    ]
    return len(faces), bad


@pytest.mark.parametrize("locale", ["en-GB", "es-ES"])
def test_no_serious_violation_on_a_phone(new_page: Callable[..., Page], locale: str) -> None:
    """The home page, a room's lobby with bots seated, and each of the four tables on this
    seat's move: no serious or critical axe-core violation, in either language; and every card
    and die on the tables shows words and a shape besides its colour."""
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
        faces, bad = told_by_colour_alone(page, f"{game} table")
        assert faces > 0, f"{game}: no card or die on the table to check"
        found += bad
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
