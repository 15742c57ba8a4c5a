"""Bounded money (docs/ledger.md, "Bounds"): every amount the server accepts has a ceiling
that its columns hold, the grant source gives no more than `MOST_CHIPS` in all, whatever
would pass a bound is refused in words (never a 500 or a 503), and the audit reads one
snapshot, exact while the tables play."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from starlette.testclient import TestClient

from croupier.engine.actions import MAX_BUY_IN
from croupier.errors import InvalidInput
from croupier.server import audit as auditing
from croupier.server.app import create_app
from croupier.server.audit import audit
from croupier.server.database import open_database
from croupier.server.ledger import GrantsSpent, open_account, transfer
from croupier.server.people import GRANT_SOURCE, STARTING_GRANT
from croupier.server.schema import MOST_CHIPS, Account, AccountKind, Cause
from croupier.server.tables import Settings, table_chips
from tests.server.players import Person, Reader, house_box, open_table


def _grants(url: str) -> int:
    engine = open_database(url)
    with Session(engine) as session:
        balance = session.scalar(
            select(Account.balance).where(Account.kind == AccountKind.GRANT_SOURCE.value)
        )
    engine.dispose()
    assert balance is not None
    return balance


def test_the_money_columns_are_64_bit(database_url):
    engine = open_database(database_url)
    with engine.connect() as connection:
        seen = inspect(connection)
        balance = {c["name"]: c["type"] for c in seen.get_columns("accounts")}["balance"]
        chips = {c["name"]: c["type"] for c in seen.get_columns("transfers")}["chips"]
    engine.dispose()
    expected = "BIGINT" if engine.dialect.name == "postgresql" else "INTEGER"  # SQLite's: 64
    assert (str(balance), str(chips)) == (expected, expected)


def test_tables_whose_bots_pass_32_bits_of_float_open_and_people_still_register(database_url):
    """The finding on PostgreSQL: 2 bots of 10^9 chips, then 1 of 147,482,648, took the
    grant source to -2^31, and from then on every registration and table with bots was
    refused 503, for everyone. Each is a plain table now, and the door stays open."""
    with TestClient(create_app(database_url)) as client:
        ada = Person(client, "ada")
        huge = {"bot_chips": MAX_BUY_IN}
        opened = ada.post("/api/tables", {"game": "punto-banco", "bots": 2, "settings": huge})
        assert opened.status_code == 201, opened.text
        rest = {"bot_chips": 147_482_648}
        again = ada.post("/api/tables", {"game": "punto-banco", "bots": 1, "settings": rest})
        assert again.status_code == 201, again.text
        Person(client, "bea")  # registers: 201
    assert _grants(database_url) == -(2 * MAX_BUY_IN + 147_482_648 + 2 * STARTING_GRANT)
    assert audit(database_url, table_chips(house_box(database_url))) == []


@pytest.mark.parametrize("chips", [MAX_BUY_IN + 1, 2**63, 0, -1, 1.5, True])
def test_a_bot_brings_at_most_what_a_seat_may(chips):
    with pytest.raises(InvalidInput, match=r"bot_chips=.* is not"):
        Settings.read({"bot_chips": chips})


def test_a_bot_s_chips_beyond_a_seat_s_are_refused_in_words(database_url):
    with TestClient(create_app(database_url)) as client:
        ada = Person(client, "ada")
        body = {"game": "punto-banco", "bots": 1, "settings": {"bot_chips": 2**63}}
        refused = ada.post("/api/tables", body)
    assert refused.status_code == 400
    assert f"a bot brings 1 to {MAX_BUY_IN} chips" in refused.json()["error"]
    assert _grants(database_url) == -STARTING_GRANT


def _spend_the_grants(url: str, leaving: int) -> None:
    """Grant all but `leaving` of what the grant source may give, to one account."""
    engine = open_database(url)
    with Session(engine) as session, session.begin():
        source = open_account(session, AccountKind.GRANT_SOURCE, GRANT_SOURCE)
        whale = open_account(session, AccountKind.PERSON, "whale")
        transfer(session, source, whale, MOST_CHIPS + source.balance - leaving, Cause.GRANT)
    engine.dispose()


def test_nobody_drives_the_grant_source_past_its_bound(database_url):
    """With 1,500 chips left to grant: one registration (1,000) goes through; the next, and
    a table whose bots the house would need 1,000 more for, are refused 409 in words, and
    nothing moves."""
    with TestClient(create_app(database_url)) as client:
        ada = Person(client, "ada")
        _spend_the_grants(database_url, 1_500)
        Person(client, "bea")
        refused = client.post("/api/register", json={"name": "cy", "password": "a long password"})
        assert refused.status_code == 409, refused.text
        assert "the house may grant at most" in refused.json()["error"]
        body = {"game": "punto-banco", "bots": 1, "settings": {"bot_chips": 1_000}}
        no_bots = ada.post("/api/tables", body)
        assert no_bots.status_code == 409, no_bots.text
        assert "500 are left: 1000 were asked for" in no_bots.json()["error"]
        assert client.get("/api/health").status_code == 200
    assert _grants(database_url) == -(MOST_CHIPS - 500)
    assert audit(database_url, table_chips(house_box(database_url))) == []


def test_python_and_the_database_each_refuse_granting_past_the_bound(database_url):
    _spend_the_grants(database_url, 10)
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():
        source = open_account(session, AccountKind.GRANT_SOURCE, GRANT_SOURCE)
        ada = open_account(session, AccountKind.PERSON, "ada")
        with pytest.raises(GrantsSpent, match="only 10 are left: 11 were asked for"):
            transfer(session, source, ada, 11, Cause.GRANT)
        transfer(session, source, ada, 10, Cause.GRANT)
    with (
        engine.begin() as connection,
        pytest.raises(IntegrityError, match="balance_within_bounds"),
    ):
        connection.execute(text("UPDATE accounts SET balance = balance - 1 WHERE name = 'grants'"))
    engine.dispose()
    assert audit(database_url) == []


@pytest.mark.parametrize("chips", [MOST_CHIPS + 1, 2**63, 2**64])
def test_a_transfer_beyond_the_most_chips_is_refused(database_url, chips):
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():
        source = open_account(session, AccountKind.GRANT_SOURCE, GRANT_SOURCE)
        ada = open_account(session, AccountKind.PERSON, "ada")
        with pytest.raises(InvalidInput, match=f"1 to {MOST_CHIPS}"):
            transfer(session, source, ada, chips, Cause.GRANT)
    engine.dispose()


def test_the_audit_reads_one_snapshot_while_transfers_commit(database_url, monkeypatch):
    """A transfer committed between the audit's reading of the balances and of the
    transfers is in neither: the audit finds nothing (it read committed data, query by
    query, before: a false finding during play on PostgreSQL)."""
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():
        source = open_account(session, AccountKind.GRANT_SOURCE, GRANT_SOURCE)
        transfer(session, source, open_account(session, AccountKind.PERSON, "ada"), 5, Cause.GRANT)
    flows = auditing._flows

    def meanwhile(session: Session) -> dict[int, int]:
        with Session(engine) as other, other.begin():
            source = open_account(other, AccountKind.GRANT_SOURCE, GRANT_SOURCE)
            ada = open_account(other, AccountKind.PERSON, "ada")
            transfer(other, source, ada, 7, Cause.GRANT)
        return flows(session)

    monkeypatch.setattr(auditing, "_flows", meanwhile)
    assert audit(database_url) == []
    monkeypatch.setattr(auditing, "_flows", flows)
    assert audit(database_url) == []
    engine.dispose()
    assert _grants(database_url) == -12


@pytest.mark.parametrize("amount", [MAX_BUY_IN + 1, 2**63, 10**30])
def test_a_buy_in_beyond_what_a_seat_may_bring_is_refused_and_moves_nothing(database_url, amount):
    with TestClient(create_app(database_url)) as client:
        ada = Person(client, "ada")
        table = open_table(ada, bots=1)
        with ada.connect(table) as socket:
            reader = Reader(socket, ada.heard)
            view = reader.until(lambda m: m["type"] == "view" and "0" in m.get("open_seats", {}))
            key = reader.send({"type": "Join", "amount": amount}, view["seq"], seat=0)
            answer = reader.until(lambda m: m.get("key") == key)
        me = ada.get("/api/me").json()
    assert answer["type"] == "refused" and answer["error"] == "stake-out-of-range"
    assert f"to {MAX_BUY_IN} chips" in answer["reason"]
    assert me["chips"] == STARTING_GRANT
