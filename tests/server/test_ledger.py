"""The chip ledger (issue 15, docs/ledger.md): transfers conserve chips, the database itself
refuses a balance below zero, and the audit finds a ledger tampered with."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, inspect, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.errors import InsufficientChips, InvalidInput
from croupier.server import ledger
from croupier.server.audit import Invariant, audit
from croupier.server.database import Unavailable, migrate, open_database, open_ledger
from croupier.server.ledger import open_account, transfer
from croupier.server.schema import Account, AccountKind, Cause, Transfer


@pytest.fixture
def url(tmp_path: Path) -> str:
    address = f"sqlite:///{tmp_path / 'ledger.db'}"
    migrate(address)
    return address


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


def test_transfers_move_chips_and_conserve_them(url):
    _play(url)
    assert _balances(url) == {
        "grants": -2000,
        "house": 10,
        "table-1": 240,
        "ada": 950,
        "bea": 800,
    }
    assert sum(_balances(url).values()) == 0
    assert _transfers(url) == 6
    assert audit(url) == []


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(1, 400)), max_size=30))
def test_any_transfers_leave_the_sum_zero_and_no_balance_below_zero(tmp_path_factory, moves):
    url = f"sqlite:///{tmp_path_factory.mktemp('ledger') / 'ledger.db'}"
    migrate(url)
    engine = open_database(url)
    with Session(engine) as session, session.begin():
        source = open_account(session, AccountKind.GRANT_SOURCE, "grants")
        people = [open_account(session, AccountKind.PERSON, f"p{i}") for i in range(4)]
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
    balances = _balances(url)
    assert sum(balances.values()) == 0
    assert all(chips >= 0 for name, chips in balances.items() if name != "grants")
    assert audit(url) == []


def test_python_refuses_an_overdraft_and_changes_nothing(url):
    _play(url)
    before, count = _balances(url), _transfers(url)
    engine = open_database(url)
    with Session(engine) as session, session.begin():
        bea = open_account(session, AccountKind.PERSON, "bea")
        table = open_account(session, AccountKind.TABLE, "table-1")
        with pytest.raises(InsufficientChips, match="more than the balance=800"):
            transfer(session, bea, table, 801, Cause.BUY_IN)
    engine.dispose()
    assert (_balances(url), _transfers(url)) == (before, count)


def test_the_database_refuses_an_overdraft_that_python_let_through(url, monkeypatch):
    _play(url)
    before, count = _balances(url), _transfers(url)
    monkeypatch.setattr(ledger, "_check_cover", lambda *_: None)
    engine = open_database(url)
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
    after = _balances(url)
    assert after["bea"] == 0
    assert after["table-1"] == before["table-1"] + 800
    assert _transfers(url) == count + 1


def test_the_database_refuses_a_negative_balance_written_directly(url):
    _play(url)
    with sqlite3.connect(url.removeprefix("sqlite:///")) as raw:
        with pytest.raises(sqlite3.IntegrityError, match="balance_not_negative"):
            raw.execute("UPDATE accounts SET balance = -1 WHERE name = 'bea'")
        raw.execute("UPDATE accounts SET balance = -5 WHERE kind = 'grant-source'")  # allowed


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
            "FOREIGN KEY",
        ),
        ("UPDATE transfers SET chips = 1", "immutable"),
        ("DELETE FROM transfers", "immutable"),
    ],
)
def test_the_database_refuses_a_bad_transfer(url, statement, constraint):
    _play(url)
    engine = open_database(url)
    with engine.connect() as connection, pytest.raises(IntegrityError, match=constraint):
        connection.execute(text(statement))
    engine.dispose()


@pytest.mark.parametrize("chips", [0, -3, 2.5, True])
def test_a_transfer_is_of_whole_positive_chips(url, chips):
    engine = open_database(url)
    with Session(engine) as session, session.begin():
        source = open_account(session, AccountKind.GRANT_SOURCE, "grants")
        ada = open_account(session, AccountKind.PERSON, "ada")
        with pytest.raises(InvalidInput, match="whole number of chips"):
            transfer(session, source, ada, chips, Cause.GRANT)
    engine.dispose()
    assert _transfers(url) == 0


def _tamper(url: str, *statements: str) -> None:
    """Raw SQL past every guard the database has (as a bad restore or a hand edit would be)."""
    with sqlite3.connect(url.removeprefix("sqlite:///")) as raw:
        raw.execute("PRAGMA ignore_check_constraints = ON")
        raw.execute("DROP TRIGGER transfers_no_update")
        for statement in statements:
            raw.execute(statement)


def test_the_audit_finds_a_balance_changed(url):
    _play(url)
    _tamper(url, "UPDATE accounts SET balance = balance + 5 WHERE name = 'ada'")
    findings = audit(url)
    assert {finding.invariant for finding in findings} == {
        Invariant.SUM_IS_ZERO,
        Invariant.BALANCE_IS_TRANSFERS,
    }
    assert any("'ada'" in str(finding) and "955" in str(finding) for finding in findings)


def test_the_audit_finds_chips_moved_between_balances_without_a_transfer(url):
    _play(url)
    _tamper(
        url,
        "UPDATE accounts SET balance = balance - 50 WHERE name = 'ada'",
        "UPDATE accounts SET balance = balance + 50 WHERE name = 'bea'",
    )
    findings = audit(url)
    assert [finding.invariant for finding in findings] == [Invariant.BALANCE_IS_TRANSFERS] * 2


def test_the_audit_finds_a_balance_below_zero(url):
    _play(url)
    _tamper(
        url,
        "UPDATE accounts SET balance = balance - 1000 WHERE name = 'bea'",
        "UPDATE accounts SET balance = balance + 1000 WHERE name = 'house'",
    )
    invariants = {finding.invariant for finding in audit(url)}
    assert Invariant.BALANCE_NOT_NEGATIVE in invariants


@pytest.mark.parametrize("cause", ["''", "'bribe'"])
def test_the_audit_finds_a_transfer_without_its_cause(url, cause):
    _play(url)
    _tamper(url, f"UPDATE transfers SET cause = {cause} WHERE id = 3")
    findings = audit(url)
    assert [finding.invariant for finding in findings] == [Invariant.TRANSFER_HAS_CAUSE]
    assert "transfer 3 has no cause" in str(findings[0])


def test_the_table_hook_is_checked_only_when_given(url):
    _play(url)
    assert audit(url, table_chips=lambda _session, _account: 240) == []
    findings = audit(url, table_chips=lambda _session, _account: 239)
    assert [finding.invariant for finding in findings] == [Invariant.TABLE_IS_STATE]


def test_migrate_is_idempotent(url):
    _play(url)
    before = _balances(url)
    migrate(url)
    migrate(url)
    assert _balances(url) == before
    engine = open_ledger(url)
    with engine.connect() as connection:
        version = connection.execute(text("SELECT version_num FROM alembic_version")).scalars()
        assert list(version) == ["0002"]
        assert {"accounts", "transfers"} <= set(inspect(connection).get_table_names())
    engine.dispose()


def test_migrate_makes_the_folder_of_a_new_file(tmp_path):
    url = f"sqlite:///{tmp_path / 'new' / 'folder' / 'croupier.db'}"
    migrate(url)
    assert audit(url) == []


def test_the_models_are_the_migrations(url):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from croupier.server.schema import Base

    engine = open_database(url)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert differences == []


def test_a_database_that_is_no_ledger_is_refused(tmp_path):
    with pytest.raises(Unavailable, match="no file"):
        open_ledger(f"sqlite:///{tmp_path / 'missing.db'}")
    sqlite3.connect(tmp_path / "empty.db").close()
    with pytest.raises(Unavailable, match="holds no ledger"):
        audit(f"sqlite:///{tmp_path / 'empty.db'}")
    with pytest.raises(Unavailable, match="cannot open"):
        audit("nosuchdb://x")
