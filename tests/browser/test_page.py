"""The coaching page as a whole: its tabs, keyboard use, phone width, accessibility, its files.

These tests know nothing of any one tool: they iterate over the tabs the page shows (one per tool
module that ``app.js`` imports), so a new tool is covered as soon as it is added.
"""

from __future__ import annotations

import re
import time
import urllib.request
from typing import Any

import pytest

from api.web import STATIC
from tests.browser.a11y import accessibility_violations, describe
from tests.browser.conftest import screenshot

TOOL_MODULES = re.findall(r'^import \{ tool as \w+ \} from "/web/(\w+)\.js";',
                          (STATIC / "app.js").read_text(encoding="utf-8"), re.MULTILINE)
"""The tool modules ``app.js`` imports, in tab order (one tab each)."""

TITLE = "Ramchi & Continental Rummy coach"


_IN_FLIGHT: dict[int, set[Any]] = {}
"""The requests each page (by ``id``) has started and not finished."""


def _track(page: Any) -> None:
    """Count ``page``'s requests in flight, for :func:`_settle`."""
    if id(page) in _IN_FLIGHT:
        return
    pending: set[Any] = set()
    _IN_FLIGHT[id(page)] = pending
    page.on("request", lambda request: pending.add(request))
    page.on("requestfinished", lambda request: pending.discard(request))
    page.on("requestfailed", lambda request: pending.discard(request))


def _settle(page: Any, quiet_ms: int = 250, timeout_s: float = 20) -> None:
    """Wait until ``page`` has had no request in flight nor busy region for ``quiet_ms`` (the
    tools fetch from the API when they open and as they are used)."""
    pending = _IN_FLIGHT.get(id(page), set())
    deadline = time.monotonic() + timeout_s
    quiet = 0
    while time.monotonic() < deadline:
        busy = page.evaluate("() => document.querySelectorAll('[aria-busy=\"true\"]').length")
        quiet = quiet + 1 if not pending and not busy else 0
        if quiet >= 2:
            return
        page.wait_for_timeout(quiet_ms)
    raise AssertionError(f"the page was still busy after {timeout_s} s: {[r.url for r in pending]}")


def _open(page: Any, path: str = "/") -> list[Any]:
    """Load ``path``, wait for the tab list to be built; return the tabs (locators, in order)."""
    _track(page)
    page.goto(path)
    tabs = page.get_by_role("tablist", name="Tools").get_by_role("tab")
    tabs.first.wait_for()
    _settle(page)
    return tabs.all()


def _tab_id(tab: Any) -> str:
    """The id of the tool a tab opens (the id of its panel)."""
    return tab.get_attribute("aria-controls")


def _expect_selected(page: Any, tool_id: str) -> None:
    """Exactly the tab of ``tool_id`` is selected, and exactly its panel shows (with content)."""
    selected = page.locator('[role="tab"][aria-selected="true"]')
    assert selected.count() == 1, "one tab is selected"
    assert _tab_id(selected.first) == tool_id
    for panel in page.get_by_role("tabpanel", include_hidden=True).all():
        assert panel.is_visible() == (panel.get_attribute("id") == tool_id), panel.get_attribute("id")


def _select(page: Any, tab: Any) -> str:
    """Click ``tab``, wait for its tool's UI (its panel mounted and quiet); return the tool's id."""
    tool_id = _tab_id(tab)
    tab.click()
    panel = page.locator(f"#{tool_id}")
    panel.wait_for(state="visible")
    page.wait_for_function("(id) => document.getElementById(id).textContent.trim() !== ''", arg=tool_id)
    _settle(page)
    return tool_id


def test_the_page_loads_with_one_tab_per_tool_and_the_first_selected(page: Any) -> None:
    tabs = _open(page)
    assert page.title() == TITLE
    assert page.get_by_role("heading", level=1).inner_text() == TITLE
    assert len(tabs) == len(TOOL_MODULES), [tab.inner_text() for tab in tabs]
    assert all(tab.inner_text().strip() for tab in tabs), "every tab has a label"
    first = _tab_id(tabs[0])
    _expect_selected(page, first)
    assert page.evaluate("() => location.hash") == f"#{first}"
    assert tabs[0].get_attribute("tabindex") == "0"
    assert all(tab.get_attribute("tabindex") == "-1" for tab in tabs[1:]), "one tab stop (roving tabindex)"
    screenshot(page, "page-home")


def test_the_tabs_work_from_the_keyboard_alone(page: Any) -> None:
    tabs = _open(page)
    ids = [_tab_id(tab) for tab in tabs]
    # Start at the skip link, where the first Tab lands (test_page_for_players checks that Tab).
    skip = page.get_by_role("link", name="Skip to the content")
    skip.focus()
    assert skip.is_visible() and skip.bounding_box()["x"] >= 0, "the skip link shows when focused"
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.getAttribute('role')") == "tab":
            break
    else:
        pytest.fail("Tab never reached the tab list")
    focused = page.evaluate("() => document.activeElement.getAttribute('aria-controls')")
    assert focused == ids[0], "Tab reaches the selected tab first"

    def press(key: str, expected: str) -> None:
        page.keyboard.press(key)
        assert page.evaluate("() => document.activeElement.getAttribute('aria-controls')") == expected, key
        _expect_selected(page, expected)
        assert page.evaluate("() => location.hash") == f"#{expected}", key

    if len(ids) > 1:
        press("ArrowRight", ids[1])
        press("ArrowLeft", ids[0])
        press("ArrowLeft", ids[-1])  # wraps around
    press("Home", ids[0])
    press("End", ids[-1])
    press("ArrowRight", ids[0])  # wraps around
    # Tab from the tab list leaves it (one tab stop), into the open panel or beyond.
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.getAttribute('role')") != "tab"


@pytest.mark.parametrize("tool_id", ["continental-advice"])
def test_the_hash_opens_a_tool(page: Any, tool_id: str) -> None:
    tabs = _open(page, f"/#{tool_id}")
    assert tool_id in [_tab_id(tab) for tab in tabs], f"no tab for #{tool_id}"
    _expect_selected(page, tool_id)
    # The hash keeps routing once the page is open, and an unknown hash opens the first tool.
    first, last = _tab_id(tabs[0]), _tab_id(tabs[-1])
    page.evaluate("(id) => { location.hash = id; }", last)
    page.wait_for_function("(id) => !document.getElementById(id).hidden", arg=last)
    _expect_selected(page, last)
    _open(page, "/#no-such-tool")
    _expect_selected(page, first)


def test_no_tab_overflows_a_phone_screen(page: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    wide = {}
    for tab in _open(page):
        tool_id = _select(page, tab)
        width = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        if width[0] > width[1]:
            culprits = page.evaluate(
                """() => [...document.querySelectorAll('body *')]
                    .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)
                    .slice(0, 5).map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
                        + (typeof e.className === 'string' && e.className
                           ? '.' + e.className.split(' ')[0] : ''))""")
            wide[tool_id] = (width, culprits)
    assert not wide, f"wider than 390 px (scrollWidth, clientWidth; elements): {wide}"


def test_no_serious_accessibility_violation_on_any_tab(page: Any) -> None:
    found = {}
    for tab in _open(page):
        tool_id = _select(page, tab)
        violations = accessibility_violations(page)
        if violations:
            found[tool_id] = describe(violations)
    assert not found, "axe-core found serious or critical violations:\n" + "\n".join(
        f"[{tool_id}]\n{text}" for tool_id, text in found.items())


def test_every_image_has_an_accessible_name(page: Any) -> None:
    nameless = {}
    for tab in _open(page):
        tool_id = _select(page, tab)
        images = page.get_by_role("img")
        named = page.get_by_role("img", name=re.compile(r"\S"))
        if images.count() != named.count():
            nameless[tool_id] = page.evaluate(
                """() => [...document.querySelectorAll('[role="img"], img, svg:not([aria-hidden="true"])')]
                    .filter((e) => e.offsetParent !== null || e.getClientRects().length)
                    .filter((e) => !(e.getAttribute('aria-label') || e.getAttribute('alt')
                                     || e.getAttribute('aria-labelledby') || e.getAttribute('title')))
                    .slice(0, 5).map((e) => e.outerHTML.slice(0, 120))""")
    assert not nameless, f"images without an accessible name: {nameless}"


@pytest.mark.parametrize(("suffix", "content_type"), [
    (".css", "text/css"), (".js", "text/javascript"), (".html", "text/html")])
def test_the_page_files_are_served_with_their_content_type(live_server: str, suffix: str,
                                                            content_type: str) -> None:
    files = sorted(path.name for path in STATIC.iterdir() if path.suffix == suffix)
    assert files
    for name in files:
        with urllib.request.urlopen(f"{live_server}/web/{name}", timeout=10) as response:
            assert response.status == 200
            served = response.headers.get_content_type()
            allowed = {content_type, "application/javascript"} if suffix == ".js" else {content_type}
            assert served in allowed, f"/web/{name} is served as {served}"
    if suffix == ".html":
        with urllib.request.urlopen(f"{live_server}/", timeout=10) as response:
            assert response.headers.get_content_type() == "text/html"
            assert "script-src 'self'" in response.headers["Content-Security-Policy"]


def test_the_page_loads_nothing_from_another_origin(page: Any, live_server: str) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    for tab in _open(page):
        _select(page, tab)
    assert requested
    foreign = [url for url in requested
               if not (url.startswith(f"{live_server}/") or url.startswith(("data:", "blob:")))]
    assert not foreign, f"requests to other origins: {foreign}"
    modules = {url.rsplit("/", 1)[-1] for url in requested}
    assert {f"{name}.js" for name in TOOL_MODULES} <= modules
