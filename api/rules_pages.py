"""The rules of each game as HTML pages: ``/rules/ramchi`` and ``/rules/continental``.

Each page is made from the game's rules document (``docs/rules/<game>.md``) less its parts for
developers (:func:`for_players`), rendered once per process with markdown-it (tables on, raw
HTML off) and kept. Every heading gets a stable id (GitHub's way of making one, so the
documents' own ``#section`` links work), the h2 headings make a table of contents under the
title, and each table scrolls inside a box of its own.

The documents are read from :data:`RULES_DIR_SETTING` (an environment variable, or the app
setting ``RULES_DIR``) when it is set, else from ``docs/rules`` of the source tree the package
runs from (an editable install; the Docker image sets the variable).

>>> slug("The 2♦ exchange"), slug("Who deals next?")
('the-2-exchange', 'who-deals-next')
>>> page = render_rules(DEFAULT_RULES_DIR, "ramchi")
>>> page.title, page.contents[0]
('Ramchi: the rules the referee enforces', ('the-game-in-one-paragraph', 'The game in one paragraph'))
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app
from markdown_it import MarkdownIt
from markdown_it.token import Token

from api.errors import ApiProblem

__all__ = ["DEFAULT_RULES_DIR", "GAMES", "RULES_DIR_SETTING", "RulesPage", "blp", "for_players", "page_html",
           "render_rules", "rules_dir", "slug"]

GAMES: dict[str, str] = {"ramchi": "Ramchi", "continental": "Continental"}
"""The games that have a rules page, by the name in its address, and the name a player reads."""

RULES_DIR_SETTING = "RAMCHI_RULES_DIR"
"""The environment variable naming the folder of the rules documents (``<game>.md`` each)."""

DEFAULT_RULES_DIR = Path(__file__).resolve().parents[1] / "docs" / "rules"
"""The rules documents of the source tree this package runs from."""

POLICY = ("default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; "
          "form-action 'none'; frame-ancestors 'none'")
"""The pages' Content-Security-Policy: the one stylesheet of the service, no script at all."""

_NOT_A_SLUG = re.compile(r"[^\w\- ]")
_FOR_DEVELOPERS = re.compile(r"^<!-- for developers -->\n.*?^<!-- end for developers -->\n?", re.M | re.S)


def for_players(markdown: str) -> str:
    r"""The document without its parts for developers: each from a line ``<!-- for developers -->``
    to a line ``<!-- end for developers -->`` (how the code implements a rule, its routes and
    commands; the project's documentation keeps them, and shows no marker).

    >>> for_players("Trios.\n<!-- for developers -->\n`melds.py`\n<!-- end for developers -->\nRuns.\n")
    'Trios.\nRuns.\n'
    """
    return _FOR_DEVELOPERS.sub("", markdown)


def slug(text: str) -> str:
    """The id of a heading, as GitHub makes it: lower case, punctuation dropped, spaces to ``-``.

    >>> slug("Melds as implemented"), slug("Continental games over HTTP")
    ('melds-as-implemented', 'continental-games-over-http')
    """
    return _NOT_A_SLUG.sub("", text.strip().lower()).replace(" ", "-")


@dataclass(frozen=True, slots=True)
class RulesPage:
    """A rendered rules document: its title (the h1), the h2 sections, and the HTML."""

    title: str
    contents: tuple[tuple[str, str], ...]
    """Each h2 heading's ``(id, text)``, in order."""
    heading_html: str
    """The h1, rendered."""
    body_html: str
    """Everything after the h1, rendered."""


def _inline_text(token: Token) -> str:
    """The plain text of an inline token (code spans included, markup left out)."""
    return "".join(child.content for child in token.children or []
                   if child.type in ("text", "code_inline", "softbreak"))


def _name_headings(tokens: list[Token]) -> list[tuple[str, str, str]]:
    """Give every heading a unique id (``-1``, ``-2`` … on repeats); return ``(tag, id, text)``
    of each, and label each table with the heading it stands under.
    """
    seen: dict[str, int] = {}
    headings: list[tuple[str, str, str]] = []
    under = ""
    tables = 0
    for at, token in enumerate(tokens):
        if token.type == "heading_open":
            text = _inline_text(tokens[at + 1])
            base = slug(text)
            count = seen.get(base, 0)
            seen[base] = count + 1
            ident = base if count == 0 else f"{base}-{count}"
            token.attrSet("id", ident)
            headings.append((token.tag, ident, text))
            under, tables = text, 0
        elif token.type == "table_open":
            tables += 1
            token.meta["label"] = f"Table{f' {tables}' if tables > 1 else ''}: {under or 'rules'}"
    return headings


_ALIGNED = re.compile(r"text-align:\s*(left|center|right)")


def _align_by_class(tokens: list[Token]) -> None:
    """Turn the ``style="text-align:…"`` markdown-it gives aligned table cells into a class
    (``align-right``), so that the page needs no inline style (its CSP allows none).
    """
    for token in tokens:
        style = token.attrGet("style") if token.type in ("th_open", "td_open") else None
        if style is None:
            continue
        del token.attrs["style"]
        found = _ALIGNED.search(str(style))
        if found:
            token.attrSet("class", f"align-{found.group(1)}")


def _link_within_the_service(tokens: list[Token]) -> None:
    """Point links to the other game's document at its page; a link to a document the service
    does not serve (``../architecture.md``) becomes its plain text.
    """
    for token in tokens:
        if token.type != "inline" or not token.children:
            continue
        kept: list[Token] = []
        dropped = 0
        for child in token.children:
            if child.type == "link_open":
                href = str(child.attrGet("href") or "")
                page, _, anchor = href.partition("#")
                name = Path(page).stem
                if not page or href.startswith(("http://", "https://")):
                    pass
                elif page.endswith(".md") and "/" not in page and name in GAMES:
                    child.attrSet("href", f"/rules/{name}" + (f"#{anchor}" if anchor else ""))
                else:
                    dropped += 1
                    continue
            elif child.type == "link_close" and dropped:
                dropped -= 1
                continue
            kept.append(child)
        token.children = kept


def _table_open(renderer: Any, tokens: list[Token], at: int, options: Any, env: Any) -> str:
    label = html.escape(tokens[at].meta.get("label", "Table"))
    return (f'<div class="table-box" role="region" tabindex="0" aria-label="{label}">\n'
            + renderer.renderToken(tokens, at, options, env))


def _table_close(renderer: Any, tokens: list[Token], at: int, options: Any, env: Any) -> str:
    return renderer.renderToken(tokens, at, options, env) + "</div>\n"


def _fence(renderer: Any, tokens: list[Token], at: int, options: Any, env: Any) -> str:
    """A code block that scrolls sideways by itself, reachable by keyboard to scroll it."""
    return f'<pre class="code-box" tabindex="0"><code>{html.escape(tokens[at].content)}</code></pre>\n'


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable("table")
    md.add_render_rule("table_open", _table_open)
    md.add_render_rule("table_close", _table_close)
    md.add_render_rule("fence", _fence)
    md.add_render_rule("code_block", _fence)
    return md


@cache
def render_rules(folder: Path, game: str) -> RulesPage:
    """Render ``<folder>/<game>.md`` (once per folder and game; the documents do not change while
    the service runs). Raises :class:`FileNotFoundError` when the document is not there.
    """
    md = _markdown()
    env: dict[str, Any] = {}
    tokens = md.parse(for_players((folder / f"{game}.md").read_text(encoding="utf-8")), env)
    headings = _name_headings(tokens)
    _link_within_the_service(tokens)
    _align_by_class(tokens)
    title = next((text for tag, _, text in headings if tag == "h1"), f"The rules of {GAMES[game]}")
    split = next((at + 1 for at, token in enumerate(tokens)
                  if token.type == "heading_close" and token.tag == "h1"), 0)
    return RulesPage(
        title=title,
        contents=tuple((ident, text) for tag, ident, text in headings if tag == "h2"),
        heading_html=md.renderer.render(tokens[:split], md.options, env),
        body_html=md.renderer.render(tokens[split:], md.options, env),
    )


def rules_dir() -> Path:
    """The folder of the rules documents: the app's ``RULES_DIR``, else :data:`RULES_DIR_SETTING`,
    else :data:`DEFAULT_RULES_DIR`.
    """
    chosen = current_app.config.get("RULES_DIR") or os.environ.get(RULES_DIR_SETTING, "").strip()
    return Path(chosen).resolve() if chosen else DEFAULT_RULES_DIR


def page_html(game: str, page: RulesPage) -> str:
    """The whole HTML page of ``game``'s rules."""
    other = next(name for name in GAMES if name != game)
    contents = "\n".join(f'    <li><a href="#{ident}">{html.escape(text)}</a></li>'
                         for ident, text in page.contents)
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>The rules of {GAMES[game]} · Ramchi &amp; Continental Rummy coach</title>
  <link rel="stylesheet" href="/web/rules.css">
  <link rel="icon" href="data:,">
</head>
<body>
<a class="skip" href="#main">Skip to the rules</a>
<header>
  <nav aria-label="Pages">
    <a href="/">Back to the coaching page</a>
    <a href="/rules/{other}">The rules of {GAMES[other]}</a>
  </nav>
</header>
<main id="main" tabindex="-1">
{page.heading_html}<nav class="contents" aria-labelledby="contents-heading">
  <h2 id="contents-heading">On this page</h2>
  <ol>
{contents}
  </ol>
</nav>
{page.body_html}</main>
</body>
</html>
"""


blp = Blueprint("rules_pages", __name__)


@blp.route("/rules/<game>", methods=["GET"])
def rules_page(game: str) -> Response:
    """The rules of ``game`` as an HTML page (GET and HEAD); an unknown game is 404 ``unknown_rules``."""
    if game not in GAMES:
        raise ApiProblem("unknown_rules", f"there is no rules page for {game!r}: the games are "
                         + " and ".join(f"/rules/{name}" for name in GAMES))
    folder = rules_dir()
    try:
        page = render_rules(folder, game)
    except FileNotFoundError as err:
        current_app.logger.error("rules document missing: %s", err.filename)
        raise ApiProblem("rules_unavailable", f"the rules of {GAMES[game]} are not installed on "
                         "this server") from err
    response = Response(page_html(game, page), mimetype="text/html")
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["Cache-Control"] = "public, max-age=300"
    return response
