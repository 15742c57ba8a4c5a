"""Hosting (issue 41): a table its host has paused (`held`), the people its host names to
host it with them (`guests.cohost`) and those its host has removed from it, who sit again
only once the host lets them (`guests.barred`).

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("held", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("guests") as batch:
        batch.add_column(sa.Column("cohost", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("barred", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("guests") as batch:
        batch.drop_column("barred")
        batch.drop_column("cohost")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("held")
