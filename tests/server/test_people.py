"""People's accounts (issue 15, docs/ledger.md): registering grants the starting chips through
the ledger, logging in refuses a wrong name and a wrong password alike, and no password is
kept anywhere."""

from __future__ import annotations

import threading

import pytest
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from argon2 import PasswordHasher
from sqlalchemy import inspect, select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from croupier.errors import InvalidInput, LogInRefused
from croupier.server import people
from croupier.server.audit import audit
from croupier.server.database import MIGRATIONS, engine_url, migrate, open_database
from croupier.server.ledger import open_account, transfer
from croupier.server.people import STARTING_GRANT, log_in, register
from croupier.server.schema import Account, AccountKind, Cause, Person

PASSWORD = "correct-horse-battery-staple-7Qx"


def _register(url: str, name: str, password: str = PASSWORD) -> None:
    engine = open_database(url)
    with Session(engine) as session, session.begin():
        register(session, name, password)
    engine.dispose()


def _log_in(url: str, name: str, password: str) -> str:
    engine = open_database(url)
    try:
        with Session(engine) as session, session.begin():
            return log_in(session, name, password).name
    finally:
        engine.dispose()


def test_register_then_log_in(database_url):
    _register(database_url, "Ada")
    assert _log_in(database_url, "Ada", PASSWORD) == "Ada"
    assert _log_in(database_url, "ada", PASSWORD) == "Ada"


def test_a_wrong_password_and_an_unknown_name_are_refused_alike(database_url):
    _register(database_url, "ada")
    with pytest.raises(LogInRefused) as wrong_password:
        _log_in(database_url, "ada", "not-the-password")
    with pytest.raises(LogInRefused) as unknown_name:
        _log_in(database_url, "bea", PASSWORD)
    assert str(wrong_password.value) == str(unknown_name.value)
    assert wrong_password.value.args == unknown_name.value.args
    assert "ada" not in str(wrong_password.value)
    assert PASSWORD not in str(unknown_name.value)


def test_the_grant_lands_in_the_ledger_and_the_audit_holds(database_url):
    for name in ("ada", "bea", "cy"):
        _register(database_url, name)
    engine = open_database(database_url)
    with Session(engine) as session:
        balances = {(a.kind, a.name): a.balance for a in session.scalars(select(Account))}
        links = {p.name: p.account_id for p in session.scalars(select(Person))}
        kinds = {
            p.name: session.get_one(Account, p.account_id).kind
            for p in session.scalars(select(Person))
        }
    engine.dispose()
    assert balances == {
        ("grant-source", "grants"): -3 * STARTING_GRANT,
        ("person", "ada"): STARTING_GRANT,
        ("person", "bea"): STARTING_GRANT,
        ("person", "cy"): STARTING_GRANT,
    }
    assert len(set(links.values())) == 3
    assert set(kinds.values()) == {"person"}
    assert audit(database_url) == []


@pytest.mark.parametrize("other", ["ada", "ADA", "Ada", "aDa"])
def test_a_taken_name_is_refused_in_any_case(database_url, other):
    _register(database_url, "Ada")
    with pytest.raises(InvalidInput, match=f"the name '{other}' is taken"):
        _register(database_url, other)
    assert audit(database_url) == []


def test_the_database_refuses_a_name_taken_in_another_case(database_url, monkeypatch):
    _register(database_url, "Ada")
    monkeypatch.setattr(people, "find", lambda *_: None)
    with pytest.raises(InvalidInput, match="'aDA' is taken"):
        _register(database_url, "aDA")
    assert audit(database_url) == []


def test_a_short_password_is_refused(database_url):
    with pytest.raises(InvalidInput, match="at least 8 characters") as refused:
        _register(database_url, "ada", "short7!")
    assert "short7!" not in str(refused.value)
    engine = open_database(database_url)
    with Session(engine) as session:
        assert list(session.scalars(select(Person))) == []
    engine.dispose()


@pytest.mark.parametrize("name", ["", "a" * 33, "ada lovelace", "ada!", "adé", 7, "n" * 10_000])
def test_a_name_that_is_not_valid_is_refused(database_url, name):
    with pytest.raises(InvalidInput, match="is not valid: 1 to 32 characters") as refused:
        _register(database_url, name)
    assert len(str(refused.value)) < 150, "a long name is quoted cut short"


def test_a_password_too_long_is_refused_unhashed_and_never_logs_in(database_url):
    with pytest.raises(InvalidInput, match="at most 1024 characters") as refused:
        _register(database_url, "ada", "p" * 20_000_000)
    assert "ppppppppp" not in str(refused.value)
    _register(database_url, "bea", "a long password")
    engine = open_database(database_url)
    with Session(engine) as session, pytest.raises(LogInRefused):
        log_in(session, "bea", "a long password" + "x" * 2000)
    engine.dispose()


@pytest.mark.parametrize(
    ("name", "refusal"),
    [
        ("", "person_name_length"),
        # PostgreSQL's VARCHAR(32) refuses it before the CHECK does
        ("a" * 33, r"person_name_length|value too long for type character varying\(32\)"),
    ],
)
def test_the_database_refuses_a_name_of_the_wrong_length(database_url, name, refusal):
    engine = open_database(database_url)
    with engine.connect() as connection, pytest.raises(DBAPIError, match=refusal):
        connection.execute(
            text(
                "INSERT INTO people (name, folded, password_hash, account_id) "
                f"VALUES ('{name}', '{name}', 'x', 1)"
            )
        )
    engine.dispose()


def test_the_hash_is_argon2id_and_the_password_is_nowhere(database_url, tmp_path):
    _register(database_url, "ada")
    assert _log_in(database_url, "ada", PASSWORD) == "ada"
    engine = open_database(database_url)
    with Session(engine) as session:
        person = session.scalars(select(Person)).one()
        assert person.password_hash.startswith("$argon2id$")
        assert PASSWORD not in repr(person)
        assert person.password_hash not in repr(person)
    with engine.connect() as connection:
        for table in inspect(connection).get_table_names():
            for row in connection.execute(text(f'SELECT * FROM "{table}"')):
                assert PASSWORD not in repr(row), table
    engine.dispose()
    for file in tmp_path.iterdir():  # an SQLite database's file, and any journal beside it
        assert PASSWORD.encode() not in file.read_bytes(), file


@pytest.fixture
def real_hashes(monkeypatch):
    """argon2's own parameters, as a server people use has them, rather than the tests'
    cheapest (`people.CHEAP_HASHES`)."""
    monkeypatch.delenv(people.CHEAP_HASHES)
    people._hasher.cache_clear()
    yield
    people._hasher.cache_clear()


def test_a_server_hashes_with_argon2s_own_parameters(real_hashes, database_url):
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():
        made = register(session, "ada", PASSWORD).password_hash
    engine.dispose()
    assert not PasswordHasher().check_needs_rehash(made)


def test_the_tests_cheap_hashes_are_still_argon2id_and_say_so(database_url, caplog):
    people._hasher.cache_clear()
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():
        made = register(session, "ada", PASSWORD).password_hash
    engine.dispose()
    assert made.startswith("$argon2id$")
    assert PasswordHasher().check_needs_rehash(made)
    assert any(people.CHEAP_HASHES in record.getMessage() for record in caplog.records)


def test_an_old_hash_is_made_again_at_log_in(real_hashes, database_url):
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():
        person = register(session, "ada", PASSWORD)
        weak = PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
        person.password_hash = weak.hash(PASSWORD)
        old = person.password_hash
    with Session(engine) as session, session.begin():
        log_in(session, "ada", PASSWORD)
    with Session(engine) as session:
        new = session.scalars(select(Person)).one().password_hash
    engine.dispose()
    assert new != old
    assert not PasswordHasher().check_needs_rehash(new)
    assert _log_in(database_url, "ada", PASSWORD) == "ada"


def test_migrating_from_0001_keeps_the_ledger_and_adds_people(empty_database_url):
    url = empty_database_url
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine_url(url))
    command.upgrade(config, "0001")
    engine = open_database(url)
    with Session(engine) as session, session.begin():
        source = open_account(session, AccountKind.GRANT_SOURCE, "grants")
        old = open_account(session, AccountKind.PERSON, "old-timer")
        transfer(session, source, old, 500, Cause.GRANT, "old-timer")
    engine.dispose()
    migrate(url)
    _register(url, "ada")
    engine = open_database(url)
    with engine.connect() as connection:
        assert list(connection.execute(text("SELECT version_num FROM alembic_version"))) == [
            (ScriptDirectory(str(MIGRATIONS)).get_current_head(),)
        ]
        balances: dict[str, int] = dict(
            connection.execute(text("SELECT name, balance FROM accounts")).all()
        )
    engine.dispose()
    assert balances == {"grants": -500 - STARTING_GRANT, "old-timer": 500, "ada": STARTING_GRANT}
    assert audit(url) == []


def test_people_registering_at_the_same_moment_all_get_their_accounts(database_url):
    engine = open_database(database_url)
    failures: list[BaseException] = []

    def one(name: str) -> None:
        try:
            with Session(engine) as session, session.begin():
                register(session, name, PASSWORD)
        except BaseException as error:  # the test says which
            failures.append(error)

    threads = [threading.Thread(target=one, args=(f"player{n}",)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    with Session(engine) as session:
        assert len(session.scalars(select(Person)).all()) == 6
    engine.dispose()
    assert audit(database_url) == []
