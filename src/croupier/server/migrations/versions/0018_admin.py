"""The club's operator (issue 43): chips given or taken by `croupier admin` (the cause
`admin`), people disabled (`people.disabled_at`), a table asked to close
(`tables.close_asked_at`), and the admin trail of everything the operator did.

On SQLite a check constraint changes only by copying its table: the transfers' triggers,
which go with the old table, are made again on the new one (as 0001 made them).

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_CAUSES = "'grant', 'buy-in', 'cash-out', 'takings'"
_ACTIONS = "'create', 'give', 'take', 'password', 'disable', 'enable', 'close'"
_IMMUTABLE = "a transfer is immutable"
"""0001's words for the transfers' triggers."""


def _causes(causes: str) -> None:
    """The transfers' causes to be `causes` (on SQLite, the table copied: its triggers made
    again)."""
    sqlite = op.get_bind().dialect.name == "sqlite"
    with op.batch_alter_table("transfers") as batch:
        batch.drop_constraint("cause_known", type_="check")
        batch.create_check_constraint("cause_known", f"cause IN ({causes})")
    if sqlite:
        for event in ("UPDATE", "DELETE"):
            op.execute(f"DROP TRIGGER IF EXISTS transfers_no_{event.lower()}")
            op.execute(
                f"CREATE TRIGGER transfers_no_{event.lower()} BEFORE {event} ON transfers "
                f"BEGIN SELECT RAISE(ABORT, '{_IMMUTABLE}'); END"
            )


def upgrade() -> None:
    _causes(f"{_CAUSES}, 'admin'")
    with op.batch_alter_table("people") as batch:
        batch.add_column(sa.Column("disabled_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("close_asked_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "admin_trail",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        sa.Column("by", sa.String(64), nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("subject", sa.String(64), nullable=False),
        sa.Column("chips", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("reason", sa.Text, nullable=False, server_default=""),
        sa.Column("transfer_id", sa.Integer, sa.ForeignKey("transfers.id"), nullable=True),
        sa.CheckConstraint(f"action IN ({_ACTIONS})", name="admin_action_known"),
        sa.UniqueConstraint("transfer_id", name="admin_transfer_once"),
    )


def downgrade() -> None:
    kept = op.get_bind().scalar(sa.text("SELECT count(*) FROM transfers WHERE cause = 'admin'"))
    if kept:  # refused before anything changes: the transfers are never changed
        raise RuntimeError(f"transfers of cause admin are kept ({kept}): 0018 cannot be undone")
    op.drop_table("admin_trail")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("close_asked_at")
    with op.batch_alter_table("people") as batch:
        batch.drop_column("disabled_at")
    _causes(_CAUSES)
