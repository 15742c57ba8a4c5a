"""Each step's time (issue 42): when a table's step was committed (`at`), so that a table's
past coups say when each was played. Steps stored before keep none (null).

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("table_steps") as batch:
        batch.add_column(sa.Column("at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("table_steps") as batch:
        batch.drop_column("at")
