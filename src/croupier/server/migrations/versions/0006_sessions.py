"""Sessions kept by the server (issue 25): each logged-in session's token, as its SHA-256
(never the token), whose it is and when it began, so that logging out, or changing the
password, ends it everywhere.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("person_id", sa.Integer, sa.ForeignKey("people.id"), nullable=False),
        sa.Column(
            "started_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
    )
    op.create_index("session_by_person", "sessions", ["person_id"])


def downgrade() -> None:
    op.drop_index("session_by_person", "sessions")
    op.drop_table("sessions")
