"""Stored games: the creation settings, the seats (hashed tokens) and the accepted actions.

A game's state is never stored as such: it is rebuilt by replaying its
accepted actions through the referee (:mod:`rulesets`). Appending an action
is one transaction that also bumps the game's ``version`` only if it still
has the version the action was checked against, so two concurrent actions on
one game never both apply; the loser gets :class:`StaleVersion`.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Table,
    UniqueConstraint,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from api.store import metadata

games = Table(
    "games",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("kind", String(20), nullable=False),
    Column("settings", JSON, nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

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
    Column("action_id", String(64), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("body", JSON, nullable=False),
    Column("response", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("game_id", "action_id", name="uq_actions_game_action_id"),
)


class StaleVersion(Exception):
    """The game changed since the version the action was checked against."""


@dataclass(frozen=True, slots=True)
class StoredAction:
    """One accepted action: its place in the game, who sent it, and what was answered."""

    seq: int
    action_id: str
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


def hash_token(token: str) -> str:
    """Tokens are stored only as SHA-256 hashes.

    >>> len(hash_token("secret"))
    64
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def create_game(
    engine: Engine, kind: str, settings: dict[str, Any], players: list[str]
) -> tuple[str, list[str]]:
    """Store a new game; return its id and one fresh secret token per seat (given out once)."""
    game_id = str(uuid.uuid4())
    tokens = [secrets.token_urlsafe(24) for _ in players]
    now = _now()
    with engine.begin() as connection:
        connection.execute(insert(games).values(
            id=game_id, kind=kind, settings=settings, version=0, created_at=now, updated_at=now))
        connection.execute(insert(seats), [
            {"game_id": game_id, "seat": seat, "name": name, "token_hash": hash_token(token)}
            for seat, (name, token) in enumerate(zip(players, tokens, strict=True))
        ])
    return game_id, tokens


def load_game(engine: Engine, game_id: str, after: int = 0) -> StoredGame | None:
    """The stored game with its actions after ``after`` in order (bodies only), or ``None``.

    ``version`` is the number of actions read (``after`` plus those returned), so it
    always matches the actions even if another one is committed meanwhile. The
    stored answers, needed only for idempotent retries, are not read here.
    """
    with engine.connect() as connection:
        row = connection.execute(select(games.c.id, games.c.kind, games.c.settings)
                                 .where(games.c.id == game_id)).first()
        if row is None:
            return None
        names = connection.execute(
            select(seats.c.name).where(seats.c.game_id == game_id).order_by(seats.c.seat)
        ).scalars().all()
        stored = connection.execute(
            select(actions.c.seq, actions.c.action_id, actions.c.seat, actions.c.body)
            .where(actions.c.game_id == game_id, actions.c.seq > after).order_by(actions.c.seq)
        ).all()
    return StoredGame(
        id=row.id, kind=row.kind, settings=row.settings, version=after + len(stored),
        players=list(names),
        actions=[StoredAction(a.seq, a.action_id, a.seat, a.body, {}) for a in stored],
    )


def seat_for_token(engine: Engine, game_id: str, token: str) -> int | None:
    """The seat a token belongs to in this game, or ``None``."""
    with engine.connect() as connection:
        return connection.execute(
            select(seats.c.seat).where(seats.c.game_id == game_id,
                                       seats.c.token_hash == hash_token(token))
        ).scalar()


def find_action(engine: Engine, game_id: str, action_id: str) -> StoredAction | None:
    """An already accepted action with this ``action_id``, for idempotent retries."""
    with engine.connect() as connection:
        row = connection.execute(
            select(actions).where(actions.c.game_id == game_id, actions.c.action_id == action_id)
        ).first()
    return None if row is None else StoredAction(row.seq, row.action_id, row.seat, row.body, row.response)


def append_action(engine: Engine, game_id: str, version: int, action: StoredAction) -> None:
    """Store an accepted action and move the game from ``version`` to ``version + 1``.

    Raises :class:`StaleVersion` if another action got there first (the whole
    transaction is then rolled back: nothing is half-stored).
    """
    try:
        with engine.begin() as connection:
            bumped = connection.execute(
                update(games)
                .where(games.c.id == game_id, games.c.version == version)
                .values(version=version + 1, updated_at=_now())
            ).rowcount
            if bumped != 1:
                raise StaleVersion(game_id)
            connection.execute(insert(actions).values(
                game_id=game_id, seq=action.seq, action_id=action.action_id, seat=action.seat,
                body=action.body, response=action.response, created_at=_now()))
    except IntegrityError as err:
        raise StaleVersion(game_id) from err
