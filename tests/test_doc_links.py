"""Every file the README and the docs link to is in the repository (a screenshot, a rules
document, a bench script): a link a reader follows never ends in a missing file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
"""A Markdown link's target, without its ``#section``."""


def _local_targets(document: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", document.read_text(encoding="utf-8"), flags=re.S)  # not code
    return [target for target in LINK.findall(text) if "://" not in target
            and not target.startswith(("mailto:", "/"))]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_local_link_names_a_file_of_the_repository(document: Path) -> None:
    missing = [target for target in _local_targets(document) if not (document.parent / target).exists()]
    assert not missing, f"{document.relative_to(ROOT)} links to missing files: {missing}"


def test_the_readme_shows_every_tab_at_both_widths() -> None:
    """Issue 22's proof: a screenshot of each tab at a phone's and a desktop's width, linked."""
    targets = set(_local_targets(ROOT / "README.md"))
    tabs = ("ramchi-advice", "ramchi-trainer", "ramchi-play", "continental-advice", "continental-play",
            "referee")
    wanted = {f"docs/images/tab-{tab}-{size}.png" for tab in tabs for size in ("phone", "desktop")}
    assert wanted <= targets, sorted(wanted - targets)
