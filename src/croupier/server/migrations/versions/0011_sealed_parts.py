"""Sealed parts (issue 40): a seat gives the SHA-256 of its part of a shuffle first
(`shoe_parts.sealed`) and the part itself once the shuffle's seals are closed
(`shoe_closings`), so that no one chooses a part knowing another's. A part given in the
clear before has no seal.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("shoe_parts") as batch:
        batch.add_column(sa.Column("sealed", sa.String(64), nullable=True))
        batch.alter_column("text", existing_type=sa.Text, nullable=True)
    op.create_table(
        "shoe_closings",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("shoe_closings")
    with op.batch_alter_table("shoe_parts") as batch:
        batch.alter_column("text", existing_type=sa.Text, nullable=False)
        batch.drop_column("sealed")
