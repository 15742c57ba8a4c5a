"""Tampering with a ledger in tests, as a bad restore or a hand edit would: raw SQL past every
guard the database has, on SQLite and PostgreSQL alike."""

from __future__ import annotations

from sqlalchemy import text

from croupier.server.database import open_database

_CHECKED = (("accounts", "balance_not_negative"), ("transfers", "cause_known"))
"""The CHECK constraints that tampering goes past on PostgreSQL, by table."""


def tamper(url: str, *statements: str) -> None:
    """Run `statements` on the ledger at `url`, in one transaction, with no CHECK constraint
    on balances and causes, and no trigger refusing to update a transfer."""
    engine = open_database(url)
    with engine.begin() as connection:
        if connection.dialect.name == "sqlite":
            connection.execute(text("PRAGMA ignore_check_constraints = ON"))
            connection.execute(text("DROP TRIGGER transfers_no_update"))
        else:
            for table, constraint in _CHECKED:
                connection.execute(text(f"ALTER TABLE {table} DROP CONSTRAINT {constraint}"))
            connection.execute(text("DROP TRIGGER transfers_no_update ON transfers"))
        for statement in statements:
            connection.execute(text(statement))
    engine.dispose()
