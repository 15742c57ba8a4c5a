"""The door's counts in the database (issue 38): the tries counted against each name and
each client's address, so that every server process on the database counts the same ones.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "door_counts",
        sa.Column("door", sa.String(16), primary_key=True),
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("tries", sa.Integer, nullable=False),
        sa.Column("until", sa.Double, nullable=False),
        sa.Column("last", sa.Double, nullable=False),
    )
    op.create_index("door_count_by_last", "door_counts", ["door", "last"])


def downgrade() -> None:
    op.drop_index("door_count_by_last", "door_counts")
    op.drop_table("door_counts")
