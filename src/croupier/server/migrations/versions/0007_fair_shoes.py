"""Provably fair shoes (issue 26): each table's shuffle seeds, the parts its seats add to
them, and the server's signature of each shoe of its history.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-04
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "shoe_seeds",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.CheckConstraint("number >= 1", name="shoe_seed_number_positive"),
    )
    op.create_table(
        "shoe_parts",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("person_id", sa.Integer, sa.ForeignKey("people.id"), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.CheckConstraint("length(text) <= 200", name="shoe_part_length"),
    )
    op.create_table(
        "table_seals",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("shoe", sa.Integer, primary_key=True),
        sa.Column("signature", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_seals")
    op.drop_table("shoe_parts")
    op.drop_table("shoe_seeds")
