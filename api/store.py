"""Persistence: one SQLAlchemy engine per app; an SQLite file by default, PostgreSQL by URL.

``DATABASE_URL`` (config key or environment variable) chooses the database,
for example ``postgresql+psycopg://user@127.0.0.1:5432/test``; a plain
``postgresql://`` URL is read as psycopg 3. Without it the service keeps its
data in ``ramchi.db`` in the app's instance folder.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine, MetaData, create_engine, event, text

metadata = MetaData()
"""Every table of the service registers here; :func:`open_store` creates them."""


def normalise_url(url: str) -> str:
    """Read ``postgres://`` and ``postgresql://`` as the psycopg 3 driver.

    >>> normalise_url("postgresql://u@h/db")
    'postgresql+psycopg://u@h/db'
    """
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def default_url(instance_path: str) -> str:
    """The embedded default: an SQLite file in the instance folder (created if missing)."""
    folder = Path(instance_path)
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'ramchi.db'}"


def _sqlite_pragmas(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
    """Wait for locks instead of failing, and keep writes durable with WAL."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout = 10000")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


def open_store(url: str) -> Engine:
    """Create the engine for ``url`` and every table that does not exist yet."""
    engine = create_engine(normalise_url(url), pool_pre_ping=True, future=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    metadata.create_all(engine)
    return engine


def ping(engine: Engine) -> str:
    """``ok`` when the database answers, else the error in one line."""
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception as err:
        return f"{type(err).__name__}: {err}".splitlines()[0]
    return "ok"
