"""Private tables (issue 41): a table left out of the lobby and shown only to its opener,
its guests and whoever brings its invite, which its opener may renew; the guests it has let
in, and whether its host has let each sit (the setting `approval`). Every table opened
before is public.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("invite", sa.String(64), nullable=True))
    op.create_table(
        "guests",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("person_id", sa.Integer, sa.ForeignKey("people.id"), primary_key=True),
        sa.Column(
            "admitted_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.Column("approved", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_table("guests")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("invite")
        batch.drop_column("private")
