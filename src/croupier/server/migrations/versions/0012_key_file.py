"""The key out of the database (issue 40): the house's signing keys in succession, their
private halves in the key file (`croupier.server.keys`); the key id of each shoe's
signature; and each shuffle's seed sealed by the key file's secret rather than in the
clear. A seed stored before stays in the clear until the next server to start seals it, and
the `seal` secret moves to the key file then.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "seal_keys",
        sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("key_id", sa.String(16), nullable=False),
        sa.Column("since", sa.BigInteger, nullable=False),
        sa.Column("signature", sa.String(128), nullable=True),
        sa.CheckConstraint("number >= 1", name="seal_key_number_positive"),
        sa.UniqueConstraint("key_id", name="seal_key_id_once"),
    )
    with op.batch_alter_table("table_seals") as batch:
        batch.add_column(sa.Column("key_id", sa.String(16), nullable=True))
    with op.batch_alter_table("shoe_seeds") as batch:
        batch.alter_column("seed", existing_type=sa.String(64), nullable=True)
        batch.add_column(sa.Column("sealed", sa.String(128), nullable=True))
        batch.create_check_constraint("shoe_seed_one_form", "(seed IS NULL) <> (sealed IS NULL)")


def downgrade() -> None:
    with op.batch_alter_table("shoe_seeds") as batch:
        batch.drop_constraint("shoe_seed_one_form", type_="check")
        batch.drop_column("sealed")
        batch.alter_column("seed", existing_type=sa.String(64), nullable=False)
    with op.batch_alter_table("table_seals") as batch:
        batch.drop_column("key_id")
    op.drop_table("seal_keys")
