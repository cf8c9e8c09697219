"""How long stored games are kept: games idle past their retention period are removed.

A game is *idle* since its last accepted action (or its creation, if it has none): the store's
``updated_at``. A *finished* game (its last hand over) is kept ``RAMCHI_FINISHED_RETENTION_DAYS``
days after that (default 30: time to read its log or post it as a dispute); an *abandoned* one
(not finished) ``RAMCHI_ABANDONED_RETENTION_DAYS`` days (default 7). ``0`` keeps that kind
forever; fractions of days are allowed. Removing a game removes its seats and actions too.

``ramchi db prune`` removes them on demand; ``ramchi serve`` does it once at start-up, in the
master before the workers start. Games that finished before schema revision 0003 were not
recorded as finished, so they count as abandoned.

>>> Retention.from_settings({"RAMCHI_FINISHED_RETENTION_DAYS": "10", "RAMCHI_ABANDONED_RETENTION_DAYS": "0"})
Retention(finished_days=10.0, abandoned_days=0.0)
>>> Pruned(finished=2, abandoned=1).summary(Retention(30, 7))
'removed 3 games: 2 finished, idle over 30 days; 1 abandoned (not finished), idle over 7 days'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import ColumnElement, Engine, delete, func, select

from api.game_store import games
from api.store import open_store

__all__ = ["ABANDONED_SETTING", "FINISHED_SETTING", "Pruned", "Retention", "prune", "prune_at_start"]

FINISHED_SETTING = "RAMCHI_FINISHED_RETENTION_DAYS"
ABANDONED_SETTING = "RAMCHI_ABANDONED_RETENTION_DAYS"
DEFAULT_FINISHED_DAYS = 30.0
DEFAULT_ABANDONED_DAYS = 7.0


def _days(settings: Mapping[str, str], name: str, default: float) -> float:
    raw = settings.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise ValueError(f"{name} must be a number of days, 0 or more (0: keep forever), not {raw!r}")
    return value


@dataclass(frozen=True, slots=True)
class Retention:
    """How many days idle games are kept: finished ones, and abandoned ones (0: forever)."""

    finished_days: float = DEFAULT_FINISHED_DAYS
    abandoned_days: float = DEFAULT_ABANDONED_DAYS

    @classmethod
    def from_settings(cls, settings: Mapping[str, str] | None = None) -> Retention:
        """The periods of ``settings`` (default: the environment); ``ValueError`` if malformed.

        >>> Retention.from_settings({})
        Retention(finished_days=30.0, abandoned_days=7.0)
        """
        settings = os.environ if settings is None else settings
        return cls(_days(settings, FINISHED_SETTING, DEFAULT_FINISHED_DAYS),
                   _days(settings, ABANDONED_SETTING, DEFAULT_ABANDONED_DAYS))


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _period(days: float) -> str:
    return "kept forever" if days == 0 else f"idle over {days:g} {'day' if days == 1 else 'days'}"


@dataclass(frozen=True, slots=True)
class Pruned:
    """How many games were (or, in a dry run, would be) removed, of each kind."""

    finished: int
    abandoned: int

    @property
    def total(self) -> int:
        """All the games removed."""
        return self.finished + self.abandoned

    def summary(self, retention: Retention, *, dry_run: bool = False) -> str:
        """One line saying what was removed and why.

        >>> Pruned(0, 1).summary(Retention(0, 7), dry_run=True)[:38]
        'would remove 1 game: 0 finished, kept '
        """
        verb = "would remove" if dry_run else "removed"
        return (f"{verb} {_plural(self.total, 'game')}: {self.finished} finished, "
                f"{_period(retention.finished_days)}; {self.abandoned} abandoned (not finished), "
                f"{_period(retention.abandoned_days)}")


def _idle(finished: bool, days: float, now: datetime) -> ColumnElement[bool]:
    """The games of one kind idle for more than ``days`` at ``now``."""
    kind = games.c.finished_at.is_not(None) if finished else games.c.finished_at.is_(None)
    return kind & (games.c.updated_at < now - timedelta(days=days))


def prune(engine: Engine, retention: Retention | None = None, *, now: datetime | None = None,
          dry_run: bool = False) -> Pruned:
    """Remove the games idle past ``retention`` (default: from the environment) at ``now``.

    One transaction; seats and actions go with their game (``ON DELETE CASCADE``). With
    ``dry_run`` nothing is removed and the games that would be are counted.
    """
    retention = retention or Retention.from_settings()
    now = now or datetime.now(UTC)
    counts = []
    with engine.begin() as connection:
        for finished, days in ((True, retention.finished_days), (False, retention.abandoned_days)):
            if days == 0:
                counts.append(0)
                continue
            idle = _idle(finished, days, now)
            if dry_run:
                counts.append(int(connection.execute(select(func.count()).select_from(games).where(idle)).scalar_one()))
            else:
                counts.append(connection.execute(delete(games).where(idle)).rowcount)
    return Pruned(*counts)


def prune_at_start(url: str) -> Pruned:
    """Prune the database at ``url`` with the configured retention and print what was removed
    (``ramchi serve`` calls it once in the master, after upgrading the schema).
    """
    from api.migrate import display_url

    retention = Retention.from_settings()
    engine = open_store(url)
    try:
        pruned = prune(engine, retention)
    finally:
        engine.dispose()
    print(f"{display_url(url)}: {pruned.summary(retention)}", flush=True)
    return pruned
