"""A table's fairness (issue 40; `croupier.fairness.FAIRNESS`): from 2, each shuffle's order is
bound to its table and number, and the cuts no person decides (a bot's, a seat's whose time
ran out or that sits out, the house's) are drawn from their shuffle's own stream
(`croupier.fairness.house_cut`), as every table opened from now on has them. A table opened
before is of fairness 1: it keeps the orders and the cuts it made, and its history says so.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("fairness", sa.Integer, nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("fairness")
