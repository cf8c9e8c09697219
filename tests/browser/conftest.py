"""Browser tests: the app served on 127.0.0.1 in a thread, driven by headless Chromium.

Chromium comes from Debian's packages (``/usr/bin/chromium``; never a browser download) and is
driven by Python Playwright. Outside CI the tests skip, saying why, when either is missing; in
CI (``CI=true``) they fail instead. Screenshots go to ``test-output/screenshots/``.
"""

from __future__ import annotations

import os
import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from api import create_app
from tests.conftest import require_service

CHROMIUM = os.environ.get("RAMCHI_CHROMIUM", "/usr/bin/chromium")
"""The browser the tests drive (Debian's ``chromium`` package)."""

EXPECTED_REFUSAL = re.compile(r"Failed to load resource: the server responded with a status of "
                              r"4(09|22)")
"""Chromium logs every refused request (409, 422) as an error; the page shows them as problems."""

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"
"""Where each flow saves its screenshot."""


def _playwright() -> Any:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    return sync_playwright


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the session (skipped outside CI, failed in CI, when missing)."""
    sync_playwright = _playwright()
    require_service(sync_playwright is not None, "Python Playwright (pip install playwright)")
    require_service(shutil.which(CHROMIUM) is not None or Path(CHROMIUM).exists(),
                    f"Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app served on a free port of 127.0.0.1 (SQLite in a temporary folder); its base URL."""
    folder = tmp_path_factory.mktemp("web")
    # One app for the whole session, every page from 127.0.0.1: no per-address creation limit.
    # The pages are tested here, not the compute budgets (tests/api and tests/server): 10 s of
    # solver time a request, and a request waits up to 30 s for a bot's decision ahead of it, so
    # that a machine busy with other tests does not turn an advice into a 503.
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder / 'web.db'}",
                      "GAMES_PER_HOUR": 0, "SOLVE_BUDGET_S": 10, "SOLVER_WAIT_S": 30, "SOLVER_QUEUE": 4})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


@pytest.fixture
def page(browser: Any, live_server: str) -> Iterator[Any]:
    """A fresh page at phone-or-desktop size; console errors fail the test."""
    context = browser.new_context(viewport={"width": 1200, "height": 900}, base_url=live_server)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" and not EXPECTED_REFUSAL.search(message.text) else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(20_000)
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"the page logged errors: {errors}"


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot as ``test-output/screenshots/<name>.png``; return its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
