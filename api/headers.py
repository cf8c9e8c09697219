"""Headers every answer of the API carries: no content sniffing, no caching of seats' secrets.

- ``X-Content-Type-Options: nosniff`` on every answer (JSON, problems, docs, static files, the
  page), so a browser never reads an answer as another type than it is sent as.
- ``Cache-Control: no-store`` on every answer that may carry a seat's secrets: any answer to a
  request with an ``Authorization`` header (a seat's view, its log, its actions) and the
  answer to a game's creation (it carries every seat's token). No cache, proxy or browser
  history keeps them.
- ``Content-Security-Policy`` on ``/docs`` (Swagger UI, served from this service): scripts,
  styles and images only from the service itself, except the one inline script that starts
  Swagger UI, allowed by its hash (:func:`inline_script_hashes`).

>>> from flask import Flask
>>> app = Flask(__name__)
>>> register_headers(app)
>>> app.add_url_rule("/x", "x", lambda: "hi")
>>> answer = app.test_client().get("/x", headers={"Authorization": "Bearer t"})
>>> answer.headers["X-Content-Type-Options"], answer.headers["Cache-Control"]
('nosniff', 'no-store')
"""

from __future__ import annotations

import base64
import hashlib
import re

from flask import Flask, Response, request

__all__ = ["DOCS_PREFIX", "NO_STORE", "docs_policy", "every_answer_headers", "inline_script_hashes",
           "register_headers"]

NO_STORE = "no-store"

DOCS_PREFIX = "/docs"
"""Where Swagger UI is served (:mod:`api.docs`)."""

_INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.DOTALL | re.IGNORECASE)


def inline_script_hashes(html: bytes) -> list[str]:
    """The CSP source of each inline script of ``html`` (``'sha256-…'``), in order.

    >>> inline_script_hashes(b"<script src='a.js'></script><script>go()</script>")
    ["'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"]
    """
    return [f"'sha256-{base64.b64encode(hashlib.sha256(body).digest()).decode()}'"
            for body in _INLINE_SCRIPT.findall(html)]


def docs_policy(html: bytes) -> str:
    """The Content-Security-Policy of a docs page: the service's own files, its inline scripts by
    hash (Swagger UI's start-up), inline styles (Swagger UI sets ``style`` attributes), images
    also as ``data:`` URLs (Swagger UI's icons), and no framing.

    >>> docs_policy(b"<p>no script</p>").split("; ")[1]
    "script-src 'self'"
    """
    scripts = " ".join(["'self'", *inline_script_hashes(html)])
    return (f"default-src 'self'; script-src {scripts}; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; "
            "frame-ancestors 'none'")


def _carries_secrets(method: str, path: str, authorization: bool) -> bool:
    """Whether the answer to a request may carry a seat's private cards or tokens."""
    if authorization:
        return True
    return method == "POST" and path.rstrip("/") == "/v1/games"


def every_answer_headers(method: str, path: str, authorization: bool) -> list[tuple[str, str]]:
    """The headers above that the answer to a request gets whatever it is (all but the docs'
    policy): ``method`` and ``path`` are the request's, ``authorization`` whether it sent an
    ``Authorization`` header (of any value).

    >>> every_answer_headers("GET", "/v1/games/abc", authorization=True)
    [('X-Content-Type-Options', 'nosniff'), ('Cache-Control', 'no-store')]
    >>> every_answer_headers("GET", "/health", authorization=False)
    [('X-Content-Type-Options', 'nosniff')]
    """
    headers = [("X-Content-Type-Options", "nosniff")]
    if _carries_secrets(method, path, authorization):
        headers.append(("Cache-Control", NO_STORE))
    return headers


def _add_headers(response: Response) -> Response:
    authorization = request.headers.get("Authorization") is not None
    for name, value in every_answer_headers(request.method, request.path, authorization):
        response.headers[name] = value
    if request.path.startswith(DOCS_PREFIX) and response.mimetype == "text/html":
        response.direct_passthrough = False  # a page read from a file: read it once, to hash
        response.headers["Content-Security-Policy"] = docs_policy(response.get_data())
    return response


def register_headers(app: Flask) -> None:
    """Add the headers above to every answer of ``app`` (errors and static files too)."""
    app.after_request(_add_headers)
