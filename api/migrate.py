"""The database schema, managed by Alembic revisions in ``api/migrations/versions``.

The schema is upgraded once, before the service starts (``ramchi db upgrade``;
``ramchi serve`` does it in the master process before gunicorn forks its
workers), never by the workers themselves. The Alembic configuration is built
here in code; no ``alembic.ini`` is needed.

A database made by the releases before migrations (tables present, no
``alembic_version``) is recognised and stamped at the baseline revision
before upgrading. On PostgreSQL the upgrade holds an advisory lock, on SQLite
the write lock, so two processes upgrading at once take turns.

>>> from api.store import open_store
>>> engine = open_store("sqlite://")
>>> upgrade(engine)
(None, '0003')
>>> is_up_to_date(engine), current_revision(engine) == head_revision()
(True, True)
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, make_url, text

from api.store import default_url, open_store

SCRIPT_LOCATION = "api:migrations"
"""The revisions, as a package resource (they ship inside the ``api`` package)."""

BASELINE = "0001"
"""The schema as released before migrations existed (what ``create_all`` made)."""

BASELINE_TABLES = frozenset({"games", "seats", "actions"})

UPGRADE_HINT = "run `ramchi db upgrade` with the same DATABASE_URL before starting the service"

# Any fixed 64-bit number, the same in every process: the key of the advisory lock
# that serialises upgrades of one PostgreSQL database.
_PG_LOCK_KEY = 0x52414D4348490001


class SchemaNotCurrent(RuntimeError):
    """The database is not at the revision this code needs."""


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic :class:`Config` for the packaged revisions, bound to ``connection`` if given.

    ``env.py`` runs the revisions on ``config.attributes["connection"]``.
    """
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The newest revision, the one this code expects.

    >>> head_revision()
    '0003'
    """
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def configured_url() -> str:
    """The database :func:`api.create_app` uses without a config: ``DATABASE_URL``, else the
    SQLite file in the app's instance folder.
    """
    url = os.environ.get("DATABASE_URL")
    if url:
        return url
    from flask import Flask  # the same instance folder as create_app's Flask("api")

    return default_url(Flask("api").instance_path)


def display_url(url: str) -> str:
    """``url`` with any password hidden, for messages.

    >>> display_url("postgresql://me:secret@db/ramchi")
    'postgresql://me:***@db/ramchi'
    """
    return make_url(url).render_as_string(hide_password=True)


@contextmanager
def _engine(target: str | Engine) -> Iterator[Engine]:
    """Use ``target`` as it is if it is an engine; else open one for the URL and close it after."""
    if isinstance(target, Engine):
        yield target
        return
    engine = open_store(target)
    try:
        yield engine
    finally:
        engine.dispose()


def _revision(connection: Connection) -> str | None:
    """The revision recorded in the database (``None``: none recorded)."""
    return MigrationContext.configure(connection).get_current_revision()


def _baseline_tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names()) & BASELINE_TABLES


def current_revision(target: str | Engine) -> str | None:
    """The revision the database is at; ``None`` when none is recorded (an empty database, or
    tables made before migrations existed).
    """
    with _engine(target) as engine, engine.connect() as connection:
        return _revision(connection)


def is_up_to_date(engine: Engine) -> bool:
    """Whether the database is at :func:`head_revision`."""
    return current_revision(engine) == head_revision()


def schema_problem(engine: Engine) -> str | None:
    """What keeps the database from serving this code, saying what to run; ``None`` if at head."""
    with engine.connect() as connection:
        revision = _revision(connection)
        tables = _baseline_tables(connection) if revision is None else set()
    head = head_revision()
    if revision == head:
        return None
    if revision is not None:
        found = f"at revision {revision}"
    elif tables:
        found = "made before schema migrations existed"
    else:
        found = "empty"
    return (f"The database {engine.url.render_as_string(hide_password=True)} is {found}; "
            f"this version of the service needs schema revision {head}: {UPGRADE_HINT}.")


def require_up_to_date(engine: Engine) -> None:
    """Raise :class:`SchemaNotCurrent`, saying what to run, unless the database is at head."""
    problem = schema_problem(engine)
    if problem is not None:
        raise SchemaNotCurrent(problem)


@contextmanager
def _locked(engine: Engine) -> Iterator[Connection]:
    """One transaction holding the database's upgrade lock until it commits.

    PostgreSQL: a transaction-level advisory lock. SQLite: the write lock
    (``BEGIN IMMEDIATE``), so the whole upgrade is one transaction there too.
    """
    with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            connection.begin()
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK_KEY})
        try:
            yield connection
        except BaseException:
            connection.rollback()
            raise
        connection.commit()


def upgrade(target: str | Engine, revision: str = "head") -> tuple[str | None, str | None]:
    """Upgrade the database at ``target`` (a URL or an engine) to ``revision``.

    Returns the revisions before and after. A database at head is left as it
    is; one made before migrations existed is stamped at :data:`BASELINE` first.
    Pass the engine itself for in-memory SQLite (``sqlite://``), whose schema
    lives only as long as its connection.
    """
    with _engine(target) as engine, _locked(engine) as connection:
        before = _revision(connection)
        if before is None:
            tables = _baseline_tables(connection)
            if tables == BASELINE_TABLES:
                command.stamp(alembic_config(connection), BASELINE)
            elif tables:
                raise SchemaNotCurrent(
                    f"The database has only some of the tables {sorted(BASELINE_TABLES)} "
                    f"({sorted(tables)}) and no recorded revision; repair it by hand.")
        command.upgrade(alembic_config(connection), revision)
        return before, _revision(connection)


def downgrade(target: str | Engine, revision: str) -> tuple[str | None, str | None]:
    """Downgrade the database at ``target`` to ``revision`` (``base``: no tables at all).

    Returns the revisions before and after.
    """
    with _engine(target) as engine, _locked(engine) as connection:
        before = _revision(connection)
        command.downgrade(alembic_config(connection), revision)
        return before, _revision(connection)
