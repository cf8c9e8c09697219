"""An action_id is unique per seat, and optional: invented ``auto-<seq>`` ids become NULL.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

# Only the columns the data steps read and write.
_actions = sa.table("actions", sa.column("seq", sa.Integer), sa.column("action_id", sa.String(64)))
_invented = sa.literal("auto-") + sa.cast(_actions.c.seq, sa.String(20))


def upgrade() -> None:
    """``action_id`` nullable, unique per (game, seat); ids the old code invented become NULL."""
    with op.batch_alter_table("actions") as batch:
        batch.alter_column("action_id", existing_type=sa.String(64), nullable=True)
        batch.drop_constraint("uq_actions_game_action_id", type_="unique")
        batch.create_unique_constraint("uq_actions_game_seat_action_id",
                                       ["game_id", "seat", "action_id"])
    op.execute(_actions.update().where(_actions.c.action_id == _invented).values(action_id=None))


def downgrade() -> None:
    """Back to one ``action_id`` per game, never NULL (NULLs get ``auto-<seq>`` again).

    Fails on the unique constraint if two seats of one game used the same action_id.
    """
    op.execute(_actions.update().where(_actions.c.action_id.is_(None)).values(action_id=_invented))
    with op.batch_alter_table("actions") as batch:
        batch.drop_constraint("uq_actions_game_seat_action_id", type_="unique")
        batch.create_unique_constraint("uq_actions_game_action_id", ["game_id", "action_id"])
        batch.alter_column("action_id", existing_type=sa.String(64), nullable=False)
