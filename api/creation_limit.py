"""How many games one client address may create: at most ``RAMCHI_GAMES_PER_HOUR`` in any hour.

Anyone may create games, and every game is stored, so creation is limited per client address
(:func:`api.clients.client_address`) over a sliding window of one hour. The count is read from
the games table itself: each game stores the keyed hash (HMAC-SHA256) of its creator's address,
never the address, so every server process and every instance sharing the database counts the
same games, and a restart forgets nothing. The key is made once by the migrations and kept in
the database (``service_keys``), the same for every instance. Two requests racing from one
address may both pass when one game is left: the limit is exact up to concurrent requests.

Over the limit, creation is answered ``429 too_many_requests`` with ``Retry-After``: the seconds
until the oldest game in the window is an hour old. ``0`` turns the limit off.

>>> key = "k" * 64
>>> address_hash(key, "10.0.0.9") == address_hash(key, "10.0.0.9") != address_hash(key, "10.0.0.8")
True
>>> retry_after([datetime(2026, 1, 1, 12, 0, tzinfo=UTC)], datetime(2026, 1, 1, 12, 59, 30, tzinfo=UTC))
30
"""

from __future__ import annotations

import hashlib
import hmac
import math
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from flask import Flask, Response, current_app
from sqlalchemy import Engine, select

from api.clients import client_address
from api.errors import ApiProblem, problem_response
from api.game_store import ENGINE, games, service_key

__all__ = ["DEFAULT_GAMES_PER_HOUR", "SETTING", "WINDOW", "CreationLimited", "address_hash",
           "admit_creation", "games_per_hour", "register_creation_limit", "retry_after"]

SETTING = "RAMCHI_GAMES_PER_HOUR"
"""The environment variable (and app setting ``GAMES_PER_HOUR``) of the limit."""

DEFAULT_GAMES_PER_HOUR = 60

WINDOW = timedelta(hours=1)

_KEY = "ramchi.client_address_key"
"""Where the app keeps the address key once read (``app.extensions``)."""


@dataclass
class CreationLimited(ApiProblem):
    """The client created its games for the hour: ``429 too_many_requests`` with ``Retry-After``."""

    seconds: int = 1


def games_per_hour(raw: str | None = None) -> int:
    """The limit: ``raw``, else ``RAMCHI_GAMES_PER_HOUR``, else the default; ``0``: no limit.

    >>> games_per_hour("10"), games_per_hour("0"), games_per_hour("")
    (10, 0, 60)
    >>> games_per_hour("-1")
    Traceback (most recent call last):
    ...
    ValueError: RAMCHI_GAMES_PER_HOUR must be a whole number of games, 0 or more (0: no limit), not '-1'
    """
    raw = (os.environ.get(SETTING, "") if raw is None else raw).strip()
    if not raw:
        return DEFAULT_GAMES_PER_HOUR
    if not raw.isdigit():
        raise ValueError(f"{SETTING} must be a whole number of games, 0 or more (0: no limit), not {raw!r}")
    return int(raw)


def address_hash(key: str, address: str) -> str:
    """The keyed hash of a client address that games store instead of the address."""
    return hmac.new(key.encode(), address.encode("utf-8", "replace"), hashlib.sha256).hexdigest()


def _aware(moment: datetime) -> datetime:
    """A stored time as UTC (SQLite gives it back without its zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def retry_after(window: list[datetime], now: datetime) -> int:
    """Whole seconds (at least 1) until the oldest of ``window`` (creation times, any order) is
    :data:`WINDOW` old, freeing one game of the limit.
    """
    oldest = min(_aware(moment) for moment in window)
    return max(1, math.ceil((oldest + WINDOW - now).total_seconds()))


def _client_hash(engine: Engine) -> str:
    key = current_app.extensions.get(_KEY)
    if key is None:
        key = current_app.extensions[_KEY] = service_key(engine, "client_address")
    return address_hash(key, client_address())


def admit_creation(now: datetime | None = None) -> str:
    """Admit the current request's game creation, or raise :class:`CreationLimited`.

    Returns the client's address hash, to store with the game.
    """
    engine: Engine = current_app.extensions[ENGINE]
    client = _client_hash(engine)
    limit = int(current_app.config["GAMES_PER_HOUR"])
    if limit == 0:
        return client
    now = now or datetime.now(UTC)
    with engine.connect() as connection:
        recent = list(connection.execute(
            select(games.c.created_at)
            .where(games.c.client_hash == client, games.c.created_at > now - WINDOW)
            .order_by(games.c.created_at.desc()).limit(limit)).scalars())
    if len(recent) < limit:
        return client
    seconds = retry_after(recent, now)
    raise CreationLimited(
        "too_many_requests",
        f"your address created {limit} games in the last hour, the most one address may create "
        f"({SETTING}); wait {seconds} s, until the oldest of them is an hour old, then try again",
        seconds=seconds, extra={"limit": limit, "retry_after": seconds})


def _limited(err: CreationLimited) -> Response:
    response = problem_response(err.code, err.detail, extra=err.extra)
    response.headers["Retry-After"] = str(err.seconds)
    return response


def register_creation_limit(app: Flask) -> None:
    """Read the limit once (a bad ``RAMCHI_GAMES_PER_HOUR`` stops the app from starting, saying
    why) and answer :class:`CreationLimited` with its ``Retry-After``.
    """
    app.config.setdefault("GAMES_PER_HOUR", games_per_hour())
    app.register_error_handler(CreationLimited, _limited)
