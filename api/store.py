"""Persistence: one SQLAlchemy engine per app; an SQLite file by default, PostgreSQL by URL.

``DATABASE_URL`` (config key or environment variable) chooses the database,
for example ``postgresql+psycopg://user@127.0.0.1:5432/test``; a plain
``postgresql://`` URL is read as psycopg 3. Without it the service keeps its
data in ``ramchi.db`` in the app's instance folder.

The tables are made and changed only by the migrations in :mod:`api.migrate`
(``ramchi db upgrade``), never when a store is opened.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine, MetaData, create_engine, event, make_url, text
from sqlalchemy.pool import StaticPool

metadata = MetaData()
"""Every table of the service registers here; the migrations in :mod:`api.migrate` create them."""


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


def _in_memory(url: str) -> bool:
    """Whether ``url`` is an in-memory SQLite database.

    >>> _in_memory("sqlite://"), _in_memory("sqlite:///ramchi.db")
    (True, False)
    """
    parsed = make_url(url)
    return parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:")


def open_store(url: str) -> Engine:
    """Create the engine for ``url``; it creates no tables (see :mod:`api.migrate`).

    An in-memory SQLite database lives as long as its connection, so its engine
    keeps one connection, shared by every thread, for the schema to persist.
    """
    options: dict[str, object] = {"pool_pre_ping": True}
    if _in_memory(url):
        options = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    engine = create_engine(normalise_url(url), **options)  # type: ignore[arg-type]
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def poll_reader(engine: Engine) -> Engine:
    """An engine on ``engine``'s database for the one-row reads of polls (:mod:`api.poll_fast_path`).

    Its connections read in autocommit mode, with no check before each use: on PostgreSQL a
    read is one round trip instead of three (the check, the read, the rollback of the
    transaction it opened). A connection the database dropped makes that read fail, and its
    caller answers through ``engine`` instead, which checks its connections. An in-memory
    SQLite database lives in ``engine``'s one connection, so its polls read through ``engine``.

    >>> memory, file = open_store("sqlite://"), open_store("sqlite:///ramchi.db")
    >>> poll_reader(memory) is memory, poll_reader(file) is file, poll_reader(file).url == file.url
    (True, False, True)
    """
    if isinstance(engine.pool, StaticPool):
        return engine
    reader = create_engine(engine.url, isolation_level="AUTOCOMMIT")
    if reader.dialect.name == "sqlite":
        event.listen(reader, "connect", _sqlite_pragmas)
    return reader


def ping(engine: Engine) -> str:
    """``ok`` when the database answers, else the error in one line."""
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception as err:
        return f"{type(err).__name__}: {err}".splitlines()[0]
    return "ok"
