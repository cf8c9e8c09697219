"""The fast path of a table's poll: ``304 Not Modified`` answered in front of Flask.

A table's page polls ``GET /v1/games/<id>`` about once a second with the ``ETag`` of the view
it holds (:mod:`api.view_polling`); nearly every such poll finds the game unmoved. The route
answers those with one primary-key lookup, but the request still goes through all of Flask
(its request context, URL routing, the before- and after-request hooks, flask-smorest's
wrappers, a response object), which costs several times the lookup.

:class:`PollFastPath` sits in front of Flask (``app.wsgi_app``) and answers such a poll itself
when the route would answer it ``304`` without rebuilding the game, with the same rules,
taken from the same functions:

- a ``GET`` of ``/v1/games/<id>`` with no query string and an ``If-None-Match`` header;
- the token read as the route reads it (:func:`api.bearer.bearer_token`), or none (the public);
- the game's stored version and the token's seat in one lookup
  (:func:`api.game_store.version_for`), so a move made through any instance on the same
  database is seen by the next poll (read through :func:`api.store.poll_reader`: one round
  trip);
- the game known to be quiet at that version (:class:`api.view_polling.QuietGames`: no bot
  has to act), and the reader's tag (:func:`api.view_polling.view_etag`) named by the header
  (:func:`api.view_polling.etag_matches`);
- the route's ``304`` (:func:`api.view_polling.not_modified_headers`, and no body) with the
  headers every answer of the API gets (:func:`api.headers.every_answer_headers`), under the
  same status line.

Everything else goes to Flask unchanged: any other request, a malformed ``Authorization``
(``401``), a token of no seat (``403``), an unknown game (``404``), a game whose bots must act
(they act on this read as on any other), a tag that does not match (the view in full), and any
error of the lookup (Flask meets it again and answers it as it answers every error).

>>> polled_game("GET", "/v1/games/0b5e4c3a-7d1e-4c55-9a41-2f4f1bd8c001")
'0b5e4c3a-7d1e-4c55-9a41-2f4f1bd8c001'
>>> polled_game("GET", "/v1/games/abc/log"), polled_game("POST", "/v1/games/abc")
(None, None)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from werkzeug.http import HTTP_STATUS_CODES

from api import game_store
from api.bearer import MalformedAuthorization, bearer_token
from api.headers import every_answer_headers
from api.store import poll_reader
from api.view_polling import QUIET, etag_matches, not_modified_headers, view_etag

if TYPE_CHECKING:
    from flask import Flask

__all__ = ["GAME_PATH", "PollFastPath", "polled_game"]

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

NOT_MODIFIED = f"304 {HTTP_STATUS_CODES[304].upper()}"
"""The status line of the answer, as Flask (werkzeug) writes it."""

GAME_PATH = re.compile(r"/v1/games/([0-9A-Za-z-]{1,64})")
"""The address of a game's view (``GET /v1/games/<id>``), for the ids the service makes (UUIDs);
any other id goes to Flask, which routes it as always."""


def polled_game(method: str, path: str) -> str | None:
    """The game id if ``method path`` asks for a game's view (which a poll does), else ``None``."""
    if method != "GET":
        return None
    found = GAME_PATH.fullmatch(path)
    return found.group(1) if found else None


class PollFastPath:
    """WSGI middleware in front of ``app``'s own ``wsgi_app``: see the module's docstring.

    Installed by :func:`api.create_app` as ``app.wsgi_app = PollFastPath(app)``; ``wrapped``
    is Flask's own ``wsgi_app``, which serves every request this one does not answer.
    """

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.wrapped: WSGIApp = app.wsgi_app
        self.engine = poll_reader(app.extensions[game_store.ENGINE])

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        headers = self.not_modified(environ)
        if headers is None:
            return self.wrapped(environ, start_response)
        start_response(NOT_MODIFIED, headers)
        return []

    def not_modified(self, environ: dict[str, Any]) -> list[tuple[str, str]] | None:
        """The headers of the ``304`` to the request of ``environ`` if it is a poll of a quiet
        game whose view the reader holds, else ``None`` (Flask answers it).
        """
        method, path = environ.get("REQUEST_METHOD", ""), environ.get("PATH_INFO", "")
        if_none_match = environ.get("HTTP_IF_NONE_MATCH")
        game_id = polled_game(method, path)
        if game_id is None or not if_none_match or environ.get("QUERY_STRING"):
            return None
        authorization = environ.get("HTTP_AUTHORIZATION")
        try:
            token = bearer_token(authorization)
        except MalformedAuthorization:
            return None
        try:
            polled = game_store.version_for(self.engine, game_id, token)
        except Exception:  # the database's error: Flask meets it again and answers it
            return None
        if polled is None:  # no such game, or a token of none of its seats
            return None
        version, seat = polled
        etag = view_etag(version, seat)
        if not self.app.extensions[QUIET].is_quiet(game_id, version) or not etag_matches(etag, if_none_match):
            return None
        return not_modified_headers(etag) + every_answer_headers(method, path, authorization is not None)
