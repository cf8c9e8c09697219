"""Alembic environment: runs the revisions in ``versions/``.

:mod:`api.migrate` passes its connection in ``config.attributes["connection"]``
(its transaction holds the upgrade lock). The ``alembic`` command line works
too, given ``sqlalchemy.url`` in its configuration. Importing this module
outside Alembic (e.g. ``pytest --doctest-modules``) does nothing.
"""

from __future__ import annotations

from alembic import context
from alembic.config import Config
from sqlalchemy import Connection

import api.game_store  # noqa: F401  (registers the tables in metadata, for autogenerate)
from api.store import metadata, normalise_url, open_store


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def _main(config: Config) -> None:
    url = config.get_main_option("sqlalchemy.url")
    if context.is_offline_mode():
        assert url, "offline mode (--sql) needs sqlalchemy.url"
        context.configure(url=normalise_url(url), target_metadata=metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    assert url, "give sqlalchemy.url, or run `ramchi db upgrade`"
    engine = open_store(url)
    try:
        with engine.begin() as own_connection:
            _run(own_connection)
    finally:
        engine.dispose()


_config = getattr(context, "config", None)  # None unless Alembic is running this file
if _config is not None:
    _main(_config)
