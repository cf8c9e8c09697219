"""Stored games: the creation settings, the seats (hashed tokens) and the accepted actions.

A game's state is never stored as such: it is rebuilt by replaying its
accepted actions through the referee (:mod:`rulesets`). Appending an action
happens in one transaction that locks the game's row first (:func:`locked_game`),
so actions on one game are checked and stored one at a time, across processes
and servers: two concurrent actions never both apply, and a retried
``action_id`` always finds the stored answer.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import threading
import uuid
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Index,
    Integer,
    Select,
    String,
    Table,
    UniqueConstraint,
    bindparam,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import StaticPool

from api.store import metadata

ENGINE = "ramchi.engine"
"""The key of the app's database engine in ``app.extensions``."""

games = Table(
    "games",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("kind", String(20), nullable=False),
    Column("settings", JSON, nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # The creator's address as a keyed hash (api/creation_limit.py), never the address itself:
    Column("client_hash", String(64), nullable=True),
    Column("finished_at", DateTime(timezone=True), nullable=True),  # NULL while the game runs
    Index("ix_games_client_hash_created_at", "client_hash", "created_at"),  # the creation limit
    Index("ix_games_updated_at", "updated_at"),  # retention: games idle the longest
)

service_keys = Table(
    "service_keys",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("value", String(128), nullable=False),
)
"""Secrets the service made for itself (migration 0003): ``client_address`` keys address hashes."""

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(36), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(100), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(36), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("action_id", String(64), nullable=True),
    Column("seat", Integer, nullable=False),
    Column("body", JSON, nullable=False),
    Column("response", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # An action_id is the sending seat's idempotency key: replays belong to that seat only.
    # Actions sent without one store NULL and can never be replayed.
    UniqueConstraint("game_id", "seat", "action_id", name="uq_actions_game_seat_action_id"),
)


class StaleVersion(Exception):
    """The game changed since the version the action was checked against."""


@dataclass(frozen=True, slots=True)
class StoredAction:
    """One accepted action: its place in the game, who sent it, and what was answered."""

    seq: int
    action_id: str | None
    seat: int
    body: dict[str, Any]
    response: dict[str, Any]


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as stored: settings, players and the accepted actions in order."""

    id: str
    kind: str
    settings: dict[str, Any]
    version: int
    players: list[str]
    actions: list[StoredAction]
    finished: bool = False
    """Whether the store has recorded the game as finished (:func:`mark_finished`)."""


def hash_token(token: str) -> str:
    """Tokens are stored only as SHA-256 hashes.

    >>> len(hash_token("secret"))
    64
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def create_game(
    engine: Engine, kind: str, settings: dict[str, Any], players: list[str],
    client_hash: str | None = None,
) -> tuple[str, list[str]]:
    """Store a new game; return its id and one fresh secret token per seat (given out once).

    ``client_hash`` is the creating client's keyed address hash (the creation limit counts it).
    """
    game_id = str(uuid.uuid4())
    tokens = [secrets.token_urlsafe(24) for _ in players]
    now = _now()
    with engine.begin() as connection:
        connection.execute(insert(games).values(
            id=game_id, kind=kind, settings=settings, version=0, created_at=now, updated_at=now,
            client_hash=client_hash))
        connection.execute(insert(seats), [
            {"game_id": game_id, "seat": seat, "name": name, "token_hash": hash_token(token)}
            for seat, (name, token) in enumerate(zip(players, tokens, strict=True))
        ])
    return game_id, tokens


def _players(connection: Connection, game_id: str) -> list[str]:
    """The players' names in seat order."""
    return list(connection.execute(
        select(seats.c.name).where(seats.c.game_id == game_id).order_by(seats.c.seat)
    ).scalars().all())


def load_game(engine: Engine, game_id: str, after: int = 0) -> StoredGame | None:
    """The stored game with its actions after ``after`` in order (bodies only), or ``None``.

    ``version`` is the number of actions read (``after`` plus those returned), so it
    always matches the actions even if another one is committed meanwhile. The
    stored answers, needed only for idempotent retries, are not read here.
    """
    with engine.connect() as connection:
        row = connection.execute(select(games.c.id, games.c.kind, games.c.settings, games.c.finished_at)
                                 .where(games.c.id == game_id)).first()
        if row is None:
            return None
        names = _players(connection, game_id)
        stored = connection.execute(
            select(actions.c.seq, actions.c.action_id, actions.c.seat, actions.c.body)
            .where(actions.c.game_id == game_id, actions.c.seq > after).order_by(actions.c.seq)
        ).all()
    return StoredGame(
        id=row.id, kind=row.kind, settings=row.settings, version=after + len(stored),
        players=list(names),
        actions=[StoredAction(a.seq, a.action_id, a.seat, a.body, {}) for a in stored],
        finished=row.finished_at is not None,
    )


def mark_finished(engine: Engine, game_id: str) -> None:
    """Record that ``game_id`` is over (once: a later call keeps the first time).

    Retention (:mod:`api.retention`) keeps finished games longer than abandoned ones.
    """
    with _writers_queue(engine), engine.begin() as connection:
        connection.execute(update(games).where(games.c.id == game_id, games.c.finished_at.is_(None))
                           .values(finished_at=_now()))


def service_key(engine: Engine, name: str) -> str:
    """The secret ``name`` of :data:`service_keys` (made by the migrations); ``KeyError`` if absent."""
    with engine.connect() as connection:
        value = connection.execute(select(service_keys.c.value)
                                   .where(service_keys.c.name == name)).scalar()
    if value is None:
        raise KeyError(name)
    return str(value)


def kind_of(engine: Engine, game_id: str) -> str | None:
    """The game (``kind``) a stored game is of, or ``None`` if there is no such game."""
    with engine.connect() as connection:
        return connection.execute(select(games.c.kind).where(games.c.id == game_id)).scalar()


_PUBLIC_POLL = select(games.c.version).where(games.c.id == bindparam("game_id"))
_SEAT_POLL = (select(games.c.version, seats.c.seat).join(seats, seats.c.game_id == games.c.id)
              .where(games.c.id == bindparam("game_id"), seats.c.token_hash == bindparam("token_hash")))

_DRIVER_SQL: weakref.WeakKeyDictionary[Dialect, dict[str, tuple[str, tuple[str, ...] | None]]] = (
    weakref.WeakKeyDictionary())
"""Per dialect, each poll statement compiled once: its SQL and, for a positional parameter
style, the order of its parameters."""


def _driver_sql(engine: Engine, name: str, statement: Select[Any]) -> tuple[str, tuple[str, ...] | None]:
    compiled = _DRIVER_SQL.setdefault(engine.dialect, {})
    if name not in compiled:
        sql = statement.compile(dialect=engine.dialect)
        compiled[name] = (sql.string, tuple(sql.positiontup or ()) if engine.dialect.positional else None)
    return compiled[name]


def _read_row(engine: Engine, name: str, statement: Select[Any], params: dict[str, str]) -> Any:
    """The first row of ``statement`` (compiled once), read on a pooled connection's own cursor.

    What SQLAlchemy does around a statement (a connection object, an execution context, a
    result object) costs a poll more than the read itself; the pool, its checks and the
    errors stay SQLAlchemy's: a driver's error is raised as SQLAlchemy raises it, and a
    connection the database dropped is discarded from the pool.
    """
    sql, order = _driver_sql(engine, name, statement)
    dbapi_error = engine.dialect.loaded_dbapi.Error
    try:
        connection = engine.raw_connection()
    except dbapi_error as err:  # the database cannot be reached: as SQLAlchemy raises it
        raise DBAPIError.instance(None, None, err, dbapi_error, dialect=engine.dialect) from err
    try:
        cursor = connection.cursor()
        try:
            cursor.execute(sql, params if order is None else tuple(params[key] for key in order))
            return cursor.fetchone()
        except dbapi_error as err:
            dropped = engine.dialect.is_disconnect(err, connection.dbapi_connection, cursor)
            if dropped:
                connection.invalidate(err)
            raise DBAPIError.instance(sql, params, err, dbapi_error, connection_invalidated=dropped,
                                      dialect=engine.dialect) from err
        finally:
            with contextlib.suppress(dbapi_error):
                cursor.close()
    finally:
        connection.close()


def version_for(engine: Engine, game_id: str, token: str | None) -> tuple[int, int | None] | None:
    """The stored version of a game and the seat of ``token`` (``None``: no token, the public),
    in one primary-key lookup for a poll that may find nothing changed; ``None`` when there is
    no such game or the token is of none of its seats (the caller then says which).

    The statements are built and compiled once: a poll only binds the game's id and the
    token's hash, and reads one row with the driver's cursor (:func:`_read_row`).
    """
    if token is None:
        row = _read_row(engine, "public", _PUBLIC_POLL, {"game_id": game_id})
        return None if row is None else (int(row[0]), None)
    row = _read_row(engine, "seat", _SEAT_POLL, {"game_id": game_id, "token_hash": hash_token(token)})
    return None if row is None else (int(row[0]), int(row[1]))


VERSIONS_PER_QUERY = 500
"""Games read by one query of :class:`VersionReader` (every database takes this many parameters)."""

_VERSIONS_STEP = 50
"""A query of :class:`VersionReader` names a multiple of this many games (the rest padded with an
id no game has), so that few statements are compiled."""

_VERSIONS: dict[int, Select[Any]] = {}


def _versions_statement(count: int) -> Select[Any]:
    """``SELECT id, version FROM games WHERE id IN (:id0, ..., :id<count - 1>)``, made once."""
    if count not in _VERSIONS:
        _VERSIONS[count] = select(games.c.id, games.c.version).where(
            games.c.id.in_([bindparam(f"id{index}") for index in range(count)]))
    return _VERSIONS[count]


class VersionReader:
    """Reads the stored version of many games at once, for the refresher of :mod:`api.poll_cache`
    (one thread at a time): one query per :data:`VERSIONS_PER_QUERY` games, on one connection
    of ``engine`` that it keeps.

    On an SQLite file, it first asks its connection whether anything was committed since its
    last read (``PRAGMA data_version``, which counts the commits of every other connection, in
    any process): when nothing was, and no other game is asked for, the last versions read are
    the versions now, and no query is made. Any error drops the connection (the next read takes
    another one) and is raised.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.queries = 0
        """Queries of versions made (a read answered by ``data_version`` makes none)."""
        self._connection: Any = None
        self._watch = engine.dialect.name == "sqlite" and not isinstance(engine.pool, StaticPool)
        """Whether ``data_version`` tells this reader's every change (an in-memory database's
        one connection makes the changes itself, which it does not count)."""
        self._data_version: Any = None
        self._last: dict[str, int] = {}
        self._asked: set[str] = set()

    def __call__(self, game_ids: list[str]) -> dict[str, int]:
        """The version of each of ``game_ids`` that is stored (those missing are gone)."""
        try:
            return self._read(game_ids)
        except Exception:
            connection, self._connection, self._data_version = self._connection, None, None
            if connection is not None:
                with contextlib.suppress(Exception):
                    connection.invalidate()
            raise

    def _read(self, game_ids: list[str]) -> dict[str, int]:
        if self._connection is None:
            self._connection = self.engine.raw_connection()
        cursor = self._connection.cursor()
        try:
            if self._watch:
                cursor.execute("PRAGMA data_version")
                data_version = cursor.fetchone()[0]
                unchanged = data_version == self._data_version
                self._data_version = data_version
                if unchanged and self._asked.issuperset(game_ids):
                    return {game_id: self._last[game_id] for game_id in game_ids if game_id in self._last}
            versions: dict[str, int] = {}
            for start in range(0, len(game_ids), VERSIONS_PER_QUERY):
                chunk = game_ids[start:start + VERSIONS_PER_QUERY]
                count = -(-len(chunk) // _VERSIONS_STEP) * _VERSIONS_STEP
                params = {f"id{index}": game_id for index, game_id in enumerate(chunk)}
                params |= {f"id{index}": "" for index in range(len(chunk), count)}
                sql, order = _driver_sql(self.engine, f"versions{count}", _versions_statement(count))
                cursor.execute(sql, params if order is None else tuple(params[key] for key in order))
                versions.update((row[0], int(row[1])) for row in cursor.fetchall())
                self.queries += 1
            self._last, self._asked = versions, set(game_ids)
            return versions
        finally:
            cursor.close()

    def close(self) -> None:
        """Give the kept connection back to the pool."""
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()


def seat_for_token(engine: Engine, game_id: str, token: str) -> int | None:
    """The seat a token belongs to in this game, or ``None``."""
    with engine.connect() as connection:
        return connection.execute(
            select(seats.c.seat).where(seats.c.game_id == game_id,
                                       seats.c.token_hash == hash_token(token))
        ).scalar()


class LockedGame:
    """A game held for one action: its row is locked until the transaction ends.

    Made by :func:`locked_game`; everything read here is read in the same
    transaction, so no other action on the game can be committed meanwhile.
    """

    def __init__(self, connection: Connection, game_id: str, version: int, settings: dict[str, Any],
                 players: list[str]) -> None:
        self._connection = connection
        self.game_id = game_id
        self.version = version
        self.settings = settings
        self.players = players

    def find_action(self, seat: int, action_id: str) -> StoredAction | None:
        """The action ``seat`` already sent under ``action_id`` (its idempotent retry), or ``None``.

        An ``action_id`` belongs to the seat that sent it: another seat using the
        same string finds nothing here.
        """
        row = self._connection.execute(
            select(actions).where(actions.c.game_id == self.game_id, actions.c.seat == seat,
                                  actions.c.action_id == action_id)
        ).first()
        return None if row is None else StoredAction(row.seq, row.action_id, row.seat, row.body,
                                                     row.response)

    def actions_after(self, after: int) -> list[StoredAction]:
        """The accepted actions after version ``after`` in order (bodies only)."""
        rows = self._connection.execute(
            select(actions.c.seq, actions.c.action_id, actions.c.seat, actions.c.body)
            .where(actions.c.game_id == self.game_id, actions.c.seq > after).order_by(actions.c.seq)
        ).all()
        return [StoredAction(a.seq, a.action_id, a.seat, a.body, {}) for a in rows]

    def append(self, action: StoredAction) -> None:
        """Store ``action`` as the next one and move the game to ``version + 1``.

        Nothing is stored until the transaction of :func:`locked_game` commits.
        """
        if action.seq != self.version + 1:
            raise StaleVersion(self.game_id)
        self._connection.execute(insert(actions).values(
            game_id=self.game_id, seq=action.seq, action_id=action.action_id, seat=action.seat,
            body=action.body, response=action.response, created_at=_now()))
        bumped = self._connection.execute(
            update(games).where(games.c.id == self.game_id, games.c.version == self.version)
            .values(version=self.version + 1, updated_at=_now())
        ).rowcount
        if bumped != 1:  # cannot happen while the row is locked; never store a gap
            raise StaleVersion(self.game_id)
        self.version += 1


    def set_response(self, seq: int, response: dict[str, Any]) -> None:
        """Replace the stored answer of action ``seq`` (its answer grew: bots acted after it)."""
        self._connection.execute(update(actions).where(actions.c.game_id == self.game_id,
                                                       actions.c.seq == seq).values(response=response))


Moved = Callable[[str, int], None]
"""Told ``(game_id, version)`` after a transaction of :func:`locked_game` committed a new version."""

_MOVED: weakref.WeakKeyDictionary[Engine, list[weakref.WeakMethod[Moved]]] = weakref.WeakKeyDictionary()


def on_moved(engine: Engine, listener: Moved) -> None:
    """Tell the bound method ``listener`` each new version committed through ``engine`` by this
    process (:func:`locked_game`), right after the commit. It is held weakly: it stops being
    told when its object is gone. Another process's moves are not told (:mod:`api.poll_cache`
    reads them).
    """
    _MOVED.setdefault(engine, []).append(weakref.WeakMethod(listener))  # type: ignore[arg-type]


def _tell_moved(engine: Engine, game_id: str, version: int) -> None:
    for reference in list(_MOVED.get(engine, ())):
        listener = reference()
        if listener is not None:
            listener(game_id, version)


_SQLITE_WRITERS: dict[str, threading.Lock] = {}
_SQLITE_WRITERS_GUARD = threading.Lock()


def _writers_queue(engine: Engine) -> threading.Lock | contextlib.nullcontext[None]:
    """The thread lock writers of this process take before an SQLite file's write lock (else none)."""
    if engine.dialect.name != "sqlite":
        return contextlib.nullcontext()
    with _SQLITE_WRITERS_GUARD:
        return _SQLITE_WRITERS.setdefault(str(engine.url), threading.Lock())


@contextmanager
def locked_game(engine: Engine, game_id: str) -> Iterator[LockedGame | None]:
    """Hold ``game_id`` for one action: one transaction that first locks the game's row.

    The first statement writes the row (``version = version``), which takes the
    row lock on PostgreSQL and the write lock on SQLite, so actions on one game
    are checked and stored one after the other, across threads, processes and
    servers; the transaction commits when the block ends without an exception
    and rolls back (storing nothing) otherwise. Yields ``None`` if there is no
    such game.

    SQLite has one write lock for the whole file, and a writer waiting for it
    sleeps and retries; so within one process, writers queue on a thread lock
    first (in order, without sleeping) and only processes contend for the file.

    Once a new version is committed, the listeners of :func:`on_moved` are told it.
    """
    with _writers_queue(engine), engine.begin() as connection:
        touched = connection.execute(
            update(games).where(games.c.id == game_id).values(version=games.c.version)
        ).rowcount
        if touched != 1:
            yield None
            return
        row = connection.execute(
            select(games.c.version, games.c.settings).where(games.c.id == game_id)).one()
        locked = LockedGame(connection, game_id, row.version, row.settings, _players(connection, game_id))
        yield locked
    if locked.version != row.version:
        _tell_moved(engine, game_id, locked.version)
