"""Games remember who created them (a keyed hash) and when they finished; a key for the hashes.

- ``games.client_hash``: the keyed hash (HMAC-SHA256) of the creating client's address, never the
  address itself, so the creation limit can count a client's recent games
  (:mod:`api.creation_limit`); NULL for games created before this revision.
- ``games.finished_at``: when the game's last hand ended (NULL while it runs), so retention can
  tell finished games from abandoned ones (:mod:`api.retention`). Games that finished before
  this revision stay NULL and count as abandoned.
- ``service_keys``: named secrets the service makes for itself; ``client_address`` (random,
  made here once) keys the hashes, the same for every server sharing the database.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the two columns, their indexes, and the key table with the address key."""
    # Plain ALTER TABLE, never a batch copy: on SQLite a copy drops the old games table, and its
    # foreign keys would delete every seat and action with it.
    op.add_column("games", sa.Column("client_hash", sa.String(64), nullable=True))
    op.add_column("games", sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_games_client_hash_created_at", "games", ["client_hash", "created_at"])
    op.create_index("ix_games_updated_at", "games", ["updated_at"])
    keys = op.create_table(
        "service_keys",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    op.bulk_insert(keys, [{"name": "client_address", "value": secrets.token_hex(32)}])


def downgrade() -> None:
    """Drop the key table, the indexes and the columns (creators and finish times are lost)."""
    op.drop_table("service_keys")
    op.drop_index("ix_games_updated_at", table_name="games")
    op.drop_index("ix_games_client_hash_created_at", table_name="games")
    for column in ("finished_at", "client_hash"):  # ALTER TABLE (SQLite 3.35+), no batch copy
        op.execute(sa.text(f"ALTER TABLE games DROP COLUMN {column}"))
