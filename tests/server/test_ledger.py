"""The chip ledger (issue 15, docs/ledger.md): transfers conserve chips, the database itself
refuses a balance below zero, and the audit finds a ledger tampered with."""

from __future__ import annotations

import contextlib
import re
import sqlite3
import subprocess
import sys

import pytest
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, inspect, make_url, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.errors import InsufficientChips, InvalidInput
from croupier.server import ledger
from croupier.server.audit import Invariant, audit
from croupier.server.database import (
    MIGRATIONS,
    Unavailable,
    engine_url,
    migrate,
    open_database,
    open_ledger,
    reading,
)
from croupier.server.ledger import open_account, transfer
from croupier.server.schema import Account, AccountKind, Cause, Transfer
from croupier.server.tables import open_tables, standing
from tests.server.tampering import tamper


def _play(url: str) -> None:
    """A little history: two people granted chips, one sits at a table and gets up with
    less, and the house takes its takings."""
    engine = open_database(url)
    with Session(engine) as session, session.begin():
        source = open_account(session, AccountKind.GRANT_SOURCE, "grants")
        house = open_account(session, AccountKind.HOUSE, "house")
        table = open_account(session, AccountKind.TABLE, "table-1")
        ada = open_account(session, AccountKind.PERSON, "ada")
        bea = open_account(session, AccountKind.PERSON, "bea")
        transfer(session, source, ada, 1000, Cause.GRANT, "ada")
        transfer(session, source, bea, 1000, Cause.GRANT, "bea")
        transfer(session, ada, table, 300, Cause.BUY_IN, "table-1 seat 1")
        transfer(session, bea, table, 200, Cause.BUY_IN, "table-1 seat 2")
        transfer(session, table, ada, 250, Cause.CASH_OUT, "table-1 seat 1")
        transfer(session, table, house, 10, Cause.TAKINGS, "table-1 shoe 1")
    engine.dispose()


def _balances(url: str) -> dict[str, int]:
    engine = open_database(url)
    with Session(engine) as session:
        found = {a.name: a.balance for a in session.scalars(select(Account))}
    engine.dispose()
    return found


def _transfers(url: str) -> int:
    engine = open_database(url)
    with Session(engine) as session:
        count = session.scalar(select(func.count()).select_from(Transfer)) or 0
    engine.dispose()
    return count


@pytest.mark.parametrize("empty_database_url", ["sqlite"], indirect=True)
def test_sqlite_syncs_each_commit_to_disk_before_it_returns(database_url):
    """What a power loss can lose (docs/ledger.md, Durability): nothing committed, with
    the write-ahead log synced at every commit."""
    engine = open_database(database_url)
    with engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
    engine.dispose()


@pytest.mark.parametrize("empty_database_url", ["sqlite"], indirect=True)
def test_on_sqlite_a_writer_holding_the_lock_holds_up_no_reader(database_url):
    """A process stopped in the middle of a commit keeps SQLite's write lock: the tables'
    list, a table's standing and the health's question still answer, from the last commit
    (they begin deferred), while a writer waits its turn."""
    engine = open_database(database_url)
    with engine.connect():  # the file is put in write-ahead-log mode
        pass
    writer_file = str(make_url(database_url).database)
    writer = sqlite3.connect(writer_file, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")
        assert open_tables(engine) == []
        assert standing(engine, 1) == (None, 0)
        with reading(engine).connect() as connection:
            assert connection.execute(text("SELECT 1")).scalar() == 1
        other = sqlite3.connect(writer_file, timeout=0, isolation_level=None)
        with pytest.raises(sqlite3.OperationalError, match="locked"):  # and the lock is held
            other.execute("BEGIN IMMEDIATE")
        other.close()
    finally:
        writer.close()
        engine.dispose()


def test_transfers_move_chips_and_conserve_them(database_url):
    _play(database_url)
    assert _balances(database_url) == {
        "grants": -2000,
        "house": 10,
        "table-1": 240,
        "ada": 950,
        "bea": 800,
    }
    assert sum(_balances(database_url).values()) == 0
    assert _transfers(database_url) == 6
    assert audit(database_url) == []


# the examples share the test's database on purpose: each opens its own people in it, and the
# invariants must hold of everything before it too
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(1, 400)), max_size=30))
def test_any_transfers_leave_the_sum_zero_and_no_balance_below_zero(database_url, moves):
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():
        opened = session.scalar(select(func.count()).select_from(Account))
        source = open_account(session, AccountKind.GRANT_SOURCE, "grants")
        people = [open_account(session, AccountKind.PERSON, f"p{opened}-{i}") for i in range(4)]
        for person in people:
            transfer(session, source, person, 500, Cause.GRANT)
        ids = [person.id for person in people]
    for payer, payee, chips in moves:
        with Session(engine) as session, session.begin():
            source_account = session.get_one(Account, ids[payer])
            target_account = session.get_one(Account, ids[payee])
            with contextlib.suppress(InsufficientChips, InvalidInput):
                transfer(session, source_account, target_account, chips, Cause.BUY_IN)
    engine.dispose()
    balances = _balances(database_url)
    assert sum(balances.values()) == 0
    assert all(chips >= 0 for name, chips in balances.items() if name != "grants")
    assert audit(database_url) == []


def test_python_refuses_an_overdraft_and_changes_nothing(database_url):
    _play(database_url)
    before, count = _balances(database_url), _transfers(database_url)
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():
        bea = open_account(session, AccountKind.PERSON, "bea")
        table = open_account(session, AccountKind.TABLE, "table-1")
        with pytest.raises(InsufficientChips, match="it holds 800, and 801 were asked for"):
            transfer(session, bea, table, 801, Cause.BUY_IN)
    engine.dispose()
    assert (_balances(database_url), _transfers(database_url)) == (before, count)


def test_the_database_refuses_an_overdraft_that_python_let_through(database_url, monkeypatch):
    _play(database_url)
    before, count = _balances(database_url), _transfers(database_url)
    monkeypatch.setattr(ledger, "_check_cover", lambda *_: None)
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():
        bea = open_account(session, AccountKind.PERSON, "bea")
        table = open_account(session, AccountKind.TABLE, "table-1")
        with pytest.raises(InsufficientChips, match="database refused") as refused:
            transfer(session, bea, table, 801, Cause.BUY_IN)
        assert isinstance(refused.value.__cause__, IntegrityError)
        assert "balance_not_negative" in str(refused.value.__cause__)
        # the session's transaction goes on, and a good transfer still commits
        transfer(session, bea, table, 800, Cause.BUY_IN)
    engine.dispose()
    after = _balances(database_url)
    assert after["bea"] == 0
    assert after["table-1"] == before["table-1"] + 800
    assert _transfers(database_url) == count + 1


def test_the_database_refuses_a_negative_balance_written_directly(database_url):
    _play(database_url)
    engine = open_database(database_url)
    with engine.begin() as connection, pytest.raises(IntegrityError, match="balance_not_negative"):
        connection.execute(text("UPDATE accounts SET balance = -1 WHERE name = 'bea'"))
    with engine.begin() as connection:  # the grant source's may go below zero
        connection.execute(text("UPDATE accounts SET balance = -5 WHERE kind = 'grant-source'"))
    engine.dispose()


@pytest.mark.parametrize(
    ("statement", "constraint"),
    [
        (
            "INSERT INTO transfers (source_id, target_id, chips, cause) VALUES (4, 5, 0, 'grant')",
            "chips_positive",
        ),
        (
            "INSERT INTO transfers (source_id, target_id, chips, cause) VALUES (4, 4, 1, 'grant')",
            "source_is_not_target",
        ),
        (
            "INSERT INTO transfers (source_id, target_id, chips, cause) VALUES (4, 5, 1, '')",
            "cause_known",
        ),
        (
            "INSERT INTO transfers (source_id, target_id, chips, cause) VALUES (4, 99, 1, 'grant')",
            "(?i)foreign key",
        ),
        ("UPDATE transfers SET chips = 1", "a transfer is immutable"),
        ("DELETE FROM transfers", "a transfer is immutable"),
    ],
)
def test_the_database_refuses_a_bad_transfer(database_url, statement, constraint):
    _play(database_url)
    engine = open_database(database_url)
    with engine.connect() as connection, pytest.raises(IntegrityError, match=constraint):
        connection.execute(text(statement))
    engine.dispose()
    assert _transfers(database_url) == 6


@pytest.mark.parametrize("empty_database_url", ["postgresql"], indirect=True)  # SQLite has none
def test_the_database_refuses_to_truncate_the_transfers(database_url):
    _play(database_url)
    engine = open_database(database_url)
    with engine.connect() as connection, pytest.raises(IntegrityError, match="immutable"):
        # CASCADE: a plain TRUNCATE is refused already, by the admin trail's foreign key
        connection.execute(text("TRUNCATE transfers CASCADE"))
    engine.dispose()
    assert _transfers(database_url) == 6


@pytest.mark.parametrize("chips", [0, -3, 2.5, True])
def test_a_transfer_is_of_whole_positive_chips(database_url, chips):
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():
        source = open_account(session, AccountKind.GRANT_SOURCE, "grants")
        ada = open_account(session, AccountKind.PERSON, "ada")
        with pytest.raises(InvalidInput, match="whole number of chips"):
            transfer(session, source, ada, chips, Cause.GRANT)
    engine.dispose()
    assert _transfers(database_url) == 0


def test_the_audit_finds_a_balance_changed(database_url):
    _play(database_url)
    tamper(database_url, "UPDATE accounts SET balance = balance + 5 WHERE name = 'ada'")
    findings = audit(database_url)
    assert {finding.invariant for finding in findings} == {
        Invariant.SUM_IS_ZERO,
        Invariant.BALANCE_IS_TRANSFERS,
    }
    assert any("'ada'" in str(finding) and "955" in str(finding) for finding in findings)


def test_the_audit_finds_chips_moved_between_balances_without_a_transfer(database_url):
    _play(database_url)
    tamper(
        database_url,
        "UPDATE accounts SET balance = balance - 50 WHERE name = 'ada'",
        "UPDATE accounts SET balance = balance + 50 WHERE name = 'bea'",
    )
    findings = audit(database_url)
    assert [finding.invariant for finding in findings] == [Invariant.BALANCE_IS_TRANSFERS] * 2


def test_the_audit_finds_a_balance_below_zero(database_url):
    _play(database_url)
    tamper(
        database_url,
        "UPDATE accounts SET balance = balance - 1000 WHERE name = 'bea'",
        "UPDATE accounts SET balance = balance + 1000 WHERE name = 'house'",
    )
    invariants = {finding.invariant for finding in audit(database_url)}
    assert Invariant.BALANCE_NOT_NEGATIVE in invariants


@pytest.mark.parametrize("cause", ["''", "'bribe'"])
def test_the_audit_finds_a_transfer_without_its_cause(database_url, cause):
    _play(database_url)
    tamper(database_url, f"UPDATE transfers SET cause = {cause} WHERE id = 3")
    findings = audit(database_url)
    assert [finding.invariant for finding in findings] == [Invariant.TRANSFER_HAS_CAUSE]
    assert "transfer 3 has no cause" in str(findings[0])


def test_the_table_hook_is_checked_only_when_given(database_url):
    _play(database_url)
    assert audit(database_url, table_chips=lambda _session, _account: 240) == []
    findings = audit(database_url, table_chips=lambda _session, _account: 239)
    assert [finding.invariant for finding in findings] == [Invariant.TABLE_IS_STATE]


def test_migrate_is_idempotent(database_url):
    _play(database_url)
    before = _balances(database_url)
    migrate(database_url)
    migrate(database_url)
    assert _balances(database_url) == before
    engine = open_ledger(database_url)
    with engine.connect() as connection:
        version = connection.execute(text("SELECT version_num FROM alembic_version")).scalars()
        assert list(version) == [ScriptDirectory(str(MIGRATIONS)).get_current_head()]
        assert {"accounts", "transfers"} <= set(inspect(connection).get_table_names())
    engine.dispose()


def test_a_downgrade_to_nothing_leaves_nothing_and_migrate_starts_again(database_url):
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine_url(database_url))
    command.downgrade(config, "base")
    engine = open_database(database_url)
    with engine.connect() as connection:
        assert set(inspect(connection).get_table_names()) == {"alembic_version"}
        if connection.dialect.name == "postgresql":
            functions = "SELECT count(*) FROM pg_proc WHERE proname = 'transfer_is_immutable'"
            assert connection.scalar(text(functions)) == 0
    engine.dispose()
    migrate(database_url)
    _play(database_url)
    assert audit(database_url) == []


def test_migrate_makes_the_folder_of_a_new_file(tmp_path):
    url = f"sqlite:///{tmp_path / 'new' / 'folder' / 'croupier.db'}"
    migrate(url)
    assert audit(url) == []


def test_processes_that_start_at_once_migrate_one_after_another(empty_database_url):
    # as the processes of one house do when they start together on a new database, or after
    # an upgrade: each one's migration waits for the one before it, then finds nothing to do
    ready = "from croupier.server.database import migrate; print('ready', flush=True); input(); "
    starting = [
        subprocess.Popen(
            [sys.executable, "-c", f"{ready}migrate({empty_database_url!r})"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(3)
    ]
    for process in starting:  # each one loaded, and waiting for the others
        assert process.stdout is not None and process.stdout.readline() == "ready\n"
    for process in starting:  # all at once
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    said = [process.communicate(timeout=120)[1] for process in starting]
    assert [process.returncode for process in starting] == [0, 0, 0], said
    _play(empty_database_url)
    assert audit(empty_database_url) == []


def test_a_database_a_newer_croupier_migrated_is_refused_in_one_line(database_url):
    engine = open_database(database_url)
    with engine.begin() as connection:  # as a croupier with a migration this one lacks leaves it
        connection.execute(text("UPDATE alembic_version SET version_num = '9001'"))
    engine.dispose()
    with pytest.raises(Unavailable) as refused:
        migrate(database_url)
    said = str(refused.value)
    assert "was migrated by a newer croupier, to revision 9001, which this one does not" in said
    assert "restore a backup made before it" in said and "\n" not in said


def test_the_models_are_the_migrations(database_url):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from croupier.server.schema import Base

    engine = open_database(database_url)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert differences == []


def test_a_missing_sqlite_file_is_no_ledger(tmp_path):
    with pytest.raises(Unavailable, match="no file"):
        open_ledger(f"sqlite:///{tmp_path / 'missing.db'}")
    assert not (tmp_path / "missing.db").exists()


def test_a_database_without_the_ledger_is_refused(empty_database_url):
    with pytest.raises(Unavailable, match="holds no ledger"):
        audit(empty_database_url)


def test_a_postgresql_database_that_is_not_there_is_unavailable(postgres_server):
    url = make_url(postgres_server).set(database="croupier_no_such_database")
    with pytest.raises(Unavailable, match='database "croupier_no_such_database" does not exist'):
        audit(url.render_as_string(hide_password=False))


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("nosuchdb://x", "cannot open the database 'nosuchdb://x'"),
        ("postgresql://nobody@127.0.0.1:1/x", "connection failed"),
        ("postgres://nobody:s3cret@127.0.0.1:1/x", re.escape("'postgres://nobody:***@127.0.0.1")),
    ],
)
def test_a_database_that_cannot_be_opened_is_unavailable(url, message):
    with pytest.raises(Unavailable, match=message) as refused:
        audit(url)
    assert "s3cret" not in str(refused.value)
    with pytest.raises(Unavailable, match=message):
        migrate(url)
