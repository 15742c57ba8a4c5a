"""`croupier backup` and `croupier restore`: a backup made while the ledger is written to
restores into a new database whose ledger audit holds, and holds what the source held; every
bad input is one line and exit 2."""

from __future__ import annotations

import itertools
import shutil
import threading
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from croupier.cli import app
from croupier.server.database import default_url, migrate, open_database
from croupier.server.people import register
from croupier.server.schema import Account, Person, StepRecord
from tests.cli.test_ledger import _fill
from tests.conftest import postgres_database

runner = CliRunner()

SQLITE_ONLY = pytest.mark.parametrize("empty_database_url", ["sqlite"], indirect=True)


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def _held(url: str) -> tuple[list[str], int, int]:
    """The people of the ledger at `url` in the order they registered, its accounts, and
    its tables' committed steps."""
    engine = open_database(url)
    try:
        with Session(engine) as session:
            people = list(session.scalars(select(Person.name).order_by(Person.id)))
            accounts = session.scalar(select(func.count()).select_from(Account)) or 0
            steps = session.scalar(select(func.count()).select_from(StepRecord)) or 0
    finally:
        engine.dispose()
    return people, accounts, steps


@SQLITE_ONLY
def test_a_backup_while_people_register_restores_a_ledger_that_holds(database_url, tmp_path):
    _fill(database_url)  # ada, seated at a Monte Bank table: its account is audited too
    engine = open_database(database_url)
    registered = threading.Semaphore(0)
    done = threading.Event()

    def write() -> None:
        for number in itertools.count():  # until the backup is over, however long it takes
            if done.is_set():
                return
            with Session(engine) as session, session.begin():
                register(session, f"p{number}", "a long password")
            registered.release()

    writer = threading.Thread(target=write)
    writer.start()
    try:
        for _ in range(3):  # the backup starts with the writer under way
            assert registered.acquire(timeout=30)
        status, out, err = _run("backup", str(tmp_path / "ledger.bak"), "--database", database_url)
        assert registered.acquire(timeout=30)  # and it writes on after the backup
    finally:
        done.set()
        writer.join()
        engine.dispose()
    assert (status, err) == (0, "")
    assert out.startswith(f"Backed up {database_url} to {tmp_path / 'ledger.bak'}: ")
    restored = f"sqlite:///{tmp_path / 'restored' / 'croupier.db'}"
    key = str(tmp_path / "croupier.key")
    status, out, err = _run(
        "restore", str(tmp_path / "ledger.bak"), "--database", restored, "--key-file", key
    )
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == f"The ledger at {restored} holds."
    people, accounts, steps = _held(restored)
    source_people, _, source_steps = _held(database_url)
    assert 1 + 3 <= len(people) < len(source_people)  # as of one moment, mid-writing
    assert people == source_people[: len(people)]
    assert f"ledger accounts: {accounts}." in out.splitlines()[0]
    assert steps == source_steps == 1


@SQLITE_ONLY
def test_a_restored_backup_holds_what_its_source_held(database_url, tmp_path):
    _fill(database_url)
    backup = tmp_path / "ledger.bak"
    assert _run("backup", str(backup), "--database", database_url)[0] == 0
    restored = f"sqlite:///{tmp_path / 'restored.db'}"
    key = str(tmp_path / "croupier.key")
    status, out, _ = _run("restore", str(backup), "--database", restored, "--key-file", key)
    assert status == 0
    assert _held(restored) == _held(database_url)
    status, out, err = _run("ledger", "audit", "--database", restored, "--key-file", key)
    assert (status, out, err) == (0, f"The ledger at {restored} holds.\n", "")


@SQLITE_ONLY
def test_a_database_with_tables_is_replaced_only_when_asked(database_url, tmp_path):
    _fill(database_url)
    backup = tmp_path / "ledger.bak"
    assert _run("backup", str(backup), "--database", database_url)[0] == 0
    other = tmp_path / "other"
    other.mkdir()
    target = f"sqlite:///{other / 'croupier.db'}"
    shutil.copyfile(tmp_path / "croupier.db", other / "croupier.db")
    engine = open_database(target)
    with Session(engine) as session, session.begin():
        register(session, "bea", "a long password")
    engine.dispose()
    status, out, err = _run("restore", str(backup), "--database", target)
    assert (status, out) == (2, "")
    assert err == (
        f"Error: '{target}' already has tables: restore into a new database, or give "
        "--replace to overwrite what it holds\n"
    )
    key = str(tmp_path / "croupier.key")
    status, out, err = _run(
        "restore", str(backup), "--database", target, "--replace", "--key-file", key
    )
    assert (status, err) == (0, "")
    assert _held(target) == _held(database_url)


def _refusals(folder: Path) -> list[tuple[list[str], str]]:
    """Each bad input, and the line it is refused with."""
    (folder / "notes.txt").write_text("not a backup\n")
    ledger = f"sqlite:///{folder / 'croupier.db'}"
    new = f"sqlite:///{folder / 'new.db'}"
    return [
        (["restore", f"{folder / 'nope.bak'}", "--database", new], "there is no backup"),
        (["restore", f"{folder}", "--database", new], "is a folder, not a backup"),
        (["restore", f"{folder / 'notes.txt'}", "--database", new], "is not a backup croupier"),
        (["restore", f"{folder / 'croupier.db'}", "--database", "foo://x"], "cannot open"),
        (["backup", f"{folder}", "--database", ledger], "is a folder: name a file"),
        (["backup", f"{folder / 'no' / 'x.bak'}", "--database", ledger], "cannot write"),
        (["backup", f"{folder / 'x.bak'}", "--database", "foo://x"], "cannot open"),
        (["backup", f"{folder / 'x.bak'}", "--database", new], "there is no ledger"),
    ]


@SQLITE_ONLY
def test_every_bad_input_is_one_line_and_exit_2(database_url, tmp_path):
    for args, said in _refusals(tmp_path):
        status, out, err = _run(*args)
        assert (status, out) == (2, ""), args
        assert err.startswith("Error: ") and said in err, (args, err)
        assert len(err.splitlines()) == 1, err
    assert not (tmp_path / "x.bak").exists()  # no half backup is left


@SQLITE_ONLY
def test_a_backup_of_one_kind_of_database_is_not_restored_into_the_other(database_url, tmp_path):
    backup = tmp_path / "ledger.bak"
    assert _run("backup", str(backup), "--database", database_url)[0] == 0
    status, _, err = _run("restore", str(backup), "--database", "postgresql://nobody@nowhere/db")
    assert status == 2
    assert "was backed up from SQLite: restore it into a database of that kind" in err


def test_the_default_database_is_backed_up(tmp_path, monkeypatch):
    monkeypatch.setenv("CROUPIER_DATA", str(tmp_path))
    migrate(default_url())
    _fill(default_url())
    status, out, err = _run("backup", str(tmp_path / "ledger.bak"))
    assert (status, err) == (0, "")
    assert "ledger accounts: 3." in out  # the grant source, ada, and the table


@pytest.mark.postgresql
@pytest.mark.parametrize("empty_database_url", ["postgresql"], indirect=True)
def test_a_postgresql_backup_restores_into_a_new_database(
    database_url, postgres_server, tmp_path, monkeypatch
):
    if shutil.which("pg_dump") is None or shutil.which("pg_restore") is None:
        pytest.skip("pg_dump and pg_restore are not installed (Debian: postgresql-client)")
    monkeypatch.setenv("CROUPIER_DATA", str(tmp_path))  # the house's key file is there
    _fill(database_url)
    backup = tmp_path / "ledger.dump"
    status, out, err = _run("backup", str(backup), "--database", database_url)
    assert (status, err) == (0, "")
    assert backup.read_bytes().startswith(b"PGDMP")
    with postgres_database(postgres_server) as restored:
        status, out, err = _run("restore", str(backup), "--database", restored)
        assert (status, err) == (0, "")
        assert out.splitlines()[-1].endswith("holds.")
        assert _held(restored) == _held(database_url)
        status, _, err = _run("restore", str(backup), "--database", restored)
        assert status == 2
        assert "already has tables" in err


def test_without_pg_dump_a_postgresql_backup_is_said_plainly(tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda _: None)
    monkeypatch.setattr("croupier.server.backup.open_ledger", lambda _: open_database("sqlite://"))
    status, out, err = _run("backup", str(tmp_path / "x.dump"), "--database", "postgresql://a@b/c")
    assert (status, out) == (2, "")
    assert err.startswith("Error: pg_dump is not installed: install PostgreSQL's client programs")
    assert len(err.splitlines()) == 1
