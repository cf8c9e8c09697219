"""gunicorn's access log without the polls that found nothing changed.

A table's page polls its game about once a second (:mod:`api.poll_fast_path`); nearly every
poll is answered ``304 Not Modified``. Logged, 200 open tables write 17 million lines a day
that all say "nothing moved", and writing each costs a good share of what the poll itself
costs. :class:`UnchangedPollsUnlogged` (the logger of ``ramchi serve`` unless
``RAMCHI_LOG_POLLS`` is on) leaves out exactly those: a ``304`` to ``GET /v1/games/<id>``.
Every other request is logged as before: a poll that receives a new view (``200``), every
refused or failed poll (``401``, ``403``, ``404``, ``5xx``), and every other request; gunicorn's
error log is untouched.

>>> log_polls("1"), log_polls("off"), log_polls("")
(True, False, False)
>>> unchanged_poll(304, {"REQUEST_METHOD": "GET", "PATH_INFO": "/v1/games/abc"})
True
>>> unchanged_poll(200, {"REQUEST_METHOD": "GET", "PATH_INFO": "/v1/games/abc"})
False
"""

from __future__ import annotations

import os
from typing import Any

from gunicorn.glogging import Logger

from api.poll_fast_path import polled_game

__all__ = ["LOG_POLLS_SETTING", "UnchangedPollsUnlogged", "log_polls", "unchanged_poll"]

LOG_POLLS_SETTING = "RAMCHI_LOG_POLLS"
"""The environment variable that, on, logs the unchanged polls too (off by default)."""

_ON, _OFF = {"1", "true", "yes", "on"}, {"", "0", "false", "no", "off"}


def log_polls(raw: str | None = None) -> bool:
    """Whether unchanged polls are logged: ``raw``, else ``RAMCHI_LOG_POLLS``; off by default.

    >>> log_polls("maybe")
    Traceback (most recent call last):
    ...
    ValueError: RAMCHI_LOG_POLLS must be on or off (1/0, true/false, yes/no), not 'maybe'
    """
    raw = os.environ.get(LOG_POLLS_SETTING, "") if raw is None else raw
    value = raw.strip().lower()
    if value not in _ON | _OFF:
        raise ValueError(f"{LOG_POLLS_SETTING} must be on or off (1/0, true/false, yes/no), not {raw!r}")
    return value in _ON


def unchanged_poll(status: int | None, environ: dict[str, Any]) -> bool:
    """Whether an answer of ``status`` to the request of ``environ`` is a poll's ``304``."""
    return status == 304 and polled_game(environ.get("REQUEST_METHOD", ""),
                                         environ.get("PATH_INFO", "")) is not None


class UnchangedPollsUnlogged(Logger):  # type: ignore[misc]
    """gunicorn's logger, whose access log leaves out :func:`unchanged_poll` answers."""

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> None:
        """Log the request as gunicorn does, unless it is an unchanged poll."""
        if unchanged_poll(getattr(resp, "status_code", None), environ):
            return
        super().access(resp, req, environ, request_time)
