"""Conditional polling of a game's view: an ETag per version and reader, and ``304`` when unchanged.

A table's page polls ``GET /v1/games/<id>`` with the ``ETag`` of the view it holds in
``If-None-Match``. The tag names the game's version and who reads (a seat, or the public),
never the token: the view of a reader at a version is always the same, so a matching tag
means the reader already holds what it would be sent, and the answer is ``304 Not Modified``
with no body.

That answer is made cheap when a game is *quiet* at its stored version: no bot has to act
there (:data:`QUIET` remembers, per process, the last version at which each game was seen
so). Then the route reads only the stored version (one primary-key lookup) after the
token's seat, and never rebuilds the game. A game whose bot must act is rebuilt as before,
so its bots act on a poll just as on any other read. :mod:`api.poll_fast_path` answers those
polls before Flask with the same functions, and the served worker before gunicorn's parser
(:mod:`api.worker`), in its event loop from the versions of polled games kept in memory
(:mod:`api.poll_cache`).

>>> view_etag(12, 1), view_etag(12, None)
('W/"v12.seat1"', 'W/"v12.public"')
>>> etag_matches('W/"v12.seat1"', 'W/"v11.seat1", "v12.seat1"'), etag_matches('W/"v12.seat1"', None)
(True, False)
>>> quiet = QuietGames(size=2)
>>> quiet.note("a", 3); quiet.is_quiet("a", 3), quiet.is_quiet("a", 4), quiet.is_quiet("b", 0)
(True, False, False)
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Response, request
from werkzeug.http import parse_etags, quote_etag

__all__ = ["QUIET", "VARY", "QuietGames", "etag_matches", "matches", "not_modified",
           "not_modified_headers", "view_etag"]

QUIET = "ramchi.quiet_games"
"""The key of the app's :class:`QuietGames` in ``app.extensions``."""

VARY = "Authorization"
"""A view depends on the token sent: caches must keep one per ``Authorization``."""


def view_etag(version: int, seat: int | None) -> str:
    """The (weak) ETag of the view of ``seat`` (``None``: the public) at ``version``.

    The public's tag never equals a seat's, and two seats' tags differ at every version.

    >>> view_etag(0, 0) != view_etag(0, 1) != view_etag(0, None)
    True
    """
    reader = "public" if seat is None else f"seat{seat}"
    return quote_etag(f"v{version}.{reader}", weak=True)


def etag_matches(etag: str, if_none_match: str | None) -> bool:
    """Whether an ``If-None-Match`` header (``None``: not sent) names ``etag`` (weak comparison,
    ``*`` included).

    A header that names no tag in the right form matches nothing: the view is sent in full.

    >>> etag_matches('W/"v3.public"', "*"), etag_matches('W/"v3.public"', "garbage")
    (True, False)
    """
    tag = etag.removeprefix("W/").strip('"')
    return parse_etags(if_none_match).contains_weak(tag)


def matches(etag: str) -> bool:
    """Whether the current request's ``If-None-Match`` names ``etag`` (:func:`etag_matches`)."""
    return etag_matches(etag, request.headers.get("If-None-Match"))


def not_modified_headers(etag: str) -> list[tuple[str, str]]:
    """The headers of the ``304`` answer: the view's ``ETag`` and ``Vary`` (the other headers,
    such as ``Cache-Control: no-store`` for a seat, are added to every answer alike).

    >>> not_modified_headers('W/"v2.public"')
    [('ETag', 'W/"v2.public"'), ('Vary', 'Authorization')]
    """
    return [("ETag", etag), ("Vary", VARY)]


def not_modified(etag: str) -> Response:
    """The ``304`` answer: no body, the headers of :func:`not_modified_headers`."""
    return Response(status=304, headers=not_modified_headers(etag))


class QuietGames:
    """Per game, the last version seen at which no bot has to act; at most ``size`` games
    (least recently noted forgotten first); thread-safe.

    Whether a bot has to act depends only on the game at that version, so what is noted
    here never goes stale: another version of the game simply is not known to be quiet.
    """

    def __init__(self, size: int = 100_000) -> None:
        self._size = size
        self._versions: OrderedDict[str, int] = OrderedDict()
        self._lock = threading.Lock()

    def note(self, game_id: str, version: int) -> None:
        """Remember that no bot has to act in ``game_id`` at ``version``."""
        with self._lock:
            self._versions[game_id] = version
            self._versions.move_to_end(game_id)
            while len(self._versions) > self._size:
                self._versions.popitem(last=False)

    def is_quiet(self, game_id: str, version: int) -> bool:
        """Whether ``game_id`` is known to need no bot at ``version``."""
        with self._lock:
            return self._versions.get(game_id) == version
