"""Issue 22 in the browser: every tab links to the rules of its game, and the rules pages read
well on a phone and a desktop (axe-core clean, nothing wider than the screen, links big enough
to tap, contents that jump to their section, the way back to the coaching page).

A page that broke its Content-Security-Policy (an inline style or script) would log an error to
the console, which fails every test here (the ``page`` fixture).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.a11y import accessibility_violations, describe
from tests.browser.conftest import SCREENSHOTS

NAMES = {"ramchi": "Ramchi", "continental": "Continental"}

TAB_GAMES = {
    "ramchi-advice": ["ramchi"],
    "ramchi-trainer": ["ramchi"],
    "ramchi-play": ["ramchi"],
    "continental-advice": ["continental"],
    "continental-play": ["continental"],
    "referee": ["ramchi", "continental"],
}
"""The rules each tab links to: the game it is about (the referee: both)."""

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1440, "height": 900}}

LINKS = [(tool, game) for tool, games in TAB_GAMES.items() for game in games]


def _rules_links(panel: Any) -> list[str]:
    return [link.inner_text() for link in panel.get_by_role("link").all()
            if link.inner_text().startswith("The rules of")]


@pytest.mark.parametrize(("tool", "game"), LINKS)
def test_each_tab_links_to_the_rules_of_its_game_and_back(page: Any, tool: str, game: str) -> None:
    page.set_viewport_size(SIZES["phone"])
    page.goto(f"/#{tool}")
    panel = page.locator(f"#{tool}")
    panel.wait_for(state="visible")
    link = panel.get_by_role("link", name=f"The rules of {NAMES[game]}")
    link.wait_for(state="visible")
    assert _rules_links(panel) == [f"The rules of {NAMES[name]}" for name in TAB_GAMES[tool]]
    box = link.bounding_box()
    assert box is not None and box["height"] >= 44, box
    link.click()
    page.wait_for_url(f"**/rules/{game}")
    assert page.title().startswith(f"The rules of {NAMES[game]}")
    assert page.get_by_role("heading", level=1).inner_text().startswith(NAMES[game])
    page.get_by_role("link", name="Back to the coaching page").click()
    page.wait_for_url(re.compile(r"^http://[^/]+/(#[\w-]+)?$"))
    page.get_by_role("tablist", name="Tools").get_by_role("tab").first.wait_for()


def _standalone_links(page: Any) -> list[dict[str, Any]]:
    """The header's links and the contents' links, with their size (the skip link is tested
    when it shows, on focus)."""
    return page.evaluate("""() => [...document.querySelectorAll('header a, nav.contents a')]
        .map((a) => { const r = a.getBoundingClientRect();
                      return {text: a.textContent.trim(), width: Math.round(r.width),
                              height: Math.round(r.height)}; })""")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(NAMES))
def test_a_rules_page_reads_well_at_every_size(page: Any, game: str, size: str) -> None:
    viewport = SIZES[size]
    page.set_viewport_size(viewport)
    page.goto(f"/rules/{game}")
    page.get_by_role("heading", level=1).wait_for()
    width = viewport["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width, "wider than the screen"
    # every table keeps within the screen: it scrolls inside its own box instead
    boxes = page.evaluate("""() => [...document.querySelectorAll('.table-box, .code-box')]
        .map((b) => ({right: b.getBoundingClientRect().right, scrolls: b.scrollWidth > b.clientWidth}))""")
    assert boxes and all(b["right"] <= width for b in boxes), boxes
    if size == "phone":
        assert any(b["scrolls"] for b in boxes), "at 390 px some table scrolls in its box"
        small = [link for link in _standalone_links(page) if link["height"] < 44]
        assert not small, small
    violations = accessibility_violations(page)
    assert not violations, describe(violations)
    # the top of the page only: a full-page picture of a long document is slow to take
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"rules-{game}-{size}.png"))


def test_the_contents_jump_to_their_section_and_the_keyboard_starts_at_the_skip_link(page: Any) -> None:
    page.set_viewport_size(SIZES["phone"])
    page.goto("/rules/ramchi")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to the rules")
    assert skip.evaluate("(a) => a === document.activeElement")
    box = skip.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] >= 0, box
    contents = page.get_by_role("navigation", name="On this page")
    assert contents.get_by_role("link", name="Who deals next").count() == 0  # an h3: not listed
    contents.get_by_role("link", name="The 2♦ exchange").click()
    page.wait_for_url("**/rules/ramchi#the-2-exchange")
    heading = page.get_by_role("heading", name="The 2♦ exchange")
    assert heading.evaluate("(h) => { const r = h.getBoundingClientRect(); return r.top >= 0 && "
                            "r.top < window.innerHeight; }")
    # the document's own link to a section works too
    page.locator('a[href="#who-deals-next"]').first.click()
    page.wait_for_url("**/rules/ramchi#who-deals-next")
    # and an address with a section opens at it
    page.goto("/rules/continental#going-out-and-scoring")
    heading = page.get_by_role("heading", name="Going out and scoring")
    assert heading.evaluate("(h) => { const r = h.getBoundingClientRect(); return r.top >= 0 && "
                            "r.top < window.innerHeight; }")
    page.get_by_role("link", name="The rules of Ramchi").click()
    page.wait_for_url("**/rules/ramchi")
