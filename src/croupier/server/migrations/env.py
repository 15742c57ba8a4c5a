"""Alembic's environment for the ledger's migrations: run by `croupier.server.database.migrate`
(and by the `alembic` command, given a Config naming this folder), online, on the URL in the
Config's `sqlalchemy.url`."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from croupier.server.schema import Base


def _run() -> None:
    url = context.config.get_main_option("sqlalchemy.url")
    assert url is not None, "migrate() sets sqlalchemy.url"
    engine = create_engine(url)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if hasattr(context, "config"):  # run by Alembic; imported elsewhere (pytest's doctests), idle
    _run()
