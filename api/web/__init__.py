"""The coaching web page: static files (HTML, CSS, JavaScript modules; no build step, no CDN).

:func:`register_web` serves the page at ``/`` and its files at ``/web/<name>``. The page talks
to the same JSON API as every other client (``/v1/...``); it holds no rule of any game.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, Response, send_from_directory

__all__ = ["STATIC", "register_web"]

STATIC = Path(__file__).with_name("static")
"""Where the page's files are."""


def register_web(app: Flask) -> None:
    """Serve the page at ``/`` and its files at ``/web/<name>`` (cached for an hour)."""

    def index() -> Response:
        response = send_from_directory(STATIC, "index.html", max_age=0)
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "connect-src 'self'; frame-ancestors 'none'")
        return response

    def asset(name: str) -> Response:
        return send_from_directory(STATIC, name, max_age=3600)

    app.add_url_rule("/", "web_index", index, methods=["GET"])
    app.add_url_rule("/web/<path:name>", "web_asset", asset, methods=["GET"])
