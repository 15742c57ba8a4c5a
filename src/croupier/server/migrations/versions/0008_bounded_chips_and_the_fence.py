"""Bounded chips and the fence (issue 38): the money columns 64-bit on every database, every
balance within `MOST_CHIPS` either way, each table's `fence`, the count of the claims on
it, which a batch must still match to be stored, and the tables found by who opened them
(one person may have only so many open).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_MOST = 2**53 - 1
"""`croupier.server.schema.MOST_CHIPS` as it was when this migration was written."""

_BOUNDED = f"balance BETWEEN {-_MOST} AND {_MOST}"


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":  # SQLite's INTEGER is 64-bit already
        op.alter_column("accounts", "balance", type_=sa.BigInteger)
        op.alter_column("transfers", "chips", type_=sa.BigInteger)
    with op.batch_alter_table("accounts") as batch:
        batch.create_check_constraint("balance_within_bounds", _BOUNDED)
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("fence", sa.Integer, nullable=False, server_default="0"))
    op.create_index("table_by_opener", "tables", ["opened_by"])


def downgrade() -> None:
    op.drop_index("table_by_opener", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("fence")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_constraint("balance_within_bounds", type_="check")
    if op.get_bind().dialect.name == "postgresql":
        op.alter_column("transfers", "chips", type_=sa.Integer)
        op.alter_column("accounts", "balance", type_=sa.Integer)
