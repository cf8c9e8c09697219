"""Every tab as a player reads it, at a phone's width (390 x 844) and a desktop's (1440 x 900):
after its first use (an advice asked, a game started), it is axe-core clean, nothing is wider
than the screen, every control is a 44 px touch target on the phone, and the text a player reads
by default is free of statisticians' words (the details sit behind "How sure is this?").

Each run saves a screenshot per tab and width (``test-output/screenshots/tab-<tool>-<width>.png``);
those in ``docs/images/`` are copies (see the README).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.browser.a11y import accessibility_violations, describe
from tests.browser.conftest import EXPECTED_REFUSAL, screenshot

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1440, "height": 900}}

STATISTICIANS_WORDS = ("±", "standard error", "runner-up", "objective", "mixture", "Seat 0")
"""What a player must not have to read by default (issue 22)."""
SLIPS = ("You (you)", "You deals", "against ev and", "greedy / maximin / ev", "▶")
"""Wording slips issue 22 found (defect 13): a name said twice, a verb that does not agree, bots
named by code, a turn marked by a symbol alone."""


def _ramchi_advice(panel: Any) -> None:
    panel.get_by_role("button", name="Deal at random").click()
    panel.get_by_role("button", name="Advise").click()
    panel.get_by_role("heading", name="Advice", exact=True).wait_for(timeout=60_000)


def _ramchi_trainer(panel: Any) -> None:
    panel.locator(".deck-grid button, .hand button, button.card-button").first.wait_for()


def _ramchi_play(panel: Any) -> None:
    panel.get_by_role("button", name="Start game").click()
    panel.get_by_role("heading", name=re.compile(r"^Hand \d")).first.wait_for(timeout=60_000)


def _continental_advice(panel: Any) -> None:
    panel.get_by_label("Hand (card codes)").fill("4h Jk 6h 7h Kc Kd Ks 2c 9d 9h 3s 5c 8d")
    panel.get_by_role("button", name="Get advice").click()
    panel.locator(".advice-result").wait_for(timeout=60_000)


def _continental_play(panel: Any) -> None:
    panel.get_by_role("button", name="Start the game").click()
    panel.get_by_role("heading", name=re.compile(r"Hand 1 of \d+")).wait_for(timeout=60_000)


def _table(panel: Any) -> None:
    panel.get_by_label("Your name").fill("Asha")
    panel.get_by_role("button", name="Create the table").click()
    panel.get_by_role("heading", name="Invite the players").wait_for(timeout=60_000)
    panel.locator(".table-board .turn").wait_for()
    panel.page.wait_for_function(
        "() => document.querySelector('#table .table-board .turn').textContent.trim()")


def _referee(panel: Any) -> None:
    panel.get_by_role("heading").first.wait_for()


FIRST_USE: dict[str, Callable[[Any], None]] = {
    "ramchi-advice": _ramchi_advice,
    "ramchi-trainer": _ramchi_trainer,
    "ramchi-play": _ramchi_play,
    "continental-advice": _continental_advice,
    "continental-play": _continental_play,
    "table": _table,
    "referee": _referee,
}
"""Each tab's first use, as a new player would make it."""


@pytest.fixture(params=list(SIZES))
def sized_page(request: pytest.FixtureRequest, browser: Any, live_server: str) -> Iterator[tuple[str, Any]]:
    """A fresh page at the phone's or the desktop's size; console errors fail the test."""
    context = browser.new_context(viewport=SIZES[request.param], base_url=live_server)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" and not EXPECTED_REFUSAL.search(message.text) else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(20_000)
    try:
        yield request.param, page
    finally:
        context.close()
    assert not errors, f"the page logged errors: {errors}"


def _small_controls(page: Any) -> list[dict[str, Any]]:
    return page.evaluate("""() => [...document.querySelectorAll('button, select, input, textarea, summary')]
        .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
        .map((e) => { const r = e.getBoundingClientRect();
                      return {what: e.tagName + ' ' + (e.id || e.textContent.trim().slice(0, 24)),
                              width: Math.round(r.width), height: Math.round(r.height)}; })
        .filter((e) => e.width < 44 || e.height < 44)""")


@pytest.mark.parametrize("tool", list(FIRST_USE))
def test_every_tab_after_its_first_use_reads_for_players_and_fits_the_screen(
        sized_page: tuple[str, Any], tool: str) -> None:
    size, page = sized_page
    page.goto(f"/#{tool}")
    panel = page.locator(f"#{tool}")
    panel.wait_for(state="visible")
    FIRST_USE[tool](panel)
    page.wait_for_timeout(300)
    width = SIZES[size]["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width, "wider than the screen"
    if size == "phone":
        assert not _small_controls(page), _small_controls(page)
    violations = accessibility_violations(page, context=f"#{tool}")
    assert not violations, describe(violations)
    shown = panel.inner_text()  # the text shown: a closed <details> keeps its details out of it
    found = [word for word in STATISTICIANS_WORDS if word.lower() in shown.lower()]
    assert not found, f"{tool} shows {found} by default"
    slips = [slip for slip in SLIPS if slip in shown]
    assert not slips, f"{tool} reads {slips}"
    screenshot(page, f"tab-{tool}-{size}")
