"""Accessibility checks with axe-core (vendored in ``tests/browser/vendor/``, see its README).

:func:`accessibility_violations` injects axe into a Playwright page and returns the violations
that matter: impact *serious* or *critical*. The page's Content-Security-Policy allows only
same-origin script files, so axe is not added as a ``<script>`` tag (an inline script the CSP
would block) but evaluated through the DevTools protocol, which the CSP does not govern.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

AXE = Path(__file__).with_name("vendor") / "axe.min.js"
"""The vendored axe-core bundle."""

BLOCKING = ("serious", "critical")
"""The impacts a test fails on."""


@cache
def _axe_source() -> str:
    # A trailing expression so that evaluating the script returns something serialisable.
    return AXE.read_text(encoding="utf-8") + "\n;true;"


def accessibility_violations(page: Any, *, context: str | None = None) -> list[dict[str, Any]]:
    """Run axe on ``page`` (or on the element the CSS selector ``context`` names); return its
    violations of impact serious or critical, each as a dict with ``id``, ``impact``, ``help``,
    ``helpUrl`` and ``nodes`` (each node's ``target`` and ``failureSummary``)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_axe_source())
    results = page.evaluate(
        """async (context) => {
            const options = {resultTypes: ["violations"]};
            const results = await axe.run(context ? document.querySelector(context) : document, options);
            return results.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                nodes: v.nodes.map((n) => ({target: n.target, failureSummary: n.failureSummary})),
            }));
        }""",
        context,
    )
    return [violation for violation in results if violation["impact"] in BLOCKING]


def describe(violations: list[dict[str, Any]]) -> str:
    """The violations as readable lines, for an assertion message."""
    lines = []
    for violation in violations:
        lines.append(f"{violation['impact']}: {violation['id']} - {violation['help']}"
                     f" ({violation['helpUrl']}), {len(violation['nodes'])} element(s):")
        for node in violation["nodes"][:5]:
            summary = " ".join((node.get("failureSummary") or "").split())
            lines.append(f"    {node['target']}: {summary}")
    return "\n".join(lines)
