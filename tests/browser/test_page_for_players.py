"""The page as a new player meets it in the first minutes: where the first Tab goes, what a lost
connection says, how a refused request reads, and how the deck grid and controls fit a phone.

Each test is named after what a player sees; each failed before its fix (issue 22's defects
7, 8, 10 and 11).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import EXPECTED_REFUSAL, screenshot

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}
TOOLS = ("ramchi-advice", "ramchi-trainer", "ramchi-play", "continental-advice", "continental-play",
         "referee")

ABORTED = re.compile(r"Failed to load resource: net::ERR_FAILED")
"""Chromium's console line for a request the test itself cut (the service 'stopped')."""


@pytest.fixture
def phone(browser: Any, live_server: str) -> Iterator[Any]:
    """A fresh page at 390 x 844 whose console errors fail the test (those of cut requests aside)."""
    context = browser.new_context(viewport=PHONE, base_url=live_server)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" and not EXPECTED_REFUSAL.search(message.text)
            and not ABORTED.search(message.text) else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(20_000)
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"the page logged errors: {errors}"


def _active(page: Any) -> str:
    return page.evaluate("() => { const a = document.activeElement;"
                         " return (a.getAttribute('role') === 'tab'"
                         " ? 'tab:' + a.getAttribute('aria-controls')"
                         " : a.tagName + ':' + a.textContent.trim()); }")


@pytest.mark.parametrize("tool", ["", "referee", "ramchi-trainer"])
def test_the_first_tab_goes_to_the_skip_link_then_the_api_link_then_the_tabs(phone: Any, tool: str) -> None:
    phone.goto(f"/#{tool}" if tool else "/")
    phone.get_by_role("tab").first.wait_for()
    phone.wait_for_load_state("load")
    phone.wait_for_timeout(300)
    seen = []
    for _ in range(3):
        phone.keyboard.press("Tab")
        seen.append(_active(phone))
    assert seen == ["A:Skip to the content", "A:API", f"tab:{tool or 'ramchi-advice'}"], seen


def test_a_stopped_service_is_said_in_words_retried_and_the_answer_comes_when_it_is_back(phone: Any) -> None:
    phone.goto("/#ramchi-advice")
    panel = phone.locator("#ramchi-advice")
    panel.get_by_role("button", name="Deal at random").click()
    phone.route("**/v1/ramchi/advice", lambda route: route.abort())
    panel.get_by_role("button", name="Advise").click()
    bar = phone.locator("#connection")
    bar.wait_for(state="visible")
    assert "Can't reach the service — retrying in" in bar.inner_text()
    assert bar.get_by_role("button", name="Retry now").is_visible()
    body = phone.locator("body").inner_text()
    for program_text in ("TypeError", "Failed to fetch", "Something went wrong"):
        assert program_text not in body
    screenshot(phone, "page-service-unreachable-phone")
    phone.unroute("**/v1/ramchi/advice")
    bar.get_by_role("button", name="Retry now").click()
    panel.get_by_role("heading", name="Advice", exact=True).wait_for()
    phone.wait_for_function("() => document.getElementById('connection').textContent.includes('again')")


def test_a_service_that_stays_down_leaves_a_retry_button_that_sends_the_request_again(phone: Any) -> None:
    phone.goto("/#ramchi-play")
    panel = phone.locator("#ramchi-play")
    phone.route("**/v1/games", lambda route: route.abort())
    phone.evaluate("() => { const real = window.setTimeout; window.setTimeout = (f, ms, ...a) =>"
                   " real(f, Math.min(ms, 50), ...a); }")  # the retries' waits, shortened
    panel.get_by_role("button", name="Start game").click()
    alert = panel.get_by_role("alert")
    alert.get_by_role("button", name="Retry").wait_for()
    assert alert.inner_text().startswith("Can't reach the service")
    assert "TypeError" not in alert.inner_text()
    phone.unroute("**/v1/games")
    alert.get_by_role("button", name="Retry").click()
    # the game was created this time: its id is on the page (whatever the deal: a hand ended at
    # once by a four of a kind shows its result, not the table)
    panel.locator(".game-id code").wait_for(state="attached")
    assert alert.get_by_role("button", name="Retry").count() == 0


def test_a_refused_request_says_each_sentence_once_and_shows_no_pointer(phone: Any) -> None:
    phone.goto("/#ramchi-advice")
    panel = phone.locator("#ramchi-advice")
    codes = "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Kh Qh Zz"
    panel.get_by_label("Card codes (type, paste or pick below)").fill(codes)
    panel.get_by_role("button", name="Advise").click()
    alert = panel.get_by_role("alert")
    alert.get_by_text("Not a card").wait_for()
    text = alert.inner_text()
    assert "/hand/" not in text and not re.search(r"/\w+/\d+", text), text
    assert text.count("'z' is not a suit") == 1, text


def test_the_phone_deck_grid_starts_each_suit_on_a_row_of_its_own(phone: Any) -> None:
    phone.goto("/#ramchi-advice")
    grid = phone.get_by_role("group", name="Deck")
    grid.get_by_role("button").first.wait_for()
    rows = phone.evaluate("""() => {
        const rows = {};
        for (const b of document.querySelectorAll('#ramchi-advice .deck-grid button')) {
            (rows[b.offsetTop] = rows[b.offsetTop] || []).push(b.dataset.card.slice(-1));
        }
        return Object.values(rows);
    }""")
    assert len(rows) == 8, rows  # four suits of 13 cards: a row of 7 and a row of 6 each
    assert all(len(set(row)) == 1 for row in rows), rows
    first = grid.get_by_role("button").first
    first.focus()
    phone.keyboard.press("ArrowDown")
    phone.keyboard.press("ArrowDown")
    assert phone.evaluate("() => document.activeElement.dataset.card") == "Ah"


@pytest.mark.parametrize("tool", TOOLS)
def test_every_control_is_a_44_px_touch_target_on_a_phone(phone: Any, tool: str) -> None:
    phone.goto(f"/#{tool}")
    phone.locator(f"#{tool}").wait_for(state="visible")
    phone.wait_for_load_state("load")
    phone.wait_for_timeout(500)
    small = phone.evaluate("""() => [...document.querySelectorAll('button, select, input, textarea')]
        .filter((e) => e.getClientRects().length)
        .map((e) => { const r = e.getBoundingClientRect();
                      return {what: e.tagName + ' ' + (e.id || e.textContent.trim().slice(0, 20)),
                              width: Math.round(r.width), height: Math.round(r.height)}; })
        .filter((e) => e.width < 44 || e.height < 44)""")
    assert not small, small
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
