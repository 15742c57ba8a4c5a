"""The club's operator at a running server (issue 43, `croupier.server.admin`): a disabled
person cannot log in and their table connection is closed at once; a table the operator
asks to close is closed by the process that runs it, or by the next to take it up, every
seat cashed out."""

from __future__ import annotations

import time

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from starlette.testclient import TestClient
from typer.testing import CliRunner

import croupier.server.app
from croupier.cli import app
from croupier.server import admin
from croupier.server._protocol import ENDED
from croupier.server.app import create_app
from croupier.server.audit import audit
from croupier.server.database import MIGRATIONS, engine_url, migrate, open_database
from croupier.server.ledger import open_account, transfer
from croupier.server.people import STARTING_GRANT
from croupier.server.schema import Account, AccountKind, Cause
from croupier.server.schema import Person as PersonRecord
from croupier.server.tables import closed_table, table_chips
from tests.server.players import (
    PASSWORD,
    Person,
    Reader,
    chips_back,
    house_box,
    in_transaction,
    open_table,
    sit_down,
)

runner = CliRunner()


def _until_closed(url: str, table: int) -> None:
    engine = open_database(url)
    deadline = time.monotonic() + 60
    try:
        while closed_table(engine, table) is None:
            assert time.monotonic() < deadline, f"table {table} did not close"
            time.sleep(0.05)
    finally:
        engine.dispose()


def _chips(url: str, name: str) -> int:
    def held(session: Session) -> int:
        person = session.query(PersonRecord).filter_by(name=name).one()
        return session.get_one(Account, person.account_id).balance

    return int(in_transaction(url, held))


def test_a_disabled_person_cannot_log_in_and_their_table_connection_closes(
    database_url, monkeypatch
):
    monkeypatch.setattr(croupier.server.app, "SESSION_CHECK", 0.2)
    with TestClient(create_app(database_url, seed=3)) as server:
        ada = Person(server, "ada")
        table = open_table(ada, "punto-banco", 1)
        with ada.connect(table) as socket:
            reader = Reader(socket, ada.heard)
            reader.until(lambda m: m["type"] == "view")
            ended = in_transaction(
                database_url, lambda session: admin.disable(session, "op", "ada", "abuse")
            )
            assert ended == 1
            while reader.messages.get(timeout=20) is not None:
                pass
            assert reader.ended is not None
            assert getattr(reader.ended, "code", None) == ENDED
        refused = server.post("/api/login", json={"name": "ada", "password": PASSWORD})
        assert (refused.status_code, refused.json()) == (
            401,
            {"error": "this account is disabled: ask the club's operator"},
        )
        wrong = server.post("/api/login", json={"name": "ada", "password": "not hers at all"})
        assert wrong.json() == {"error": "the name or the password is wrong"}, "says no more"
        in_transaction(database_url, lambda session: admin.enable(session, "op", "ada"))
        again = server.post("/api/login", json={"name": "ada", "password": PASSWORD})
        assert again.status_code == 200


def test_a_table_the_operator_closes_is_closed_by_the_process_that_runs_it(database_url):
    with TestClient(create_app(database_url, seed=3, lease=0.6)) as server:
        ada = Person(server, "ada")
        table = open_table(ada, "punto-banco", 1)
        with ada.connect(table) as socket:
            reader = Reader(socket, ada.heard)
            sit_down(reader, 0, 300)
            assert _chips(database_url, "ada") == STARTING_GRANT - 300
            closing = runner.invoke(
                app,
                [
                    "admin",
                    "close",
                    str(table),
                    "--reason",
                    "closing",
                    "--wait",
                    "60",
                    "--database",
                    database_url,
                ],
            )
            assert closing.exit_code == 0, closing.output
            asked, closed = closing.stdout.splitlines()
            assert asked.startswith(f"Asked table {table} to close: the server process ")
            assert closed.startswith(f"Table {table} closed at ")
    back = chips_back(database_url, table, ada.id)
    assert _chips(database_url, "ada") == STARTING_GRANT - 300 + back, "her seat cashed out"
    held_by_tables = in_transaction(
        database_url,
        lambda session: sum(row.balance for row in session.query(Account).filter_by(kind="table")),
    )
    assert held_by_tables == 0, "every seat was cashed out"
    assert audit(database_url, table_chips(house_box(database_url))) == []


def test_a_table_no_process_runs_is_closed_by_the_next_to_take_it_up(database_url):
    with TestClient(create_app(database_url, seed=3)) as server:
        ada = Person(server, "ada")
        table = open_table(ada, "banchek")
    asked = in_transaction(
        database_url, lambda session: admin.ask_close(session, "op", table, "closing")
    )
    assert asked.owner is None, "its process gave its lease up as it stopped"
    with TestClient(create_app(database_url, seed=3)):
        _until_closed(database_url, table)


def test_migrating_from_0017_keeps_the_transfers_guarded_and_back_again(empty_database_url):
    """0018 copies the transfers on SQLite to change their causes: every transfer is kept,
    still immutable, and the cause admin is taken; going back refuses while one is kept."""
    url = empty_database_url
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine_url(url))
    command.upgrade(config, "0017")
    in_transaction(
        url,
        lambda session: transfer(
            session,
            open_account(session, AccountKind.GRANT_SOURCE, "grants"),
            open_account(session, AccountKind.PERSON, "old-timer"),
            500,
            Cause.GRANT,
        ),
    )
    migrate(url)
    engine = open_database(url)
    try:
        for statement in ("UPDATE transfers SET chips = 2", "DELETE FROM transfers"):
            with engine.connect() as connection, pytest.raises(IntegrityError, match="immutable"):
                connection.execute(text(statement))
    finally:
        engine.dispose()
    in_transaction(url, lambda session: admin.create(session, "op", "ada", PASSWORD))
    in_transaction(url, lambda session: admin.give(session, "op", "ada", 5, "welcome"))
    assert audit(url) == []
    with pytest.raises(RuntimeError, match=r"transfers of cause admin are kept \(1\)"):
        command.downgrade(config, "0017")
    assert audit(url) == [], "refused before anything changed"
