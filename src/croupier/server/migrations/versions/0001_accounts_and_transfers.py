"""Accounts and transfers: the double-entry chip ledger (issue 15).

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_KINDS = "'person', 'table', 'house', 'grant-source'"
_CAUSES = "'grant', 'buy-in', 'cash-out', 'takings'"
_IMMUTABLE = "a transfer is immutable"


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("balance", sa.Integer, nullable=False, server_default="0"),
        sa.CheckConstraint(f"kind IN ({_KINDS})", name="account_kind_known"),
        sa.CheckConstraint("balance >= 0 OR kind = 'grant-source'", name="balance_not_negative"),
        sa.UniqueConstraint("kind", "name", name="account_named_once"),
    )
    op.create_table(
        "transfers",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("source_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("target_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("chips", sa.Integer, nullable=False),
        sa.Column("cause", sa.String(16), nullable=False),
        sa.Column("reference", sa.String(200), nullable=False, server_default=""),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        sa.CheckConstraint("chips > 0", name="chips_positive"),
        sa.CheckConstraint("source_id <> target_id", name="source_is_not_target"),
        sa.CheckConstraint(f"cause IN ({_CAUSES})", name="cause_known"),
    )
    op.create_index("ix_transfers_source_id", "transfers", ["source_id"])
    op.create_index("ix_transfers_target_id", "transfers", ["target_id"])
    _refuse_changing_transfers()


def _refuse_changing_transfers() -> None:
    """Triggers that refuse, as an integrity error, to update or delete a transfer; and on
    PostgreSQL to truncate the transfers, which deletes them without a row's trigger."""
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for event in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER transfers_no_{event.lower()} BEFORE {event} ON transfers "
                f"BEGIN SELECT RAISE(ABORT, '{_IMMUTABLE}'); END"
            )
    elif dialect == "postgresql":
        op.execute(
            "CREATE FUNCTION transfer_is_immutable() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            f"RAISE EXCEPTION '{_IMMUTABLE}' USING ERRCODE = 'integrity_constraint_violation'; "
            "END $$"
        )
        for event, each in (("UPDATE", "ROW"), ("DELETE", "ROW"), ("TRUNCATE", "STATEMENT")):
            op.execute(
                f"CREATE TRIGGER transfers_no_{event.lower()} BEFORE {event} ON transfers "
                f"FOR EACH {each} EXECUTE FUNCTION transfer_is_immutable()"
            )


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS transfers_no_update")
        op.execute("DROP TRIGGER IF EXISTS transfers_no_delete")
    elif dialect == "postgresql":
        for event in ("update", "delete", "truncate"):
            op.execute(f"DROP TRIGGER IF EXISTS transfers_no_{event} ON transfers")
        op.execute("DROP FUNCTION IF EXISTS transfer_is_immutable()")
    op.drop_table("transfers")
    op.drop_table("accounts")
