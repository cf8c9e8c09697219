"""The interactive API docs under their Content-Security-Policy (issue 18, item 4): Swagger UI,
served by the service itself, still renders the whole document, and the browser reports no
violation of the policy (a blocked script or style would be one; the ``page`` fixture also fails
on any console error, which is how Chromium reports them too)."""

from __future__ import annotations

from typing import Any

VIOLATIONS_RECORDER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(event.violatedDirective + " " + event.blockedURI);
});
"""


def test_swagger_ui_renders_under_the_docs_policy(page: Any) -> None:
    page.add_init_script(VIOLATIONS_RECORDER)
    answer = page.goto("/docs/")
    assert answer is not None and "script-src" in answer.headers["content-security-policy"]
    page.wait_for_selector(".swagger-ui .information-container .title")
    assert "Ramchi" in page.inner_text(".swagger-ui .information-container .title")
    operations = page.locator(".swagger-ui .opblock")
    assert operations.count() >= 10  # the operations of /openapi.json are listed
    operations.first.locator(".opblock-summary").click()  # and open when clicked (scripts run)
    page.wait_for_selector(".swagger-ui .opblock.is-open")
    assert page.evaluate("window.__cspViolations") == []


def test_docs_show_a_whole_example_request(page: Any) -> None:
    """``POST /v1/games`` opens on an explicit example (seed 5), not one generated from the fields."""
    page.goto("/docs/")
    summary = page.locator('.swagger-ui .opblock-post .opblock-summary-path[data-path="/v1/games"]')
    summary.first.click()
    block = page.locator(".swagger-ui .opblock-post.is-open")
    block.locator(".examples-select").first.wait_for()
    shown = block.locator(".body-param__example, .highlight-code").first.inner_text()
    assert '"seed": 5' in shown and "9223372036854775807" not in shown
