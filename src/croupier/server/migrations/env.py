"""Alembic's environment for the ledger's migrations: run by `croupier.server.database.migrate`
(and by the `alembic` command, given a Config naming this folder), online, on the URL in the
Config's `sqlalchemy.url`.

Every migration still to run runs in one transaction, and one process at a time: the
processes of one house started together (on a new database, or after an upgrade) each wait
for the one before to commit, then find nothing left to do. On PostgreSQL the transaction
first takes an advisory lock; on SQLite it takes the database's write lock as it begins
(the driver's own handling, which runs DDL outside any transaction, is off). Foreign keys
are not enforced while migrating on SQLite: a table rebuilt by `batch_alter_table` is
dropped and made again, and its rows must not go with it."""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import create_engine, event, text

from croupier.server.schema import Base

MIGRATING = 0x63726F75
"""The PostgreSQL advisory lock a migration holds, its transaction long ("crou")."""


def _sqlite_connected(connection: Any, _: Any) -> None:
    connection.isolation_level = None
    connection.execute("PRAGMA busy_timeout = 120000")  # another process's migration runs


def _sqlite_begin(connection: Any) -> None:
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def _run() -> None:
    url = context.config.get_main_option("sqlalchemy.url")
    assert url is not None, "migrate() sets sqlalchemy.url"
    engine = create_engine(url)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_connected)
        event.listen(engine, "begin", _sqlite_begin)
    with engine.connect() as connection:
        context.configure(
            connection=connection, target_metadata=Base.metadata, transactional_ddl=True
        )
        with context.begin_transaction():
            if engine.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATING})
            context.run_migrations()
    engine.dispose()


if hasattr(context, "config"):  # run by Alembic; imported elsewhere (pytest's doctests), idle
    _run()
