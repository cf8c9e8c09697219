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

The same rules answer from memory in the served worker's event loop
(:meth:`PollFastPath.cached_not_modified`, :mod:`api.worker`): the version and the seat then come
from the app's versions cache (:mod:`api.poll_cache`), which every read here teaches, at most
``RAMCHI_POLL_CACHE_S`` (0.1 s) old; what it does not know is read here as above.

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
from typing import TYPE_CHECKING, Any, NamedTuple

from werkzeug.http import HTTP_STATUS_CODES

from api import game_store
from api.bearer import MalformedAuthorization, bearer_token
from api.headers import every_answer_headers
from api.poll_cache import POLL_CACHE, PollVersions, max_age_setting
from api.store import poll_reader
from api.view_polling import QUIET, etag_matches, not_modified_headers, view_etag

if TYPE_CHECKING:
    from flask import Flask
    from sqlalchemy import Engine

__all__ = ["GAME_PATH", "PollFastPath", "poll_versions", "polled_game"]

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


def poll_versions(engine: Engine, reader: Engine, max_age: float) -> PollVersions | None:
    """The versions cache of an app on ``engine`` (``None`` when ``max_age`` is 0: off): it reads
    through ``reader`` (:func:`api.store.poll_reader`) and is told every move committed through
    ``engine`` in this process (:func:`api.game_store.on_moved`).
    """
    if max_age <= 0:
        return None
    cache = PollVersions(game_store.VersionReader(reader), max_age=max_age)
    game_store.on_moved(engine, cache.moved)
    return cache


class PollFastPath:
    """WSGI middleware in front of ``app``'s own ``wsgi_app``: see the module's docstring.

    Installed by :func:`api.create_app` as ``app.wsgi_app = PollFastPath(app)``; ``wrapped``
    is Flask's own ``wsgi_app``, which serves every request this one does not answer. ``cache``
    is the app's :class:`api.poll_cache.PollVersions` (also ``app.extensions[POLL_CACHE]``;
    ``None``: off, ``RAMCHI_POLL_CACHE_S=0``): each read teaches it the game's version and the
    token's seat, and :meth:`cached_not_modified` answers from it alone.
    """

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.wrapped: WSGIApp = app.wsgi_app
        engine = app.extensions[game_store.ENGINE]
        self.engine = poll_reader(engine)
        self.cache = poll_versions(engine, self.engine, max_age_setting(app.config))
        app.extensions[POLL_CACHE] = self.cache

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        headers = self.not_modified(environ)
        if headers is None:
            return self.wrapped(environ, start_response)
        start_response(NOT_MODIFIED, headers)
        return []

    def not_modified(self, environ: dict[str, Any]) -> list[tuple[str, str]] | None:
        """The headers of the ``304`` to the request of ``environ`` if it is a poll of a quiet
        game whose view the reader holds, else ``None`` (Flask answers it). Reads the game's
        version and the token's seat from the database.
        """
        poll = _poll_of(environ)
        if poll is None:
            return None
        cache = self.cache
        started = cache.now() if cache is not None else 0.0
        try:
            polled = game_store.version_for(self.engine, poll.game_id, poll.token)
        except Exception:  # the database's error: Flask meets it again and answers it
            return None
        if polled is None:  # no such game, or a token of none of its seats
            return None
        if cache is not None:
            cache.learn(poll.game_id, poll.token, *polled, as_of=started)
        return self._answer(poll, *polled)

    def cached_not_modified(self, environ: dict[str, Any]) -> list[tuple[str, str]] | None:
        """As :meth:`not_modified`, from the cache alone (no I/O, no lock but the quiet games'
        for a moment): what the served worker's event loop answers with. ``None`` also when the
        cache does not know the game, the token, or a version recent enough.
        """
        cache = self.cache
        poll = None if cache is None else _poll_of(environ)
        if poll is None:
            return None
        polled = cache.lookup(poll.game_id, poll.token)  # type: ignore[union-attr]
        return None if polled is None else self._answer(poll, *polled)

    def _answer(self, poll: _Poll, version: int, seat: int | None) -> list[tuple[str, str]] | None:
        """The ``304``'s headers if the game is quiet at ``version`` and the poll names the view
        of ``seat`` at it, else ``None``.
        """
        etag = view_etag(version, seat)
        if not self.app.extensions[QUIET].is_quiet(poll.game_id, version):
            return None
        if poll.if_none_match != etag and not etag_matches(etag, poll.if_none_match):
            return None
        return not_modified_headers(etag) + every_answer_headers("GET", poll.path, poll.authorization)


class _Poll(NamedTuple):
    """What a poll asks: the game, the token (``None``: the public), the tags it holds."""

    game_id: str
    token: str | None
    if_none_match: str
    path: str
    authorization: bool
    """Whether an ``Authorization`` header was sent."""


def _poll_of(environ: dict[str, Any]) -> _Poll | None:
    """The poll of ``environ`` if it is one the fast path may answer (a ``GET`` of a game's view,
    no query string, an ``If-None-Match``, a readable ``Authorization`` or none), else ``None``.

    >>> _poll_of({"REQUEST_METHOD": "GET", "PATH_INFO": "/v1/games/g1", "HTTP_IF_NONE_MATCH": "*",
    ...           "HTTP_AUTHORIZATION": "Bearer t0"})
    _Poll(game_id='g1', token='t0', if_none_match='*', path='/v1/games/g1', authorization=True)
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
    return _Poll(game_id, token, if_none_match, path, authorization is not None)
