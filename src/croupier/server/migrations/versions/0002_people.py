"""People: a registered person's name, password hash and ledger account (issue 15).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "people",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("folded", sa.String(32), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column(
            "created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()
        ),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.CheckConstraint("length(name) BETWEEN 1 AND 32", name="person_name_length"),
        sa.CheckConstraint("folded = lower(name)", name="person_folded_is_name"),
        sa.UniqueConstraint("folded", name="person_named_once"),
        sa.UniqueConstraint("account_id", name="person_account_once"),
    )


def downgrade() -> None:
    op.drop_table("people")
