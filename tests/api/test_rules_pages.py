"""Issue 22: the rules of each game served as an HTML page made from its rules document.

``/rules/ramchi`` and ``/rules/continental`` are real pages (language, title, skip link, the way
back to the coaching page and to the other game's rules), every heading of the document has an
id that the contents and the document's own links point at, tables are rendered, and the page
needs no inline script or style under its CSP. An unknown game is a problem with a page of its
own; the documents may live elsewhere (``RAMCHI_RULES_DIR``).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from api import create_app
from api.rules_pages import DEFAULT_RULES_DIR, RULES_DIR_SETTING, render_rules, slug

pytestmark = pytest.mark.shared_app  # the pages only read documents: one app

GAMES = {"ramchi": "Ramchi", "continental": "Continental"}


class Outline(HTMLParser):
    """What a test reads of a page: ids, links, headings (tag, id, text), tables, scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[tuple[str, str]] = []
        self.headings: list[tuple[str, str | None, str]] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.html_lang: str | None = None
        self.title = ""
        self._open: list[str] = []
        self._text: list[str] = []
        self._href: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.append((tag, found))
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if tag == "html":
            self.html_lang = found.get("lang")
        if tag in ("h1", "h2", "h3", "h4", "title", "a"):
            self._open.append(tag)
            self._text = []
            self._id = found.get("id")
            self._href = found.get("href")

    def handle_data(self, data: str) -> None:
        self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if not self._open or self._open[-1] != tag:
            return
        self._open.pop()
        text = " ".join("".join(self._text).split())
        if tag == "title":
            self.title = text
        elif tag == "a":
            self.links.append((str(self._href), text))
        else:
            self.headings.append((tag, self._id, text))


def outline(body: str) -> Outline:
    parsed = Outline()
    parsed.feed(body)
    return parsed


def document_headings(game: str) -> list[tuple[int, str]]:
    """Each heading of the Markdown document a player reads (level, text): code blocks and the
    parts for developers (``<!-- for developers -->`` to ``<!-- end for developers -->``) left out."""
    headings, fenced, developers = [], False, False
    for line in (DEFAULT_RULES_DIR / f"{game}.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if line in ("<!-- for developers -->", "<!-- end for developers -->"):
            developers = line == "<!-- for developers -->"
        found = None if fenced or developers else re.match(r"(#{1,6}) (.+)", line)
        if found:
            text = re.sub(r"[`*]", "", found.group(2)).strip()
            headings.append((len(found.group(1)), text))
    return headings


@pytest.fixture(params=list(GAMES))
def game(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_each_rules_page_is_an_html_page_of_its_own(client: FlaskClient, game: str) -> None:
    response = client.get(f"/rules/{game}")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    page = outline(response.get_data(as_text=True))
    assert page.html_lang == "en"
    assert page.title.startswith(f"The rules of {GAMES[game]}")
    other = next(name for name in GAMES if name != game)
    assert ("#main", "Skip to the rules") in page.links
    assert ("/", "Back to the coaching page") in page.links
    assert (f"/rules/{other}", f"The rules of {GAMES[other]}") in page.links
    assert ("main", {"id": "main", "tabindex": "-1"}) in page.tags
    assert ("link", {"rel": "stylesheet", "href": "/web/rules.css"}) in page.tags
    assert client.get("/web/rules.css").status_code == 200


def test_every_heading_of_the_document_is_on_the_page_with_a_stable_id(
        client: FlaskClient, game: str) -> None:
    page = outline(client.get(f"/rules/{game}").get_data(as_text=True))
    shown = [(int(tag[1]), text) for tag, _, text in page.headings if _ != "contents-heading"]
    assert shown == document_headings(game)
    assert all(ident for tag, ident, _ in page.headings), page.headings
    assert len(page.ids) == len(set(page.ids)), "ids repeat"
    # the id is made the way GitHub makes it, so an address of the document works here too
    for tag, ident, text in page.headings:
        if ident != "contents-heading":
            assert ident is not None and ident.startswith(slug(text)), (tag, ident, text)


def test_known_sections_have_the_addresses_players_link_to(client: FlaskClient) -> None:
    ramchi = outline(client.get("/rules/ramchi").get_data(as_text=True))
    assert {"the-2-exchange", "who-deals-next", "four-of-a-kind", "combinations"} <= set(ramchi.ids)
    continental = outline(client.get("/rules/continental").get_data(as_text=True))
    assert {"the-seven-hands", "melds", "going-out-and-scoring"} <= set(continental.ids)


DEVELOPER_WORDS = ("POST /", "GET /", ".venv", "rulesets/", "as implemented", "over HTTP", "<!--", "&lt;!--",
                   "import ", "log: ")
"""What only a developer reads: routes, commands, the code's files, how the code implements a rule."""


def test_the_page_is_for_players_and_the_document_keeps_the_developers_parts(
        client: FlaskClient, game: str) -> None:
    shown = client.get(f"/rules/{game}").get_data(as_text=True)
    document = (DEFAULT_RULES_DIR / f"{game}.md").read_text(encoding="utf-8")
    assert [w for w in DEVELOPER_WORDS if w in shown] == []
    assert [w for w in DEVELOPER_WORDS[:5] if w in document]  # the project's documentation keeps them
    assert document.count("<!-- for developers -->") == document.count("<!-- end for developers -->")
    assert len(shown) > 10_000  # the rules themselves stay: combinations, melds, a turn, scoring


def test_the_contents_list_every_h2_and_each_link_resolves(client: FlaskClient, game: str) -> None:
    body = client.get(f"/rules/{game}").get_data(as_text=True)
    page = outline(body)
    start = body.index('<nav class="contents"')
    contents = body[start:body.index("</nav>", start)]
    listed = re.findall(r'<a href="#([^"]+)">', contents)
    h2s = [ident for tag, ident, _ in page.headings if tag == "h2" and ident != "contents-heading"]
    assert listed == h2s and len(listed) >= 8
    # the contents come at the top: right after the title, before the first section
    assert body.index("<h1") < body.index('<nav class="contents"') < body.index(f'id="{h2s[0]}"')
    # every link within the page (contents, the document's own "see ..." links) reaches an id
    anchors = [href[1:] for href, _ in page.links if href.startswith("#")]
    assert anchors and not [a for a in anchors if a not in page.ids]


def test_tables_are_rendered_inside_a_box_that_scrolls(client: FlaskClient, game: str) -> None:
    body = client.get(f"/rules/{game}").get_data(as_text=True)
    tables = re.findall(r'<div class="table-box" role="region" tabindex="0" aria-label="([^"]+)">\s*<table>',
                        body)
    assert tables and len(tables) == body.count("<table>")
    assert len(set(tables)) == len(tables), "each table's box has a name of its own"
    assert "<th>" in body and "<td>" in body
    if game == "ramchi":  # the document's table of how cards are written
        assert "<th>What</th>" in body and "<code>Td</code>" in body
    # aligned columns keep their alignment without an inline style
    assert 'class="align-right"' in body


def test_the_page_needs_no_inline_script_or_style(client: FlaskClient, game: str) -> None:
    response = client.get(f"/rules/{game}")
    body = response.get_data(as_text=True)
    assert "<script" not in body and "<style" not in body and " style=" not in body
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "frame-ancestors 'none'" in policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_links_stay_within_the_service(client: FlaskClient, game: str) -> None:
    """A link of the document to a document the service does not serve is plain text."""
    page = outline(client.get(f"/rules/{game}").get_data(as_text=True))
    assert not [href for href, _ in page.links if href.endswith(".md") or ".md#" in href]
    if game == "continental":  # "(see [rulesets](../rulesets.md))" keeps its words
        assert "(see rulesets)" in client.get("/rules/continental").get_data(as_text=True)


def test_an_unknown_game_is_a_problem_with_a_page(client: FlaskClient) -> None:
    response = client.get("/rules/poker")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    problem = response.json
    assert problem["code"] == "unknown_rules" and problem["type"] == "/problems/unknown_rules"
    assert "/rules/ramchi" in problem["detail"] and "/rules/continental" in problem["detail"]
    explained = client.get(problem["type"])
    assert explained.status_code == 200 and explained.json["status"] == 404


def test_head_answers_like_get_and_other_methods_are_refused(client: FlaskClient, game: str) -> None:
    got = client.get(f"/rules/{game}")
    head = client.head(f"/rules/{game}")
    assert head.status_code == 200 and head.data == b""
    assert head.headers["Content-Length"] == got.headers["Content-Length"]
    assert head.headers["Content-Security-Policy"] == got.headers["Content-Security-Policy"]
    for method in ("post", "put", "delete"):
        refused = getattr(client, method)(f"/rules/{game}")
        assert refused.status_code == 405 and refused.json["code"] == "method_not_allowed"


def test_a_document_is_rendered_once() -> None:
    assert render_rules(DEFAULT_RULES_DIR, "ramchi") is render_rules(DEFAULT_RULES_DIR, "ramchi")


def _app_reading(tmp_path: Path, **config: Any) -> FlaskClient:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'rules.db'}", **config})
    return app.test_client()


def test_the_documents_may_live_elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "house-rules"
    folder.mkdir()
    (folder / "ramchi.md").write_text("# House Ramchi\n\n## Our table\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n",
                                      encoding="utf-8")
    monkeypatch.setenv(RULES_DIR_SETTING, str(folder))
    client = _app_reading(tmp_path)
    body = client.get("/rules/ramchi").get_data(as_text=True)
    assert '<h1 id="house-ramchi">House Ramchi</h1>' in body
    assert '<a href="#our-table">Our table</a>' in body and '<td class="align-right">2</td>' in body
    # a folder without the other game's document: the server says it is not installed
    missing = client.get("/rules/continental")
    assert missing.status_code == 503 and missing.json["code"] == "rules_unavailable"
    assert client.get("/problems/rules_unavailable").status_code == 200


def test_the_docker_image_carries_the_documents_where_it_says() -> None:
    """The image installs a wheel (Python packages only): it copies docs/rules itself and names
    the copy in RAMCHI_RULES_DIR."""
    dockerfile = (DEFAULT_RULES_DIR.parents[1] / "Dockerfile").read_text(encoding="utf-8")
    named = re.search(rf"{RULES_DIR_SETTING}=(\S+)", dockerfile)
    assert named is not None, "the image sets the folder of the rules"
    assert re.search(rf"^COPY docs/rules {re.escape(named.group(1))}$", dockerfile, re.MULTILINE)
