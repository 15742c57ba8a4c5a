"""Backing up a ledger's database while a server plays, and restoring one (docs/operating.md).

An SQLite database is copied with SQLite's online backup API, as of one moment, in one read
transaction (in write-ahead-log mode the server's writers carry on meanwhile); the copy is one
self-contained file, an SQLite database itself. A PostgreSQL database is copied by `pg_dump
--format=custom` and brought back by `pg_restore`, where PostgreSQL's client programs are
installed. A restore goes into a database with no tables in it, unless told to replace one.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import inspect
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import SQLAlchemyError

from croupier import i18n
from croupier.errors import InvalidInput
from croupier.server.database import Unavailable, open_database, open_ledger, shown

__all__ = ["BackupError", "Written", "backup", "restore"]

_SQLITE_HEADER = b"SQLite format 3\x00"
_PG_DUMP_HEADER = b"PGDMP"
_LEDGER = ("accounts", "transfers")


class BackupError(InvalidInput):
    """A backup or a restore that cannot be made: a file that cannot be written or is no
    backup, a database that is not empty, a client program that is not installed."""


@dataclass(frozen=True, slots=True)
class Written:
    """What a backup or a restore wrote: the file or database, its size in bytes (for a
    file), and for SQLite the tables, rows and ledger accounts it holds."""

    size: int | None = None
    tables: int | None = None
    rows: int | None = None
    accounts: int | None = None


def _kind(url: str) -> str:
    """`"sqlite"` or `"postgresql"`: the database `url` names, or `BackupError`."""
    engine = open_database(url)  # an unknown scheme is `Unavailable`
    kind = engine.dialect.name
    engine.dispose()
    if kind not in ("sqlite", "postgresql"):
        said = i18n._("croupier backs up and restores SQLite and PostgreSQL only, not {url!r}")
        raise BackupError(said.format(url=shown(url)))
    return kind


def _sqlite_path(url: str) -> Path:
    database = make_url(url).database
    if database in (None, "", ":memory:"):
        said = i18n._("{url!r} is a database in memory: there is nothing to back up or restore")
        raise BackupError(said.format(url=shown(url)))
    return Path(str(database))


def _libpq(url: str) -> tuple[str, dict[str, str]]:
    """`url` as PostgreSQL's programs take it, without its password, and the environment
    that gives them the password (never on a command line, which others may read)."""
    parsed: URL = make_url(url)
    environment = dict(os.environ)
    if parsed.password is not None:
        environment["PGPASSWORD"] = str(parsed.password)
    plain = parsed.set(drivername="postgresql", password=None)
    return plain.render_as_string(hide_password=False), environment


def _program(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        said = i18n._(
            "{program} is not installed: install PostgreSQL's client programs "
            "(on Debian, the postgresql-client package) to back up or restore PostgreSQL"
        )
        raise BackupError(said.format(program=name))
    return found


def _run(command: list[str], environment: dict[str, str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=False)
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines() or [f"exit {done.returncode}"]
        said = i18n._("{program} failed: {reason}")
        raise BackupError(said.format(program=Path(command[0]).name, reason=lines[0]))


def _cannot_write(file: Path, reason: object) -> BackupError:
    said = i18n._("cannot write {file!r}: {reason}")
    return BackupError(said.format(file=str(file), reason=reason))


@contextlib.contextmanager
def _written_whole(file: Path) -> Iterator[Path]:
    """A new file in `file`'s folder to write, which becomes `file` only once it is written
    whole (no half backup is ever left under its name)."""
    if file.is_dir():
        said = i18n._("{file!r} is a folder: name a file to write the backup to")
        raise BackupError(said.format(file=str(file)))
    try:
        handle, name = tempfile.mkstemp(prefix=f".{file.name}.", dir=file.parent or ".")
    except OSError as error:
        raise _cannot_write(file, error.strerror) from None
    os.close(handle)
    partial = Path(name)
    try:
        yield partial
        os.replace(partial, file)
    except OSError as error:
        raise _cannot_write(file, error.strerror) from None
    finally:
        partial.unlink(missing_ok=True)


def _counted(connection: sqlite3.Connection) -> Written:
    """The tables, rows and ledger accounts of an SQLite database."""
    tables = [
        name
        for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    rows = sum(
        connection.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] for name in tables
    )
    accounts = connection.execute("SELECT count(*) FROM accounts").fetchone()[0]
    return Written(tables=len(tables), rows=rows, accounts=accounts)


def _copy(source: sqlite3.Connection, target: sqlite3.Connection) -> None:
    """Copy `source` into `target` as of one moment, all in one step: SQLite's online backup
    API, which reads in one transaction (a step at a time would start over each time a
    writer commits), then leave `target` one file with no write-ahead log beside it."""
    source.backup(target)
    target.execute("PRAGMA journal_mode = DELETE")


def backup(url: str, file: Path) -> Written:
    """Write a consistent copy of the ledger at `url` to `file` (replaced whole once it is
    written, never left half written).

    Raises `Unavailable` for a database that is no ledger, `BackupError` for a file that
    cannot be written or a PostgreSQL without `pg_dump`."""
    kind = _kind(url)
    open_ledger(url).dispose()  # a ledger, there: nothing else is backed up
    if kind == "postgresql":
        pg_dump = _program("pg_dump")
        address, environment = _libpq(url)
        with _written_whole(file) as partial:
            command = [pg_dump, "--format=custom", "--file", str(partial), "--dbname", address]
            _run(command, environment)
        return Written(size=file.stat().st_size)
    with _written_whole(file) as partial:
        try:
            with (
                contextlib.closing(sqlite3.connect(_sqlite_path(url), timeout=30)) as source,
                contextlib.closing(sqlite3.connect(partial)) as target,
            ):
                _copy(source, target)
                counted = _counted(target)
        except sqlite3.Error as error:
            said = i18n._("cannot back up {url!r}: {reason}")
            raise BackupError(said.format(url=shown(url), reason=error)) from None
    return Written(file.stat().st_size, counted.tables, counted.rows, counted.accounts)


def _backup_kind(file: Path) -> str:
    """`"sqlite"` or `"postgresql"`: what `file` is a backup of, or `BackupError`."""
    if file.is_dir():
        said = i18n._("{file!r} is a folder, not a backup")
        raise BackupError(said.format(file=str(file)))
    try:
        with file.open("rb") as opened:
            header = opened.read(len(_SQLITE_HEADER))
    except FileNotFoundError:
        raise BackupError(i18n._("there is no backup {file!r}").format(file=str(file))) from None
    except OSError as error:
        said = i18n._("cannot read {file!r}: {reason}")
        raise BackupError(said.format(file=str(file), reason=error.strerror)) from None
    if header == _SQLITE_HEADER:
        return "sqlite"
    if header.startswith(_PG_DUMP_HEADER):
        return "postgresql"
    said = i18n._("{file!r} is not a backup croupier wrote")
    raise BackupError(said.format(file=str(file)))


def _not_a_ledger(file: Path) -> BackupError:
    said = i18n._("{file!r} is not a backup of a ledger: it has no accounts and transfers tables")
    return BackupError(said.format(file=str(file)))


def _tables(url: str) -> set[str]:
    """The tables of the database at `url` (none, for an SQLite file not there yet)."""
    engine = open_database(url)
    try:
        with engine.connect() as connection:
            return set(inspect(connection).get_table_names())
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        said = i18n._("cannot open the database {url!r}: {reason}")
        raise Unavailable(said.format(url=shown(url), reason=reason)) from None
    finally:
        engine.dispose()


def restore(file: Path, url: str, replace: bool = False) -> Written:
    """Bring the backup `file` back into the database at `url`, which must have no tables
    unless `replace` (then what it holds is replaced whole).

    Raises `BackupError` for a file that is no backup of a ledger, one of the other kind of
    database, a database that is not empty, or a PostgreSQL without `pg_restore`;
    `Unavailable` for a database that cannot be opened."""
    made = _backup_kind(file)
    kind = _kind(url)
    if made != kind:
        said = i18n._(
            "{file!r} was backed up from {made}: restore it into a database of that kind, "
            "not {url!r}"
        )
        called = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}[made]
        raise BackupError(said.format(file=str(file), made=called, url=shown(url)))
    if kind == "postgresql":
        return _restore_postgresql(file, url, replace)
    return _restore_sqlite(file, url, replace)


def _refuse_to_overwrite(url: str, replace: bool) -> None:
    if _tables(url) and not replace:
        said = i18n._(
            "{url!r} already has tables: restore into a new database, or give --replace "
            "to overwrite what it holds"
        )
        raise BackupError(said.format(url=shown(url)))


def _restore_postgresql(file: Path, url: str, replace: bool) -> Written:
    pg_restore = _program("pg_restore")
    listed = subprocess.run(
        [pg_restore, "--list", str(file)], capture_output=True, text=True, check=False
    )
    tables = {line.split()[-2] for line in listed.stdout.splitlines() if " TABLE " in line}
    if listed.returncode != 0 or not set(_LEDGER) <= tables:
        raise _not_a_ledger(file)
    _refuse_to_overwrite(url, replace)
    address, environment = _libpq(url)
    command = [pg_restore, "--no-owner", "--exit-on-error", "--single-transaction"]
    if replace:
        command += ["--clean", "--if-exists"]
    _run([*command, "--dbname", address, str(file)], environment)
    return Written()


def _restore_sqlite(file: Path, url: str, replace: bool) -> Written:
    path = _sqlite_path(url)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _cannot_write(path, error.strerror) from None
    try:
        with (
            contextlib.closing(
                sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)
            ) as source,
        ):
            found = {name for (name,) in source.execute("SELECT name FROM sqlite_master")}
            if not set(_LEDGER) <= found:
                raise _not_a_ledger(file)
            _refuse_to_overwrite(url, replace)
            with contextlib.closing(sqlite3.connect(path, timeout=30)) as target:
                _copy(source, target)
                target.execute("PRAGMA journal_mode = WAL")  # as croupier keeps its ledger
                counted = _counted(target)
    except sqlite3.Error as error:
        said = i18n._("cannot restore {file!r} into {url!r}: {reason}")
        raise BackupError(said.format(file=str(file), url=shown(url), reason=error)) from None
    return Written(path.stat().st_size, counted.tables, counted.rows, counted.accounts)
