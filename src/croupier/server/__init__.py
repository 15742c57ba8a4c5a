"""The table server's foundations (issue 15), for now its chip ledger (accounts and immutable
double-entry transfers of whole chips in a database: SQLite, PostgreSQL later, migrated by
Alembic) and people's accounts. It needs the `server` extra: `pip install croupier[server]`.

- `schema`: the tables, and the kinds of account and of transfer;
- `ledger`: opening accounts and moving chips;
- `database`: opening a database, and `migrate` to bring one to the newest schema;
- `audit`: checking every invariant of a ledger;
- `people`: registering people (each with a ledger account and a starting grant) and
  logging them in.

docs/ledger.md says what each invariant is and where it is enforced.
"""

__all__ = ["audit", "database", "ledger", "people", "schema"]
