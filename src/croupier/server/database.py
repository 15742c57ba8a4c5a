"""Opening a ledger's database, and bringing its schema to the newest migration.

A database is named by an SQLAlchemy URL: `sqlite:///path/to/croupier.db`, or a PostgreSQL
one as psql takes it (`postgresql://user:password@host:port/database`, which croupier opens
with the psycopg 3 driver: `engine_url`). Without one, croupier keeps its ledger in an SQLite
file in its data folder: `$CROUPIER_DATA/croupier.db`, or `~/.local/share/croupier/croupier.db`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.script.revision import ResolutionError
from alembic.util import CommandError
from sqlalchemy import Engine, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session

from croupier import i18n
from croupier.errors import InvalidInput
from croupier.server.schema import Secret

__all__ = [
    "MIGRATIONS",
    "Unavailable",
    "data_folder",
    "default_url",
    "engine_url",
    "migrate",
    "open_database",
    "open_ledger",
    "reading",
    "secret",
    "shown",
    "snapshot",
]

MIGRATIONS = Path(__file__).with_name("migrations")
"""The folder of the ledger's Alembic migrations, shipped inside the package."""


class Unavailable(InvalidInput):
    """A database that cannot be opened as a ledger: a URL that names none, a file that is
    not there, a server that does not answer, a database with no ledger in it."""


def data_folder() -> Path:
    """Where croupier keeps its data: `$CROUPIER_DATA`, or `~/.local/share/croupier`."""
    named = os.environ.get("CROUPIER_DATA")
    return Path(named) if named else Path.home() / ".local" / "share" / "croupier"


def default_url() -> str:
    """The ledger's database when none is named: `croupier.db` in the `data_folder`."""
    return f"sqlite:///{data_folder() / 'croupier.db'}"


def _enforce_foreign_keys(connection: Any, _: Any) -> None:
    """Each SQLite connection enforces foreign keys, and waits up to 30 s for a lock; the
    file is in write-ahead-log mode, so that readers never hold up the one writer, and each
    commit is synced to disk before it returns (`synchronous = FULL`: docs/ledger.md,
    Durability). The driver's own transaction handling is off (`_begin` begins each one)."""
    connection.isolation_level = None
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA busy_timeout = 30000")
    if cursor.execute("PRAGMA journal_mode").fetchone()[0] != "wal":  # kept in the file once
        cursor.execute("PRAGMA journal_mode = WAL")  # set; setting it takes the write lock
    cursor.execute("PRAGMA synchronous = FULL")
    cursor.close()


def _begin(connection: Any) -> None:
    """Each SQLite transaction takes the write lock as it begins, waiting its turn: one begun
    deferred that reads and then writes fails at once ("database is locked") when another
    has written meanwhile, and the driver's own handling leaves a savepoint outside any
    transaction (SQLAlchemy's pysqlite notes). A transaction that only reads (`reading`)
    begins deferred: it reads the last commit and waits for no writer."""
    reads = connection.get_execution_options().get(_READING, False)
    connection.exec_driver_sql("BEGIN" if reads else "BEGIN IMMEDIATE")


_READING = "croupier_reading"
"""The execution option that marks an engine's transactions as reads only."""


def reading(engine: Engine) -> Engine:
    """`engine`, for transactions that only read: on SQLite they do not take the write lock,
    so a writer that holds it (a process stopped mid-commit) holds up no reader."""
    return engine.execution_options(**{_READING: True})


def snapshot(engine: Engine) -> Engine:
    """`engine`, for transactions that read the database as of one moment, however many
    queries they make while others commit: on PostgreSQL at `REPEATABLE READ` (its default,
    `READ COMMITTED`, sees each query's own moment); on SQLite a read transaction
    (`reading`), which in write-ahead-log mode reads from its first query's moment on."""
    if engine.dialect.name == "postgresql":
        return reading(engine).execution_options(isolation_level="REPEATABLE READ")
    return reading(engine)


def shown(url: str) -> str:
    """`url` as croupier says it: with its password hidden.

    >>> shown("postgresql://ada:secret@db.example/croupier")
    'postgresql://ada:***@db.example/croupier'
    >>> shown("not a url")
    'not a url'
    """
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


_POSTGRES_SCHEMES = ("postgresql", "postgres")
"""The schemes of a PostgreSQL URL that name no driver (psql's, libpq's)."""


def engine_url(url: str) -> str:
    """The URL croupier opens for `url`: a PostgreSQL URL that names no driver gets psycopg 3's
    (SQLAlchemy 2.0 would take psycopg2, and knows no `postgres://`); any other is unchanged.

    >>> engine_url("postgresql://ada@db.example/croupier")
    'postgresql+psycopg://ada@db.example/croupier'
    >>> engine_url("postgres://ada@db.example/croupier")
    'postgresql+psycopg://ada@db.example/croupier'
    >>> engine_url("sqlite:///croupier.db")
    'sqlite:///croupier.db'
    """
    scheme, separator, rest = url.partition("://")
    if separator and scheme.lower() in _POSTGRES_SCHEMES:
        return f"postgresql+psycopg://{rest}"
    return url


def _reason(error: SQLAlchemyError) -> str:
    """The first line of what the database (or its driver) said."""
    return str(getattr(error, "orig", None) or error).splitlines()[0]


def _cannot_open(url: str, reason: object) -> Unavailable:
    """The database at `url` cannot be opened, as its library says (`reason`, in its words)."""
    said = i18n._("cannot open the database {url!r}: {reason}")
    return Unavailable(said.format(url=shown(url), reason=reason))


def open_database(url: str) -> Engine:
    """An engine on `url` (by `engine_url`); on SQLite, every connection enforces its foreign
    keys (SQLite does not unless asked). Nothing is connected to yet."""
    try:
        engine = create_engine(engine_url(url))
    except (ArgumentError, ImportError, ValueError) as error:
        raise _cannot_open(url, error) from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _enforce_foreign_keys)
        event.listen(engine, "begin", _begin)
    return engine


def _sqlite_file(url: str) -> Path | None:
    """The file an SQLite URL names (None for another database, or one in memory)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return None
    if not parsed.drivername.startswith("sqlite") or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def open_ledger(url: str) -> Engine:
    """An engine on an existing ledger at `url`, connected to once to be sure: a missing
    SQLite file is not created, and a database without the ledger's tables is refused."""
    file = _sqlite_file(url)
    if file is not None and not file.is_file():
        said = i18n._("there is no ledger at {url!r}: no file {file!r}")
        raise Unavailable(said.format(url=shown(url), file=str(file)))
    engine = open_database(url)
    try:
        with engine.connect() as connection:
            tables = set(inspect(connection).get_table_names())
    except SQLAlchemyError as error:
        engine.dispose()
        raise _cannot_open(url, _reason(error)) from None
    if not {"accounts", "transfers"} <= tables:
        engine.dispose()
        said = i18n._("{url!r} holds no ledger: it has no accounts and transfers tables")
        raise Unavailable(said.format(url=shown(url)))
    return engine


def _config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine_url(url).replace("%", "%%"))
    return config


def migrate(url: str) -> None:
    """Bring the database at `url` to the newest migration, creating its tables if they are
    not there (and, for SQLite, its file and folder); a database already there is left as
    it is. A PostgreSQL database must exist already: croupier never creates one.

    Raises `Unavailable` for a URL that `open_database` refuses, a database that cannot be
    connected to, or one that a newer croupier has migrated further than this one can."""
    open_database(url).dispose()
    file = _sqlite_file(url)
    if file is not None:
        file.parent.mkdir(parents=True, exist_ok=True)
    try:
        command.upgrade(_config(url), "head")
    except OperationalError as error:
        raise _cannot_open(url, _reason(error)) from None
    except CommandError as error:
        if not isinstance(error.__cause__, ResolutionError):
            raise
        said = i18n._(
            "{url!r} was migrated by a newer croupier, to revision {revision}, which this one "
            "does not know: serve it with that croupier, or restore a backup made before it"
        )
        raise Unavailable(said.format(url=shown(url), revision=error.__cause__.argument)) from None


def secret(engine: Engine, name: str, make: Callable[[], str]) -> str:
    """The server secret `name` (`Secret`): made by `make` the first time it is asked for,
    then kept in the database, so that every process and every restart shares it (two
    processes making it at once keep the first one stored)."""
    for _ in range(2):
        try:
            with Session(engine) as session, session.begin():
                found = session.get(Secret, name)
                if found is None:
                    found = Secret(name=name, value=make())
                    session.add(found)
                return found.value
        except IntegrityError:  # another process stored it first: read theirs
            continue
    raise RuntimeError(f"the secret {name!r} could be neither stored nor read")
