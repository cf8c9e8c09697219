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
so its bots act on a poll just as on any other read.

>>> view_etag(12, 1), view_etag(12, None)
('W/"v12.seat1"', 'W/"v12.public"')
>>> quiet = QuietGames(size=2)
>>> quiet.note("a", 3); quiet.is_quiet("a", 3), quiet.is_quiet("a", 4), quiet.is_quiet("b", 0)
(True, False, False)
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Response, request
from werkzeug.http import quote_etag

__all__ = ["QUIET", "VARY", "QuietGames", "matches", "not_modified", "view_etag"]

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


def matches(etag: str) -> bool:
    """Whether the request's ``If-None-Match`` names ``etag`` (weak comparison, ``*`` included).

    A header that names no tag in the right form matches nothing: the view is sent in full.
    """
    tag = etag.removeprefix("W/").strip('"')
    return request.if_none_match.contains_weak(tag)


def not_modified(etag: str) -> Response:
    """The ``304`` answer: no body, the view's ``ETag`` and ``Vary`` (the other headers, such
    as ``Cache-Control: no-store`` for a seat, are added to every answer alike).
    """
    response = Response(status=304)
    response.headers["ETag"] = etag
    response.headers["Vary"] = VARY
    return response


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
